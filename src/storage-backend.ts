import { KVStorageSpec, SQLStorageSpec } from './config/spec';
import { brand, isMadeBy } from './core/brand';
import { snapshotOptions } from './core/checked';
import { fail } from './core/errors';
import { quoteUrl } from './core/redact';
import { SecretRef } from './secret-ref';

/** Options of `StorageBackend.redis`. */
export interface RedisOptions {
  /** Redis endpoint: `redis://<host>:6379` or `rediss://…` (recommended), or `<host>:<port>`. */
  readonly endpoint: string;
  /**
   * Password held in a Secret.
   * @default - no password
   */
  readonly password?: SecretRef;
}

/**
 * Options of `StorageBackend.postgres`: the fields real servers read (host, port, db, user,
 * password), or a connection string (what the operator pipeline writes; no server release reads
 * it). Either or both.
 */
export interface PostgresOptions {
  /** @default - none (give host, user and password) */
  readonly host?: string;
  /** @default 5432 */
  readonly port?: number;
  /** @default "llamastack" */
  readonly db?: string;
  /** @default - none */
  readonly user?: string;
  /** Password held in a Secret. @default - none */
  readonly password?: SecretRef;
  /** Secret key holding `postgresql://user:pass@host:5432/db`. @default - none */
  readonly connectionString?: SecretRef;
}

const POSTGRES_OPTIONS = ['host', 'port', 'db', 'user', 'password', 'connectionString'];
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';
const REDIS_URL = /^rediss?:\/\/\S+$/;
const HOST_PORT = /^([A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

function isRedisEndpoint(endpoint: string): boolean {
  return REDIS_URL.test(endpoint) || HOST_PORT.test(endpoint) || endpoint.includes('${env.');
}

/**
 * Where the server keeps its state: `kvStorage` (sqlite or redis) and `sqlStorage` (sqlite or
 * postgres), as `spec.storage.kv` and `spec.storage.sql` of the v1alpha2 API.
 */
export class StorageBackend {
  /**
   * True for a `StorageBackend` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.StorageBackend')`, not `instanceof`.
   * @param x any value
   */
  public static isStorageBackend(x: any): x is StorageBackend {
    return isMadeBy(x, 'StorageBackend');
  }

  /**
   * `instanceof StorageBackend` holds for a StorageBackend made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isStorageBackend`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is StorageBackend {
    return isMadeBy(x, 'StorageBackend');
  }

  /** SQLite files on the server's data volume (key-value and SQL). */
  public static sqlite(): StorageBackend {
    return new StorageBackend('sqlite');
  }

  /** Redis (key-value store only). */
  public static redis(options: RedisOptions): StorageBackend {
    options = snapshotOptions(options, 'StorageBackend.redis(options)', { type: 'RedisOptions', names: ['endpoint', 'password'] });
    const endpoint: unknown = options?.endpoint;
    if (endpoint === undefined || endpoint === null || (typeof endpoint === 'string' && endpoint.trim() === '')) {
      fail('StorageBackend.redis(endpoint)', 'endpoint is required', 'pass endpoint: redis://<host>:6379');
    }
    if (typeof endpoint !== 'string' || !isRedisEndpoint(endpoint)) {
      fail('StorageBackend.redis(endpoint)', `${quoteUrl(endpoint)} is not a Redis endpoint`,
        'write redis://<host>:6379 (rediss:// for TLS) or <host>:<port>');
    }
    if (/^rediss?:\/\/[^/]*@/.test(endpoint)) {
      fail('StorageBackend.redis(endpoint)', 'the endpoint holds credentials, which would be written into the ConfigMap',
        'drop user:password@ from the endpoint and pass password: SecretRef.fromSecretName(<secret>, <key>)');
    }
    const password: unknown = options.password;
    if (password !== undefined && password !== null && !SecretRef.isSecretRef(password)) {
      fail('StorageBackend.redis(password)', 'password must be a SecretRef', `pass password: ${SECRET_FIX}`);
    }
    return new StorageBackend('redis', endpoint, options.password ?? undefined);
  }

  /** PostgreSQL (SQL store only). */
  public static postgres(options: PostgresOptions): StorageBackend {
    const o: PostgresOptions = snapshotOptions(options, 'StorageBackend.postgres(options)', { type: 'PostgresOptions', names: POSTGRES_OPTIONS }) ?? {};
    for (const key of ['connectionString', 'password'] as const) {
      if (o[key] !== undefined && o[key] !== null && !SecretRef.isSecretRef(o[key])) {
        fail(`StorageBackend.postgres(${key})`, `${key} must be a SecretRef (it holds a password)`, `pass ${key}: ${SECRET_FIX}`);
      }
    }
    if (!o.connectionString && !(o.host && o.user && o.password)) {
      fail('StorageBackend.postgres(host)', 'give host, user and password (or a connectionString for the operator pipeline)',
        `pass host: <host>, user: <user>, password: ${SECRET_FIX}`);
    }
    const fields: SQLStorageSpec = {
      type: 'postgres',
      ...(o.connectionString ? { connectionString: o.connectionString.toSpec() } : {}),
      ...(o.host ? { host: o.host, port: o.port ?? 5432, db: o.db ?? 'llamastack', user: o.user } : {}),
      ...(o.password ? { password: o.password.toSpec() } : {}),
    };
    return new StorageBackend('postgres', undefined, undefined, fields);
  }

  /** `sqlite`, `redis` or `postgres`. */
  public readonly type: string;
  private readonly endpoint?: string;
  private readonly secret?: SecretRef;

  private readonly sqlFields?: SQLStorageSpec;

  private constructor(type: string, endpoint?: string, secret?: SecretRef, sqlFields?: SQLStorageSpec) {
    brand(this, 'StorageBackend');
    this.type = type;
    this.endpoint = endpoint;
    this.secret = secret;
    this.sqlFields = sqlFields;
  }

  /** As `spec.storage.kv`; fails for postgres. */
  public toKvSpec(): KVStorageSpec {
    if (this.type === 'postgres') {
      fail('props.kvStorage', 'postgres is not a key-value backend in the v1alpha2 API', 'use StorageBackend.redis(...) or StorageBackend.sqlite() for kvStorage');
    }
    if (this.type === 'sqlite') return { type: 'sqlite' };
    return { type: 'redis', endpoint: this.endpoint, ...(this.secret ? { password: this.secret.toSpec() } : {}) };
  }

  /** As `spec.storage.sql`; fails for redis. */
  public toSqlSpec(): SQLStorageSpec {
    if (this.type === 'redis') {
      fail('props.sqlStorage', 'redis is not an SQL backend in the v1alpha2 API', 'use StorageBackend.postgres(...) or StorageBackend.sqlite() for sqlStorage');
    }
    if (this.type === 'sqlite') return { type: 'sqlite' };
    return { ...this.sqlFields! };
  }
}
