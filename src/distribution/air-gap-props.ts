/**
 * Props of air-gapped clusters: the registry mirror, the model seed and the declaration
 * (docs/air-gapped.md). Types only: props-shape.ts checks them, air-gap.ts plans them.
 */
import type { ModelSeedOptions } from '../workload/model-seed-options';

/** Air-gapped clusters: images from a mirror, models from an image (docs/air-gapped.md). */
export interface AirGapProps {
  /**
   * A registry mirror, `host[:port][/path]`, every image the library writes is pulled from: the
   * server's, the external providers', the model seed's and the verification Job's. Each keeps its
   * repository path, tag and digest; its registry host (Docker Hub when it names none, whose
   * official images keep `library/`) becomes the mirror: `docker.io/ogxai/distribution-starter:1.3.0`
   * → `<mirror>/ogxai/distribution-starter:1.3.0`. An image already on the mirror's registry (its
   * host and port) is kept.
   * @default - each image from its own registry
   */
  readonly imageRegistry?: string;
  /**
   * Models pre-seeded from an OCI image (`ModelSeedMode.INIT_CONTAINER`, the default, copies them
   * into an emptyDir; `IMAGE_VOLUME` mounts the image, Kubernetes 1.33+): `HF_HOME` is the seeded
   * tree and `HF_HUB_OFFLINE=1`, so the server downloads nothing.
   * @default - models download from Hugging Face on first use
   */
  readonly modelSeed?: ModelSeedOptions;
  /**
   * The cluster reaches no public registry or Hugging Face: a sentence-transformers model the
   * config names (starter's embedding model and reranker) that `modelSeed` does not hold is a
   * warning.
   * @default false
   */
  readonly airGapped?: boolean;
}
