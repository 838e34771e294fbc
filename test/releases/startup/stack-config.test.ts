/**
 * StackConfig validation and storage (src/releases/startup/stack-config.ts) through the start-up model, on OGX 0.8.0 and
 * llama-stack 0.7.1 (§2, §3 of ../shared/reference/llama-stack/startup-checks.md).
 */
import { JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { OGX, LLAMA, TARGETS, run, cfg, yaml, fatal, warning, paths } from '../../support/startup-model';

describe.each(TARGETS)('%s: StackConfig top level and server (§2.1, §2.2, §8.2)', (_name, target) => {
  test('a config that names a distribution and nothing else starts', () => {
    expect(run(target, cfg())).toEqual({ fatal: [], warnings: [] });
  });

  test('neither distro_name nor image_name is fatal', () => {
    const r = run(target, { providers: {} });
    expect(r.fatal).toEqual([fatal('distro_name', "Either 'distro_name' or 'image_name' must be provided")]);
    expect(r.warnings).toEqual([]);
  });

  test('image_name alone, and with distro_name, is a DeprecationWarning', () => {
    expect(run(target, { image_name: 'x', providers: {} })).toEqual({ fatal: [], warnings: [warning('image_name', "The 'image_name' field is deprecated")] });
    expect(run(target, cfg({ image_name: 'x' }))).toEqual({ fatal: [], warnings: [warning('image_name', "Both 'image_name' and 'distro_name' were provided")] });
  });

  test('unknown top-level keys and registered_resources.vector_dbs are dropped with a warning', () => {
    const r = run(target, cfg({ models: [], metadata_store: {}, registered_resources: { vector_dbs: [] } }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('models', 'does not read models'),
      warning('metadata_store', 'does not read metadata_store'),
      warning('registered_resources.vector_dbs', 'does not read registered_resources.vector_dbs'),
    ]);
  });

  test('providers missing, version not an int, apis null are fatal', () => {
    const r = run(target, { distro_name: 'x', version: 'two', apis: null });
    expect(paths(r.fatal)).toEqual(['version', 'providers', 'apis']);
  });

  test.each([[80, true], [1023, true], [1024, false], [8321, false], [65535, false], [65536, true], [null, true]])('server.port %j: fatal %j', (port, bad) => {
    const r = run(target, cfg({ server: { port } }));
    expect(r.fatal).toEqual(bad ? [fatal('server.port', 'server.port must be an integer from 1024 to 65535')] : []);
  });

  test('a quoted "8321" stays a string and pydantic coerces it: fine; a quoted "80" is not', () => {
    expect(run(target, yaml('distro_name: x\nproviders: {}\nserver:\n  port: "8321"\n'))).toEqual({ fatal: [], warnings: [] });
    expect(paths(run(target, yaml('distro_name: x\nproviders: {}\nserver:\n  port: "80"\n')).fatal)).toEqual(['server.port']);
  });

  test('a port from ${env.P:=80} is fatal and names P', () => {
    const r = run(target, cfg({ server: { port: '${env.P:=80}' } }));
    expect(r.fatal).toEqual([fatal('server.port', 'not 80')]);
    expect(r.fatal[0].env).toEqual(['P']);
    expect(run(target, cfg({ server: { port: '${env.P:=8321}' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('tls_certfile without tls_keyfile (and the reverse) is fatal', () => {
    expect(run(target, cfg({ server: { tls_certfile: '/tls/tls.crt' } })).fatal).toEqual([fatal('server.tls_keyfile', 'only one of tls_certfile / tls_keyfile is set')]);
    expect(run(target, cfg({ server: { tls_keyfile: '/tls/tls.key' } })).fatal).toEqual([fatal('server.tls_certfile', 'only one of tls_certfile / tls_keyfile is set')]);
    expect(run(target, cfg({ server: { tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('an unknown server key is dropped with a warning', () => {
    expect(run(target, cfg({ server: { port: 8321, timeout: 5 } }))).toEqual({ fatal: [], warnings: [warning('server.timeout', 'does not read server.timeout')] });
  });
});

// §2.2: registry_refresh_interval_seconds exists (gt=0) only in OGX 0.8.0.

describe('server.registry_refresh_interval_seconds (§2.2, differs per release)', () => {
  test('OGX 0.8: 0 and negative are fatal, 300 is fine', () => {
    expect(run(OGX, cfg({ server: { registry_refresh_interval_seconds: 0 } }))).toEqual({
      fatal: [fatal('server.registry_refresh_interval_seconds', 'must be an integer greater than 0, not 0')], warnings: [],
    });
    expect(paths(run(OGX, cfg({ server: { registry_refresh_interval_seconds: -5 } })).fatal)).toEqual(['server.registry_refresh_interval_seconds']);
    expect(run(OGX, cfg({ server: { registry_refresh_interval_seconds: 300 } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('llama-stack 0.7: the key is unknown, so even 0 is only dropped with a warning', () => {
    expect(run(LLAMA, cfg({ server: { registry_refresh_interval_seconds: 0 } }))).toEqual({
      fatal: [], warnings: [warning('server.registry_refresh_interval_seconds', 'llama-stack 0.7.1 does not read server.registry_refresh_interval_seconds')],
    });
  });
});

// §3: stores must name an existing backend of their family (KV: metadata, prompts, connectors;
// SQL: inference, conversations, responses); a store left out points at kv_default/sql_default;
// sqlite files must be absolute and writable (the root filesystem is read-only).

describe.each(TARGETS)('%s: storage (§3)', (_name, target) => {
  const backends = { kv_main: { type: 'kv_sqlite', db_path: '/data/kv.db' }, sql_main: { type: 'sql_sqlite', db_path: '/data/sql.db' } };
  const allStores = {
    metadata: { backend: 'kv_main', namespace: 'registry' },
    prompts: { backend: 'kv_main', namespace: 'prompts' },
    connectors: { backend: 'kv_main', namespace: 'connectors' },
    inference: { backend: 'sql_main', table_name: 'inference_store' },
    conversations: { backend: 'sql_main', table_name: 'openai_conversations' },
  };

  test('a store naming an unknown backend is fatal and lists the backends', () => {
    const r = run(target, cfg({ storage: { stores: { metadata: { backend: 'kv_nope', namespace: 'registry' } } } }));
    expect(r.fatal).toEqual([fatal('storage.stores.metadata.backend', 'storage.stores.metadata references unknown backend "kv_nope". Available backends: kv_default, sql_default')]);
  });

  test('a store naming a backend of the wrong family is fatal', () => {
    const r = run(target, cfg({
      storage: { stores: { metadata: { backend: 'sql_default', namespace: 'registry' }, conversations: { backend: 'kv_default', table_name: 'c' } } },
    }));
    expect(r.fatal).toEqual([
      fatal('storage.stores.metadata.backend', "backend \"sql_default\" of type 'sql_sqlite', but a backend of type kv_* is required"),
      fatal('storage.stores.conversations.backend', "backend \"kv_default\" of type 'kv_sqlite', but a backend of type sql_* is required"),
    ]);
  });

  test('renamed backends without every store set: each defaulted store is fatal (connectors included)', () => {
    const r = run(target, cfg({
      storage: { backends, stores: { metadata: allStores.metadata, inference: allStores.inference } },
    }));
    expect(r.fatal).toEqual([
      // In the release's order (ServerStoresConfig's fields, now read from the data for 0.7 and 0.8 too).
      fatal('storage.stores.conversations', 'references unknown backend "sql_default". Available backends: kv_main, sql_main'),
      fatal('storage.stores.prompts', 'references unknown backend "kv_default"'),
      fatal('storage.stores.connectors', 'references unknown backend "kv_default"'),
    ]);
    expect(run(target, cfg({ storage: { backends, stores: allStores } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('metadata set to null is fatal; responses set to null is fine', () => {
    const r = run(target, cfg({ storage: { stores: { metadata: null, responses: null } } }));
    expect(r.fatal).toEqual([fatal('storage.stores.metadata', 'must be configured')]);
  });

  test('an unknown backend type is fatal', () => {
    const r = run(target, cfg({ storage: { backends: { ...backends, kv_main: { type: 'kv_etcd' } }, stores: allStores } }));
    expect(r.fatal).toEqual([fatal('storage.backends.kv_main.type', "Input tag \"kv_etcd\" found using 'type' does not match any of the expected tags")]);
  });

  test('a sqlite db_path must be absolute and on a writable directory (when the pod\'s mounts are known)', () => {
    const config = (kv: string, sql: string): JsonObject => cfg({
      storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: kv }, sql_default: { type: 'sql_sqlite', db_path: sql } } },
    });
    const container = { writableDirs: ['/data', '/tmp'] };
    expect(run(target, config('kvstore.db', '/var/lib/sql.db'), { container }).fatal).toEqual([
      fatal('storage.backends.kv_default.db_path', '"kvstore.db" is not an absolute path'),
      fatal('storage.backends.sql_default.db_path', '"/var/lib/sql.db" is not on a writable volume (/data, /tmp)'),
    ]);
    expect(run(target, config('/data/kv.db', '/tmp/sql.db'), { container })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('/data-other/kv.db', '/tmp/sql.db'), { container }).fatal).toEqual([fatal('storage.backends.kv_default.db_path', 'is not on a writable volume')]);
    // Without known mounts the paths are not checked.
    expect(run(target, config('kvstore.db', '/var/lib/sql.db'))).toEqual({ fatal: [], warnings: [] });
  });

  test('a db_path from ${env.X:=~/…} is expanded with the container\'s $HOME before the check', () => {
    const config = cfg({
      storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: '${env.SQLITE_STORE_DIR:=~/.ogx/distributions/starter}/kvstore.db' }, sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } } },
    });
    expect(run(target, config, { container: { writableDirs: ['/data'], home: '/data' } })).toEqual({ fatal: [], warnings: [] });
    const r = run(target, config, { container: { writableDirs: ['/data'] } });
    expect(r.fatal).toEqual([fatal('storage.backends.kv_default.db_path', '"/.ogx/distributions/starter/kvstore.db" is not on a writable volume (/data)')]);
    expect(r.fatal[0].env).toEqual(['SQLITE_STORE_DIR']);
    expect(run(target, config, { container: { writableDirs: ['/data'] }, env: { SQLITE_STORE_DIR: '/data/starter' } })).toEqual({ fatal: [], warnings: [] });
  });

  test('a sqlite backend without db_path is fatal', () => {
    const r = run(target, cfg({ storage: { backends: { kv_default: { type: 'kv_sqlite' }, sql_default: { type: 'sql_sqlite', db_path: '/d/s.db' } } } }));
    expect(r.fatal).toEqual([fatal('storage.backends.kv_default.db_path', 'db_path: Field required')]);
  });
});

// §3: a store reference is read by its class (InferenceStoreReference, ResponsesStoreReference…):
// the write queue fields are ints on every modelled release, other keys are dropped.
describe.each([...TARGETS, ['ogx-1.3', ServerTarget.OGX_1_3] as [string, ServerTarget]])('%s: store reference fields (§3)', (_name, target) => {
  // OGX 1.2+ serves HTTPS unless told otherwise.
  const config = (extra: JsonObject): JsonObject => ({ distro_name: 'test', providers: {}, ...(target._release.rules.strictTls ? { server: { insecure: true } } : {}), ...extra });
  test('max_write_queue_size and num_writers of the inference and responses stores start cleanly', () => {
    const tuned = { max_write_queue_size: 500, num_writers: '2' };
    const r = run(target, config({
      storage: { stores: { inference: { backend: 'sql_default', table_name: 'inference_store', ...tuned }, responses: { backend: 'sql_default', table_name: 'openai_responses', ...tuned } } },
    }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('a queue field pydantic refuses is fatal; a key the reference lacks is dropped', () => {
    const r = run(target, config({
      storage: { stores: { inference: { backend: 'sql_default', table_name: 'inference_store', num_writers: 'four', max_write_queue_size: 1.5 }, conversations: { backend: 'sql_default', table_name: 'c', num_writers: 2 } } },
    }));
    expect(r.fatal).toEqual([
      { severity: 'fatal', path: 'storage.stores.inference.max_write_queue_size', message: 'storage.stores rejects max_write_queue_size: the number 1.5 where the field takes a int (int)', fix: 'set max_write_queue_size to a valid value' },
      { severity: 'fatal', path: 'storage.stores.inference.num_writers', message: 'storage.stores rejects num_writers: a string where the field takes a int (int)', fix: 'set num_writers to a valid value' },
    ]);
    expect(r.warnings).toEqual([{ severity: 'warning', path: 'storage.stores.conversations.num_writers', message: `${target._release.description} does not read storage.stores.conversations.num_writers (it is dropped)`, fix: 'remove num_writers' }]);
  });
});

// §7.1 (pydantic part): vector_stores prompt templates keep their placeholders; limits hold.
