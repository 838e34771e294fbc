/**
 * `resolve_impls` at start-up: which `providers.<api>` keys are allowed, which entries are
 * enabled, each enabled entry's type and config class (field types, required fields, the
 * config-only checks providers make in `initialize()`), storage references inside provider
 * configs, and API dependencies with the server's presence rules (router APIs through `apis`,
 * plain APIs through an enabled provider).
 */
import { EnabledProvider, list, mapping, show, StartupContext } from './context';
import { typeError } from './field-types';
import { Findings, StartupFinding } from './findings';
import { checkVectorMetadataStores, injectedKeys, injectsMetadataStore } from './injected-defaults';
import { checkJobRuntime } from './job-runtime';
import { aliasChoices } from './release';
import { ProviderType } from '../registry';
import { familyOf, runBackendTypes, sqlitePath } from './stack-config';
import { isCredentialKey } from '../../core/credential-keys';
import { ConfigRunKey, frozenMemo } from '../../core/frozen-memo';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';

function keysOf(c: StartupContext, providers: JsonObject): void {
  const { apis } = c.rules;
  for (const api of Object.keys(providers)) {
    const path = `providers.${api}`;
    const items = getOwn(providers, api);
    if (!Array.isArray(items)) {
      c.findings.fatal(path, `providers.${api} must be a list, not ${show(items)}`, `write ${api}: [...] or remove it`);
      continue;
    }
    if (apis.routingTables[api] !== undefined) {
      c.findings.fatal(path, `Provider for \`${api}\` is automatically provided and cannot be overridden`, `remove providers.${api}`);
    } else if (apis.internal.includes(api)) {
      if (items.length > 0) c.findings.fatal(path, `${api} is an internal API and takes no providers (KeyError at start-up)`, `remove providers.${api}`);
    } else if (!apis.router.includes(api) && !apis.plain.includes(api)) {
      c.findings.fatal(path, `API '${api}' does not exist in ${c.release.description}`, `remove providers.${api} (disable the API)`);
    }
  }
}

/** A dotted Python package name: what `importlib.import_module("<package>.provider")` can find. */
const PYTHON_PACKAGE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * `get_external_providers_from_module` (startup-checks.md §4.5), before anything else: for every
 * entry with `module:`, enabled or not, the server imports `<module minus ==version>.provider`
 * and registers `get_provider_spec()` under the entry's `provider_type`, replacing the release's
 * own type of that name. A package that cannot be imported is fatal. What the module's spec
 * accepts (config class, dependencies) cannot be known at synth time. Returns API → type → the module (quoted, for messages).
 */
function externalModules(c: StartupContext, providers: JsonObject): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const { apis } = c.rules;
  for (const api of Object.keys(providers).sort()) {
    if (!apis.router.includes(api) && !apis.plain.includes(api)) continue;
    list(getOwn(providers, api)).forEach((p, i) => {
      if (!isJsonObject(p) || !Object.prototype.hasOwnProperty.call(p, 'module')) return;
      const module = getOwn(p, 'module');
      const path = `${c.pathOf(p, `providers.${api}[${i}]`)}.module`;
      if (module === null) return;
      if (typeof module !== 'string') {
        c.findings.fatal(path, `module must be a string, not ${show(module)}`, 'write the Python package name of the provider');
      } else {
        const pkg = module.split('==')[0];
        const installed = c.facts.modules === undefined || c.facts.modules.includes(pkg);
        if (!PYTHON_PACKAGE.test(pkg) || !installed) {
          c.findings.fatal(path, `get_provider_spec not found: ${show(`${pkg}.provider`)} cannot be imported${PYTHON_PACKAGE.test(pkg) ? ' (the package is not installed in the pod)' : ''}`,
            PYTHON_PACKAGE.test(pkg) ? 'install the package (spec.externalProviders), or bake it into the image' : 'write the dotted Python package name, optionally with ==<version>');
        }
      }
      // The server stops at a failed import; what follows only holds once the module loads.
      const type = getOwn(p, 'provider_type');
      if (typeof type !== 'string') return;
      const types = out.get(api) ?? new Map<string, string>();
      const earlier = types.get(type);
      if (earlier !== undefined && earlier !== show(module)) {
        c.findings.warn(path, `${type} is also loaded from module ${earlier}: the last module's get_provider_spec() serves every ${type} entry`, `give the providers of ${earlier} and ${show(module)} different provider types`);
      }
      types.set(type, show(module));
      out.set(api, types);
    });
  }
  return out;
}

/** A later entry with the same id replaces the earlier one (and goes last), as the server's dict does. */
function enable(c: StartupContext, p: EnabledProvider, replaces: boolean): void {
  const current = c.enabled.get(p.api);
  if (current === undefined) c.enabled.set(p.api, [p]);
  else if (replaces) c.enabled.set(p.api, [...current.filter((e) => e.id !== p.id), p]);
  else current.push(p);
}

/** What one entry is by itself: its own findings, the provider the server builds, its registry findings. */
interface EntryFacts {
  /** The entry's own checks (a mapping, provider_id, provider_type, config). */
  readonly own: readonly StartupFinding[];
  /** Set when the server builds it: the id resolved non-empty, a type and a config mapping. */
  readonly built?: { readonly id: string; readonly type: string; readonly config: JsonObject };
  /** The release's type of that name, when no `module:` replaces it: unknown or deprecated. */
  readonly registry: readonly StartupFinding[];
  readonly known?: ProviderType;
}

/** The config of an entry without one: frozen, so its checks are kept like a shared base entry's. */
const NO_CONFIG: JsonObject = Object.freeze({}) as JsonObject;

function entryFacts(c: StartupContext, api: string, p: JsonValue, path: string): EntryFacts {
  const own = new Findings();
  if (!isJsonObject(p)) {
    own.fatal(path, `a provider entry must be a mapping, not ${show(p)}`, 'write {provider_id, provider_type, config}');
    return { own: own.list, registry: [] };
  }
  if (!Object.prototype.hasOwnProperty.call(p, 'provider_id')) own.fatal(`${path}.provider_id`, 'provider_id: Field required', 'give the provider an id');
  const type = getOwn(p, 'provider_type');
  if (typeof type !== 'string') own.fatal(`${path}.provider_type`, 'provider_type: Field required (a string)', 'write provider_type: remote::<type> or inline::<type>');
  const config = Object.prototype.hasOwnProperty.call(p, 'config') ? getOwn(p, 'config') : NO_CONFIG;
  if (!isJsonObject(config)) own.fatal(`${path}.config`, `config must be a mapping, not ${show(config)}`, 'write config: {...} or leave it out');
  const id = getOwn(p, 'provider_id');
  if (id !== undefined && id !== null && typeof id !== 'string') {
    own.fatal(`${path}.provider_id`, `provider_id became ${show(id)} after env substitution, and it must be a string`, 'use an id that does not look like a number or a boolean', c.envAt(`${path}.provider_id`));
    return { own: own.list, registry: [] };
  }
  if (typeof id !== 'string' || id === '' || typeof type !== 'string' || !isJsonObject(config)) return { own: own.list, registry: [] };
  const registry = new Findings();
  const known = c.release.registry.find(api, type);
  if (!known) {
    registry.fatal(`${path}.provider_type`, `Provider \`${type}\` is not available for API \`${api}\` in ${c.release.description}`, `use one of: ${c.release.registry.typesOf(api).join(', ')}`);
  } else if (known.deprecationWarning) {
    registry.warn(`${path}.provider_type`, `${type} is deprecated: ${known.deprecationWarning}`, 'use the provider the warning names');
  }
  return { own: own.list, built: { id, type, config }, registry: registry.list, known };
}

/**
 * An entry of the shared base (frozen, as substitution replays it) is the same at the same
 * path in every run of a release: its facts are kept per path and release (core/frozen-memo.ts).
 */
const ENTRY_FACTS = frozenMemo<'entryFacts', EntryFacts>('entryFacts', 8);

function factsOf(c: StartupContext, api: string, p: JsonValue, path: string): EntryFacts {
  if (p === null || typeof p !== 'object' || !Object.isFrozen(p)) return entryFacts(c, api, p, path);
  return ENTRY_FACTS.memo(p, [path, c.release], () => entryFacts(c, api, p, path));
}

/** Every entry of a providable API; enabled ones (id resolved non-empty) go into `c.enabled`. */
function entries(c: StartupContext, providers: JsonObject, modules: Map<string, Map<string, string>>): void {
  const { apis } = c.rules;
  for (const api of Object.keys(providers).sort()) {
    if (!apis.router.includes(api) && !apis.plain.includes(api)) continue;
    const items = getOwn(providers, api);
    if (Array.isArray(items) && Object.isFrozen(items)) keptListEntries(c, api, items, modules.get(api));
    else listEntries(c, api, list(items), modules.get(api));
  }
}

/** What one API's list gave: its findings and enabled providers, and the origin of each entry (as substitution recorded it). */
interface ListOutcome {
  readonly origins: readonly (string | undefined)[];
  readonly findings: readonly StartupFinding[];
  readonly enabled: readonly EnabledProvider[] | undefined;
}

/**
 * A frozen list (a base list substitution replayed) gives the same outcome at the same API in
 * the same release: its entries depend only on themselves, their origins and the modules of the
 * list. Kept per list (core/frozen-memo.ts); used when every entry has the origin it had then.
 */
const LIST_OUTCOMES = frozenMemo<'listOutcome', ListOutcome>('listOutcome', 8);

function originOf(c: StartupContext, p: JsonValue): string | undefined {
  return isJsonObject(p) ? c.sub.origin.get(p) : undefined;
}

function keptListEntries(c: StartupContext, api: string, items: readonly JsonValue[], apiModules: Map<string, string> | undefined): void {
  const kept = LIST_OUTCOMES.get(items, [api, c.release]);
  if (kept !== undefined && kept.origins.every((o, i) => originOf(c, items[i]) === o)) {
    if (kept.findings.length > 0) c.findings.list.push(...kept.findings);
    if (kept.enabled !== undefined) c.enabled.set(api, [...kept.enabled]);
    return;
  }
  const before = c.findings.list.length;
  listEntries(c, api, items, apiModules);
  const enabled = c.enabled.get(api);
  const outcome = { origins: items.map((p) => originOf(c, p)), findings: c.findings.list.slice(before), enabled: enabled && [...enabled] };
  LIST_OUTCOMES.set(items, [api, c.release], outcome);
}

function listEntries(c: StartupContext, api: string, items: readonly JsonValue[], apiModules: Map<string, string> | undefined): void {
  const seen = new Map<string, string>();
  items.forEach((p, i) => {
    const path = c.pathOf(p, `providers.${api}[${i}]`);
    const facts = factsOf(c, api, p, path);
    if (facts.own.length > 0) c.findings.list.push(...facts.own);
    if (facts.built === undefined) return;
    const { id, type, config } = facts.built;
    const first = seen.get(id);
    if (first !== undefined) c.findings.warn(path, `provider_id ${show(id)} is used twice under ${api}: this entry silently replaces ${first}`, 'give each provider of an API its own id');
    seen.set(id, path);
    const module = apiModules?.get(type);
    if (module !== undefined) {
      if (show(getOwn(p as JsonObject, 'module')) !== module) {
        c.findings.warn(`${path}.provider_type`, `${type} comes from module ${module} (another entry's module: its get_provider_spec() replaces the release's ${type}), so this entry runs that implementation`,
          `give the external provider its own provider type, or add module: ${module} to this entry if that is intended`);
      }
      enable(c, { api, id, type, config, path, module }, first !== undefined);
      return;
    }
    if (facts.registry.length > 0) c.findings.list.push(...facts.registry);
    enable(c, { api, id, type, config, path, known: facts.known }, first !== undefined);
  });
}

/** The field keys of a provider type: one set per type and release, not one per distribution. */
const FIELD_KEYS = new WeakMap<object, ReadonlySet<string>>();
function fieldKeys(known: { readonly fields: readonly { readonly key: string }[] }): ReadonlySet<string> {
  let keys = FIELD_KEYS.get(known);
  if (keys === undefined) {
    keys = new Set(known.fields.map((f) => f.key));
    FIELD_KEYS.set(known, keys);
  }
  return keys;
}

/** The config class of each enabled provider: required fields, field types, unknown keys. */
function configClass(c: StartupContext, p: EnabledProvider, requiredExtras: readonly string[]): void {
  const known = p.known;
  if (!known) return;
  const fields = known.fields;
  const byKey = fieldKeys(known);
  const injected = injectedKeys(c, p);
  for (const f of fields) {
    const at = `${p.path}.config.${f.key}`;
    const has = Object.prototype.hasOwnProperty.call(p.config, f.key);
    const v = has ? getOwn(p.config, f.key) : undefined;
    if (!has) {
      if (f.required && !injected.includes(f.key)) c.findings.fatal(at, `${p.type} requires ${f.key} (Field required)`, `set ${f.key}`);
      continue;
    }
    const err = typeError(f.type, v as JsonValue, isCredentialKey(f.key));
    if (err) {
      const env = c.envAt(at);
      c.findings.fatal(at, `${p.type} rejects ${f.key}: ${err}${env.length > 0 ? ` (from \${env.${env[0]}})` : ''}`,
        env.length > 0 ? `set ${env.join(', ')} in the container to a valid ${f.key}, or set ${f.key} on the provider` : `set ${f.key} to a valid value`, env);
    }
  }
  for (const key of requiredExtras) {
    const v = getOwn(p.config, key);
    if (v === undefined || v === null || v === '') {
      const at = `${p.path}.config.${key}`;
      const env = c.envAt(at);
      c.findings.fatal(at, `${p.type} needs ${key} when it is enabled${env.length > 0 ? ` (\${env.${env[0]}} is unset)` : ''}`, env.length > 0 ? `set ${env[0]} in the container, or set ${key}` : `set ${key}`, env);
    }
  }
  const forbid = c.rules.forbidExtraKeys.includes(`${p.api}/${p.type}`);
  const alsoAccepted = aliasChoices(c.rules, p.api, p.type);
  for (const key of Object.keys(p.config)) {
    if (byKey.has(key) || known.acceptsAnyKey || alsoAccepted.includes(key)) continue;
    if (forbid) c.findings.fatal(`${p.path}.config.${key}`, `${p.type} forbids unknown keys (Extra inputs are not permitted): ${key}`, `remove ${key}`);
    else c.findings.warn(`${p.path}.config.${key}`, `${p.type} has no config key ${key} in ${c.release.description} (it is ignored)`, `remove ${key}`);
  }
}

/** The checks providers make from their config alone while they initialise. */
function initialisation(c: StartupContext, p: EnabledProvider): void {
  const cfg = p.config;
  const at = (k: string): string => `${p.path}.config.${k}`;
  if (p.type === 'remote::chromadb') {
    const url = getOwn(cfg, 'url');
    if (typeof url === 'string' && /^[a-z]+:\/\/[^/]+\/./i.test(url)) c.findings.fatal(at('url'), 'URL should not contain a path', 'write the chroma URL without a path');
  }
  if (p.type === 'remote::gemini') {
    const set = (k: string): boolean => { const v = getOwn(cfg, k); return v !== undefined && v !== null && v !== ''; };
    if (set('api_key') && set('access_token')) c.findings.fatal(p.path, 'api_key and access_token are mutually exclusive', 'set one of them');
    if (set('access_token') !== set('project') && Object.prototype.hasOwnProperty.call(cfg, 'access_token')) c.findings.fatal(p.path, 'access_token and project go together', 'set both or neither');
  }
  const index = mapping(getOwn(cfg, 'vector_index'));
  if (p.type === 'remote::pgvector' && index && getOwn(index, 'type') === 'IVFFlat') {
    const probes = getOwn(index, 'probes');
    const lists = getOwn(index, 'lists');
    if (typeof probes === 'number' && typeof lists === 'number' && probes >= lists) c.findings.fatal(at('vector_index'), "probes parameter for PGVector IVFFlat index can't be greater than or equal to the number of lists", 'lower probes');
  }
  const network = mapping(getOwn(cfg, 'network'));
  const tls = network ? mapping(getOwn(network, 'tls')) : undefined;
  for (const [key, v] of [['network.tls.verify', tls ? getOwn(tls, 'verify') : undefined], ['tls_verify', getOwn(cfg, 'tls_verify')]] as const) {
    if (typeof v !== 'string') continue;
    if (!(c.facts.files ?? []).includes(v)) {
      c.findings.fatal(at(key), `${key} is the string ${show(v)}, which the server reads as a CA file path that does not exist in the container`, 'write a YAML boolean (true/false), or the path of a mounted CA file');
    }
  }
  for (const key of ['db_path', 'storage_dir']) {
    const v = getOwn(cfg, key);
    if (typeof v === 'string') sqlitePath(c, at(key), v);
  }
}

/** `persistence`, `kvstore`, `metadata_store`… inside a provider config name a backend of the right family. */
function storageReferences(c: StartupContext, p: EnabledProvider): void {
  const walk = (v: JsonValue, path: string): void => {
    if (!isJsonObject(v)) return;
    const backend = getOwn(v, 'backend');
    if (typeof backend === 'string') {
      const want = Object.prototype.hasOwnProperty.call(v, 'table_name') ? 'sql' : 'kv';
      if (familyOf(c, backend) !== want) {
        c.findings.fatal(`${path}.backend`, `Unknown ${want === 'kv' ? 'KVStore' : 'SQL store'} backend '${backend}' (a ${want}_* backend of storage.backends is needed)`, `point it at a ${want}_* backend`);
      }
      return;
    }
    for (const k of Object.keys(v)) walk(v[k], `${path}.${k}`);
  };
  walk(p.config, `${p.path}.config`);
  // A reference the config class fills in by default names its backend too.
  const injected = injectedKeys(c, p);
  const defaults = p.known?.defaultStorageReferences() ?? {};
  for (const key of Object.keys(defaults).sort()) {
    if (Object.prototype.hasOwnProperty.call(p.config, key) || injected.includes(key)) continue;
    const backend = getOwn(defaults[key], 'backend');
    const want = Object.prototype.hasOwnProperty.call(defaults[key], 'table_name') ? 'sql' : 'kv';
    if (typeof backend === 'string' && familyOf(c, backend) !== want) {
      c.findings.fatal(`${p.path}.config.${key}`, `${p.type} defaults ${key} to the ${want === 'kv' ? 'KVStore' : 'SQL store'} backend '${backend}', which storage.backends does not have`,
        `set ${key} explicitly: {${want === 'kv' ? 'namespace' : 'table_name'}: ..., backend: <a ${want}_* backend>}`);
    }
  }
}

/**
 * A provider's config checks read its config, the release, the pod's files and writable
 * directories, the storage backends and whether the resolver injects a metadata store: all but
 * the config are the same for every provider of one run. A frozen config (the shared base's, as
 * substitution replays it) keeps its findings by all of them (core/frozen-memo.ts).
 */
const CONFIG_FINDINGS = frozenMemo<'configFindings', readonly StartupFinding[]>('configFindings', 64);

/** What a run gives every provider's config checks: the release, the pod's files and writable directories, backend types, an injected metadata store. */
function runParts(c: StartupContext): ConfigRunKey {
  return [c.release, c.facts.files ?? [], c.facts.writableDirs ?? null, [...runBackendTypes(c)], injectsMetadataStore(c)];
}

function checkConfig(c: StartupContext, p: EnabledProvider, requiredExtras: readonly string[], run: ConfigRunKey): void {
  const check = (): void => {
    configClass(c, p, requiredExtras);
    initialisation(c, p);
    storageReferences(c, p);
  };
  if (!Object.isFrozen(p.config)) return check();
  const key = [p.path, p.type, requiredExtras, run] as const;
  const hit = CONFIG_FINDINGS.get(p.config, key);
  if (hit !== undefined) {
    if (hit.length > 0) c.findings.list.push(...hit);
    return;
  }
  const before = c.findings.list.length;
  check();
  CONFIG_FINDINGS.set(p.config, key, c.findings.list.slice(before));
}

function dependencies(c: StartupContext, p: EnabledProvider): void {
  for (const dep of p.known?.apiDependencies ?? []) {
    if (c.apiPresent(dep)) continue;
    const plain = c.rules.apis.plain.includes(dep);
    const router = c.rules.apis.routingTables[dep] ?? dep;
    c.findings.fatal(p.path, `Failed to resolve '${p.api}' provider '${p.id}' of type '${p.type}': required dependency '${dep}' is not available`,
      plain ? `configure an enabled ${dep} provider, or disable ${p.api}` : `add ${router} to apis (a router API needs no provider), or disable ${p.api}`);
  }
}

/** A plain API has one implementation: with several enabled providers the last one silently wins. */
function onePerPlainApi(c: StartupContext): void {
  for (const api of c.rules.apis.plain) {
    const enabled = c.enabledIn(api);
    if (enabled.length > 1) {
      c.findings.warn(enabled[enabled.length - 1].path, `${api} has ${enabled.length} enabled providers (${enabled.map((p) => p.id).join(', ')}), and only the last one serves it; the others are still built`,
        `keep one ${api} provider`);
    }
  }
}

/** A plain API listed in `apis` needs an enabled provider (KeyError in create_app otherwise). */
function listedPlainApis(c: StartupContext): void {
  (c.listedApis ?? []).forEach((api, i) => {
    if (c.rules.apis.plain.includes(api) && c.enabledIn(api).length === 0) {
      c.findings.fatal(`apis[${i}]`, `${api} is listed in apis but has no enabled provider (KeyError at start-up)`, `configure a ${api} provider, or remove ${api} from apis`);
    }
  });
}

/** Everything `resolve_impls` checks; fills `c.enabled`. */
export function resolveProviders(c: StartupContext, requiredExtras: { readonly [type: string]: readonly string[] }): void {
  const providers = mapping(getOwn(c.doc, 'providers'));
  if (!providers) return;
  keysOf(c, providers);
  entries(c, providers, externalModules(c, providers));
  const run = runParts(c);
  for (const api of [...c.enabled.keys()].sort()) {
    for (const p of c.enabledIn(api)) {
      // A module provider's config class, checks and dependencies are its own: not known here.
      if (p.module !== undefined) continue;
      checkConfig(c, p, requiredExtras[p.type] ?? [], run);
      dependencies(c, p);
    }
  }
  listedPlainApis(c);
  onePerPlainApi(c);
  checkVectorMetadataStores(c);
  checkJobRuntime(c);
}
