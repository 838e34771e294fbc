/**
 * What the OGX 1.1+ resolver fills into provider configs before building them
 * (`core/resolver.py` `_inject_config_defaults`, #5830): a provider whose config class has a
 * `metadata_store` field left unset gets `storage.stores.vector_stores`, when that store is set.
 * That also satisfies the files providers, whose `metadata_store` is required. And what the
 * vector-store mixin then insists on (`providers/utils/memory/openai_vector_store_mixin.py`):
 * a metadata store when access policies are set (1.1+) or tenancy is `multi` (1.2+).
 */
import { EnabledProvider, list, mapping, StartupContext } from './context';
import { getOwn, isJsonObject } from '../../core/json';

const METADATA_STORE = 'metadata_store';

function vectorStoresStoreSet(c: StartupContext): boolean {
  const storage = mapping(getOwn(c.doc, 'storage'));
  const stores = storage ? mapping(getOwn(storage, 'stores')) : undefined;
  return stores !== undefined && isJsonObject(getOwn(stores, 'vector_stores'));
}

/** The resolver fills `metadata_store` into the providers that have the field, in this run (read once per run). */
export function injectsMetadataStore(c: StartupContext): boolean {
  return c.once(injects);
}

function injects(c: StartupContext): boolean {
  return c.rules.metadataStoreFromVectorStores === true && vectorStoresStoreSet(c);
}

/** Config keys the resolver fills for this provider, so they need not be written. */
export function injectedKeys(c: StartupContext, p: EnabledProvider): string[] {
  if (!injectsMetadataStore(c)) return [];
  return p.known?.fields.some((f) => f.key === METADATA_STORE) ? [METADATA_STORE] : [];
}

function hasMetadataStore(c: StartupContext, p: EnabledProvider): boolean {
  const v = getOwn(p.config, METADATA_STORE);
  return (v !== undefined && v !== null) || injectedKeys(c, p).includes(METADATA_STORE);
}

/** Vector-store providers that fail at initialisation without a metadata store. */
export function checkVectorMetadataStores(c: StartupContext): void {
  const rule = c.rules.accessPolicyNeedsVectorMetadataStore;
  if (!rule) return;
  const server = mapping(getOwn(c.doc, 'server'));
  const auth = server ? mapping(getOwn(server, 'auth')) : undefined;
  const policies = list(auth ? getOwn(auth, 'access_policy') : undefined).length > 0;
  const tenancy = server ? mapping(getOwn(server, 'tenancy')) : undefined;
  const multi = c.rules.tenancy === true && tenancy !== undefined && getOwn(tenancy, 'mode') === 'multi';
  if (!policies && !multi) return;
  for (const p of c.enabledIn('vector_io')) {
    if (p.module !== undefined || rule.except.includes(p.type) || !p.known?.fields.some((f) => f.key === METADATA_STORE)) continue;
    if (hasMetadataStore(c, p)) continue;
    const why = policies ? 'access control policies are configured' : "tenancy mode is 'multi'";
    c.findings.fatal(p.path, `${p.type} '${p.id}': metadata_store is required when ${why}`,
      'set storage.stores.vector_stores: {table_name: vector_stores, backend: sql_default} (the server copies it into every vector_io provider)');
  }
}
