/**
 * What points at providers that are gone (disabled, or replaced by the user's): registered
 * resources of that API, and the top-level defaults that name them. Left in place they would
 * stop the server ("Provider `faiss` not found", a default embedding model that is not found).
 */
import { effectiveBaseId, TargetGeneration } from './generation';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { listOf, mapOf, shallowCopy, writableList } from '../core/writable-json';

function names(v: JsonValue | undefined, ids: ReadonlySet<string>): boolean {
  return isJsonObject(v) && ids.has(effectiveBaseId(getOwn(v, 'provider_id')) ?? '');
}

/** Removes the references of `api` to the provider ids `ids`. */
export function dropReferences(g: TargetGeneration, config: JsonObject, api: string, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  const resources = getOwn(config, 'registered_resources');
  if (isJsonObject(resources)) {
    for (const kind of Object.keys(g.rules.resources)) {
      const list = getOwn(resources, kind);
      if (g.rules.resources[kind].api !== api || !Array.isArray(list) || !list.some((r) => names(r, ids))) continue;
      mapOf(config, 'registered_resources')[kind] = list.filter((r) => !names(r, ids));
    }
  }
  if (api === 'vector_io') dropMemoryVectorStoreProvider(config, ids);
  const vs = getOwn(config, 'vector_stores');
  if (!isJsonObject(vs)) return;
  if (api === 'vector_io' && ids.has(String(getOwn(vs, 'default_provider_id')))) delete mapOf(config, 'vector_stores').default_provider_id;
  if (api === 'inference') {
    for (const key of ['default_embedding_model', 'default_reranker_model']) if (names(getOwn(vs, key), ids)) delete mapOf(config, 'vector_stores')[key];
    const rewrite = getOwn(vs, 'rewrite_query_params');
    if (isJsonObject(rewrite) && names(getOwn(rewrite, 'model'), ids)) delete mapOf(mapOf(config, 'vector_stores'), 'rewrite_query_params').model;
  }
}

/**
 * The responses providers' `memory_config.default_vector_store_provider_id` (starter: sqlite-vec)
 * goes when it names a dropped provider: unset, the release creates memory vector stores on the
 * stack's default vector store provider (OGX 1.3 responses/builtin/config.py).
 */
function dropMemoryVectorStoreProvider(config: JsonObject, ids: ReadonlySet<string>): void {
  const providers = getOwn(config, 'providers');
  if (!isJsonObject(providers)) return;
  listOf(providers, 'responses').forEach((p, i) => {
    const memory = isJsonObject(p) && isJsonObject(getOwn(p, 'config')) ? getOwn(getOwn(p, 'config') as JsonObject, 'memory_config') : undefined;
    if (!isJsonObject(memory) || !ids.has(String(getOwn(memory, 'default_vector_store_provider_id')))) return;
    const list = writableList(mapOf(config, 'providers'), 'responses')!;
    const entry = Object.isFrozen(list[i]) ? shallowCopy(list[i] as JsonObject) : list[i] as JsonObject;
    list[i] = entry;
    delete mapOf(mapOf(entry, 'config'), 'memory_config').default_vector_store_provider_id;
  });
}

/** The (effective) provider ids of one API's list. */
export function providerIds(list: readonly JsonValue[]): Set<string> {
  const ids = new Set<string>();
  for (const p of list) {
    const id = isJsonObject(p) ? effectiveBaseId(getOwn(p, 'provider_id')) : undefined;
    if (id) ids.add(id);
  }
  return ids;
}
