/** applyStorage (operator pipeline): storage.kv replaces metadata_store, storage.sql inference_store, each whole. */
import { applyStorage } from '../../../src/generate/operator/stores';

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
