import { RemoteInferenceOptions } from './network';
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

/** Options of `InferenceProvider.bedrock`: the region, and the HTTP client of the release's bedrock provider. */
export interface BedrockInferenceOptions extends BedrockOptions, RemoteInferenceOptions {}

/** Options of `InferenceProvider.vllm`: its address, an optional API key, and its HTTP client (`network`). */
export interface SelfHostedInferenceOptions extends SelfHostedOptions, RemoteInferenceOptions {}

/** Options of `InferenceProvider.ollama`: its address and its HTTP client (`network`). */
export interface EndpointInferenceOptions extends EndpointOptions, RemoteInferenceOptions {}

/** Options of a hosted inference API (OpenAI, Together…): an API key, optionally another endpoint, and the HTTP client. */
export interface HostedInferenceOptions extends HostedOptions, RemoteInferenceOptions {}

/** Options of a hosted inference API without an endpoint setting (Anthropic, Gemini): an API key and the HTTP client. */
export interface ApiKeyInferenceOptions extends ApiKeyOptions, RemoteInferenceOptions {}

/** Options of `InferenceProvider.nvidia` and `custom`: endpoint and API key optional, and the HTTP client of a remote provider. */
export interface InferenceProviderOptions extends ProviderOptions, RemoteInferenceOptions {}

/**
 * Options of `InferenceProvider.azure`. The model's Azure deployment is named per model
 * (`ModelConfig.providerModelId`), as the release's azure provider reads it.
 */
export interface AzureOptions extends EndpointOptions, RemoteInferenceOptions {
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
  /**
   * API version (config key `api_version`), e.g. `2024-10-21`.
   * @default - none (the `/openai/v1` endpoint needs none)
   */
  readonly apiVersion?: string;
}

/** Options of `InferenceProvider.watsonx`. */
export interface WatsonxOptions extends HostedOptions, RemoteInferenceOptions {
  /** watsonx.ai project id (config key `project_id`); every request needs one. */
  readonly projectId: string;
}

/**
 * One rule per factory. `endpoint` and `apiKey` stay in the v1alpha2 fields (written as `url` and
 * `api_key`); fields the API has no place for go to `settings` under the key the server reads.
 */
const INFERENCE: RuleTable = {
  vllm: { type: 'vllm', network: true, required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://vllm.<namespace>.svc:8000/v1' } },
  ollama: { type: 'ollama', network: true, required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://ollama.<namespace>.svc:11434/v1' } },
  openai: { type: 'openai', network: true, required: ['apiKey'], httpEndpoint: true },
  anthropic: { type: 'anthropic', network: true, required: ['apiKey'] },
  gemini: { type: 'gemini', network: true, required: ['apiKey'] },
  together: { type: 'together', network: true, required: ['apiKey'], httpEndpoint: true },
  fireworks: { type: 'fireworks', network: true, required: ['apiKey'], httpEndpoint: true },
  groq: { type: 'groq', network: true, required: ['apiKey'], httpEndpoint: true },
  nvidia: { type: 'nvidia', network: true, httpEndpoint: true },
  bedrock: {
    type: 'bedrock',
    network: true,
    required: ['region'],
    settings: { region: { key: 'region_name' } },
    hints: { region: 'the AWS region, e.g. us-east-1' },
  },
  azure: {
    type: 'azure',
    network: true,
    required: ['endpoint', 'apiKey'],
    settings: { apiVersion: { key: 'api_version' } },
    httpEndpoint: true,
    hints: { endpoint: 'https://<resource>.openai.azure.com/openai/v1' },
  },
  mistral: { type: 'mistral', network: true, required: ['apiKey'], httpEndpoint: true },
  deepseek: { type: 'deepseek', network: true, required: ['apiKey'], httpEndpoint: true },
  meta: { type: 'meta', network: true, required: ['apiKey'], httpEndpoint: true },
  watsonx: {
    type: 'watsonx',
    network: true,
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
  public static vllm(options: SelfHostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('vllm', options);
  }

  /** An Ollama server, e.g. `endpoint: 'http://ollama.models.svc:11434/v1'`. */
  public static ollama(options: EndpointInferenceOptions): InferenceProvider {
    return new InferenceProvider('ollama', options);
  }

  /** OpenAI (or an OpenAI-compatible service with `endpoint`). */
  public static openai(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('openai', options);
  }

  /** Anthropic. */
  public static anthropic(options: ApiKeyInferenceOptions): InferenceProvider {
    return new InferenceProvider('anthropic', options);
  }

  /** Google Gemini (API key). */
  public static gemini(options: ApiKeyInferenceOptions): InferenceProvider {
    return new InferenceProvider('gemini', options);
  }

  /** Together AI. */
  public static together(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('together', options);
  }

  /** Fireworks AI. */
  public static fireworks(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('fireworks', options);
  }

  /** Groq. */
  public static groq(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('groq', options);
  }

  /** NVIDIA: the hosted API (`apiKey`) or a self-hosted NIM (`endpoint`). */
  public static nvidia(options: InferenceProviderOptions = {}): InferenceProvider {
    return new InferenceProvider('nvidia', options);
  }

  /** AWS Bedrock; `region` becomes `region_name`. */
  public static bedrock(options: BedrockInferenceOptions): InferenceProvider {
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
  public static mistral(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('mistral', options);
  }

  /** DeepSeek (`remote::deepseek`, OGX 1.3): `apiKey` becomes `api_key`, `endpoint` `base_url`. */
  public static deepseek(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('deepseek', options);
  }

  /** Meta's Llama API (`remote::meta`, OGX 1.3): `apiKey` becomes `api_key`, `endpoint` `base_url`. */
  public static meta(options: HostedInferenceOptions): InferenceProvider {
    return new InferenceProvider('meta', options);
  }

  /**
   * Any other inference provider of the release, e.g. `custom('sambanova', { apiKey })` or
   * `custom('inline::sentence-transformers', { id: 'embeddings' })`.
   * @param provider the provider type: bare for `remote::` types, or with its `inline::` / `remote::` prefix
   */
  public static custom(provider: string, options: InferenceProviderOptions = {}): InferenceProvider {
    return new InferenceProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('inference', buildProviderSpec(`InferenceProvider.${factory}`, INFERENCE[factory] ?? { type: customType as string, network: true }, options));
  }
}
