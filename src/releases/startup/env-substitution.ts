/**
 * The server's `replace_env_vars`, run at synth time with the env the Deployment sets: every
 * string value (never a key) has its `${env.X}` / `${env.X:=d}` / `${env.X:+v}` references
 * replaced, and a changed string is converted the way the server converts it (`""` → null,
 * `true`/`false` → boolean, numbers → numbers). Env-conditional list entries are dropped as the
 * server drops them.
 */
import { StartupFinding } from './findings';
import { frozenMemo, setBounded } from '../../core/frozen-memo';
import { deepFreeze, isJsonObject, JsonObject, JsonValue, setOwn } from '../../core/json';

/** One env var as the container will see it. */
export type EnvValue =
  /** A plain value from the Deployment (`env: [{name, value}]`). */
  | { readonly kind: 'value'; readonly value: string }
  /** A Secret key or another `valueFrom`: unknown at synth time, assumed a non-empty string. */
  | { readonly kind: 'secret'; readonly source: string };

/** The container's environment, by name. */
export type ContainerEnv = ReadonlyMap<string, EnvValue>;

const REFERENCE = /\$\{env\.([A-Z0-9_]+)(?::([=+])([^}]*))?\}/g;
/** What looks like a reference but is not one (`${env.foo}`): the server leaves it as text. */
const LITERAL_REFERENCE = /\$\{env\.[^}]*\}/;
/** Ids whose empty value removes a list element (v0.7.1 adds the dataset/scoring/benchmark ids). */
export const ENV_SWITCHED_ID_FIELDS = ['model_id', 'shield_id', 'vector_store_id', 'dataset_id', 'scoring_fn_id', 'benchmark_id'];

/** What the server reads after substitution, and where each env var fed a value. */
export interface SubstitutionResult {
  readonly document: JsonObject;
  readonly findings: StartupFinding[];
  /** Config path → env vars whose substitution produced the value there. */
  readonly envAt: ReadonlyMap<string, readonly string[]>;
  /** Where a list element (mapping) of the result was written in config.yaml (list indexes of the input). */
  readonly origin: WeakMap<JsonObject, string>;
}

/** The value a secret stands for: non-empty, not a number, so it stays a string. */
export function secretStandIn(source: string): string {
  return `<secret ${source}>`;
}

/** `${env.X}` is "set" only when non-empty: `X=""` counts as unset, as in the server. */
function lookup(env: ContainerEnv, name: string): string | undefined {
  const v = env.get(name);
  if (v === undefined) return undefined;
  if (v.kind === 'secret') return secretStandIn(v.source);
  return v.value === '' ? undefined : v.value;
}

const INT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;
const FLOAT = /^\s*[+-]?(?:(?:\d+(?:_\d+)*)?\.\d+(?:_\d+)*(?:[eE][+-]?\d+)?|\d+(?:_\d+)*\.?(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)\s*$/i;

/** `_convert_string_to_proper_type`: applied only to strings a substitution changed. */
export function convertSubstituted(s: string): JsonValue {
  if (s === '') return null;
  const lower = s.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (INT.test(s)) return Number(s.replace(/_/g, ''));
  if (FLOAT.test(s)) {
    const t = s.trim().toLowerCase().replace(/_/g, '');
    if (t.endsWith('nan')) return Number.NaN;
    if (t.includes('inf')) return t.startsWith('-') ? -Infinity : Infinity;
    return Number(t);
  }
  return s;
}

/** `os.path.expanduser` on a value a reference produced: `~` and `~/…` become `$HOME…`. */
function expandUser(value: string, home: string): string {
  if (value !== '~' && !value.startsWith('~/')) return value;
  return `${home.replace(/\/+$/, '')}${value.slice(1)}` || '/';
}

/** One string with its references replaced: the value, the vars it read, the bare ones unset. */
interface Resolved {
  readonly value: JsonValue;
  readonly used: string[];
  readonly missing: string[];
}

/** A `${env.X}` reference of a string: `op` is `=` or `+` when it has a default or an alternative. */
interface Reference {
  readonly name: string;
  readonly op: string | undefined;
  readonly arg: string | undefined;
}

/**
 * A string cut at its references: text, reference, text… (texts and references alternate,
 * starting and ending with text). Undefined when it has no reference.
 */
type Template = readonly (string | Reference)[] | undefined;

/**
 * Parsed strings, by text. Configs repeat the same base-config strings in every distribution,
 * so each is parsed once; the map is cleared when it gets large (user text is unbounded).
 */
const TEMPLATES = new Map<string, Template>();
const TEMPLATE_LIMIT = 20_000;

function templateOf(s: string): Template {
  if (TEMPLATES.has(s)) return TEMPLATES.get(s);
  const parts: (string | Reference)[] = [];
  let last = 0;
  for (const m of s.matchAll(REFERENCE)) {
    parts.push(s.slice(last, m.index), { name: m[1], op: m[2], arg: m[3] });
    last = m.index! + m[0].length;
  }
  const template = parts.length === 0 ? undefined : [...parts, s.slice(last)];
  return setBounded(TEMPLATES, s, template, TEMPLATE_LIMIT);
}

function resolveString(s: string, env: ContainerEnv, home: string): Resolved | undefined {
  const template = templateOf(s);
  if (template === undefined) return undefined;
  const used: string[] = [];
  const missing: string[] = [];
  let out = '';
  for (const part of template) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const { name, op, arg } = part;
    used.push(name);
    const value = lookup(env, name);
    if (op === undefined) {
      if (value === undefined) missing.push(name);
      out += expandUser(value ?? '', home);
    } else if (op === '=') {
      out += value === undefined && !arg ? '' : expandUser(value ?? arg ?? '', home);
    } else {
      out += value !== undefined && arg ? expandUser(arg, home) : '';
    }
  }
  return { value: convertSubstituted(out), used, missing };
}

/** A list element the server drops (`__disabled__`, an id that resolves empty). */
const DROPPED = Symbol('dropped');
type Outcome = JsonValue | typeof DROPPED;

/** What substituting one frozen value at one path produced: replayed when its env values are the same. */
interface Replay {
  readonly value: Outcome;
  readonly findings: readonly StartupFinding[];
  readonly envAt: readonly (readonly [string, string[]])[];
  readonly origins: readonly (readonly [JsonObject, string])[];
}

/**
 * Frozen mappings and lists are the shared base config's (core/writable-json.ts): they never change,
 * so what substitution makes of one depends only on its path, `$HOME` and the values of the env
 * vars its strings name (core/frozen-memo.ts).
 */
const REPLAYS = frozenMemo<'substitution', Replay>('substitution', 32);
const NAMES = frozenMemo<'envNames', readonly string[]>('envNames', 1);

/** The env var names a frozen value's strings refer to, once per object. */
function namesIn(v: JsonValue, into: Set<string>): void {
  if (typeof v === 'string') {
    if (!v.includes('${env.')) return;
    for (const part of templateOf(v) ?? []) if (typeof part !== 'string') into.add(part.name);
  } else if (v !== null && typeof v === 'object') {
    const known = NAMES.get(v, []);
    if (known !== undefined) for (const n of known) into.add(n);
    else for (const child of Array.isArray(v) ? v : Object.values(v)) namesIn(child, into);
  }
}

function namesOf(o: JsonObject | JsonValue[]): readonly string[] {
  return NAMES.memo(o, [], () => {
    const set = new Set<string>();
    namesIn(o, set);
    return [...set].sort();
  });
}

/**
 * The values substitution reads for the env vars a frozen value names (undefined: unset or
 * empty), in the order of their names: with the value itself (and its path and `$HOME`), all
 * that its substitution depends on.
 */
export function envValuesFor(o: JsonObject | JsonValue[], env: ContainerEnv): (string | undefined)[] {
  return namesOf(o).map((name) => lookup(env, name));
}

class Substitution {
  readonly findings: StartupFinding[] = [];
  readonly envAt = new Map<string, string[]>();
  readonly origin = new WeakMap<JsonObject, string>();
  /** envAt and origin in the order they were recorded, so a frozen mapping's share can be kept. */
  private readonly envLog: (readonly [string, string[]])[] = [];
  private readonly originLog: (readonly [JsonObject, string])[] = [];

  constructor(private readonly env: ContainerEnv, private readonly home: string) {}

  string(s: string, path: string): JsonValue {
    if (!s.includes('${env.')) return s; // neither a reference nor literal text that looks like one
    const r = resolveString(s, this.env, this.home);
    const text = r === undefined ? s : r.value;
    const literal = typeof text === 'string' && text.includes('${env.') ? LITERAL_REFERENCE.exec(text) : null;
    if (literal) {
      this.findings.push({
        severity: 'warning',
        path,
        message: `${literal[0]} is not an env reference the server substitutes (names are upper-case letters, digits and _), so it stays literal text`,
        fix: 'write the env var name in upper case',
      });
    }
    if (r === undefined) return s;
    for (const name of r.missing) {
      this.findings.push({
        severity: 'fatal',
        path,
        message: `Environment variable '${name}' not set or empty at ${path} (EnvVarError at start-up)`,
        fix: `set ${name} to a non-empty value in the container, or write \${env.${name}:=<default>} in the config`,
        env: [name],
      });
    }
    this.envAt.set(path, r.used);
    this.envLog.push([path, r.used]);
    return r.value;
  }

  /**
   * Paths are built only where something can be reported or recorded (env text, containers).
   * What substitution leaves as it is, is not copied: an unchanged mapping or list is returned
   * itself (the model reads the result and never writes to it). A frozen one is replayed.
   */
  value(v: JsonValue, path: string): JsonValue {
    if (typeof v === 'string') return this.string(v, path);
    if (v === null || typeof v !== 'object') return v;
    if (Object.isFrozen(v)) return this.replayed(v, path, () => this.container(v, path)) as JsonValue;
    return this.container(v, path);
  }

  private container(v: JsonObject | JsonValue[], path: string): JsonValue {
    return Array.isArray(v) ? this.list(v, path) : this.mapping(v, path);
  }

  /**
   * A frozen mapping or list: its earlier outcome at this path with these env values, or a new
   * one kept for next time (with the findings, envAt and origins it recorded).
   */
  private replayed(o: JsonObject | JsonValue[], path: string, compute: () => Outcome): Outcome {
    const key = [path, this.home, envValuesFor(o, this.env)] as const;
    const hit = REPLAYS.get(o, key);
    if (hit === undefined) return REPLAYS.set(o, key, this.computeReplay(compute)).value;
    if (hit.findings.length > 0) this.findings.push(...hit.findings);
    for (const e of hit.envAt) {
      this.envAt.set(e[0], e[1]);
      this.envLog.push(e);
    }
    for (const e of hit.origins) {
      this.origin.set(e[0], e[1]);
      this.originLog.push(e);
    }
    return hit.value;
  }

  /** Substitutes a frozen value and keeps what it recorded, shared from now on like the input it came from. */
  private computeReplay(compute: () => Outcome): Replay {
    const [f0, e0, o0] = [this.findings.length, this.envLog.length, this.originLog.length];
    const value = compute();
    if (value !== DROPPED) deepFreeze(value);
    return { value, findings: this.findings.slice(f0), envAt: this.envLog.slice(e0), origins: this.originLog.slice(o0) };
  }

  mapping(o: JsonObject, path: string): JsonObject {
    // `server.auth.provider_config` whose type resolves empty is null, and not substituted.
    const pc = path === 'server.auth' ? o.provider_config : undefined;
    const authOff = isJsonObject(pc) && has(pc, 'type') && isEmpty(peekValue(pc.type, this.env, this.home));
    const keys = Object.keys(o);
    let out: JsonObject | undefined;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = o[k];
      const plain = v === null || typeof v !== 'object' ? typeof v !== 'string' || !v.includes('${env.') : false;
      const next = authOff && k === 'provider_config' ? null : plain ? v : this.value(v, path === '' ? k : `${path}.${k}`);
      if (out === undefined && next !== v) {
        out = {};
        for (let j = 0; j < i; j++) setOwn(out, keys[j], o[keys[j]]);
      }
      if (out !== undefined) setOwn(out, k, next);
    }
    return out ?? o;
  }

  list(items: JsonValue[], path: string): JsonValue[] {
    let out: JsonValue[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const at = `${path}[${i}]`;
      let v: Outcome;
      if (isJsonObject(item)) {
        const element = (): Outcome => (droppedEntry(item, this.env, this.home) ? DROPPED : this.mapping(item, at));
        v = Object.isFrozen(item) ? this.replayed(item, at, element) : element();
      } else {
        v = this.value(item, at);
      }
      if (isJsonObject(v)) {
        // The same mapping twice in a list gets its own copy, so each element has one origin.
        if (this.origin.has(v)) v = { ...v };
        // Where the element was written: its position in the result may differ once some are dropped.
        this.origin.set(v, at);
        this.originLog.push([v, at]);
      }
      if (out === undefined && v !== item) out = items.slice(0, i);
      if (out !== undefined && v !== DROPPED) out.push(v);
    }
    return out ?? items;
  }
}

/**
 * What a value resolves to, without recording anything (the server's look-ahead at ids), or
 * undefined when a bare reference is unset: the look-ahead raises, and the normal pass reports it.
 */
function peekValue(v: JsonValue, env: ContainerEnv, home: string): JsonValue | undefined {
  if (typeof v !== 'string' || !v.includes('${env.')) return v;
  const r = resolveString(v, env, home);
  if (r === undefined) return v;
  return r.missing.length > 0 ? undefined : r.value;
}

/** A list element the server drops before reading it: provider_id `__disabled__`, or an id field that resolves empty. */
function droppedEntry(item: JsonObject, env: ContainerEnv, home: string): boolean {
  if (has(item, 'provider_id') && peekValue(item.provider_id, env, home) === '__disabled__') return true;
  for (const f of ENV_SWITCHED_ID_FIELDS) if (has(item, f) && isEmpty(peekValue(item[f], env, home))) return true;
  return false;
}

function has(o: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

function isEmpty(v: JsonValue | undefined): boolean {
  return v === null || v === '';
}

/**
 * Substitutes env references in a parsed config as the server does at start-up. List positions
 * in the result's paths are those of the input document, so findings point at what was written.
 */
export function substituteEnv(config: JsonObject, env: ContainerEnv, home = '/'): SubstitutionResult {
  const s = new Substitution(env, home);
  const document = s.mapping(config, '');
  return { document, findings: s.findings, envAt: s.envAt, origin: s.origin };
}

/**
 * The `provider_id` a provider entry has once substituted, or undefined when the server drops
 * the entry (`__disabled__`, an id field that resolves empty): what `substituteEnv` would give,
 * without substituting the rest of the entry.
 */
export function substitutedProviderId(entry: JsonObject, env: ContainerEnv): JsonValue | undefined {
  if (droppedEntry(entry, env, '/') || !has(entry, 'provider_id')) return undefined;
  const id = entry.provider_id;
  // A string (or scalar) id needs no substitution state: only its value is asked for.
  if (typeof id === 'string') {
    const r = id.includes('${env.') ? resolveString(id, env, '/') : undefined;
    return r === undefined ? id : r.value;
  }
  if (id === null || typeof id !== 'object') return id;
  return new Substitution(env, '/').value(id, 'provider_id');
}
