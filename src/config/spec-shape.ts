/**
 * The spec check (validate-spec.ts) once per shape (issue 20): specs that differ only in values
 * the check reads as "a non-empty string" (an endpoint also as "a URL without credentials") share
 * its verdict when it found no problem.
 *
 * What the check reads of those values (validate-spec.ts, credential-scan.ts, struct-check.ts):
 * - `providers.<list>[i].endpoint`: `str()` (a string) and `providerCredentialRules`
 *   (`urlCredentials`: a password or a credential query parameter);
 * - `resources.models[i]` written as a string, or its `name`: `str({ minLength: 1 })`;
 * - `networking.expose.hostname`: `str()` and `nonEmptyIfSet('hostname')`.
 * No rule compares them with another value or counts them, and a message quotes a value only at
 * its own path. So a spec with any of them replaced by another value passing the same tests has
 * the same problems: the key holds a placeholder in their place.
 *
 * The key is the JSON of that copy; it exists only for plain JSON data (the planner's snapshots),
 * where JSON text and the check see the same values: a key that is not undefined in an object is
 * dropped by both (`mapOf` counts only defined keys), anything else JSON would change (undefined
 * in a list, NaN, a Date, a class instance, a function) means no key and a full check.
 */
import { validateSpec, ValidateSpecOptions } from './validate-spec';
import { setBounded } from '../core/bounded-map';
import { urlCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';

/** Stands in for a value that passes the tests above (a value equal to it passes them too). */
const OPAQUE = '\u0000';

/** Keys of specs checked without a problem. */
const CLEAN = new Map<string, true>();
const CLEAN_MAX = 256;

/** Thrown (and caught) where JSON text would not be the value the check reads. */
const NOT_PLAIN = new Error('not plain JSON');

/**
 * The problems `validateSpec` finds in a snapshot spec; without a run of it when a spec of the same
 * shape had none.
 */
export function specProblems(spec: unknown, options: ValidateSpecOptions): ConfigProblem[] {
  const key = shapeKey(spec, options);
  if (key !== undefined && CLEAN.has(key)) return [];
  const problems = validateSpec(spec, options);
  if (key !== undefined && problems.length === 0) setBounded(CLEAN, key, true, CLEAN_MAX);
  return problems;
}

/** The spec's shape with the options, as text; undefined when it is not plain JSON. */
export function shapeKey(spec: unknown, options: ValidateSpecOptions): string | undefined {
  try {
    return JSON.stringify([shapeOf(spec), options], plainOnly);
  } catch (e) {
    if (e === NOT_PLAIN) return undefined;
    throw e;
  }
}

function plainOnly(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  switch (typeof original) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(original)) return value;
      throw NOT_PLAIN;
    case 'undefined':
      // Dropped from an object, by JSON and by the check alike; in a list JSON writes null.
      if (Array.isArray(this)) throw NOT_PLAIN;
      return value;
    case 'object':
      if (original === null || Array.isArray(original)) return value;
      plain(original);
      return value;
    default:
      throw NOT_PLAIN;
  }
}

/** `o` when JSON writes what it holds: an ordinary object without `toJSON`. */
function plain<T extends object>(o: T): T {
  const proto = Object.getPrototypeOf(o);
  if ((proto !== Object.prototype && proto !== null) || typeof (o as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
  return o;
}

function opaque(v: unknown, url: boolean): unknown {
  return typeof v === 'string' && v !== '' && (!url || urlCredentials(v) === undefined) ? OPAQUE : v;
}

/** A copy of the parts of `spec` that hold opaque values, with a placeholder for each (copies only of plain objects). */
function shapeOf(spec: unknown): unknown {
  if (!isObject(spec)) return spec;
  const out: Record<string, unknown> = { ...plain(spec) };
  const providers = spec.providers;
  if (isObject(providers)) {
    const lists: Record<string, unknown> = { ...plain(providers) };
    for (const field of Object.keys(lists)) {
      const list = lists[field];
      if (Array.isArray(list)) lists[field] = list.map((p) => (isObject(p) && typeof p.endpoint === 'string' ? { ...plain(p), endpoint: opaque(p.endpoint, true) } : p));
    }
    out.providers = lists;
  }
  const resources = spec.resources;
  if (isObject(resources) && Array.isArray(resources.models)) {
    out.resources = {
      ...plain(resources),
      models: resources.models.map((m: unknown) => (typeof m === 'string' ? opaque(m, false) : isObject(m) && typeof m.name === 'string' ? { ...plain(m), name: opaque(m.name, false) } : m)),
    };
  }
  const networking = spec.networking;
  if (isObject(networking) && isObject(networking.expose) && typeof networking.expose.hostname === 'string') {
    out.networking = { ...plain(networking), expose: { ...plain(networking.expose), hostname: opaque(networking.expose.hostname, false) } };
  }
  return out;
}
