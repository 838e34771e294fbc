/**
 * A provider's config checks are kept per frozen (shared base) config: what they read besides
 * the config (the pod's files and writable directories, the storage backends, the release)
 * must still give each run its own findings.
 */
import { deepFreeze, JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/targets/server-target';
import { checkStartup, ContainerFacts } from '../../../src/targets/startup';

const TARGET = ServerTarget.OGX_1_3;
const SQLITE_VEC = deepFreeze({
  vector_io: [{
    provider_id: 'sqlite-vec',
    provider_type: 'inline::sqlite-vec',
    config: { db_path: '/data/sqlite_vec.db', persistence: { namespace: 'vector_io::sqlite_vec', backend: 'kv_default' } },
  }],
} as JsonObject);

function findings(backends: JsonObject, container: ContainerFacts): string[] {
  const config: JsonObject = { version: 2, distro_name: 'test', apis: ['vector_io'], providers: SQLITE_VEC, storage: { backends, stores: {} } };
  const report = checkStartup(config, TARGET._release, new Map(), { requiredWhenEnabled: TARGET._data.requiredExtras, container });
  return [...report.fatal, ...report.warnings].map((f) => f.path).filter((p) => p.startsWith('providers.vector_io[0].config'));
}

describe('provider config checks of a shared base config', () => {
  const kv = { kv_default: { type: 'kv_sqlite', db_path: '/data/kv.db' }, sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } };
  const sqlOnly = { kv_other: { type: 'kv_sqlite', db_path: '/data/kv.db' }, sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } };

  test('each run gets the findings of its own backends and writable directories', () => {
    expect(findings(kv, { writableDirs: ['/data'] })).toEqual([]);
    expect(findings(sqlOnly, { writableDirs: ['/data'] })).toEqual(['providers.vector_io[0].config.persistence.backend']);
    expect(findings(kv, { writableDirs: ['/tmp'] })).toEqual(['providers.vector_io[0].config.db_path']);
    expect(findings(kv, { writableDirs: ['/data'] })).toEqual([]);
    expect(findings(sqlOnly, { writableDirs: ['/tmp'] })).toEqual(['providers.vector_io[0].config.db_path', 'providers.vector_io[0].config.persistence.backend']);
  });
});
