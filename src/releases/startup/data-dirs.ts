/**
 * Where a config makes the server write outside the pod's writable mounts, under a data directory
 * of the server's own (`.ogx`, `.llama`), whatever the image's HOME: a base config built for the
 * Open Data Hub image writes `storage_dir: /opt/app-root/src/.ogx/distributions/rh/files`. The
 * paths are the ones the model checks (`db_path`, `storage_dir`: stack-config.ts,
 * provider-resolution.ts), as the release reads them (env substituted, `~` expanded with the
 * pod's HOME). The pod mounts its data volume at each such directory, and the model then counts
 * it as writable: one answer, from the same config, for both.
 */
import { ContainerEnv, resolvedValue } from './env-substitution';
import { isJsonObject, JsonObject, JsonValue } from '../../core/json';

/** The keys whose value is a file or directory the server writes. */
const WRITTEN_PATH_KEYS = ['db_path', 'storage_dir'];

/** The server's data directory in `path`: the path through its first `.ogx` or `.llama` segment, if any. */
export function serverDataDirOf(path: string): string | undefined {
  const m = /^((?:\/[^/]+)*?\/\.(?:ogx|llama))(?:\/|$)/.exec(path);
  return m?.[1];
}

function under(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/**
 * The server data directories the config writes under that no writable directory holds, sorted.
 * A path outside them and outside any data directory is not here: the model reports it.
 */
export function dataDirsOutside(config: JsonObject, env: ContainerEnv, home: string, writable: readonly string[]): string[] {
  const found = new Set<string>();
  const walk = (v: JsonValue): void => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    if (!isJsonObject(v)) return;
    for (const key of Object.keys(v)) {
      const value = v[key];
      if (!WRITTEN_PATH_KEYS.includes(key) || typeof value !== 'string') {
        walk(value);
        continue;
      }
      const path = resolvedValue(value, env, home);
      // A relative path, or one with `.`, `..` or empty segments, is the model's to report (no mount path either).
      if (typeof path !== 'string' || !path.startsWith('/') || /\/\.{0,2}(\/|$)/.test(path) || writable.some((d) => under(path, d))) continue;
      const dir = serverDataDirOf(path);
      if (dir !== undefined) found.add(dir);
    }
  };
  walk(config);
  return [...found].sort();
}
