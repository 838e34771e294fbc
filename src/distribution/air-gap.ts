/**
 * Air-gapped clusters (`imageRegistry`, `modelSeed`, `airGapped`): the mirror and the seed checked
 * against each other and the platform, the seed resolved for the pod, and the models the config
 * names that the seed does not hold (a warning when the cluster is declared air-gapped).
 */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { isJsonObject, JsonObject, JsonValue } from '../core/json';
import { childPath, indexPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { imageReferenceProblem, mirroredImage, registryMirrorProblem } from '../kubernetes/image-reference';
import { parseQuantity, quantitySign } from '../kubernetes/quantity';
import { sizeQuantity } from '../kubernetes/units';
import { isPinnedImage } from '../releases/images';
import { PodModelCache } from '../releases/pod-env';
import { PATHS } from '../releases/pod-paths';
import { externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { DEFAULT_MODEL_SEED_PATH, DEFAULT_MODEL_SEED_SIZE_LIMIT, modelSeedHome } from '../workload/model-seed';
import { ModelSeedMode, ResolvedModelSeed } from '../workload/model-seed-options';
import { readBaseConfigSharedOutcome } from '../yaml/parse';

type AirGapInput = Pick<LlamaStackDistributionProps, 'imageRegistry' | 'modelSeed' | 'airGapped' | 'allowUnrestrictedVolumes'>;

/** Env vars the seed sets (besides `HF_HOME`, the data volume's otherwise): a user's would undo it. */
const SEED_ENV = ['HF_HUB_OFFLINE', 'TRANSFORMERS_OFFLINE', 'HF_MODULES_CACHE'];
/** A Hugging Face repository id: `name` or `owner/name`. */
const HF_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

/** What is wrong with the mirror, the seed, and the two against the platform and the user's pod (every problem). */
export function airGapProblems(props: AirGapInput, spec: LlamaStackDistributionSpec, openShift: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const mirror = props.imageRegistry;
  const mirrorProblem = mirror !== undefined ? registryMirrorProblem(mirror) : undefined;
  if (mirrorProblem !== undefined) {
    problems.push({
      path: 'props.imageRegistry',
      message: `${quoteValue(mirror)} is not a registry mirror: ${mirrorProblem}`,
      fix: 'give the mirror as host[:port][/path], e.g. "registry.example.com/ogx"',
    });
  }
  const seed = props.modelSeed;
  if (seed === undefined) return problems;
  const imageProblem = imageReferenceProblem(seed.image);
  if (imageProblem !== undefined) {
    problems.push({ path: 'props.modelSeed.image', message: `${quoteValue(seed.image)} is not an image reference: ${imageProblem}`, fix: 'name the model image, e.g. "registry.example.com/models/starter:2026.11"' });
  } else if (!isPinnedImage(seed.image)) {
    problems.push({ path: 'props.modelSeed.image', message: `image ${quoteValue(seed.image)} is not pinned`, fix: 'use an exact version tag (not latest) or a digest, so every pod reads the same models' });
  }
  if (seed.models.length === 0) {
    problems.push({ path: 'props.modelSeed.models', message: 'lists no model', fix: "list the Hugging Face ids the image holds, e.g. ['nomic-ai/nomic-embed-text-v1.5']" });
  }
  seed.models.forEach((m, i) => {
    if (!HF_ID.test(m)) {
      problems.push({ path: indexPath('props.modelSeed.models', i), message: `${quoteValue(m)} is not a Hugging Face model id`, fix: 'write it as owner/name, e.g. "nomic-ai/nomic-embed-text-v1.5"' });
    }
  });
  const path = seed.path ?? DEFAULT_MODEL_SEED_PATH;
  if (!path.startsWith('/') || path.split('/').some((s) => s === '.' || s === '..') || /\/\/|[\s"'$`\\]/.test(path)) {
    problems.push({ path: 'props.modelSeed.path', message: `${quoteValue(path)} is not an absolute directory of the image`, fix: 'give the directory that holds hub/, e.g. "/models"' });
  }
  if (seed.sizeLimit !== undefined) {
    const limit = sizeQuantity(seed.sizeLimit);
    const q = parseQuantity(limit);
    if (q === undefined || quantitySign(q) <= 0) {
      problems.push({ path: 'props.modelSeed.sizeLimit', message: `${quoteValue(limit)} is not a positive size`, fix: 'give a size above the models\' size, e.g. Size.gibibytes(10)' });
    } else if (seed.mode === ModelSeedMode.IMAGE_VOLUME) {
      problems.push({ path: 'props.modelSeed.sizeLimit', message: 'an image volume is no emptyDir: the size limit would not apply', fix: 'remove sizeLimit, or use ModelSeedMode.INIT_CONTAINER' });
    }
  }
  if (seed.mode === ModelSeedMode.IMAGE_VOLUME) {
    if (openShift) {
      problems.push({
        path: 'props.modelSeed.mode',
        message: 'OpenShift\'s restricted-v2 SCC admits image volumes only from OpenShift 4.20 (before, it allows configMap, csi, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected and secret)',
        fix: 'use ModelSeedMode.INIT_CONTAINER (the default), which copies the models into an emptyDir',
      });
    } else if (props.allowUnrestrictedVolumes !== true) {
      problems.push({
        path: 'props.modelSeed.mode',
        message: 'an image volume is not among the volume types the restricted Pod Security Standard allows: a namespace that enforces it rejects the pod',
        fix: 'use ModelSeedMode.INIT_CONTAINER (the default), or set allowUnrestrictedVolumes: true for a namespace whose Pod Security level admits image volumes',
      });
    }
  }
  const overrides = spec.workload?.overrides;
  (Array.isArray(overrides?.env) ? overrides.env : []).forEach((e, i) => {
    if (typeof e?.name === 'string' && SEED_ENV.includes(e.name)) {
      problems.push({ path: `spec.workload.overrides.env[${i}]`, message: `${e.name} is set by modelSeed (the pod reads the seeded models offline)`, fix: `remove ${e.name}` });
    }
  });
  // A volume of the seed's name: the pod layout holds the seed's volume, so the Kubernetes input checks name the duplicate.
  (Array.isArray(overrides?.volumeMounts) ? overrides.volumeMounts : []).forEach((m, i) => {
    const at = typeof m?.mountPath === 'string' ? m.mountPath.replace(/\/+$/, '') : '';
    if (at === PATHS.modelSeedDir || at.startsWith(`${PATHS.modelSeedDir}/`)) {
      problems.push({ path: `spec.workload.overrides.volumeMounts[${i}].mountPath`, message: `${PATHS.modelSeedDir} holds the seeded models (modelSeed)`, fix: 'mount the volume elsewhere' });
    }
  });
  return problems;
}

/** An image as the pod pulls it: from the mirror when there is one, else as written. */
export function pulledImage(image: string, props: Pick<LlamaStackDistributionProps, 'imageRegistry'>): string {
  return mirroredImage(image, props.imageRegistry);
}

/**
 * Images the mirror would make unreadable (a repository path over 255 characters with the mirror's
 * path in front): the server's, the external providers' and the model seed's.
 */
export function mirroredImageProblems(
  serverImage: string, spec: LlamaStackDistributionSpec, props: Pick<LlamaStackDistributionProps, 'imageRegistry' | 'modelSeed'>,
): ConfigProblem[] {
  // A mirror that is none is reported as such (airGapProblems).
  if (props.imageRegistry === undefined || registryMirrorProblem(props.imageRegistry) !== undefined) return [];
  const images: [string, string][] = [
    ['the server image', serverImage],
    ...externalProviderEntries(spec).map((e): [string, string] => [`${e.path}.image`, e.ref.image]),
    ...(props.modelSeed !== undefined ? [['modelSeed.image', props.modelSeed.image] as [string, string]] : []),
  ];
  const out: ConfigProblem[] = [];
  for (const [where, image] of images) {
    // A spec's image of the wrong type, or no reference at all, is reported as such (the schema, kubernetes/container-checks.ts).
    if (typeof image !== 'string' || imageReferenceProblem(image) !== undefined) continue;
    const mirrored = pulledImage(image, props);
    const problem = imageReferenceProblem(mirrored);
    if (problem !== undefined) {
      out.push({ path: 'props.imageRegistry', message: `the mirror makes ${where} ${quoteValue(mirrored)}, which is not an image reference: ${problem}`, fix: 'use a mirror with a shorter path' });
    }
  }
  return out;
}

/** The seed as the pod renders it (the image on the mirror), and the env it sets. */
export function resolveModelSeed(props: AirGapInput): { seed: ResolvedModelSeed; env: PodModelCache } | undefined {
  const given = props.modelSeed;
  if (given === undefined) return undefined;
  const seed: ResolvedModelSeed = {
    image: pulledImage(given.image, props),
    path: given.path ?? DEFAULT_MODEL_SEED_PATH,
    mode: given.mode ?? ModelSeedMode.INIT_CONTAINER,
    sizeLimit: given.sizeLimit !== undefined ? sizeQuantity(given.sizeLimit) : DEFAULT_MODEL_SEED_SIZE_LIMIT,
  };
  return { seed, env: modelSeedHome(seed) };
}

/** `IMAGE_VOLUME` with `allowUnrestrictedVolumes`: asked for, so a warning (not an error with strict). */
export function airGapVolumeWarnings(props: AirGapInput): ConfigProblem[] {
  if (props.modelSeed?.mode !== ModelSeedMode.IMAGE_VOLUME || props.allowUnrestrictedVolumes !== true) return [];
  return [{
    path: 'props.modelSeed.mode',
    message: 'an image volume: the pod no longer meets the restricted Pod Security Standard (allowUnrestrictedVolumes), so a namespace labelled pod-security.kubernetes.io/enforce: restricted rejects it',
    fix: 'use ModelSeedMode.INIT_CONTAINER to keep the pod restricted',
  }];
}

/**
 * Air-gapped (`airGapped: true`): each model the config has the in-process sentence-transformers
 * provider load (the vector store defaults, registered models) that `modelSeed.models` does not
 * list, one warning each: the server would try to download it on first use.
 */
export function unseededModelWarnings(props: AirGapInput, configYaml: string | undefined): ConfigProblem[] {
  if (props.airGapped !== true || configYaml === undefined) return [];
  const seeded = new Set(props.modelSeed?.models ?? []);
  return namedLocalModels(configYaml).filter((m) => !seeded.has(m.model)).map((m) => ({
    path: props.modelSeed !== undefined ? 'props.modelSeed.models' : 'props.airGapped',
    message: `the config has sentence-transformers load ${m.model} (${m.where}), which ${props.modelSeed !== undefined ? 'the model seed does not list' : 'no model seed holds'}: the air-gapped server cannot download it`,
    fix: props.modelSeed !== undefined
      ? `add ${m.model} to the seed image and to modelSeed.models, or serve that model from a provider in the cluster`
      : `seed it from an image (modelSeed: { image, models: ['${m.model}'] }), or serve that model from a provider in the cluster`,
  }));
}

/** The models the config names on an `inline::sentence-transformers` provider, where it names them (first mention only). */
export function namedLocalModels(configYaml: string): { model: string; where: string }[] {
  const config = safeRead(configYaml);
  if (config === undefined) return [];
  const inference = obj(config.providers)?.inference;
  const local = new Set((Array.isArray(inference) ? inference : [])
    .map(obj).filter((p) => p?.provider_type === 'inline::sentence-transformers').map((p) => p!.provider_id).filter(isString));
  const out: { model: string; where: string }[] = [];
  const add = (model: JsonValue | undefined, where: string) => {
    if (isString(model) && !model.includes('${') && !out.some((o) => o.model === model)) out.push({ model, where });
  };
  const defaults = obj(config.vector_stores);
  for (const key of ['default_embedding_model', 'default_reranker_model']) {
    const ref = obj(defaults?.[key]);
    if (ref !== undefined && isString(ref.provider_id) && local.has(ref.provider_id)) add(ref.model_id, childPath('vector_stores', key));
  }
  const registered = obj(config.registered_resources)?.models ?? config.models;
  (Array.isArray(registered) ? registered : []).forEach((m, i) => {
    const model = obj(m);
    if (model === undefined || !isString(model.provider_id) || !local.has(model.provider_id)) return;
    add(model.provider_model_id ?? model.model_id, `${config.registered_resources !== undefined ? 'registered_resources.models' : 'models'}[${i}]`);
  });
  return out;
}

/** The config, read only (the shared frozen copy); undefined for a text that is not a YAML map. */
function safeRead(text: string): JsonObject | undefined {
  const read = readBaseConfigSharedOutcome(text);
  return 'value' in read && read.value !== null ? read.value : undefined;
}

function obj(v: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(v) ? v : undefined;
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}
