import { SecretRef } from '../secret-ref';
import { EndpointProviderOptions, HostedProviderOptions, Provider, ProviderOptions } from './provider';
import { API_KEY_HINT, ENDPOINT_HINT } from './required';

/** Options of `InferenceProvider.bedrock`. */
export interface BedrockOptions {
  /** AWS region, e.g. `us-east-1` (config key `region_name`). */
  readonly region: string;
  /** @default "bedrock" */
  readonly id?: string;
  /** Bedrock API key (bearer token). @default - the pod's AWS credentials */
  readonly apiKey?: SecretRef;
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** Options of `InferenceProvider.azure`. */
export interface AzureOptions {
  /** Azure OpenAI endpoint, e.g. `https://<resource>.openai.azure.com/openai/v1`. */
  readonly endpoint: string;
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
  /** Deployment name of the model (config key `deployment_name`). */
  readonly deploymentName: string;
  /** API version (config key `api_version`). @default - the provider's default */
  readonly apiVersion?: string;
  /** @default "azure" */
  readonly id?: string;
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** Options of `InferenceProvider.watsonx`. */
export interface WatsonxOptions {
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
  /** watsonx.ai project id (config key `project_id`). */
  readonly projectId: string;
  /** @default - the service's public endpoint */
  readonly endpoint?: string;
  /** @default "watsonx" */
  readonly id?: string;
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** An inference provider: where models run. */
export class InferenceProvider extends Provider {
  /** A vLLM server (OpenAI-compatible). */
  public static vllm(options: EndpointProviderOptions): InferenceProvider {
    return new InferenceProvider('vllm', options, 'InferenceProvider.vllm', { endpoint: ENDPOINT_HINT });
  }
  /** An Ollama server. */
  public static ollama(options: EndpointProviderOptions): InferenceProvider {
    return new InferenceProvider('ollama', options, 'InferenceProvider.ollama', { endpoint: ENDPOINT_HINT });
  }
  /** OpenAI. */
  public static openai(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('openai', options);
  }
  /** Anthropic. */
  public static anthropic(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('anthropic', options);
  }
  /** Google Gemini. */
  public static gemini(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('gemini', options);
  }
  /** Together AI. */
  public static together(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('together', options);
  }
  /** Fireworks AI. */
  public static fireworks(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('fireworks', options);
  }
  /** Groq. */
  public static groq(options: HostedProviderOptions): InferenceProvider {
    return InferenceProvider.hosted('groq', options);
  }
  /** NVIDIA NIM (hosted, or self-hosted with `endpoint`). */
  public static nvidia(options: ProviderOptions = {}): InferenceProvider {
    return new InferenceProvider('nvidia', options, 'InferenceProvider.nvidia');
  }
  /** AWS Bedrock. */
  public static bedrock(options: BedrockOptions): InferenceProvider {
    return new InferenceProvider('bedrock', options, 'InferenceProvider.bedrock',
      { region: 'pass region: the AWS region, e.g. us-east-1' }, { region_name: options?.region });
  }
  /** Azure OpenAI. */
  public static azure(options: AzureOptions): InferenceProvider {
    return new InferenceProvider('azure', options, 'InferenceProvider.azure', {
      endpoint: 'pass endpoint: https://<resource>.openai.azure.com/openai/v1',
      apiKey: API_KEY_HINT,
      deploymentName: 'pass deploymentName: the Azure deployment of the model',
    }, { deployment_name: options?.deploymentName, ...(options?.apiVersion ? { api_version: options.apiVersion } : {}) });
  }
  /** IBM watsonx.ai. */
  public static watsonx(options: WatsonxOptions): InferenceProvider {
    return new InferenceProvider('watsonx', options, 'InferenceProvider.watsonx',
      { apiKey: API_KEY_HINT, projectId: 'pass projectId: the watsonx.ai project id' }, { project_id: options?.projectId });
  }
  /** Any other remote provider type. */
  public static custom(providerType: string, options: ProviderOptions = {}): InferenceProvider {
    return new InferenceProvider(providerType, options, 'InferenceProvider.custom');
  }

  private static hosted(type: string, options: HostedProviderOptions): InferenceProvider {
    return new InferenceProvider(type, options, `InferenceProvider.${type}`, { apiKey: API_KEY_HINT });
  }

  private constructor(type: string, options: ProviderOptions, where: string, required?: { [o: string]: string }, extra?: { [k: string]: any }) {
    super('inference', type, options, where, required, extra);
  }
}
