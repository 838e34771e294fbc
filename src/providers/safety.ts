import { BedrockOptions } from './inference';
import { EndpointOptions, HostedOptions, Provider, ProviderOptions, SelfHostedOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

const SAFETY: RuleTable = {
  bedrock: {
    type: 'bedrock',
    required: ['region'],
    settings: { region: { key: 'region_name' } },
    hints: { region: 'the AWS region, e.g. us-east-1' },
  },
  nvidia: { type: 'nvidia', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://nemo-guardrails.<namespace>.svc:7331' } },
  sambanova: { type: 'sambanova', required: ['apiKey'], httpEndpoint: true },
  passthrough: { type: 'passthrough', required: ['endpoint'], httpEndpoint: true },
};

/** A safety provider: runs shields. */
export class SafetyProvider extends Provider {
  /** AWS Bedrock Guardrails; `region` becomes `region_name`. */
  public static bedrock(options: BedrockOptions): SafetyProvider {
    return new SafetyProvider('bedrock', options);
  }

  /**
   * NVIDIA NeMo Guardrails service. Servers read its URL as `guardrails_service_url` (set it in
   * `settings` too when the config is not translated for a server release).
   */
  public static nvidia(options: EndpointOptions): SafetyProvider {
    return new SafetyProvider('nvidia', options);
  }

  /** SambaNova. */
  public static sambanova(options: HostedOptions): SafetyProvider {
    return new SafetyProvider('sambanova', options);
  }

  /** A passthrough to another safety service (llama-stack ≥ 0.6; servers read `base_url`). */
  public static passthrough(options: SelfHostedOptions): SafetyProvider {
    return new SafetyProvider('passthrough', options);
  }

  /**
   * Any other remote safety provider.
   * @param provider the provider type without `remote::`
   */
  public static custom(provider: string, options: ProviderOptions = {}): SafetyProvider {
    return new SafetyProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('safety', buildProviderSpec(`SafetyProvider.${factory}`, SAFETY[factory] ?? { type: customType as string }, options));
  }
}
