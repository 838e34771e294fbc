/**
 * The APIs whose usual provider is the server's own implementation (`inline::builtin`,
 * `inline::reference`) over its inference and files providers: Responses, Messages,
 * Interactions, Skills and Batches. Each has that factory and `custom`.
 */
import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

/** Messages, Interactions and Skills: the built-in provider, with no typed options. */
const BUILTIN: RuleTable = { builtin: { type: 'inline::builtin' } };

/** Options of `ResponsesProvider.builtin`. */
export interface BuiltinResponsesOptions extends ProviderBaseOptions {
  /**
   * An OpenAI-compatible `/v1/moderations` endpoint the Responses API checks input and output
   * with (config key `moderation_endpoint`, OGX 1.1+): what replaces the Safety API and its
   * shields, which OGX 1.0 removed. Headers it needs (`moderation_headers`) go in `settings`.
   * @default - no moderation
   */
  readonly moderationEndpoint?: string;
}

const RESPONSES: RuleTable = {
  builtin: {
    type: 'inline::builtin',
    settings: { moderationEndpoint: { key: 'moderation_endpoint' } },
    hints: { moderationEndpoint: 'the moderation service URL, e.g. http://<service>.<namespace>.svc:<port>/v1/moderations' },
  },
};

/**
 * The Responses API (`responses`: the OpenAI-compatible agent loop, llama-stack's former
 * `agents`). Its state goes to the distribution's storage. Server targets only.
 */
export class ResponsesProvider extends Provider {
  /**
   * The server's own implementation (`inline::builtin`); `settings` reach its config. On OGX 1.x,
   * `moderationEndpoint` moderates requests and responses (the Safety API's replacement).
   */
  public static builtin(options: BuiltinResponsesOptions = {}): ResponsesProvider {
    return new ResponsesProvider('builtin', options);
  }

  /**
   * Any other responses provider of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): ResponsesProvider {
    return new ResponsesProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('responses', buildProviderSpec(`ResponsesProvider.${factory}`, RESPONSES[factory] ?? { type: customType as string }, options));
  }
}

/** The Anthropic-compatible Messages API (`messages`, OGX 0.8). Server targets only. */
export class MessagesProvider extends Provider {
  /** The server's own implementation (`inline::builtin`), on its inference providers. */
  public static builtin(options: ProviderBaseOptions = {}): MessagesProvider {
    return new MessagesProvider('builtin', options);
  }

  /**
   * Any other messages provider of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): MessagesProvider {
    return new MessagesProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('messages', buildProviderSpec(`MessagesProvider.${factory}`, BUILTIN[factory] ?? { type: customType as string }, options));
  }
}

/** The Interactions API (`interactions`, OGX 0.8). Server targets only. */
export class InteractionsProvider extends Provider {
  /** The server's own implementation (`inline::builtin`), on its inference providers. */
  public static builtin(options: ProviderBaseOptions = {}): InteractionsProvider {
    return new InteractionsProvider('builtin', options);
  }

  /**
   * Any other interactions provider of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): InteractionsProvider {
    return new InteractionsProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('interactions', buildProviderSpec(`InteractionsProvider.${factory}`, BUILTIN[factory] ?? { type: customType as string }, options));
  }
}

/**
 * The Skills API (`skills`, OGX 1.1+): skill bundles kept by the server, their metadata in a KV
 * store (`persistence`, the base config's `kv_default`) and their files through the files API.
 * Server targets of OGX 1.1 and later only.
 */
export class SkillsProvider extends Provider {
  /** The server's own implementation (`inline::builtin`); it needs the files API. */
  public static builtin(options: ProviderBaseOptions = {}): SkillsProvider {
    return new SkillsProvider('builtin', options);
  }

  /**
   * Any other skills provider of the release.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): SkillsProvider {
    return new SkillsProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('skills', buildProviderSpec(`SkillsProvider.${factory}`, BUILTIN[factory] ?? { type: customType as string }, options));
  }
}

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
