/**
 * core/v1 container validation of what a user sets on the server's containers: the image, the
 * pull policy, env vars and the Secret / ConfigMap keys they read, and the names of the resources
 * they request (below). Pure.
 */
import { imageReferenceProblem } from './image-reference';
import { configMapKeyErrors, dns1123SubdomainErrors, envVarNameErrors, isQualifiedName, LazyPath, nameProblem, objectNameRule, pathText, shown } from './name-rules';
import { compareQuantities, parseQuantity } from './quantity';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { describeSecretValue } from '../core/redact';

export const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

/**
 * A container's `image`: required (for a pod template), without leading or trailing whitespace
 * (the API server), and a reference the kubelet and the runtime can parse (else the pod never
 * starts: `InvalidImageName`). The image is shown bounded and escaped, a credential never.
 */
export function imageProblems(image: unknown, at: LazyPath): ConfigProblem[] {
  if (typeof image !== 'string') return [];
  const trimmed = image.trim();
  const why = trimmed === image && image !== '' ? imageReferenceProblem(image) : undefined;
  if (trimmed === image && image !== '' && why === undefined) return [];
  const path = pathText(at);
  if (trimmed === '') return [{ path, message: 'Required value: a container needs an image', fix: 'set an image reference, e.g. docker.io/llamastack/distribution-starter:0.7.1' }];
  if (image !== trimmed) {
    return [{ path, message: `${shown(image)} must not have leading or trailing whitespace`, fix: `remove the whitespace: ${shown(trimmed)}` }];
  }
  return [{
    path,
    message: `${shown(image)} is not an image reference the kubelet can pull: ${why}`,
    fix: 'write it as [registry[:port]/]name[:tag][@sha256:<64 hex digits>], e.g. quay.io/org/image:1.0',
  }];
}

/** `imagePullPolicy`: one of the three policies (case matters). */
export function pullPolicyProblems(policy: unknown, at: LazyPath): ConfigProblem[] {
  if (typeof policy !== 'string' || PULL_POLICIES.includes(policy)) return [];
  const path = pathText(at);
  const near = PULL_POLICIES.find((p) => p.toLowerCase() === policy.trim().toLowerCase());
  return [{
    path,
    message: `Unsupported value: ${shown(policy)}: supported values: ${PULL_POLICIES.map((p) => `"${p}"`).join(', ')}`,
    fix: near ? `use "${near}"` : 'use Always, IfNotPresent or Never (or remove it: IfNotPresent for a pinned tag)',
  }];
}

/**
 * A `{name, key}` reference to a Secret (or ConfigMap): the name an object can have, the key one
 * it can hold. `at`: its path, or a function that formats it (called only for a problem).
 */
export function keyRefProblems(ref: unknown, at: LazyPath, kind: 'Secret' | 'ConfigMap' = 'Secret'): ConfigProblem[] {
  if (!isObject(ref)) return [];
  // The common case, a valid reference: no path to format.
  const nameOk = ref.name === '' || typeof ref.name !== 'string' || dns1123SubdomainErrors(ref.name).length === 0;
  if (nameOk && (typeof ref.key !== 'string' || ref.key === '' || configMapKeyErrors(ref.key).length === 0)) return [];
  const path = pathText(at);
  const problems: ConfigProblem[] = [];
  // A Secret reference is a secret-bearing position (a secret pasted as its name or key): described, not quoted.
  const show = (v: string) => (kind === 'Secret' ? `${describeSecretValue(v)} (not shown)` : shown(v));
  if (ref.name !== '') {
    const p = nameProblem(ref.name, `${path}.name`, objectNameRule(kind));
    if (p) problems.push(kind === 'Secret' ? { ...p, message: `${show(ref.name)}${p.message.slice(shown(ref.name).length)}` } : p);
  }
  if (typeof ref.key === 'string' && ref.key !== '') {
    const errs = configMapKeyErrors(ref.key);
    if (errs.length > 0) {
      problems.push({ path: `${path}.key`, message: `${show(ref.key)} is not a ${kind} key: ${errs.join('; ')}`, fix: `use a key of the ${kind}: letters, digits, '-', '_' and '.'` });
    }
  }
  return problems;
}

const VALUE_FROM = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef', 'fileKeyRef'];

/** A NUL in an env value or an argument: the API server stores it, the runtime cannot start the container. */
function nulProblem(path: string): ConfigProblem {
  return {
    path,
    message: 'holds a NUL character (\\u0000): the API server accepts it, but the container runtime passes env and arguments as C strings and cannot start the container',
    fix: 'remove the NUL character',
  };
}

/** A container's `command` or `args`: no entry may hold a NUL. */
export function argvProblems(argv: unknown, path: LazyPath): ConfigProblem[] {
  if (!Array.isArray(argv)) return [];
  const problems: ConfigProblem[] = [];
  argv.forEach((a, i) => {
    if (typeof a === 'string' && a.includes('\u0000')) problems.push(nulProblem(`${pathText(path)}[${i}]`));
  });
  return problems;
}

/** `ValidateEnv`: names, `value` (no NUL) or one `valueFrom` source, and the objects a source reads. */
export function envProblems(env: unknown, path: LazyPath): ConfigProblem[] {
  if (!Array.isArray(env)) return [];
  const problems: ConfigProblem[] = [];
  env.forEach((e, i) => {
    if (!isObject(e)) return;
    // Formatted only for a problem: a pod has a dozen env vars, valid as a rule.
    let formatted: string | undefined;
    const entry = () => (formatted ??= `${pathText(path)}[${i}]`);
    if (typeof e.name === 'string') {
      const errs = e.name === '' ? ['Required value'] : envVarNameErrors(e.name);
      if (errs.length > 0) {
        problems.push({ path: `${entry()}.name`, message: `${shown(e.name)} is not an env var name: ${errs.join('; ')}`, fix: 'use letters, digits, \'_\', \'-\' and \'.\', not starting with a digit (e.g. LOG_LEVEL)' });
      }
    }
    if (typeof e.value === 'string' && e.value.includes('\u0000')) problems.push(nulProblem(`${entry()}.value`));
    const from = e.valueFrom;
    if (!isObject(from)) return;
    if (typeof e.value === 'string' && e.value !== '') {
      problems.push({ path: `${entry()}.valueFrom`, message: 'may not be specified when `value` is not empty', fix: 'keep value or valueFrom' });
    }
    const sources = VALUE_FROM.filter((k) => from[k] !== undefined && from[k] !== null);
    if (sources.length === 0) {
      problems.push({ path: `${entry()}.valueFrom`, message: 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`', fix: 'add the source, e.g. secretKeyRef: {name, key}' });
    } else if (sources.length > 1) {
      problems.push({ path: `${entry()}.valueFrom`, message: `may not have more than one field specified at a time (it has ${sources.join(', ')})`, fix: 'keep one source' });
    }
    problems.push(...keyRefProblems(from.secretKeyRef, () => `${entry()}.valueFrom.secretKeyRef`, 'Secret'));
    problems.push(...keyRefProblems(from.configMapKeyRef, () => `${entry()}.valueFrom.configMapKeyRef`, 'ConfigMap'));
  });
  return problems;
}

/*
 * core/v1 `ValidateResourceRequirements` of a container's resource names: standard container
 * resources or fully qualified extended ones, and the rules of resources that cannot be
 * overcommitted (extended resources such as `nvidia.com/gpu`, and hugepages): a limit is
 * required, a request equals it, and an extended resource is counted in whole units.
 * (Requests above limits: `resourceProblems` in src/workload/container-resources.ts.) Paths:
 * `<path>.requests.<name>`, as there.
 */
const STANDARD_CONTAINER_RESOURCES = ['cpu', 'memory', 'ephemeral-storage'];

function isHugePages(name: string): boolean {
  return name.startsWith('hugepages-');
}

/** `IsNativeResource`: no domain, or a kubernetes.io domain. */
function isNative(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** `IsExtendedResourceName`: a domain outside kubernetes.io, and not `requests.`-prefixed. */
function isExtended(name: string): boolean {
  return !isNative(name) && !name.startsWith('requests.');
}

function overcommitAllowed(name: string): boolean {
  return isNative(name) && !isHugePages(name);
}

function amounts(v: unknown): { [name: string]: unknown } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as { [name: string]: unknown } : {};
}

/** Resource names the API server accepts on a container, and the non-overcommitable resources' rules. */
export function resourceNameProblems(resources: unknown, path: string): ConfigProblem[] {
  const r = amounts(resources);
  const requests = amounts(r.requests);
  const limits = amounts(r.limits);
  const problems: ConfigProblem[] = [];
  const badNames = new Set<string>();
  for (const kind of ['requests', 'limits'] as const) {
    for (const name of Object.keys(kind === 'requests' ? requests : limits)) {
      const at = `${path}.${kind}.${name}`;
      const errs = isQualifiedName(name);
      let why: string | undefined;
      if (errs.length > 0) why = errs.join('; ');
      else if (!name.includes('/') && !STANDARD_CONTAINER_RESOURCES.includes(name) && !isHugePages(name)) why = 'must be a standard resource for containers (cpu, memory, ephemeral-storage, hugepages-<size>) or fully qualified (e.g. nvidia.com/gpu)';
      else if (name.includes('/') && !isNative(name) && !isExtended(name)) why = 'doesn\'t follow extended resource name standard';
      if (why) {
        badNames.add(name);
        problems.push({ path: at, message: `${shown(name)} ${why}`, fix: 'use cpu, memory, ephemeral-storage, or a device plugin\'s fully qualified resource name such as nvidia.com/gpu' });
      }
    }
  }
  for (const [name, request] of Object.entries(requests)) {
    if (badNames.has(name) || overcommitAllowed(name)) continue;
    const at = `${path}.requests.${name}`;
    const rq = parseQuantity(request);
    const limit = limits[name];
    if (limit === undefined) {
      problems.push({ path: at, message: `Limit must be set for non overcommitable resources (${name})`, fix: `set limits.${name} to ${String(request)} (or set only the limit: the request follows it)` });
      continue;
    }
    const lq = parseQuantity(limit);
    // Above the limit: resourceProblems (src/workload/container-resources.ts) reports it.
    if (rq && lq && compareQuantities(rq, lq) < 0) {
      problems.push({ path: at, message: `${shown(String(request))} must be equal to ${name} limit of ${String(limit)}`, fix: `set requests.${name} equal to limits.${name}, or remove the request` });
    }
  }
  for (const kind of ['requests', 'limits'] as const) {
    for (const [name, v] of Object.entries(kind === 'requests' ? requests : limits)) {
      if (badNames.has(name) || !isExtended(name)) continue;
      const q = parseQuantity(v);
      if (q && q.num % q.den !== 0n) {
        problems.push({ path: `${path}.${kind}.${name}`, message: `${shown(String(v))} must be an integer (an extended resource is counted in whole units)`, fix: 'use a whole number, e.g. 1' });
      }
    }
  }
  return problems;
}
