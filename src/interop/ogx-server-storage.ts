/**
 * OGXServer `spec.storage` in. The deprecated `kv`/`sql` form maps to this library's stores
 * (`sql: postgres` with a connection string is refused: no server release reads one). The named
 * form of the newer operators (`backends`: `kv_postgres`/`sql_postgres` by name, `stores`: which
 * store lives where) maps to the one key-value and the one SQL Postgres this library writes, with
 * the operator's store layout, the inference store's write queue and the vector_stores store (on
 * the SQL backend or a Postgres of its own); what it cannot write (two different Postgres for the
 * stores of one kind, a store table of another name) is refused with the reason; the pool settings
 * it does not write, and a responses store (which OGX only checks), are warnings. The two forms
 * cannot be combined, as with the operator.
 */
import { OgxReadContext, Obj } from './ogx-server-context';
import { isKeyRef } from './ogx-server-fields';
import { isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';

const KV = 'kv_postgres';
const SQL = 'sql_postgres';
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
const NAMED_FIX = 'give the database in spec.storage.backends: {<name>: {type: sql_postgres, host, port, db, user, password: {name, key}}}';

/** The store layout this library writes (OGX 1.x): the operator's default for the named form. */
const LAYOUT: { readonly [store: string]: { readonly family: 'kv' | 'sql'; readonly key: 'namespace' | 'tableName'; readonly value: string } } = {
  metadata: { family: 'kv', key: 'namespace', value: 'registry' },
  inference: { family: 'sql', key: 'tableName', value: 'inference_store' },
  conversations: { family: 'sql', key: 'tableName', value: 'openai_conversations' },
  prompts: { family: 'sql', key: 'tableName', value: 'prompts' },
  connectors: { family: 'sql', key: 'tableName', value: 'connectors' },
};

const ENV_REF = /^\$\{env\.([A-Za-z_][A-Za-z0-9_]*)(?::=([^}]*))?\}$/;

/**
 * A value the operator accepts as `${env.NAME}` or `${env.NAME:=default}`, as the server will read
 * it: the pod's env is the spec's (`workload.overrides.env`), so the value is known at render
 * time, unless the variable comes from a Secret or is unset without a default.
 */
function resolved(v: unknown, env: unknown): { value?: unknown; unresolved?: string } {
  if (typeof v !== 'string') return { value: v };
  const m = ENV_REF.exec(v.trim());
  if (!m) return { value: v.trim() };
  const entries: Obj[] = Array.isArray(env) ? env.filter(isObject) : [];
  const set = [...entries].reverse().find((e) => e.name === m[1]);
  if (set && typeof set.value === 'string') return { value: set.value };
  if (set) return { unresolved: m[1] };
  return m[2] !== undefined ? { value: m[2] } : { unresolved: m[1] };
}

/** The backends the stores name, per kind; the inference write queue; the vector_stores store's backend. */
interface Used {
  kv: Set<string>;
  sql: Set<string>;
  queue?: Obj;
  vectorStores?: string;
}

class StorageReader {
  constructor(private readonly c: OgxReadContext, private readonly env: unknown, private readonly workload: Obj | undefined) {}

  /** A number field (port, pool sizes, timeouts): an integer, or `${env.X}` the pod resolves. */
  number(b: Obj, field: string, path: string): number | undefined {
    if (b[field] === undefined || b[field] === null) return undefined;
    const r = resolved(b[field], this.env);
    if (r.unresolved !== undefined) {
      this.c.problem(`${path}.${field}`, `reads \${env.${r.unresolved}}, which the pod does not set to a value (it is unset, or from a Secret)`,
        `write the number, or set ${r.unresolved} in spec.workload.overrides.env`);
      return undefined;
    }
    const n = typeof r.value === 'string' && /^-?\d+(\.\d+)?$/.test(r.value) ? Number(r.value) : r.value;
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      this.c.problem(`${path}.${field}`, `must be a number or \${env.NAME}, not ${quoteValue(b[field])}`, `write a number for ${field}`);
      return undefined;
    }
    return n;
  }

  /** `caCertPath`: a file of a ConfigMap the pod mounts (spec.workload.overrides), as this library's CA ConfigMap. */
  caCertificate(b: Obj, path: string): Obj | undefined {
    if (typeof b.caCertPath !== 'string' || b.caCertPath === '') return undefined;
    const file = b.caCertPath;
    const overrides = isObject(this.workload?.overrides) ? this.workload!.overrides : {};
    const mounts: Obj[] = Array.isArray(overrides.volumeMounts) ? overrides.volumeMounts.filter(isObject) : [];
    const volumes: Obj[] = Array.isArray(overrides.volumes) ? overrides.volumes.filter(isObject) : [];
    for (const m of mounts) {
      if (typeof m.mountPath !== 'string' || m.subPath !== undefined) continue;
      const dir = m.mountPath.replace(/\/+$/, '');
      if (!file.startsWith(`${dir}/`)) continue;
      const cm = volumes.find((v) => v.name === m.name)?.configMap;
      const rest = file.slice(dir.length + 1);
      if (!isObject(cm) || typeof cm.name !== 'string' || rest.includes('/')) break;
      const item = Array.isArray(cm.items) ? cm.items.find((i: Obj) => i?.path === rest) : undefined;
      if (Array.isArray(cm.items) && !item) break;
      return { configMapName: cm.name, key: item ? item.key : rest };
    }
    this.c.problem(`${path}.caCertPath`, `${quoteValue(file)} is not a file of a ConfigMap the pod mounts (spec.workload.overrides.volumes/volumeMounts): this library mounts the Postgres CA from a ConfigMap`,
      'mount the CA ConfigMap with spec.workload.overrides.volumes and volumeMounts and point caCertPath at its file, or remove caCertPath to verify against the image\'s trust store');
    return undefined;
  }

  /** A named backend as this library's kv or sql store. */
  backend(name: string, b: Obj, family: 'kv' | 'sql', target = `spec.storage.${family}`): Obj {
    const path = `spec.storage.backends.${name}`;
    this.c.source(target, path);
    for (const f of ['host', 'port', 'db', 'user', 'password']) this.c.source(`${target}.${f}`, `${path}.${f}`);
    const tuning: Obj = {};
    if (b.sslMode !== undefined && b.sslMode !== null) {
      const r = resolved(b.sslMode, this.env);
      if (r.unresolved !== undefined || !SSL_MODES.includes(String(r.value))) {
        this.c.problem(`${path}.sslMode`, r.unresolved !== undefined ? `reads \${env.${r.unresolved}}, which the pod does not set to a value`
          : `${quoteValue(b.sslMode)} is not a Postgres sslmode`, `write one of ${SSL_MODES.join(', ')}`);
      } else {
        tuning.sslMode = r.value;
      }
      this.c.source(`${target}.tuning.sslMode`, `${path}.sslMode`);
    }
    const ca = this.caCertificate(b, path);
    if (ca) {
      tuning.caCertificate = ca;
      this.c.source(`${target}.tuning.caCertificate`, `${path}.caCertPath`);
    }
    for (const f of family === 'kv' ? ['poolSize', 'maxOverflow', 'commandTimeout'] : ['poolSize', 'maxOverflow']) {
      const n = this.number(b, f, path);
      if (n !== undefined) tuning[f] = n;
      this.c.source(`${target}.tuning.${f}`, `${path}.${f}`);
    }
    if (family === 'kv' && b.tableName !== undefined && b.tableName !== null) {
      const r = resolved(b.tableName, this.env);
      if (r.value !== 'ogx_kvstore') {
        this.c.problem(`${path}.tableName`, `this library keeps the key-value store in the server's default table (ogx_kvstore), not ${quoteValue(b.tableName)}: data in that table would not be found`,
          'remove tableName (or write ogx_kvstore), and move the data to ogx_kvstore');
      }
    }
    for (const f of ['poolRecycle', 'poolPrePing', 'poolPrePingEnv']) {
      if (family === 'sql' && b[f] !== undefined && b[f] !== null) {
        this.c.warn(`${path}.${f}`, `not carried: this library writes no ${f === 'poolRecycle' ? 'pool_recycle' : 'pool_pre_ping'} (the server's default applies: ${f === 'poolRecycle' ? 'connections recycled after 3600 s' : 'connections checked before use'})`,
          `remove ${f}`);
      }
    }
    const port = this.number(b, 'port', path);
    return {
      type: 'postgres',
      host: typeof b.host === 'string' && b.host !== '' ? b.host : 'localhost',
      port: port ?? 5432,
      db: typeof b.db === 'string' && b.db !== '' ? b.db : 'ogx',
      user: b.user,
      ...(isKeyRef(b.password) ? { password: { name: b.password.name, key: b.password.key } } : {}),
      ...(Object.keys(tuning).length > 0 ? { tuning } : {}),
    };
  }

  /** The operator's own checks of a backend (as it refuses to generate). */
  validBackend(name: string, b: Obj): boolean {
    const path = `spec.storage.backends.${name}`;
    let ok = true;
    const no = (field: string, message: string, fix: string) => {
      this.c.problem(field === '' ? path : `${path}.${field}`, message, fix);
      ok = false;
    };
    if (b.type !== KV && b.type !== SQL) return (no('type', `must be kv_postgres or sql_postgres, not ${quoteValue(b.type)}`, 'set type: kv_postgres or sql_postgres'), false);
    if (typeof b.user !== 'string' || b.user.trim() === '') no('user', 'Required value: the database user', 'set user');
    const only = (field: string, other: string) => {
      if (b[field] !== undefined && b[field] !== null) no(field, `${field} is only valid for ${other}`, `remove ${field}, or set type: ${other}`);
    };
    if (b.type === KV) ['poolRecycle', 'poolPrePing', 'poolPrePingEnv'].forEach((f) => only(f, SQL));
    else ['tableName', 'commandTimeout'].forEach((f) => only(f, KV));
    if (b.poolPrePing !== undefined && b.poolPrePingEnv !== undefined) no('', 'set only one of poolPrePing and poolPrePingEnv', 'remove one');
    return ok;
  }

  /** The explicit `stores` map against the layout this library writes; the backends it names, per kind. */
  stores(stores: Obj, types: { [name: string]: string }): Used {
    const used: Used = { kv: new Set<string>(), sql: new Set<string>() };
    for (const [store, layout] of Object.entries(LAYOUT)) {
      const path = `spec.storage.stores.${store}`;
      const s = stores[store];
      if (!isObject(s)) {
        this.c.problem(path, `an explicit stores map leaves ${store} out: the operator writes it as null (no ${store} store), and this library always writes the ${store} store`,
          `add ${store}: {backend: <a ${layout.family === 'kv' ? KV : SQL} backend>, ${layout.key}: ${layout.value}}, or remove spec.storage.stores for the operator's default layout`);
        continue;
      }
      const type = typeof s.backend === 'string' ? types[s.backend] : undefined;
      if (type === undefined) {
        this.c.problem(`${path}.backend`, `${quoteValue(s.backend)} is not a backend of spec.storage.backends`, `name one of ${Object.keys(types).join(', ') || '(none)'}`);
      } else if (type !== (layout.family === 'kv' ? KV : SQL)) {
        this.c.problem(`${path}.backend`, `${quoteValue(s.backend)} is a ${type} backend; the ${store} store needs a ${layout.family === 'kv' ? KV : SQL} one`, `name a ${layout.family === 'kv' ? KV : SQL} backend`);
      } else {
        used[layout.family].add(s.backend);
      }
      if (s[layout.key] !== layout.value) {
        this.c.problem(`${path}.${layout.key}`, `this library writes the ${store} store with ${layout.key === 'tableName' ? 'table_name' : 'namespace'} ${layout.value}, not ${quoteValue(s[layout.key])}: data kept under that name would not be found`,
          `set ${layout.key}: ${layout.value} (and move the data), or remove spec.storage.stores`);
      }
    }
    const inference = isObject(stores.inference) ? stores.inference : {};
    if (inference.enabled === false) {
      this.c.problem('spec.storage.stores.inference.enabled', 'this library keeps the inference store on: it cannot turn off recording inference requests',
        'remove enabled: false (requests are then recorded in the inference_store table)');
    }
    // The write queue (every release has it): checked, as props.inferenceStore, when the config is written.
    const queue: Obj = {};
    for (const f of ['maxWriteQueueSize', 'numWriters']) {
      const n = this.number(inference, f, 'spec.storage.stores.inference');
      if (n !== undefined) queue[f] = n;
      this.c.source(`spec.storage.stores.inference.${f}`, `spec.storage.stores.inference.${f}`);
    }
    if (Object.keys(queue).length > 0) used.queue = queue;
    if (isObject(stores.responses)) {
      // OGX reads storage.stores.responses only to check its backend (core/datatypes.py); the responses
      // provider keeps responses in its own persistence.responses and writes them at once (no queue).
      this.c.warn('spec.storage.stores.responses', 'not carried: OGX only checks that storage.stores.responses names a SQL backend; the responses provider keeps responses in its own persistence.responses (on sql_default) and writes each at once, so the store\'s table and write queue have no effect',
        'remove spec.storage.stores.responses');
    }
    if (isObject(stores.vectorStores)) used.vectorStores = this.vectorStores(stores.vectorStores, types);
    return used;
  }

  /** `stores.vectorStores`: a sql_postgres backend (the SQL stores', or one of its own), table vector_stores. */
  vectorStores(s: Obj, types: { [name: string]: string }): string | undefined {
    const path = 'spec.storage.stores.vectorStores';
    let ok = true;
    if (typeof s.backend !== 'string' || types[s.backend] !== SQL) {
      this.c.problem(`${path}.backend`, typeof s.backend === 'string' && types[s.backend] !== undefined ? `${quoteValue(s.backend)} is a ${types[s.backend]} backend; the vector_stores store needs a ${SQL} one`
        : `${quoteValue(s.backend)} is not a backend of spec.storage.backends`, `name a ${SQL} backend`);
      ok = false;
    }
    if (s.tableName !== 'vector_stores') {
      this.c.problem(`${path}.tableName`, `this library writes the vector_stores store with table_name vector_stores, not ${quoteValue(s.tableName)}: data kept under that name would not be found`,
        'set tableName: vector_stores (and move the data)');
      ok = false;
    }
    return ok ? s.backend : undefined;
  }

  /** The named form as this library's kv and sql stores. */
  named(s: Obj): Obj | undefined {
    if (!isObject(s.backends)) {
      this.c.problem('spec.storage.backends', 'Required value: spec.storage.stores names backends of spec.storage.backends', 'add spec.storage.backends');
      return undefined;
    }
    const types: { [name: string]: string } = {};
    for (const name of Object.keys(s.backends).sort()) {
      const b = s.backends[name];
      if (isObject(b) && this.validBackend(name, b)) types[name] = b.type;
    }
    const explicit = isObject(s.stores);
    const used = explicit ? this.stores(s.stores, types)
      : { kv: new Set(Object.keys(types).filter((n) => types[n] === KV)), sql: new Set(Object.keys(types).filter((n) => types[n] === SQL)) };
    const out: Obj = {};
    const storesOut: Obj = {};
    if ('queue' in used && used.queue !== undefined) storesOut.inference = used.queue;
    this.c.source('spec.storage', 'spec.storage.backends');
    for (const family of ['kv', 'sql'] as const) {
      const names = [...used[family]].sort();
      const type = family === 'kv' ? KV : SQL;
      if (!explicit && names.length !== 1) {
        this.c.problem('spec.storage.backends', `without spec.storage.stores, exactly one ${type} backend is needed (the operator's default layout puts ${family === 'kv' ? 'metadata' : 'inference, conversations, prompts and connectors'} on it); found ${names.length}`,
          `configure one ${type} backend, or set spec.storage.stores`);
        continue;
      }
      if (names.length === 0) continue;
      const written = names.map((n) => this.backend(n, s.backends[n], family));
      if (written.some((w) => JSON.stringify(w) !== JSON.stringify(written[0]))) {
        this.c.problem(`spec.storage.backends.${names[1]}`, `this library writes one ${type} backend, and the stores name ${names.length} different ones (${names.join(', ')})`,
          `point every ${family === 'kv' ? 'key-value' : 'SQL'} store at one backend, or give the ${type} backends the same connection`);
        continue;
      }
      out[family] = written[0];
    }
    const vs = 'vectorStores' in used ? used.vectorStores : undefined;
    if (vs !== undefined) {
      // The SQL stores' backend (the same fields: sql_default), or a Postgres of its own.
      storesOut.vectorStores = used.sql.has(vs) && out.sql !== undefined ? out.sql : this.backend(vs, s.backends[vs], 'sql', 'spec.storage.stores.vectorStores');
    }
    if (Object.keys(storesOut).length > 0) out.stores = storesOut;
    const unused = Object.keys(types).filter((n) => !used.kv.has(n) && !used.sql.has(n) && n !== vs);
    for (const n of unused) {
      this.c.warn(`spec.storage.backends.${n}`, 'not carried: no store uses this backend', 'remove it, or point a store at it');
    }
    if (Object.keys(types).length > 0) {
      this.c.warn('spec.storage.backends', 'the backend names are not carried: the config names the key-value backend kv_default and the SQL one sql_default, and the password env vars are this library\'s',
        'nothing to do, unless something else reads those names');
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  /** The deprecated kv/sql form. */
  legacy(s: Obj): Obj | undefined {
    const out: Obj = {};
    if (isObject(s.kv)) {
      out.kv = plainCopy(s.kv);
      this.c.source('spec.storage.kv', 'spec.storage.kv');
      if (s.kv.type === 'redis') {
        this.c.warn('spec.storage.kv.endpoint', 'the OGX operator writes the Redis URL into the config\'s host field (the server then cannot connect); this render writes host and port apart',
          'nothing to do here; under the operator, give the Redis store in an overrideConfig');
      }
    }
    if (isObject(s.sql)) {
      this.c.source('spec.storage.sql', 'spec.storage.sql');
      if (s.sql.type === 'postgres') {
        this.c.problem(isObject(s.sql.connectionString) ? 'spec.storage.sql.connectionString' : 'spec.storage.sql',
          'no server release reads a Postgres connection string (its SQL store needs host, port, db, user and password)', `${NAMED_FIX}, and remove spec.storage.sql`);
      } else {
        out.sql = plainCopy(s.sql);
      }
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
}

/** `spec.storage` as this library's storage, or undefined (the base config's). */
export function readStorage(c: OgxReadContext, raw: unknown, workload: unknown): Obj | undefined {
  if (!isObject(raw)) return undefined;
  const w = isObject(workload) ? workload : undefined;
  const r = new StorageReader(c, isObject(w?.overrides) ? w!.overrides.env : undefined, w);
  const legacy = (raw.kv !== undefined && raw.kv !== null) || (raw.sql !== undefined && raw.sql !== null);
  const named = (raw.backends !== undefined && raw.backends !== null) || (raw.stores !== undefined && raw.stores !== null);
  if (legacy && named) {
    c.problem('spec.storage', 'spec.storage.backends/stores cannot be combined with the deprecated spec.storage.kv/sql (the operator refuses it too)',
      'move kv and sql into spec.storage.backends, or remove backends and stores');
    return undefined;
  }
  return named ? r.named(raw) : r.legacy(raw);
}
