/**
 * `disabled`: removes APIs from `apis` and their provider lists, then drops registered resources
 * whose provider_id belonged to a removed provider (keyed by id across all APIs, as the operator).
 */
import { getOwn, isJsonObject, JsonObject, JsonValue, setOwn } from '../../core/json';
import { mapOf } from '../../core/writable-json';

/** Applies `spec.disabled` to the config (mutates it). */
export function applyDisabled(config: JsonObject, disabled: readonly string[]): void {
  if (disabled.length === 0) return;
  const off = new Set(disabled);
  const apis = getOwn(config, 'apis');
  if (Array.isArray(apis)) {
    setOwn(config, 'apis', apis.filter((a) => typeof a === 'string' && !off.has(a)));
  }
  const providers = getOwn(config, 'providers');
  if (!isJsonObject(providers)) return;
  const removed = new Set<string>();
  for (const name of disabled) {
    const list = getOwn(providers, name);
    if (list === undefined) continue;
    for (const p of Array.isArray(list) ? list : []) {
      const id = isJsonObject(p) ? getOwn(p, 'provider_id') : undefined;
      if (typeof id === 'string' && id !== '') removed.add(id);
    }
    delete mapOf(config, 'providers')[name];
  }
  const resources = getOwn(config, 'registered_resources');
  if (removed.size === 0 || !Array.isArray(resources)) return;
  setOwn(config, 'registered_resources', resources.filter((r) => {
    const id = resourceProviderId(r);
    return id === undefined || !removed.has(id);
  }));
}

function resourceProviderId(r: JsonValue): string | undefined {
  if (!isJsonObject(r)) return undefined;
  const provider = getOwn(r, 'provider');
  if (!isJsonObject(provider)) return undefined;
  const id = getOwn(provider, 'provider_id');
  return typeof id === 'string' ? id : undefined;
}
