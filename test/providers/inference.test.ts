import { InferenceProvider } from '../../src/providers/inference';
import { ProviderConfig } from '../../src/spec/spec';
import { SecretRef } from '../../src/values/secret-ref';
import { problem, problems } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

type Case = [string, () => InferenceProvider, string, object];

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

describe('inference factories', () => {
  test.each(INFERENCE)('%s', (_name, make, api, spec) => {
    const p = make();
    expect(p.toSpec()).toStrictEqual(spec);
    expect(p.api).toBe(api);
    expect(p.providerType).toBe((spec as ProviderConfig).provider);
    expect(p.id).toBe((spec as ProviderConfig).id ?? (spec as ProviderConfig).provider);
  });

  test.each<[string, () => InferenceProvider, string]>([
    ['mistral', () => InferenceProvider.mistral({ apiKey: KEY }), 'mistral'],
    ['deepseek', () => InferenceProvider.deepseek({ apiKey: KEY }), 'deepseek'],
    ['meta', () => InferenceProvider.meta({ apiKey: KEY }), 'meta'],
  ])('%s: a hosted API whose API key is required', (name, make, type) => {
    expect(make().toSpec()).toStrictEqual({ provider: type, apiKey: key });
    const factory = (InferenceProvider as any)[name] as (o: object) => InferenceProvider;
    expect(problem(() => factory({}))).toBe(`InferenceProvider.${name}(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`);
    expect(problem(() => factory({ apiKey: KEY, endpoint: 'api.example.com/v1' })))
      .toMatch(new RegExp(`^InferenceProvider\\.${name}\\(endpoint\\): .* is not an http\\(s\\) URL`));
  });

  test('a remote inference provider takes the model-list options (allowedModels, refreshModels)', () => {
    const spec = InferenceProvider.vllm({ endpoint: 'http://v:8000/v1', allowedModels: ['m1'], refreshModels: true }).toSpec();
    expect(spec).toStrictEqual({ provider: 'vllm', endpoint: 'http://v:8000/v1', settings: { allowed_models: ['m1'], refresh_models: true } });
  });

  test('an option no inference factory has is refused with its name', () => {
    expect(problem(() => InferenceProvider.openai({ apiKey: KEY, region: 'x' } as any))).toBe(
      'InferenceProvider.openai(region): is not a field of its options — remove it (its options has id, endpoint, apiKey, secretRefs, settings, network, allowedModels, refreshModels)');
  });
});

describe('required fields', () => {
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
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('every missing field is listed', () => {
    expect(problems(() => InferenceProvider.azure({} as any))).toEqual([
      'InferenceProvider.azure(endpoint): endpoint is required — pass endpoint: https://<resource>.openai.azure.com/openai/v1',
      `InferenceProvider.azure(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`,
    ]);
  });
});
