/**
 * The sizes of the pod's volumes: the default PVC size, the default size limit of each emptyDir
 * the library adds, and the user's limits (`emptyDirSizeLimits`). Without a `sizeLimit`, an
 * emptyDir can fill the node's disk and get other pods evicted; with one, the kubelet evicts only
 * this pod when it grows past the limit. Nothing here imports the renderers.
 */
import type { Size } from 'cdk8s';
import { compareQuantities, parseQuantity } from '../kubernetes/quantity';
import { sizeQuantity } from '../kubernetes/units';
import { externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** The PVC's size when `persistentStorage.size` is not set, and the data emptyDir's default limit. */
export const DEFAULT_STORAGE_SIZE = '10Gi';

/** The external providers' volume default limit: spec 001's default, enough for several providers with their dependencies. */
export const EXTERNAL_PROVIDERS_SIZE_LIMIT = '2Gi';

/**
 * Size limits (`sizeLimit`: `Size.gibibytes(20)` is written `20Gi`) of the emptyDir volumes of the server's pod:
 * the kubelet evicts the pod when one grows past its limit, instead of the node's disk filling up.
 */
export interface EmptyDirSizeLimits {
  /**
   * The data volume (`/.llama`, also `HOME` and `HF_HOME`) when there is no `persistentStorage`:
   * SQLite stores, uploaded files (starter's localfs), vector indexes (faiss, sqlite-vec) and the
   * Hugging Face cache, where starter's embedding and reranker models download on first use
   * (~1.8 GB together). Not with `persistentStorage`: the data volume is the PVC, sized by
   * `persistentStorage.size`.
   * @default Size.gibibytes(10) (the default PVC size, so dropping the PVC keeps the capacity)
   */
  readonly data?: Size;
  /**
   * `/.cache`. `HOME` and `HF_HOME` point at the data volume, so the server's caches (models,
   * `~/.cache`) land there; this holds what writes to `/.cache` itself. Raise it if you point
   * `HF_HOME` or `XDG_CACHE_HOME` here.
   * @default Size.gibibytes(1)
   */
  readonly cache?: Size;
  /**
   * `/tmp`: uploads being received (spooled to disk above 1 MB), libraries' temporary files, and
   * pip's staging area while external providers install (`pip install --target` builds the whole
   * tree in the temp dir, then moves it).
   * @default Size.gibibytes(1), or the `externalProviders` limit when external providers are installed and it is higher
   */
  readonly tmp?: Size;
  /**
   * The volume external providers are installed into.
   * @default Size.gibibytes(2) (spec 001's default, enough for several providers with their dependencies)
   */
  readonly externalProviders?: Size;
}

/** Every limit, resolved: the quantities the emptyDirs carry. */
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
export function resolveEmptyDirSizeLimits(user: EmptyDirSizeLimits | undefined, spec: LlamaStackDistributionSpec): ResolvedEmptyDirSizeLimits {
  const given = user ?? {};
  const d = DEFAULT_EMPTY_DIR_SIZE_LIMITS;
  const quantity = (size: Size | undefined) => (size !== undefined ? sizeQuantity(size) : undefined);
  const externalProviders = quantity(given.externalProviders) ?? d.externalProviders;
  const installs = externalProviderEntries(spec).length > 0;
  return {
    data: quantity(given.data) ?? d.data,
    cache: quantity(given.cache) ?? d.cache,
    tmp: quantity(given.tmp) ?? (installs ? greater(d.tmp, externalProviders) : d.tmp),
    externalProviders,
  };
}
