/**
 * The server container's resources: the user's requests and limits, with defaults that never
 * exceed a limit the user set (the API server rejects a request above its limit).
 *
 * Default memory, per worker (each uvicorn worker is a process that loads its own models): the
 * default distribution, starter, enables `inline::sentence-transformers` (the default embedding
 * model, nomic-ai/nomic-embed-text-v1.5: 137M parameters, ~0.55 GB in float32) and
 * `inline::transformers` (the default reranker, Qwen/Qwen3-Reranker-0.6B: 0.6B parameters, ~1.2 GB
 * in bfloat16, ~2.4 GB if upcast to float32). Both load in-process, with CPU torch, on first use.
 * Estimates from the parameter counts, not measurements: the server idles at roughly 0.5 GiB,
 * the first embedding request (any vector store or file search on defaults) brings it to
 * ~1.5–2 GiB, and the reranker, loaded only when a search asks for it, to ~3–4 GiB. So the
 * request is 2Gi (what a RAG-serving pod keeps using: the scheduler must find it) and the limit
 * 4Gi (room for the reranker, instead of an OOM kill on its first use). The former 1Gi request
 * and limit were OOM-killed by the first embedding request.
 */
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { QUANTITY } from '../core/struct-check';
import { compareQuantities, parseQuantity, Quantity, quantitySign } from '../kubernetes/quantity';
import { WorkloadSpec } from '../spec/spec';

/** Default memory request per worker, in GiB. */
export const MEMORY_REQUEST_GI_PER_WORKER = 2;
/** Default memory limit per worker, in GiB. */
export const MEMORY_LIMIT_GI_PER_WORKER = 4;

type Amounts = { [resource: string]: string | number };

function workersOf(w: WorkloadSpec | undefined): number {
  return w?.workers ?? 1;
}

function amounts(v: unknown): Amounts {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Amounts : {};
}

function lower(a: string | number, b: string | number | undefined): string | number {
  if (b === undefined) return a;
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa && qb && compareQuantities(qb, qa) < 0 ? b : a;
}

function higher(a: string | number, b: string | number | undefined): string | number {
  if (b === undefined) return a;
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa && qb && compareQuantities(qb, qa) > 0 ? b : a;
}

/**
 * Requests default to `cpu: <workers>` and `memory: <2 × workers>Gi`, each lowered to the user's
 * limit of that resource; the memory limit defaults to `<4 × workers>Gi`, raised to the memory
 * request when that is higher. What the user sets is kept as written.
 */
export function containerResources(w: WorkloadSpec | undefined): any {
  const given = w?.resources ?? {};
  const userRequests = amounts(given.requests);
  const userLimits = amounts(given.limits);
  const n = workersOf(w);
  const requests: Amounts = {
    cpu: lower(String(n), userLimits.cpu),
    memory: lower(`${MEMORY_REQUEST_GI_PER_WORKER * n}Gi`, userLimits.memory),
    ...userRequests,
  };
  const limits: Amounts = { memory: higher(`${MEMORY_LIMIT_GI_PER_WORKER * n}Gi`, requests.memory), ...userLimits };
  return { requests, limits };
}

const PATH = 'spec.workload.resources';

/**
 * What the API server would reject in the container's resources and the CRD's pattern lets
 * through: a negative amount, a fractional exponent (`1e1.5`), and a request above the limit of
 * the same resource. Other malformed values are reported by the schema check.
 */
export function resourceProblems(w: WorkloadSpec | undefined): ConfigProblem[] {
  const given = w?.resources;
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return [];
  const problems: ConfigProblem[] = [];
  const parsed = (kind: 'requests' | 'limits'): Map<string, Quantity> => {
    const out = new Map<string, Quantity>();
    for (const [name, v] of Object.entries(amounts(given[kind]))) {
      const path = `${PATH}.${kind}.${name}`;
      const q = parseQuantity(v);
      if (q === undefined) {
        // Strings the CRD's pattern rejects are the schema check's; integers always parse.
        if (typeof v === 'string' && QUANTITY.test(v)) {
          problems.push({ path, message: `${quoteValue(v)} is not a quantity the API server parses (an exponent must be a whole number)`, fix: 'write it with a suffix, e.g. 500m, 2, 512Mi or 4Gi' });
        }
        continue;
      }
      if (quantitySign(q) < 0) {
        problems.push({ path, message: `must be greater than or equal to 0, not ${quoteValue(v)}`, fix: 'use a positive quantity, or remove it' });
        continue;
      }
      out.set(name, q);
    }
    return out;
  };
  const requests = parsed('requests');
  const limits = parsed('limits');
  for (const [name, request] of requests) {
    const limit = limits.get(name);
    if (limit === undefined || compareQuantities(request, limit) <= 0) continue;
    const r = amounts(given.requests)[name];
    const l = amounts(given.limits)[name];
    problems.push({
      path: `${PATH}.requests.${name}`,
      message: `${quoteValue(r)} is above ${PATH}.limits.${name} (${quoteValue(l)}): the API server rejects a request greater than its limit`,
      fix: `lower requests.${name} to at most ${l}, or raise limits.${name} to at least ${r}`,
    });
  }
  return problems;
}
