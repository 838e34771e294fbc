/**
 * `spec.externalProviders` (spec 001, deploy-time providers) in the release's own form: each entry
 * becomes `{provider_id, provider_type, module, config}` under `providers.<api>`. At start-up the
 * server imports `<module>.provider` (any `==<version>` dropped) and registers what
 * `get_provider_spec()` returns under the entry's `provider_type` (`get_external_providers_from_module`
 * in llama-stack 0.7.1 and OGX 0.8.0), so the type need not be in the release's registry; the
 * workload installs the package (src/workload/external-providers.ts).
 *
 * Precedence, as spec 001 has it: an external provider replaces the provider of its API with the
 * same id (from the base config or the typed providers) in place, with a warning; two external
 * providers with one id are an error. A plain API (files, responses…) has one implementation:
 * its external provider replaces the base config's, as a typed one does.
 *
 * Runs after the typed providers and before storage, disabled APIs and resources, so models can
 * name an external provider.
 */
import { effectiveBaseId, effectiveId, TargetGeneration } from './generation';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { toJsonValue } from '../core/json-convert';
import { quoteValue } from '../core/quote';
import { listOf, mapOf, writableList } from '../core/writable-json';
import { ALL_PROVIDER_APIS } from '../spec/apis';
import { compareBytewise, envPlaceholder, providerEnvName } from '../spec/env-names';
import { externalProviderEntries, externalProviderFieldProblems, ExternalProviderEntry } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** The config.yaml entry, or undefined when the entry has problems (reported). */
function entryOf(g: TargetGeneration, e: ExternalProviderEntry): JsonObject | undefined {
  const ref = e.ref;
  const fields = externalProviderFieldProblems(ref);
  for (const p of fields) g.problem(`${e.path}.${p.field}`, p.message, p.fix);
  if (fields.length > 0) return undefined;
  const before = g.problems.length;
  const given = ref.config === undefined || ref.config === null ? {} : toJsonValue(ref.config, `${e.path}.config`, g.problems);
  if (g.problems.length > before) return undefined;
  const config: JsonObject = isJsonObject(given) ? given : {};
  for (const k of Object.keys(ref.secretRefs ?? {}).sort(compareBytewise)) config[k] = envPlaceholder(providerEnvName(ref.providerId, k));
  return {
    provider_id: ref.providerId,
    provider_type: ref.providerType!,
    module: ref.module!,
    // spec 001: an external provider without config has no config key (the server reads {}).
    ...(Object.keys(config).length > 0 ? { config } : {}),
  };
}

/** Where the entries of `providers.<api>` were written from, by position. */
function originsOf(g: TargetGeneration, api: string, list: readonly JsonValue[]): (string | undefined)[] {
  return list.map((_, i) => g.provenance.get(`providers.${api}[${i}]`));
}

/**
 * Writes the new list of `providers.<api>` and moves the provenance of the entries that stay
 * (replaced or dropped entries lose theirs).
 */
function setList(g: TargetGeneration, providers: JsonObject, api: string, before: readonly JsonValue[], after: JsonValue[]): void {
  const prefix = `providers.${api}[`;
  const moved = new Map<string, string>();
  for (const [key, spec] of g.provenance) {
    if (!key.startsWith(prefix)) continue;
    const m = /^(\d+)\](.*)$/.exec(key.slice(prefix.length));
    g.provenance.delete(key);
    if (!m) continue;
    const at = after.indexOf(before[Number(m[1])]);
    if (at >= 0) moved.set(`${prefix}${at}]${m[2]}`, spec);
  }
  for (const [key, spec] of moved) g.provenance.set(key, spec);
  providers[api] = after;
}

/** The typed providers' ids, to keep ids unique across APIs as the spec's own lists are. */
function typedIds(spec: LlamaStackDistributionSpec): Map<string, { api: string; path: string }> {
  const ids = new Map<string, { api: string; path: string }>();
  for (const { field, api } of ALL_PROVIDER_APIS) {
    (spec.providers?.[field] ?? []).forEach((p, i) => {
      const id = effectiveId(p);
      if (!ids.has(id)) ids.set(id, { api, path: `spec.providers.${field}[${i}]` });
    });
  }
  return ids;
}

/** Writes every external provider; problems and precedence warnings go to `g`. */
export function applyExternalProviders(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec): void {
  const entries = externalProviderEntries(spec);
  if (entries.length === 0) return;
  const providers = mapOf(config, 'providers');
  const disabled = spec.disabled ?? [];
  const { router, plain } = g.rules.apis;
  const typed = typedIds(spec);
  const first = new Map<string, string>();
  for (const e of entries) {
    const id = e.ref.providerId;
    const seen = first.get(id);
    if (seen !== undefined) {
      g.problem(`${e.path}.providerId`, `external provider id ${quoteValue(id)} is also used by ${seen}`,
        'give each external provider its own id (two external providers with one id would fail the deployment)');
      continue;
    }
    first.set(id, e.path);
    const removed = g.removedIn(e.api);
    if (removed) {
      g.problem(e.path, `the ${e.api} API was removed in ${removed}`, g.fixWithReplacement(`remove spec.externalProviders.${e.field}`, e.api));
      continue;
    }
    if (!router.includes(e.api) && !plain.includes(e.api)) {
      g.problem(e.path, `${g.target.description} has no ${e.api} API`, `use an API of the release: ${[...router, ...plain].sort().join(', ')}`);
      continue;
    }
    if (disabled.includes(e.api)) {
      g.problem(e.path, `the ${e.api} API is disabled`, `remove "${e.api}" from disabled, or remove the external provider`);
      continue;
    }
    const other = typed.get(id);
    if (other !== undefined && other.api !== e.api) {
      g.problem(`${e.path}.providerId`, `id ${quoteValue(id)} is already used by ${other.path} (API ${other.api})`,
        'give each provider a unique id');
      continue;
    }
    const entry = entryOf(g, e);
    if (!entry) continue;
    place(g, providers, e, entry);
    const apis = getOwn(config, 'apis');
    if (Array.isArray(apis) && !apis.includes(e.api)) writableList(config, 'apis')!.push(e.api);
  }
}

/** Replaces the entry with the same id (warning), or the base's entries of a plain API, or appends. */
function place(g: TargetGeneration, providers: JsonObject, e: ExternalProviderEntry, entry: JsonObject): void {
  const api = e.api;
  const before = listOf(providers, api);
  const origins = originsOf(g, api, before);
  const id = e.ref.providerId;
  const at = before.findIndex((b) => isJsonObject(b) && effectiveBaseId(getOwn(b, 'provider_id')) === id);
  let after: JsonValue[];
  if (at >= 0) {
    const old = before[at] as JsonObject;
    const type = getOwn(old, 'provider_type');
    const what = `${typeof type === 'string' ? `${type}, ` : ''}${typeof getOwn(old, 'module') === 'string' ? `module ${String(getOwn(old, 'module'))}` : 'built in'}`;
    const by = origins[at];
    g.warn(e.path, by
      ? `external provider ${quoteValue(id)} replaces ${by} (${what}), which has the same id`
      : `external provider ${quoteValue(id)} replaces the base config's ${api} provider ${quoteValue(id)} (${what})`,
    by ? 'remove one of them, or give the external provider another id' : 'give the external provider another id to keep both');
    after = before.map((b, i) => (i === at ? entry : b));
  } else if (g.rules.apis.plain.includes(api)) {
    // One implementation: the base config's (not the user's typed ones) make way.
    after = [...before.filter((_, i) => origins[i] !== undefined), entry];
  } else {
    after = [...before, entry];
  }
  setList(g, providers, api, before, after);
  g.wrote(`providers.${api}[${after.indexOf(entry)}]`, e.path);
}
