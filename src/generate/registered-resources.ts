/**
 * `spec.resources` as `registered_resources`: models (with the type, embedding dimension and
 * provider model id registration needs) on an inference provider the container enables, and
 * shields on a safety provider. A user entry replaces a base entry with the same id, and the
 * default shield follows the user's shields when the base's default would not be registered.
 */
import { effectiveId, TargetGeneration } from './generation';
import { normalizeModel } from './operator/resource-expansion';
import { enabledProviderIds } from './providers';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { toJsonValue } from '../core/json-convert';
import { quoteValue } from '../core/quote';
import { listOf, mapOf, writableMapping } from '../core/writable-json';
import { ContainerEnv } from '../releases/startup';
import { substituteEnv } from '../releases/startup/env-substitution';
import { enablingEnvVar } from '../releases/startup/registration';
import { LlamaStackDistributionSpec, ModelConfig, ShieldConfig } from '../spec/spec';

const MODEL_TYPES = ['llm', 'embedding', 'rerank'];

/** A model as registered: what the vector store defaults need to point at it. */
export interface UserModel {
  readonly modelId: string;
  readonly providerId: string;
  readonly providerModelId: string;
  readonly type: string;
}

/**
 * A registered-resources list and where each id sits in it (the first entry with that id), so a
 * config with thousands of models is written in linear time. The list is only changed through it.
 */
class IdIndexedList {
  private readonly at = new Map<JsonValue | undefined, number>();

  constructor(readonly list: JsonValue[], private readonly idField: string) {
    list.forEach((e, i) => {
      const id = isJsonObject(e) ? getOwn(e, idField) : undefined;
      if (isJsonObject(e) && !this.at.has(id)) this.at.set(id, i);
    });
  }

  /**
   * Replaces the entry with the same id in place, or appends; returns its index. A replaced
   * entry on the same provider keeps what the user's entry does not say (`inherit`).
   */
  upsert(entry: JsonObject, inherit: (base: JsonObject) => JsonObject = (b) => b): number {
    const id = getOwn(entry, this.idField);
    const at = this.at.get(id);
    if (at !== undefined) {
      const base = this.list[at] as JsonObject;
      this.list[at] = getOwn(base, 'provider_id') === getOwn(entry, 'provider_id') ? { ...inherit(base), ...entry } : entry;
      return at;
    }
    this.list.push(entry);
    this.at.set(id, this.list.length - 1);
    return this.list.length - 1;
  }
}

function userIds(spec: LlamaStackDistributionSpec, field: 'inference' | 'safety'): string[] {
  return (spec.providers?.[field] ?? []).map(effectiveId);
}

/**
 * The provider a resource goes to when it names none: the user's first; else the base's only
 * enabled one (models: starter enables a dozen hosted APIs, and guessing one is no answer) or
 * its first enabled one (shields: the operator's rule, and starter's first is llama-guard).
 */
function defaultProvider(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, field: 'inference' | 'safety', api: string, env: ContainerEnv,
  path: string, what: string): string | undefined {
  const user = userIds(spec, field);
  if (user.length > 0) return user[0];
  const enabled = enabledProviderIds(config, api, env);
  if (enabled.length === 1 || (field === 'safety' && enabled.length > 0)) return enabled[0];
  g.problem(path, enabled.length === 0
    ? `${what} needs a ${api} provider, and none is enabled`
    : `${what} names no provider, and the base config enables several ${api} providers (${enabled.join(', ')})`,
  enabled.length === 0 ? `add spec.providers.${field}` : `set provider on the model (one of: ${enabled.join(', ')}), or add spec.providers.${field}`);
  return undefined;
}

function checkProvider(g: TargetGeneration, config: JsonObject, api: string, id: string, env: ContainerEnv, path: string, what: string): boolean {
  const switchVar = enablingEnvVar(config, api, id);
  if (enabledProviderIds(config, api, env).includes(id)) {
    if (switchVar) {
      g.warn(path, `${what} is on provider ${quoteValue(id)}, which the base config enables only while ${switchVar} is set: without it the server would not start`,
        `configure the ${id} provider in spec.providers, so it does not depend on ${switchVar}`);
    }
    missingApiKeyWarning(g, config, api, id, env, path, what);
    return true;
  }
  const enabled = enabledProviderIds(config, api, env);
  g.problem(path, switchVar
    ? `${what} names provider ${quoteValue(id)}, which the base config enables only when ${switchVar} is set (the server would not find it)`
    : `${what} names provider ${quoteValue(id)}, which is not an enabled ${api} provider`,
  switchVar
    ? `configure the ${id} provider (e.g. its endpoint) in spec.providers, or set ${switchVar} in env`
    : `use one of: ${enabled.join(', ') || `(none: add spec.providers.${api === 'inference' ? 'inference' : 'safety'})`}`);
  return false;
}

/** What a user model does not say, from a base entry of the same model on the same provider. */
function inheritedModelFields(m: ModelConfig): (base: JsonObject) => JsonObject {
  return (base) => {
    const out: JsonObject = {};
    const pmid = getOwn(base, 'provider_model_id');
    if (!m.providerModelId && typeof pmid === 'string') out.provider_model_id = pmid;
    return out;
  };
}

function modelEntry(g: TargetGeneration, m: ModelConfig, provider: string, path: string): JsonObject | undefined {
  const type = m.modelType || 'llm';
  if (!MODEL_TYPES.includes(type)) {
    g.problem(`${path}.modelType`, `${g.target.description} registers models of type ${MODEL_TYPES.join(', ')}, not ${quoteValue(type)}`, `use one of: ${MODEL_TYPES.join(', ')}`);
    return undefined;
  }
  if (type === 'embedding' && (m.embeddingDimension === undefined || m.embeddingDimension === null)) {
    g.problem(path, `embedding model ${quoteValue(m.name)} has no embedding dimension (the server refuses to register it)`, 'set embeddingDimension, e.g. 768', {
      ogxServer: 'register the model with its metadata.embedding_dimension in the base config (spec.baseConfig): an OGXServer model has no embedding dimension',
    });
    return undefined;
  }
  const metadata: JsonObject = {};
  if (m.contextLength !== undefined && m.contextLength !== null) metadata.context_length = m.contextLength;
  if (m.quantization) metadata.quantization = m.quantization;
  if (m.embeddingDimension !== undefined && m.embeddingDimension !== null) metadata.embedding_dimension = m.embeddingDimension;
  return {
    model_id: m.name,
    provider_id: provider,
    ...(m.providerModelId ? { provider_model_id: m.providerModelId } : {}),
    model_type: type,
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/**
 * A model id that starts with its provider's id: the server lists it under that id as is (it
 * adds `<provider_id>/` only when missing) and, with no provider_model_id, sends the whole id to
 * the provider as the model name, which a provider serving `meta-llama/…` does not know.
 */
function repeatedProviderIdWarning(g: TargetGeneration, name: string, provider: string, path: string): void {
  const bare = name.slice(provider.length + 1);
  g.warn(path, `model ${quoteValue(name)} starts with its provider id ${quoteValue(`${provider}/`)}: the server lists it under that id and sends ${quoteValue(name)} to the provider as the model name`,
    `name it ${quoteValue(bare)} (the server lists it as ${quoteValue(name)}), or set providerModelId to the name the provider serves`);
}

/** Writes the user's models; returns them as registered. */
export function applyModels(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, env: ContainerEnv): UserModel[] {
  const models = spec.resources?.models ?? [];
  if (models.length === 0) return [];
  const resources = mapOf(config, 'registered_resources');
  const list = [...listOf(resources, 'models')];
  const registry = new IdIndexedList(list, 'model_id');
  const out: UserModel[] = [];
  models.map(normalizeModel).forEach((m, i) => {
    const path = `spec.resources.models[${i}]`;
    const what = `model ${quoteValue(m.name)}`;
    const provider = m.provider || defaultProvider(g, config, spec, 'inference', 'inference', env, path, what);
    if (!provider) return;
    if (m.provider && !checkProvider(g, config, 'inference', m.provider, env, `${path}.provider`, what)) return;
    const entry = modelEntry(g, m, provider, path);
    if (!entry) return;
    const at = registry.upsert(entry, inheritedModelFields(m));
    const written = list[at] as JsonObject;
    if (getOwn(written, 'provider_model_id') === undefined) written.provider_model_id = m.name;
    if (getOwn(written, 'provider_model_id') === m.name && m.name.startsWith(`${provider}/`)) repeatedProviderIdWarning(g, m.name, provider, `${path}.name`);
    g.wrote(`registered_resources.models[${at}]`, path);
    out.push({ modelId: m.name, providerId: provider, providerModelId: getOwn(written, 'provider_model_id') as string, type: getOwn(written, 'model_type') as string });
  });
  resources.models = list;
  return out;
}

function normalizeShield(s: string | ShieldConfig): ShieldConfig {
  return typeof s === 'string' ? { name: s } : s;
}

/** Writes the user's shields, and points the default shield at one that will be registered. */
export function applyShields(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, env: ContainerEnv): void {
  const shields = (spec.resources?.shields ?? []).map(normalizeShield);
  if (shields.length === 0) {
    dropDanglingDefaultShield(config);
    return;
  }
  if (g.rules.resources.shields === undefined) {
    // OGX 1.0 removed shields with the safety API: registered_resources.shields is ignored.
    g.problem('spec.resources.shields', `${g.target.description} has no shields (the safety API was removed in ${g.removedIn('safety') ?? 'this release'})`,
      g.fixWithReplacement('remove spec.resources.shields', 'shields'));
    return;
  }
  const resources = mapOf(config, 'registered_resources');
  const list = [...listOf(resources, 'shields')];
  const registry = new IdIndexedList(list, 'shield_id');
  const fallback = shields.some((sh) => !sh.provider)
    ? defaultProvider(g, config, spec, 'safety', 'safety', env, 'spec.resources.shields', 'shields')
    : undefined;
  shields.forEach((sh, i) => {
    const path = `spec.resources.shields[${i}]`;
    if (sh.provider && !checkProvider(g, config, 'safety', sh.provider, env, `${path}.provider`, `shield ${quoteValue(sh.name)}`)) return;
    const provider = sh.provider || fallback;
    if (!provider) return;
    const params = sh.params === undefined || sh.params === null ? undefined : toJsonValue(sh.params, `${path}.params`, g.problems);
    if (params !== undefined && !isJsonObject(params)) {
      g.problem(`${path}.params`, 'params must be an object', 'write params as key: value pairs, e.g. { guardrailVersion: "1" }');
      return;
    }
    const entry: JsonObject = {
      shield_id: sh.name,
      provider_id: provider,
      ...(sh.providerShieldId ? { provider_shield_id: sh.providerShieldId } : {}),
      ...(params && Object.keys(params).length > 0 ? { params } : {}),
    };
    g.wrote(`registered_resources.shields[${registry.upsert(entry)}]`, path);
  });
  resources.shields = list;
  const safety = getOwn(config, 'safety');
  const current = isJsonObject(safety) ? getOwn(safety, 'default_shield_id') : undefined;
  if (typeof current === 'string' && !registeredShieldIds(list, env).includes(current)) {
    // The base's default shield is env-conditional (starter: SAFETY_MODEL): with the user's
    // shields registered, the server insists the default is one of them.
    writableMapping(config, 'safety')!.default_shield_id = shields[0].name;
    g.wrote('safety.default_shield_id', 'spec.resources.shields[0]');
  }
}

/** A default shield whose entry went with its provider (disabled or replaced) names nothing. */
function dropDanglingDefaultShield(config: JsonObject): void {
  const safety = getOwn(config, 'safety');
  const current = isJsonObject(safety) ? getOwn(safety, 'default_shield_id') : undefined;
  if (typeof current !== 'string') return;
  const resources = getOwn(config, 'registered_resources');
  const list = isJsonObject(resources) ? listOf(resources, 'shields') : [];
  if (!list.some((s) => isJsonObject(s) && getOwn(s, 'shield_id') === current)) delete writableMapping(config, 'safety')!.default_shield_id;
}

/** Shield ids the server registers with this env (entries whose provider id resolves non-empty). */
function registeredShieldIds(list: JsonValue[], env: ContainerEnv): string[] {
  const { document } = substituteEnv({ shields: list }, env);
  return listOf(document, 'shields').filter((s) => isJsonObject(s) && typeof getOwn(s, 'provider_id') === 'string' && getOwn(s, 'provider_id') !== '')
    .map((s) => getOwn(s as JsonObject, 'shield_id')).filter((id): id is string => typeof id === 'string');
}

/** Tool groups are registered by the release itself from the tool_runtime providers. */
export function checkTools(g: TargetGeneration, spec: LlamaStackDistributionSpec): void {
  const tools = spec.resources?.tools ?? [];
  if (tools.length > 0 && !g.data.toolGroupsAccepted) {
    g.problem('spec.resources.tools', `${g.target.description} registers tool groups itself from the tool_runtime providers (tool_groups were deprecated in llama-stack 0.7.0)`,
      'remove spec.resources.tools; configure spec.providers.toolRuntime instead');
  }
}

/**
 * A provider the base config always enables (starter's openai…) whose API key is
 * `${env.X:=}` with X unset: the server starts, and every call to the model fails (401).
 */
function missingApiKeyWarning(g: TargetGeneration, config: JsonObject, api: string, id: string, env: ContainerEnv, path: string, what: string): void {
  const providers = getOwn(config, 'providers');
  const list = isJsonObject(providers) ? getOwn(providers, api) : undefined;
  const entry = Array.isArray(list) ? list.find((p) => isJsonObject(p) && getOwn(p, 'provider_id') === id) : undefined;
  const c = isJsonObject(entry) ? getOwn(entry, 'config') : undefined;
  if (!isJsonObject(c)) return;
  for (const key of ['api_key', 'api_token']) {
    const v = getOwn(c, key);
    const m = typeof v === 'string' ? /^\$\{env\.([A-Za-z_][A-Za-z0-9_]*):=\}$/.exec(v.trim()) : null;
    if (!m) continue;
    const set = env.get(m[1]);
    if (set && (set.kind !== 'value' || set.value !== '')) return;
    g.warn(path, `${what} is on provider ${quoteValue(id)}, whose ${key} is \${env.${m[1]}:=} and ${m[1]} is not set: the server starts, and every call to the model fails`,
      `set env: { ${m[1]}: SecretRef.fromSecretName(<secret>, <key>) }, or configure the ${id} provider in spec.providers with its apiKey`);
    return;
  }
}
