/**
 * OGX 1.1+: with access policies, every vector_io provider built on the vector-store mixin needs
 * a SQL `metadata_store` (the per-owner records live there), or it fails at initialisation. The
 * release copies `storage.stores.vector_stores` into each provider that has none, so writing that
 * one store covers the base config's providers and the user's.
 */
import { AUTH_PATH } from './auth-config';
import { TargetGeneration } from './generation';
import { TENANCY_PATH } from './server';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { mapOf } from '../core/writable-json';
import { backendTypes } from '../releases/startup/stack-config';

export function applyVectorMetadataStore(g: TargetGeneration, config: JsonObject): void {
  if (!g.rules.accessPolicyNeedsVectorMetadataStore) return;
  const server = getOwn(config, 'server');
  const auth = isJsonObject(server) ? getOwn(server, 'auth') : undefined;
  const policy = isJsonObject(auth) ? getOwn(auth, 'access_policy') : undefined;
  const tenancy = isJsonObject(server) ? getOwn(server, 'tenancy') : undefined;
  // Tenancy multi needs one as well (1.2+).
  const multi = isJsonObject(tenancy) && getOwn(tenancy, 'mode') === 'multi';
  if (!multi && (!Array.isArray(policy) || policy.length === 0)) return;
  const stores = mapOf(mapOf(config, 'storage'), 'stores');
  if (isJsonObject(getOwn(stores, 'vector_stores'))) return;
  const sql = [...backendTypes(config).entries()].filter(([, type]) => type.startsWith('sql_')).map(([name]) => name);
  const backend = sql.includes('sql_default') ? 'sql_default' : sql[0];
  // No SQL backend at all: the start-up model reports the providers that would fail.
  if (backend === undefined) return;
  stores.vector_stores = { table_name: 'vector_stores', backend };
  g.wrote('storage.stores.vector_stores', multi ? TENANCY_PATH : AUTH_PATH);
}
