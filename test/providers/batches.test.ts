/** BatchesProvider: the keys of the server's ReferenceBatchesImplConfig (both limits ge=1). */
import { BatchesProvider } from '../../src/providers/batches';
import { expectProvider, problem, problems } from '../support/provider-problems';

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

describe('refusals', () => {
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
