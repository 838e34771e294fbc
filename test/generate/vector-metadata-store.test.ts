/** applyVectorMetadataStore (OGX 1.1+): with access policies or multi tenancy, storage.stores.vector_stores on a SQL backend. */
import { TargetGeneration } from '../../src/generate/generation';
import { applyVectorMetadataStore } from '../../src/generate/vector-metadata-store';
import { ServerTarget } from '../../src/releases/server-target';

const POLICY = { server: { auth: { access_policy: [{ permit: { actions: ['read'] } }] } } };

function applied(config: any, target = ServerTarget.OGX_1_3): { config: any; provenance: [string, string][] } {
  const g = new TargetGeneration(target);
  applyVectorMetadataStore(g, config);
  // What the step creates is prototype-less (as config.yaml's maps are): compared as JSON.
  return { config: JSON.parse(JSON.stringify(config)), provenance: [...g.provenance] };
}

describe('applyVectorMetadataStore', () => {
  test('access policies: the store on sql_default, recorded as written from options.auth', () => {
    const backends = { kv_default: { type: 'kv_sqlite' }, sql_default: { type: 'sql_sqlite' }, sql_other: { type: 'sql_postgres' } };
    expect(applied({ ...POLICY, storage: { backends, stores: {} } })).toStrictEqual({
      config: { ...POLICY, storage: { backends, stores: { vector_stores: { table_name: 'vector_stores', backend: 'sql_default' } } } },
      provenance: [['storage.stores.vector_stores', 'options.auth']],
    });
  });

  test('multi tenancy: the first SQL backend when there is no sql_default, recorded as from options.tenancy', () => {
    const r = applied({ server: { tenancy: { mode: 'multi' } }, storage: { backends: { kv_main: { type: 'kv_redis' }, sql_main: { type: 'sql_postgres' } } } });
    expect(r.config.storage.stores).toStrictEqual({ vector_stores: { table_name: 'vector_stores', backend: 'sql_main' } });
    expect(r.provenance).toStrictEqual([['storage.stores.vector_stores', 'options.tenancy']]);
  });

  test('a vector_stores store already set stays', () => {
    const stores = { vector_stores: { table_name: 'mine', backend: 'sql_x' } };
    expect(applied({ ...POLICY, storage: { backends: { sql_default: { type: 'sql_sqlite' } }, stores } }).config.storage.stores).toStrictEqual(stores);
  });

  test('nothing without policies or multi tenancy, without a SQL backend, or before 1.1', () => {
    const config = () => ({ storage: { backends: { sql_default: { type: 'sql_sqlite' } } } });
    expect(applied(config()).config).toStrictEqual(config());
    expect(applied({ server: { auth: { access_policy: [] }, tenancy: { mode: 'single' } }, ...config() }).provenance).toStrictEqual([]);
    expect(applied({ ...POLICY, storage: { backends: { kv_default: { type: 'kv_sqlite' } } } }).config.storage.stores).toStrictEqual({});
    expect(applied({ ...POLICY, ...config() }, ServerTarget.OGX_0_8).config).toStrictEqual({ ...POLICY, ...config() });
  });
});
