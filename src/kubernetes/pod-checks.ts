/**
 * core/v1 pod validation (`k8s.io/kubernetes/pkg/apis/core/validation`) of what a user adds to
 * the server's pod: volumes, volume mounts, tolerations, node selector, service account,
 * topology spread constraints, and the restricted Pod Security Standard's volume types.
 * Pure: the caller says which volumes and mounts the library adds itself.
 */
import {
  isConfigMapKey, isDns1123Label, isQualifiedName, isValidLabelValue, labelMapProblems, labelSelectorProblems, LazyPath, nameProblem,
  objectNameRule, shown,
} from './name-rules';
import { ConfigProblem } from '../core/errors';
import { isObject, present } from '../core/json';

type Obj = Record<string, any>;


/** Every volume source of core/v1 `Volume` (a volume has exactly one). */
export const VOLUME_SOURCES = [
  'awsElasticBlockStore', 'azureDisk', 'azureFile', 'cephfs', 'cinder', 'configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral',
  'fc', 'flexVolume', 'flocker', 'gcePersistentDisk', 'gitRepo', 'glusterfs', 'hostPath', 'image', 'iscsi', 'nfs',
  'persistentVolumeClaim', 'photonPersistentDisk', 'portworxVolume', 'projected', 'quobyte', 'rbd', 'scaleIO', 'secret',
  'storageos', 'vsphereVolume',
];

/** Volume types the restricted Pod Security Standard allows (every other one is forbidden). */
export const RESTRICTED_VOLUME_TYPES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];

const VOLUME_SOURCE_ORDER = new Map(VOLUME_SOURCES.map((k, i) => [k, i]));

/** The volume source keys a volume sets, in `VOLUME_SOURCES` order. */
export function volumeTypes(v: unknown): string[] {
  if (!isObject(v)) return [];
  // Its own keys (a handful), not the 30 sources: no source is a property every object has.
  const out: string[] = [];
  for (const k of Object.keys(v)) if (VOLUME_SOURCE_ORDER.has(k) && present(v[k])) out.push(k);
  return out.length > 1 ? out.sort((a, b) => VOLUME_SOURCE_ORDER.get(a)! - VOLUME_SOURCE_ORDER.get(b)!) : out;
}

/** A mount the library adds to the server container. */
export interface LibraryMount {
  readonly name: string;
  readonly mountPath: string;
  /** Where the user set this mount path (e.g. `spec.workload.storage.mountPath`), if they did. */
  readonly path?: string;
}

/** The user's volumes and mounts, next to the library's. */
export interface PodVolumesInput {
  /** The user's `Volume` list. */
  readonly volumes: unknown;
  readonly volumesPath: string;
  /** The user's `VolumeMount` list (the server container). */
  readonly volumeMounts: unknown;
  readonly volumeMountsPath: string;
  /** Names of the volumes the library adds. */
  readonly libraryVolumes: readonly string[];
  /** The server container's mounts the library adds, in container order. */
  readonly libraryMounts: readonly LibraryMount[];
  /** Volume names and mount paths another check reports already (left out here). */
  readonly reportedElsewhere?: { readonly volumes: readonly string[]; readonly mountPathPrefixes: readonly string[] };
}

/** `0` to `0777`: file modes of configMap, secret, projected and downwardAPI volumes. */
function modeProblem(v: unknown, path: string): ConfigProblem | undefined {
  if (typeof v !== 'number' || (Number.isInteger(v) && v >= 0 && v <= 0o777)) return undefined;
  return { path, message: `${v} must be a number between 0 and 0777 (octal), both inclusive`, fix: 'write the mode as a decimal number, e.g. 420 (0644) or 256 (0400)' };
}

/** `validateKeyToPath`: `items` of configMap and secret volumes. */
function itemsProblems(items: unknown, path: string): ConfigProblem[] {
  if (!Array.isArray(items)) return [];
  const problems: ConfigProblem[] = [];
  items.forEach((item, i) => {
    if (!isObject(item)) return;
    const at = `${path}[${i}]`;
    if (typeof item.key === 'string') {
      const errs = item.key === '' ? ['Required value'] : isConfigMapKey(item.key);
      if (errs.length > 0) problems.push({ path: `${at}.key`, message: `${shown(item.key)} is not a key: ${errs.join('; ')}`, fix: 'use a key of the ConfigMap or Secret' });
    }
    if (typeof item.path === 'string') {
      const why = item.path === '' ? 'Required value' : relativePathProblem(item.path) ?? (item.path.startsWith('..') ? 'must not start with \'..\'' : undefined);
      if (why) problems.push({ path: `${at}.path`, message: `${shown(item.path)}: ${why}`, fix: 'use a relative file name inside the volume, e.g. ca.crt' });
    }
    const mode = modeProblem(item.mode, `${at}.mode`);
    if (mode) problems.push(mode);
  });
  return problems;
}

/** `validateLocalDescendingPath`: relative, without `..` elements (subPath, items' paths). */
function relativePathProblem(p: string): string | undefined {
  if (p.startsWith('/')) return 'must be a relative path';
  if (p.split('/').includes('..')) return 'must not contain \'..\'';
  return undefined;
}

/** The objects a volume source refers to, by name: a name no object can have never mounts. */
function sourceProblems(v: Obj, type: string, path: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const src = v[type];
  if (!isObject(src)) return problems;
  const at = `${path}.${type}`;
  const required = (field: string, what: string) => {
    if (!present(src[field]) || src[field] === '') problems.push({ path: `${at}.${field}`, message: 'Required value', fix: `set ${field}: ${what}` });
  };
  const named = (field: string, kind: string) => {
    const p = nameProblem(src[field], `${at}.${field}`, objectNameRule(kind));
    if (p && src[field] !== '') problems.push(p);
  };
  switch (type) {
    case 'configMap':
      required('name', 'the ConfigMap\'s name');
      named('name', 'ConfigMap');
      problems.push(...itemsProblems(src.items, `${at}.items`));
      break;
    case 'secret':
      required('secretName', 'the Secret\'s name');
      named('secretName', 'Secret');
      problems.push(...itemsProblems(src.items, `${at}.items`));
      break;
    case 'persistentVolumeClaim':
      required('claimName', 'the PersistentVolumeClaim\'s name');
      named('claimName', 'PersistentVolumeClaim');
      break;
    case 'hostPath':
      required('path', 'the directory on the node');
      break;
    case 'nfs':
      required('server', 'the NFS server');
      required('path', 'the exported path');
      break;
    case 'csi':
      required('driver', 'the CSI driver\'s name');
      break;
    default:
      break;
  }
  const mode = modeProblem(src.defaultMode, `${at}.defaultMode`);
  if (mode) problems.push(mode);
  return problems;
}

/**
 * Collapses `//`, `/./` and a trailing `/`: the runtime sees `/data/` and `/data` as one
 * destination. Remembered: mount paths repeat (the library's on every pod).
 */
export function normalizedMountPath(p: string): string {
  let key = MOUNT_KEYS.get(p);
  if (key === undefined) {
    key = `/${p.split('/').filter((s) => s !== '' && s !== '.').join('/')}`;
    if (MOUNT_KEYS.size >= 8192) MOUNT_KEYS.clear();
    MOUNT_KEYS.set(p, key);
  }
  return key;
}
const MOUNT_KEYS = new Map<string, string>();

/** Why a mount path cannot be a container's mount destination, or undefined. */
export function mountPathProblem(p: string): string | undefined {
  if (p === '') return 'Required value';
  if (!p.startsWith('/')) return 'must be an absolute path (the container runtime rejects a relative mount destination)';
  if (p.includes(':')) return 'must not contain \':\' (the container runtime reads it as a volume specification separator)';
  return undefined;
}

const PROPAGATION = ['None', 'HostToContainer', 'Bidirectional'];
const RECURSIVE_READ_ONLY = ['Disabled', 'IfPossible', 'Enabled'];

/** The user's volumes and mounts: names, sources, references, paths, and no clash with the library's. */
export function volumeProblems(input: PodVolumesInput): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const skipVolumes = input.reportedElsewhere?.volumes ?? [];
  const skipPrefixes = input.reportedElsewhere?.mountPathPrefixes ?? [];
  const volumes = Array.isArray(input.volumes) ? input.volumes : [];
  const names = new Map<string, number>();
  volumes.forEach((v, i) => {
    if (!isObject(v)) return;
    const at = `${input.volumesPath}[${i}]`;
    const name = v.name;
    if (typeof name === 'string') {
      const errs = name === '' ? [] : isDns1123Label(name);
      if (errs.length > 0) {
        problems.push({ path: `${at}.name`, message: `${shown(name)} is not a volume name: ${errs.join('; ')}`, fix: 'use a DNS-1123 label: at most 63 lower-case letters, digits and \'-\', starting and ending with a letter or digit' });
      } else if (input.libraryVolumes.includes(name)) {
        if (!skipVolumes.includes(name)) {
          problems.push({ path: `${at}.name`, message: `Duplicate value: ${shown(name)}: the library's own volume ${name} has this name`, fix: `rename the volume (the library uses ${input.libraryVolumes.join(', ')})` });
        }
      } else if (names.has(name)) {
        problems.push({ path: `${at}.name`, message: `Duplicate value: ${shown(name)}: ${input.volumesPath}[${names.get(name)}] has this name`, fix: 'give each volume its own name' });
      }
      if (!names.has(name)) names.set(name, i);
    }
    const types = volumeTypes(v);
    if (types.length === 0) {
      problems.push({ path: at, message: 'must specify a volume type', fix: 'add one source, e.g. configMap: {name: ...}, secret: {secretName: ...}, persistentVolumeClaim: {claimName: ...} or emptyDir: {}' });
    } else if (types.length > 1) {
      problems.push({ path: at, message: `may not specify more than 1 volume type (it has ${types.join(', ')})`, fix: 'split it into one volume per source, or use a projected volume for several ConfigMaps and Secrets' });
    }
    for (const t of types) problems.push(...sourceProblems(v, t, at));
  });

  const volumeNames = new Set<string>([...input.libraryVolumes, ...names.keys()]);
  // Mount destinations in container order: the library's, then the user's.
  const seen = new Map<string, { readonly owner: string; readonly userPath?: string }>();
  const claim = (mountPath: string, owner: string, userPath: string | undefined) => {
    const key = normalizedMountPath(mountPath);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, { owner, userPath });
      return;
    }
    const at = userPath ?? first.userPath;
    if (at === undefined) return;
    const other = userPath !== undefined ? first.owner : owner;
    problems.push({
      path: at,
      message: `${shown(mountPath)} must be unique: ${other} is mounted at ${shown(key)} already`,
      fix: 'mount it at a path of its own',
    });
  };
  for (const m of input.libraryMounts) {
    if (m.path !== undefined) {
      const why = mountPathProblem(m.mountPath);
      if (why) {
        problems.push({ path: m.path, message: `${shown(m.mountPath)} ${why}`, fix: 'use an absolute path such as /data, without \':\'' });
        continue;
      }
    }
    claim(m.mountPath, `the library's volume ${m.name}`, m.path);
  }
  const mounts = Array.isArray(input.volumeMounts) ? input.volumeMounts : [];
  mounts.forEach((m, i) => {
    if (!isObject(m)) return;
    const at = `${input.volumeMountsPath}[${i}]`;
    if (typeof m.name === 'string' && m.name !== '' && !volumeNames.has(m.name)) {
      problems.push({
        path: `${at}.name`,
        message: `Not found: ${shown(m.name)}: no volume of the pod has this name`,
        fix: `add a volume named ${m.name} to volumes, or mount one of ${[...volumeNames].join(', ')}`,
      });
    }
    if (typeof m.mountPath === 'string') {
      const why = mountPathProblem(m.mountPath);
      if (why) {
        problems.push({ path: `${at}.mountPath`, message: `${shown(m.mountPath)} ${why}`, fix: 'use an absolute path such as /data, without \':\'' });
      } else if (!skipPrefixes.some((p) => m.mountPath === p || m.mountPath.startsWith(`${p}/`))) {
        claim(m.mountPath, typeof m.name === 'string' ? `volume ${m.name}` : 'another volume', `${at}.mountPath`);
      }
    }
    for (const field of ['subPath', 'subPathExpr']) {
      const why = typeof m[field] === 'string' && m[field] !== '' ? relativePathProblem(m[field]) : undefined;
      if (why) problems.push({ path: `${at}.${field}`, message: `${shown(m[field])} ${why}`, fix: 'use a path relative to the volume\'s root, without \'..\'' });
    }
    if (typeof m.subPath === 'string' && m.subPath !== '' && typeof m.subPathExpr === 'string' && m.subPathExpr !== '') {
      problems.push({ path: `${at}.subPathExpr`, message: 'subPathExpr and subPath are mutually exclusive', fix: 'keep one of them' });
    }
    if (typeof m.mountPropagation === 'string') {
      if (!PROPAGATION.includes(m.mountPropagation)) {
        problems.push({ path: `${at}.mountPropagation`, message: `Unsupported value: ${shown(m.mountPropagation)}: supported values: "None", "HostToContainer", "Bidirectional"`, fix: 'remove it (None), or use HostToContainer' });
      } else if (m.mountPropagation === 'Bidirectional') {
        problems.push({ path: `${at}.mountPropagation`, message: 'Bidirectional mount propagation is available only to privileged containers (the server container is not)', fix: 'remove it (None), or use HostToContainer' });
      }
    }
    if (typeof m.recursiveReadOnly === 'string') {
      if (!RECURSIVE_READ_ONLY.includes(m.recursiveReadOnly)) {
        problems.push({ path: `${at}.recursiveReadOnly`, message: `Unsupported value: ${shown(m.recursiveReadOnly)}: supported values: "Disabled", "IfPossible", "Enabled"`, fix: 'use Disabled, IfPossible or Enabled' });
      } else if (m.recursiveReadOnly !== 'Disabled' && m.readOnly !== true) {
        problems.push({ path: `${at}.recursiveReadOnly`, message: `may only be specified when readOnly is true (it is ${m.recursiveReadOnly})`, fix: 'set readOnly: true, or remove recursiveReadOnly' });
      } else if (m.recursiveReadOnly === 'Enabled' && present(m.mountPropagation) && m.mountPropagation !== 'None') {
        problems.push({ path: `${at}.recursiveReadOnly`, message: 'Enabled requires mountPropagation None', fix: 'remove mountPropagation, or use recursiveReadOnly: IfPossible' });
      }
    }
  });
  return problems;
}

/** The user's volumes of types the restricted Pod Security Standard forbids: `{index, name, type}`. */
export function unrestrictedVolumes(volumes: unknown): { index: number; name: string; type: string }[] {
  if (!Array.isArray(volumes)) return [];
  const out: { index: number; name: string; type: string }[] = [];
  volumes.forEach((v, index) => {
    for (const type of volumeTypes(v)) {
      if (!RESTRICTED_VOLUME_TYPES.includes(type)) out.push({ index, name: typeof v.name === 'string' ? v.name : '', type });
    }
  });
  return out;
}

/**
 * The restricted Pod Security Standard's volume rule: an error per forbidden volume, or with
 * `allow` a warning per volume (the pod then only runs in a namespace whose level allows it).
 */
export function restrictedVolumeProblems(volumes: unknown, path: string, allow: boolean): { problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  for (const u of unrestrictedVolumes(volumes)) {
    const at = `${path}[${u.index}].${u.type}`;
    const which = `volume ${shown(u.name)} is a ${u.type} volume`;
    if (allow) {
      warnings.push({
        path: at,
        message: `${which}: the pod no longer meets the restricted Pod Security Standard (allowUnrestrictedVolumes), so a namespace labelled pod-security.kubernetes.io/enforce: restricted rejects it${u.type === 'hostPath' ? ', and so does baseline (hostPath)' : ''}`,
        fix: `deploy to a namespace whose Pod Security level admits ${u.type} volumes, or use one of ${RESTRICTED_VOLUME_TYPES.join(', ')}`,
      });
    } else {
      problems.push({
        path: at,
        message: `${which}, which the restricted Pod Security Standard forbids (it allows ${RESTRICTED_VOLUME_TYPES.join(', ')}): a namespace that enforces it rejects the pod`,
        fix: `use one of those (e.g. a persistentVolumeClaim or csi volume), or set allowUnrestrictedVolumes: true for a namespace whose Pod Security level admits ${u.type} volumes`,
        fixes: {
          manifest: `use one of those (e.g. a persistentVolumeClaim or csi volume), or pass --allow-unrestricted-volumes for a namespace whose Pod Security level admits ${u.type} volumes`,
        },
      });
    }
  }
  return { problems, warnings };
}

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** `ValidateTolerations`. */
export function tolerationProblems(tolerations: unknown, path: string): ConfigProblem[] {
  if (!Array.isArray(tolerations)) return [];
  const problems: ConfigProblem[] = [];
  tolerations.forEach((t, i) => {
    if (!isObject(t)) return;
    const at = `${path}[${i}]`;
    const key = typeof t.key === 'string' ? t.key : '';
    const operator = typeof t.operator === 'string' ? t.operator : '';
    const value = typeof t.value === 'string' ? t.value : '';
    const effect = typeof t.effect === 'string' ? t.effect : '';
    if (key !== '') {
      const errs = isQualifiedName(key);
      if (errs.length > 0) problems.push({ path: `${at}.key`, message: `${shown(key)} is not a taint key: ${errs.join('; ')}`, fix: 'use the key of the node taint, e.g. nvidia.com/gpu' });
    } else if (operator !== 'Exists') {
      problems.push({ path: `${at}.operator`, message: 'operator must be Exists when `key` is empty, which means "match all values and all keys"', fix: 'set key to the taint\'s key, or operator: Exists to tolerate every taint' });
    }
    if (present(t.tolerationSeconds) && effect !== 'NoExecute') {
      problems.push({ path: `${at}.effect`, message: 'effect must be \'NoExecute\' when `tolerationSeconds` is set', fix: 'set effect: NoExecute, or remove tolerationSeconds' });
    }
    if (operator === '' || operator === 'Equal') {
      const errs = isValidLabelValue(value);
      if (errs.length > 0) problems.push({ path: `${at}.value`, message: `${shown(value)} is not a taint value: ${errs.join('; ')}`, fix: 'use the value of the node taint' });
    } else if (operator === 'Exists') {
      if (value !== '') problems.push({ path: `${at}.value`, message: 'value must be empty when `operator` is \'Exists\'', fix: 'remove value, or use operator: Equal' });
    } else {
      problems.push({ path: `${at}.operator`, message: `Unsupported value: ${shown(operator)}: supported values: "Equal", "Exists"`, fix: 'use Equal (with a value) or Exists' });
    }
    if (effect !== '' && !TAINT_EFFECTS.includes(effect)) {
      problems.push({ path: `${at}.effect`, message: `Unsupported value: ${shown(effect)}: supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`, fix: 'use NoSchedule, PreferNoSchedule or NoExecute, or leave it empty for every effect' });
    }
  });
  return problems;
}

/** A node selector is a label map (`ValidateLabels`). */
export function nodeSelectorProblems(nodeSelector: unknown, path: LazyPath): ConfigProblem[] {
  return labelMapProblems(nodeSelector, path, 'node selector');
}

const WHEN_UNSATISFIABLE = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_INCLUSION = ['Honor', 'Ignore'];

/** `validateTopologySpreadConstraints`. */
export function topologySpreadProblems(constraints: unknown, path: string): ConfigProblem[] {
  if (!Array.isArray(constraints)) return [];
  const problems: ConfigProblem[] = [];
  const pairs = new Map<string, number>();
  constraints.forEach((c, i) => {
    if (!isObject(c)) return;
    const at = `${path}[${i}]`;
    if (typeof c.maxSkew === 'number' && c.maxSkew <= 0) {
      problems.push({ path: `${at}.maxSkew`, message: `${c.maxSkew} must be greater than zero`, fix: 'use 1 or more' });
    }
    if (typeof c.topologyKey === 'string') {
      const errs = c.topologyKey === '' ? ['can not be empty'] : isQualifiedName(c.topologyKey);
      if (errs.length > 0) problems.push({ path: `${at}.topologyKey`, message: `${shown(c.topologyKey)} is not a node label key: ${errs.join('; ')}`, fix: 'use a node label key such as topology.kubernetes.io/zone' });
    }
    if (typeof c.whenUnsatisfiable === 'string' && !WHEN_UNSATISFIABLE.includes(c.whenUnsatisfiable)) {
      problems.push({ path: `${at}.whenUnsatisfiable`, message: `Unsupported value: ${shown(c.whenUnsatisfiable)}: supported values: "DoNotSchedule", "ScheduleAnyway"`, fix: 'use DoNotSchedule or ScheduleAnyway' });
    }
    const pair = JSON.stringify([c.topologyKey, c.whenUnsatisfiable]);
    if (pairs.has(pair)) {
      problems.push({ path: at, message: `Duplicate value: {topologyKey, whenUnsatisfiable} is the same as ${path}[${pairs.get(pair)}]'s`, fix: 'merge the two constraints' });
    } else {
      pairs.set(pair, i);
    }
    if (present(c.minDomains)) {
      if (typeof c.minDomains === 'number' && c.minDomains <= 0) problems.push({ path: `${at}.minDomains`, message: `${c.minDomains} must be greater than zero`, fix: 'use 1 or more, or remove it' });
      if (c.whenUnsatisfiable !== 'DoNotSchedule') problems.push({ path: `${at}.minDomains`, message: 'can only use minDomains if whenUnsatisfiable=DoNotSchedule', fix: 'remove minDomains, or use whenUnsatisfiable: DoNotSchedule' });
    }
    for (const f of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      if (typeof c[f] === 'string' && !NODE_INCLUSION.includes(c[f])) {
        problems.push({ path: `${at}.${f}`, message: `Unsupported value: ${shown(c[f])}: supported values: "Honor", "Ignore"`, fix: 'use Honor or Ignore' });
      }
    }
    (Array.isArray(c.matchLabelKeys) ? c.matchLabelKeys : []).forEach((k: unknown, j: number) => {
      if (typeof k !== 'string') return;
      const errs = isQualifiedName(k);
      if (errs.length > 0) problems.push({ path: `${at}.matchLabelKeys[${j}]`, message: `${shown(k)} is not a label key: ${errs.join('; ')}`, fix: 'use a pod label key such as pod-template-hash' });
    });
    problems.push(...labelSelectorProblems(c.labelSelector, `${at}.labelSelector`));
  });
  return problems;
}

