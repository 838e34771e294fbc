import { ConfigProblem } from './errors';
import { isJsonObject, isPlainObject, JsonObject, JsonValue, newObject, setOwn } from './json';
import { childPath, indexPath, shortPath } from './path';

/** How deep user-supplied JSON (settings) may nest. */
export const MAX_JSON_DEPTH = 1000;

/**
 * Turns a user-supplied value into plain JSON, the way it would travel through the API server:
 * reports values JSON cannot hold (undefined in arrays, NaN, functions, class instances…)
 * instead of passing them on. Object keys are copied into prototype-free objects.
 */
export function toJsonValue(v: unknown, path: string, problems: ConfigProblem[], depth = 0, ancestors: object[] = []): JsonValue {
  // From the top: one walk that formats a path only for a problem (the same copy and problems).
  if (depth === 0 && ancestors.length === 0) return new PlainJsonWalk(path, problems, false).value(v, 0);
  if (depth > MAX_JSON_DEPTH) {
    problems.push({ path: shortPath(path), message: `nesting deeper than ${MAX_JSON_DEPTH} levels`, fix: 'flatten the value' });
    return null;
  }
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return v;
    problems.push({ path, message: `${v} is not a JSON number`, fix: 'use a finite number' });
    return null;
  }
  if (typeof v === 'object' && ancestors.includes(v)) {
    problems.push({ path: shortPath(path), message: 'refers back to an object that contains it (a cycle)', fix: 'pass a copy of the data, without cycles' });
    return null;
  }
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    ancestors.push(v);
    for (let i = 0; i < v.length; i++) out.push(toJsonValue(v[i], indexPath(path, i), problems, depth + 1, ancestors));
    ancestors.pop();
    return out;
  }
  if (isPlainObject(v)) {
    const out = newObject();
    ancestors.push(v);
    for (const k of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[k];
      if (item === undefined) continue; // as JSON.stringify drops it
      setOwn(out, k, toJsonValue(item, childPath(path, k), problems, depth + 1, ancestors));
    }
    ancestors.pop();
    return out;
  }
  problems.push({ path, message: `a value of type ${describe(v)} is not JSON`, fix: 'use strings, numbers, booleans, null, arrays and plain objects' });
  return null;
}

function describe(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'object';
  return typeof v;
}

/** A deep copy of JSON data (the operator's json.Marshal / json.Unmarshal copy of the base). */
export function deepCopy(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (isJsonObject(v)) {
    const out: JsonObject = newObject();
    for (const k of Object.keys(v)) setOwn(out, k, deepCopy(v[k]));
    return out;
  }
  return v;
}

/**
 * A deep copy of JSON data in ordinary objects (`JSON.parse` keeps keys such as `__proto__` as own
 * properties). For handing data to cdk8s, whose resolver mistakes a prototype-less `{name, value}`
 * (an env entry) for one of its IntOrString wrappers: it keeps only `{value}`, or fails.
 */
export function plainCopy<T>(v: T): T {
  if (v === undefined) return v;
  // JSON data (the usual case) is copied directly; anything JSON.stringify would change or
  // reject (functions, class instances, NaN, cycles…) takes the round trip, so the result and
  // the errors are the round trip's.
  const copy = copyJsonData(v, 0);
  return copy === NOT_PLAIN ? JSON.parse(JSON.stringify(v)) : copy as T;
}

const NOT_PLAIN = Symbol('not plain JSON data');
/** Deeper than this, the round trip decides (a cycle throws there as it always did). */
const PLAIN_COPY_DEPTH = 500;

function copyJsonData(v: unknown, depth: number): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? (v === 0 ? 0 : v) : NOT_PLAIN;
  if (typeof v !== 'object' || depth > PLAIN_COPY_DEPTH) return NOT_PLAIN;
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const item = copyJsonData(v[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[i] = item;
    }
    return out;
  }
  if (!isPlainObject(v) || 'toJSON' in v) return NOT_PLAIN;
  const out: { [key: string]: unknown } = {};
  for (const k of Object.keys(v)) {
    const raw = (v as { [key: string]: unknown })[k];
    if (raw === undefined) continue; // as JSON.stringify drops it
    const item = copyJsonData(raw, depth + 1);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (k === '__proto__') Object.defineProperty(out, k, { value: item, writable: true, enumerable: true, configurable: true });
    else out[k] = item;
  }
  return out;
}

/**
 * `plainCopy(toJsonValue(v, path, problems))` in one walk: the same copy (ordinary objects,
 * `-0` as `0`, `__proto__` an own key) and the same problems in the same order, but a problem's
 * path is formatted only when one is reported (the walk keeps the keys on a stack).
 */
export function toPlainJson(v: unknown, path: string, problems: ConfigProblem[]): JsonValue {
  const walk = new PlainJsonWalk(path, problems, true);
  return walk.value(v, 0);
}

class PlainJsonWalk {
  private readonly keys: (string | number)[] = [];
  private readonly ancestors: object[] = [];
  /**
   * `plain`: ordinary objects and no `-0`, as after `plainCopy`; else prototype-free objects and
   * numbers as given, as `toJsonValue` makes them.
   */
  constructor(private readonly root: string, private readonly problems: ConfigProblem[], private readonly plain: boolean) {}

  value(v: unknown, depth: number): JsonValue {
    if (depth > MAX_JSON_DEPTH) {
      this.problems.push({ path: shortPath(this.path()), message: `nesting deeper than ${MAX_JSON_DEPTH} levels`, fix: 'flatten the value' });
      return null;
    }
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) return this.plain && v === 0 ? 0 : v; // JSON has no -0
      this.problems.push({ path: this.path(), message: `${v} is not a JSON number`, fix: 'use a finite number' });
      return null;
    }
    if (typeof v === 'object' && this.ancestors.includes(v)) {
      this.problems.push({ path: shortPath(this.path()), message: 'refers back to an object that contains it (a cycle)', fix: 'pass a copy of the data, without cycles' });
      return null;
    }
    if (Array.isArray(v)) {
      const out: JsonValue[] = [];
      this.ancestors.push(v);
      for (let i = 0; i < v.length; i++) {
        this.keys.push(i);
        out.push(this.value(v[i], depth + 1));
        this.keys.pop();
      }
      this.ancestors.pop();
      return out;
    }
    if (isPlainObject(v)) {
      const out: JsonObject = this.plain ? {} : newObject();
      this.ancestors.push(v);
      for (const k of Object.keys(v)) {
        const item = (v as Record<string, unknown>)[k];
        if (item === undefined) continue; // as JSON.stringify drops it
        this.keys.push(k);
        const value = this.value(item, depth + 1);
        this.keys.pop();
        setOwn(out, k, value);
      }
      this.ancestors.pop();
      return out;
    }
    this.problems.push({ path: this.path(), message: `a value of type ${describe(v)} is not JSON`, fix: 'use strings, numbers, booleans, null, arrays and plain objects' });
    return null;
  }

  private path(): string {
    let p = this.root;
    for (const k of this.keys) p = typeof k === 'number' ? indexPath(p, k) : childPath(p, k);
    return p;
  }
}
