import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

const RESPONSES: RuleTable = {
  builtin: { type: 'inline::builtin' },
};

/**
 * The Responses API (`responses`: the OpenAI-compatible agent loop, llama-stack's former
 * `agents`). Its state goes to the distribution's storage. Server targets only.
 */
export class ResponsesProvider extends Provider {
  /** The server's own implementation (`inline::builtin`); `settings` reach its config. */
  public static builtin(options: ProviderBaseOptions = {}): ResponsesProvider {
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
