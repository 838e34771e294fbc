/**
 * A provider's config checks are kept per frozen (shared base) config: what they read besides
 * the config (the pod's files and writable directories, the storage backends, the release)
 * must still give each run its own findings.
 */
import { deepFreeze, JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, ContainerFacts } from '../../../src/releases/startup';

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

/**
 * A frozen (shared base) entry's own checks and registry lookup are kept per path and release:
 * the same document frozen or not gives the same findings, in the same order, on every release.
 */
describe('provider entries of a shared base config', () => {
  const providers = (): JsonObject => ({
    inference: [
      { provider_id: 'a', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } },
      { provider_id: 'a', provider_type: 'remote::no-such-type', config: {} },
      { provider_id: 7, provider_type: 'remote::vllm' },
      'not a mapping',
      { provider_id: 'b', provider_type: 'remote::openai', config: 'not a mapping' },
    ],
    tool_runtime: [
      { provider_id: 'mcp', provider_type: 'remote::model-context-protocol' },
      { provider_id: 'ext', provider_type: 'remote::ext', module: 'not a package!' },
    ],
  });
  const run = (target: ServerTarget, shared: JsonObject): string[] => {
    const config: JsonObject = { version: 2, distro_name: 'test', apis: ['inference', 'tool_runtime'], providers: shared };
    const report = checkStartup(config, target._release, new Map(), { requiredWhenEnabled: target._data.requiredExtras, container: { writableDirs: ['/data'] } });
    return [...report.fatal, ...report.warnings].map((f) => `${f.severity} ${f.path}: ${f.message}`);
  };

  test.each(['OGX_1_3', 'OGX_0_8', 'OGX_1_3'] as const)('%s: frozen and fresh give the same findings', (name) => {
    const target = ServerTarget[name];
    const frozen = SHARED_PROVIDERS;
    const fresh = run(target, providers());
    expect(fresh.filter((f) => f.includes('providers.inference')).length).toBeGreaterThanOrEqual(5);
    expect(fresh.filter((f) => f.includes('providers.tool_runtime[1].module'))).toHaveLength(1);
    expect(run(target, frozen)).toEqual(fresh);
    expect(run(target, frozen)).toEqual(fresh);
  });

  test('the registry finding names each release', () => {
    const at = (target: ServerTarget) => run(target, SHARED_PROVIDERS).find((f) => f.includes('no-such-type'));
    expect(at(ServerTarget.OGX_1_3)).toContain(ServerTarget.OGX_1_3.description);
    expect(at(ServerTarget.OGX_0_8)).toContain(ServerTarget.OGX_0_8.description);
  });

  test('an entry without a config: each run gets the findings of its own required extras', () => {
    const config: JsonObject = { version: 2, distro_name: 'test', apis: ['tool_runtime'], providers: SHARED_PROVIDERS };
    const missing = (extras: { [type: string]: string[] }) => checkStartup(config, TARGET._release, new Map(), { requiredWhenEnabled: extras }).fatal
      .map((f) => f.path).filter((p) => p.startsWith('providers.tool_runtime[0].config'));
    expect(missing({})).toEqual([]);
    expect(missing({ 'remote::model-context-protocol': ['endpoint'] })).toEqual(['providers.tool_runtime[0].config.endpoint']);
    expect(missing({ 'remote::model-context-protocol': ['endpoint', 'token'] })).toEqual(['providers.tool_runtime[0].config.endpoint', 'providers.tool_runtime[0].config.token']);
    expect(missing({})).toEqual([]);
  });

  const SHARED_PROVIDERS = deepFreeze(providers());
});
