import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

/** Options of `BatchesProvider.reference`. */
export interface ReferenceBatchesOptions extends ProviderBaseOptions {
  /**
   * Batches processed at once (`max_concurrent_batches`).
   * @default 1
   */
  readonly maxConcurrentBatches?: number;
  /**
   * Requests of one batch sent at once (`max_concurrent_requests_per_batch`).
   * @default 10
   */
  readonly maxConcurrentRequestsPerBatch?: number;
}

const BATCHES: RuleTable = {
  reference: {
    type: 'inline::reference',
    settings: {
      maxConcurrentBatches: { key: 'max_concurrent_batches', kind: 'count' },
      maxConcurrentRequestsPerBatch: { key: 'max_concurrent_requests_per_batch', kind: 'count' },
    },
  },
};

/** The Batches API (`batches`: OpenAI-compatible batch jobs over inference and files). Server targets only. */
export class BatchesProvider extends Provider {
  /** The server's own implementation (`inline::reference`). */
  public static reference(options: ReferenceBatchesOptions = {}): BatchesProvider {
    return new BatchesProvider('reference', options);
  }

  /**
   * Any other batches provider of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): BatchesProvider {
    return new BatchesProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('batches', buildProviderSpec(`BatchesProvider.${factory}`, BATCHES[factory] ?? { type: customType as string }, options));
  }
}
