/**
 * A remote inference provider's `network` in the start-up model (src/releases/startup/
 * network-config.ts), as OGX validates it at start-up: NetworkConfig's parts per release
 * (`limits` from 1.3.0 only), TLSConfig's file and pair validators, ProxyConfig's URL rules, and
 * `no_proxy`, which every release reads and none applies.
 */
import { JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, ContainerEnv, StartupReport } from '../../../src/releases/startup';

function run(target: ServerTarget, network: JsonObject, files: string[] = []): StartupReport {
  const config: JsonObject = {
    distro_name: 'x',
    providers: { inference: [{ provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1', network } }] },
  };
  const container = { files, insecureFlag: true };
  return checkStartup(config, target._release, new Map() as ContainerEnv, { requiredWhenEnabled: target._data.requiredExtras, container });
}

const AT = 'providers.inference[0].config.network';
const messages = (r: StartupReport) => ({ fatal: r.fatal.map((f) => `${f.path}: ${f.message}`), warnings: r.warnings.map((f) => `${f.path}: ${f.message}`) });
const CLEAN = { fatal: [], warnings: [] };
const ALL = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

describe.each(ALL.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('a full network with mounted files starts cleanly', () => {
    const files = ['/etc/p/ca/ca.crt', '/etc/p/client/tls.crt', '/etc/p/client/tls.key', '/etc/p/proxy-ca/ca.crt'];
    expect(messages(run(target, {
      tls: { verify: '/etc/p/ca/ca.crt', min_version: 'TLSv1.3', ciphers: ['ECDHE+AESGCM'], client_cert: '/etc/p/client/tls.crt', client_key: '/etc/p/client/tls.key' },
      proxy: { url: 'http://proxy.corp:3128', cacert: '/etc/p/proxy-ca/ca.crt' },
      timeout: { connect: 5, read: 120 },
      headers: { 'X-Tenant': 'a', 'X-Api-Key': 'k' },
    }, files))).toEqual(CLEAN);
    expect(messages(run(target, { timeout: 30 }))).toEqual(CLEAN);
  });

  test('files that are not in the container, a lone client_cert, a bad min_version are fatal', () => {
    expect(messages(run(target, { tls: { client_cert: '/etc/p/client/tls.crt', min_version: 'TLSv1.1' } }))).toEqual({
      fatal: [
        `${AT}.tls.min_version: remote::vllm rejects network.tls.min_version: a string where the field takes one of TLSv1.2, TLSv1.3 or null (Literal['TLSv1.2', 'TLSv1.3'] | None)`,
        `${AT}.tls.client_cert: remote::vllm rejects network.tls.client_cert: the client certificate "/etc/p/client/tls.crt" does not exist in the container`,
        `${AT}.tls.client_key: remote::vllm rejects tls: Both client_cert and client_key must be provided together for mTLS`,
      ],
      warnings: [],
    });
  });

  test('a proxy with url and https, a proxy URL that is no URL, a missing proxy CA are fatal; no_proxy is a warning: never applied', () => {
    const r = messages(run(target, { proxy: { url: 'http://proxy:3128', https: 'proxy:3128', cacert: '/nope', no_proxy: ['.svc'] } }));
    expect(r.fatal).toEqual([
      `${AT}.proxy.https: remote::vllm rejects network.proxy.https: a string where the field takes an http(s) URL or null (HttpUrl | None)`,
      `${AT}.proxy.url: remote::vllm rejects proxy: Cannot specify both 'url' and 'http'/'https' proxy settings`,
      `${AT}.proxy.cacert: remote::vllm rejects network.proxy.cacert: the proxy CA file "/nope" does not exist in the container`,
    ]);
    expect(r.warnings).toEqual([
      `${AT}.proxy.no_proxy: remote::vllm in ${target._release.description} reads proxy.no_proxy but never applies it: the proxy takes every http:// and https:// URL`,
    ]);
  });

  test('a header that is not a string, a timeout that is not seconds, an unknown key', () => {
    expect(messages(run(target, { headers: { 'X-Id': 7 }, timeout: 'soon', retries: 3 }))).toEqual({
      fatal: [
        `${AT}.headers.X-Id: remote::vllm rejects network.headers.X-Id: the number 7 where the field takes a str (str)`,
        `${AT}.timeout: remote::vllm rejects network.timeout: "soon" where the field takes seconds (a number) or {connect, read}`,
      ],
      warnings: [`${AT}.retries: remote::vllm has no network.retries in ${target._release.description} (it is ignored)`],
    });
  });
});

test('limits: OGX 1.3 reads them (with their bounds); 1.2 and older ignore them', () => {
  const limits = { max_connections: 10, max_keepalive_connections: 0, keepalive_expiry: 2.5 };
  expect(messages(run(ServerTarget.OGX_1_3, { limits }))).toEqual(CLEAN);
  expect(messages(run(ServerTarget.OGX_1_3, { limits: { max_connections: 0, keepalive_expiry: 'x' } })).fatal).toEqual([
    `${AT}.limits.keepalive_expiry: remote::vllm rejects network.limits.keepalive_expiry: a string where the field takes a float or null (float | None)`,
    `${AT}.limits.max_connections: remote::vllm rejects network.limits.max_connections: 0 (Input should be greater than or equal to 1)`,
  ]);
  for (const target of [ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7]) {
    expect(messages(run(target, { limits: { max_connections: 10 } }))).toEqual({
      fatal: [], warnings: [`${AT}.limits: remote::vllm has no network.limits in ${target._release.description} (it is ignored)`],
    });
  }
});
