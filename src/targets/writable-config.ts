/**
 * The config a generation writes starts as the distribution's base config, which is parsed once
 * per release and shared, frozen, by every generation (an app may build thousands). Stages read
 * it freely and write through these helpers, which copy a frozen mapping or list into its
 * (already writable) parent before it is changed. What no stage changed stays the shared base
 * object, so later walks can reuse per-object work (frozen means it can never change). A write
 * that bypasses them fails loudly (a TypeError in strict mode), never silently changes the base.
 */
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';

export { deepFreeze } from '../core/json';

/** The list at `key`, for reading (frozen when it is the base's): `[]` when there is none. */
export function listOf(config: JsonObject, key: string): JsonValue[] {
  const v = getOwn(config, key);
  return Array.isArray(v) ? v : [];
}

/** The mapping at `key`, writable: a frozen one is copied into `config`; none is created empty. */
export function mapOf(config: JsonObject, key: string): JsonObject {
  const v = getOwn(config, key);
  if (isJsonObject(v)) return Object.isFrozen(v) ? (config[key] = { ...v }) as JsonObject : v;
  const fresh: JsonObject = {};
  config[key] = fresh;
  return fresh;
}

/** The mapping at `key`, writable, or undefined when there is none (nothing is created). */
export function writableMapping(config: JsonObject, key: string): JsonObject | undefined {
  return isJsonObject(getOwn(config, key)) ? mapOf(config, key) : undefined;
}

/** The list at `key`, writable, or undefined when there is none (nothing is created). */
export function writableList(config: JsonObject, key: string): JsonValue[] | undefined {
  const v = getOwn(config, key);
  if (!Array.isArray(v)) return undefined;
  return Object.isFrozen(v) ? (config[key] = [...v]) as JsonValue[] : v;
}

