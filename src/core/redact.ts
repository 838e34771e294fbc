/**
 * The redaction rule: error text never quotes a value given in a secret-bearing position. Such a
 * value is described by its type and length instead ("a string of 24 characters"). Other values
 * are quoted short and escaped (quote.ts).
 *
 * Secret-bearing positions: anything under `secretRefs` (and `apiKey`, `password`,
 * `connectionString`: the spec's Secret references), config keys and env var names that name a
 * credential (credential-keys.ts), the arguments of `SecretRef`, auth secrets, and URLs that
 * carry credentials (a user-info password, a credential query parameter). Pure.
 */
import { isCredentialKey, urlCredentials } from './credential-keys';
import { quoteValue } from './quote';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A value described by its type and size, never its content: `a string of 24 characters`, `an
 * integer`, `a list of 2 items`, `an object of class InferenceProvider`. Never throws.
 */
export function describeSecretValue(v: unknown): string {
  try {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string': return v.length === 0 ? 'an empty string' : `a string of ${plural(v.length, 'character', 'characters')}`;
      case 'number': return Number.isFinite(v) ? (Number.isInteger(v) ? 'an integer' : 'a fractional number') : 'a number that is not finite';
      case 'bigint': return 'a BigInt';
      case 'boolean': return 'a boolean';
      case 'undefined': return 'nothing';
      case 'symbol': return 'a Symbol';
      case 'function': return 'a function';
    }
    if (Array.isArray(v)) return `a list of ${plural(v.length, 'item', 'items')}`;
    const name = Object.getPrototypeOf(v)?.constructor?.name;
    return typeof name === 'string' && name !== 'Object' && /^[A-Za-z_$][\w$]{0,60}$/.test(name) ? `an object of class ${name}` : 'an object';
  } catch {
    return 'a value that cannot be shown'; // a Proxy whose traps throw
  }
}

/** Spec fields that hold Secret references (`{name, key}`), by name. */
const SECRET_REF_FIELDS = ['apiKey', 'secretRefs', 'password', 'connectionString', 'jwksToken', 'clientSecret'];

/** The segments of a field path: `a.b[0]["c d"]` → `a`, `b`, `0`, `c d`. */
function segments(path: string): string[] {
  const out: string[] = [];
  const re = /\[("(?:[^"\\]|\\.)*")\]|\[(\d+)\]|\(([^)]*)\)|([^.[\]()]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) {
      try {
        out.push(JSON.parse(m[1]));
      } catch {
        out.push(m[1]);
      }
    } else {
      out.push(m[2] ?? m[3] ?? m[4]);
    }
  }
  return out;
}

/**
 * True when a value found at `path` is secret-bearing: a segment is a Secret reference field
 * (`apiKey`, `secretRefs`, `password`, `connectionString`…) or a config key that names a credential.
 */
export function isSecretPath(path: string): boolean {
  if (typeof path !== 'string') return false;
  return segments(path).some((s) => SECRET_REF_FIELDS.includes(s) || isCredentialKey(s));
}

/**
 * A URL (or any value) for a message. One that carries credentials is described (`a URL of 40
 * characters with a password in it (not shown)`); so is a string without a `scheme://`, which in
 * a URL field is as likely an API key pasted one field off as a typo (`a string of 24 characters
 * without a scheme:// (not shown)`). Any other value is quoted short and escaped.
 */
export function quoteUrl(v: unknown): string {
  if (typeof v !== 'string') return quoteValue(v);
  const creds = urlCredentials(v);
  if (creds !== undefined) {
    return `a URL of ${plural(v.length, 'character', 'characters')} with ${creds === 'password' ? 'a password' : 'a credential query parameter'} in it (not shown)`;
  }
  if (!/^\s*[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\//.test(v)) return `${describeSecretValue(v)} without a scheme:// (not shown)`;
  return quoteValue(v);
}
