/**
 * Field paths in problems: `spec.providers.inference[1].settings["x-y"]`. One rule for every
 * layer, so a path a user wrote reads the same whichever check reports it, and a key of any
 * length (a 1 MB key is input too) keeps the path short.
 */
import { credentialInText } from './credential-keys';

/** Characters of a key shown in a path before it is cut with an ellipsis. */
export const KEY_MAX = 80;

/**
 * `a.b` for identifier-like keys, `a["x-y"]` otherwise (the key escaped as JSON, cut after KEY_MAX
 * characters); a key that looks like a credential is described instead.
 */
export function childPath(path: string, key: string): string {
  // A key that looks like a credential (a token pasted as a map key) is described, never shown.
  if (credentialInText(key) !== undefined) return `${path}[<a key of ${key.length} characters that looks like a credential, not shown>]`;
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && key.length <= KEY_MAX) return `${path}.${key}`;
  return `${path}[${JSON.stringify(key.length > KEY_MAX ? `${key.slice(0, KEY_MAX)}…` : key)}]`;
}

/** `a[3]`: the path of a list item. */
export function indexPath(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** A path of deeply nested data, cut in the middle so a problem stays one readable line. */
export function shortPath(path: string): string {
  return path.length <= 200 ? path : `${path.slice(0, 100)}…${path.slice(-60)}`;
}

/** `where(option)`: the path of a factory's option, e.g. `ServerAuth.oauth2Jwks(jwksUri)`. */
export function optionPath(where: string, option: string): string {
  return `${where}(${option})`;
}
