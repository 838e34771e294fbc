import { fail } from './config/errors';
import { KVStorageSpec, SQLStorageSpec } from './config/spec';
import { SecretRef } from './secret-ref';

/** Options of `StorageBackend.redis`. */
export interface RedisOptions {
  /** Redis endpoint, e.g. `redis://redis.cache.svc:6379`. */
  readonly endpoint: string;
  /** @default - no password */
  readonly password?: SecretRef;
}

/** Options of `StorageBackend.postgres`. */
export interface PostgresOptions {
  /** Secret key holding the connection string (`postgresql://user:pass@host:5432/db`). */
  readonly connectionString: SecretRef;
}

/** Where the server keeps its state: `kvStorage` (sqlite or redis) and `sqlStorage` (sqlite or postgres). */
export class StorageBackend {
  /** SQLite files on the server's data volume. */
  public static sqlite(): StorageBackend {
    return new StorageBackend('sqlite', undefined, undefined, undefined);
  }

  /** Redis (key-value store only). */
  public static redis(options: RedisOptions): StorageBackend {
    if (!options || typeof options.endpoint !== 'string' || options.endpoint.trim() === '') {
      fail('StorageBackend.redis(endpoint)', 'endpoint is required', 'pass endpoint: redis://<host>:6379');
    }
    return new StorageBackend('redis', options.endpoint, options.password, undefined);
  }

  /** PostgreSQL (SQL store only). */
  public static postgres(options: PostgresOptions): StorageBackend {
    if (!options || !(options.connectionString instanceof SecretRef)) {
      fail('StorageBackend.postgres(connectionString)', 'connectionString is required', 'pass connectionString: SecretRef.fromSecretName(<secret>, <key>)');
    }
    return new StorageBackend('postgres', undefined, undefined, options.connectionString);
  }

  /** `sqlite`, `redis` or `postgres`. */
  public readonly type: string;

  private constructor(type: string, private readonly endpoint?: string, private readonly password?: SecretRef,
    private readonly connectionString?: SecretRef) {
    this.type = type;
  }

  /** As `spec.storage.kv`. */
  public toKvSpec(): KVStorageSpec {
    if (this.type === 'postgres') {
      fail('kvStorage', 'postgres is not a key-value backend in the v1alpha2 API', 'use StorageBackend.redis(...) or StorageBackend.sqlite() for kvStorage');
    }
    return this.type === 'redis'
      ? { type: 'redis', endpoint: this.endpoint, ...(this.password ? { password: this.password.toSpec() } : {}) }
      : { type: 'sqlite' };
  }

  /** As `spec.storage.sql`. */
  public toSqlSpec(): SQLStorageSpec {
    if (this.type === 'redis') {
      fail('sqlStorage', 'redis is not an SQL backend', 'use StorageBackend.postgres(...) or StorageBackend.sqlite() for sqlStorage');
    }
    return this.type === 'postgres' ? { type: 'postgres', connectionString: this.connectionString!.toSpec() } : { type: 'sqlite' };
  }
}
