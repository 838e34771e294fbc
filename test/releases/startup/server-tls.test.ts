/**
 * checkStrictTls (OGX 1.2+): the TLS gate, one file of the pair, FIPS ciphers, hsts_max_age and
 * verify_tls in auth, through the start-up model of each release (§8.2 of
 * ../shared/reference/llama-stack/startup-checks-1x.md).
 */
import { JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { FIPS_CIPHERS } from '../../../src/releases/startup/server-tls';
import { cfg, messages, run, STRICT } from '../../support/startup-run';

const OGX_1_1 = ServerTarget.OGX_1_1;

describe('§8.2 strict TLS (1.2+)', () => {
  const both = { tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key' };
  const files = { files: ['/tls/tls.crt', '/tls/tls.key'] };

  test.each(STRICT)('%s: plain HTTP without insecure is fatal when the entrypoint does not pass --insecure', (_id, target) => {
    expect(messages(run(target, cfg(), {}, { insecureFlag: false })).fatal)
      .toEqual(["server: TLS required: set tls_certfile/tls_keyfile in server config or pass '--insecure' to disable. (neither server.insecure nor the image entrypoint's --insecure is set)"]);
    expect(messages(run(target, cfg({ server: { insecure: true } }), {}, { insecureFlag: false }))).toEqual({ fatal: [], warnings: [] });
    expect(messages(run(target, cfg(), {}, { insecureFlag: true }))).toEqual({ fatal: [], warnings: [] });
    expect(messages(run(target, cfg({ server: both }), {}, { insecureFlag: false, ...files }))).toEqual({ fatal: [], warnings: [] });
  });

  test.each(STRICT)('%s: one TLS file of the pair is the TLS gate, or plain HTTP when insecure', (_id, target) => {
    const one = cfg({ server: { tls_certfile: '/tls/tls.crt' } });
    expect(messages(run(target, one, {}, { insecureFlag: false, ...files })).fatal)
      .toEqual(["server.tls_keyfile: only one of tls_certfile / tls_keyfile is set: TLS required: set tls_certfile/tls_keyfile in server config or pass '--insecure' to disable."]);
    expect(messages(run(target, one, {}, { insecureFlag: true, ...files })).fatal)
      .toEqual(['server.tls_keyfile: only one of tls_certfile / tls_keyfile is set, so the server serves plain HTTP']);
  });

  test('1.1 has no gate and no insecure key', () => {
    expect(messages(run(OGX_1_1, cfg(), {}, { insecureFlag: false }))).toEqual({ fatal: [], warnings: [] });
    expect(messages(run(OGX_1_1, cfg({ server: { insecure: true } }))).warnings).toEqual(['server.insecure: OGX 1.1.3 does not read server.insecure (it is dropped)']);
  });

  test.each(STRICT)('%s: FIPS ciphers with both TLS files and insecure off', (_id, target) => {
    const tls = (ciphers: unknown, insecure = false): string[] => {
      const server = { ...both, tls_config: { ciphers }, ...(insecure ? { insecure } : {}) };
      return messages(run(target, cfg({ server } as JsonObject), {}, { insecureFlag: false, ...files })).fatal;
    };
    expect(tls(FIPS_CIPHERS.slice(0, 2))).toEqual([]);
    expect(tls(null)).toEqual([]);
    expect(tls([])).toEqual(['server.tls_config.ciphers: At least one cipher suite must be specified.']);
    expect(tls(['AES128-SHA', 'ECDHE-RSA-AES128-GCM-SHA256'])).toEqual(["server.tls_config.ciphers: FIPS-approved ciphers required. Invalid: ['AES128-SHA']"]);
    expect(tls(['AES128-SHA'], true)).toEqual([]);
    expect(messages(run(target, cfg({ server: { hsts_max_age: -1, insecure: true } }))).fatal).toEqual(['server.hsts_max_age: hsts_max_age must be an integer ≥ 0, not -1']);
  });

  test.each(STRICT)('%s: verify_tls false in auth is fatal unless insecure', (_id, target) => {
    const auth = { provider_config: { type: 'kubernetes', verify_tls: false } };
    expect(messages(run(target, cfg({ server: { ...both, auth } }), {}, { insecureFlag: false, ...files })).fatal)
      .toEqual(["server.auth.provider_config.verify_tls: FATAL: verify_tls=False in auth provider config. TLS verification is required. Use '--insecure' to override."]);
    expect(messages(run(target, cfg({ server: { auth } }), {}, { insecureFlag: true })))
      .toEqual({ fatal: [], warnings: ['server.auth.provider_config.verify_tls: TLS verification is disabled in auth provider config (verify_tls=False): tokens are checked over an unverified connection'] });
    expect(messages(run(OGX_1_1, cfg({ server: { auth } }))).fatal).toEqual([]);
  });
});
