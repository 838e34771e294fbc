/**
 * Size limits of the pod's emptyDirs. Without a `sizeLimit`, an emptyDir can fill the node's
 * disk and get other pods evicted; with one, the kubelet evicts only this pod when it grows past
 * the limit. Every emptyDir the library adds has one.
 */
import { EXTERNAL_PROVIDERS_SIZE_LIMIT } from './external-providers';
import { hasPvc, WorkloadPlan } from './plan';
import { DEFAULT_STORAGE_SIZE } from './storage';
import { externalProviderEntries } from '../config/external-providers';
import { compareQuantities, parseQuantity, quantitySign } from '../config/quantity';
import { LlamaStackDistributionSpec } from '../config/spec';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { QUANTITY } from '../core/struct-check';

/**
 * Size limits (`sizeLimit`, Kubernetes quantities) of the emptyDir volumes of the server's pod:
 * the kubelet evicts the pod when one grows past its limit, instead of the node's disk filling up.
 */
export interface EmptyDirSizeLimits {
  /**
   * The data volume (`/.llama`, also `HOME` and `HF_HOME`) when there is no `persistentStorage`:
   * SQLite stores, uploaded files (starter's localfs), vector indexes (faiss, sqlite-vec) and the
   * Hugging Face cache, where starter's embedding and reranker models download on first use
   * (~1.8 GB together). Not with `persistentStorage`: the data volume is the PVC, sized by
   * `persistentStorage.size`.
   * @default "10Gi" (the default PVC size, so dropping the PVC keeps the capacity)
   */
  readonly data?: string;
  /**
   * `/.cache`. `HOME` and `HF_HOME` point at the data volume, so the server's caches (models,
   * `~/.cache`) land there; this holds what writes to `/.cache` itself. Raise it if you point
   * `HF_HOME` or `XDG_CACHE_HOME` here.
   * @default "1Gi"
   */
  readonly cache?: string;
  /**
   * `/tmp`: uploads being received (spooled to disk above 1 MB), libraries' temporary files, and
   * pip's staging area while external providers install (`pip install --target` builds the whole
   * tree in the temp dir, then moves it).
   * @default "1Gi", or the `externalProviders` limit when external providers are installed and it is higher
   */
  readonly tmp?: string;
  /**
   * The volume external providers are installed into.
   * @default "2Gi" (spec 001's default, enough for several providers with their dependencies)
   */
  readonly externalProviders?: string;
}

/** Every limit, resolved. */
export interface ResolvedEmptyDirSizeLimits {
  readonly data: string;
  readonly cache: string;
  readonly tmp: string;
  readonly externalProviders: string;
}

/** Defaults (see `EmptyDirSizeLimits` for the reasons). */
export const DEFAULT_EMPTY_DIR_SIZE_LIMITS: ResolvedEmptyDirSizeLimits = {
  data: DEFAULT_STORAGE_SIZE,
  cache: '1Gi',
  tmp: '1Gi',
  externalProviders: EXTERNAL_PROVIDERS_SIZE_LIMIT,
};

/**
 * The CA bundle: the image's trust store (~220 KB on Debian and UBI) and the user's keys (a
 * ConfigMap holds at most 1 MiB), so 2Mi is room enough, and nothing else writes there.
 */
export const CA_BUNDLE_SIZE_LIMIT = '2Mi';

function greater(a: string, b: string): string {
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa && qb && compareQuantities(qb, qa) > 0 ? b : a;
}

/** The limits of a pod: the user's, else the defaults. */
export function emptyDirSizeLimits(plan: Pick<WorkloadPlan, 'spec' | 'emptyDirSizeLimits'>): ResolvedEmptyDirSizeLimits {
  const given = plan.emptyDirSizeLimits ?? {};
  const d = DEFAULT_EMPTY_DIR_SIZE_LIMITS;
  const externalProviders = given.externalProviders ?? d.externalProviders;
  const installs = externalProviderEntries(plan.spec).length > 0;
  return {
    data: given.data ?? d.data,
    cache: given.cache ?? d.cache,
    tmp: given.tmp ?? (installs ? greater(d.tmp, externalProviders) : d.tmp),
    externalProviders,
  };
}

const FIELDS: (keyof EmptyDirSizeLimits)[] = ['data', 'cache', 'tmp', 'externalProviders'];

/** Each limit is a positive quantity, and applies to a volume the pod has. */
export function emptyDirSizeLimitProblems(given: EmptyDirSizeLimits | undefined, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (given === undefined) return [];
  const problems: ConfigProblem[] = [];
  for (const field of FIELDS) {
    const v: unknown = given[field];
    if (v === undefined) continue;
    const path = `props.emptyDirSizeLimits.${field}`;
    const q = parseQuantity(v);
    if (typeof v !== 'string' || !QUANTITY.test(v)) {
      problems.push({ path, message: `must be a quantity, e.g. 10Gi, not ${quoteValue(v)}`, fix: 'use a Kubernetes quantity such as 10Gi or 500Mi' });
    } else if (q === undefined) {
      problems.push({ path, message: `${quoteValue(v)} is not a quantity the API server parses (an exponent must be a whole number)`, fix: 'write it with a suffix, e.g. 512Mi or 4Gi' });
    } else if (quantitySign(q) <= 0) {
      problems.push({ path, message: `must be greater than 0, not ${quoteValue(v)}`, fix: 'use a positive quantity such as 1Gi, or remove it for the default' });
    }
  }
  if (given.data !== undefined && hasPvc({ spec })) {
    problems.push({
      path: 'props.emptyDirSizeLimits.data',
      message: 'the data volume is a PersistentVolumeClaim (spec.workload.storage), not an emptyDir: a size limit would not apply to it',
      fix: 'size the PVC with spec.workload.storage.size, and remove emptyDirSizeLimits.data',
    });
  }
  if (given.externalProviders !== undefined && externalProviderEntries(spec).length === 0) {
    problems.push({
      path: 'props.emptyDirSizeLimits.externalProviders',
      message: 'there are no external providers, so the pod has no volume to install them into',
      fix: 'remove emptyDirSizeLimits.externalProviders, or add externalProviders',
    });
  }
  return problems;
}
