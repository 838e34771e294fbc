/** Options of the model seed (model-seed.ts), apart so the props and the plan can name them without a cycle. */
import type { Size } from 'cdk8s';

/** How the pod gets the models of a `modelSeed` image. */
export enum ModelSeedMode {
  /**
   * An init container of the model image copies its Hugging Face tree into an emptyDir, which the
   * server mounts: any cluster, the restricted Pod Security Standard and OpenShift's `restricted-v2`
   * (the image needs `/bin/sh` and `cp`, e.g. one built `FROM` busybox or UBI minimal).
   */
  INIT_CONTAINER = 'initContainer',
  /**
   * An `image` volume (`volumes[].image`) mounts the model image read-only, with no copy: Kubernetes
   * 1.33+ with the ImageVolume feature (beta, on by default from 1.35) and a CRI that supports it. The
   * restricted Pod Security Standard does not list image volumes (`allowUnrestrictedVolumes` is
   * needed), and OpenShift's `restricted-v2` SCC does not admit them (an error on
   * `Platform.OPENSHIFT`).
   */
  IMAGE_VOLUME = 'imageVolume',
}

/**
 * `modelSeed` of `LlamaStackDistribution`: models pre-seeded from an OCI image, so the server
 * downloads nothing (`HF_HOME` is the seeded tree, `HF_HUB_OFFLINE=1`, `TRANSFORMERS_OFFLINE=1`).
 */
export interface ModelSeedOptions {
  /**
   * The OCI image (pinned: a version tag or a digest) whose `path` is a Hugging Face home: the
   * models under `hub/models--<org>--<name>/` as `huggingface-cli download` leaves them.
   */
  readonly image: string;
  /**
   * The Hugging Face ids of the models the image holds (`nomic-ai/nomic-embed-text-v1.5`). With
   * `airGapped`, a sentence-transformers model the config names that is not listed is a warning.
   */
  readonly models: string[];
  /**
   * The image's directory that is the Hugging Face home (it holds `hub/`).
   * @default "/models"
   */
  readonly path?: string;
  /**
   * `ModelSeedMode.INIT_CONTAINER` (a copy into an emptyDir) or `ModelSeedMode.IMAGE_VOLUME` (a
   * read-only image volume, Kubernetes 1.33+).
   * @default ModelSeedMode.INIT_CONTAINER
   */
  readonly mode?: ModelSeedMode;
  /**
   * Size limit of the emptyDir the models are copied into (`INIT_CONTAINER`): the models' size and
   * some room.
   * @default Size.gibibytes(10)
   */
  readonly sizeLimit?: Size;
}

/** The model seed as the planner resolved it (the image already on the mirror). */
export interface ResolvedModelSeed {
  readonly image: string;
  readonly path: string;
  readonly mode: ModelSeedMode;
  readonly sizeLimit: string;
}
