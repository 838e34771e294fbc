/**
 * The image's baked caches, kept readable. OGX 0.8 and 1.x images pre-fill the tiktoken cache
 * (`TIKTOKEN_CACHE_DIR=/.cache/tiktoken`, `cl100k_base`) so chunking and compaction never
 * download it; the pod's writable `/.cache` emptyDir hides that directory. An init container of
 * the server image copies it into the emptyDir first, so an air-gapped cluster still has it.
 */
import { PATHS } from './plan';

/** Where the init container sees the cache emptyDir (the image's own `/.cache` stays visible). */
const SEED_MOUNT = '/seed/cache';

/** Copies `$1` to `$2` when the image has it (a custom image may not): never fails the pod. */
const SEED_SCRIPT = 'if [ -d "$1" ]; then mkdir -p "$2" && cp -R "$1"/. "$2"/; fi';

/** The path of `dir` inside the cache emptyDir, when the image keeps it under `/.cache`. */
export function cacheSubPath(dir: string | undefined): string | undefined {
  const prefix = `${PATHS.cacheDir}/`;
  return dir !== undefined && dir.startsWith(prefix) && dir.length > prefix.length ? dir.slice(prefix.length) : undefined;
}

/** The init container that copies the image's baked cache directory into the cache emptyDir. */
export function cacheSeedContainer(image: string, imagePullPolicy: string | undefined, dir: string, securityContext: object): any {
  const sub = cacheSubPath(dir)!;
  return {
    name: 'cache-seed',
    image,
    ...(imagePullPolicy !== undefined ? { imagePullPolicy } : {}),
    command: ['/bin/sh', '-c', SEED_SCRIPT, 'cache-seed', dir, `${SEED_MOUNT}/${sub}`],
    resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi' } },
    securityContext,
    volumeMounts: [{ name: 'cache', mountPath: SEED_MOUNT }],
  };
}
