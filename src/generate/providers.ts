/**
 * User providers written in the release's own keys and overlaid on the base by provider id (a
 * base entry `${env.X:+id}` is replaced in place by a user provider `id`), plus which providers
 * of the result are enabled with the container's env.
 */
import { dropReferences, providerIds } from './dropped-providers';
import { effectiveBaseId, effectiveId, providerType, TargetGeneration } from './generation';
import { networkEntry } from './provider-network';
import { checkEndpointValue, checkProviderValues } from './provider-values';
import { frozenMemo } from '../core/frozen-memo';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { toJsonValue } from '../core/json-convert';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { hasEnvReference } from '../core/url';
import { listOf, mapOf, writableList } from '../core/writable-json';
import { ProviderType } from '../releases/registry';
import { ContainerEnv } from '../releases/startup';
import { envValuesFor, substitutedProviderId } from '../releases/startup/env-substitution';
import { aliasChoices } from '../releases/startup/release';
import { ALL_PROVIDER_APIS } from '../spec/apis';
import { compareBytewise, envPlaceholder, providerEnvName } from '../spec/env-names';
import { LlamaStackDistributionSpec, ProviderConfig } from '../spec/spec';

function setKey(g: TargetGeneration, config: JsonObject, known: ProviderType, key: string | undefined, value: string, path: string,
  what: string): void {
  if (!key) {
    g.problem(path, `${known.type} takes no ${what} in ${g.target.description}`, `remove it; the provider's keys are: ${known.keys.join(', ') || '(none)'}`);
    return;
  }
  config[key] = value;
}

export function checkKnownKey(g: TargetGeneration, known: ProviderType, key: string, path: string): void {
  if (known.acceptsAnyKey || known.keys.includes(key) || aliasChoices(g.rules, known.api, known.type).includes(key)) return;
  g.problem(path, `${known.type} has no config key ${quoteValue(key)} in ${g.target.description} (the server would silently ignore it)`,
    `use one of: ${known.keys.join(', ') || '(none)'}`);
}

function checkRequired(g: TargetGeneration, known: ProviderType, config: JsonObject, path: string): void {
  const extras = g.data.requiredExtras[known.type] ?? [];
  const required = [...new Set([...known.requiredKeys, ...extras])].sort();
  for (const k of required) {
    const sample = known.requiredKeys.includes(k) ? known.sampleValue(k) : undefined;
    // A key the release requires and its own sample fills from an env var with a default (localfs
    // `storage_dir` under FILES_STORAGE_DIR, which the Deployment sets) takes that value.
    if (getOwn(config, k) === undefined && typeof sample === 'string' && /^\$\{env\.[A-Z0-9_]+:=[^}]/.test(sample)) {
      config[k] = sample.replace(/<distro>/g, g.distribution);
    }
    const v = getOwn(config, k);
    if (v === undefined || v === null || v === '') {
      g.problem(path, `${known.type} requires ${k}`, `set it (endpoint, apiKey, settings.${k} or secretRefs.${k})`,
        { ogxServer: `set it (the typed field that writes ${k}, or settings.${k} / secretRefs.${k} of a custom entry)` });
    }
  }
}

/** A user provider as the server reads it: the provider's own keys, secrets as env placeholders. */
function providerEntry(g: TargetGeneration, p: ProviderConfig, api: string, field: string, index: number): JsonObject | undefined {
  const path = `spec.providers.${field}[${index}]`;
  const type = providerType(p);
  const known = g.registry.find(api, type);
  if (!known) {
    const types = g.registry.typesOf(api);
    g.problem(`${path}.provider`, `${g.target.description} has no ${api} provider ${quoteValue(type)}`,
      g.replacementFor(`${api}/${type}`) ?? g.targetsFix((t) => t._registry.find(api, type) !== undefined, `${api} ${type}`,
        types.length > 0 ? `use one of: ${types.join(', ')}` : `remove it (${g.target.description} has no ${api} API)`));
    return undefined;
  }
  const id = effectiveId(p);
  const config: JsonObject = known.storageReferences();
  if (p.endpoint) {
    setKey(g, config, known, known.urlKey, p.endpoint, `${path}.endpoint`, 'an endpoint');
    checkEndpointValue(g, p.endpoint, `${path}.endpoint`);
    openAiBaseUrlWarning(g, known, p.endpoint, `${path}.endpoint`);
  }
  if (p.apiKey) setKey(g, config, known, known.credentialKey, envPlaceholder(providerEnvName(id, 'API_KEY')), `${path}.apiKey`, 'an API key');
  const settings = p.settings === undefined || p.settings === null ? {} : toJsonValue(p.settings, `${path}.settings`, g.problems);
  if (!isJsonObject(settings)) {
    g.problem(`${path}.settings`, 'must be an object of config keys', 'write settings as key: value pairs');
  } else {
    for (const k of Object.keys(settings)) {
      checkKnownKey(g, known, k, childPath(`${path}.settings`, k));
      config[k] = settings[k];
    }
  }
  for (const k of Object.keys(p.secretRefs ?? {}).sort(compareBytewise)) {
    checkKnownKey(g, known, k, childPath(`${path}.secretRefs`, k));
    config[k] = envPlaceholder(providerEnvName(id, k));
  }
  if (p.network) {
    const network = networkEntry(g, p, known, field, index, path);
    if (network) config.network = network;
  }
  checkRequired(g, known, config, path);
  checkProviderValues(g, known, config, path);
  return { provider_id: id, provider_type: type, config };
}

/** Replaces base entries whose (conditional) id matches, in place; appends the rest. Returns each user entry's index. */
function overlay(base: JsonValue[], user: JsonObject[]): { list: JsonValue[]; positions: number[] } {
  const byId = new Map(user.map((u) => [u.provider_id as string, u]));
  const used = new Set<string>();
  const out = base.map((b) => {
    const id = isJsonObject(b) ? effectiveBaseId(getOwn(b, 'provider_id')) : undefined;
    const u = id !== undefined ? byId.get(id) : undefined;
    if (!u || used.has(id!)) return b;
    used.add(id!);
    return u;
  });
  const list = [...out, ...user.filter((u) => !used.has(u.provider_id as string))];
  return { list, positions: user.map((u) => list.indexOf(u)) };
}

/**
 * Writes the user's providers of every API the spec configures: overlaid on the base's by id, or
 * replacing them for a plain API (one implementation) and for the APIs in `replace` (`*`: all).
 */
export function applyProviders(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, replace: readonly string[] = []): void {
  const providers = mapOf(config, 'providers');
  checkReplace(g, spec, replace);
  for (const { field, api } of ALL_PROVIDER_APIS) {
    const list = spec.providers?.[field];
    if (!list || list.length === 0) continue;
    const path = `spec.providers.${field}`;
    const removed = g.removedIn(api);
    if (removed) {
      g.problem(path, `the ${api} API was removed in ${removed}`, g.fixWithReplacement(`remove spec.providers.${field}`, api));
      continue;
    }
    const entries: JsonObject[] = [];
    const specIndex: number[] = [];
    list.forEach((p, i) => {
      const e = providerEntry(g, p, api, field, i);
      if (e) {
        entries.push(e);
        specIndex.push(i);
      }
    });
    // A plain API (files, responses…) has one implementation: the user's replace the base's.
    const replaced = g.rules.apis.plain.includes(api) || replace.includes('*') || replace.includes(api);
    if (replaced) {
      const kept = new Set(entries.map((e) => e.provider_id as string));
      dropReferences(g, config, api, new Set([...providerIds(listOf(providers, api))].filter((id) => !kept.has(id))));
    }
    const { list: merged, positions } = overlay(replaced ? [] : listOf(providers, api), entries);
    providers[api] = merged;
    positions.forEach((pos, k) => g.wrote(`providers.${api}[${pos}]`, `${path}[${specIndex[k]}]`));
    const apis = getOwn(config, 'apis');
    if (Array.isArray(apis) && !apis.includes(api)) writableList(config, 'apis')!.push(api);
  }
}

/** `replaceBaseProviders` names the release's provider APIs (or `*`), each with user providers. */
function checkReplace(g: TargetGeneration, spec: LlamaStackDistributionSpec, replace: readonly string[]): void {
  const apis = [...g.rules.apis.router, ...g.rules.apis.plain].sort();
  replace.forEach((name, i) => {
    const path = `replaceBaseProviders[${i}]`;
    if (name !== '*' && !apis.includes(name)) {
      g.problem(path, `${g.target.description} has no provider API ${quoteValue(name)}`, `use "*" or one of: ${apis.join(', ')}`);
      return;
    }
    const field = ALL_PROVIDER_APIS.find((a) => a.api === name)?.field;
    if (field && (spec.providers?.[field]?.length ?? 0) === 0) {
      g.warn(path, `no ${field} providers are configured, so the base config's ${name} providers stay`, `configure ${field} providers, or remove ${quoteValue(name)}`);
    }
  });
}

/**
 * The id of a shared (frozen) base entry, by the values of the env vars it names: the env of a
 * run repeats across distributions (core/frozen-memo.ts).
 */
const PROVIDER_IDS = frozenMemo<'providerId', JsonValue | undefined>('providerId', 32);

function providerIdIn(p: JsonObject, env: ContainerEnv): JsonValue | undefined {
  if (!Object.isFrozen(p)) return substitutedProviderId(p, env);
  return PROVIDER_IDS.memo(p, [envValuesFor(p, env)], () => substitutedProviderId(p, env));
}

/** Ids of the providers of `api` the server enables with this env, in config order. */
export function enabledProviderIds(config: JsonObject, api: string, env: ContainerEnv): string[] {
  const providers = getOwn(config, 'providers');
  const entries = isJsonObject(providers) ? listOf(providers, api) : [];
  // Only the id decides; the rest of an entry is substituted by the start-up model.
  const ids: string[] = [];
  for (const p of entries) {
    const id = isJsonObject(p) ? providerIdIn(p, env) : undefined;
    if (typeof id === 'string' && id !== '') ids.push(id);
  }
  return ids;
}

/**
 * The release passes `base_url` to an OpenAI client (vllm, ollama, and providers whose default
 * base URL ends in `/v1`): an endpoint without the `/v1` path makes every call a 404.
 */
function openAiBaseUrlWarning(g: TargetGeneration, known: ProviderType, endpoint: string, path: string): void {
  if (known.urlKey !== 'base_url' || hasEnvReference(endpoint)) return;
  const openAiStyle = ['remote::vllm', 'remote::ollama'].includes(known.type) || /\/v1\/?'?\)?$/.test(String(known.fieldDefault('base_url') ?? ''));
  if (!openAiStyle) return;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(endpoint.trim());
  if (!m || /\/v\d+(\/|$)/.test(m[1])) return;
  g.warn(path, `${known.type} on ${g.target.description} passes the endpoint to an OpenAI client as base_url, which needs the API path: without /v1 every call gets a 404`,
    `end the endpoint with /v1, e.g. ${endpoint.trim().replace(/\/+$/, '')}/v1`);
}
