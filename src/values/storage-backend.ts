import { SecretRef } from './secret-ref';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { ConfigProblem, fail, LlamaStackConfigError } from '../core/errors';
import { quoteUrl } from '../core/redact';
import { KVStorageSpec, PostgresCaCertificate, PostgresTuning, SQLStorageSpec } from '../spec/spec';

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
  /**
   * TLS to the server (libpq `sslmode`): `disable`, `allow`, `prefer`, `require`, `verify-ca` or
   * `verify-full`. Written as `ssl_mode` of `kv_postgres`, and as `PGSSLMODE` for the SQL store's driver.
   * @default - the driver's default (`prefer`: encrypted if the server offers it, unverified)
   */
  readonly sslMode?: string;
  /**
   * The CA that signs the server's certificate, from a ConfigMap: mounted read-only in the pod and
   * named by `ca_cert_path` (`kv_postgres`) and `PGSSLROOTCERT`. Use with `sslMode: 'verify-full'`.
   * @default - the image's trust store
   */
  readonly caCertificate?: PostgresCaCertificate;
  /** Connections kept open (`pool_size`, OGX 1.0+). @default 5 */
  readonly poolSize?: number;
  /** Connections beyond the pool (`max_overflow`, OGX 1.0+). @default 10 */
  readonly maxOverflow?: number;
  /** Seconds a statement may run (`command_timeout` of `kv_postgres`, OGX 1.1+). @default 30 */
  readonly commandTimeout?: number;
}


const POSTGRES_OPTIONS = optionNames<PostgresOptions>({
  host: true,
  port: true,
  db: true,
  user: true,
  password: true,
  connectionString: true,
  sslMode: true,
  caCertificate: true,
  poolSize: true,
  maxOverflow: true,
  commandTimeout: true,
});
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
    options = snapshotOptions(options, 'StorageBackend.redis(options)', { type: 'RedisOptions', names: optionNames<RedisOptions>({ endpoint: true, password: true }) });
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

  /** PostgreSQL: the SQL store, and on server targets the key-value store (`kv_postgres`). */
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
    const tuning = pruned({
      sslMode: o.sslMode,
      caCertificate: o.caCertificate,
      poolSize: o.poolSize,
      maxOverflow: o.maxOverflow,
      commandTimeout: o.commandTimeout,
    }) as PostgresTuning | undefined;
    const fields: SQLStorageSpec = {
      type: 'postgres',
      ...(o.connectionString ? { connectionString: o.connectionString.toSpec() } : {}),
      ...(o.host ? { host: o.host, port: o.port ?? 5432, db: o.db ?? 'llamastack', user: o.user } : {}),
      ...(o.password ? { password: o.password.toSpec() } : {}),
      ...(tuning ? { tuning } : {}),
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

  /**
   * As `spec.storage.kv`. Postgres is `kv_postgres` on server targets (a library extension of the
   * v1alpha2 API, which the operator pipeline refuses); it needs host, user and password.
   */
  public toKvSpec(): KVStorageSpec {
    const problem = this._roleProblem('kv');
    if (problem) throw new LlamaStackConfigError([problem]);
    if (this.type === 'postgres') {
      const f = this.sqlFields!;
      return { type: 'postgres', host: f.host!, port: f.port, db: f.db, user: f.user, ...(f.password ? { password: f.password } : {}), ...(f.tuning ? { tuning: f.tuning } : {}) };
    }
    if (this.type === 'sqlite') return { type: 'sqlite' };
    return { type: 'redis', endpoint: this.endpoint, ...(this.secret ? { password: this.secret.toSpec() } : {}) };
  }

  /** As `spec.storage.sql`; fails for redis. */
  public toSqlSpec(): SQLStorageSpec {
    const problem = this._roleProblem('sql');
    if (problem) throw new LlamaStackConfigError([problem]);
    if (this.type === 'sqlite') return { type: 'sqlite' };
    return { ...this.sqlFields! };
  }

  /**
   * What keeps this backend out of a role: `kv` (`props.kvStorage`, spec.storage.kv) or `sql`
   * (`props.sqlStorage`, spec.storage.sql); undefined when it fits.
   * @internal
   */
  public _roleProblem(role: 'kv' | 'sql'): ConfigProblem | undefined {
    if (role === 'kv' && this.type === 'postgres' && !this.sqlFields!.host) {
      return {
        path: 'props.kvStorage',
        message: 'a postgres key-value store (kv_postgres) needs host, user and password: no release reads a connection string',
        fix: `use StorageBackend.postgres({ host, db, user, password: ${SECRET_FIX} })`,
      };
    }
    if (role === 'sql' && this.type === 'redis') {
      return { path: 'props.sqlStorage', message: 'redis is not an SQL backend in the v1alpha2 API', fix: 'use StorageBackend.postgres(...) or StorageBackend.sqlite() for sqlStorage' };
    }
    return undefined;
  }
}

function pruned(obj: { [key: string]: unknown }): object | undefined {
  const out: { [key: string]: unknown } = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined && v !== null) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}
