/**
 * server.ts: `server.port`, `workers`, the TLS pair and `insecure`, `tls_config.ciphers` and
 * `hsts_max_age` (OGX 1.2+, FIPS suites only, max-age ≥ 0), and `server.tenancy` (OGX 1.2+: the
 * release's TenancyConfig rules — single needs a tenant id matching [a-z0-9][a-z0-9-_]{0,127},
 * multi needs an auth provider that yields a tenant).
 */
import { parse } from 'yaml';
import { ServerAuth } from '../../src/auth/server-auth';
import { LlamaStackConfigError } from '../../src/core/errors';
import { TenancyMode } from '../../src/generate/server';
import { generateTargetConfig, TargetConfigOptions } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const STARTER: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const FIPS = ['ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-ECDSA-AES128-GCM-SHA256'];

function server(target: ServerTarget, options: TargetConfigOptions = {}, spec: LlamaStackDistributionSpec = STARTER): any {
  return parse(generateTargetConfig(spec, target, options).configYaml).server;
}

function problems(target: ServerTarget, options: TargetConfigOptions, spec: LlamaStackDistributionSpec = STARTER): string[] {
  try {
    generateTargetConfig(spec, target, options);
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('applyServer', () => {
  test('the port is the container port: 8321 by default, spec.networking.port when set; workers from spec.workload.workers', () => {
    expect(server(ServerTarget.OGX_1_1)).toEqual({ port: 8321 });
    const spec = { ...STARTER, networking: { port: 9000 }, workload: { workers: 3 } } as LlamaStackDistributionSpec;
    expect(server(ServerTarget.OGX_1_1, {}, spec)).toEqual({ port: 9000, workers: 3 });
  });

  test('serverTlsDir writes the tls.crt / tls.key pair of a kubernetes.io/tls Secret', () => {
    expect(server(ServerTarget.OGX_1_1, { serverTlsDir: '/etc/tls' })).toEqual({ port: 8321, tls_certfile: '/etc/tls/tls.crt', tls_keyfile: '/etc/tls/tls.key' });
  });

  test('strict TLS (1.2+): plain HTTP needs insecure: true unless the entrypoint passes --insecure', () => {
    expect(server(ServerTarget.OGX_1_3, { entrypointPassesInsecure: false })).toEqual({ port: 8321, insecure: true });
    expect(server(ServerTarget.OGX_1_3, { entrypointPassesInsecure: true })).toEqual({ port: 8321 });
    expect(server(ServerTarget.OGX_1_3, { entrypointPassesInsecure: false, serverTlsDir: '/tls' })).not.toHaveProperty('insecure');
    // Before 1.2 there is no strict TLS: never insecure.
    expect(server(ServerTarget.OGX_1_1, { entrypointPassesInsecure: false })).toEqual({ port: 8321 });
  });

  test('FIPS ciphers and hsts_max_age are written with a serving certificate; 0 turns HSTS off', () => {
    expect(server(ServerTarget.OGX_1_3, { serverTlsDir: '/tls', serverTls: { ciphers: FIPS, hstsMaxAgeSeconds: 0 } })).toEqual({
      port: 8321, tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key', tls_config: { ciphers: FIPS }, hsts_max_age: 0,
    });
  });

  test.each<[string, TargetConfigOptions, string[]]>([
    ['a non-FIPS suite', { serverTlsDir: '/tls', serverTls: { ciphers: ['ECDHE-RSA-CHACHA20-POLY1305', 'AES128-SHA', ...FIPS] } }, [
      "options.serverTls.ciphers: FIPS-approved ciphers required. Invalid: ['AES128-SHA', 'ECDHE-RSA-CHACHA20-POLY1305'] (OGX 1.3.0 accepts only FIPS AES-GCM suites; an image whose entrypoint passes --insecure skips the check and would serve them)",
    ]],
    ['an empty list', { serverTlsDir: '/tls', serverTls: { ciphers: [] } }, [
      "options.serverTls.ciphers: At least one cipher suite must be specified (an empty list is fatal at start-up where the release checks it, and means the TLS library's defaults where it does not)",
    ]],
    ['a negative or fractional max-age', { serverTlsDir: '/tls', serverTls: { hstsMaxAgeSeconds: 1.5 } }, [
      'options.serverTls.hstsMaxAgeSeconds: hsts_max_age must be an integer ≥ 0, not 1.5',
    ]],
    ['settings without a serving certificate', { serverTls: { ciphers: FIPS, hstsMaxAgeSeconds: 60 } }, [
      'options.serverTls.ciphers: the server TLS settings only apply when the server serves HTTPS itself',
      'options.serverTls.hstsMaxAgeSeconds: the server TLS settings only apply when the server serves HTTPS itself',
    ]],
  ])('refused on 1.3: %s', (_what, options, expected) => {
    expect(problems(ServerTarget.OGX_1_3, options)).toEqual(expected);
  });

  test('a release before 1.2 has no TLS settings', () => {
    expect(problems(ServerTarget.OGX_1_1, { serverTlsDir: '/tls', serverTls: { hstsMaxAgeSeconds: 60 } }))
      .toEqual(['options.serverTls.hstsMaxAgeSeconds: OGX 1.1.3 has no server TLS settings (tls_config, hsts_max_age are new in OGX 1.2)']);
  });
});

describe('applyTenancy', () => {
  test('single mode writes its tenant; disabled writes the mode alone', () => {
    expect(server(ServerTarget.OGX_1_3, { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'team-a_1' } }).tenancy)
      .toEqual({ mode: 'single', default_tenant_id: 'team-a_1' });
    expect(server(ServerTarget.OGX_1_3, { tenancy: { mode: TenancyMode.DISABLED } }).tenancy).toEqual({ mode: 'disabled' });
  });

  test('multi mode with a provider that yields a tenant', () => {
    const s = server(ServerTarget.OGX_1_3, { auth: ServerAuth.kubernetes({ tenantClaim: 'extra.tenant' }), tenancy: { mode: TenancyMode.MULTI } });
    expect(s.tenancy).toEqual({ mode: 'multi' });
    expect(s.auth.provider_config.tenant_claim).toBe('extra.tenant');
  });

  test.each<[string, TargetConfigOptions, string[]]>([
    ['single without a tenant', { tenancy: { mode: TenancyMode.SINGLE } },
      ["options.tenancy.defaultTenantId: default_tenant_id is required when tenancy mode is 'single'"]],
    ['an upper-case tenant id', { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'Team-A' } },
      ['options.tenancy.defaultTenantId: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "Team-A"']],
    ['a tenant id starting with -', { tenancy: { mode: TenancyMode.DISABLED, defaultTenantId: '-a' } },
      ['options.tenancy.defaultTenantId: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "-a"']],
    ['a tenant id of 129 characters', { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'a'.repeat(129) } },
      [`options.tenancy.defaultTenantId: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "${'a'.repeat(60)}…" (129 characters)`]],
    ['an unknown mode', { tenancy: { mode: 'shared' as TenancyMode } }, ['options.tenancy.mode: "shared" is not a tenancy mode']],
    ['multi with an auth provider without a tenant field', { auth: ServerAuth.kubernetes(), tenancy: { mode: TenancyMode.MULTI } },
      ["options.tenancy.mode: tenancy mode 'multi' answers 401 to every request whose tenant does not resolve from authentication, and no auth provider here yields a tenant"]],
  ])('refused: %s', (_what, options, expected) => {
    expect(problems(ServerTarget.OGX_1_3, options)).toEqual(expected);
  });

  test('a tenant id of 128 characters is the longest the release takes', () => {
    expect(server(ServerTarget.OGX_1_3, { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'a'.repeat(128) } }).tenancy.default_tenant_id).toHaveLength(128);
  });

  test('a release before 1.2 has no tenancy', () => {
    expect(problems(ServerTarget.OGX_1_1, { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'a' } }))
      .toEqual(['options.tenancy: OGX 1.1.3 has no tenancy (server.tenancy is new in OGX 1.2)']);
  });
});
