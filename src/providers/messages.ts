import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

const BUILTIN: RuleTable = { builtin: { type: 'inline::builtin' } };

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
