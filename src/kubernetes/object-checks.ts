/**
 * A last check of the rendered objects, before they become ApiObjects: what the API server
 * would reject in them (object names and namespaces, labels, the ConfigMap's size, the pod's
 * containers, volumes and mounts, ports, class names). The input checks report problems at the
 * user's paths first; this is the safety net for what they miss, with object paths
 * (`Deployment[llama].spec.template.spec.volumes[4].name`). Then the last guard against a
 * credential in them (`credentialLeakProblems`, below). Pure.
 */
import { argvProblems, envProblems, imageProblems, pullPolicyProblems } from './container-checks';
import { isLibraryConstant } from './library-constants';
import {
  dns1123LabelErrors, isConfigMapKey, isDns1035Label, isDns1123Subdomain, isQualifiedName, labelMapProblems, labelSelectorProblems, LazyPath,
  pathText, shown,
} from './name-rules';
import { mountPathProblem, nodeSelectorProblems, normalizedMountPath, tolerationProblems, volumeTypes } from './pod-checks';
import { credentialsIn, hasCredentialShape } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath, indexPath } from '../core/path';

type Obj = Record<string, any>;

/** `core.MaxSecretSize`: the most data a ConfigMap (or Secret) holds. */
export const CONFIG_MAP_MAX_BYTES = 1024 * 1024;

/** Kinds named by DNS-1035 labels (the rest by DNS-1123 subdomains). */
const DNS1035_NAMED = ['Service'];

function objectPath(m: Obj): string {
  return `${String(m.kind)}[${String(m.metadata?.name)}]`;
}

function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Bytes of a ConfigMap's data and binaryData, as the API server counts them. */
export function configMapDataBytes(m: Obj): number {
  return dataBytes(m, false);
}

/**
 * The same, or (`bound`) a quick upper bound of it: a UTF-16 code unit is at most 3 bytes of
 * UTF-8, and base64 decodes to at most 3 bytes per 4 characters.
 */
function dataBytes(m: Obj, bound: boolean): number {
  if (bound) {
    let most = 0;
    for (const v of Object.values(isObject(m.data) ? m.data : {})) if (typeof v === 'string') most += 3 * v.length;
    for (const v of Object.values(isObject(m.binaryData) ? m.binaryData : {})) if (typeof v === 'string') most += Math.ceil(v.length / 4) * 3;
    return most;
  }
  let total = 0;
  for (const v of Object.values(isObject(m.data) ? m.data : {})) if (typeof v === 'string') total += utf8Bytes(v);
  for (const v of Object.values(isObject(m.binaryData) ? m.binaryData : {})) if (typeof v === 'string') total += Buffer.from(v, 'base64').length;
  return total;
}

/** The largest parts of a spec that land in the generated config, with their paths. */
function specContributors(spec: unknown): { path: string; bytes: number }[] {
  if (!isObject(spec)) return [];
  const out: { path: string; bytes: number }[] = [];
  const add = (path: string, v: unknown) => {
    if (v !== undefined && v !== null) out.push({ path, bytes: utf8Bytes(JSON.stringify(v) ?? '') });
  };
  for (const f of ['models', 'shields', 'tools']) add(`spec.resources.${f}`, spec.resources?.[f]);
  for (const [field, list] of Object.entries(isObject(spec.providers) ? spec.providers : {})) {
    (Array.isArray(list) ? list : []).forEach((p: any, i: number) => add(`spec.providers.${field}[${i}].settings`, p?.settings));
  }
  for (const [field, list] of Object.entries(isObject(spec.externalProviders) ? spec.externalProviders : {})) {
    (Array.isArray(list) ? list : []).forEach((p: any, i: number) => add(`spec.externalProviders.${field}[${i}].config`, p?.config));
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

/** A spec part this large is what made the config too large. */
const BLAME_MIN_BYTES = 64 * 1024;

/** The generated ConfigMap over 1 MiB: at the spec path that made it so when one stands out. */
export function configMapSizeProblem(m: Obj, spec?: unknown): ConfigProblem | undefined {
  // A config a third of the limit or less cannot be over it: no need to count its bytes.
  if (dataBytes(m, true) <= CONFIG_MAP_MAX_BYTES) return undefined;
  const bytes = configMapDataBytes(m);
  if (bytes <= CONFIG_MAP_MAX_BYTES) return undefined;
  const size = `${bytes.toLocaleString('en-US')} bytes`;
  const limit = `${CONFIG_MAP_MAX_BYTES.toLocaleString('en-US')} bytes (1 MiB)`;
  const top = specContributors(spec)[0];
  if (top && top.bytes >= BLAME_MIN_BYTES) {
    const models = top.path.startsWith('spec.resources.');
    return {
      path: top.path,
      message: `makes the generated config.yaml ${size} (the config's largest part comes from here): the API server rejects a ConfigMap whose data is above ${limit}`,
      fix: models
        ? 'register fewer of them in the config: keep the ones the server needs at start-up, and register the rest at run time (the Models API, or your client)'
        : 'keep large data out of the config: put it in a ConfigMap or Secret of your own, mount it with volumes and volumeMounts, and point the setting at the file',
    };
  }
  return {
    path: `${objectPath(m)}.data`,
    message: `is ${size}: the API server rejects a ConfigMap whose data is above ${limit}`,
    fix: 'make the config smaller (fewer models and providers, a smaller base or override config), or mount large files from ConfigMaps of your own',
  };
}

/** Annotations of one object may total 256 KiB, keys and values in bytes (`ValidateAnnotationsSize`). */
export const ANNOTATIONS_MAX_BYTES = 256 * 1024;

/** The bytes of an annotation map as the API server counts them (keys and values, UTF-8). */
export function annotationBytes(annotations: unknown): number {
  let bytes = 0;
  for (const [k, v] of Object.entries(isObject(annotations) ? annotations : {})) bytes += utf8Bytes(k) + (typeof v === 'string' ? utf8Bytes(v) : 0);
  return bytes;
}

/** An annotation map over the API server's limit (`with`: what the library added, for the message). */
export function annotationsSizeProblem(annotations: unknown, path: string, added?: string): ConfigProblem | undefined {
  const bytes = annotationBytes(annotations);
  if (bytes <= ANNOTATIONS_MAX_BYTES) return undefined;
  return {
    path,
    message: `annotations total ${bytes} bytes${added !== undefined ? ` with the library's own (${added})` : ''}, over the API server's ${ANNOTATIONS_MAX_BYTES} (256 KiB)`,
    fix: 'shorten them, or keep the data in a ConfigMap',
  };
}

function metadataProblems(m: Obj): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  // Paths are formatted only for a problem.
  const at = () => `${objectPath(m)}.metadata`;
  const meta = isObject(m.metadata) ? m.metadata : {};
  if (typeof meta.name === 'string') {
    const dns1035 = DNS1035_NAMED.includes(m.kind);
    const errs = meta.name === '' ? ['Required value'] : dns1035 ? isDns1035Label(meta.name) : isDns1123Subdomain(meta.name);
    if (errs.length > 0) {
      problems.push({ path: `${at()}.name`, message: `${shown(meta.name)} is not a valid ${m.kind} name: ${errs.join('; ')}`, fix: dns1035 ? 'start the base name with a letter' : 'use a base name of lower-case letters, digits and \'-\'' });
    }
  }
  if (typeof meta.namespace === 'string') {
    const errs = dns1123LabelErrors(meta.namespace);
    if (errs.length > 0) problems.push({ path: `${at()}.namespace`, message: `${shown(meta.namespace)} is not a namespace name: ${errs.join('; ')}`, fix: 'use a DNS-1123 label' });
  }
  problems.push(...labelMapProblems(meta.labels, () => `${at()}.labels`));
  for (const k of Object.keys(isObject(meta.annotations) ? meta.annotations : {})) {
    const errs = isQualifiedName(k.toLowerCase());
    if (errs.length > 0) problems.push({ path: `${at()}.annotations`, message: `annotation key ${shown(k)} is not a qualified name: ${errs.join('; ')}`, fix: 'use a qualified name such as example.com/key' });
  }
  const size = meta.annotations !== undefined ? annotationsSizeProblem(meta.annotations, `${at()}.annotations`) : undefined;
  if (size) problems.push(size);
  return problems;
}

function portProblems(ports: unknown, path: LazyPath, field: 'containerPort' | 'port', named = false): ConfigProblem[] {
  if (!Array.isArray(ports)) return [];
  const problems: ConfigProblem[] = [];
  const names = new Set<string>();
  ports.forEach((p: any, i: number) => {
    const v = p?.[field];
    if (named && (typeof v === 'string' || v === undefined)) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 65535) {
      problems.push({ path: `${pathText(path)}[${i}].${field}`, message: `${String(v)} must be between 1 and 65535, inclusive`, fix: 'use a port between 1 and 65535' });
    }
    if (typeof p?.name === 'string') {
      if (names.has(p.name)) problems.push({ path: `${pathText(path)}[${i}].name`, message: `Duplicate value: ${shown(p.name)}`, fix: 'give each port its own name' });
      names.add(p.name);
    }
  });
  return problems;
}

/** The pod's volumes, containers and mounts; paths are formatted only for a problem. */
function podProblems(pod: Obj, path: () => string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const volumes: any[] = Array.isArray(pod.volumes) ? pod.volumes : [];
  const volumeNames = new Set<string>();
  for (let i = 0; i < volumes.length; i++) {
    if (!(i in volumes)) continue; // a hole, as forEach skips it
    const v = volumes[i];
    const at = () => `${path()}.volumes[${i}]`;
    const name = v?.name;
    if (typeof name !== 'string' || dns1123LabelErrors(name).length > 0) {
      problems.push({ path: `${at()}.name`, message: `${typeof name === 'string' ? shown(name) : 'Required value'}: a volume name must be a DNS-1123 label`, fix: 'rename the volume' });
    } else if (volumeNames.has(name)) {
      problems.push({ path: `${at()}.name`, message: `Duplicate value: ${shown(name)}`, fix: 'give each volume its own name' });
    }
    if (typeof name === 'string') volumeNames.add(name);
    const types = volumeTypes(v);
    if (types.length !== 1) problems.push({ path: at(), message: types.length === 0 ? 'must specify a volume type' : 'may not specify more than 1 volume type', fix: 'give the volume exactly one source' });
  }
  const containerNames = new Set<string>();
  for (const field of ['initContainers', 'containers']) {
    const list: unknown[] = Array.isArray(pod[field]) ? pod[field] : [];
    for (let ci = 0; ci < list.length; ci++) {
      const c = list[ci];
      if (!isObject(c)) continue;
      const at = () => `${path()}.${field}[${ci}]`;
      if (typeof c.name !== 'string' || dns1123LabelErrors(c.name).length > 0) {
        problems.push({ path: `${at()}.name`, message: `${shown(String(c.name))}: a container name must be a DNS-1123 label`, fix: 'rename the container' });
      } else if (containerNames.has(c.name)) {
        problems.push({ path: `${at()}.name`, message: `Duplicate value: ${shown(c.name)}`, fix: 'give each container its own name' });
      }
      if (typeof c.name === 'string') containerNames.add(c.name);
      if (typeof c.image !== 'string') problems.push({ path: `${at()}.image`, message: 'Required value', fix: 'set an image' });
      problems.push(...imageProblems(c.image, () => `${at()}.image`));
      problems.push(...pullPolicyProblems(c.imagePullPolicy, () => `${at()}.imagePullPolicy`));
      problems.push(...portProblems(c.ports, () => `${at()}.ports`, 'containerPort'));
      problems.push(...envProblems(c.env, () => `${at()}.env`));
      problems.push(...argvProblems(c.command, () => `${at()}.command`), ...argvProblems(c.args, () => `${at()}.args`));
      const mountPaths = new Set<string>();
      const mounts: unknown[] = Array.isArray(c.volumeMounts) ? c.volumeMounts : [];
      for (let i = 0; i < mounts.length; i++) {
        if (!(i in mounts)) continue; // a hole, as forEach skips it
        const mnt: any = mounts[i];
        if (!volumeNames.has(mnt?.name)) problems.push({ path: `${at()}.volumeMounts[${i}].name`, message: `Not found: ${shown(String(mnt?.name))}`, fix: 'mount a volume of the pod' });
        const mp = typeof mnt?.mountPath === 'string' ? mnt.mountPath : '';
        // The library's constant mounts (library-constants.ts) have valid paths: only their place is checked.
        const why = isObject(mnt) && isLibraryConstant(mnt) ? undefined : mountPathProblem(mp);
        if (why) problems.push({ path: `${at()}.volumeMounts[${i}].mountPath`, message: `${shown(mp)} ${why}`, fix: 'use an absolute path' });
        const key = normalizedMountPath(mp);
        if (!why && mountPaths.has(key)) problems.push({ path: `${at()}.volumeMounts[${i}].mountPath`, message: `${shown(mp)} must be unique`, fix: 'mount each volume at a path of its own' });
        mountPaths.add(key);
      }
    }
  }
  if (typeof pod.serviceAccountName === 'string') {
    const errs = isDns1123Subdomain(pod.serviceAccountName);
    if (errs.length > 0) problems.push({ path: `${path()}.serviceAccountName`, message: `${shown(pod.serviceAccountName)}: ${errs.join('; ')}`, fix: 'use a ServiceAccount name' });
  }
  problems.push(...nodeSelectorProblems(pod.nodeSelector, () => `${path()}.nodeSelector`));
  if (pod.tolerations !== undefined) problems.push(...tolerationProblems(pod.tolerations, `${path()}.tolerations`));
  return problems;
}

function classNameProblem(v: unknown, path: string, kind: string): ConfigProblem[] {
  if (typeof v !== 'string' || v === '') return [];
  const errs = isDns1123Subdomain(v);
  return errs.length > 0 ? [{ path, message: `${shown(v)} is not a ${kind} name: ${errs.join('; ')}`, fix: `use the ${kind}'s name` }] : [];
}

function kindProblems(m: Obj, spec?: unknown): ConfigProblem[] {
  const at = objectPath(m);
  const lazy = (suffix: string) => () => `${at}${suffix}`;
  const s = isObject(m.spec) ? m.spec : {};
  switch (m.kind) {
    case 'ConfigMap': {
      const problems: ConfigProblem[] = [];
      for (const k of [...Object.keys(isObject(m.data) ? m.data : {}), ...Object.keys(isObject(m.binaryData) ? m.binaryData : {})]) {
        const errs = isConfigMapKey(k);
        if (errs.length > 0) problems.push({ path: `${at}.data`, message: `key ${shown(k)}: ${errs.join('; ')}`, fix: 'use a valid key' });
      }
      const size = configMapSizeProblem(m, spec);
      if (size) problems.push(size);
      return problems;
    }
    case 'Deployment': {
      const template = isObject(s.template) ? s.template : {};
      const size = template.metadata?.annotations !== undefined ? annotationsSizeProblem(template.metadata.annotations, `${at}.spec.template.metadata.annotations`) : undefined;
      const problems = [
        ...(size ? [size] : []),
        ...labelMapProblems(template.metadata?.labels, lazy('.spec.template.metadata.labels')),
        ...labelSelectorProblems(s.selector, lazy('.spec.selector')),
        ...podProblems(isObject(template.spec) ? template.spec : {}, lazy('.spec.template.spec')),
      ];
      const selector = isObject(s.selector?.matchLabels) ? s.selector.matchLabels : {};
      const labels = isObject(template.metadata?.labels) ? template.metadata.labels : {};
      if (Object.entries(selector).some(([k, v]) => labels[k] !== v)) {
        problems.push({ path: `${at}.spec.template.metadata.labels`, message: '`selector` does not match template `labels`', fix: 'keep the selector labels on the pod template' });
      }
      return problems;
    }
    case 'Service':
      return [
        ...portProblems(s.ports, lazy('.spec.ports'), 'port'),
        ...labelMapProblems(s.selector, lazy('.spec.selector'), 'selector label'),
      ];
    case 'PersistentVolumeClaim':
      return classNameProblem(s.storageClassName, `${at}.spec.storageClassName`, 'StorageClass');
    case 'Ingress': {
      const problems = classNameProblem(s.ingressClassName, `${at}.spec.ingressClassName`, 'IngressClass');
      (Array.isArray(s.tls) ? s.tls : []).forEach((t: any, i: number) => problems.push(...classNameProblem(t?.secretName, `${at}.spec.tls[${i}].secretName`, 'Secret')));
      return problems;
    }
    case 'NetworkPolicy': {
      const problems = labelSelectorProblems(s.podSelector, lazy('.spec.podSelector'));
      (Array.isArray(s.ingress) ? s.ingress : []).forEach((rule: any, i: number) => {
        (Array.isArray(rule?.from) ? rule.from : []).forEach((peer: any, j: number) => {
          problems.push(...labelSelectorProblems(peer?.namespaceSelector, lazy(`.spec.ingress[${i}].from[${j}].namespaceSelector`)));
          problems.push(...labelSelectorProblems(peer?.podSelector, lazy(`.spec.ingress[${i}].from[${j}].podSelector`)));
        });
        problems.push(...portProblems(rule?.ports, lazy(`.spec.ingress[${i}].ports`), 'port', true));
      });
      return problems;
    }
    default:
      return [];
  }
}

/**
 * What the API server would reject in the rendered objects. `spec` (the validated spec they were
 * rendered from) lets an oversized ConfigMap be reported at the spec field that made it so.
 */
export function objectProblems(manifests: readonly unknown[], spec?: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const m of manifests) {
    if (!isObject(m)) continue;
    problems.push(...metadataProblems(m), ...kindProblems(m, spec));
  }
  return problems;
}

/*
 * The last guard against a credential in the rendered objects: every string (and map key) of
 * every object is read for a credential by its shape (core/credential-keys.ts
 * `hasCredentialShape`: a provider key prefix, a JWT, a private key, a URL password), the
 * ConfigMap's config.yaml text included. The input checks refuse the slots they know (env values,
 * Secret keys, auth options, configs given as text) at the user's paths; this is the safety net
 * for every other slot (a model name, an annotation, a label, a host name), with object paths.
 * Secret reference positions (`secretKeyRef`, `secretRef`, `secretName`, `imagePullSecrets`) hold
 * names the user gave as references and are not read.
 */

/** Keys whose values name Secrets (references, not values). */
const REFERENCE_KEYS = new Set(['secretKeyRef', 'secretRef', 'secretName', 'imagePullSecrets']);

const MAX_NODES = 200000;

const FIX = 'find the prop or field that sets it and keep the credential in a Secret: '
  + 'env: { <NAME>: SecretRef.fromSecretName(<secret>, <key>) }, apiKey or secretRefs for a provider, ${env.<NAME>} inside a config';

/**
 * Problems for each credential-looking string in `manifests`, never quoting it. What also
 * occurs in `libraryText` (the base config the library ships, whose demo configs hold a
 * `postgres:postgres@localhost` connection string) is the library's, not the user's.
 */
export function credentialLeakProblems(manifests: readonly unknown[], libraryText = ''): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const budget = { nodes: MAX_NODES };
  const found = (path: string, what: string, length: number): void => {
    problems.push({ path, message: `${what} looks like a credential (a string of ${length} characters, not shown): it would be written into the object as is`, fix: FIX });
  };
  const visit = (v: unknown, path: string): void => {
    if (--budget.nodes < 0) return;
    if (typeof v === 'string') {
      if (credentialsIn(v).some((c) => !libraryText.includes(c))) found(path, 'the value', v.length);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, indexPath(path, i)));
      return;
    }
    if (!isObject(v)) return;
    for (const key of Object.keys(v)) {
      if (REFERENCE_KEYS.has(key)) continue;
      if (hasCredentialShape(key)) found(childPath(path, key), 'the key', key.length);
      else visit(v[key], childPath(path, key));
    }
  };
  for (const m of manifests) {
    if (!isObject(m)) continue;
    visit(m, `${String(m.kind)}[${String(isObject(m.metadata) ? m.metadata.name : undefined)}]`);
  }
  return problems;
}
