/** The base config's `version`: present, a number, and (truncated to an integer) 2. */
import { ConfigProblem } from '../../core/errors';
import { getOwn, JsonObject, JsonValue } from '../../core/json';

export const SUPPORTED_CONFIG_VERSION = 2;

function goTypeName(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'object') return 'map[string]interface {}';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** Go's int(float64): truncation; out of range gives the minimum int64 on amd64. */
function goInt(v: number): string {
  const t = Math.trunc(v);
  return Math.abs(t) < 2 ** 63 ? BigInt(t).toString() : '-9223372036854775808';
}

/** The detected version, or the problem with the operator's message (returned, never thrown). */
export function detectConfigVersion(config: JsonObject | null): { readonly version: number } | { readonly problems: ConfigProblem[] } {
  const v = config === null ? undefined : getOwn(config, 'version');
  if (v === undefined) {
    return versionProblem("config.yaml missing required 'version' field", 'add version: 2 at the top of the base config');
  }
  if (typeof v !== 'number') {
    return versionProblem(`failed to parse config.yaml version: unexpected type ${goTypeName(v)}`, 'write the version as a number: version: 2');
  }
  const n = goInt(v);
  if (n !== String(SUPPORTED_CONFIG_VERSION)) {
    return versionProblem(`failed to validate config version: version ${n} is not supported (expected ${SUPPORTED_CONFIG_VERSION})`, 'use a base config with version: 2');
  }
  return { version: SUPPORTED_CONFIG_VERSION };
}

function versionProblem(message: string, fix: string): { readonly problems: ConfigProblem[] } {
  return { problems: [{ path: 'baseConfig.version', message, fix }] };
}
