import { SecretRef } from '../secret-ref';
import { EndpointOptions, Provider, ProviderBaseOptions, ProviderOptions, SelfHostedOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';

/** Options of `VectorIoProvider.pgvector`. */
export interface PgvectorOptions extends ProviderBaseOptions {
  /** Database host, e.g. `pgvector.data.svc`. */
  readonly host: string;
  /** Password held in a Secret (config key `password`). */
  readonly password: SecretRef;
  /**
   * Database port.
   * @default 5432
   */
  readonly port?: number;
  /**
   * Database name.
   * @default "postgres"
   */
  readonly db?: string;
  /**
   * Database user.
   * @default "postgres"
   */
  readonly user?: string;
}

const VECTOR_IO: RuleTable = {
  pgvector: {
    type: 'pgvector',
    required: ['host', 'password'],
    settings: { host: { key: 'host' }, port: { key: 'port', kind: 'port' }, db: { key: 'db' }, user: { key: 'user' } },
    secrets: { password: 'password' },
    hints: { host: 'the database host, e.g. pgvector.<namespace>.svc' },
  },
  qdrant: { type: 'qdrant', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://qdrant.<namespace>.svc:6333' } },
  chromadb: { type: 'chromadb', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://chromadb.<namespace>.svc:8000' } },
  weaviate: { type: 'weaviate', required: ['endpoint'], hints: { endpoint: 'the cluster URL, e.g. weaviate.<namespace>.svc:8080' } },
  milvus: { type: 'milvus', required: ['endpoint'], httpEndpoint: true, hints: { endpoint: 'http://milvus.<namespace>.svc:19530' } },
  elasticsearch: { type: 'elasticsearch', required: ['endpoint'], hints: { endpoint: 'the cluster URL, e.g. http://elasticsearch.<namespace>.svc:9200' } },
};

/**
 * A vector IO provider: vector stores. Servers read some endpoints under their own keys
 * (weaviate `weaviate_cluster_url`, milvus `uri` and `token`, elasticsearch `elasticsearch_url`).
 */
export class VectorIoProvider extends Provider {
  /** PostgreSQL with pgvector; `host`, `port`, `db`, `user` become settings and `password` a secret. */
  public static pgvector(options: PgvectorOptions): VectorIoProvider {
    return new VectorIoProvider('pgvector', options);
  }

  /** A Qdrant server. */
  public static qdrant(options: SelfHostedOptions): VectorIoProvider {
    return new VectorIoProvider('qdrant', options);
  }

  /** A ChromaDB server. */
  public static chromadb(options: EndpointOptions): VectorIoProvider {
    return new VectorIoProvider('chromadb', options);
  }

  /** A Weaviate cluster. */
  public static weaviate(options: SelfHostedOptions): VectorIoProvider {
    return new VectorIoProvider('weaviate', options);
  }

  /** A Milvus server (`apiKey` is its token). */
  public static milvus(options: SelfHostedOptions): VectorIoProvider {
    return new VectorIoProvider('milvus', options);
  }

  /** An Elasticsearch cluster (llama-stack ≥ 0.5). */
  public static elasticsearch(options: SelfHostedOptions): VectorIoProvider {
    return new VectorIoProvider('elasticsearch', options);
  }

  /**
   * Any other remote vector IO provider.
   * @param provider the provider type without `remote::`
   */
  public static custom(provider: string, options: ProviderOptions = {}): VectorIoProvider {
    return new VectorIoProvider('custom', options, provider);
  }

  private constructor(factory: string, options: object, customType?: string) {
    super('vector_io', buildProviderSpec(`VectorIoProvider.${factory}`, VECTOR_IO[factory] ?? { type: customType as string }, options));
  }
}
