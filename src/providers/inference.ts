import {
  ApiKeyOptions, EndpointOptions, HostedOptions, Provider, ProviderBaseOptions, ProviderOptions, SelfHostedOptions,
} from './provider';
import { buildProviderSpec, RuleTable } from './rules';
import { SecretRef } from '../values/secret-ref';

/** Options of `InferenceProvider.bedrock` and `SafetyProvider.bedrock`. */
export interface BedrockOptions extends ProviderBaseOptions {
  /** AWS region, e.g. `us-east-1` (config key `region_name`). */
  readonly region: string;
  /**
   * Bedrock API key (bearer token, llama-stack ≥ 0.4).
   * @default - the pod's AWS credentials
   */
  readonly apiKey?: SecretRef;
}

/**
 * Options of `InferenceProvider.azure`. The model's Azure deployment is named per model
 * (`ModelConfig.providerModelId`), as the release's azure provider reads it.
 */
export interface AzureOptions extends EndpointOptions {
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
  /**
   * API version (config key `api_version`), e.g. `2024-10-21`.
   * @default - none (the `/openai/v1` endpoint needs none)
   */
  readonly apiVersion?: string;
}

/** Options of `InferenceProvider.watsonx`. */
export interface WatsonxOptions extends HostedOptions {
  /** watsonx.ai project id (config key `project_id`); every request needs one. */
  readonly projectId: string;
}

/**
 * One rule per factory. `endpoint` and `apiKey` stay in the v1alpha2 fields (written as `url` and
 * `api_key`); fields the API has no place for go to `settings` under the key the server reads.
 */
const INFERENCE: RuleTable = {
  vllm: { type: 'vllm', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://vllm.<namespace>.svc:8000/v1' } },
  ollama: { type: 'ollama', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://ollama.<namespace>.svc:11434/v1' } },
  openai: { type: 'openai', required: ['apiKey'], httpEndpoint: true },
  anthropic: { type: 'anthropic', required: ['apiKey'] },
  gemini: { type: 'gemini', required: ['apiKey'] },
  together: { type: 'together', required: ['apiKey'], httpEndpoint: true },
  fireworks: { type: 'fireworks', required: ['apiKey'], httpEndpoint: true },
  groq: { type: 'groq', required: ['apiKey'], httpEndpoint: true },
  nvidia: { type: 'nvidia', httpEndpoint: true },
  bedrock: {
    type: 'bedrock',
    required: ['region'],
    settings: { region: { key: 'region_name' } },
    hints: { region: 'the AWS region, e.g. us-east-1' },
  },
  azure: {
    type: 'azure',
    required: ['endpoint', 'apiKey'],
    settings: { apiVersion: { key: 'api_version' } },
    httpEndpoint: true,
    hints: { endpoint: 'https://<resource>.openai.azure.com/openai/v1' },
  },
  mistral: { type: 'mistral', required: ['apiKey'], httpEndpoint: true },
  deepseek: { type: 'deepseek', required: ['apiKey'], httpEndpoint: true },
  meta: { type: 'meta', required: ['apiKey'], httpEndpoint: true },
  watsonx: {
    type: 'watsonx',
    required: ['apiKey', 'projectId'],
    settings: { projectId: { key: 'project_id' } },
    httpEndpoint: true,
    hints: { projectId: 'the watsonx.ai project id' },
  },
};

/**
 * An inference provider: where models run. Each factory checks the fields its provider needs and
 * throws a `LlamaStackConfigError` naming any that is missing.
 */
export class InferenceProvider extends Provider {
  /** A vLLM server (OpenAI-compatible), e.g. `endpoint: 'http://vllm.models.svc:8000/v1'`. */
  public static vllm(options: SelfHostedOptions): InferenceProvider {
    return new InferenceProvider('vllm', options);
  }

  /** An Ollama server, e.g. `endpoint: 'http://ollama.models.svc:11434/v1'`. */
  public static ollama(options: EndpointOptions): InferenceProvider {
    return new InferenceProvider('ollama', options);
  }

  /** OpenAI (or an OpenAI-compatible service with `endpoint`). */
  public static openai(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('openai', options);
  }

  /** Anthropic. */
  public static anthropic(options: ApiKeyOptions): InferenceProvider {
    return new InferenceProvider('anthropic', options);
  }

  /** Google Gemini (API key). */
  public static gemini(options: ApiKeyOptions): InferenceProvider {
    return new InferenceProvider('gemini', options);
  }

  /** Together AI. */
  public static together(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('together', options);
  }

  /** Fireworks AI. */
  public static fireworks(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('fireworks', options);
  }

  /** Groq. */
  public static groq(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('groq', options);
  }

  /** NVIDIA: the hosted API (`apiKey`) or a self-hosted NIM (`endpoint`). */
  public static nvidia(options: ProviderOptions = {}): InferenceProvider {
    return new InferenceProvider('nvidia', options);
  }

  /** AWS Bedrock; `region` becomes `region_name`. */
  public static bedrock(options: BedrockOptions): InferenceProvider {
    return new InferenceProvider('bedrock', options);
  }

  /** Azure OpenAI; `apiVersion` becomes `api_version`. Name each model's deployment with `providerModelId`. */
  public static azure(options: AzureOptions): InferenceProvider {
    return new InferenceProvider('azure', options);
  }

  /** IBM watsonx.ai; `projectId` becomes `project_id`. */
  public static watsonx(options: WatsonxOptions): InferenceProvider {
    return new InferenceProvider('watsonx', options);
  }

  /** Mistral AI (`remote::mistral`, OGX 1.3): `apiKey` becomes `api_key`, `endpoint` `base_url`. */
  public static mistral(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('mistral', options);
  }

  /** DeepSeek (`remote::deepseek`, OGX 1.3): `apiKey` becomes `api_key`, `endpoint` `base_url`. */
  public static deepseek(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('deepseek', options);
  }

  /** Meta's Llama API (`remote::meta`, OGX 1.3): `apiKey` becomes `api_key`, `endpoint` `base_url`. */
  public static meta(options: HostedOptions): InferenceProvider {
    return new InferenceProvider('meta', options);
  }

  /**
   * Any other inference provider of the release, e.g. `custom('sambanova', { apiKey })` or
   * `custom('inline::sentence-transformers', { id: 'embeddings' })`.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: ProviderOptions = {}): InferenceProvider {
    return new InferenceProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('inference', buildProviderSpec(`InferenceProvider.${factory}`, INFERENCE[factory] ?? { type: customType as string }, options));
  }
}
