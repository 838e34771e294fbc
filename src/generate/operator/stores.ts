/**
 * `merge_by_subsection`: `storage.kv` replaces `metadata_store`, `storage.sql` replaces
 * `inference_store`, each as a whole (nothing is merged with the base's store).
 */
import { JsonObject, newObject, setOwn } from '../../core/json';
import { envPlaceholder, STORAGE_KV_PASSWORD_ENV, STORAGE_SQL_CONNECTION_STRING_ENV } from '../../spec/env-names';
import { StorageSpec } from '../../spec/spec';

function store(fields: [string, string][]): JsonObject {
  const out = newObject();
  for (const [k, v] of fields) setOwn(out, k, v);
  return out;
}

/** Applies `spec.storage` to the config (mutates it). */
export function applyStorage(config: JsonObject, storage: StorageSpec): void {
  if (storage.kv) {
    const type = storage.kv.type || 'sqlite';
    const fields: [string, string][] = [['type', type]];
    if (type === 'sqlite') fields.push(['db_path', '/data/kv_store.db']);
    if (type === 'redis') {
      if (storage.kv.endpoint) fields.push(['endpoint', storage.kv.endpoint]);
      if (storage.kv.password) fields.push(['password', envPlaceholder(STORAGE_KV_PASSWORD_ENV)]);
    }
    setOwn(config, 'metadata_store', store(fields));
  }
  if (storage.sql) {
    const type = storage.sql.type || 'sqlite';
    const fields: [string, string][] = [['type', type]];
    if (type === 'sqlite') fields.push(['db_path', '/data/inference_store.db']);
    if (type === 'postgres' && storage.sql.connectionString) {
      fields.push(['connection_string', envPlaceholder(STORAGE_SQL_CONNECTION_STRING_ENV)]);
    }
    setOwn(config, 'inference_store', store(fields));
  }
}
