/**
 * The operator's rules (overlay by provider id, secrets as env vars, resource defaults, disabled
 * APIs, storage) written in the schema a real server line reads: `storage.backends`/`stores`,
 * `registered_resources` as a mapping, each provider's own config keys, no removed APIs, API
 * dependencies satisfied, `distro_name` and `image_name`, `server.port`/`workers`.
 */
import { ProviderType } from './registry';
import { ServerTarget } from './server-target';
import { PROVIDER_APIS } from '../config/apis';
import { sha256Hex } from '../config/config-generator';
import { compareBytewise, envPlaceholder, providerEnvName, STORAGE_SQL_PASSWORD_ENV } from '../config/env-names';
import { ConfigProblem, LlamaStackConfigError } from '../config/errors';
import { childPath, deepCopy, toJsonValue } from '../config/json-convert';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../config/json-value';
import { normalizeModel } from '../config/resources';
import { collectSecretEnvVars, envNameCollisions, SecretEnvVar } from '../config/secrets';
import { LlamaStackDistributionSpec, ProviderConfig } from '../config/spec';
import { validateSpec } from '../config/validate-spec';
import { emitYaml } from '../config/yaml-emit';
import { readBaseConfig, YamlReadError } from '../config/yaml-parse';

/** Options of `generateTargetConfig`. */
export interface TargetConfigOptions {
  /** Base config text of the image. @default - the target's shipped config of `spec.distribution.name` (starter) */
  readonly baseConfigYaml?: string;
  /** Directory with `tls.crt`/`tls.key` for serving HTTPS. @default - no TLS */
  readonly serverTlsDir?: string;
}

/** What a target generation produces. */
export interface TargetConfig {
  readonly configYaml: string;
  readonly contentHash: string;
  readonly envVars: SecretEnvVar[];
  readonly providerCount: number;
  readonly resourceCount: number;
  /** The distribution whose base config was used (`custom` for a given base). */
  readonly distribution: string;
}

const DEFAULT_DISTRIBUTION = 'starter';
const CONDITIONAL_ID = /^\$\{env\.[A-Z0-9_]+:[+=]([^}]*)\}$/;

/** `${env.VLLM_URL:+vllm}` is the provider `vllm` when enabled: overlay matches on that. */
export function effectiveBaseId(id: JsonValue | undefined): string | undefined {
  if (typeof id !== 'string') return undefined;
  const m = CONDITIONAL_ID.exec(id);
  return m ? m[1] : id;
}

function providerType(p: ProviderConfig): string {
  return p.provider.includes('::') ? p.provider : `remote::${p.provider}`;
}

function effectiveId(p: ProviderConfig): string {
  return p.id ? p.id : p.provider;
}

class TargetGeneration {
  readonly problems: ConfigProblem[] = [];
  readonly registry;
  readonly data;

  constructor(readonly target: ServerTarget) {
    this.registry = target._registry;
    this.data = target._data;
  }

  problem(path: string, message: string, fix: string): void {
    this.problems.push({ path, message, fix });
  }

  removedIn(api: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(this.data.removedApis, api) ? this.data.removedApis[api] : undefined;
  }

  /** A user provider as the server reads it: the provider's own keys, secrets as env placeholders. */
  providerEntry(p: ProviderConfig, api: string, path: string): JsonObject | undefined {
    const type = providerType(p);
    const known = this.registry.find(api, type);
    if (!known) {
      this.problem(`${path}.provider`, `${this.target.description} has no ${api} provider ${JSON.stringify(type)}`,
        `use one of: ${this.registry.typesOf(api).join(', ')}`);
      return undefined;
    }
    const id = effectiveId(p);
    const config: JsonObject = known.storageReferences();
    if (p.endpoint) this.setKey(config, known, known.urlKey, p.endpoint, `${path}.endpoint`, 'an endpoint');
    if (p.apiKey) this.setKey(config, known, known.credentialKey, envPlaceholder(providerEnvName(id, 'API_KEY')), `${path}.apiKey`, 'an API key');
    const settings = p.settings === undefined || p.settings === null ? {} : toJsonValue(p.settings, `${path}.settings`, this.problems);
    if (!isJsonObject(settings)) {
      this.problem(`${path}.settings`, 'must be an object of config keys', 'write settings as key: value pairs');
    } else {
      for (const k of Object.keys(settings)) {
        this.checkKnown(known, k, childPath(`${path}.settings`, k));
        config[k] = settings[k];
      }
    }
    for (const k of Object.keys(p.secretRefs ?? {}).sort(compareBytewise)) {
      this.checkKnown(known, k, childPath(`${path}.secretRefs`, k));
      config[k] = envPlaceholder(providerEnvName(id, k));
    }
    this.checkRequired(known, config, path);
    return { provider_id: id, provider_type: type, config };
  }

  private setKey(config: JsonObject, known: ProviderType, key: string | undefined, value: string, path: string, what: string): void {
    if (!key) {
      this.problem(path, `${known.type} takes no ${what} in ${this.target.description}`, `remove it; the provider's keys are: ${known.keys.join(', ') || '(none)'}`);
      return;
    }
    config[key] = value;
  }

  checkKnown(known: ProviderType, key: string, path: string): void {
    if (known.acceptsAnyKey || known.keys.includes(key)) return;
    this.problem(path, `${known.type} has no config key ${JSON.stringify(key)} in ${this.target.description} (the server would silently ignore it)`,
      `use one of: ${known.keys.join(', ') || '(none)'}`);
  }

  checkRequired(known: ProviderType, config: JsonObject, path: string): void {
    const extras = this.data.requiredExtras[known.type] ?? [];
    const required = [...new Set([...known.requiredKeys, ...extras])].sort();
    for (const k of required) {
      const v = getOwn(config, k);
      if (v === undefined || v === null || v === '') {
        this.problem(path, `${known.type} requires ${k}`, `set it (endpoint, apiKey, settings.${k} or secretRefs.${k})`);
      }
    }
  }
}

function listOf(config: JsonObject, key: string): JsonValue[] {
  const v = getOwn(config, key);
  return Array.isArray(v) ? v : [];
}

function mapOf(config: JsonObject, key: string): JsonObject {
  const v = getOwn(config, key);
  if (isJsonObject(v)) return v;
  const fresh: JsonObject = {};
  config[key] = fresh;
  return fresh;
}

/** Replaces base entries whose (conditional) id matches, in place; appends the rest. */
function overlay(base: JsonValue[], user: JsonObject[]): JsonValue[] {
  const byId = new Map(user.map((u) => [u.provider_id as string, u]));
  const used = new Set<string>();
  const out = base.map((b) => {
    const id = isJsonObject(b) ? effectiveBaseId(getOwn(b, 'provider_id')) : undefined;
    const u = id !== undefined ? byId.get(id) : undefined;
    if (!u) return b;
    used.add(id!);
    return u;
  });
  return [...out, ...user.filter((u) => !used.has(u.provider_id as string))];
}

function applyProviders(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec): void {
  const providers = mapOf(config, 'providers');
  for (const { field, api } of PROVIDER_APIS) {
    const list = spec.providers?.[field];
    if (!list || list.length === 0) continue;
    const path = `spec.providers.${field}`;
    const removed = g.removedIn(api);
    if (removed) {
      g.problem(path, `the ${api} API was removed in ${removed}`, `remove spec.providers.${field}`);
      continue;
    }
    const entries = list.map((p, i) => g.providerEntry(p, api, `${path}[${i}]`)).filter((e): e is JsonObject => e !== undefined);
    providers[api] = overlay(listOf(providers, api), entries);
    const apis = getOwn(config, 'apis');
    if (Array.isArray(apis) && !apis.includes(api)) apis.push(api);
  }
}

/** `redis://[:pass@]host:port[/db]` or `host:port`. */
function parseRedis(endpoint: string): { host: string; port: number } | undefined {
  const m = /^(?:rediss?:\/\/)?(?:[^@/]*@)?([^:/]+)(?::(\d+))?(?:\/.*)?$/.exec(endpoint.trim());
  return m ? { host: m[1], port: m[2] ? Number(m[2]) : 6379 } : undefined;
}

function applyStorage(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, distribution: string, dataDir: string): void {
  const storage = spec.storage;
  if (!storage?.kv && !storage?.sql) return;
  const s = mapOf(config, 'storage');
  const backends = mapOf(s, 'backends');
  const sqliteDir = `\${env.SQLITE_STORE_DIR:=${dataDir}/distributions/${distribution}}`;
  if (storage.kv) {
    const type = storage.kv.type || 'sqlite';
    if (type === 'redis') {
      const r = parseRedis(storage.kv.endpoint ?? '');
      if (!r) g.problem('spec.storage.kv.endpoint', `${JSON.stringify(storage.kv.endpoint)} is not a Redis endpoint`, 'write redis://<host>:<port>');
      else backends.kv_default = { type: 'kv_redis', host: r.host, port: r.port };
      if (storage.kv.password) {
        // kv_redis reads host and port only: a password would be silently ignored.
        g.problem('spec.storage.kv.password', `${g.target.description} connects to Redis without a password (kv_redis takes host and port only)`,
          'remove the password and restrict Redis with a NetworkPolicy, or use postgres');
      }
    } else {
      backends.kv_default = { type: 'kv_sqlite', db_path: `${sqliteDir}/kvstore.db` };
    }
  }
  if (storage.sql) {
    const sql = storage.sql;
    const type = sql.type || 'sqlite';
    if (type === 'postgres') {
      if (!sql.host || !sql.user) {
        g.problem('spec.storage.sql', 'no server release accepts a connection string: postgres needs host, port, db, user and password',
          'use StorageBackend.postgres({ host, db, user, password }) (or spec.storage.sql.host/port/db/user/password)');
      } else {
        backends.sql_default = {
          type: 'sql_postgres',
          host: sql.host,
          port: sql.port ?? 5432,
          db: sql.db ?? 'llamastack',
          user: sql.user,
          ...(sql.password ? { password: envPlaceholder(STORAGE_SQL_PASSWORD_ENV) } : {}),
        };
      }
    } else {
      backends.sql_default = { type: 'sql_sqlite', db_path: `${sqliteDir}/sql_store.db` };
    }
  }
  const stores = mapOf(s, 'stores');
  stores.metadata ??= { backend: 'kv_default', namespace: 'registry' };
  stores.inference ??= { backend: 'sql_default', table_name: 'inference_store' };
  stores.conversations ??= { backend: 'sql_default', table_name: 'openai_conversations' };
  stores.prompts ??= { backend: 'kv_default', namespace: 'prompts' };
}

function applyDisabled(config: JsonObject, disabled: readonly string[]): void {
  if (disabled.length === 0) return;
  const off = new Set(disabled);
  const apis = getOwn(config, 'apis');
  if (Array.isArray(apis)) config.apis = apis.filter((a) => typeof a === 'string' && !off.has(a));
  // Top-level settings that point at a disabled API's resources would fail validation.
  if (off.has('safety')) delete config.safety;
  if (off.has('vector_io')) delete config.vector_stores;
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
  if (!isJsonObject(resources)) return;
  for (const kind of Object.keys(resources)) {
    const list = resources[kind];
    if (Array.isArray(list)) resources[kind] = list.filter((r) => !(isJsonObject(r) && removedIds.has(effectiveBaseId(getOwn(r, 'provider_id')) ?? '')));
  }
}

/** The id of the first provider of an API: the user's list, else a base entry with a fixed id. */
function firstProviderId(config: JsonObject, spec: LlamaStackDistributionSpec, field: string, api: string): string | undefined {
  const user = (spec.providers as any)?.[field] as ProviderConfig[] | undefined;
  if (user && user.length > 0) return effectiveId(user[0]);
  for (const p of listOf(mapOf(config, 'providers'), api)) {
    const id = isJsonObject(p) ? getOwn(p, 'provider_id') : undefined;
    if (typeof id === 'string' && id !== '' && !id.includes('${')) return id;
  }
  return undefined;
}

function allProviderIds(config: JsonObject): Set<string> {
  const ids = new Set<string>();
  const providers = mapOf(config, 'providers');
  for (const api of Object.keys(providers)) {
    for (const p of listOf(providers, api)) {
      const id = isJsonObject(p) ? effectiveBaseId(getOwn(p, 'provider_id')) : undefined;
      if (id) ids.add(id);
    }
  }
  return ids;
}

function applyResources(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec): number {
  const r = spec.resources;
  if (!r) return 0;
  let count = 0;
  const resources = mapOf(config, 'registered_resources');
  const known = allProviderIds(config);
  const models = listOf(resources, 'models');
  const seen = new Set(models.map((m) => (isJsonObject(m) ? getOwn(m, 'model_id') : undefined)));
  (r.models ?? []).map(normalizeModel).forEach((m, i) => {
    const path = `spec.resources.models[${i}]`;
    const provider = m.provider || firstProviderId(config, spec, 'inference', 'inference');
    if (!provider) {
      g.problem(path, `model ${JSON.stringify(m.name)} has no provider and no inference provider is configured`, 'add spec.providers.inference or set provider on the model');
      return;
    }
    if (m.provider && !known.has(m.provider)) {
      g.problem(`${path}.provider`, `model ${JSON.stringify(m.name)} names provider ${JSON.stringify(m.provider)}, which is not configured`,
        `use one of: ${[...known].sort().join(', ')}`);
      return;
    }
    count++;
    if (seen.has(m.name)) return;
    const metadata: JsonObject = {};
    if (m.contextLength !== undefined && m.contextLength !== null) metadata.context_length = m.contextLength;
    if (m.quantization) metadata.quantization = m.quantization;
    models.push({
      model_id: m.name,
      provider_id: provider,
      provider_model_id: m.name,
      model_type: m.modelType || 'llm',
      ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    });
  });
  resources.models = models;
  if (r.shields && r.shields.length > 0) {
    const provider = firstProviderId(config, spec, 'safety', 'safety');
    if (!provider) {
      g.problem('spec.resources.shields', 'shields need a safety provider, and none is configured', 'add spec.providers.safety');
    } else {
      const shields = listOf(resources, 'shields');
      const have = new Set(shields.map((s) => (isJsonObject(s) ? getOwn(s, 'shield_id') : undefined)));
      for (const id of r.shields) {
        count++;
        if (!have.has(id)) shields.push({ shield_id: id, provider_id: provider });
      }
      resources.shields = shields;
    }
  }
  if (r.tools && r.tools.length > 0 && !g.data.toolGroupsAccepted) {
    g.problem('spec.resources.tools', `${g.target.description} registers tool groups itself from the tool_runtime providers (tool_groups were deprecated in llama-stack 0.7.0)`,
      'remove spec.resources.tools; configure spec.providers.toolRuntime instead');
  }
  return count;
}

/** Every provider known, required keys present, and every API it depends on configured. */
function checkProviders(g: TargetGeneration, config: JsonObject, target: ServerTarget): void {
  const registry = target._registry;
  const providers = mapOf(config, 'providers');
  const configured = new Set(Object.keys(providers).filter((api) => listOf(providers, api).length > 0));
  for (const api of Object.keys(providers).sort()) {
    const removed = g.removedIn(api);
    if (removed) {
      g.problem(`config.providers.${api}`, `the ${api} API was removed in ${removed}, and the base config still has it`,
        `add ${api} to spec.disabled, or use a base config made for ${target.description}`);
      continue;
    }
    listOf(providers, api).forEach((p, i) => {
      const path = `config.providers.${api}[${i}]`;
      const type = isJsonObject(p) ? getOwn(p, 'provider_type') : undefined;
      const known = typeof type === 'string' ? registry.find(api, type) : undefined;
      if (!known) {
        g.problem(path, `${target.description} has no ${api} provider ${JSON.stringify(type)}`, `use one of: ${registry.typesOf(api).join(', ')}`);
        return;
      }
      const cfg = isJsonObject(p) ? getOwn(p, 'config') : undefined;
      const keys = isJsonObject(cfg) ? cfg : {};
      for (const k of Object.keys(keys)) g.checkKnown(known, k, `${path}.config.${k}`);
      g.checkRequired(known, keys, path);
      for (const dep of known.apiDependencies) {
        if (registry.apis.includes(dep) && !configured.has(dep)) {
          g.problem(path, `${type} needs the ${dep} API, which has no provider (the server would refuse to start)`,
            `add a ${dep} provider to the base config, or disable ${api}`);
        }
      }
    });
  }
  const apis = getOwn(config, 'apis');
  for (const api of Array.isArray(apis) ? apis : []) {
    const removed = typeof api === 'string' ? g.removedIn(api) : undefined;
    if (removed) g.problem('config.apis', `the ${api} API was removed in ${removed}`, `add ${api} to spec.disabled`);
  }
}

function applyServer(config: JsonObject, spec: LlamaStackDistributionSpec, options: TargetConfigOptions): void {
  const server = mapOf(config, 'server');
  server.port = spec.networking?.port ?? 8321;
  if (spec.workload?.workers) server.workers = spec.workload.workers;
  if (options.serverTlsDir) {
    server.tls_certfile = `${options.serverTlsDir}/tls.crt`;
    server.tls_keyfile = `${options.serverTlsDir}/tls.key`;
  }
}

function countProviders(config: JsonObject): number {
  const providers = mapOf(config, 'providers');
  return Object.keys(providers).reduce((n, api) => n + listOf(providers, api).length, 0);
}

/** Secret env vars, as the operator collects them (a connection string has nowhere to go here). */
function secretEnvVars(spec: LlamaStackDistributionSpec): { envVars: SecretEnvVar[]; paths: string[] } {
  const { envVars, paths } = collectSecretEnvVars(spec);
  const keep = paths.map((p) => p !== 'spec.storage.sql.connectionString');
  return { envVars: envVars.filter((_, i) => keep[i]), paths: paths.filter((_, i) => keep[i]) };
}

/**
 * Generates a config.yaml a real server of `target` accepts. `spec` must already be valid per
 * the v1alpha2 rules (`validateSpec`). Throws `LlamaStackConfigError` listing every problem.
 */
export function generateTargetConfig(spec: LlamaStackDistributionSpec, target: ServerTarget, options: TargetConfigOptions = {}): TargetConfig {
  const g = new TargetGeneration(target);
  const distribution = options.baseConfigYaml !== undefined ? (spec.distribution?.name ?? 'custom') : (spec.distribution?.name ?? DEFAULT_DISTRIBUTION);
  const text = options.baseConfigYaml ?? target._baseConfig(distribution);
  if (text === undefined) {
    throw new LlamaStackConfigError([{
      path: 'spec.distribution.name',
      message: `${target.description} ships no distribution ${JSON.stringify(distribution)}`,
      fix: `use one of ${target.distributions.join(', ')}, or pass the image's base config (baseConfigYaml)`,
    }]);
  }
  let base: JsonObject | null;
  try {
    base = readBaseConfig(text);
  } catch (e) {
    if (e instanceof YamlReadError) throw new LlamaStackConfigError([{ path: 'baseConfig', message: e.message, fix: 'pass the YAML config of the image' }]);
    throw e;
  }
  if (base === null || !isJsonObject(getOwn(base, 'providers'))) {
    throw new LlamaStackConfigError([{ path: 'baseConfig', message: 'a base config needs a providers mapping', fix: 'pass the config.yaml the image ships' }]);
  }
  const config = deepCopy(base) as JsonObject;
  config.version = 2;
  const name = typeof getOwn(config, 'distro_name') === 'string' ? getOwn(config, 'distro_name') as string
    : typeof getOwn(config, 'image_name') === 'string' ? getOwn(config, 'image_name') as string : distribution;
  config.distro_name = name;
  config.image_name = name;
  applyProviders(g, config, spec);
  applyStorage(g, config, spec, distribution, target.dataDir);
  applyDisabled(config, spec.disabled ?? []);
  const resourceCount = applyResources(g, config, spec);
  applyServer(config, spec, options);
  checkProviders(g, config, target);
  const { envVars, paths } = secretEnvVars(spec);
  g.problems.push(...envNameCollisions(envVars, paths));
  if (g.problems.length > 0) throw new LlamaStackConfigError(g.problems);
  const configYaml = emitYaml(config);
  return { configYaml, contentHash: sha256Hex(configYaml), envVars, providerCount: countProviders(config), resourceCount, distribution };
}

/** Generates config.yaml for a real server line (the constructs' default path), from a v1alpha2 spec. */
export class TargetConfigGenerator {
  /**
   * Validates the spec (every CRD rule) and writes the config `target` reads. Throws
   * `LlamaStackConfigError` listing every problem.
   */
  public static generate(spec: LlamaStackDistributionSpec, target: ServerTarget, options?: TargetConfigOptions): TargetConfig {
    const opts = options ?? {};
    const problems = validateSpec(spec, { hasBaseConfig: opts.baseConfigYaml !== undefined });
    if (problems.length > 0) throw new LlamaStackConfigError(problems);
    return generateTargetConfig(spec, target, opts);
  }

  private constructor() {}
}
