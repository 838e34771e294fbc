/**
 * `StackConfig(...)` at start-up: the top-level fields, `server`, `storage` (backends and the
 * stores that must point at them) and the `vector_stores` templates and limits. Keys the release
 * does not read are reported as warnings: the server drops them, so a generated config should
 * not carry them.
 */
import { checkAuth } from './auth';
import { list, mapping, show, StartupContext } from './context';
import { typeError } from './field-types';
import { allApiNames, StoreRule, storeRules } from './release';
import { runsInsecure } from './server-tls';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';

const BACKEND_TYPES = ['kv_sqlite', 'kv_redis', 'kv_postgres', 'kv_mongodb', 'sql_sqlite', 'sql_postgres'];

/** pydantic's lax `int`: an integral number, a boolean, or a string of digits (a literal "8321" is 8321). */
function laxInt(v: JsonValue | undefined): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return typeof v === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(v) ? Number(v.trim().replace(/_/g, '')) : undefined;
}

function isInt(v: JsonValue | undefined): boolean {
  return laxInt(v) !== undefined;
}

function unknownKeys(c: StartupContext, o: JsonObject, known: readonly string[], path: string): void {
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) {
      c.findings.warn(path === '' ? k : `${path}.${k}`, `${c.release.description} does not read ${path === '' ? '' : `${path}.`}${k} (it is dropped)`, `remove ${k}`);
    }
  }
}

function topLevel(c: StartupContext): void {
  const d = c.doc;
  unknownKeys(c, d, c.rules.keys.top, '');
  const version = getOwn(d, 'version');
  if (version !== undefined && !isInt(version)) c.findings.fatal('version', `version must be an integer, not ${show(version)}`, 'write version: 2');
  const distro = getOwn(d, 'distro_name');
  const image = getOwn(d, 'image_name');
  if ((distro === undefined || distro === null) && (image === undefined || image === null)) {
    c.findings.fatal('distro_name', "Either 'distro_name' or 'image_name' must be provided", 'write distro_name: <distribution>');
  } else if (image !== undefined && image !== null) {
    c.findings.warn('image_name', distro !== undefined && distro !== null
      ? "Both 'image_name' and 'distro_name' were provided: image_name is ignored (DeprecationWarning)"
      : "The 'image_name' field is deprecated (DeprecationWarning)", 'write distro_name only');
  }
  if (typeof image !== 'string' && image !== undefined && image !== null) c.findings.fatal('image_name', `image_name must be a string, not ${show(image)}`, 'write distro_name only');
  const providers = getOwn(d, 'providers');
  if (!isJsonObject(providers)) c.findings.fatal('providers', 'providers: Field required (a mapping of API → provider list)', 'write providers: {<api>: [...]}');
  const apis = getOwn(d, 'apis');
  if (apis === null || (apis !== undefined && !Array.isArray(apis))) c.findings.fatal('apis', 'apis must be a list of API names', 'write apis: [<api>, ...] or leave it out');
  for (const key of ['storage', 'registered_resources', 'server']) {
    const v = getOwn(d, key);
    if (v === null || (v !== undefined && !isJsonObject(v))) c.findings.fatal(key, `${key} must be a mapping, not ${show(v)}`, `write ${key} as a mapping, or leave it out`);
  }
  const rr = mapping(getOwn(d, 'registered_resources'));
  if (rr) {
    unknownKeys(c, rr, c.rules.keys.registeredResources, 'registered_resources');
    for (const k of Object.keys(rr)) {
      if (c.rules.keys.registeredResources.includes(k) && !Array.isArray(rr[k])) c.findings.fatal(`registered_resources.${k}`, `must be a list, not ${show(rr[k])}`, `write ${k}: [] or leave it out`);
    }
  }
  const logging = getOwn(d, 'logging_config');
  if (logging !== undefined && !isJsonObject(logging)) c.findings.fatal('logging_config', 'logging_config must be a mapping', 'write logging_config: {category_levels: {...}} or leave it out');
}

function apisList(c: StartupContext): void {
  const names = allApiNames(c.rules);
  const listed = c.listedApis ?? [];
  listed.forEach((api, i) => {
    if (!names.includes(api)) c.findings.fatal(`apis[${i}]`, `API '${api}' does not exist in ${c.release.description}`, `remove ${api} from apis (its APIs: ${names.join(', ')})`);
    if ((c.rules.apis.unimplemented ?? []).includes(api)) c.findings.fatal(`apis[${i}]`, `${api} is an API of ${c.release.description} with no implementation (KeyError at start-up)`, `remove ${api} from apis`);
    const router = c.rules.apis.routingTables[api];
    if (router !== undefined && !listed.includes(router)) c.findings.fatal(`apis[${i}]`, `${api} is listed without its router API ${router} (KeyError at start-up)`, `add ${router} to apis, or remove ${api}`);
  });
}

function server(c: StartupContext): void {
  const s = mapping(getOwn(c.doc, 'server'));
  if (!s) return;
  unknownKeys(c, s, c.rules.keys.server, 'server');
  const port = getOwn(s, 'port');
  const portNumber = laxInt(port);
  if (port !== undefined && (portNumber === undefined || portNumber < 1024 || portNumber > 65535)) {
    c.findings.fatal('server.port', `server.port must be an integer from 1024 to 65535, not ${show(port)}`, 'use a container port from 1024 (the Service can still expose 80 or 443)', c.envAt('server.port'));
  }
  const workers = getOwn(s, 'workers');
  if (workers !== undefined && !isInt(workers)) c.findings.fatal('server.workers', `server.workers must be an integer, not ${show(workers)}`, 'write workers: <n>', c.envAt('server.workers'));
  const refresh = getOwn(s, 'registry_refresh_interval_seconds');
  if (refresh !== undefined && c.rules.registryRefreshInterval && !((laxInt(refresh) ?? 0) > 0)) {
    c.findings.fatal('server.registry_refresh_interval_seconds', `must be an integer greater than 0, not ${show(refresh)}`, 'write a positive number of seconds, or leave it out (300)');
  }
  const cert = getOwn(s, 'tls_certfile');
  const key = getOwn(s, 'tls_keyfile');
  const setCount = [cert, key].filter((v) => typeof v === 'string' && v !== '').length;
  if (setCount === 1) {
    // OGX 1.2+ without insecure exits at the CLI's TLS gate instead (server-tls.ts).
    const gate = c.rules.strictTls === true && !runsInsecure(c);
    c.findings.fatal(cert ? 'server.tls_keyfile' : 'server.tls_certfile', gate
      ? "only one of tls_certfile / tls_keyfile is set: TLS required: set tls_certfile/tls_keyfile in server config or pass '--insecure' to disable."
      : 'only one of tls_certfile / tls_keyfile is set, so the server serves plain HTTP', 'set both, or neither');
  }
  const files = c.facts.files;
  for (const [k, v] of [['tls_certfile', cert], ['tls_keyfile', key], ['tls_cafile', getOwn(s, 'tls_cafile')]] as const) {
    if (files && typeof v === 'string' && v !== '' && !files.includes(v)) c.findings.fatal(`server.${k}`, `${v} is not a file the pod has`, 'mount the serving certificate (tls.secretName) where the config points');
  }
  if (typeof getOwn(s, 'tls_cafile') === 'string' && setCount === 2) {
    c.findings.fatal('server.tls_cafile', 'tls_cafile makes every client present a certificate (mTLS), and kubelet probes do not', 'remove tls_cafile');
  }
  // OGX 1.0 removed cors and quota (#5750): they are only dropped keys there.
  if (c.rules.keys.server.includes('cors')) cors(c, getOwn(s, 'cors'));
  checkAuth(c, getOwn(s, 'auth'));
  if (c.rules.keys.server.includes('quota')) quota(c, mapping(getOwn(s, 'quota')));
}

function cors(c: StartupContext, v: JsonValue | undefined): void {
  const o = mapping(v);
  if (!o) return;
  const origins = list(getOwn(o, 'allow_origins'));
  if (getOwn(o, 'allow_credentials') === true && origins.includes('*')) {
    c.findings.fatal('server.cors', 'Cannot use wildcard origins with credentials enabled', 'list the origins, or turn allow_credentials off');
  }
  const maxAge = getOwn(o, 'max_age');
  if (maxAge !== undefined && maxAge !== null && !((laxInt(maxAge) ?? -1) >= 0)) c.findings.fatal('server.cors.max_age', 'max_age must be an integer ≥ 0', 'fix max_age');
}

function quota(c: StartupContext, q: JsonObject | undefined): void {
  if (!q) return;
  const kv = mapping(getOwn(q, 'kvstore'));
  if (!kv) c.findings.fatal('server.quota.kvstore', 'kvstore: Field required', 'write kvstore: {backend: <kv backend>, namespace: quota}');
  const period = getOwn(q, 'period');
  if (period !== undefined && period !== 'day') c.findings.fatal('server.quota.period', "Input should be 'day'", 'write period: day');
  if (kv && familyOf(c, getOwn(kv, 'backend')) !== 'kv') {
    c.findings.fatal('server.quota.kvstore.backend', `${show(getOwn(kv, 'backend'))} is not a kv_* backend: every request would answer 500 (health probes included)`, 'point it at a kv_* backend of storage.backends');
  }
}

/** The storage backends after defaults: name → type. */
export function backendTypes(doc: JsonObject): Map<string, string> {
  const section = mapping(getOwn(doc, 'storage'));
  const backends = section ? mapping(getOwn(section, 'backends')) : undefined;
  const out = new Map<string, string>();
  if (!backends) {
    out.set('kv_default', 'kv_sqlite');
    out.set('sql_default', 'sql_sqlite');
    return out;
  }
  for (const name of Object.keys(backends)) {
    const b = mapping(backends[name]);
    const t = b ? getOwn(b, 'type') : undefined;
    if (typeof t === 'string') out.set(name, t);
  }
  return out;
}

/** The run's backends (name → type), read once per run. */
export function runBackendTypes(c: StartupContext): ReadonlyMap<string, string> {
  return c.once(docBackendTypes);
}

function docBackendTypes(c: StartupContext): ReadonlyMap<string, string> {
  return backendTypes(c.doc);
}

export function familyOf(c: StartupContext, backend: JsonValue | undefined): 'kv' | 'sql' | undefined {
  if (typeof backend !== 'string') return undefined;
  const t = runBackendTypes(c).get(backend);
  return t?.startsWith('kv_') ? 'kv' : t?.startsWith('sql_') ? 'sql' : undefined;
}

function storage(c: StartupContext): void {
  const s = mapping(getOwn(c.doc, 'storage'));
  const backends = s ? mapping(getOwn(s, 'backends')) : undefined;
  for (const name of Object.keys(backends ?? {})) {
    const b = mapping(backends![name]);
    const path = `storage.backends.${name}`;
    const type = b ? getOwn(b, 'type') : undefined;
    if (typeof type !== 'string' || !BACKEND_TYPES.includes(type)) {
      c.findings.fatal(`${path}.type`, `Input tag ${show(type)} found using 'type' does not match any of the expected tags`, `use one of: ${BACKEND_TYPES.join(', ')}`);
      continue;
    }
    if (type.endsWith('_sqlite')) {
      const dbPath = getOwn(b!, 'db_path');
      if (typeof dbPath !== 'string' || dbPath === '') c.findings.fatal(`${path}.db_path`, 'db_path: Field required', 'set db_path to a file under the data volume', c.envAt(`${path}.db_path`));
      else sqlitePath(c, `${path}.db_path`, dbPath);
    }
    if (type.endsWith('_postgres')) {
      const user = getOwn(b!, 'user');
      if (typeof user !== 'string' || user === '') c.findings.fatal(`${path}.user`, 'user: Field required', 'set the postgres user', c.envAt(`${path}.user`));
      if (type === 'sql_postgres') {
        const limits: [string, number][] = [['pool_size', 1], ['max_overflow', 0], ['pool_recycle', -1]];
        for (const [k, min] of limits) {
          const v = getOwn(b!, k);
          if (v !== undefined && !((laxInt(v) ?? min - 1) >= min)) c.findings.fatal(`${path}.${k}`, `${k} must be an integer ≥ ${min}`, `fix ${k}`);
        }
      }
    }
  }
  const stores = s ? mapping(getOwn(s, 'stores')) : undefined;
  const types = runBackendTypes(c);
  const rules = storeRules(c.rules);
  for (const store of Object.keys(rules)) {
    const rule = rules[store];
    const path = `storage.stores.${store}`;
    const has = stores !== undefined && Object.prototype.hasOwnProperty.call(stores, store);
    const ref = has ? getOwn(stores!, store) : undefined;
    if (has && ref === null) {
      const allowed = rule.nullable === true || (rule.nullable === 'withoutInference' && !c.routerPresent('inference'));
      if (!allowed) c.findings.fatal(path, `storage.stores.${store} must be configured (it is null)`, `point it at a ${rule.family}_* backend`);
      continue;
    }
    if (isJsonObject(ref)) storeFieldTypes(c, rule, ref, path);
    const backend = isJsonObject(ref) ? migratedBackend(rule, ref) : rule.default;
    if (backend === null) continue;
    const type = typeof backend === 'string' ? types.get(backend) : undefined;
    if (type === undefined) {
      c.findings.fatal(`${path}${isJsonObject(ref) ? '.backend' : ''}`, `storage.stores.${store} references unknown backend ${show(backend)}. Available backends: ${[...types.keys()].join(', ')}`,
        isJsonObject(ref) ? 'point it at a backend of storage.backends' : `set storage.stores.${store} explicitly (its default is ${backend})`);
    } else if (!type.startsWith(`${rule.family}_`)) {
      c.findings.fatal(`${path}.backend`, `storage.stores.${store} references backend ${show(backend)} of type '${type}', but a backend of type ${rule.family}_* is required`,
        rule.migratesFromKv ? `write the SQL form: {table_name: ${store}, backend: <a sql_* backend>}` : `point it at a ${rule.family}_* backend`);
    }
  }
}

/**
 * A store reference against its class (`InferenceStoreReference`…): a value pydantic refuses is
 * fatal; a key the class lacks is dropped (a warning). The KV form of a migrating store is
 * rewritten before validation, so it is not checked here.
 */
function storeFieldTypes(c: StartupContext, rule: StoreRule, ref: JsonObject, path: string): void {
  const fields = rule.fields;
  if (!fields) return;
  if (rule.migratesFromKv && Object.prototype.hasOwnProperty.call(ref, 'namespace') && !Object.prototype.hasOwnProperty.call(ref, 'table_name')) return;
  unknownKeys(c, ref, Object.keys(fields), path);
  for (const [field, type] of Object.entries(fields)) {
    const v = getOwn(ref, field);
    if (v === undefined || field === 'backend') continue;
    const error = typeError(type, v);
    if (error !== undefined) c.findings.fatal(`${path}.${field}`, `storage.stores rejects ${field}: ${error}`, `set ${field} to a valid value`, c.envAt(`${path}.${field}`));
  }
}

/**
 * The backend a store reference names once the release has read it. OGX 1.0+ rewrites an old KV
 * reference of prompts/connectors (`namespace`, no `table_name`) to the SQL form, replacing
 * `kv_` by `sql_` in the backend name (`ServerStoresConfig._migrate_kv_to_sql`).
 */
function migratedBackend(rule: StoreRule, ref: JsonObject): JsonValue | undefined {
  const backend = getOwn(ref, 'backend');
  if (!rule.migratesFromKv || !Object.prototype.hasOwnProperty.call(ref, 'namespace') || Object.prototype.hasOwnProperty.call(ref, 'table_name')) return backend;
  if (backend === undefined) return 'sql_default';
  return typeof backend === 'string' ? backend.split('kv_').join('sql_') : backend;
}

/**
 * SQLite writes its file at start-up (and a files provider its directory): the path must be
 * absolute and on a writable volume. `isDir`: the value is the directory itself, not a file in it.
 */
export function sqlitePath(c: StartupContext, path: string, value: string, isDir = false): void {
  const dirs = c.facts.writableDirs;
  if (!dirs) return;
  if (!value.startsWith('/')) {
    c.findings.fatal(path, `${show(value)} is not an absolute path (the root filesystem is read-only)`, 'write the path under the data volume, e.g. ${env.SQLITE_STORE_DIR:=...}/<file>', c.envAt(path));
    return;
  }
  if (!dirs.some((d) => value === d || value.startsWith(d.endsWith('/') ? d : `${d}/`))) {
    const dir = isDir ? value.replace(/\/+$/, '') : value.slice(0, value.lastIndexOf('/'));
    c.findings.fatal(path, `${show(value)} is not on a writable volume (${dirs.join(', ')}); the root filesystem is read-only`, 'put it under the data volume', c.envAt(path), dir);
  }
}

const TEMPLATE_RULES: [string, string, string[]][] = [
  ['rewrite_query_params', 'prompt', ['{query}']],
  ['file_search_params', 'header_template', ['{num_chunks}', 'file_search']],
  ['context_prompt_params', 'chunk_annotation_template', ['{chunk.content}', '{index}']],
  ['context_prompt_params', 'context_template', ['{query}']],
  ['annotation_prompt_params', 'chunk_annotation_template', ['{index}', '{chunk_text}', '{file_id}']],
];
const LIMITS: [string, string, number, number][] = [
  ['rewrite_query_params', 'max_tokens', 1, 4096],
  ['rewrite_query_params', 'temperature', 0, 2],
  ['contextual_retrieval_params', 'default_timeout_seconds', 10, Infinity],
  ['contextual_retrieval_params', 'default_max_concurrency', 1, Infinity],
  ['contextual_retrieval_params', 'max_document_tokens', 1000, Infinity],
];

function vectorStores(c: StartupContext): void {
  const vs = mapping(getOwn(c.doc, 'vector_stores'));
  if (!vs) return;
  for (const [section, field, needles] of TEMPLATE_RULES) {
    const sec = mapping(getOwn(vs, section));
    const v = sec ? getOwn(sec, field) : undefined;
    if (typeof v !== 'string') continue;
    const missing = needles.filter((n) => !v.includes(n));
    if (missing.length > 0) c.findings.fatal(`vector_stores.${section}.${field}`, `the template must contain ${missing.join(', ')}`, 'keep the placeholders in the template');
  }
  for (const [section, field, min, max] of LIMITS) {
    const sec = mapping(getOwn(vs, section));
    const v = sec ? getOwn(sec, field) : undefined;
    if (v === undefined) continue;
    if (typeof v !== 'number' || v < min || v > max) c.findings.fatal(`vector_stores.${section}.${field}`, `must be a number from ${min}${max === Infinity ? '' : ` to ${max}`}, not ${show(v)}`, `fix ${field}`);
  }
  const fs = mapping(getOwn(vs, 'file_search_params'));
  if (fs && getOwn(fs, 'header_template') === '') c.findings.fatal('vector_stores.file_search_params.header_template', 'header_template must not be empty', 'keep the default template');
  const ann = mapping(getOwn(vs, 'annotation_prompt_params'));
  if (ann && getOwn(ann, 'annotation_instruction_template') === '') c.findings.fatal('vector_stores.annotation_prompt_params.annotation_instruction_template', 'must not be empty', 'keep the default template');
}

/** Everything `StackConfig(...)` and the CLI check before providers are built. */
export function checkStackConfig(c: StartupContext): void {
  topLevel(c);
  apisList(c);
  server(c);
  storage(c);
  vectorStores(c);
}
