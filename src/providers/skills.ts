import { Provider, ProviderBaseOptions, ProviderOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

const SKILLS: RuleTable = { builtin: { type: 'inline::builtin' } };

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
    super('skills', buildProviderSpec(`SkillsProvider.${factory}`, SKILLS[factory] ?? { type: customType as string }, options));
  }
}
