/**
 * The server's own APIs: ResponsesProvider's moderation_endpoint (BuiltinResponsesImplConfig),
 * Messages, Interactions and Skills (inline::builtin), and BatchesProvider with the keys of the
 * server's ReferenceBatchesImplConfig (both limits ge=1).
 */
import { BatchesProvider, InteractionsProvider, MessagesProvider, ResponsesProvider, SkillsProvider } from '../../src/providers/builtin-apis';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem, problems } from '../support/provider-problems';

describe('responses factories', () => {
  test.each<[string, () => ResponsesProvider, any]>([
    ['builtin', () => ResponsesProvider.builtin(), { provider: 'inline::builtin' }],
    ['builtin with a moderation endpoint', () => ResponsesProvider.builtin({ moderationEndpoint: 'http://guard:8000/v1/moderations' }),
      { provider: 'inline::builtin', settings: { moderation_endpoint: 'http://guard:8000/v1/moderations' } }],
    ['custom', () => ResponsesProvider.custom('remote::agents', { id: 'agents' }), { id: 'agents', provider: 'remote::agents' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'responses', spec));
});

describe('responses refusals', () => {
  test('an empty moderation endpoint, with its hint', () => {
    expect(problem(() => ResponsesProvider.builtin({ moderationEndpoint: '' })))
      .toBe('ResponsesProvider.builtin(moderationEndpoint): moderationEndpoint must be a non-empty string — pass moderationEndpoint: the moderation service URL, e.g. http://<service>.<namespace>.svc:<port>/v1/moderations');
  });

  test('moderationEndpoint and settings.moderation_endpoint together', () => {
    expect(problem(() => ResponsesProvider.builtin({ moderationEndpoint: 'http://a', settings: { moderation_endpoint: 'http://b' } })))
      .toBe('ResponsesProvider.builtin(settings.moderation_endpoint): writes config key "moderation_endpoint", which moderationEndpoint already sets — set "moderation_endpoint" in one place only');
  });

  test('custom needs a type', () => {
    expect(problem(() => ResponsesProvider.custom(' '))).toBe('ResponsesProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });
});

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

describe('SkillsProvider', () => {
  test.each<[string, () => SkillsProvider, any]>([
    ['builtin', () => SkillsProvider.builtin(), { provider: 'inline::builtin' }],
    ['builtin with id', () => SkillsProvider.builtin({ id: 'skills' }), { id: 'skills', provider: 'inline::builtin' }],
    ['custom', () => SkillsProvider.custom('remote::skill-hub', { endpoint: 'http://hub' }), { provider: 'remote::skill-hub', endpoint: 'http://hub' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'skills', spec));

  test('builtin takes no endpoint option of its own: an unknown option is refused', () => {
    expect(problem(() => SkillsProvider.builtin({ directory: '/skills' } as any)))
      .toBe('SkillsProvider.builtin(directory): is not a field of its options — remove it (its options has id, endpoint, apiKey, secretRefs, settings)');
  });

  test('custom needs a type', () => {
    expect(problem(() => SkillsProvider.custom(undefined as any))).toBe('SkillsProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });
});

describe('batches factories', () => {
  test.each<[string, () => BatchesProvider, any]>([
    ['reference bare', () => BatchesProvider.reference(), { provider: 'inline::reference' }],
    ['reference limits', () => BatchesProvider.reference({ maxConcurrentBatches: 2, maxConcurrentRequestsPerBatch: 20 }),
      { provider: 'inline::reference', settings: { max_concurrent_batches: 2, max_concurrent_requests_per_batch: 20 } }],
    ['reference with id', () => BatchesProvider.reference({ id: 'batches' }), { id: 'batches', provider: 'inline::reference' }],
    ['custom', () => BatchesProvider.custom('remote::my-batches'), { provider: 'remote::my-batches' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'batches', spec));

  test('the id of the reference provider is its type without inline::', () => {
    expect(BatchesProvider.reference().id).toBe('reference');
  });
});

describe('batches refusals', () => {
  test('a limit of 0 is refused (the server requires at least 1)', () => {
    expect(problem(() => BatchesProvider.reference({ maxConcurrentBatches: 0 })))
      .toBe('BatchesProvider.reference(maxConcurrentBatches): maxConcurrentBatches must be an integer from 1 — pass maxConcurrentBatches: a whole number, e.g. 512');
  });

  test('both bad limits are listed at once', () => {
    expect(problems(() => BatchesProvider.reference({ maxConcurrentBatches: -1, maxConcurrentRequestsPerBatch: '10' as any }))).toEqual([
      'BatchesProvider.reference(maxConcurrentBatches): maxConcurrentBatches must be an integer from 1 — pass maxConcurrentBatches: a whole number, e.g. 512',
      'BatchesProvider.reference(maxConcurrentRequestsPerBatch): maxConcurrentRequestsPerBatch must be an integer from 1 — pass maxConcurrentRequestsPerBatch: a whole number, e.g. 512',
    ]);
  });

  test('the limit and settings writing one key', () => {
    expect(problem(() => BatchesProvider.reference({ maxConcurrentBatches: 1, settings: { max_concurrent_batches: 3 } })))
      .toBe('BatchesProvider.reference(settings.max_concurrent_batches): writes config key "max_concurrent_batches", which maxConcurrentBatches already sets — set "max_concurrent_batches" in one place only');
  });

  test('a custom type is required', () => {
    expect(problem(() => BatchesProvider.custom(''))).toBe('BatchesProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });
});
