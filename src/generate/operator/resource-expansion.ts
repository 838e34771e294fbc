/**
 * Resource expansion: models, then tools, then shields become `registered_resources` entries
 * with a resolved provider; entries the base already registers (same type and id) are skipped.
 */
import { ConfigProblem } from '../../core/errors';
import { getOwn, isJsonObject, JsonObject, JsonValue, newObject, setOwn } from '../../core/json';
import { PROVIDER_APIS } from '../../spec/apis';
import { effectiveId, remoteType } from '../../spec/provider-ids';
import { ModelConfig, ProvidersSpec, ResourcesSpec } from '../../spec/spec';

/** A provider reference: `{provider_id, provider_type}`. */
interface ProviderRef {
  readonly id: string;
  readonly type: string;
}

const PREFIX = 'failed to expand resources: ';

function entry(resourceType: string, provider: ProviderRef, params: JsonObject): JsonObject {
  const p = newObject();
  setOwn(p, 'provider_id', provider.id);
  setOwn(p, 'provider_type', provider.type);
  const e = newObject();
  setOwn(e, 'resource_type', resourceType);
  setOwn(e, 'provider', p);
  setOwn(e, 'params', params);
  return e;
}

function baseProviders(config: JsonObject, api: string): JsonValue[] {
  const map = getOwn(config, 'providers');
  const list = isJsonObject(map) ? getOwn(map, api) : undefined;
  return Array.isArray(list) ? list : [];
}

/** The first provider of an API: the user's list first (even if disabled), else the merged config. */
function firstProvider(api: string, providers: ProvidersSpec | undefined, config: JsonObject): ProviderRef | undefined {
  const field = PROVIDER_APIS.find((a) => a.api === api)!.field;
  const user = providers?.[field];
  if (user && user.length > 0) return { id: effectiveId(user[0]), type: remoteType(user[0].provider) };
  const first = baseProviders(config, api)[0];
  if (!isJsonObject(first)) return undefined;
  const id = getOwn(first, 'provider_id');
  if (typeof id !== 'string' || id === '') return undefined;
  const type = getOwn(first, 'provider_type');
  return { id, type: typeof type === 'string' ? type : '' };
}

/**
 * The provider a model names. User providers first (API order, list order); then base providers
 * in a fixed order of API names (the operator iterates a Go map here). Returns undefined for an
 * id no provider has.
 */
function namedProvider(id: string, providers: ProvidersSpec | undefined, config: JsonObject): ProviderRef | undefined {
  for (const { field } of PROVIDER_APIS) {
    const match = (providers?.[field] ?? []).find((p) => effectiveId(p) === id);
    if (match) return { id, type: remoteType(match.provider) };
  }
  const map = getOwn(config, 'providers');
  if (!isJsonObject(map)) return undefined;
  let known = false;
  for (const api of Object.keys(map).sort()) {
    for (const p of baseProviders(config, api)) {
      if (!isJsonObject(p) || getOwn(p, 'provider_id') !== id) continue;
      known = true;
      const type = getOwn(p, 'provider_type');
      if (typeof type === 'string' && type !== '') return { id, type };
    }
  }
  return known ? { id, type: remoteType(id) } : undefined;
}

/** Options of resource expansion. */
export interface ExpandResourcesOptions {
  /**
   * Fail for a model whose provider names no configured provider (user or base), instead of
   * registering it as `remote::<id>` as the operator does.
   */
  readonly rejectUnknownModelProviders?: boolean;
}

function modelParams(m: ModelConfig): JsonObject {
  const params = newObject();
  setOwn(params, 'model_id', m.name);
  if (m.contextLength !== undefined && m.contextLength !== null) setOwn(params, 'context_length', m.contextLength);
  if (m.modelType) setOwn(params, 'model_type', m.modelType);
  if (m.quantization) setOwn(params, 'quantization', m.quantization);
  return params;
}

/** Models given as plain strings are `{name}`. */
export function normalizeModel(m: string | ModelConfig): ModelConfig {
  return typeof m === 'string' ? { name: m } : m;
}

/** Expands `spec.resources` against the merged config. Returns entries, or every problem found. */
export function expandResources(resources: ResourcesSpec, providers: ProvidersSpec | undefined, config: JsonObject,
  options: ExpandResourcesOptions = {}): { entries: JsonObject[]; problems: ConfigProblem[] } {
  const entries: JsonObject[] = [];
  const problems: ConfigProblem[] = [];
  (resources.models ?? []).map(normalizeModel).forEach((m, i) => {
    const path = `spec.resources.models[${i}]`;
    if (m.provider) {
      const ref = namedProvider(m.provider, providers, config);
      if (ref || !options.rejectUnknownModelProviders) {
        entries.push(entry('model', ref ?? { id: m.provider, type: remoteType(m.provider) }, modelParams(m)));
      } else {
        problems.push({
          path: `${path}.provider`,
          message: `model ${JSON.stringify(m.name)} names provider ${JSON.stringify(m.provider)}, which is not configured`,
          fix: 'use the id of a provider under spec.providers or of one in the base config',
        });
      }
      return;
    }
    const ref = firstProvider('inference', providers, config);
    if (ref) {entries.push(entry('model', ref, modelParams(m)));} else {
      problems.push({
        path,
        message: `${PREFIX}failed to register model ${JSON.stringify(m.name)}: no provider specified and no inference provider is configured`,
        fix: 'add a provider under spec.providers.inference or set provider on the model',
      });
    }
  });
  const groups: [string[] | undefined, string, string, string, string][] = [
    [resources.tools, 'tool_runtime', 'tool_group', 'tool_group_id', 'tools'],
    // Shields are ids here: ConfigGenerator reports ShieldConfig objects first (server targets only).
    [resources.shields as string[] | undefined, 'safety', 'shield', 'shield_id', 'shields'],
  ];
  for (const [ids, api, type, idKey, field] of groups) {
    if (!ids || ids.length === 0) continue;
    const ref = firstProvider(api, providers, config);
    if (!ref) {
      const what = api === 'safety' ? 'safety' : 'toolRuntime';
      problems.push({
        path: `spec.resources.${field}`,
        message: `${PREFIX}resources.${field} requires at least one ${what} provider to be configured`,
        fix: `add a provider under spec.providers.${what}`,
      });
      continue;
    }
    for (const id of ids) {
      const params = newObject();
      setOwn(params, idKey, id);
      entries.push(entry(type, ref, params));
    }
  }
  return { entries, problems };
}

/** `resource_type/id` for dedup; id is the first string among model_id, shield_id, tool_group_id. */
function dedupKey(r: JsonValue): string | undefined {
  if (!isJsonObject(r)) return undefined;
  const type = getOwn(r, 'resource_type');
  const params = getOwn(r, 'params');
  if (typeof type !== 'string' || type === '' || !isJsonObject(params)) return undefined;
  for (const k of ['model_id', 'shield_id', 'tool_group_id']) {
    const v = getOwn(params, k);
    if (typeof v === 'string') return `${type}/${v}`;
  }
  return `${type}/`;
}

/** Appends new entries to `registered_resources`, skipping those the base already has. */
export function appendResources(config: JsonObject, entries: JsonObject[]): void {
  if (entries.length === 0) return;
  const existing = getOwn(config, 'registered_resources');
  const list: JsonValue[] = Array.isArray(existing) ? existing : [];
  const seen = new Set(list.map(dedupKey).filter((k): k is string => k !== undefined));
  setOwn(config, 'registered_resources', [...list, ...entries.filter((e) => !seen.has(dedupKey(e)!))]);
}
