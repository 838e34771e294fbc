/**
 * A provider's `network` and pgvector's `postgresTls` written for a server line
 * (src/generate/provider-network.ts): config.yaml names the files where the pod mounts them and
 * Secret-backed headers as `${env.X}`; a part the release does not read is refused with the
 * release and the target that has it; the pod-wide env providers share is checked; a model
 * outside its provider's `allowed_models` is an error.
 */
import * as YAML from 'yaml';
import {
  ConfigGenerator, LlamaStackConfigError, LlamaStackDistributionSpec, ProviderConfig, ServerTarget, TargetConfigGenerator,
} from '../../src';

const VLLM: ProviderConfig = {
  id: 'vllm',
  provider: 'vllm',
  endpoint: 'https://vllm.models.svc.cluster.local:8000/v1',
  network: {
    tls: { caCertificate: { configMapName: 'vllm-ca' }, minVersion: 'TLSv1.2', clientCertificateSecret: 'vllm-client' },
    proxy: { https: 'http://proxy.corp:3128', caCertificate: { configMapName: 'proxy-ca' }, noProxy: ['.corp.example.com'] },
    timeouts: { connectSeconds: 5, readSeconds: 600 },
    headers: { 'X-Tenant': 'team-a' },
    secretHeaders: { 'X-Gateway-Token': { name: 'vllm-gateway', key: 'token' } },
  },
};

function spec(extra: Partial<LlamaStackDistributionSpec> = {}, vllm: ProviderConfig = VLLM): LlamaStackDistributionSpec {
  return { distribution: { name: 'starter' }, providers: { inference: [vllm] }, resources: { models: [{ name: 'm', provider: 'vllm' }] }, ...extra };
}

function problems(make: () => unknown): string[] {
  try {
    make();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
    throw e;
  }
  return [];
}

const ALL = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

test.each(ALL.map((t) => [t.id, t] as const))('%s: network in the release\'s keys, files at the pod\'s paths, the secret header as an env var; no warning', (_id, target) => {
  const out = TargetConfigGenerator.generate(spec(), target);
  expect(out.warnings).toEqual([]);
  const vllm = YAML.parse(out.configYaml).providers.inference.find((p: any) => p.provider_id === 'vllm');
  expect(vllm.config.network).toEqual({
    tls: {
      verify: '/etc/provider-network/inference-0/ca/ca.crt',
      min_version: 'TLSv1.2',
      client_cert: '/etc/provider-network/inference-0/client/tls.crt',
      client_key: '/etc/provider-network/inference-0/client/tls.key',
    },
    proxy: { https: 'http://proxy.corp:3128', cacert: '/etc/provider-network/inference-0/proxy-ca/ca.crt' },
    timeout: { connect: 5, read: 600 },
    headers: { 'X-Tenant': 'team-a', 'X-Gateway-Token': '${env.LLSD_VLLM_HEADER_X_GATEWAY_TOKEN}' },
  });
  expect(out.envVars).toContainEqual({ name: 'LLSD_VLLM_HEADER_X_GATEWAY_TOKEN', valueFrom: { secretKeyRef: { name: 'vllm-gateway', key: 'token' } } });
});

test('limits: OGX 1.3 writes them; an older release is refused by name, with the target that reads them', () => {
  const withLimits = { ...VLLM, network: { limits: { maxConnections: 10, keepaliveExpirySeconds: 1.5 } } };
  const out = TargetConfigGenerator.generate(spec({}, withLimits), ServerTarget.OGX_1_3);
  expect(YAML.parse(out.configYaml).providers.inference.find((p: any) => p.provider_id === 'vllm').config.network)
    .toEqual({ limits: { max_connections: 10, keepalive_expiry: 1.5 } });
  expect(problems(() => TargetConfigGenerator.generate(spec({}, withLimits), ServerTarget.OGX_1_2))).toEqual([
    'spec.providers.inference[0].network.limits: remote::vllm on OGX 1.2.2 has no network.limits (the release would ignore it) — use ServerTarget.OGX_1_3 (network.limits is in that release), or remove limits',
  ]);
});

test('network on a provider without an HTTP client (inline) is refused', () => {
  const inline: ProviderConfig = { id: 'st', provider: 'inline::sentence-transformers', network: { timeoutSeconds: 5 } };
  expect(problems(() => TargetConfigGenerator.generate({ distribution: { name: 'starter' }, providers: { inference: [VLLM, inline] } }, ServerTarget.OGX_1_3))).toEqual([
    'spec.providers.inference[1].network: inline::sentence-transformers has no network settings in OGX 1.3.0 — remove network (only remote inference providers have an HTTP client to configure)',
  ]);
});

test('a model registered on a provider whose allowed_models leave it out is an error (the server would refuse every request to it)', () => {
  const allowing = { ...VLLM, network: undefined, settings: { allowed_models: ['m'] } };
  expect(TargetConfigGenerator.generate(spec({}, allowing), ServerTarget.OGX_1_3).warnings).toEqual([]);
  expect(problems(() => TargetConfigGenerator.generate(spec({ resources: { models: [{ name: 'm', provider: 'vllm' }, { name: 'other', provider: 'vllm', providerModelId: 'org/other' }] } }, allowing), ServerTarget.OGX_1_3))).toEqual([
    'spec.resources.models[1]: model "other" (provider model id "org/other") is not in the allowed_models of provider "vllm": OGX 1.3.0 registers it, then refuses every request to it ("not in the allowed models list") and leaves it out of the provider\'s model list — add "org/other" to allowedModels of provider vllm, or register the model on another provider',
  ]);
});

describe('what providers share through the pod\'s env', () => {
  const pgvector = (host: string, tls: ProviderConfig['postgresTls']): ProviderConfig => ({
    id: 'pgvector', provider: 'pgvector', settings: { host }, secretRefs: { password: { name: 'pg', key: 'password' } }, postgresTls: tls,
  });
  const sql = (host: string, tuning?: object) => ({ storage: { sql: { type: 'postgres', host, user: 'u', password: { name: 'db', key: 'password' }, ...(tuning ? { tuning } : {}) } } });
  const run = (s: LlamaStackDistributionSpec) => problems(() => TargetConfigGenerator.generate(s, ServerTarget.OGX_1_3));

  test('pgvector alone, or agreeing with the SQL store, or on the same server as a SQL store that sets none: fine', () => {
    const tls = { sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca' } };
    expect(run(spec({ providers: { inference: [VLLM], vectorIo: [pgvector('pg.data.svc', tls)] } }))).toEqual([]);
    expect(run(spec({ providers: { inference: [VLLM], vectorIo: [pgvector('pg.data.svc', tls)] }, ...sql('db.data.svc', tls) }))).toEqual([]);
    expect(run(spec({ providers: { inference: [VLLM], vectorIo: [pgvector('pg.data.svc', tls)] }, ...sql('pg.data.svc') }))).toEqual([]);
  });

  test('pgvector and the SQL store disagreeing, or pgvector\'s TLS reaching another server\'s SQL store, are errors', () => {
    expect(run(spec({ providers: { inference: [VLLM], vectorIo: [pgvector('pg.data.svc', { sslMode: 'verify-full' })] }, ...sql('db.data.svc', { sslMode: 'require' }) }))).toEqual([
      'spec.providers.vectorIo[0].postgresTls.sslMode: the pod has one PGSSLMODE, and the SQL store sets another sslMode (pgvector has no TLS keys: its driver and the SQL store\'s read the same env) — set the same sslMode on the SQL store (StorageBackend.postgres) and on pgvector, or keep both databases on one server',
    ]);
    expect(run(spec({ providers: { inference: [VLLM], vectorIo: [pgvector('pg.data.svc', { caCertificate: { configMapName: 'pg-ca' } })] }, ...sql('db.data.svc') }))).toEqual([
      'spec.providers.vectorIo[0].postgresTls.caCertificate: the pod\'s PGSSLROOTCERT would apply to the SQL store\'s Postgres at "db.data.svc" too (pgvector has no TLS keys: its driver and the SQL store\'s read the same env) — set the same caCertificate on the SQL store (StorageBackend.postgres) and on pgvector, or keep both databases on one server',
    ]);
  });

  test('one proxy keeping the cluster\'s domains on it and another keeping them off is an error: the pod has one NO_PROXY', () => {
    const on = { ...VLLM, network: { proxy: { url: 'http://p:3128' } } };
    const off: ProviderConfig = { id: 'openai', provider: 'openai', apiKey: { name: 'o', key: 'k' }, network: { proxy: { url: 'http://p:3128', noProxyClusterDomains: false } } };
    expect(run(spec({ providers: { inference: [on, off] } }))).toEqual([
      'spec.providers.inference[1].network.proxy.noProxyClusterDomains: the pod has one NO_PROXY, and spec.providers.inference[0].network.proxy keeps the cluster\'s domains (.svc, .cluster.local) in it — set noProxyClusterDomains the same on every proxy',
    ]);
  });
});

test('the v1alpha2 spec check: plaintext credential headers, postgresTls off pgvector; the operator pipeline refuses both extensions', () => {
  const bad: ProviderConfig = { ...VLLM, network: { headers: { Authorization: 'Bearer abcdefghijklmnopqrstu' } }, postgresTls: { sslMode: 'require' } };
  expect(problems(() => TargetConfigGenerator.generate(spec({}, bad), ServerTarget.OGX_1_3))).toEqual([
    'spec.providers.inference[0].postgresTls: postgresTls is for pgvector, not "vllm" — remove postgresTls',
    'spec.providers.inference[0].network.headers.Authorization: header "Authorization" carries a credential in plain text (a string of 28 characters, not shown): it would be written as is into the generated config — put it in a Secret: headers: { "Authorization": SecretRef.fromSecretName(<secret>, <key>) } (secretHeaders in a v1alpha2 spec)',
  ]);
  expect(problems(() => ConfigGenerator.generate(spec()))).toEqual([
    'spec.providers.inference[0].network: the operator pipeline writes no provider network (it mounts no CA or client certificate for a provider) — remove network, or use a server target',
  ]);
});
