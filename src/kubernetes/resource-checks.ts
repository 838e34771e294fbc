/**
 * core/v1 `ValidateResourceRequirements` of a container's resource names: standard container
 * resources or fully qualified extended ones, and the rules of resources that cannot be
 * overcommitted (extended resources such as `nvidia.com/gpu`, and hugepages): a limit is
 * required, a request equals it, and an extended resource is counted in whole units. Pure.
 * (Requests above limits: `resourceProblems` in src/workload/resources.ts.) Paths: `<path>.requests.<name>`,
 * as there.
 */
import { isQualifiedName, shown } from './name-rules';
import { compareQuantities, parseQuantity } from './quantity';
import { ConfigProblem } from '../core/errors';

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
    // Above the limit: resourceProblems (src/workload/resources.ts) reports it.
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
