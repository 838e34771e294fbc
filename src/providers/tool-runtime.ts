import { ApiKeyOptions, Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

const TOOL_RUNTIME: RuleTable = {
  braveSearch: { type: 'brave-search', required: ['apiKey'] },
  tavilySearch: { type: 'tavily-search', required: ['apiKey'] },
  bingSearch: { type: 'bing-search', required: ['apiKey'] },
  wolframAlpha: { type: 'wolfram-alpha', required: ['apiKey'] },
  modelContextProtocol: { type: 'model-context-protocol' },
};

/** A tool runtime provider: tools agents can call. */
export class ToolRuntimeProvider extends Provider {
  /** Brave Search (`remote::brave-search`). */
  public static braveSearch(options: ApiKeyOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('braveSearch', options);
  }

  /** Tavily Search (`remote::tavily-search`). */
  public static tavilySearch(options: ApiKeyOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('tavilySearch', options);
  }

  /** Bing Search (`remote::bing-search`). */
  public static bingSearch(options: ApiKeyOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('bingSearch', options);
  }

  /** Wolfram Alpha (`remote::wolfram-alpha`). */
  public static wolframAlpha(options: ApiKeyOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('wolframAlpha', options);
  }

  /** Model Context Protocol (`remote::model-context-protocol`); MCP servers are named per tool group. */
  public static modelContextProtocol(options: ProviderBaseOptions = {}): ToolRuntimeProvider {
    return new ToolRuntimeProvider('modelContextProtocol', options);
  }

  /**
   * Any other remote tool runtime provider.
   * @param provider the provider type without `remote::`
   */
  public static custom(provider: string, options: ProviderOptions = {}): ToolRuntimeProvider {
    return new ToolRuntimeProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('tool_runtime', buildProviderSpec(`ToolRuntimeProvider.${factory}`, TOOL_RUNTIME[factory] ?? { type: customType as string }, options));
  }
}
