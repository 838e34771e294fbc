/**
 * Env var names for secret references: `LLSD_<ID>_<FIELD>`.
 *
 * Deliberate deviation: the operator only replaces `-`, which turns the id `remote::vllm` into
 * `LLSD_REMOTE::VLLM_API_KEY`, a name Kubernetes and `${env.X}` substitution reject. We upper-case
 * ASCII letters and turn every other character outside `[A-Z0-9_]` into `_`.
 */
import { setBounded } from '../core/frozen-memo';
/** Provider ids and field names repeat across specs: each is formatted once (bounded memo). */
const ENV_SEGMENTS = new Map<string, string>();
const ENV_SEGMENTS_MAX = 4096;

export function envSegment(s: string): string {
  let out = ENV_SEGMENTS.get(s);
  if (out === undefined) {
    out = /^[A-Z0-9_]*$/.test(s) ? s : s.replace(/[a-z]/g, (c) => c.toUpperCase()).replace(/[^A-Z0-9_]/gu, '_');
    setBounded(ENV_SEGMENTS, s, out, ENV_SEGMENTS_MAX);
  }
  return out;
}


/** `LLSD_<ID>_<FIELD>` for a provider secret. */
export function providerEnvName(providerId: string, field: string): string {
  return `LLSD_${envSegment(providerId)}_${envSegment(field)}`;
}

/** `LLSD_<ID>_HEADER_<NAME>` for a provider's Secret-backed header (`network.secretHeaders`). */
export function providerHeaderEnvName(providerId: string, header: string): string {
  return providerEnvName(providerId, `HEADER_${header}`);
}

/** The `${env.NAME}` placeholder the config refers to the secret by. */
export function envPlaceholder(name: string): string {
  return `\${env.${name}}`;
}

export const STORAGE_KV_PASSWORD_ENV = 'LLSD_STORAGE_KV_PASSWORD';
export const STORAGE_SQL_CONNECTION_STRING_ENV = 'LLSD_STORAGE_SQL_CONNECTION_STRING';
export const STORAGE_SQL_PASSWORD_ENV = 'LLSD_STORAGE_SQL_PASSWORD';
export const STORAGE_VECTOR_STORES_PASSWORD_ENV = 'LLSD_STORAGE_VECTOR_STORES_PASSWORD';

/** Byte-wise (UTF-8, i.e. code point) string order, as Go's sort.Strings. */
export function compareBytewise(a: string, b: string): number {
  // Where the first differing UTF-16 unit of both is below the surrogates, it is the first
  // differing code point of both (the units before it are equal, and no surrogate pair is split).
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    break;
  }
  return compareCodePoints(a, b);
}

function compareCodePoints(a: string, b: string): number {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < Math.min(ar.length, br.length); i++) {
    const d = ar[i].codePointAt(0)! - br[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ar.length - br.length;
}
