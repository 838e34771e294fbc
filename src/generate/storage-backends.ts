/**
 * `spec.storage` as the release's `storage.backends` (`kv_default`, `sql_default`) and the
 * stores that point at them. Postgres is written field by field (no release reads a connection
 * string); Redis takes host and port only.
 */
import { TargetGeneration } from './generation';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { quoteUrl } from '../core/redact';
import { mapOf } from '../core/writable-json';
import { PATHS } from '../releases/pod-paths';
import { compareVersions } from '../releases/server-target';
import { storeFields, storeRules } from '../releases/startup/release';
import { backendTypes } from '../releases/startup/stack-config';
import { envPlaceholder, STORAGE_KV_PASSWORD_ENV, STORAGE_SQL_PASSWORD_ENV, STORAGE_VECTOR_STORES_PASSWORD_ENV } from '../spec/env-names';
import { sameSqlPostgres } from '../spec/secret-env';
import { LlamaStackDistributionSpec, PostgresTuning, SQLStorageSpec } from '../spec/spec';
import { StorageBackend } from '../values/storage-backend';

/** Where problems of the generation's `vectorStoresStorage` option are found (the constructs say them at `props.vectorStoresStorage`). */
export const VECTOR_STORES_STORAGE_PATH = 'options.vectorStoresStorage';
const VECTOR_STORES_SPEC_PATH = 'spec.storage.stores.vectorStores';
const INFERENCE_QUEUE_PATH = 'spec.storage.stores.inference';
const QUEUE_FIELDS = [['maxWriteQueueSize', 'max_write_queue_size'], ['numWriters', 'num_writers']] as const;

/** `redis://[:pass@]host:port[/db]` or `host:port`. */
function parseRedis(endpoint: string): { host: string; port: number } | undefined {
  const m = /^(?:rediss?:\/\/)?(?:[^@/]*@)?([^:/]+)(?::(\d+))?(?:\/.*)?$/.exec(endpoint.trim());
  return m ? { host: m[1], port: m[2] ? Number(m[2]) : 6379 } : undefined;
}

export function applyStorage(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, distribution: string, dataDir: string): void {
  const storage = spec.storage;
  if (!storage?.kv && !storage?.sql) return;
  const s = mapOf(config, 'storage');
  const sqliteDir = `\${env.SQLITE_STORE_DIR:=${dataDir}/distributions/${distribution}}`;
  if (!isJsonObject(getOwn(s, 'backends'))) {
    // Written backends replace the release's defaults: keep the one the user does not set.
    s.backends = {
      kv_default: { type: 'kv_sqlite', db_path: `${sqliteDir}/kvstore.db` },
      sql_default: { type: 'sql_sqlite', db_path: `${sqliteDir}/sql_store.db` },
    };
  }
  const backends = mapOf(s, 'backends');
  if (storage.kv) {
    g.wrote('storage.backends.kv_default', 'spec.storage.kv');
    const type = storage.kv.type || 'sqlite';
    if (type === 'redis') {
      const r = parseRedis(storage.kv.endpoint ?? '');
      if (!r) g.problem('spec.storage.kv.endpoint', `${quoteUrl(storage.kv.endpoint)} is not a Redis endpoint`, 'write redis://<host>:<port>');
      else backends.kv_default = { type: 'kv_redis', host: r.host, port: r.port };
      if (storage.kv.password) {
        // kv_redis reads host and port only: a password would be silently ignored.
        g.problem('spec.storage.kv.password', `${g.target.description} connects to Redis without a password (kv_redis takes host and port only)`,
          'remove the password and restrict Redis with a NetworkPolicy, or use postgres');
      }
    } else if (type === 'postgres') {
      const kv = storage.kv;
      backends.kv_default = postgresBackend('kv_postgres', kv, STORAGE_KV_PASSWORD_ENV, kvTuning(g, kv.tuning));
    } else {
      backends.kv_default = { type: 'kv_sqlite', db_path: `${sqliteDir}/kvstore.db` };
    }
  }
  if (storage.sql) {
    g.wrote('storage.backends.sql_default', 'spec.storage.sql');
    const sql = storage.sql;
    const type = sql.type || 'sqlite';
    if (type === 'postgres') {
      if (!sql.host || !sql.user) {
        g.problem('spec.storage.sql', 'no server release accepts a connection string: postgres needs host, port, db, user and password',
          'use StorageBackend.postgres({ host, db, user, password }) (or spec.storage.sql.host/port/db/user/password)',
          { manifest: 'set spec.storage.sql.host/port/db/user/password' });
      } else {
        backends.sql_default = postgresBackend('sql_postgres', sql, STORAGE_SQL_PASSWORD_ENV, poolFields(g, sql.tuning, 'spec.storage.sql.tuning'));
        if (sql.tuning?.commandTimeout !== undefined) {
          g.problem('spec.storage.sql.tuning.commandTimeout', 'sql_postgres has no command_timeout (kv_postgres has, OGX 1.1+)', 'remove commandTimeout from the SQL store');
        }
      }
    } else {
      backends.sql_default = { type: 'sql_sqlite', db_path: `${sqliteDir}/sql_store.db` };
    }
  }
  const stores = mapOf(s, 'stores');
  stores.metadata ??= { backend: 'kv_default', namespace: 'registry' };
  stores.inference ??= { backend: 'sql_default', table_name: 'inference_store' };
  stores.conversations ??= { backend: 'sql_default', table_name: 'openai_conversations' };
  // OGX 1.0+ reads prompts and connectors from SQL (an old KV reference is rewritten at start-up).
  const rules = storeRules(g.rules);
  for (const store of ['prompts', 'connectors']) {
    stores[store] ??= rules[store]?.family === 'sql' ? { backend: 'sql_default', table_name: store } : { backend: 'kv_default', namespace: store };
  }
}

/**
 * A Postgres backend entry: the connection (the server's defaults for port and db), the password
 * as its own env var (from a Secret) when the store has one, then the backend type's tuning.
 */
function postgresBackend(type: 'kv_postgres' | 'sql_postgres', pg: { host?: string; port?: number; db?: string; user?: string; password?: unknown },
  passwordEnv: string, tuning: JsonObject): JsonObject {
  return {
    type,
    host: pg.host ?? '',
    port: pg.port ?? 5432,
    db: pg.db ?? 'llamastack',
    user: pg.user ?? '',
    ...(pg.password ? { password: envPlaceholder(passwordEnv) } : {}),
    ...tuning,
  };
}

/**
 * `storage.stores.vector_stores` (OGX 1.1+, a SQL store; the resolver copies it into every
 * vector_io provider without a `metadata_store`): SQLite in its own file (backend
 * `sql_vector_stores`), the postgres of `sqlStorage` (`sql_default`), or a Postgres of its own
 * (`spec.storage.stores.vectorStores`: backend `sql_vector_stores`, its own password env var).
 */
export function applyVectorStoresStorage(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, distribution: string,
  dataDir: string, backend: StorageBackend | undefined): void {
  const own = spec.storage?.stores?.vectorStores;
  if (backend === undefined && own === undefined) return;
  const path = own !== undefined ? VECTOR_STORES_SPEC_PATH : VECTOR_STORES_STORAGE_PATH;
  if (backend !== undefined && !StorageBackend.isStorageBackend(backend)) {
    g.problem(path, 'must be a StorageBackend', 'use StorageBackend.sqlite() or the StorageBackend.postgres({ ... }) of sqlStorage');
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(storeRules(g.rules), 'vector_stores')) {
    g.problem(path, `${g.target.description} has no vector_stores store (storage.stores.vector_stores is new in OGX 1.1)`,
      g.targetsFix((t) => Object.prototype.hasOwnProperty.call(storeRules(t._release.rules), 'vector_stores'), 'the vector_stores store', 'remove vectorStoresStorage'));
    return;
  }
  const s = mapOf(config, 'storage');
  const stores = mapOf(s, 'stores');
  if (backend?.type === 'redis') {
    g.problem(path, 'the vector_stores store is a SQL store: redis cannot hold it', 'use StorageBackend.sqlite(), or a StorageBackend.postgres({ ... })');
    return;
  }
  if (own !== undefined || backend?.type === 'postgres') {
    const pg = own ?? backend!.toSqlSpec();
    if (sameSqlPostgres(pg, spec.storage?.sql)) {
      stores.vector_stores = { backend: 'sql_default', table_name: 'vector_stores' };
    } else if (own === undefined) {
      // Only the spec's Postgres has its password env var (spec.storage.stores.vectorStores).
      g.problem(path, 'a Postgres of its own for the vector_stores store is given in spec.storage.stores.vectorStores (its password then gets an env var of its own)',
        'pass the same StorageBackend.postgres({ ... }) as sqlStorage, or give the Postgres in spec.storage.stores.vectorStores');
      return;
    } else if (!ownVectorStoresPostgres(g, mapOf(s, 'backends'), own, spec.storage?.sql)) {
      return;
    } else {
      stores.vector_stores = { backend: 'sql_vector_stores', table_name: 'vector_stores' };
    }
  } else {
    const sqliteDir = `\${env.SQLITE_STORE_DIR:=${dataDir}/distributions/${distribution}}`;
    mapOf(s, 'backends').sql_vector_stores = { type: 'sql_sqlite', db_path: `${sqliteDir}/vector_stores.db` };
    g.wrote('storage.backends.sql_vector_stores', path);
    stores.vector_stores = { backend: 'sql_vector_stores', table_name: 'vector_stores' };
  }
  g.wrote('storage.stores.vector_stores', path);
}

/**
 * The vector_stores store's own Postgres as `sql_vector_stores`. `sql_postgres` has no TLS fields:
 * its driver reads the pod's `PGSSLMODE` and `PGSSLROOTCERT`, which `sqlStorage` sets, so this
 * Postgres takes the SQL store's TLS settings or none.
 */
function ownVectorStoresPostgres(g: TargetGeneration, backends: JsonObject, pg: SQLStorageSpec, sql: SQLStorageSpec | undefined): boolean {
  const path = VECTOR_STORES_SPEC_PATH;
  const sqlTuning = sql?.type === 'postgres' ? sql.tuning : undefined;
  let ok = true;
  for (const k of ['sslMode', 'caCertificate'] as const) {
    const v = pg.tuning?.[k];
    if (v !== undefined && JSON.stringify(v) !== JSON.stringify(sqlTuning?.[k])) {
      g.problem(`${path}.tuning.${k}`, `the pod has one ${k === 'sslMode' ? 'PGSSLMODE' : 'PGSSLROOTCERT'} for every SQL Postgres (sql_postgres has no TLS fields; its driver reads the pod's env), and ${sqlTuning?.[k] === undefined ? 'sqlStorage sets none' : 'sqlStorage sets another'}`,
        `give the vector_stores Postgres the ${k} of sqlStorage, or none`);
      ok = false;
    }
  }
  if (pg.tuning?.commandTimeout !== undefined) {
    g.problem(`${path}.tuning.commandTimeout`, 'sql_postgres has no command_timeout (kv_postgres has, OGX 1.1+)', 'remove commandTimeout from the vector_stores Postgres');
    ok = false;
  }
  const pool = poolFields(g, pg.tuning, `${path}.tuning`);
  if (!ok) return false;
  backends.sql_vector_stores = postgresBackend('sql_postgres', pg, STORAGE_VECTOR_STORES_PASSWORD_ENV, pool);
  g.wrote('storage.backends.sql_vector_stores', path);
  return true;
}

/**
 * The inference store's write queue (`max_write_queue_size`, `num_writers` of
 * `storage.stores.inference`, every modelled release): on the store the config already names (the
 * release's default reference otherwise). The release runs the queue on `sql_postgres` only
 * (`InferenceStore.initialize` turns it off for SQLite), so any other backend is a problem.
 */
export function applyStoreQueues(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec): void {
  const queue = spec.storage?.stores?.inference;
  if (queue === undefined) return;
  const path = INFERENCE_QUEUE_PATH;
  const set = QUEUE_FIELDS.filter(([prop]) => queue[prop] !== undefined);
  const known = storeFields(g.rules, 'inference') ?? [];
  const missing = set.filter(([, key]) => !known.includes(key));
  for (const [prop, key] of missing) {
    g.problem(`${path}.${prop}`, `${g.target.description} has no ${key} on storage.stores.inference`,
      g.targetsFix((t) => (storeFields(t._release.rules, 'inference') ?? []).includes(key), `the inference store's ${key}`, `remove ${prop}`));
  }
  if (set.length === 0 || missing.length > 0) return;
  const stores = mapOf(mapOf(config, 'storage'), 'stores');
  const current = getOwn(stores, 'inference');
  if (current === null) {
    g.problem(path, 'the config turns the inference store off (storage.stores.inference: null): there is no queue to tune', 'remove the write queue settings, or the null inference store from the config');
    return;
  }
  const backend = isJsonObject(current) ? getOwn(current, 'backend') : 'sql_default';
  const type = typeof backend === 'string' ? backendTypes(config).get(backend) : undefined;
  if (type !== 'sql_postgres') {
    g.problem(path, `the release runs the inference write queue on Postgres only: the inference store is on ${typeof backend === 'string' ? backend : 'no backend'} (${type ?? 'not in storage.backends'}), where each completion is written at once and the queue settings are ignored`,
      'use sqlStorage: StorageBackend.postgres({ ... }) (the inference store lives on sql_default), or remove the write queue settings');
    return;
  }
  if (!isJsonObject(current)) stores.inference = { backend: 'sql_default', table_name: 'inference_store' };
  const ref = mapOf(stores, 'inference');
  for (const [prop, key] of set) ref[key] = queue[prop]!;
  g.wrote('storage.stores.inference', path);
}

/** True when the target's release is `version` or later. */
function since(g: TargetGeneration, version: string): boolean {
  const release = g.target.release;
  return release !== undefined && compareVersions(release, version) >= 0;
}

/** `pool_size` and `max_overflow` (OGX 1.0+): on older lines a problem saying what is missing. */
function poolFields(g: TargetGeneration, tuning: PostgresTuning | undefined, path: string): JsonObject {
  const out: JsonObject = {};
  for (const [field, key] of [['poolSize', 'pool_size'], ['maxOverflow', 'max_overflow']] as const) {
    const v = tuning?.[field];
    if (v === undefined) continue;
    if (since(g, '1.0.0')) out[key] = v;
    else g.problem(`${path}.${field}`, `${g.target.description} has no ${key} (postgres pools are configurable from OGX 1.0)`, `remove ${field}, or use an OGX 1.x target`);
  }
  return out;
}

/** kv_postgres's TLS (`ssl_mode`, `ca_cert_path`: the mounted CA), pool and `command_timeout` (OGX 1.1+). */
function kvTuning(g: TargetGeneration, tuning: PostgresTuning | undefined): JsonObject {
  const path = 'spec.storage.kv.tuning';
  const out: JsonObject = {};
  if (tuning?.sslMode !== undefined) out.ssl_mode = tuning.sslMode;
  if (tuning?.caCertificate !== undefined) out.ca_cert_path = PATHS.postgresKvCaFile;
  Object.assign(out, poolFields(g, tuning, path));
  if (tuning?.commandTimeout !== undefined) {
    if (since(g, '1.1.0')) out.command_timeout = tuning.commandTimeout;
    else g.problem(`${path}.commandTimeout`, `${g.target.description} has no command_timeout for kv_postgres (OGX 1.1+)`, 'remove commandTimeout, or use an OGX 1.1+ target');
  }
  return out;
}
