import { SecretRef } from '../secret-ref';
import { EndpointProviderOptions, HostedProviderOptions, Provider, ProviderOptions } from './provider';
import { API_KEY_HINT, ENDPOINT_HINT, requireOptions } from './required';

/** A safety provider: runs shields. */
export class SafetyProvider extends Provider {
  /** AWS Bedrock guardrails. */
  public static bedrock(options: ProviderOptions = {}): SafetyProvider {
    return new SafetyProvider('bedrock', options, 'SafetyProvider.bedrock');
  }
  /** NVIDIA NeMo Guardrails service. */
  public static nvidia(options: EndpointProviderOptions): SafetyProvider {
    return new SafetyProvider('nvidia', options, 'SafetyProvider.nvidia', { endpoint: ENDPOINT_HINT });
  }
  /** SambaNova. */
  public static sambanova(options: HostedProviderOptions): SafetyProvider {
    return new SafetyProvider('sambanova', options, 'SafetyProvider.sambanova', { apiKey: API_KEY_HINT });
  }
  /** A passthrough to another safety service. */
  public static passthrough(options: EndpointProviderOptions): SafetyProvider {
    return new SafetyProvider('passthrough', options, 'SafetyProvider.passthrough', { endpoint: ENDPOINT_HINT });
  }
  /** Any other remote provider type. */
  public static custom(providerType: string, options: ProviderOptions = {}): SafetyProvider {
    return new SafetyProvider(providerType, options, 'SafetyProvider.custom');
  }
  private constructor(type: string, options: ProviderOptions, where: string, required?: { [o: string]: string }) {
    super('safety', type, options, where, required);
  }
}

/** Options of `VectorIoProvider.pgvector`. */
export interface PgvectorOptions {
  /** Database host. */
  readonly host: string;
  /** Database name. */
  readonly db: string;
  /** Database user. */
  readonly user: string;
  /** Password held in a Secret. */
  readonly password: SecretRef;
  /** @default 5432 */
  readonly port?: number;
  /** @default "pgvector" */
  readonly id?: string;
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** A vector IO provider: vector stores. */
export class VectorIoProvider extends Provider {
  /** PostgreSQL with pgvector. */
  public static pgvector(options: PgvectorOptions): VectorIoProvider {
    requireOptions('VectorIoProvider.pgvector', options, {
      host: 'pass host', db: 'pass db: the database name', user: 'pass user', password: 'pass password: SecretRef.fromSecretName(<secret>, <key>)',
    });
    return new VectorIoProvider('pgvector', { id: options.id, settings: options.settings, secretRefs: { password: options.password } },
      'VectorIoProvider.pgvector', {}, { host: options.host, port: options.port ?? 5432, db: options.db, user: options.user });
  }
  /** Qdrant. */
  public static qdrant(options: ProviderOptions = {}): VectorIoProvider {
    return new VectorIoProvider('qdrant', options, 'VectorIoProvider.qdrant');
  }
  /** ChromaDB server. */
  public static chromadb(options: EndpointProviderOptions): VectorIoProvider {
    return new VectorIoProvider('chromadb', options, 'VectorIoProvider.chromadb', { endpoint: ENDPOINT_HINT });
  }
  /** Weaviate. */
  public static weaviate(options: EndpointProviderOptions): VectorIoProvider {
    return new VectorIoProvider('weaviate', options, 'VectorIoProvider.weaviate', { endpoint: ENDPOINT_HINT });
  }
  /** Milvus server. */
  public static milvus(options: EndpointProviderOptions): VectorIoProvider {
    return new VectorIoProvider('milvus', options, 'VectorIoProvider.milvus', { endpoint: ENDPOINT_HINT });
  }
  /** Elasticsearch. */
  public static elasticsearch(options: EndpointProviderOptions): VectorIoProvider {
    return new VectorIoProvider('elasticsearch', options, 'VectorIoProvider.elasticsearch', { endpoint: ENDPOINT_HINT });
  }
  /** Any other remote provider type. */
  public static custom(providerType: string, options: ProviderOptions = {}): VectorIoProvider {
    return new VectorIoProvider(providerType, options, 'VectorIoProvider.custom');
  }
  private constructor(type: string, options: ProviderOptions, where: string, required?: { [o: string]: string }, extra?: { [k: string]: any }) {
    super('vector_io', type, options, where, required, extra);
  }
}

/** A tool runtime provider: tools agents can call. */
export class ToolRuntimeProvider extends Provider {
  /** Brave Search. */
  public static braveSearch(options: HostedProviderOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('brave-search', options, 'ToolRuntimeProvider.braveSearch', { apiKey: API_KEY_HINT });
  }
  /** Tavily Search. */
  public static tavilySearch(options: HostedProviderOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('tavily-search', options, 'ToolRuntimeProvider.tavilySearch', { apiKey: API_KEY_HINT });
  }
  /** Wolfram Alpha. */
  public static wolframAlpha(options: HostedProviderOptions): ToolRuntimeProvider {
    return new ToolRuntimeProvider('wolfram-alpha', options, 'ToolRuntimeProvider.wolframAlpha', { apiKey: API_KEY_HINT });
  }
  /** Model Context Protocol servers. */
  public static modelContextProtocol(options: ProviderOptions = {}): ToolRuntimeProvider {
    return new ToolRuntimeProvider('model-context-protocol', options, 'ToolRuntimeProvider.modelContextProtocol');
  }
  /** Any other remote provider type. */
  public static custom(providerType: string, options: ProviderOptions = {}): ToolRuntimeProvider {
    return new ToolRuntimeProvider(providerType, options, 'ToolRuntimeProvider.custom');
  }
  private constructor(type: string, options: ProviderOptions, where: string, required?: { [o: string]: string }) {
    super('tool_runtime', type, options, where, required);
  }
}

/** A telemetry provider (API removed from servers since llama-stack 0.4; kept for the v1alpha2 API). */
export class TelemetryProvider extends Provider {
  /** An OpenTelemetry collector. */
  public static otel(options: EndpointProviderOptions): TelemetryProvider {
    return new TelemetryProvider('otel', options, 'TelemetryProvider.otel', { endpoint: ENDPOINT_HINT });
  }
  /** Any other remote provider type. */
  public static custom(providerType: string, options: ProviderOptions = {}): TelemetryProvider {
    return new TelemetryProvider(providerType, options, 'TelemetryProvider.custom');
  }
  private constructor(type: string, options: ProviderOptions, where: string, required?: { [o: string]: string }) {
    super('telemetry', type, options, where, required);
  }
}
