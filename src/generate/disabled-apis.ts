/**
 * `spec.disabled` on a server line: the API leaves `apis` and `providers`, resources registered
 * on its providers go with it, and so do the top-level settings that would point at it. An API
 * that another enabled provider needs cannot be disabled alone: the problem names the
 * dependents to disable with it.
 */
import { dropReferences, providerIds } from './dropped-providers';
import { effectiveBaseId, TargetGeneration } from './generation';
import { enabledProviderIds } from './providers';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { listOf, mapOf } from '../core/writable-json';
import { ContainerEnv } from '../releases/startup';

export function applyDisabled(g: TargetGeneration, config: JsonObject, disabled: readonly string[], env: ContainerEnv): void {
  if (disabled.length === 0) return;
  const off = new Set(disabled);
  const apis = getOwn(config, 'apis');
  const present = new Set([...(Array.isArray(apis) ? apis : []), ...Object.keys(mapOf(config, 'providers'))]);
  disabled.forEach((name, i) => {
    if (!present.has(name)) {
      g.warn(`spec.disabled[${i}]`, `the base config has no ${name} API, so disabling it changes nothing`, `remove ${quoteValue(name)} from disabled`);
    }
  });
  if (Array.isArray(apis)) config.apis = apis.filter((a) => typeof a === 'string' && !off.has(a));
  // Top-level settings that point at a disabled API's resources would fail validation.
  if (off.has('safety')) delete config.safety;
  if (off.has('vector_io') || off.has('inference')) delete config.vector_stores;
  const providers = mapOf(config, 'providers');
  for (const api of disabled) {
    dropReferences(g, config, api, providerIds(listOf(providers, api)));
    delete providers[api];
  }
  checkDependents(g, config, disabled, env);
}

/** The APIs whose enabled providers require one of `off` (a routing table counts as its router API). */
function dependentsOf(g: TargetGeneration, config: JsonObject, off: ReadonlySet<string>, env: ContainerEnv): Set<string> {
  const providers = mapOf(config, 'providers');
  const routing = g.rules.apis.routingTables;
  const out = new Set<string>();
  for (const api of Object.keys(providers).sort()) {
    if (off.has(api)) continue;
    const enabled = new Set(enabledProviderIds(config, api, env));
    for (const p of listOf(providers, api)) {
      if (!isJsonObject(p)) continue;
      const id = getOwn(p, 'provider_id');
      const type = getOwn(p, 'provider_type');
      if (typeof id !== 'string' || typeof type !== 'string' || !enabled.has(effectiveBaseId(id) ?? '')) continue;
      const deps = g.registry.find(api, type)?.apiDependencies ?? [];
      if (deps.some((d) => off.has(d) || off.has(routing[d]))) out.add(api);
    }
  }
  return out;
}

/**
 * An API that enabled providers require cannot be disabled alone. The fix names every API to
 * disable with it, to the end of the chain (inference → vector_io → responses…), so following
 * it synthesizes.
 */
function checkDependents(g: TargetGeneration, config: JsonObject, disabled: readonly string[], env: ContainerEnv): void {
  const off = new Set(disabled);
  const chain = new Set<string>();
  for (let more = dependentsOf(g, config, off, env); more.size > 0; more = dependentsOf(g, config, new Set([...off, ...chain]), env)) {
    more.forEach((api) => chain.add(api));
  }
  if (chain.size === 0) return;
  const also = [...chain].sort();
  disabled.forEach((name, i) => {
    const direct = [...dependentsOf(g, config, new Set([name]), env)].sort();
    if (direct.length === 0) return;
    g.problem(`spec.disabled[${i}]`, `${name} cannot be disabled alone: the ${direct.join(', ')} provider(s) need it (the server would not start)`,
      `also disable ${also.join(', ')}, or keep ${name}`);
  });
}

/** A base config made for an older release can keep APIs this one removed: name the release and the fix. */
export function checkRemovedApis(g: TargetGeneration, config: JsonObject): void {
  const providers = mapOf(config, 'providers');
  for (const api of Object.keys(providers).sort()) {
    const removed = g.removedIn(api);
    if (removed && listOf(providers, api).length > 0) {
      g.problem(`config.providers.${api}`, `the ${api} API was removed in ${removed}, and the base config still has it`,
        g.fixWithReplacement(`add ${api} to spec.disabled, or use a base config made for ${g.target.description}`, api));
    }
  }
  const apis = getOwn(config, 'apis');
  for (const api of Array.isArray(apis) ? apis : []) {
    const removed = typeof api === 'string' ? g.removedIn(api) : undefined;
    if (typeof api === 'string' && removed && listOf(providers, api).length === 0) g.problem('config.apis', `the ${api} API was removed in ${removed}`, g.fixWithReplacement(`add ${api} to spec.disabled`, api));
  }
}
