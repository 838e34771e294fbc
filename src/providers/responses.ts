import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

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
