import { Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { LlamaStackConfigError } from '../src/config/errors';
import {
  InferenceProvider, SafetyProvider, TelemetryProvider, ToolRuntimeProvider, VectorIoProvider,
} from '../src/providers';
import { SecretRef } from '../src/secret-ref';
import { StorageBackend } from '../src/storage-backend';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    const p = (e as LlamaStackConfigError).problems;
    expect(p).toHaveLength(1);
    return `${p[0].path}: ${p[0].message} — ${p[0].fix}`;
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('InferenceProvider factories', () => {
  test.each<[string, InferenceProvider, object]>([
    ['vllm', InferenceProvider.vllm({ endpoint: 'http://v:8000/v1', apiKey: KEY }), { provider: 'vllm', endpoint: 'http://v:8000/v1', apiKey: key }],
    ['ollama', InferenceProvider.ollama({ endpoint: 'http://o:11434' }), { provider: 'ollama', endpoint: 'http://o:11434' }],
    ['openai', InferenceProvider.openai({ apiKey: KEY }), { provider: 'openai', apiKey: key }],
    ['anthropic', InferenceProvider.anthropic({ apiKey: KEY }), { provider: 'anthropic', apiKey: key }],
    ['gemini', InferenceProvider.gemini({ apiKey: KEY }), { provider: 'gemini', apiKey: key }],
    ['together', InferenceProvider.together({ apiKey: KEY }), { provider: 'together', apiKey: key }],
    ['fireworks', InferenceProvider.fireworks({ apiKey: KEY }), { provider: 'fireworks', apiKey: key }],
    ['groq', InferenceProvider.groq({ id: 'fast', apiKey: KEY }), { id: 'fast', provider: 'groq', apiKey: key }],
    ['nvidia', InferenceProvider.nvidia(), { provider: 'nvidia' }],
    ['bedrock', InferenceProvider.bedrock({ region: 'us-east-1' }), { provider: 'bedrock', settings: { region_name: 'us-east-1' } }],
    ['azure', InferenceProvider.azure({ endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY, deploymentName: 'gpt4o', apiVersion: '2024-10-21' }),
      { provider: 'azure', endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: key, settings: { deployment_name: 'gpt4o', api_version: '2024-10-21' } }],
    ['watsonx', InferenceProvider.watsonx({ apiKey: KEY, projectId: 'p1' }), { provider: 'watsonx', apiKey: key, settings: { project_id: 'p1' } }],
    ['custom', InferenceProvider.custom('cerebras', { apiKey: KEY, settings: { x: 1 } }), { provider: 'cerebras', apiKey: key, settings: { x: 1 } }],
  ])('%s', (_name, provider, spec) => {
    expect(provider.toSpec()).toEqual(spec);
    expect(provider.api).toBe('inference');
  });

  test('the id defaults to the provider type', () => {
    expect(InferenceProvider.openai({ apiKey: KEY }).id).toBe('openai');
    expect(InferenceProvider.openai({ id: 'oa', apiKey: KEY }).id).toBe('oa');
  });

  test.each<[string, () => unknown, string]>([
    ['vllm endpoint', () => InferenceProvider.vllm({} as any), 'InferenceProvider.vllm(endpoint): endpoint is required — pass endpoint: the service URL, e.g. http://<service>.<namespace>.svc:8000/v1'],
    ['openai key', () => InferenceProvider.openai({} as any), 'InferenceProvider.openai(apiKey): apiKey is required — pass apiKey: SecretRef.fromSecretName(<secret>, <key>)'],
    ['bedrock region', () => InferenceProvider.bedrock({} as any), 'InferenceProvider.bedrock(region): region is required — pass region: the AWS region, e.g. us-east-1'],
    ['azure deployment', () => InferenceProvider.azure({ endpoint: 'https://x', apiKey: KEY } as any), 'InferenceProvider.azure(deploymentName): deploymentName is required — pass deploymentName: the Azure deployment of the model'],
    ['watsonx project', () => InferenceProvider.watsonx({ apiKey: KEY } as any), 'InferenceProvider.watsonx(projectId): projectId is required — pass projectId: the watsonx.ai project id'],
    ['custom type', () => InferenceProvider.custom(''), 'InferenceProvider.custom(provider): provider type is required — name the provider type, e.g. vllm'],
  ])('%s is required', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('later changes to the caller\'s settings do not leak in', () => {
    const settings: any = { max_tokens: 4096, nested: { a: 1 } };
    const p = InferenceProvider.vllm({ endpoint: 'http://v', settings });
    settings.max_tokens = 1;
    settings.nested.a = 2;
    expect(p.toSpec().settings).toEqual({ max_tokens: 4096, nested: { a: 1 } });
  });
});

describe('other APIs', () => {
  test.each<[string, { api: string; toSpec(): object }, string, object]>([
    ['safety nvidia', SafetyProvider.nvidia({ endpoint: 'http://g:7331' }), 'safety', { provider: 'nvidia', endpoint: 'http://g:7331' }],
    ['safety bedrock', SafetyProvider.bedrock(), 'safety', { provider: 'bedrock' }],
    ['safety sambanova', SafetyProvider.sambanova({ apiKey: KEY }), 'safety', { provider: 'sambanova', apiKey: key }],
    ['safety passthrough', SafetyProvider.passthrough({ endpoint: 'http://p' }), 'safety', { provider: 'passthrough', endpoint: 'http://p' }],
    ['pgvector', VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', password: KEY }), 'vector_io',
      { provider: 'pgvector', secretRefs: { password: key }, settings: { host: 'pg', port: 5432, db: 'v', user: 'u' } }],
    ['qdrant', VectorIoProvider.qdrant({ endpoint: 'http://q:6333', apiKey: KEY }), 'vector_io', { provider: 'qdrant', endpoint: 'http://q:6333', apiKey: key }],
    ['chromadb', VectorIoProvider.chromadb({ endpoint: 'http://c:8000' }), 'vector_io', { provider: 'chromadb', endpoint: 'http://c:8000' }],
    ['weaviate', VectorIoProvider.weaviate({ endpoint: 'http://w' }), 'vector_io', { provider: 'weaviate', endpoint: 'http://w' }],
    ['milvus', VectorIoProvider.milvus({ endpoint: 'http://m:19530' }), 'vector_io', { provider: 'milvus', endpoint: 'http://m:19530' }],
    ['elasticsearch', VectorIoProvider.elasticsearch({ endpoint: 'http://e:9200' }), 'vector_io', { provider: 'elasticsearch', endpoint: 'http://e:9200' }],
    ['brave', ToolRuntimeProvider.braveSearch({ apiKey: KEY }), 'tool_runtime', { provider: 'brave-search', apiKey: key }],
    ['tavily', ToolRuntimeProvider.tavilySearch({ apiKey: KEY }), 'tool_runtime', { provider: 'tavily-search', apiKey: key }],
    ['wolfram', ToolRuntimeProvider.wolframAlpha({ apiKey: KEY }), 'tool_runtime', { provider: 'wolfram-alpha', apiKey: key }],
    ['mcp', ToolRuntimeProvider.modelContextProtocol(), 'tool_runtime', { provider: 'model-context-protocol' }],
    ['otel', TelemetryProvider.otel({ endpoint: 'http://otel:4318' }), 'telemetry', { provider: 'otel', endpoint: 'http://otel:4318' }],
    ['custom telemetry', TelemetryProvider.custom('x'), 'telemetry', { provider: 'x' }],
  ])('%s', (_name, provider, api, spec) => {
    expect(provider.api).toBe(api);
    expect(provider.toSpec()).toEqual(spec);
  });

  test('pgvector needs its password as a secret', () => {
    expect(problem(() => VectorIoProvider.pgvector({ host: 'h', db: 'd', user: 'u' } as any)))
      .toBe('VectorIoProvider.pgvector(password): password is required — pass password: SecretRef.fromSecretName(<secret>, <key>)');
  });
});

describe('SecretRef', () => {
  test('from a cdk8s-plus Secret', () => {
    const secret = new kplus.Secret(Testing.chart(), 'creds');
    expect(SecretRef.fromSecret(secret, 'token').toSpec()).toEqual({ name: secret.name, key: 'token' });
    expect(SecretRef.fromSecret(kplus.Secret.fromSecretName(Testing.chart(), 'x', 'existing'), 'k').secretName).toBe('existing');
  });
  test.each<[string, () => unknown, string]>([
    ['bad name', () => SecretRef.fromSecretName('Bad_Name', 'k'), 'SecretRef.fromSecretName(secretName): "Bad_Name" is not a valid Secret name — use lower-case letters, digits, \'-\' and \'.\' (at most 253 characters)'],
    ['bad key', () => SecretRef.fromSecretName('ok', 'a/b'), 'SecretRef.fromSecretName(key): "a/b" is not a valid Secret key — use letters, digits, \'-\', \'_\' and \'.\' (at most 253 characters)'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));
});

describe('StorageBackend', () => {
  test('sqlite, redis and postgres map to the v1alpha2 storage spec', () => {
    expect(StorageBackend.sqlite().toKvSpec()).toEqual({ type: 'sqlite' });
    expect(StorageBackend.sqlite().toSqlSpec()).toEqual({ type: 'sqlite' });
    expect(StorageBackend.redis({ endpoint: 'redis://r:6379', password: KEY }).toKvSpec()).toEqual({ type: 'redis', endpoint: 'redis://r:6379', password: key });
    expect(StorageBackend.postgres({ connectionString: KEY }).toSqlSpec()).toEqual({ type: 'postgres', connectionString: key });
  });
  test.each<[string, () => unknown, string]>([
    ['postgres as kv', () => StorageBackend.postgres({ connectionString: KEY }).toKvSpec(), 'kvStorage: postgres is not a key-value backend in the v1alpha2 API — use StorageBackend.redis(...) or StorageBackend.sqlite() for kvStorage'],
    ['redis as sql', () => StorageBackend.redis({ endpoint: 'redis://r' }).toSqlSpec(), 'sqlStorage: redis is not an SQL backend — use StorageBackend.postgres(...) or StorageBackend.sqlite() for sqlStorage'],
    ['redis without endpoint', () => StorageBackend.redis({} as any), 'StorageBackend.redis(endpoint): endpoint is required — pass endpoint: redis://<host>:6379'],
    ['postgres without secret', () => StorageBackend.postgres({} as any), 'StorageBackend.postgres(connectionString): connectionString is required — pass connectionString: SecretRef.fromSecretName(<secret>, <key>)'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));
});
