/**
 * `spec.disabled` on a server line: the API leaves `apis` and `providers`, resources registered
 * on its providers go with it, and so do the top-level settings that would point at it. An API
 * that another enabled provider needs cannot be disabled alone: the problem names the
 * dependents to disable with it.
 */
import { TargetGeneration } from './generation';
import { effectiveBaseId, enabledProviderIds, listOf, mapOf } from './providers';
import { ContainerEnv } from './startup';
import { getOwn, isJsonObject, JsonObject } from '../config/json-value';

export function applyDisabled(g: TargetGeneration, config: JsonObject, disabled: readonly string[], env: ContainerEnv): void {
  if (disabled.length === 0) return;
  const off = new Set(disabled);
  const apis = getOwn(config, 'apis');
  if (Array.isArray(apis)) config.apis = apis.filter((a) => typeof a === 'string' && !off.has(a));
  // Top-level settings that point at a disabled API's resources would fail validation.
  if (off.has('safety')) delete config.safety;
  if (off.has('vector_io') || off.has('inference')) delete config.vector_stores;
  const providers = mapOf(config, 'providers');
  const removedIds = new Set<string>();
  for (const api of disabled) {
    for (const p of listOf(providers, api)) {
      const id = isJsonObject(p) ? effectiveBaseId(getOwn(p, 'provider_id')) : undefined;
      if (id) removedIds.add(id);
    }
    delete providers[api];
  }
  const resources = getOwn(config, 'registered_resources');
  if (isJsonObject(resources)) {
    for (const kind of Object.keys(resources)) {
      const list = resources[kind];
      if (Array.isArray(list)) resources[kind] = list.filter((r) => !(isJsonObject(r) && removedIds.has(effectiveBaseId(getOwn(r, 'provider_id')) ?? '')));
    }
  }
  checkDependents(g, config, disabled, env);
}

/** Every enabled provider that requires a disabled API makes that API impossible to disable alone. */
function checkDependents(g: TargetGeneration, config: JsonObject, disabled: readonly string[], env: ContainerEnv): void {
  const providers = mapOf(config, 'providers');
  const routing = g.rules.apis.routingTables;
  disabled.forEach((name, i) => {
    const dependents = new Set<string>();
    for (const api of Object.keys(providers).sort()) {
      const enabled = new Set(enabledProviderIds(config, api, env));
      for (const p of listOf(providers, api)) {
        if (!isJsonObject(p)) continue;
        const id = getOwn(p, 'provider_id');
        const type = getOwn(p, 'provider_type');
        if (typeof id !== 'string' || typeof type !== 'string' || !enabled.has(effectiveBaseId(id) ?? '')) continue;
        const deps = g.registry.find(api, type)?.apiDependencies ?? [];
        if (deps.some((d) => d === name || routing[d] === name)) dependents.add(api);
      }
    }
    if (dependents.size > 0) {
      const list = [...dependents].sort();
      g.problem(`spec.disabled[${i}]`, `${name} cannot be disabled alone: the ${list.join(', ')} provider(s) need it (the server would not start)`,
        `also disable ${list.join(' and ')}, or keep ${name}`);
    }
  });
}

/** A base config made for an older release can keep APIs this one removed: name the release and the fix. */
export function checkRemovedApis(g: TargetGeneration, config: JsonObject): void {
  const providers = mapOf(config, 'providers');
  for (const api of Object.keys(providers).sort()) {
    const removed = g.removedIn(api);
    if (removed && listOf(providers, api).length > 0) {
      g.problem(`config.providers.${api}`, `the ${api} API was removed in ${removed}, and the base config still has it`,
        `add ${api} to spec.disabled, or use a base config made for ${g.target.description}`);
    }
  }
  const apis = getOwn(config, 'apis');
  for (const api of Array.isArray(apis) ? apis : []) {
    const removed = typeof api === 'string' ? g.removedIn(api) : undefined;
    if (typeof api === 'string' && removed && listOf(providers, api).length === 0) g.problem('config.apis', `the ${api} API was removed in ${removed}`, `add ${api} to spec.disabled`);
  }
}
