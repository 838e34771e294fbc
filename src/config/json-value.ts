/** A JSON value: what a config is made of once parsed (numbers are float64, as in Go's encoding/json). */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object with string keys. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** A new empty object without a prototype, so any key is an ordinary key. */
export function newObject(): JsonObject {
  return Object.create(null) as JsonObject;
}
