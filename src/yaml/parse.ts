/**
 * Reads a base config as the operator does (`sigs.k8s.io/yaml.Unmarshal` into a map): go-yaml v2
 * YAML 1.1 scalars (yes/on/y are booleans, 0755 is octal, timestamps stay strings), anchors,
 * aliases and `<<` merges resolved, non-string keys turned into strings, every number a float64.
 *
 * The `yaml` package supplies the syntax tree; the meaning of each scalar is ours.
 */
import * as YAML from 'yaml';
import { formatGoFloat32 } from './go-number';
import { resolvePlain, Resolved } from './yaml11-resolve';
import { deepFreeze, getOwn, JsonObject, JsonValue, newObject, setOwn } from '../core/json';
import { deepCopy } from '../core/json-convert';

/** Deepest nesting accepted (the JSON step of the operator would choke long before). */
export const MAX_DEPTH = 1000;
/** Most nodes an alias-heavy document may expand to (guards against "billion laughs"). */
export const MAX_NODES = 2_000_000;

/** A parse failure, worded like the operator's. */
export class YamlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YamlReadError';
    Object.setPrototypeOf(this, YamlReadError.prototype);
  }
}

const TAG_PREFIX = 'tag:yaml.org,2002:';
const TAG_KIND: { [tag: string]: Resolved['kind'] } = {
  int: 'int', float: 'float', bool: 'bool', null: 'null', timestamp: 'timestamp',
};

/**
 * Turns the syntax tree into JSON values. Anchors are tracked in document order (an alias names
 * the latest anchor before it); an aliased node is converted once and its size counted at every
 * use, so alias bombs stop at MAX_NODES quickly.
 */
class Reader {
  private nodes = 0;
  private readonly anchors = new Map<string, unknown>();
  private readonly converted = new Map<unknown, { value: JsonValue; size: number }>();

  value(node: unknown, depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw new YamlReadError(`yaml: exceeded max depth of ${MAX_DEPTH}`);
    if (node === null || node === undefined) return this.count(1, null);
    if (YAML.isAlias(node)) return this.alias(node, depth);
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) this.anchors.set(anchor, node);
    const before = this.nodes;
    let value: JsonValue;
    if (YAML.isScalar(node)) value = this.count(1, scalarValue(node));
    else if (YAML.isMap(node)) value = this.mapping(node, depth);
    else if (YAML.isSeq(node)) value = node.items.map((item) => this.value(item, depth + 1));
    else throw new YamlReadError('yaml: unsupported node');
    if (anchor) this.converted.set(node, { value, size: this.nodes - before });
    return value;
  }

  private count<T extends JsonValue>(n: number, value: T): T {
    this.nodes += n;
    if (this.nodes > MAX_NODES) throw new YamlReadError('yaml: document is too large after expanding aliases');
    return value;
  }

  private target(alias: YAML.Alias): unknown {
    const node = this.anchors.get(alias.source);
    if (node === undefined) throw new YamlReadError(`yaml: unknown anchor '${alias.source}' referenced`);
    return node;
  }

  private alias(alias: YAML.Alias, depth: number): JsonValue {
    const node = this.target(alias);
    const done = this.converted.get(node);
    // An alias inside its own anchor's node (a cycle) has no converted value yet.
    if (!done) throw new YamlReadError(`yaml: anchor '${alias.source}' value contains itself`);
    if (depth > MAX_DEPTH) throw new YamlReadError(`yaml: exceeded max depth of ${MAX_DEPTH}`);
    return this.count(done.size, done.value);
  }

  private mapping(node: YAML.YAMLMap, depth: number): JsonObject {
    const out = this.count(1, newObject());
    for (const pair of node.items) {
      const key = YAML.isAlias(pair.key) ? this.target(pair.key) : pair.key;
      if (isMergeKey(key)) {
        this.merge(pair.value, out, depth);
        continue;
      }
      setOwn(out, keyString(key), this.value(pair.value, depth + 1));
    }
    return out;
  }

  /** `<<`: copy the keys of one map, or of a list of maps where earlier maps win. */
  private merge(node: unknown, out: JsonObject, depth: number): void {
    const sources = YAML.isSeq(node) ? [...node.items].reverse() : [node];
    for (const source of sources) {
      const map = YAML.isAlias(source) ? this.target(source) : source;
      if (!YAML.isMap(map)) throw new YamlReadError('yaml: map merge requires map or sequence of maps as the value');
      const merged = this.value(source, depth + 1) as JsonObject;
      for (const k of Object.keys(merged)) setOwn(out, k, getOwn(merged, k)!);
    }
  }
}

function isMergeKey(key: unknown): boolean {
  return YAML.isScalar(key) && key.type === 'PLAIN' && key.tag === undefined && key.value === '<<';
}

/** The meaning of a scalar node, as go-yaml v2 decodes it into interface{}. */
function resolveScalar(node: YAML.Scalar): Resolved {
  const text = String(node.value ?? '');
  const tag = node.tag;
  if (tag === undefined) return node.type === 'PLAIN' ? resolvePlain(text) : { kind: 'str' };
  if (!tag.startsWith(TAG_PREFIX)) return { kind: 'str' };
  if (tag === `${TAG_PREFIX}binary`) return { kind: 'str' };
  const want = TAG_KIND[tag.slice(TAG_PREFIX.length)];
  if (want === undefined) return { kind: 'str' };
  const got = resolvePlain(text);
  if (got.kind === want) return got;
  if (want === 'float' && got.kind === 'int') return { kind: 'float', value: Number(got.value) };
  throw new YamlReadError(`yaml: cannot decode !!${got.kind} \`${text}\` as a !!${want}`);
}

function scalarValue(node: YAML.Scalar): JsonValue {
  const r = resolveScalar(node);
  switch (r.kind) {
    case 'null': return null;
    case 'bool': return r.value;
    case 'int': return Number(r.value);
    case 'float':
      if (!Number.isFinite(r.value)) throw new YamlReadError(`json: unsupported value: ${r.value > 0 ? '+Inf' : r.value < 0 ? '-Inf' : 'NaN'}`);
      return r.value;
    default:
      // !!binary is base64 text that go-yaml decodes to the bytes it stands for.
      if (node.tag === `${TAG_PREFIX}binary`) return Buffer.from(String(node.value ?? '').replace(/\s+/g, ''), 'base64').toString('utf8');
      return String(node.value ?? '');
  }
}

/** sigs.k8s.io/yaml turns non-string keys into strings; other key types are errors. */
function keyString(key: unknown): string {
  if (key === null || key === undefined) throw new YamlReadError('unsupported map key of type: <nil>');
  if (!YAML.isScalar(key)) throw new YamlReadError('yaml: invalid map key: a collection cannot be a key');
  const r = resolveScalar(key);
  switch (r.kind) {
    case 'null': throw new YamlReadError('unsupported map key of type: <nil>');
    case 'bool': return String(r.value);
    case 'int':
      if (r.value >= 2n ** 63n) throw new YamlReadError(`unsupported map key of type: uint64, key: ${r.value}`);
      return r.value.toString();
    case 'float': return formatGoFloat32(r.value);
    default: return String(key.value ?? '');
  }
}

/** What the top level decoded to, for the "cannot unmarshal X into map" message. */
function goJsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

const CACHE_LIMIT = 256;

/** A text that failed to parse, cached as its message (it fails the same way every time). */
class ReadFailure {
  constructor(public readonly message: string) {}
}

/** Per distinct text: the parsed map, null for an empty document, or how it failed. */
const cache = new Map<string, JsonObject | null | ReadFailure>();

/**
 * Parses base config text into a map, or `null` for an empty document (as Go leaves the map nil).
 * Throws `YamlReadError` with the operator's wording. The result is the caller's to change.
 */
export function readBaseConfig(text: string): JsonObject | null {
  const shared = readBaseConfigShared(text);
  return shared === null ? null : deepCopy(shared) as JsonObject;
}

/**
 * Like `readBaseConfig`, but cached by text (many distributions share one base config, and a
 * text that does not parse is not parsed again), shared and frozen: callers write into copies
 * (core/writable-json.ts), and work keyed on its frozen parts can be reused.
 */
export function readBaseConfigShared(text: string): JsonObject | null {
  const read = readBaseConfigSharedOutcome(text);
  if ('error' in read) throw new YamlReadError(read.error);
  return read.value;
}

/** `readBaseConfig` that returns the reader's message (the operator's wording) instead of throwing it; the map is the caller's. */
export function readBaseConfigOutcome(text: string): BaseConfigRead {
  const read = readBaseConfigSharedOutcome(text);
  return 'error' in read || read.value === null ? read : { value: deepCopy(read.value) as JsonObject };
}

/** What a base config text reads to: the map (`null` for an empty document), or the reader's message. */
export type BaseConfigRead = { readonly value: JsonObject | null } | { readonly error: string };

/** `readBaseConfigShared` that returns the reader's message (the operator's wording) instead of throwing it. */
export function readBaseConfigSharedOutcome(text: string): BaseConfigRead {
  let entry = cache.get(text);
  if (entry === undefined) {
    try {
      entry = deepFreeze(readUncached(text));
    } catch (e) {
      if (!(e instanceof YamlReadError)) throw e;
      entry = new ReadFailure(e.message);
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(text, entry);
  }
  return entry instanceof ReadFailure ? { error: entry.message } : { value: entry };
}

/** JSON text is YAML too; JSON.parse reads it to the same values, much faster. */
function readJsonFast(text: string): JsonValue | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function readUncached(text: string): JsonObject | null {
  const fast = readJsonFast(text);
  if (fast !== undefined && fast !== null && typeof fast === 'object' && !Array.isArray(fast)) {
    if (depthExceeds(fast, MAX_DEPTH)) throw new YamlReadError(`failed to parse base config: error converting YAML to JSON: yaml: exceeded max depth of ${MAX_DEPTH}`);
    if (!hasNonFinite(fast)) return fast;
  }
  let value: JsonValue;
  try {
    const docs = YAML.parseAllDocuments(text, {
      version: '1.1', schema: 'failsafe', uniqueKeys: false, prettyErrors: false, keepSourceTokens: false,
    });
    const doc = Array.isArray(docs) ? docs[0] : undefined;
    if (!doc) return null;
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      const line = e.linePos?.[0]?.line;
      const detail = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      throw new YamlReadError(`error converting YAML to JSON: yaml: ${line ? `line ${line}: ` : ''}${detail}`);
    }
    value = new Reader().value(doc.contents, 0);
  } catch (e) {
    if (e instanceof YamlReadError) throw prefixed(e);
    // Stack exhaustion or any other failure inside the YAML library is still bad input.
    throw new YamlReadError(`failed to parse base config: error converting YAML to JSON: yaml: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new YamlReadError(`failed to parse base config: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goJsonKind(value)} into Go value of type map[string]interface {}`);
  }
  return value;
}

function depthExceeds(v: JsonValue, budget: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (budget <= 0) return true;
  const children = Array.isArray(v) ? v : Object.keys(v).map((k) => v[k]);
  return children.some((c) => depthExceeds(c, budget - 1));
}

function hasNonFinite(v: JsonValue): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (Array.isArray(v)) return v.some(hasNonFinite);
  if (v !== null && typeof v === 'object') return Object.keys(v).some((k) => hasNonFinite(v[k]));
  return false;
}

function prefixed(e: YamlReadError): YamlReadError {
  const msg = e.message.startsWith('error converting') ? e.message : `error converting YAML to JSON: ${e.message}`;
  return new YamlReadError(`failed to parse base config: ${msg}`);
}
