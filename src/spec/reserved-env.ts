/**
 * Env vars the Deployment sets itself, which a user env var must not shadow: Kubernetes lets the
 * last entry of a repeated name win, and the user's come last, so the generated value (the config
 * path, the port, a Secret reference…) would silently be lost. Pure.
 */
import { ConfigProblem } from '../core/errors';

/** An env var the Deployment generates, and what to use instead of setting it. */
export interface GeneratedEnvVar {
  readonly name: string;
  /** The prop (or spec field) that controls it, for the fix. */
  readonly fix: string;
}

/** Secret references (`LLSD_<ID>_<FIELD>`): every name with this prefix is the library's. */
export const RESERVED_ENV_PREFIX = 'LLSD_';

/** The config path the server image's entrypoint runs: always set. */
export const RUN_CONFIG_PATH_ENV = 'RUN_CONFIG_PATH';

const PREFIX_FIX = 'remove it: LLSD_ names are the Secret references the library generates; give secrets with apiKey or secretRefs ({name, key}), and other settings under another name';
const RUN_CONFIG_FIX = 'remove it: the server runs the generated config from there; to run a config of your own, use spec.overrideConfig or overrideConfigYaml';

/**
 * One problem per user env var (`env`, the `spec.workload.overrides.env` list at `path`) that has
 * an `LLSD_` name, is `RUN_CONFIG_PATH`, or has the name of one of `generated`.
 */
export function shadowedEnvProblems(env: unknown, generated: readonly GeneratedEnvVar[], path = 'spec.workload.overrides.env'): ConfigProblem[] {
  if (!Array.isArray(env)) return [];
  const byName = new Map(generated.map((g) => [g.name, g.fix]));
  byName.set(RUN_CONFIG_PATH_ENV, RUN_CONFIG_FIX);
  const problems: ConfigProblem[] = [];
  env.forEach((e: unknown, i) => {
    const name = typeof e === 'object' && e !== null && !Array.isArray(e) ? (e as { name?: unknown }).name : undefined;
    if (typeof name !== 'string') return;
    const at = `${path}[${i}]`;
    if (name.startsWith(RESERVED_ENV_PREFIX)) {
      problems.push({ path: at, message: `${name} shadows the library's own env vars: names starting with ${RESERVED_ENV_PREFIX} are reserved for the Secret references it generates`, fix: PREFIX_FIX });
      return;
    }
    const fix = byName.get(name);
    if (fix !== undefined) {
      problems.push({ path: at, message: `${name} shadows the env var the Deployment sets (the last entry of a name wins, so the generated value would be lost)`, fix });
    }
  });
  return problems;
}
