import { InteractionsProvider, MessagesProvider } from '../../src/providers/messages';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem } from '../support/provider-problems';

describe.each<[string, typeof MessagesProvider | typeof InteractionsProvider, string]>([
  ['MessagesProvider', MessagesProvider, 'messages'],
  ['InteractionsProvider', InteractionsProvider, 'interactions'],
])('%s', (name, cls, api) => {
  test('builtin is the inline::builtin provider of its API', () => {
    expectProvider(cls.builtin(), api, { provider: 'inline::builtin' });
    expect(cls.builtin().id).toBe('builtin');
    expectProvider(cls.builtin({ id: 'main', settings: { x: 1 } }), api, { id: 'main', provider: 'inline::builtin', settings: { x: 1 } } as any);
  });

  test('custom keeps its type and takes an endpoint and key', () => {
    expectProvider(cls.custom('gateway', { endpoint: 'gw:80', apiKey: SecretRef.fromSecretName('gw', 'k') }), api,
      { provider: 'gateway', endpoint: 'gw:80', apiKey: { name: 'gw', key: 'k' } } as any);
  });

  test('refusals name the factory', () => {
    expect(problem(() => cls.custom('bad::type'))).toBe(`${name}.custom(provider): "bad::type" is not a provider type — write the type without a prefix (vllm, read as remote::vllm), or with inline:: or remote:: (e.g. inline::qdrant)`);
    expect(problem(() => cls.builtin({ id: '' }))).toBe(`${name}.builtin(id): id must be a non-empty string — pass id: <value>`);
  });
});
