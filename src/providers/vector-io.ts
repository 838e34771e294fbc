import { EndpointOptions, Provider, ProviderBaseOptions, ProviderOptions, SelfHostedOptions } from './provider';
import { buildProviderSpec, RuleTable } from './rules';
import { SecretRef } from '../values/secret-ref';

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

/** Options of `VectorIoProvider.neo4j`. */
export interface Neo4jOptions extends ProviderBaseOptions {
  /** Bolt URI of the database (`uri`), e.g. `bolt://neo4j.<namespace>.svc:7687`. */
  readonly uri: string;
  /** Password held in a Secret (config key `password`). */
  readonly password: SecretRef;
  /**
   * Database user (`user`).
   * @default "neo4j"
   */
  readonly user?: string;
  /**
   * Database name (`database`).
   * @default "neo4j"
   */
  readonly database?: string;
  /**
   * Expand search hits over the graph's relationships (`graph_retrieval_enabled`).
   * @default false
   */
  readonly graphRetrieval?: boolean;
}

const VECTOR_IO: RuleTable = {
  neo4j: {
    type: 'neo4j',
    required: ['uri', 'password'],
    settings: { uri: { key: 'uri' }, user: { key: 'user' }, database: { key: 'database' }, graphRetrieval: { key: 'graph_retrieval_enabled', kind: 'boolean' } },
    secrets: { password: 'password' },
    hints: { uri: 'the Bolt URI, e.g. bolt://neo4j.<namespace>.svc:7687' },
  },
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
   * A Neo4j database (`remote::neo4j`, OGX 1.3): `uri`, `user`, `database` and `graphRetrieval`
   * (`graph_retrieval_enabled`) become settings and `password` a secret; its `persistence` KV
   * store is the base config's `kv_default`.
   */
  public static neo4j(options: Neo4jOptions): VectorIoProvider {
    return new VectorIoProvider('neo4j', options);
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
