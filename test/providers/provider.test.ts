import { ConfigGenerator } from '../../src/generate/operator/config-generator';
import { InferenceProvider } from '../../src/providers/inference';
import { Provider } from '../../src/providers/provider';
import { SafetyProvider } from '../../src/providers/safety';
import { TelemetryProvider } from '../../src/providers/telemetry';
import { ToolRuntimeProvider } from '../../src/providers/tool-runtime';
import { VectorIoProvider } from '../../src/providers/vector-io';
import { ProviderConfig } from '../../src/spec/spec';
import { SecretRef } from '../../src/values/secret-ref';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const PW = SecretRef.fromSecretName('db-creds', 'password');

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
    const all: Provider[] = [
      InferenceProvider.vllm({ endpoint: 'http://v:8000/v1', apiKey: KEY }),
      InferenceProvider.bedrock({ region: 'us-east-1' }),
      InferenceProvider.azure({ endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY, apiVersion: '2024-10-21' }),
      InferenceProvider.watsonx({ apiKey: KEY, projectId: 'p1' }),
      InferenceProvider.custom('cerebras', { apiKey: KEY, settings: { x: 1 } }),
      SafetyProvider.nvidia({ endpoint: 'http://g:7331', settings: { config_id: 'strict' } }),
      SafetyProvider.passthrough({ endpoint: 'http://p', apiKey: KEY }),
      VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', port: 5433, password: PW }),
      VectorIoProvider.qdrant({ endpoint: 'http://q:6333', apiKey: KEY }),
      VectorIoProvider.milvus({ endpoint: 'http://m:19530', apiKey: KEY }),
      ToolRuntimeProvider.braveSearch({ apiKey: KEY, settings: { max_results: 5 } }),
      ToolRuntimeProvider.tavilySearch({ apiKey: KEY }),
      ToolRuntimeProvider.modelContextProtocol(),
      TelemetryProvider.custom('otel', { endpoint: 'http://otel:4318' }),
    ];
    const field: { [api: string]: string } = { inference: 'inference', safety: 'safety', vector_io: 'vectorIo', tool_runtime: 'toolRuntime', telemetry: 'telemetry' };
    const providers: { [field: string]: ProviderConfig[] } = {};
    all.forEach((p, i) => (providers[field[p.api]] ??= []).push({ ...p.toSpec(), id: `${p.providerType}-${i}` }));
    const generated = ConfigGenerator.generate({ distribution: { name: 'starter' }, providers });
    expect(generated.configYaml).toContain('region_name: us-east-1');
    expect(generated.configYaml).toMatch(/api_version: "2024-10-21"/);
    expect(generated.configYaml).toMatch(/password: \$\{env\.LLSD_PGVECTOR_\d+_PASSWORD\}/);
    expect(generated.envVars.length).toBeGreaterThan(8);
  });
});


describe('Provider id and brand', () => {
  test('the default id drops an inline:: or remote:: prefix; providerType keeps it', () => {
    const inline = InferenceProvider.custom('inline::sentence-transformers');
    expect([inline.id, inline.providerType]).toEqual(['sentence-transformers', 'inline::sentence-transformers']);
    const remote = VectorIoProvider.custom('remote::qdrant');
    expect([remote.id, remote.providerType]).toEqual(['qdrant', 'remote::qdrant']);
  });

  test('isProvider and instanceof Provider hold for providers only; a subclass keeps the ordinary instanceof', () => {
    const p = SafetyProvider.custom('llama-guard');
    expect(Provider.isProvider(p)).toBe(true);
    expect(p instanceof Provider).toBe(true);
    expect(Provider.isProvider(KEY)).toBe(false);
    expect(Provider.isProvider({ api: 'safety', id: 'x', providerType: 'x', toSpec: () => ({ provider: 'x' }) })).toBe(false);
    expect(({ provider: 'x' } as unknown) instanceof Provider).toBe(false);
    expect(p instanceof InferenceProvider).toBe(false);
    expect(p instanceof SafetyProvider).toBe(true);
  });
});
