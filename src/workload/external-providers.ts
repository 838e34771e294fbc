/**
 * The pod side of external providers (spec 001, deploy-time providers): the provider images are
 * not read at synth time, so the pod installs them before the server starts.
 *
 * - One `copy-provider-<n>` init container per provider image (spec 001's provider image:
 *   `/lls-provider/lls-provider-spec.yaml` and `/lls-provider/packages/*.whl`) copies the
 *   metadata and wheels to a shared emptyDir. It needs only `/bin/sh`, `mkdir` and `cp`: a
 *   provider image need not have Python or pip.
 * - One `install-external-providers` init container runs the server image (which has Python and
 *   pip) to `pip install --no-index --no-deps --target` the wheels into the same volume, then
 *   imports `<module>.provider` and calls `get_provider_spec()` as the server will, so a broken
 *   package fails there with the provider's id and image rather than in a crash-looping server.
 *   `--no-deps`: the wheels an image ships are installed, nothing else; the server image's own
 *   packages (llama-stack / OGX itself) serve every other import.
 * - The server container mounts the volume read-only and imports from it through `PYTHONPATH`.
 *
 * Every container keeps the restricted Pod Security Standard: non-root, no privilege escalation,
 * all capabilities dropped, read-only root filesystem (writes go to the emptyDirs only).
 */
import { compact } from './manifest';
import { PATHS, WorkloadPlan } from './plan';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { imageReferenceProblem, mirroredImage } from '../kubernetes/image-reference';
import { isPinnedImage } from '../releases/images';
import { EXTERNAL_PROVIDERS_MOUNT, EXTERNAL_PROVIDERS_PYTHONPATH, externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** The shared volume (emptyDir). */
export const EXTERNAL_PROVIDERS_VOLUME = 'external-providers';
export const INSTALL_CONTAINER = 'install-external-providers';
/** Where each image's wheels are copied: `<mount>/wheels/<n>/`. */
const WHEELS_DIR = `${EXTERNAL_PROVIDERS_MOUNT}/wheels`;

/**
 * Runs in the provider image: `$1` is the destination, `$2` the image (for messages). POSIX sh
 * with `mkdir` and `cp` only.
 */
export const COPY_SCRIPT = [
  'set -eu',
  'dest="$1"; image="$2"',
  'if [ ! -f /lls-provider/lls-provider-spec.yaml ]; then echo "ERROR: Missing /lls-provider/lls-provider-spec.yaml in image $image" >&2; exit 1; fi',
  'set -- /lls-provider/packages/*.whl',
  'if [ ! -e "$1" ]; then echo "ERROR: no wheels (*.whl) in /lls-provider/packages/ of image $image" >&2; exit 1; fi',
  'mkdir -p "$dest"',
  'cp /lls-provider/lls-provider-spec.yaml "$@" "$dest"/',
  'echo "copied $# wheel(s) of $image"',
].join('\n');

/**
 * Runs in the server image. `EXTERNAL_PROVIDERS` lists `{id, api, providerType, module, image,
 * wheels}`; the wheels of all images are installed in one pip run (one file name once), so two
 * images that ship different versions of one package fail there, with pip's message.
 */
export const INSTALL_SCRIPT = String.raw`import glob, importlib, json, os, shutil, subprocess, sys
ROOT = '${EXTERNAL_PROVIDERS_MOUNT}'
TARGET = '${EXTERNAL_PROVIDERS_PYTHONPATH}'
providers = json.loads(os.environ['EXTERNAL_PROVIDERS'])
def fail(message):
    print('ERROR: ' + message, file=sys.stderr, flush=True)
    sys.exit(1)
shutil.rmtree(TARGET, ignore_errors=True)
wheels = {}
for p in providers:
    found = sorted(glob.glob(os.path.join(ROOT, 'wheels', p['wheels'], '*.whl')))
    if not found:
        fail('external provider %s: no wheels were copied from image %s' % (p['id'], p['image']))
    for w in found:
        wheels.setdefault(os.path.basename(w), w)
pip = [sys.executable, '-m', 'pip', 'install', '--no-index', '--no-deps', '--no-cache-dir', '--disable-pip-version-check', '--target', TARGET]
if subprocess.call(pip + list(wheels.values())) != 0:
    fail('pip could not install the wheels of %s (see above): make the images ship compatible versions of each package' % ', '.join(sorted(set(p['image'] for p in providers))))
sys.path.insert(0, TARGET)
errors = []
for p in providers:
    package = p['module'].split('==')[0]
    where = 'external provider %s (%s from image %s)' % (p['id'], p['providerType'], p['image'])
    try:
        import yaml
        with open(os.path.join(ROOT, 'wheels', p['wheels'], 'lls-provider-spec.yaml')) as f:
            declared = (yaml.safe_load(f) or {}).get('spec') or {}
        for key, value in (('packageName', package), ('providerType', p['providerType']), ('api', p['api'])):
            if key in declared and declared[key] != value:
                print('WARNING: %s: lls-provider-spec.yaml declares %s %s, the config has %s' % (where, key, declared[key], value), flush=True)
    except Exception as e:
        print('WARNING: %s: lls-provider-spec.yaml not read: %r' % (where, e), flush=True)
    try:
        spec = importlib.import_module(package + '.provider').get_provider_spec()
    except Exception as e:
        errors.append('%s: the server imports %s.provider and calls get_provider_spec(), which failed: %r' % (where, package, e))
        continue
    specs = spec if isinstance(spec, list) else [spec]
    types = [getattr(s, 'provider_type', None) for s in specs]
    if isinstance(spec, list) and p['providerType'] not in types:
        errors.append('%s: get_provider_spec() returns %s, none of them %s' % (where, types, p['providerType']))
        continue
    s = specs[types.index(p['providerType'])] if p['providerType'] in types else specs[0]
    api = getattr(getattr(s, 'api', None), 'value', getattr(s, 'api', None))
    if api != p['api']:
        errors.append('%s: get_provider_spec() is for API %s, but the provider is configured under %s' % (where, api, p['api']))
    elif types[0] != p['providerType'] and not isinstance(spec, list):
        print('WARNING: %s: get_provider_spec() declares %s; the server registers it as %s' % (where, types[0], p['providerType']), flush=True)
    else:
        print('ok: %s' % where, flush=True)
freeze = subprocess.run([sys.executable, '-m', 'pip', 'freeze', '--path', TARGET], capture_output=True, text=True).stdout
with open(os.path.join(ROOT, 'installed-packages.txt'), 'w') as f:
    f.write(freeze)
print('installed packages:\n' + freeze, flush=True)
if errors:
    fail('\n'.join(errors))
`;

/** One provider image and the directory its wheels go to. */
interface ProviderImage {
  readonly image: string;
  readonly dir: string;
}

/** Each provider image once, in spec order, as the pod pulls it (from `imageRegistry`'s mirror when set). */
function images(plan: Pick<WorkloadPlan, 'spec' | 'imageRegistry'>): ProviderImage[] {
  const out: ProviderImage[] = [];
  for (const e of externalProviderEntries(plan.spec)) {
    const image = mirroredImage(e.ref.image, plan.imageRegistry);
    if (!out.some((i) => i.image === image)) out.push({ image, dir: String(out.length + 1) });
  }
  return out;
}

/** True when the pod installs external providers. */
export function hasExternalProviders(plan: Pick<WorkloadPlan, 'spec'>): boolean {
  return externalProviderEntries(plan.spec).length > 0;
}

/** The copy init containers (one per provider image, in spec order), then the install one. */
export function externalProviderInitContainers(plan: WorkloadPlan, securityContext: object): any[] {
  if (!hasExternalProviders(plan)) return [];
  const list = images(plan);
  const mount = { name: EXTERNAL_PROVIDERS_VOLUME, mountPath: EXTERNAL_PROVIDERS_MOUNT };
  const copies = list.map((i) => compact({
    name: `copy-provider-${i.dir}`,
    image: i.image,
    imagePullPolicy: plan.imagePullPolicy,
    command: ['/bin/sh', '-c', COPY_SCRIPT, 'copy-provider', `${WHEELS_DIR}/${i.dir}`, i.image],
    resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '128Mi' } },
    securityContext,
    volumeMounts: [mount],
  }));
  const providers = externalProviderEntries(plan.spec).map((e) => ({
    id: e.ref.providerId,
    api: e.api,
    providerType: e.ref.providerType,
    module: e.ref.module,
    image: mirroredImage(e.ref.image, plan.imageRegistry),
    wheels: list.find((i) => i.image === mirroredImage(e.ref.image, plan.imageRegistry))!.dir,
  }));
  const install = compact({
    name: INSTALL_CONTAINER,
    image: plan.image,
    imagePullPolicy: plan.imagePullPolicy,
    command: ['python', '-c', INSTALL_SCRIPT],
    env: [
      { name: 'EXTERNAL_PROVIDERS', value: JSON.stringify(providers) },
      // pip's scratch space: the root filesystem is read-only.
      { name: 'HOME', value: PATHS.tmpDir },
      { name: 'TMPDIR', value: PATHS.tmpDir },
    ],
    resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '1Gi' } },
    securityContext,
    volumeMounts: [mount, { name: 'tmp', mountPath: PATHS.tmpDir }],
  });
  return [...copies, install];
}

/** The shared emptyDir. */
export function externalProviderVolumes(plan: Pick<WorkloadPlan, 'spec' | 'emptyDirSizeLimits'>): any[] {
  if (!hasExternalProviders(plan)) return [];
  return [{ name: EXTERNAL_PROVIDERS_VOLUME, emptyDir: { sizeLimit: plan.emptyDirSizeLimits.externalProviders } }];
}

/** The server container's read-only mount of the installed packages. */
export function externalProviderMounts(plan: Pick<WorkloadPlan, 'spec'>): any[] {
  if (!hasExternalProviders(plan)) return [];
  return [{ name: EXTERNAL_PROVIDERS_VOLUME, mountPath: EXTERNAL_PROVIDERS_MOUNT, readOnly: true }];
}

/**
 * What only matters once external providers become a pod: a server target (the operator
 * pipeline ignores them), a generated config (an override ConfigMap is not read at synth time),
 * pinned provider images, and the user's env and volumes leaving the install path alone.
 */
export function externalProviderChecks(spec: LlamaStackDistributionSpec, isOperator: boolean): ConfigProblem[] {
  const entries = externalProviderEntries(spec);
  if (entries.length === 0) return [];
  if (isOperator) {
    return [{
      path: 'spec.externalProviders',
      message: 'the operator pipeline ignores external providers (spec 001 never shipped in an operator release)',
      fix: 'use a server target (ServerTarget.OGX_1_3, the default, or another release), which installs them, or bake the provider into a custom image (image and baseConfigYaml)',
      fixes: {
        manifest: 'use a server target (--target ogx-1.3, the default, or another release), which installs them, or bake the provider into a custom image '
          + '(spec.distribution.image, and its base config with --base-config FILE)',
      },
    }];
  }
  const problems: ConfigProblem[] = [];
  if (spec.overrideConfig) {
    problems.push({
      path: 'spec.externalProviders',
      message: 'an override ConfigMap is not read at synth time, so the external providers cannot be added to its config',
      fix: 'pass that config as baseConfigYaml instead of an override ConfigMap (the external providers are then merged into it), or remove externalProviders',
      fixes: {
        manifest: 'pass that config as the base config (--base-config FILE) instead of an override ConfigMap (the external providers are then merged into it), or remove externalProviders',
      },
    });
  }
  for (const e of entries) {
    // A string that is no reference at all is reported as such (kubernetes/container-checks.ts).
    if (typeof e.ref.image === 'string' && imageReferenceProblem(e.ref.image) === undefined && !isPinnedImage(e.ref.image)) {
      problems.push({
        path: `${e.path}.image`,
        message: `image ${quoteValue(e.ref.image)} is not pinned`,
        fix: 'use an exact version tag (not latest) or a digest, so every pod installs the same provider',
      });
    }
  }
  const overrides = spec.workload?.overrides;
  (Array.isArray(overrides?.env) ? overrides.env : []).forEach((e, i) => {
    if (e?.name !== 'PYTHONPATH') return;
    const value = typeof e.value === 'string' ? e.value : '';
    if (!value.split(':').includes(EXTERNAL_PROVIDERS_PYTHONPATH)) {
      problems.push({
        path: `spec.workload.overrides.env[${i}]`,
        message: `PYTHONPATH replaces the path the external providers are installed in (${EXTERNAL_PROVIDERS_PYTHONPATH})`,
        fix: `start it with ${EXTERNAL_PROVIDERS_PYTHONPATH}: or remove it`,
      });
    }
  });
  (Array.isArray(overrides?.volumes) ? overrides.volumes : []).forEach((v, i) => {
    if (v?.name === EXTERNAL_PROVIDERS_VOLUME) {
      problems.push({ path: `spec.workload.overrides.volumes[${i}].name`, message: `volume name ${EXTERNAL_PROVIDERS_VOLUME} is taken by the external providers`, fix: 'rename the volume' });
    }
  });
  (Array.isArray(overrides?.volumeMounts) ? overrides.volumeMounts : []).forEach((m, i) => {
    const path = typeof m?.mountPath === 'string' ? m.mountPath : '';
    if (path === EXTERNAL_PROVIDERS_MOUNT || path.startsWith(`${EXTERNAL_PROVIDERS_MOUNT}/`)) {
      problems.push({ path: `spec.workload.overrides.volumeMounts[${i}].mountPath`, message: `${EXTERNAL_PROVIDERS_MOUNT} holds the external providers`, fix: 'mount the volume elsewhere' });
    }
  });
  return problems;
}
