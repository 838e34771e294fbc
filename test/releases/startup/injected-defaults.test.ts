/**
 * What the OGX 1.1+ resolver fills into provider configs (metadata_store from
 * storage.stores.vector_stores), and the vector-store providers that fail without a metadata
 * store under access policies or multi tenancy.
 */
import { ServerTarget } from '../../../src/releases/server-target';
import { checkVectorMetadataStores, injectedKeys, injectsMetadataStore } from '../../../src/releases/startup/injected-defaults';
import { findingLine, startupContext } from '../../support/startup-context';

const REGISTRY = ServerTarget.OGX_1_3._registry;
const faiss = (config: object = {}) => ({ id: 'faiss', type: 'inline::faiss', config, path: 'providers.vector_io[0]', known: REGISTRY.find('vector_io', 'inline::faiss') });
const VECTOR_STORES = { storage: { stores: { vector_stores: { table_name: 'vector_stores', backend: 'sql_default' } } } };
const POLICY = { auth: { access_policy: [{ permit: { actions: ['read'] } }] } };
const FIX = 'set storage.stores.vector_stores: {table_name: vector_stores, backend: sql_default} (the server copies it into every vector_io provider)';

describe('injectsMetadataStore and injectedKeys', () => {
  test('1.1+ with storage.stores.vector_stores: metadata_store for the providers whose config has the field', () => {
    const c = startupContext(VECTOR_STORES);
    expect(injectsMetadataStore(c)).toBe(true);
    expect(injectedKeys(c, faiss() as any)).toStrictEqual(['metadata_store']);
    expect(injectedKeys(c, { ...faiss(), known: REGISTRY.find('vector_io', 'remote::oci') } as any)).toStrictEqual([]);
    expect(injectedKeys(c, { ...faiss(), known: undefined } as any)).toStrictEqual([]);
  });

  test('nothing without the store, or before 1.1', () => {
    expect(injectsMetadataStore(startupContext({ storage: { stores: {} } }))).toBe(false);
    expect(injectsMetadataStore(startupContext({}))).toBe(false);
    const c = startupContext(VECTOR_STORES, { target: ServerTarget.OGX_0_8 });
    expect([injectsMetadataStore(c), injectedKeys(c, faiss() as any)]).toStrictEqual([false, []]);
  });
});

describe('checkVectorMetadataStores', () => {
  function findings(doc: object, providers: object[], target?: ServerTarget): string[] {
    const c = startupContext(doc, { target, enabled: { vector_io: providers } });
    checkVectorMetadataStores(c);
    return c.findings.list.map(findingLine);
  }

  test('access policies: a provider with the field and no store stops the server', () => {
    expect(findings({ server: POLICY }, [faiss()])).toStrictEqual([
      `fatal providers.vector_io[0]: inline::faiss 'faiss': metadata_store is required when access control policies are configured — ${FIX}`,
    ]);
  });

  test('multi tenancy (1.2+) too, with its own reason', () => {
    expect(findings({ server: { tenancy: { mode: 'multi' } } }, [faiss()])).toStrictEqual([
      `fatal providers.vector_io[0]: inline::faiss 'faiss': metadata_store is required when tenancy mode is 'multi' — ${FIX}`,
    ]);
    expect(findings({ server: { tenancy: { mode: 'multi' } } }, [faiss()], ServerTarget.OGX_1_1)).toStrictEqual([]);
  });

  test('a store written in the provider, or injected from storage.stores.vector_stores, is enough', () => {
    expect(findings({ server: POLICY }, [faiss({ metadata_store: { table_name: 'm', backend: 'sql_default' } })])).toStrictEqual([]);
    expect(findings({ server: POLICY, ...VECTOR_STORES }, [faiss()])).toStrictEqual([]);
  });

  test('exempt: the release\'s exceptions (remote::oci), types without the field, module: providers; and no policy, no check', () => {
    const oci = { id: 'oci', type: 'remote::oci', config: {}, path: 'providers.vector_io[0]', known: REGISTRY.find('vector_io', 'remote::oci') };
    expect(findings({ server: POLICY }, [oci, { ...faiss(), module: 'my_pkg' }, { ...faiss(), known: undefined }])).toStrictEqual([]);
    expect(findings({ server: { auth: { access_policy: [] } } }, [faiss()])).toStrictEqual([]);
    expect(findings({ server: POLICY }, [faiss()], ServerTarget.OGX_0_8)).toStrictEqual([]);
  });
});
