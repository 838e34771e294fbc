/**
 * spec.storage: the CRD's kv and sql rules (its enums and CEL messages, from crds/), and the
 * library's postgres extensions for server targets.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { ConfigProblem } from '../../src/core/errors';
import { ProblemList } from '../../src/core/problems';
import { checkStruct } from '../../src/core/struct-check';
import { SECRET_KEY_REF, STORAGE, StorageCtx } from '../../src/spec/validate-storage';

/** The operator pipeline (the CRD's rules) or a server target (kv_postgres, tuning, stores). */
function check(storage: object, server = false): ConfigProblem[] {
  const ctx: StorageCtx = { problems: new ProblemList(), allowPlaintextCredentials: false, kvPostgres: server };
  checkStruct(STORAGE, storage, 'spec.storage', ctx);
  return ctx.problems.problems;
}
const lines = (ps: ConfigProblem[]) => ps.map((p) => `${p.path}: ${p.message}`);
const ref = { name: 'pg', key: 'password' };

describe('SECRET_KEY_REF', () => {
  test('name and key, both required and non-empty', () => {
    const ctx: StorageCtx = { problems: new ProblemList(), allowPlaintextCredentials: false, kvPostgres: false };
    checkStruct(SECRET_KEY_REF, { name: '' }, 'p', ctx);
    expect(ctx.problems.problems).toEqual([
      { path: 'p.key', message: 'Required value', fix: 'add key: <key inside the Secret>' },
      { path: 'p.name', message: 'must not be empty', fix: 'set it to the Secret name' },
    ]);
  });
});

describe('storage.kv (CRD)', () => {
  test('sqlite (the default) and redis with an endpoint are fine', () => {
    expect(check({ kv: {} })).toEqual([]);
    expect(check({ kv: { type: 'sqlite' } })).toEqual([]);
    expect(check({ kv: { type: 'redis', endpoint: 'redis://r:6379', password: ref } })).toEqual([]);
  });

  test("the CRD's CEL rules, with its messages", () => {
    expect(lines(check({ kv: { type: 'redis' } }))).toEqual(['spec.storage.kv: endpoint is required when type is redis']);
    expect(lines(check({ kv: { type: 'sqlite', endpoint: 'redis://r', password: ref } }))).toEqual([
      'spec.storage.kv: endpoint is only valid when type is redis',
      'spec.storage.kv: password is only valid when type is redis',
    ]);
    expect(lines(check({ kv: { endpoint: 'redis://r' } }))).toEqual(['spec.storage.kv: endpoint is only valid when type is redis']);
  });

  test('the enum: postgres only on server targets (kv_postgres)', () => {
    const ps = check({ kv: { type: 'postgres', host: 'db', user: 'u' } });
    expect(ps).toEqual([{
      path: 'spec.storage.kv.type',
      message: 'Unsupported value: "postgres": supported values: "sqlite", "redis"',
      fix: 'postgres is not a key-value backend in the v1alpha2 API (the operator pipeline): use redis or sqlite, or a server target (kv_postgres)',
    }]);
    expect(check({ kv: { type: 'postgres', host: 'db', user: 'u', password: ref } }, true)).toEqual([]);
    expect(check({ kv: { type: 'mongo' } }, true)).toEqual([{ path: 'spec.storage.kv.type', message: 'Unsupported value: "mongo": supported values: "sqlite", "redis", "postgres"', fix: 'use one of sqlite, redis, postgres' }]);
  });

  test('postgres kv needs host and user, and takes no endpoint', () => {
    expect(lines(check({ kv: { type: 'postgres', endpoint: 'redis://r' } }, true))).toEqual([
      'spec.storage.kv: host and user are required when type is postgres',
      'spec.storage.kv: endpoint is only valid when type is redis',
    ]);
  });

  test('postgres fields on a sqlite or redis store', () => {
    expect(lines(check({ kv: { type: 'redis', endpoint: 'redis://r', host: 'db', port: 5432 } }))).toEqual([
      'spec.storage.kv.host: host is only valid when type is postgres',
      'spec.storage.kv.port: port is only valid when type is postgres',
    ]);
  });

  test('a port is 1..65535', () => {
    expect(lines(check({ kv: { type: 'postgres', host: 'db', user: 'u', port: 0 } }, true))).toEqual(['spec.storage.kv.port: must be greater than or equal to 1']);
    expect(lines(check({ kv: { type: 'postgres', host: 'db', user: 'u', port: 65536 } }, true))).toEqual(['spec.storage.kv.port: must be less than or equal to 65535']);
  });

  test('a Redis URL with a password is a plaintext credential', () => {
    expect(lines(check({ kv: { type: 'redis', endpoint: 'redis://:hunter2@r:6379' } }))).toEqual([
      'spec.storage.kv.endpoint: the Redis URL holds a password (a string of 23 characters, not shown): it would be written as is into the generated config and objects',
    ]);
  });
});

describe('storage.sql', () => {
  test("the CRD's rules: connectionString with postgres only", () => {
    expect(check({ sql: { type: 'postgres', connectionString: ref } })).toEqual([]);
    expect(lines(check({ sql: { type: 'postgres' } }))).toEqual(['spec.storage.sql: connectionString is required when type is postgres']);
    expect(lines(check({ sql: { connectionString: ref } }))).toEqual(['spec.storage.sql: connectionString is only valid when type is postgres']);
    expect(lines(check({ sql: { type: 'mysql' } }))).toEqual(['spec.storage.sql.type: Unsupported value: "mysql": supported values: "sqlite", "postgres"']);
  });

  test('postgres field by field: host and user together stand in for connectionString', () => {
    expect(check({ sql: { type: 'postgres', host: 'db', user: 'u', db: 'ogx', password: ref } })).toEqual([]);
    expect(lines(check({ sql: { type: 'postgres', host: 'db' } }))).toEqual([
      'spec.storage.sql: connectionString is required when type is postgres',
      'spec.storage.sql: host and user are both required when postgres is given field by field',
    ]);
  });

  test('postgres fields on sqlite', () => {
    expect(lines(check({ sql: { host: 'db', password: ref } }))).toEqual([
      'spec.storage.sql.host: host is only valid when type is postgres',
      'spec.storage.sql.password: password is only valid when type is postgres',
    ]);
  });

  test('tuning: server targets only, with its bounds', () => {
    const sql = { type: 'postgres', host: 'db', user: 'u', tuning: { sslMode: 'verify-full', poolSize: 5, maxOverflow: 0, commandTimeout: 30 } };
    expect(check({ sql }, true)).toEqual([]);
    expect(lines(check({ sql }))).toEqual([
      'spec.storage.sql.tuning: the operator pipeline writes no postgres TLS, pool or timeout settings (sslMode, caCertificate, poolSize, maxOverflow, commandTimeout)',
    ]);
    expect(lines(check({ sql: { ...sql, tuning: { sslMode: 'strict', poolSize: 0, maxOverflow: -1, commandTimeout: 2 ** 31 } } }, true))).toEqual([
      'spec.storage.sql.tuning.sslMode: Unsupported value: "strict": supported values: "disable", "allow", "prefer", "require", "verify-ca", "verify-full"',
      'spec.storage.sql.tuning.poolSize: must be greater than or equal to 1',
      'spec.storage.sql.tuning.maxOverflow: must be greater than or equal to 0',
      'spec.storage.sql.tuning.commandTimeout: must be less than or equal to 2147483647',
    ]);
  });

  test('a host with a password in it', () => {
    expect(lines(check({ sql: { type: 'postgres', host: 'postgres://u:hunter2@db/x', user: 'u' } }))[0]).toMatch(/^spec\.storage\.sql\.host: the host holds a password \(a string of \d+ characters, not shown\)/);
  });
});

describe('storage.stores', () => {
  test('server targets: write queue and vector store settings', () => {
    expect(check({ stores: { inference: { maxWriteQueueSize: 100, numWriters: 2 }, vectorStores: { type: 'postgres', host: 'db', user: 'u' } } }, true)).toEqual([]);
    expect(lines(check({ stores: { inference: { maxWriteQueueSize: 0, numWriters: 0 }, vectorStores: {} } }, true))).toEqual([
      'spec.storage.stores.inference.maxWriteQueueSize: must be greater than or equal to 1',
      'spec.storage.stores.inference.numWriters: must be greater than or equal to 1',
      'spec.storage.stores.vectorStores.type: Required value',
      'spec.storage.stores.vectorStores.host: Required value',
      'spec.storage.stores.vectorStores.user: Required value',
    ]);
  });

  test('the operator pipeline has none', () => {
    expect(lines(check({ stores: { inference: { numWriters: 1 }, vectorStores: { type: 'postgres', host: 'db', user: 'u' } } }))).toEqual([
      'spec.storage.stores.inference: the operator pipeline writes no store settings (the v1alpha2 API has no write queues)',
      'spec.storage.stores.vectorStores: the operator pipeline writes no store settings (the v1alpha2 API has no vector_stores store)',
    ]);
  });
});

describe('the CRD', () => {
  const crd = YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'crds', 'llamastack.io_llamastackdistributions.v1alpha1-v1alpha2.yaml'), 'utf8'));
  const storage = crd.spec.versions.find((v: { name: string }) => v.name === 'v1alpha2').schema.openAPIV3Schema.properties.spec.properties.storage.properties;

  test('every CEL message of kv and sql is what the check says for the input that breaks it', () => {
    const said = new Set([
      ...check({ kv: { type: 'redis' } }), ...check({ kv: { endpoint: 'redis://r', password: ref } }),
      ...check({ sql: { type: 'postgres' } }), ...check({ sql: { connectionString: ref } }),
    ].map((p) => p.message));
    const cel = [...storage.kv['x-kubernetes-validations'], ...storage.sql['x-kubernetes-validations']].map((r: { message: string }) => r.message);
    expect(cel.length).toBeGreaterThan(0);
    expect([...said].sort()).toEqual([...cel].sort());
  });

  test("the enums are the CRD's", () => {
    expect(storage.kv.properties.type.enum).toEqual(['sqlite', 'redis']);
    expect(check({ kv: { type: 'redis', endpoint: 'redis://r' } })).toEqual([]);
    expect(storage.sql.properties.type.enum).toEqual(['sqlite', 'postgres']);
  });
});

describe('unknown fields', () => {
  test('are reported with the closest name', () => {
    expect(check({ kv: { typ: 'redis' } })[0]).toEqual({ path: 'spec.storage.kv.typ', message: 'unknown field "typ"', fix: 'did you mean "type"?; known fields: type, endpoint, password, host, port, db, user, tuning' });
  });
});
