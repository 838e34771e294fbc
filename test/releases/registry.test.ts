/** ProviderRegistry and ProviderType: a release's provider types, their YAML keys, required keys, endpoint and credential keys, samples and default storage references. */
import { ProviderRegistry } from '../../src/releases/registry';
import { ServerTarget } from '../../src/releases/server-target';

const field = (type: string, required: boolean, alias: string | null = null, extra: object = {}) => ({ type, required, alias, ...extra });

/** A registry written out: a remote inference type with an aliased credential, an inline vector store with storage references. */
const REGISTRY = new ProviderRegistry({
  inference: [
    {
      api: 'inference',
      provider_type: 'remote::acme',
      fields: {
        base_url: field('str', true),
        auth_credential: field('SecretStr | None', false, 'api_key'),
        timeout: field('int', false, null, { default: 30 }),
      },
      sample_run_config: { base_url: '${env.ACME_URL}', api_key: '${env.ACME_API_KEY:=}' },
      api_dependencies: [],
      deprecation_warning: 'use remote::acme2',
    },
    { api: 'inference', provider_type: 'inline::local', fields: {}, model_config_extra: 'allow' },
  ],
  vector_io: [{
    api: 'vector_io',
    provider_type: 'inline::store',
    fields: {
      persistence: field('KVStoreReference', true),
      metadata_store: field('SqlStoreReference | None', false, null, { default: { table_name: 'meta', backend: 'sql_default' } }),
      token: field('str | None', false),
    },
    sample_run_config: { persistence: { namespace: 'vector_io::store', backend: 'kv_default' }, db_path: '/x', nested: { a: { backend: 'sql_default' } } },
    api_dependencies: ['inference', 'files'],
  }],
});

describe('ProviderRegistry', () => {
  test('APIs, types per API (sorted), and a type by API and name', () => {
    expect(REGISTRY.apis).toStrictEqual(['inference', 'vector_io']);
    expect(REGISTRY.typesOf('inference')).toStrictEqual(['inline::local', 'remote::acme']);
    expect(REGISTRY.typesOf('safety')).toStrictEqual([]);
    expect(REGISTRY.find('inference', 'remote::acme')?.type).toBe('remote::acme');
    expect(REGISTRY.find('vector_io', 'remote::acme')).toBeUndefined();
  });

  test('a shipped release\'s registry loads: OGX 1.3 has remote::vllm for inference', () => {
    const vllm = ServerTarget.OGX_1_3._registry.find('inference', 'remote::vllm');
    expect([vllm?.api, vllm?.urlKey]).toStrictEqual(['inference', 'base_url']);
  });
});

describe('ProviderType', () => {
  const acme = REGISTRY.find('inference', 'remote::acme')!;
  const local = REGISTRY.find('inference', 'inline::local')!;
  const store = REGISTRY.find('vector_io', 'inline::store')!;

  test('keys as YAML spells them (aliases), sorted; required keys; fields in declaration order', () => {
    expect(acme.keys).toStrictEqual(['api_key', 'base_url', 'timeout']);
    expect(acme.requiredKeys).toStrictEqual(['base_url']);
    expect(acme.fields).toStrictEqual([
      { key: 'base_url', type: 'str', required: true },
      { key: 'api_key', type: 'SecretStr | None', required: false },
      { key: 'timeout', type: 'int', required: false },
    ]);
    expect(Object.isFrozen(acme.keys) && Object.isFrozen(acme.fields)).toBe(true);
  });

  test('endpoint and credential keys: the alias of auth_credential, else the first known name', () => {
    expect([acme.urlKey, acme.credentialKey]).toStrictEqual(['base_url', 'api_key']);
    expect([store.urlKey, store.credentialKey]).toStrictEqual([undefined, 'token']);
    expect([local.urlKey, local.credentialKey]).toStrictEqual([undefined, undefined]);
  });

  test('extra keys, dependencies, deprecation, defaults', () => {
    expect([acme.acceptsAnyKey, local.acceptsAnyKey]).toStrictEqual([false, true]);
    expect([acme.apiDependencies, store.apiDependencies, local.apiDependencies]).toStrictEqual([[], ['inference', 'files'], []]);
    expect([acme.deprecationWarning, local.deprecationWarning]).toStrictEqual(['use remote::acme2', undefined]);
    expect([acme.fieldDefault('timeout'), acme.fieldDefault('base_url'), acme.fieldDefault('constructor')]).toStrictEqual([30, undefined, undefined]);
  });

  test('sample values are copies; an absent key has none', () => {
    const sample = store.sampleValue('persistence');
    expect(sample).toStrictEqual({ namespace: 'vector_io::store', backend: 'kv_default' });
    sample.backend = 'changed';
    expect(store.sampleValue('persistence').backend).toBe('kv_default');
    expect([store.sampleValue('absent'), local.sampleValue('x')]).toStrictEqual([undefined, undefined]);
  });

  test('storage references: the sample\'s (at any depth), and the defaults of optional fields, frozen', () => {
    expect(store.storageReferences()).toStrictEqual({ persistence: { namespace: 'vector_io::store', backend: 'kv_default' }, nested: { a: { backend: 'sql_default' } } });
    const defaults = store.defaultStorageReferences();
    expect(defaults).toStrictEqual({ metadata_store: { table_name: 'meta', backend: 'sql_default' } });
    expect(Object.isFrozen(defaults) && Object.isFrozen(defaults.metadata_store)).toBe(true);
    expect(acme.defaultStorageReferences()).toStrictEqual({});
  });
});
