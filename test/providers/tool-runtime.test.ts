import { ToolRuntimeProvider } from '../../src/providers/tool-runtime';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

describe('tool_runtime factories', () => {
  test.each<[string, () => ToolRuntimeProvider, any]>([
    ['brave', () => ToolRuntimeProvider.braveSearch({ apiKey: KEY, settings: { max_results: 5 } }),
      { provider: 'brave-search', apiKey: key, settings: { max_results: 5 } }],
    ['tavily', () => ToolRuntimeProvider.tavilySearch({ apiKey: KEY }), { provider: 'tavily-search', apiKey: key }],
    ['bing', () => ToolRuntimeProvider.bingSearch({ apiKey: KEY }), { provider: 'bing-search', apiKey: key }],
    ['wolfram', () => ToolRuntimeProvider.wolframAlpha({ apiKey: KEY }), { provider: 'wolfram-alpha', apiKey: key }],
    ['mcp', () => ToolRuntimeProvider.modelContextProtocol(), { provider: 'model-context-protocol' }],
    ['mcp with id', () => ToolRuntimeProvider.modelContextProtocol({ id: 'mcp' }), { id: 'mcp', provider: 'model-context-protocol' }],
    ['tool custom', () => ToolRuntimeProvider.custom('my-tools', { id: 't' }), { id: 't', provider: 'my-tools' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'tool_runtime', spec));

  test('the id defaults to the provider type', () => {
    expect(ToolRuntimeProvider.braveSearch({ apiKey: KEY }).providerType).toBe('brave-search');
    expect(ToolRuntimeProvider.braveSearch({ apiKey: KEY }).id).toBe('brave-search');
  });
});

describe('required fields', () => {
  test.each<[string, () => unknown, string]>([
    ['brave key', () => ToolRuntimeProvider.braveSearch({} as any), `ToolRuntimeProvider.braveSearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['tavily key', () => ToolRuntimeProvider.tavilySearch({} as any), `ToolRuntimeProvider.tavilySearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['bing key', () => ToolRuntimeProvider.bingSearch({} as any), `ToolRuntimeProvider.bingSearch(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['wolfram key', () => ToolRuntimeProvider.wolframAlpha({} as any), `ToolRuntimeProvider.wolframAlpha(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['a key that is not a SecretRef', () => ToolRuntimeProvider.tavilySearch({ apiKey: 'tvly-abc' as any }),
      `ToolRuntimeProvider.tavilySearch(apiKey): apiKey must be a SecretRef — pass apiKey: ${SECRET_FIX}`],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));
});
