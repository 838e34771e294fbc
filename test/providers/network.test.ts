/**
 * The remote inference factories' `network`, `allowedModels` and `refreshModels`, and pgvector's
 * `sslMode` and `caCertificate` (src/providers/network.ts): what each becomes in the v1alpha2
 * entry, and every problem at the factory's option path.
 */
import { InferenceProvider, LlamaStackConfigError, SafetyProvider, SecretRef, VectorIoProvider } from '../../src';

function problems(make: () => unknown): string[] {
  try {
    make();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => `${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

const KEY = SecretRef.fromSecretName('vllm-gateway', 'token');

test('network, allowedModels and refreshModels on vllm: SecretRef headers become secretHeaders, the model list settings', () => {
  const p = InferenceProvider.vllm({
    endpoint: 'https://vllm.models.svc:8000/v1',
    network: {
      tls: { caCertificate: { configMapName: 'vllm-ca' }, minVersion: 'TLSv1.3', ciphers: ['ECDHE+AESGCM'], clientCertificateSecret: 'vllm-client' },
      proxy: { url: 'http://proxy.corp:3128', caCertificate: { configMapName: 'proxy-ca', key: 'root.pem' }, noProxy: ['.corp'] },
      timeouts: { connectSeconds: 5, readSeconds: 600 },
      headers: { 'X-Tenant': 'team-a', 'X-Gateway-Token': KEY },
      limits: { maxConnections: 50, maxKeepaliveConnections: 0, keepaliveExpirySeconds: 2.5 },
    },
    allowedModels: ['meta-llama/Llama-3.3-70B-Instruct'],
    refreshModels: true,
  });
  expect(p.toSpec()).toEqual({
    provider: 'vllm',
    endpoint: 'https://vllm.models.svc:8000/v1',
    settings: { allowed_models: ['meta-llama/Llama-3.3-70B-Instruct'], refresh_models: true },
    network: {
      tls: { caCertificate: { configMapName: 'vllm-ca' }, minVersion: 'TLSv1.3', ciphers: ['ECDHE+AESGCM'], clientCertificateSecret: 'vllm-client' },
      proxy: { url: 'http://proxy.corp:3128', caCertificate: { configMapName: 'proxy-ca', key: 'root.pem' }, noProxy: ['.corp'] },
      timeouts: { connectSeconds: 5, readSeconds: 600 },
      headers: { 'X-Tenant': 'team-a' },
      secretHeaders: { 'X-Gateway-Token': { name: 'vllm-gateway', key: 'token' } },
      limits: { maxConnections: 50, maxKeepaliveConnections: 0, keepaliveExpirySeconds: 2.5 },
    },
  });
});

test.each([
  ['ollama', () => InferenceProvider.ollama({ endpoint: 'http://ollama:11434/v1', network: { timeoutSeconds: 5 } })],
  ['openai', () => InferenceProvider.openai({ apiKey: KEY, network: { timeoutSeconds: 5 } })],
  ['anthropic', () => InferenceProvider.anthropic({ apiKey: KEY, network: { timeoutSeconds: 5 } })],
  ['bedrock', () => InferenceProvider.bedrock({ region: 'us-east-1', network: { timeoutSeconds: 5 } })],
  ['azure', () => InferenceProvider.azure({ endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY, network: { timeoutSeconds: 5 } })],
  ['watsonx', () => InferenceProvider.watsonx({ apiKey: KEY, projectId: 'p', network: { timeoutSeconds: 5 } })],
  ['nvidia', () => InferenceProvider.nvidia({ network: { timeoutSeconds: 5 } })],
  ['custom', () => InferenceProvider.custom('sambanova', { apiKey: KEY, network: { timeoutSeconds: 5 } })],
])('%s takes network', (_name, make) => {
  expect(make().toSpec().network).toEqual({ timeoutSeconds: 5 });
});

test('every problem of network at its option path: a plaintext credential header, header names, TLS, proxy, timeouts, limits, the model list', () => {
  expect(problems(() => InferenceProvider.vllm({
    endpoint: 'http://vllm:8000/v1',
    network: {
      tls: { verify: false, caCertificate: { configMapName: 'Bad_Name' }, minVersion: 'TLSv1.1', ciphers: [] },
      proxy: { url: 'http://p:3128', https: 'proxy:3128' },
      timeoutSeconds: 0,
      timeouts: { connectSeconds: 1 },
      headers: { 'Authorization': 'Bearer abcdefghijklmnop', 'Bad Name': 'x', 'x-tenant': 'a', 'X-Tenant': KEY, 'X-Num': 3 as any },
      limits: { maxConnections: 0, keepaliveExpirySeconds: -1 },
    },
    allowedModels: [],
    refreshModels: 'yes' as any,
  }))).toEqual([
    'InferenceProvider.vllm(network.headers["X-Num"]): a header value must be a string or a SecretRef',
    'InferenceProvider.vllm(network.headers.Authorization): header "Authorization" carries a credential in plain text (a string of 23 characters, not shown): it would be written as is into the generated config',
    'InferenceProvider.vllm(network.headers["Bad Name"]): "Bad Name" is not an HTTP header name',
    'InferenceProvider.vllm(network.headers["X-Tenant"]): header "X-Tenant" is also network.headers["x-tenant"] (header names ignore case)',
    'InferenceProvider.vllm(network.timeouts): timeoutSeconds and timeouts both set the timeout',
    'InferenceProvider.vllm(network.tls.caCertificate): a CA is of no use with verify: false',
    expect.stringMatching(/^InferenceProvider\.vllm\(network\.tls\.caCertificate\.configMapName\): "Bad_Name" is not a valid ConfigMap name/),
    'InferenceProvider.vllm(network.tls.minVersion): Unsupported value: "TLSv1.1": supported values: "TLSv1.2", "TLSv1.3"',
    'InferenceProvider.vllm(network.tls.ciphers): must have at least 1 item',
    'InferenceProvider.vllm(network.proxy.url): the release refuses url together with http or https (\'Cannot specify both\')',
    'InferenceProvider.vllm(network.proxy.https): "proxy:3128" is not an http(s) URL',
    'InferenceProvider.vllm(network.timeoutSeconds): must be greater than 0',
    'InferenceProvider.vllm(network.limits.maxConnections): must be greater than or equal to 1',
    'InferenceProvider.vllm(network.limits.keepaliveExpirySeconds): must be at least 0',
    'InferenceProvider.vllm(allowedModels): an empty allowedModels refuses every model',
    'InferenceProvider.vllm(refreshModels): refreshModels must be true or false',
  ]);
});

test('a secret never reaches a message; network and settings.network, tls and settings.tls_verify are one key twice', () => {
  const text = problems(() => InferenceProvider.openai({ apiKey: KEY, network: { headers: { 'X-Api-Key': 'sk-proj-abcdefghijklmnopqrstuvwx' } } })).join('\n');
  expect(text).toContain('header "X-Api-Key" carries a credential in plain text');
  expect(text).not.toContain('abcdefghijklmnop');
  expect(problems(() => InferenceProvider.vllm({
    endpoint: 'http://vllm:8000/v1', network: { tls: { verify: false } }, settings: { network: {}, tls_verify: true, allowed_models: ['a'] }, allowedModels: ['a'],
  }))).toEqual([
    'InferenceProvider.vllm(settings.network): writes config key "network", which network already sets',
    'InferenceProvider.vllm(settings.allowed_models): writes config key "allowed_models", which allowedModels already sets',
    'InferenceProvider.vllm(settings.tls_verify): tls_verify is the deprecated form of network.tls.verify: with network.tls set the release ignores it',
  ]);
});

test('network is the remote inference factories\' only: a safety or vector provider refuses it by name', () => {
  expect(problems(() => SafetyProvider.bedrock({ region: 'us-east-1', network: {} } as any))).toEqual([
    'SafetyProvider.bedrock(network): is not a field of its options',
  ]);
  expect(problems(() => VectorIoProvider.qdrant({ endpoint: 'http://q:6333', allowedModels: ['x'] } as any))).toEqual([
    'VectorIoProvider.qdrant(allowedModels): is not a field of its options',
  ]);
});

test('pgvector: sslMode and caCertificate become postgresTls; a bad mode or ConfigMap is reported at the option', () => {
  const password = SecretRef.fromSecretName('pg', 'password');
  expect(VectorIoProvider.pgvector({ host: 'pg', password, sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca' } }).toSpec().postgresTls)
    .toEqual({ sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca' } });
  expect(VectorIoProvider.pgvector({ host: 'pg', password }).toSpec().postgresTls).toBeUndefined();
  expect(problems(() => VectorIoProvider.pgvector({ host: 'pg', password, sslMode: 'verify', caCertificate: { configMapName: '' } }))).toEqual([
    expect.stringMatching(/^VectorIoProvider\.pgvector\(sslMode\): Unsupported value: "verify"/),
    expect.stringMatching(/^VectorIoProvider\.pgvector\(caCertificate\.configMapName\): "" is not a valid ConfigMap name/),
  ]);
});
