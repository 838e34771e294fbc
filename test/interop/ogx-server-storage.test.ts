/**
 * OGXServer `spec.storage` of the newer operators (named `kv_postgres`/`sql_postgres` backends
 * and stores) and the deprecated `kv`/`sql`: mapped to this library's Postgres stores where it can
 * write them, refused with the reason where it cannot, warned where harmless. Never dropped.
 */
import * as YAML from 'yaml';
import { convertOgxServer } from '../../src/interop/ogx-server-in';
import { runCli } from '../support/cli-run';

const server = (spec: object) => YAML.stringify({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer', metadata: { name: 's' }, spec: { distribution: { name: 'starter' }, ...spec } });

async function render(spec: object): Promise<{ code: number; err: string; objects: any[] }> {
  const r = await runCli(['render', '--pass-through'], server(spec));
  return { code: r.code, err: r.err, objects: r.out === '' ? [] : YAML.parseAllDocuments(r.out).map((d) => d.toJS()) };
}

const configOf = (objects: any[]) => YAML.parse(objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('s-config-')).data['config.yaml']);
const envOf = (objects: any[]) => objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].env as any[];

/** The operator's documented example: env substitutions with defaults, a password Secret, pool settings. */
const DOCUMENTED = {
  backends: {
    pg_kv: {
      type: 'kv_postgres',
      host: '${env.POSTGRES_HOST:=localhost}',
      port: '${env.POSTGRES_PORT:=5432}',
      db: '${env.POSTGRES_DB:=ogx}',
      user: '${env.POSTGRES_USER:=ogx}',
      password: { name: 'ogx-db', key: 'password' },
      tableName: '${env.POSTGRES_TABLE_NAME:=ogx_kvstore}',
      poolSize: 5,
      maxOverflow: 10,
      commandTimeout: 30,
    },
    pg_sql: {
      type: 'sql_postgres',
      host: '${env.POSTGRES_HOST:=localhost}',
      port: '${env.POSTGRES_PORT:=5432}',
      db: '${env.POSTGRES_DB:=ogx}',
      user: '${env.POSTGRES_USER:=ogx}',
      password: { name: 'ogx-db', key: 'password' },
      poolSize: 10,
      maxOverflow: 20,
      poolRecycle: 3600,
      poolPrePing: true,
    },
  },
};

describe('named backends', () => {
  test('the documented example: both Postgres backends written, the operator\'s store layout, the password from its Secret; no SQLite', async () => {
    const r = await render({ storage: DOCUMENTED });
    expect(r.err.split('\n').filter((l) => l.startsWith('- '))).toEqual([]);
    expect(r.code).toBe(0);
    const storage = configOf(r.objects).storage;
    expect(storage.backends.kv_default).toEqual({
      type: 'kv_postgres',
      host: '${env.POSTGRES_HOST:=localhost}',
      port: 5432,
      db: '${env.POSTGRES_DB:=ogx}',
      user: '${env.POSTGRES_USER:=ogx}',
      password: expect.stringMatching(/^\$\{env\.[A-Z_]+\}$/),
      pool_size: 5,
      max_overflow: 10,
      command_timeout: 30,
    });
    expect(storage.backends.sql_default).toEqual({
      type: 'sql_postgres',
      host: '${env.POSTGRES_HOST:=localhost}',
      port: 5432,
      db: '${env.POSTGRES_DB:=ogx}',
      user: '${env.POSTGRES_USER:=ogx}',
      password: expect.stringMatching(/^\$\{env\.[A-Z_]+\}$/),
      pool_size: 10,
      max_overflow: 20,
    });
    expect(JSON.stringify(storage)).not.toContain('sqlite');
    expect(storage.stores).toMatchObject({
      metadata: { backend: 'kv_default', namespace: 'registry' },
      inference: { backend: 'sql_default', table_name: 'inference_store' },
      conversations: { backend: 'sql_default', table_name: 'openai_conversations' },
      prompts: { backend: 'sql_default', table_name: 'prompts' },
      connectors: { backend: 'sql_default', table_name: 'connectors' },
    });
    const passwords = envOf(r.objects).filter((e) => e.valueFrom?.secretKeyRef?.name === 'ogx-db');
    expect(passwords.map((e) => e.valueFrom.secretKeyRef.key)).toEqual(['password', 'password']);
    expect(r.err).toContain('warning: stdin (s): spec.storage.backends.pg_sql.poolPrePing: not carried');
    expect(r.err).toContain('warning: stdin (s): spec.storage.backends.pg_sql.poolRecycle: not carried');
  });

  test('explicit stores in the operator\'s layout are honoured; another table and a store left out are refused, a responses store is warned', () => {
    const layout = {
      metadata: { backend: 'pg_kv', namespace: 'registry' },
      inference: { backend: 'pg_sql', tableName: 'inference_store', numWriters: 4 },
      conversations: { backend: 'pg_sql', tableName: 'openai_conversations' },
      prompts: { backend: 'pg_sql', tableName: 'prompts' },
      connectors: { backend: 'pg_sql', tableName: 'connectors' },
    };
    const ok = convertOgxServer({ distribution: { name: 'starter' }, storage: { ...DOCUMENTED, stores: layout } });
    expect(ok.problems).toEqual([]);
    expect(ok.spec.storage?.kv).toMatchObject({ type: 'postgres', user: '${env.POSTGRES_USER:=ogx}' });
    expect(ok.spec.storage?.stores).toEqual({ inference: { numWriters: 4 } });
    expect(ok.warnings.map((w) => w.path)).not.toContain('spec.storage.stores.inference.numWriters');
    const other = convertOgxServer({
      distribution: { name: 'starter' },
      storage: { ...DOCUMENTED, stores: { ...layout, conversations: { backend: 'pg_sql', tableName: 'conversations_v2' }, prompts: undefined, responses: { backend: 'pg_sql' } } },
    });
    expect(other.problems.map((p) => p.path)).toEqual(['spec.storage.stores.conversations.tableName', 'spec.storage.stores.prompts']);
    expect(other.warnings.filter((w) => w.path === 'spec.storage.stores.responses')).toEqual([expect.objectContaining({
      message: 'not carried: OGX only checks that storage.stores.responses names a SQL backend; the responses provider keeps responses in its own persistence.responses (on sql_default) and writes each at once, so the store\'s table and write queue have no effect',
      fix: 'remove spec.storage.stores.responses',
    })]);
    expect(other.problems[0].message).toContain('this library writes the conversations store with table_name openai_conversations, not "conversations_v2"');
  });

  test('the inference store\'s write queue is written to storage.stores.inference; a count under 1 is refused at its OGXServer path', async () => {
    const stores = (inference: object) => ({
      metadata: { backend: 'pg_kv', namespace: 'registry' },
      inference: { backend: 'pg_sql', tableName: 'inference_store', ...inference },
      conversations: { backend: 'pg_sql', tableName: 'openai_conversations' },
      prompts: { backend: 'pg_sql', tableName: 'prompts' },
      connectors: { backend: 'pg_sql', tableName: 'connectors' },
    });
    const r = await render({ storage: { ...DOCUMENTED, stores: stores({ maxWriteQueueSize: 500, numWriters: '${env.WRITERS:=2}' }) } });
    expect(r.code).toBe(0);
    expect(configOf(r.objects).storage.stores.inference).toEqual({ table_name: 'inference_store', backend: 'sql_default', max_write_queue_size: 500, num_writers: 2 });
    const bad = await render({ storage: { ...DOCUMENTED, stores: stores({ numWriters: 0 }) } });
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('spec.storage.stores.inference.numWriters: must be greater than or equal to 1');
  });

  test('the vector_stores store on a Postgres of its own: its backend and password env var written, and the release starts', async () => {
    const r = await render({
      storage: {
        ...DOCUMENTED,
        backends: { ...DOCUMENTED.backends, vectors: { type: 'sql_postgres', host: 'vectors.data.svc', db: 'vectors', user: 'vs', password: { name: 'vectors-db', key: 'password' } } },
        stores: {
          metadata: { backend: 'pg_kv', namespace: 'registry' },
          inference: { backend: 'pg_sql', tableName: 'inference_store' },
          conversations: { backend: 'pg_sql', tableName: 'openai_conversations' },
          prompts: { backend: 'pg_sql', tableName: 'prompts' },
          connectors: { backend: 'pg_sql', tableName: 'connectors' },
          vectorStores: { backend: 'vectors', tableName: 'vector_stores' },
        },
      },
    });
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('would warn at start-up');
    const storage = configOf(r.objects).storage;
    expect(storage.backends.sql_vector_stores).toEqual({
      type: 'sql_postgres', host: 'vectors.data.svc', port: 5432, db: 'vectors', user: 'vs', password: '${env.LLSD_STORAGE_VECTOR_STORES_PASSWORD}',
    });
    expect(storage.stores.vector_stores).toEqual({ backend: 'sql_vector_stores', table_name: 'vector_stores' });
    expect(envOf(r.objects)).toContainEqual({ name: 'LLSD_STORAGE_VECTOR_STORES_PASSWORD', valueFrom: { secretKeyRef: { name: 'vectors-db', key: 'password' } } });
    expect(r.err).not.toContain('spec.storage.backends.vectors: not carried');
  });

  test('two different Postgres of one kind cannot be written yet: refused, saying so', () => {
    const c = convertOgxServer({
      distribution: { name: 'starter' },
      storage: {
        backends: {
          main: { type: 'sql_postgres', host: 'pg', user: 'ogx' },
          archive: { type: 'sql_postgres', host: 'archive', user: 'ogx' },
          kv: { type: 'kv_postgres', host: 'pg', user: 'ogx' },
        },
        stores: {
          metadata: { backend: 'kv', namespace: 'registry' },
          inference: { backend: 'main', tableName: 'inference_store' },
          conversations: { backend: 'archive', tableName: 'openai_conversations' },
          prompts: { backend: 'main', tableName: 'prompts' },
          connectors: { backend: 'main', tableName: 'connectors' },
        },
      },
    });
    expect(c.problems).toEqual([expect.objectContaining({
      path: 'spec.storage.backends.main',
      message: 'this library writes one sql_postgres backend, and the stores name 2 different ones (archive, main)',
    })]);
  });

  test('what the operator refuses to generate is refused: no backend of a kind without stores, a missing user, fields of the other kind, both forms at once', () => {
    const one = convertOgxServer({ distribution: { name: 'starter' }, storage: { backends: { pg: { type: 'sql_postgres', host: 'pg', user: 'ogx' } } } });
    expect(one.problems.map((p) => p.message)).toEqual([expect.stringContaining('without spec.storage.stores, exactly one kv_postgres backend is needed')]);
    const bad = convertOgxServer({
      distribution: { name: 'starter' },
      storage: { backends: { kv: { type: 'kv_postgres', poolRecycle: 10 }, sql: { type: 'sql_postgres', user: 'u', tableName: 't' } } },
    });
    expect(bad.problems.map((p) => p.path)).toEqual(['spec.storage.backends.kv.user', 'spec.storage.backends.kv.poolRecycle', 'spec.storage.backends.sql.tableName',
      'spec.storage.backends', 'spec.storage.backends']);
    const both = convertOgxServer({ distribution: { name: 'starter' }, storage: { kv: { type: 'sqlite' }, backends: DOCUMENTED.backends } });
    expect(both.problems).toEqual([expect.objectContaining({ path: 'spec.storage', message: expect.stringContaining('cannot be combined with the deprecated spec.storage.kv/sql') })]);
  });

  test('values the pod cannot resolve, another key-value table, a CA the pod does not mount: refused; a CA of a mounted ConfigMap: carried', () => {
    const c = convertOgxServer({
      distribution: { name: 'starter' },
      workload: { overrides: { env: [{ name: 'PG_PORT', valueFrom: { secretKeyRef: { name: 'pg', key: 'port' } } }] } },
      storage: {
        backends: {
          kv: { type: 'kv_postgres', host: 'pg', user: 'ogx', port: '${env.PG_PORT}', tableName: 'kv_other', caCertPath: '/etc/pki/pg.crt', sslMode: 'verify-full' },
          sql: { type: 'sql_postgres', host: 'pg', user: 'ogx' },
        },
      },
    });
    expect(c.problems.map((p) => p.path)).toEqual(['spec.storage.backends.kv.caCertPath', 'spec.storage.backends.kv.tableName', 'spec.storage.backends.kv.port']);
    const mounted = convertOgxServer({
      distribution: { name: 'starter' },
      workload: { overrides: { volumes: [{ name: 'ca', configMap: { name: 'pg-ca' } }], volumeMounts: [{ name: 'ca', mountPath: '/etc/pg-ca' }] } },
      storage: { backends: { kv: { type: 'kv_postgres', host: 'pg', user: 'ogx', caCertPath: '/etc/pg-ca/ca.crt', sslMode: 'verify-full' }, sql: { type: 'sql_postgres', host: 'pg', user: 'ogx' } } },
    });
    expect(mounted.problems).toEqual([]);
    expect(mounted.spec.storage?.kv?.tuning).toEqual({ sslMode: 'verify-full', caCertificate: { configMapName: 'pg-ca', key: 'ca.crt' } });
  });
});

describe('the deprecated form', () => {
  test('sql: postgres with a connection string: refused, the named backends in the fix', () => {
    const c = convertOgxServer({ distribution: { name: 'starter' }, storage: { sql: { type: 'postgres', connectionString: { name: 'pg', key: 'dsn' } } } });
    expect(c.problems).toEqual([{
      path: 'spec.storage.sql.connectionString',
      message: 'no server release reads a Postgres connection string (its SQL store needs host, port, db, user and password)',
      fix: 'give the database in spec.storage.backends: {<name>: {type: sql_postgres, host, port, db, user, password: {name, key}}}, and remove spec.storage.sql',
    }]);
  });
});
