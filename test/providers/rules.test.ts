import { InferenceProvider } from '../../src/providers/inference';
import { buildProviderSpec } from '../../src/providers/rules';
import { SafetyProvider } from '../../src/providers/safety';
import { VectorIoProvider } from '../../src/providers/vector-io';
import { SecretRef } from '../../src/values/secret-ref';
import { pathMessages } from '../support/problems';
import { problem } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const PW = SecretRef.fromSecretName('db-creds', 'password');

describe('invalid options', () => {
  test.each<[string, () => unknown, string]>([
    ['endpoint without scheme', () => InferenceProvider.vllm({ endpoint: 'vllm:8000/v1' }),
      'InferenceProvider.vllm(endpoint): a string of 12 characters without a scheme:// (not shown) is not an http(s) URL — write the full URL with its scheme, e.g. http://vllm.<namespace>.svc:8000/v1'],
    ['empty endpoint', () => InferenceProvider.ollama({ endpoint: ' ' }),
      'InferenceProvider.ollama(endpoint): endpoint must be a non-empty string — pass endpoint: http://ollama.<namespace>.svc:11434/v1'],
    ['plain object as apiKey', () => InferenceProvider.openai({ apiKey: { name: 'a', key: 'b' } as any }),
      'InferenceProvider.openai(apiKey): apiKey must be a SecretRef — pass apiKey: SecretRef.fromSecretName(<secret>, <key>)'],
    ['plain object in secretRefs', () => InferenceProvider.custom('x', { secretRefs: { token: 'abc' as any } }),
      'InferenceProvider.custom(secretRefs.token): secretRefs.token must be a SecretRef — pass secretRefs.token: SecretRef.fromSecretName(<secret>, <key>)'],
    ['settings not an object', () => InferenceProvider.custom('x', { settings: 'a=b' as any }),
      'InferenceProvider.custom(settings): settings must be an object of config keys — pass settings: { <config key>: <value> }'],
    ['settings not JSON', () => InferenceProvider.custom('x', { settings: { n: NaN } }),
      'InferenceProvider.custom(settings).n: NaN is not a JSON number — use a finite number'],
    ['empty id', () => InferenceProvider.openai({ id: '', apiKey: KEY }), 'InferenceProvider.openai(id): id must be a non-empty string — pass id: <value>'],
    ['bad port', () => VectorIoProvider.pgvector({ host: 'h', password: PW, port: 0 }),
      'VectorIoProvider.pgvector(port): port must be an integer from 1 to 65535 — pass port: a port number'],
    ['empty region', () => InferenceProvider.bedrock({ region: '' }),
      'InferenceProvider.bedrock(region): region must be a non-empty string — pass region: the AWS region, e.g. us-east-1'],
    ['unknown prefix', () => SafetyProvider.custom('builtin::llama-guard'),
      'SafetyProvider.custom(provider): "builtin::llama-guard" is not a provider type — write the type without a prefix (vllm, read as remote::vllm), or with inline:: or remote:: (e.g. inline::qdrant)'],
    ['typed field and settings set one key', () => InferenceProvider.bedrock({ region: 'a', settings: { region_name: 'b' } }),
      'InferenceProvider.bedrock(settings.region_name): writes config key "region_name", which region already sets — set "region_name" in one place only'],
    ['endpoint and settings.url', () => InferenceProvider.vllm({ endpoint: 'http://v', settings: { url: 'http://w' } }),
      'InferenceProvider.vllm(settings.url): writes config key "url", which endpoint already sets — set "url" in one place only'],
    ['apiKey and secretRefs.api_key', () => InferenceProvider.custom('x', { apiKey: KEY, secretRefs: { api_key: KEY } }),
      'InferenceProvider.custom(secretRefs.api_key): writes config key "api_key", which apiKey already sets — set "api_key" in one place only'],
    ['options not an object', () => InferenceProvider.nvidia('x' as any), "InferenceProvider.nvidia(options): options must be an object — pass an object of options, e.g. { id: 'my-provider' }"],
    ['secretRefs not an object', () => InferenceProvider.custom('x', { secretRefs: [KEY] as any }),
      'InferenceProvider.custom(secretRefs): secretRefs must be an object of config keys — pass secretRefs: { <config key>: SecretRef.fromSecretName(<secret>, <key>) }'],
    ['empty secretRefs key', () => InferenceProvider.custom('x', { secretRefs: { '': KEY } }),
      'InferenceProvider.custom(secretRefs): a secretRefs key is empty — name the config key the secret is written to'],
    ['secretRefs and settings set one key', () => VectorIoProvider.pgvector({ host: 'h', password: PW, settings: { password: 'x' } }),
      'VectorIoProvider.pgvector(settings.password): writes config key "password", which password already sets — set "password" in one place only'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('an env placeholder passes as an endpoint', () => {
    expect(InferenceProvider.vllm({ endpoint: '${env.VLLM_URL}' }).toSpec().endpoint).toBe('${env.VLLM_URL}');
  });
  test('null counts as absent', () => {
    expect(InferenceProvider.custom('x', { id: null, endpoint: null, apiKey: null, settings: null } as any).toSpec()).toStrictEqual({ provider: 'x' });
  });
});

describe('buildProviderSpec', () => {
  test('the entry keeps the order id, provider, endpoint, apiKey, secretRefs, settings', () => {
    const spec = buildProviderSpec('T.f', { type: 't', settings: { size: { key: 'size_max', kind: 'count' } }, secrets: { token: 'token' } },
      { settings: { z: 1 }, size: 3, token: KEY, apiKey: KEY, endpoint: 'e', id: 'i' });
    expect(Object.keys(spec)).toEqual(['id', 'provider', 'endpoint', 'apiKey', 'secretRefs', 'settings']);
    expect(spec.settings).toStrictEqual({ size_max: 3, z: 1 });
    expect(spec.secretRefs).toStrictEqual({ token: { name: 'creds', key: 'api-key' } });
  });

  test('every problem is listed at once, in option order', () => {
    expect(pathMessages(() => buildProviderSpec('T.f', { type: 'x::y::z', required: ['apiKey'], settings: { on: { key: 'on', kind: 'boolean' } } },
      { id: 3, on: 'yes' }))).toEqual([
      'T.f(provider): "x::y::z" is not a provider type',
      'T.f(apiKey): apiKey is required',
      'T.f(id): id must be a non-empty string',
      'T.f(on): on must be true or false',
    ]);
  });

  test('a value outside the rule\'s list is refused; one inside it is written under its config key', () => {
    const rule = { type: 't', settings: { mode: { key: 'mode', values: ['sync', 'async'] } } };
    expect(buildProviderSpec('T.f', rule, { mode: 'async' }).settings).toStrictEqual({ mode: 'async' });
    expect(pathMessages(() => buildProviderSpec('T.f', rule, { mode: 'batch' }))).toEqual(['T.f(mode): "batch" is not one of sync, async']);
  });

  test('a non-http endpoint passes when the rule does not ask for a URL', () => {
    expect(buildProviderSpec('T.f', { type: 't' }, { endpoint: 'host:9200' }).endpoint).toBe('host:9200');
    expect(pathMessages(() => buildProviderSpec('T.f', { type: 't', httpEndpoint: true }, { endpoint: 'host:9200' })))
      .toEqual([expect.stringMatching(/^T\.f\(endpoint\): .* is not an http\(s\) URL$/)]);
  });

  test('settings.tls_verify beside network.tls is refused (the release ignores it)', () => {
    expect(pathMessages(() => buildProviderSpec('T.f', { type: 't', network: true },
      { network: { tls: { verify: false } }, settings: { tls_verify: true } })))
      .toEqual(['T.f(settings.tls_verify): tls_verify is the deprecated form of network.tls.verify: with network.tls set the release ignores it']);
    expect(buildProviderSpec('T.f', { type: 't', network: true }, { settings: { tls_verify: false } }).settings).toStrictEqual({ tls_verify: false });
  });

  test('a secret value never appears in a problem', () => {
    const all = pathMessages(() => buildProviderSpec('T.f', { type: 't', httpEndpoint: true }, { endpoint: 'user:s3cr3t-token@host/v1', apiKey: 's3cr3t-token' }));
    expect(all).toHaveLength(2);
    expect(all.join('\n')).not.toContain('s3cr3t');
  });
});
