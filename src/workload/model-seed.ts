/**
 * Models pre-seeded from an OCI image (`modelSeed`): the server reads its Hugging Face models from
 * a volume the image fills, and downloads nothing (releases/pod-env.ts sets `HF_HOME` there and the
 * offline switches). Two ways, by `ModelSeedMode`:
 * - `INIT_CONTAINER`: an init container of the model image copies its Hugging Face home into an
 *   emptyDir (writable, so the libraries' own files, e.g. `trust_remote_code` modules, land there);
 * - `IMAGE_VOLUME`: an `image` volume (Kubernetes 1.33+) mounts that directory read-only (its
 *   `subPath`), and `HF_MODULES_CACHE` moves the remote-code modules to the writable `/.cache`.
 */
import { compact } from './manifest';
import { ModelSeedMode, ResolvedModelSeed } from './model-seed-options';
import type { WorkloadPlan } from './plan';
import { PATHS } from '../releases/pod-paths';

/** The volume of the seeded models. */
export const MODEL_SEED_VOLUME = 'model-seed';
/** Where the init container sees the emptyDir (the image's own `path` stays visible). */
const COPY_MOUNT = '/seed/models';
/** The default directory of the image that is the Hugging Face home. */
export const DEFAULT_MODEL_SEED_PATH = '/models';
/** The default size limit of the emptyDir the models are copied into. */
export const DEFAULT_MODEL_SEED_SIZE_LIMIT = '10Gi';

/**
 * Copies `$1` (the image's Hugging Face home) into `$2`; `$3` is the image, for the message. A
 * directory without `hub/` fails the pod here, with the image's name, rather than the server later.
 */
const COPY_SCRIPT = [
  'if [ ! -d "$1/hub" ]; then echo "ERROR: no Hugging Face cache ($1/hub) in image $3" >&2; exit 1; fi',
  'cp -R "$1"/. "$2"/',
  'echo "seeded models from $3"',
].join('\n');

/** The env the seed sets: the Hugging Face home the server reads, and (read-only) where remote code goes. */
export function modelSeedHome(seed: Pick<ResolvedModelSeed, 'mode'>): { home: string; modulesCache?: string } {
  return seed.mode === ModelSeedMode.IMAGE_VOLUME
    ? { home: PATHS.modelSeedDir, modulesCache: `${PATHS.cacheDir}/huggingface/modules` }
    : { home: PATHS.modelSeedDir };
}

/** The pod's volume: an emptyDir the init container fills, or the image itself. */
export function modelSeedVolumes(plan: Pick<WorkloadPlan, 'modelSeed' | 'imagePullPolicy'>): any[] {
  const seed = plan.modelSeed;
  if (seed === undefined) return [];
  return seed.mode === ModelSeedMode.IMAGE_VOLUME
    ? [{ name: MODEL_SEED_VOLUME, image: compact({ reference: seed.image, pullPolicy: plan.imagePullPolicy }) }]
    : [{ name: MODEL_SEED_VOLUME, emptyDir: { sizeLimit: seed.sizeLimit } }];
}

/** The server container's read-only mount of the models. */
export function modelSeedMounts(plan: Pick<WorkloadPlan, 'modelSeed'>): any[] {
  const seed = plan.modelSeed;
  if (seed === undefined) return [];
  const sub = seed.path.replace(/^\/+|\/+$/g, '');
  return [compact({
    name: MODEL_SEED_VOLUME,
    mountPath: PATHS.modelSeedDir,
    subPath: seed.mode === ModelSeedMode.IMAGE_VOLUME && sub !== '' ? sub : undefined,
    readOnly: seed.mode === ModelSeedMode.IMAGE_VOLUME ? true : undefined,
  })];
}

/** The init container that copies the models into the emptyDir (`INIT_CONTAINER` only). */
export function modelSeedInitContainers(plan: Pick<WorkloadPlan, 'modelSeed' | 'imagePullPolicy'>, securityContext: object): any[] {
  const seed = plan.modelSeed;
  if (seed === undefined || seed.mode !== ModelSeedMode.INIT_CONTAINER) return [];
  return [compact({
    name: MODEL_SEED_VOLUME,
    image: seed.image,
    imagePullPolicy: plan.imagePullPolicy,
    command: ['/bin/sh', '-c', COPY_SCRIPT, 'model-seed', seed.path, COPY_MOUNT, seed.image],
    resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '256Mi' } },
    securityContext,
    volumeMounts: [{ name: MODEL_SEED_VOLUME, mountPath: COPY_MOUNT }],
  })];
}
