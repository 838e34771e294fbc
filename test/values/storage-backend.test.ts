/** StorageBackend: the kv and sql store specs each backend writes, and every problem with its path and fix. */
import { SecretRef } from '../../src/values/secret-ref';
import { StorageBackend } from '../../src/values/storage-backend';
import { problemLine } from '../support/problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };

describe('StorageBackend', () => {
  test.each<[string, StorageBackend, string, object | undefined, object | undefined]>([
    ['sqlite', StorageBackend.sqlite(), 'sqlite', { type: 'sqlite' }, { type: 'sqlite' }],
    ['redis', StorageBackend.redis({ endpoint: 'redis://r:6379', password: KEY }), 'redis', { type: 'redis', endpoint: 'redis://r:6379', password: key }, undefined],
    ['redis over TLS, no password', StorageBackend.redis({ endpoint: 'rediss://r.cache.svc:6380/0' }), 'redis', { type: 'redis', endpoint: 'rediss://r.cache.svc:6380/0' }, undefined],
    ['redis host:port', StorageBackend.redis({ endpoint: 'redis-master.data.svc:6379' }), 'redis', { type: 'redis', endpoint: 'redis-master.data.svc:6379' }, undefined],
    ['postgres', StorageBackend.postgres({ connectionString: KEY }), 'postgres', undefined, { type: 'postgres', connectionString: key }],
    ['postgres by field', StorageBackend.postgres({ host: 'pg', user: 'llama', password: KEY }), 'postgres', undefined,
      { type: 'postgres', host: 'pg', port: 5432, db: 'llamastack', user: 'llama', password: key }],
  ])('%s', (_name, backend, type, kv, sql) => {
    expect(backend.type).toBe(type);
    if (kv) expect(backend.toKvSpec()).toStrictEqual(kv);
    if (sql) expect(backend.toSqlSpec()).toStrictEqual(sql);
  });

  test.each<[string, () => unknown, string]>([
    ['postgres as kv from a connection string (kv_postgres reads host, user and password)', () => StorageBackend.postgres({ connectionString: KEY }).toKvSpec(),
      'props.kvStorage: a postgres key-value store (kv_postgres) needs host, user and password: no release reads a connection string — use StorageBackend.postgres({ host, db, user, password: SecretRef.fromSecretName(<secret>, <key>) })'],
    ['redis as sql', () => StorageBackend.redis({ endpoint: 'redis://r' }).toSqlSpec(),
      'props.sqlStorage: redis is not an SQL backend in the v1alpha2 API — use StorageBackend.postgres(...) or StorageBackend.sqlite() for sqlStorage'],
    ['redis without endpoint', () => StorageBackend.redis({} as any), 'StorageBackend.redis(endpoint): endpoint is required — pass endpoint: redis://<host>:6379'],
    ['redis without options', () => StorageBackend.redis(undefined as any), 'StorageBackend.redis(endpoint): endpoint is required — pass endpoint: redis://<host>:6379'],
    ['redis with empty endpoint', () => StorageBackend.redis({ endpoint: ' ' }), 'StorageBackend.redis(endpoint): endpoint is required — pass endpoint: redis://<host>:6379'],
    ['redis with an http URL', () => StorageBackend.redis({ endpoint: 'http://r:6379' }),
      'StorageBackend.redis(endpoint): "http://r:6379" is not a Redis endpoint — write redis://<host>:6379 (rediss:// for TLS) or <host>:<port>'],
    ['redis with credentials in the URL', () => StorageBackend.redis({ endpoint: 'redis://:hunter2@r:6379' }),
      'StorageBackend.redis(endpoint): the endpoint holds credentials, which would be written into the ConfigMap — drop user:password@ from the endpoint and pass password: SecretRef.fromSecretName(<secret>, <key>)'],
    ['redis with a plain password', () => StorageBackend.redis({ endpoint: 'redis://r', password: 'hunter2' as any }),
      'StorageBackend.redis(password): password must be a SecretRef — pass password: SecretRef.fromSecretName(<secret>, <key>)'],
    ['postgres without connection fields', () => StorageBackend.postgres({} as any),
      'StorageBackend.postgres(host): give host, user and password (or a connectionString for the operator pipeline) — pass host: <host>, user: <user>, password: SecretRef.fromSecretName(<secret>, <key>)'],
    ['postgres with a plain string', () => StorageBackend.postgres({ connectionString: 'postgresql://u:p@h/db' as any }),
      'StorageBackend.postgres(connectionString): connectionString must be a SecretRef (it holds a password) — pass connectionString: SecretRef.fromSecretName(<secret>, <key>)'],
  ])('%s', (_what, fn, message) => expect(problemLine(fn)).toBe(message));
});

describe('the role a backend cannot take is a problem returned to the planner, thrown only by toKvSpec/toSqlSpec', () => {
  const byUrl = StorageBackend.postgres({ connectionString: KEY });
  const redis = StorageBackend.redis({ endpoint: 'redis://r:6379' });

  test.each<[string, StorageBackend, 'kv' | 'sql', string | undefined]>([
    ['postgres by connection string as kv', byUrl, 'kv', 'props.kvStorage'],
    ['postgres by connection string as sql', byUrl, 'sql', undefined],
    ['redis as sql', redis, 'sql', 'props.sqlStorage'],
    ['redis as kv', redis, 'kv', undefined],
    ['sqlite as either', StorageBackend.sqlite(), 'kv', undefined],
  ])('%s', (_, backend, role, path) => {
    expect(backend._roleProblem(role)?.path).toBe(path);
    const write = () => (role === 'kv' ? backend.toKvSpec() : backend.toSqlSpec());
    if (path === undefined) expect(write).not.toThrow();
    else expect(write).toThrow(backend._roleProblem(role)!.message);
  });
});
