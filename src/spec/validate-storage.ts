/**
 * `spec.storage` of the v1alpha2 spec check (validate-spec.ts): the CRD's kv and sql stores, plus
 * the library's extensions for server targets: postgres field by field, `kv_postgres`, and
 * postgres TLS, pool and timeouts (`tuning`).
 */
import { CredentialCtx, kvCredentialRules, sqlCredentialRules } from './credential-scan';
import { childPath } from '../core/path';
import * as t from '../core/struct-check';
import { get, has, int, Obj, report, show, str, struct } from '../core/struct-check';

/** What the storage rules read of the spec check's context. */
export interface StorageCtx extends CredentialCtx {
  /** `storage.kv.type: postgres` is accepted (server targets write `kv_postgres`). */
  readonly kvPostgres: boolean;
}

type Shape = t.StructShape<StorageCtx>;

/** A `{name, key}` Secret reference. */
export const SECRET_KEY_REF: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the Secret name' }), required: true, hint: '<Secret name>' },
    { name: 'key', check: str({ minLength: 1, hint: 'the key inside the Secret' }), required: true, hint: '<key inside the Secret>' },
  ],
};

function storeType(o: Obj, allowed: readonly string[]): string | undefined {
  const type = get(o, 'type');
  if (type === undefined || type === null) return 'sqlite';
  return typeof type === 'string' && allowed.includes(type) ? type : undefined;
}

const KV_TYPES = ['sqlite', 'redis', 'postgres'];
const SQL_TYPES = ['sqlite', 'postgres'];


function kvRules(o: Obj, path: string, ctx: StorageCtx): void {
  const raw = get(o, 'type');
  // The CRD's enum, and postgres on server targets (kv_postgres).
  const allowed = ctx.kvPostgres ? KV_TYPES : KV_TYPES.filter((k) => k !== 'postgres');
  if (typeof raw === 'string' && !allowed.includes(raw)) {
    report(ctx, childPath(path, 'type'), `Unsupported value: ${show(raw)}: supported values: ${allowed.map((k) => `"${k}"`).join(', ')}`,
      raw === 'postgres' ? 'postgres is not a key-value backend in the v1alpha2 API (the operator pipeline): use redis or sqlite, or a server target (kv_postgres)'
        : `use one of ${allowed.join(', ')}`);
    return;
  }
  const type = storeType(o, allowed);
  if (type === undefined) return;
  if (type === 'postgres') {
    if (!has(o, 'host') || !has(o, 'user')) {
      report(ctx, path, 'host and user are required when type is postgres', 'add host, user, db and password');
    }
    if (has(o, 'endpoint')) report(ctx, path, 'endpoint is only valid when type is redis', 'remove endpoint; give host and port');
    return;
  }
  for (const f of ['host', 'port', 'db', 'user', 'tuning']) {
    if (has(o, f)) report(ctx, `${path}.${f}`, `${f} is only valid when type is postgres`, `remove ${f}, or set type: postgres`);
  }
  if (type === 'redis' && !has(o, 'endpoint')) report(ctx, path, 'endpoint is required when type is redis', 'add endpoint: redis://<host>:6379');
  if (type !== 'redis' && has(o, 'endpoint')) report(ctx, path, 'endpoint is only valid when type is redis', 'remove endpoint, or set type: redis');
  if (type !== 'redis' && has(o, 'password')) report(ctx, path, 'password is only valid when type is redis', 'remove password, or set type: redis');
}

/** Library extension: discrete postgres fields, which real servers need (no release reads a connection string). */
const POSTGRES_FIELDS = ['host', 'port', 'db', 'user', 'password', 'tuning'];

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

/** Postgres TLS, pool and timeouts (extension). */
const TUNING = struct({
  fields: [
    { name: 'sslMode', check: str({ enum: SSL_MODES }) },
    {
      name: 'caCertificate',
      check: struct({
        fields: [
          { name: 'configMapName', check: str({ minLength: 1 }), required: true, hint: '<ConfigMap name>' },
          { name: 'key', check: str({ minLength: 1 }) },
        ],
      }),
    },
    { name: 'poolSize', check: int({ min: 1, format: 'int32' }) },
    { name: 'maxOverflow', check: int({ min: 0, format: 'int32' }) },
    { name: 'commandTimeout', check: int({ min: 1, format: 'int32' }) },
  ],
});

function sqlRules(o: Obj, path: string, ctx: StorageCtx): void {
  const type = storeType(o, SQL_TYPES);
  if (type === undefined) return;
  const discrete = has(o, 'host') && has(o, 'user');
  if (type === 'postgres' && !has(o, 'connectionString') && !discrete) {
    report(ctx, path, 'connectionString is required when type is postgres',
      'add connectionString: {name: <Secret name>, key: <key>} (operator pipeline), or host, user, db and password (server targets)');
  }
  if (type !== 'postgres' && has(o, 'connectionString')) {
    report(ctx, path, 'connectionString is only valid when type is postgres', 'remove connectionString, or set type: postgres');
  }
  for (const f of POSTGRES_FIELDS) {
    if (type !== 'postgres' && has(o, f)) report(ctx, `${path}.${f}`, `${f} is only valid when type is postgres`, `remove ${f}, or set type: postgres`);
  }
  if (type === 'postgres' && !ctx.kvPostgres && has(o, 'tuning')) {
    report(ctx, `${path}.tuning`, 'the operator pipeline writes no postgres TLS, pool or timeout settings (sslMode, caCertificate, poolSize, maxOverflow, commandTimeout)', 'remove sslMode, caCertificate, poolSize, maxOverflow and commandTimeout, or use a server target');
  }
  if (type === 'postgres' && !discrete && POSTGRES_FIELDS.some((f) => has(o, f))) {
    report(ctx, path, 'host and user are both required when postgres is given field by field', 'add the missing host or user');
  }
}

/** A store's write queue (extension): both counts at least 1 (the release would run one writer for less, and an unbounded queue for a size under 1). */
const WRITE_QUEUE = struct({
  fields: [
    { name: 'maxWriteQueueSize', check: int({ min: 1 }) },
    { name: 'numWriters', check: int({ min: 1 }) },
  ],
});

/** `stores` is written by the server targets only: the v1alpha2 API and the operator pipeline have no store settings. */
function storesRules(o: Obj, path: string, ctx: StorageCtx): void {
  const stores = get(o, 'stores');
  if (ctx.kvPostgres || stores === null || typeof stores !== 'object') return;
  for (const key of Object.keys(stores)) {
    report(ctx, `${path}.stores.${key}`, `the operator pipeline writes no store settings (the v1alpha2 API has no ${key === 'inference' ? 'write queues' : 'vector_stores store'})`,
      'remove the store settings, or use a server target (ServerTarget.OGX_1_3)');
  }
}

export const STORAGE: Shape = {
  rules: [storesRules],
  fields: [
    {
      name: 'kv',
      check: struct({
        fields: [
          { name: 'type', check: str() }, // the enum depends on the target (kvRules)
          { name: 'endpoint', check: str() },
          { name: 'password', check: struct(SECRET_KEY_REF) },
          { name: 'host', check: str({ minLength: 1 }) },
          { name: 'port', check: int({ min: 1, max: 65535 }) },
          { name: 'db', check: str({ minLength: 1 }) },
          { name: 'user', check: str({ minLength: 1 }) },
          { name: 'tuning', check: TUNING },
        ],
        rules: [kvRules, kvCredentialRules, sqlCredentialRules],
      }),
    },
    {
      name: 'sql',
      check: struct({
        fields: [
          { name: 'type', check: str({ enum: SQL_TYPES }) },
          { name: 'connectionString', check: struct(SECRET_KEY_REF) },
          { name: 'host', check: str({ minLength: 1 }) },
          { name: 'port', check: int({ min: 1, max: 65535 }) },
          { name: 'db', check: str({ minLength: 1 }) },
          { name: 'user', check: str({ minLength: 1 }) },
          { name: 'password', check: struct(SECRET_KEY_REF) },
          { name: 'tuning', check: TUNING },
        ],
        rules: [sqlRules, sqlCredentialRules],
      }),
    },
    {
      name: 'stores',
      check: struct({
        fields: [
          { name: 'inference', check: WRITE_QUEUE },
          {
            name: 'vectorStores',
            check: struct({
              fields: [
                { name: 'type', check: str({ enum: ['postgres'] }), required: true, hint: 'postgres' },
                { name: 'host', check: str({ minLength: 1 }), required: true, hint: '<host>' },
                { name: 'port', check: int({ min: 1, max: 65535 }) },
                { name: 'db', check: str({ minLength: 1 }) },
                { name: 'user', check: str({ minLength: 1 }), required: true, hint: '<user>' },
                { name: 'password', check: struct(SECRET_KEY_REF) },
                { name: 'tuning', check: TUNING },
              ],
              rules: [sqlCredentialRules],
            }),
          },
        ],
      }),
    },
  ],
};
