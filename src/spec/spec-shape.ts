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
 * The key is the JSON of that copy. It is taken of a spec past the input boundary only (the
 * planner's: a snapshot of the props, or a spec built from them), which is plain JSON data: JSON
 * text shows every value as the check reads it, but for a key whose value is undefined, which
 * JSON and the check both take as absent (`mapOf` counts only defined keys).
 */
import { setBounded } from '../core/bounded-map';
import { urlCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { validateSpec, ValidateSpecOptions } from '../spec/validate-spec';

/** Stands in for a value that passes the tests above (a value equal to it passes them too). */
const OPAQUE = '\u0000';

/** Keys of specs checked without a problem. */
const CLEAN = new Map<string, true>();
const CLEAN_MAX = 256;

/**
 * The problems `validateSpec` finds in a spec past the input boundary; without a run of it when a
 * spec of the same shape had none.
 */
export function specProblems(spec: LlamaStackDistributionSpec, options: ValidateSpecOptions): ConfigProblem[] {
  const key = JSON.stringify([shapeOf(spec), options]);
  if (CLEAN.has(key)) return [];
  const problems = validateSpec(spec, options);
  if (problems.length === 0) setBounded(CLEAN, key, true, CLEAN_MAX);
  return problems;
}

function opaque(v: unknown, url: boolean): unknown {
  return typeof v === 'string' && v !== '' && (!url || urlCredentials(v) === undefined) ? OPAQUE : v;
}

/** A copy of the parts of `spec` that hold opaque values, with a placeholder for each. */
function shapeOf(spec: LlamaStackDistributionSpec): unknown {
  if (!isObject(spec)) return spec;
  const out: Record<string, unknown> = { ...spec };
  const providers = spec.providers;
  if (isObject(providers)) {
    const lists: Record<string, unknown> = { ...providers };
    for (const field of Object.keys(lists)) {
      const list = lists[field];
      if (Array.isArray(list)) lists[field] = list.map((p) => (isObject(p) && typeof p.endpoint === 'string' ? { ...p, endpoint: opaque(p.endpoint, true) } : p));
    }
    out.providers = lists;
  }
  const resources = spec.resources;
  if (isObject(resources) && Array.isArray(resources.models)) {
    out.resources = {
      ...resources,
      models: resources.models.map((m: unknown) => (typeof m === 'string' ? opaque(m, false) : isObject(m) && typeof m.name === 'string' ? { ...m, name: opaque(m.name, false) } : m)),
    };
  }
  const networking = spec.networking;
  if (isObject(networking) && isObject(networking.expose) && typeof networking.expose.hostname === 'string') {
    out.networking = { ...networking, expose: { ...networking.expose, hostname: opaque(networking.expose.hostname, false) } };
  }
  return out;
}
