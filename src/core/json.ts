/** A JSON value: what a config is made of once parsed (numbers are float64, as in Go's encoding/json). */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object with string keys. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(v: unknown): v is JsonObject {
  return isObject(v);
}

/** Own-property lookup that ignores the prototype (keys such as `__proto__` or `constructor`). */
export function getOwn(obj: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Sets a key as an own data property, even for `__proto__`. */
export function setOwn(obj: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/**
 * Freezes a value and everything in it (what is already frozen is taken as frozen through), and
 * returns it: shared data (parsed base configs, their substituted parts) that nothing may change.
 */
export function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
}

/**
 * A new empty object without a prototype, so any key is an ordinary key. Made as `{}` with its
 * prototype removed rather than `Object.create(null)`: the same object, but V8 keeps it in fast
 * (shape-based) mode, where `Object.create(null)` starts in dictionary mode, which makes every
 * later read, `Object.keys` and `for…in` (the config's whole life, the YAML writer above all) slower.
 */
export function newObject(): JsonObject {
  return Object.setPrototypeOf({}, null) as JsonObject;
}

/** True for an object that is not an array or null (a JSON object, or a record of options). */
export function isObject(v: unknown): v is { [key: string]: any } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Set, in the API server's sense: `null` counts as absent. */
export function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** Own property `key` is set (not undefined, not null): CEL `has()`, as the API server prunes nulls. */
export function hasOwnValue(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key) && present((o as { [key: string]: unknown })[key]);
}

/** A plain object, also one made in another realm (vm contexts, structuredClone under jest). */
export function isPlainObject(v: unknown): v is object {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
