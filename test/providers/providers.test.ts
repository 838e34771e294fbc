import { LlamaStackConfigError } from '../../src/core/errors';
import { ConfigGenerator } from '../../src/generate/operator/config-generator';
import {
  InferenceProvider, Provider, SafetyProvider, TelemetryProvider, ToolRuntimeProvider, VectorIoProvider,
} from '../../src/providers';
import { ProviderConfig } from '../../src/spec/spec';
import { SecretRef } from '../../src/values/secret-ref';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const PW = SecretRef.fromSecretName('db-creds', 'password');
const pw = { name: 'db-creds', key: 'password' };

/** Every problem of the LlamaStackConfigError `fn` throws, as `path: message — fix`. */
function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}${p.fix ? ` — ${p.fix}` : ''}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

/** The one problem `fn` reports. */
function problem(fn: () => unknown): string {
  const all = problems(fn);
  expect(all).toHaveLength(1);
  return all[0];
}

type Case = [string, () => Provider, string, object];

const INFERENCE: Case[] = [
  ['vllm', () => InferenceProvider.vllm({ endpoint: 'http://v:8000/v1', apiKey: KEY }), 'inference',
    { provider: 'vllm', endpoint: 'http://v:8000/v1', apiKey: key }],
  ['ollama', () => InferenceProvider.ollama({ endpoint: 'http://o:11434/v1' }), 'inference', { provider: 'ollama', endpoint: 'http://o:11434/v1' }],
  ['openai', () => InferenceProvider.openai({ apiKey: KEY }), 'inference', { provider: 'openai', apiKey: key }],
  ['openai with endpoint', () => InferenceProvider.openai({ apiKey: KEY, endpoint: 'https://proxy/v1' }), 'inference',
    { provider: 'openai', endpoint: 'https://proxy/v1', apiKey: key }],
  ['anthropic', () => InferenceProvider.anthropic({ apiKey: KEY }), 'inference', { provider: 'anthropic', apiKey: key }],
  ['gemini', () => InferenceProvider.gemini({ apiKey: KEY }), 'inference', { provider: 'gemini', apiKey: key }],
  ['together', () => InferenceProvider.together({ apiKey: KEY }), 'inference', { provider: 'together', apiKey: key }],
  ['fireworks', () => InferenceProvider.fireworks({ apiKey: KEY }), 'inference', { provider: 'fireworks', apiKey: key }],
  ['groq with id', () => InferenceProvider.groq({ id: 'fast', apiKey: KEY }), 'inference', { id: 'fast', provider: 'groq', apiKey: key }],
  ['nvidia hosted', () => InferenceProvider.nvidia({ apiKey: KEY }), 'inference', { provider: 'nvidia', apiKey: key }],
  ['nvidia bare', () => InferenceProvider.nvidia(), 'inference', { provider: 'nvidia' }],
  ['bedrock', () => InferenceProvider.bedrock({ region: 'us-east-1' }), 'inference', { provider: 'bedrock', settings: { region_name: 'us-east-1' } }],
  ['bedrock with key and settings', () => InferenceProvider.bedrock({ region: 'eu-west-1', apiKey: KEY, settings: { read_timeout: 30 } }), 'inference',
    { provider: 'bedrock', apiKey: key, settings: { region_name: 'eu-west-1', read_timeout: 30 } }],
  ['azure', () => InferenceProvider.azure({
    endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY, apiVersion: '2024-10-21',
  }), 'inference', {
    provider: 'azure',
    endpoint: 'https://r.openai.azure.com/openai/v1',
    apiKey: key,
    settings: { api_version: '2024-10-21' },
  }],
  ['azure without version', () => InferenceProvider.azure({ endpoint: 'https://r/openai/v1', apiKey: KEY }), 'inference',
    { provider: 'azure', endpoint: 'https://r/openai/v1', apiKey: key }],
  ['an inline type of the release', () => InferenceProvider.custom('inline::sentence-transformers', { id: 'embeddings' }), 'inference',
    { id: 'embeddings', provider: 'inline::sentence-transformers' }],
  ['watsonx', () => InferenceProvider.watsonx({ apiKey: KEY, projectId: 'p1' }), 'inference', { provider: 'watsonx', apiKey: key, settings: { project_id: 'p1' } }],
  ['custom', () => InferenceProvider.custom('cerebras', { apiKey: KEY, settings: { x: 1 } }), 'inference',
    { provider: 'cerebras', apiKey: key, settings: { x: 1 } }],
  ['custom bare', () => InferenceProvider.custom('llama-cpp-server'), 'inference', { provider: 'llama-cpp-server' }],
];

const OTHER_APIS: Case[] = [
  ['safety bedrock', () => SafetyProvider.bedrock({ region: 'us-west-2' }), 'safety', { provider: 'bedrock', settings: { region_name: 'us-west-2' } }],
  ['safety nvidia', () => SafetyProvider.nvidia({ endpoint: 'http://g:7331', settings: { config_id: 'strict' } }), 'safety',
    { provider: 'nvidia', endpoint: 'http://g:7331', settings: { config_id: 'strict' } }],
  ['safety sambanova', () => SafetyProvider.sambanova({ apiKey: KEY }), 'safety', { provider: 'sambanova', apiKey: key }],
  ['safety passthrough', () => SafetyProvider.passthrough({ endpoint: 'http://p', apiKey: KEY }), 'safety',
    { provider: 'passthrough', endpoint: 'http://p', apiKey: key }],
  ['safety custom', () => SafetyProvider.custom('guard', { id: 'g' }), 'safety', { id: 'g', provider: 'guard' }],
  ['pgvector', () => VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', port: 5433, password: PW }), 'vector_io',
    { provider: 'pgvector', secretRefs: { password: pw }, settings: { host: 'pg', port: 5433, db: 'v', user: 'u' } }],
  ['pgvector defaults', () => VectorIoProvider.pgvector({ host: 'pg', password: PW }), 'vector_io',
    { provider: 'pgvector', secretRefs: { password: pw }, settings: { host: 'pg' } }],
  ['qdrant', () => VectorIoProvider.qdrant({ endpoint: 'http://q:6333', apiKey: KEY }), 'vector_io', { provider: 'qdrant', endpoint: 'http://q:6333', apiKey: key }],
  ['chromadb', () => VectorIoProvider.chromadb({ endpoint: 'http://c:8000' }), 'vector_io', { provider: 'chromadb', endpoint: 'http://c:8000' }],
  ['weaviate', () => VectorIoProvider.weaviate({ endpoint: 'w:8080' }), 'vector_io', { provider: 'weaviate', endpoint: 'w:8080' }],
  ['milvus', () => VectorIoProvider.milvus({ endpoint: 'http://m:19530', apiKey: KEY }), 'vector_io', { provider: 'milvus', endpoint: 'http://m:19530', apiKey: key }],
  ['elasticsearch', () => VectorIoProvider.elasticsearch({ endpoint: 'http://e:9200' }), 'vector_io', { provider: 'elasticsearch', endpoint: 'http://e:9200' }],
  ['vector custom', () => VectorIoProvider.custom('infinispan', { endpoint: 'http://i:11222' }), 'vector_io', { provider: 'infinispan', endpoint: 'http://i:11222' }],
  ['brave', () => ToolRuntimeProvider.braveSearch({ apiKey: KEY, settings: { max_results: 5 } }), 'tool_runtime',
    { provider: 'brave-search', apiKey: key, settings: { max_results: 5 } }],
  ['tavily', () => ToolRuntimeProvider.tavilySearch({ apiKey: KEY }), 'tool_runtime', { provider: 'tavily-search', apiKey: key }],
  ['bing', () => ToolRuntimeProvider.bingSearch({ apiKey: KEY }), 'tool_runtime', { provider: 'bing-search', apiKey: key }],
  ['wolfram', () => ToolRuntimeProvider.wolframAlpha({ apiKey: KEY }), 'tool_runtime', { provider: 'wolfram-alpha', apiKey: key }],
  ['mcp', () => ToolRuntimeProvider.modelContextProtocol(), 'tool_runtime', { provider: 'model-context-protocol' }],
  ['tool custom', () => ToolRuntimeProvider.custom('my-tools', { id: 't' }), 'tool_runtime', { id: 't', provider: 'my-tools' }],
  ['telemetry custom', () => TelemetryProvider.custom('otel', { endpoint: 'http://otel:4318' }), 'telemetry', { provider: 'otel', endpoint: 'http://otel:4318' }],
];

describe.each([['inference', INFERENCE], ['other APIs', OTHER_APIS]])('%s factories', (_group, cases) => {
  test.each(cases)('%s', (_name, make, api, spec) => {
    const p = make();
    expect(p.toSpec()).toStrictEqual(spec);
    expect(p.api).toBe(api);
    expect(p.providerType).toBe((spec as ProviderConfig).provider);
    expect(p.id).toBe((spec as ProviderConfig).id ?? (spec as ProviderConfig).provider);
  });
});

describe('Provider', () => {
  test('the id defaults to the provider type', () => {
    expect(InferenceProvider.openai({ apiKey: KEY }).id).toBe('openai');
    expect(InferenceProvider.openai({ id: 'oa', apiKey: KEY }).id).toBe('oa');
    expect(ToolRuntimeProvider.braveSearch({ apiKey: KEY }).providerType).toBe('brave-search');
  });

  test('later changes to the caller\'s settings and secretRefs do not leak in', () => {
    const settings: any = { max_tokens: 4096, nested: { a: [1] } };
    const secretRefs: any = { token: KEY };
    const p = InferenceProvider.vllm({ endpoint: 'http://v', settings, secretRefs });
    settings.max_tokens = 1;
    settings.nested.a.push(2);
    settings.added = true;
    secretRefs.other = KEY;
    expect(p.toSpec()).toStrictEqual({ provider: 'vllm', endpoint: 'http://v', secretRefs: { token: key }, settings: { max_tokens: 4096, nested: { a: [1] } } });
  });

  test('changes to a returned spec do not leak back', () => {
    const p = InferenceProvider.bedrock({ region: 'us-east-1' });
    (p.toSpec().settings as any).region_name = 'x';
    expect(p.toSpec().settings).toStrictEqual({ region_name: 'us-east-1' });
  });

  test('settings keep odd keys as ordinary keys and drop undefined values', () => {
    const settings = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    settings.gone = undefined;
    const spec = InferenceProvider.custom('x', { settings }).toSpec();
    expect(Object.keys(spec.settings)).toEqual(['__proto__', 'a']);
    expect(({} as any).polluted).toBeUndefined();
  });

  test('every factory\'s spec goes through the config pipeline', () => {
    const all = [...INFERENCE, ...OTHER_APIS].map(([, make]) => make());
    const field: { [api: string]: string } = { inference: 'inference', safety: 'safety', vector_io: 'vectorIo', tool_runtime: 'toolRuntime', telemetry: 'telemetry' };
    const providers: { [field: string]: ProviderConfig[] } = {};
    all.forEach((p, i) => (providers[field[p.api]] ??= []).push({ ...p.toSpec(), id: `${p.providerType}-${i}` }));
    const generated = ConfigGenerator.generate({ distribution: { name: 'starter' }, providers });
    expect(generated.configYaml).toContain('region_name: us-east-1');
    expect(generated.configYaml).toMatch(/api_version: "2024-10-21"/);
    expect(generated.configYaml).toMatch(/password: \$\{env\.LLSD_PGVECTOR_\d+_PASSWORD\}/);
    expect(generated.envVars.length).toBeGreaterThan(20);
  });
});

describe('required fields', () => {
  const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';
  test.each<[string, () => unknown, string]>([
    ['vllm endpoint', () => InferenceProvider.vllm({} as any),
      'InferenceProvider.vllm(endpoint): endpoint is required — pass endpoint: http://vllm.<namespace>.svc:8000/v1'],
    ['ollama endpoint', () => InferenceProvider.ollama(undefined as any),
      'InferenceProvider.ollama(endpoint): endpoint is required — pass endpoint: http://ollama.<namespace>.svc:11434/v1'],
    ['openai key', () => InferenceProvider.openai({} as any), `InferenceProvider.openai(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['anthropic key', () => InferenceProvider.anthropic({} as any), `InferenceProvider.anthropic(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['gemini key', () => InferenceProvider.gemini({} as any), `InferenceProvider.gemini(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['together key', () => InferenceProvider.together({} as any), `InferenceProvider.together(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['fireworks key', () => InferenceProvider.fireworks({} as any), `InferenceProvider.fireworks(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['groq key', () => InferenceProvider.groq({} as any), `InferenceProvider.groq(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['bedrock region', () => InferenceProvider.bedrock({} as any),
      'InferenceProvider.bedrock(region): region is required — pass region: the AWS region, e.g. us-east-1'],
    ['azure key', () => InferenceProvider.azure({ endpoint: 'https://x' } as any),
      `InferenceProvider.azure(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['watsonx project', () => InferenceProvider.watsonx({ apiKey: KEY } as any),
      'InferenceProvider.watsonx(projectId): projectId is required — pass projectId: the watsonx.ai project id'],
    ['custom type', () => InferenceProvider.custom(''), 'InferenceProvider.custom(provider): provider type is required — name the provider type, e.g. vllm'],
    ['safety bedrock region', () => SafetyProvider.bedrock({} as any),
      'SafetyProvider.bedrock(region): region is required — pass region: the AWS region, e.g. us-east-1'],
    ['safety nvidia endpoint', () => SafetyProvider.nvidia({} as any),
      'SafetyProvider.nvidia(endpoint): endpoint is required — pass endpoint: http://nemo-guardrails.<namespace>.svc:7331'],
    ['safety sambanova key', () => SafetyProvider.sambanova({} as any), `SafetyProvider.sambanova(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['safety passthrough endpoint', () => SafetyProvider.passthrough({} as any),
      'SafetyProvider.passthrough(endpoint): endpoint is required — pass endpoint: the service URL, e.g. http://<service>.<namespace>.svc:<port>'],
    ['pgvector host', () => VectorIoProvider.pgvector({ password: PW } as any),
      'VectorIoProvider.pgvector(host): host is required — pass host: the database host, e.g. pgvector.<namespace>.svc'],
    ['pgvector password', () => VectorIoProvider.pgvector({ host: 'h', db: 'd', user: 'u' } as any),
      `VectorIoProvider.pgvector(password): password is required — pass password: ${SECRET_FIX}`],
    ['qdrant endpoint', () => VectorIoProvider.qdrant({} as any),
      'VectorIoProvider.qdrant(endpoint): endpoint is required — pass endpoint: http://qdrant.<namespace>.svc:6333'],
    ['chromadb endpoint', () => VectorIoProvider.chromadb({} as any),
      'VectorIoProvider.chromadb(endpoint): endpoint is required — pass endpoint: http://chromadb.<namespace>.svc:8000'],
    ['weaviate endpoint', () => VectorIoProvider.weaviate({} as any),
      'VectorIoProvider.weaviate(endpoint): endpoint is required — pass endpoint: the cluster URL, e.g. weaviate.<namespace>.svc:8080'],
    ['milvus endpoint', () => VectorIoProvider.milvus({} as any),
      'VectorIoProvider.milvus(endpoint): endpoint is required — pass endpoint: http://milvus.<namespace>.svc:19530'],
    ['elasticsearch endpoint', () => VectorIoProvider.elasticsearch({} as any),
      'VectorIoProvider.elasticsearch(endpoint): endpoint is required — pass endpoint: the cluster URL, e.g. http://elasticsearch.<namespace>.svc:9200'],
    ['brave key', () => ToolRuntimeProvider.braveSearch({} as any), `ToolRuntimeProvider.braveSearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['tavily key', () => ToolRuntimeProvider.tavilySearch({} as any), `ToolRuntimeProvider.tavilySearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['bing key', () => ToolRuntimeProvider.bingSearch({} as any), `ToolRuntimeProvider.bingSearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['wolfram key', () => ToolRuntimeProvider.wolframAlpha({} as any), `ToolRuntimeProvider.wolframAlpha(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['telemetry type', () => TelemetryProvider.custom(undefined as any), 'TelemetryProvider.custom(provider): provider type is required — name the provider type, e.g. vllm'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('every missing field is listed', () => {
    expect(problems(() => InferenceProvider.azure({} as any))).toEqual([
      'InferenceProvider.azure(endpoint): endpoint is required — pass endpoint: https://<resource>.openai.azure.com/openai/v1',
      `InferenceProvider.azure(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`,
    ]);
  });
});

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
