/**
 * A config a generation writes (a server target's or the operator pipeline's) starts as a
 * shallow copy of its base config, which is parsed once per text and shared, frozen, by every
 * generation (yaml/parse.ts; an app may build thousands). Stages read it freely and
 * write through these helpers, which copy a frozen mapping or list into its
 * (already writable) parent before it is changed. What no stage changed stays the shared base
 * object, so later walks can reuse per-object work (frozen means it can never change). A write
 * that bypasses them fails loudly (a TypeError in strict mode), never silently changes the base.
 */
import { getOwn, isJsonObject, JsonObject, JsonValue, newObject, setOwn } from './json';

/** The list at `key`, for reading (frozen when it is the base's): `[]` when there is none. */
export function listOf(config: JsonObject, key: string): JsonValue[] {
  const v = getOwn(config, key);
  return Array.isArray(v) ? v : [];
}

/** The mapping at `key`, writable: a frozen one is copied into `config`; none is created empty. */
export function mapOf(config: JsonObject, key: string): JsonObject {
  const v = getOwn(config, key);
  if (isJsonObject(v) && !Object.isFrozen(v)) return v;
  const writable = isJsonObject(v) ? shallowCopy(v) : newObject();
  setOwn(config, key, writable);
  return writable;
}

/** The mapping at `key`, writable, or undefined when there is none (nothing is created). */
export function writableMapping(config: JsonObject, key: string): JsonObject | undefined {
  return isJsonObject(getOwn(config, key)) ? mapOf(config, key) : undefined;
}

/** The list at `key`, writable, or undefined when there is none (nothing is created). */
export function writableList(config: JsonObject, key: string): JsonValue[] | undefined {
  const v = getOwn(config, key);
  if (!Array.isArray(v)) return undefined;
  if (!Object.isFrozen(v)) return v;
  const writable = [...v];
  setOwn(config, key, writable);
  return writable;
}

/** A new writable mapping with the same own keys and values, in the same order (values shared). */
export function shallowCopy(obj: JsonObject): JsonObject {
  const out = newObject();
  for (const k of Object.keys(obj)) setOwn(out, k, obj[k]);
  return out;
}
