/**
 * applyStorage (operator pipeline): storage.kv replaces metadata_store, storage.sql inference_store,
 * each whole; then the port of the operator's `pkg/config/storage_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.7).
 */
import { LlamaStackConfigError } from '../../../src/core/errors';
import { applyStorage } from '../../../src/generate/operator/stores';
import { StorageSpec } from '../../../src/spec/spec';
import { emitYaml } from '../../../src/yaml/emit';
import { stepGolden, generate, mutableConfig, STARTER, SECRET } from '../../support/operator-goldens';

const BASE = () => ({ metadata_store: { type: 'sqlite', db_path: '/base/kv.db', namespace: 'x' }, inference_store: { type: 'sqlite', db_path: '/base/sql.db' } });
const applied = (storage: object): any => {
  const c: any = BASE();
  applyStorage(c, storage);
  return JSON.parse(JSON.stringify(c)); // the stores are null-prototype objects
};

describe('applyStorage', () => {
  test('no storage given: both stores stay', () => {
    expect(applied({})).toStrictEqual(BASE());
  });

  test('sqlite (the type when none is given) under /data', () => {
    expect(applied({ kv: {}, sql: { type: 'sqlite' } })).toStrictEqual({
      metadata_store: { type: 'sqlite', db_path: '/data/kv_store.db' },
      inference_store: { type: 'sqlite', db_path: '/data/inference_store.db' },
    });
  });

  test('redis: the endpoint, and the password from the env var the Deployment sets from its Secret', () => {
    expect(applied({ kv: { type: 'redis', endpoint: 'redis://r:6379', password: { name: 's', key: 'k' } } }).metadata_store).toStrictEqual({
      type: 'redis', endpoint: 'redis://r:6379', password: '${env.LLSD_STORAGE_KV_PASSWORD}',
    });
    expect(Object.keys(applied({ kv: { type: 'redis', endpoint: 'redis://r:6379', password: { name: 's', key: 'k' } } }).metadata_store)).toStrictEqual(['type', 'endpoint', 'password']);
    expect(applied({ kv: { type: 'redis' } }).metadata_store).toStrictEqual({ type: 'redis' });
  });

  test('postgres: the connection string from its env var', () => {
    expect(applied({ sql: { type: 'postgres', connectionString: { name: 's', key: 'url' } } }).inference_store).toStrictEqual({
      type: 'postgres', connection_string: '${env.LLSD_STORAGE_SQL_CONNECTION_STRING}',
    });
    expect(applied({ sql: { type: 'postgres' } }).inference_store).toStrictEqual({ type: 'postgres' });
  });
});

// ---------------------------------------------------------------------------------------------
// §2.7 storage_test.go → ApplyStorage(storage, config)

function storageCase(initial: string, storage: StorageSpec | undefined, golden: string): any {
  const config = mutableConfig(initial);
  if (storage) applyStorage(config, storage);
  expect(emitYaml(config)).toBe(stepGolden(golden));
  return config;
}

describe('operator storage_test.go (§2.7)', () => {
  test('TestApplyStorage_Nil', () => {
    const initial = '{metadata_store: {type: sqlite, db_path: /data/original.db}}';
    // Go passes a nil *StorageSpec; here: no call, and an empty StorageSpec, both leave the config as is.
    let c = storageCase(initial, undefined, 'A.13 Nil');
    c = storageCase(initial, {}, 'A.13 Nil');
    expect(c.metadata_store).toEqual({ type: 'sqlite', db_path: '/data/original.db' });
  });

  test('TestApplyStorage_KV_SQLite', () => {
    const c = storageCase('{}', { kv: { type: 'sqlite' } }, 'A.13 KV_SQLite');
    expect(c.metadata_store.type).toBe('sqlite');
    expect(c.metadata_store.db_path).toBe('/data/kv_store.db');
  });

  test('TestApplyStorage_KV_SQLiteDefault', () => {
    const c = storageCase('{}', { kv: {} }, 'A.13 KV_SQLiteDefault');
    expect(c.metadata_store.type).toBe('sqlite');
  });

  test('TestApplyStorage_KV_Redis', () => {
    const c = storageCase('{}', { kv: { type: 'redis', endpoint: 'redis://redis:6379', password: SECRET('redis-creds', 'password') } },
      'A.13 KV_Redis');
    expect(c.metadata_store.type).toBe('redis');
    expect(c.metadata_store.endpoint).toBe('redis://redis:6379');
    expect(c.metadata_store.password).toBe('${env.LLSD_STORAGE_KV_PASSWORD}');
  });

  test('TestApplyStorage_SQL_Sqlite', () => {
    const c = storageCase('{}', { sql: { type: 'sqlite' } }, 'A.13 SQL_Sqlite');
    expect(c.inference_store.type).toBe('sqlite');
    expect(c.inference_store.db_path).toBe('/data/inference_store.db');
  });

  test('TestApplyStorage_SQL_Postgres', () => {
    const c = storageCase('{}', { sql: { type: 'postgres', connectionString: SECRET('pg-creds', 'conn') } }, 'A.13 SQL_Postgres');
    expect(c.inference_store.type).toBe('postgres');
    expect(c.inference_store.connection_string).toBe('${env.LLSD_STORAGE_SQL_CONNECTION_STRING}');
  });

  test('TestApplyStorage_IndependentSubsections', () => {
    const c = storageCase('{metadata_store: {type: sqlite, db_path: /old/kv.db}, inference_store: {type: sqlite, db_path: /old/sql.db}}',
      { kv: { type: 'redis', endpoint: 'redis://redis:6379' } }, 'A.13 IndependentSubsections');
    expect(c.metadata_store.type).toBe('redis');
    expect(c.inference_store).toEqual({ type: 'sqlite', db_path: '/old/sql.db' });
  });

  // Extra A.13 cases the CRD's CEL rules forbid at admission; the step itself ignores the fields.
  test('A.13 KV sqlite with endpoint and password (CEL-forbidden)', () => {
    storageCase('{}', { kv: { type: 'sqlite', endpoint: 'redis://redis:6379', password: SECRET('redis-creds', 'password') } },
      'A.13 KV_sqlite_with_endpoint_and_password(CEL-forbidden)');
    expect(() => generate({ ...STARTER, storage: { kv: { type: 'sqlite', endpoint: 'redis://redis:6379' } } }))
      .toThrow(LlamaStackConfigError);
  });

  test('A.13 SQL postgres without connection string (CEL-forbidden)', () => {
    storageCase('{}', { sql: { type: 'postgres' } }, 'A.13 SQL_postgres_without_conn(CEL-forbidden)');
    expect(() => generate({ ...STARTER, storage: { sql: { type: 'postgres' } } })).toThrow(LlamaStackConfigError);
  });
});
