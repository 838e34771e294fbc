/**
 * `overlay_by_provider_id`: each user provider becomes a config.yaml provider entry and replaces
 * the base entry with the same provider_id, in place; the rest are appended.
 */
import { ConfigProblem } from '../../core/errors';
import { isJsonObject, JsonObject, JsonValue, newObject, setOwn, getOwn } from '../../core/json';
import { mapOf } from '../../core/writable-json';
import { PROVIDER_APIS } from '../../spec/apis';
import { envPlaceholder, providerEnvName, compareBytewise } from '../../spec/env-names';
import { effectiveId, remoteType } from '../../spec/provider-ids';
import { ProviderConfig, ProvidersSpec } from '../../spec/spec';

function goJsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

/**
 * Expands one API's list into config.yaml provider entries, or the problem of the first provider
 * the operator cannot expand (it stops there, and so does this).
 */
export function expandProviders(list: readonly ProviderConfig[], path: string, settings: (JsonValue | undefined)[]):
{ readonly entries: JsonObject[] } | { readonly problems: ConfigProblem[] } {
  const entries: JsonObject[] = [];
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if ((p.id === undefined || p.id === null || p.id === '') && list.length > 1) {
      return {
        problems: [{
          path: `${path}[${i}]`,
          message: `failed to merge config: failed to expand provider ${JSON.stringify(p.provider)}: missing required 'id' field in multi-provider list`,
          fix: 'add id: <unique name> to every provider of this list',
        }],
      };
    }
    const id = effectiveId(p);
    const config = newObject();
    if (p.endpoint) setOwn(config, 'url', p.endpoint);
    const s = settings[i];
    if (s !== undefined && s !== null) {
      if (!isJsonObject(s)) {
        return {
          problems: [{
            path: `${path}[${i}].settings`,
            message: `failed to merge config: failed to parse settings for provider ${JSON.stringify(id)}: json: cannot unmarshal ${goJsonKind(s)} into Go value of type map[string]interface {}`,
            fix: 'settings must be an object of config keys',
          }],
        };
      }
      for (const k of Object.keys(s)) setOwn(config, k, s[k]);
    }
    if (p.apiKey) setOwn(config, 'api_key', envPlaceholder(providerEnvName(id, 'API_KEY')));
    for (const k of Object.keys(p.secretRefs ?? {}).sort(compareBytewise)) {
      setOwn(config, k, envPlaceholder(providerEnvName(id, k)));
    }
    const entry = newObject();
    setOwn(entry, 'provider_id', id);
    setOwn(entry, 'provider_type', remoteType(p.provider));
    setOwn(entry, 'config', config);
    entries.push(entry);
  }
  return { entries };
}

/** Replaces base entries by provider_id (in place) and appends the unmatched user entries. */
export function overlayProviderList(base: JsonValue | undefined, user: JsonObject[]): JsonObject[] {
  const byId = new Map<string, JsonObject>();
  for (const u of user) if (!byId.has(u.provider_id as string)) byId.set(u.provider_id as string, u);
  const matched = new Set<string>();
  const out: JsonObject[] = [];
  for (const entry of Array.isArray(base) ? base : []) {
    if (!isJsonObject(entry)) continue;
    const id = getOwn(entry, 'provider_id');
    const replacement = typeof id === 'string' ? byId.get(id) : undefined;
    if (replacement) {
      out.push(replacement);
      matched.add(id as string);
    } else {
      out.push(entry);
    }
  }
  for (const u of user) if (!matched.has(u.provider_id as string)) out.push(u);
  return out;
}

/**
 * Applies `spec.providers` to the config (writes into it, through core/writable-json.ts). `settings` holds each provider's settings
 * already converted to JSON, keyed like `inference[0]`. Returns the problem of the first provider
 * that cannot be expanded (none when all were applied).
 */
export function applyProviders(config: JsonObject, providers: ProvidersSpec, settings: Map<string, JsonValue | undefined>): ConfigProblem[] {
  const map = mapOf(config, 'providers');
  for (const { field, api } of PROVIDER_APIS) {
    const list = providers[field];
    if (!list || list.length === 0) continue;
    const path = `spec.providers.${field}`;
    const user = expandProviders(list, path, list.map((_, i) => settings.get(`${field}[${i}]`)));
    if ('problems' in user) return user.problems;
    setOwn(map, api, overlayProviderList(getOwn(map, api), user.entries));
  }
  return [];
}

/** Total provider entries over every API list. */
export function countProviders(config: JsonObject): number {
  const map = getOwn(config, 'providers');
  if (!isJsonObject(map)) return 0;
  return Object.keys(map).reduce((n, k) => n + (Array.isArray(map[k]) ? (map[k] as JsonValue[]).length : 0), 0);
}
