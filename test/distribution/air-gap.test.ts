/**
 * Air-gapped clusters (src/distribution/air-gap.ts): every image the library writes from the
 * mirror, models from a seed image with nothing downloaded, and the models the config names that
 * the seed does not hold.
 */
import { Size, Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { namedLocalModels } from '../../src/distribution/air-gap';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { InferenceProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { ExternalProvider } from '../../src/values/external-provider';
import { Platform } from '../../src/values/platform';
import { ModelSeedMode } from '../../src/workload/model-seed-options';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { restrictedV2Violations } from '../support/openshift-scc';
import { restrictedViolationsOf } from '../support/pod-security';
import { synthDistribution, synthProblems, synthStarting } from '../support/synth';

const MIRROR = 'registry.example.com:5000/mirror';
const SEED = {
  image: 'registry.example.com/models/starter-hf:2026.11',
  models: ['nomic-ai/nomic-embed-text-v1.5', 'nomic-ai/nomic-bert-2048', 'Qwen/Qwen3-Reranker-0.6B'],
};

function deployment(objects: any[]): any {
  return objects.find((o) => o.kind === 'Deployment');
}

function images(pod: any): string[] {
  return [...(pod.initContainers ?? []), ...pod.containers].map((c: any) => `${c.name} ${c.image}`);
}

describe('imageRegistry', () => {
  test('the server image, the cache seed, the external providers\' copy and install containers, the model seed and the verification Job pull from the mirror', () => {
    const { objects } = synthDistribution({
      imageRegistry: MIRROR,
      modelSeed: SEED,
      externalProviders: [ExternalProvider.fromImage({
        id: 'acme', image: 'quay.io/acme/provider@sha256:' + 'a'.repeat(64), api: 'inference', providerType: 'remote::acme', module: 'acme',
      })],
      verify: {},
    });
    const pod = deployment(objects).spec.template.spec;
    expect(images(pod)).toEqual([
      'cache-seed registry.example.com:5000/mirror/ogxai/distribution-starter:1.3.0',
      `copy-provider-1 registry.example.com:5000/mirror/acme/provider@sha256:${'a'.repeat(64)}`,
      'install-external-providers registry.example.com:5000/mirror/ogxai/distribution-starter:1.3.0',
      // On registry.example.com, but not on the mirror's registry (registry.example.com:5000): mirrored, its path kept.
      'model-seed registry.example.com:5000/mirror/models/starter-hf:2026.11',
      'llama-stack registry.example.com:5000/mirror/ogxai/distribution-starter:1.3.0',
    ]);
    const install = pod.initContainers.find((c: any) => c.name === 'install-external-providers');
    expect(JSON.parse(install.env[0].value)[0].image).toBe(`registry.example.com:5000/mirror/acme/provider@sha256:${'a'.repeat(64)}`);
    const jobs = objects.filter((o) => o.kind === 'Job' || o.kind === 'CronJob');
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) {
      const spec = j.kind === 'Job' ? j.spec.template.spec : j.spec.jobTemplate.spec.template.spec;
      expect(spec.containers.map((c: any) => c.image)).toEqual(['registry.example.com:5000/mirror/ogxai/distribution-starter:1.3.0']);
    }
  });

  test('the operator pipeline\'s Docker Hub image keeps its path; an image already on the mirror\'s registry is kept', () => {
    expect(deployment(synthDistribution({ target: ServerTarget.OPERATOR, imageRegistry: 'mirror.local' }).objects).spec.template.spec.containers[0].image)
      .toBe('mirror.local/llamastack/distribution-starter:0.2.23');
    expect(deployment(synthDistribution({ imageRegistry: 'mirror.local', image: 'mirror.local/ogxai/distribution-starter:1.3.0' }).objects)
      .spec.template.spec.containers[0].image).toBe('mirror.local/ogxai/distribution-starter:1.3.0');
    const pod = deployment(synthDistribution({ imageRegistry: 'mirror.local/ogx', modelSeed: { ...SEED, image: 'mirror.local/models/hf:1' } }).objects).spec.template.spec;
    expect(pod.initContainers.find((c: any) => c.name === 'model-seed').image).toBe('mirror.local/models/hf:1');
  });

  test('a mirror that is not a registry host[/path] is refused at props.imageRegistry', () => {
    expect(synthProblems({ imageRegistry: 'https://registry.example.com' })).toEqual([
      'props.imageRegistry: "https://registry.example.com" is not a registry mirror: it has a URL scheme: give the registry host and path only',
    ]);
    expect(synthProblems({ imageRegistry: 'mirror/ogx' })).toEqual([
      'props.imageRegistry: "mirror/ogx" is not a registry mirror: mirror does not read as a registry host (the kubelet takes it as a Docker Hub path): give a host with a domain or a port, or localhost',
    ]);
    expect(synthProblems({ imageRegistry: 'registry.example.com/Upper' })[0]).toMatch(/^props\.imageRegistry: "registry\.example\.com\/Upper" is not a registry mirror: it must be a registry host/);
    expect(synthProblems({ imageRegistry: 'registry.example.com/' })[0]).toMatch(/^props\.imageRegistry: /);
  });

  test('a mirror path that makes the repository path too long is refused', () => {
    expect(synthProblems({ imageRegistry: `mirror.local/${'a'.repeat(240)}` })).toEqual([
      `props.imageRegistry: the mirror makes the server image "mirror.local/${'a'.repeat(47)}…" (286 characters), which is not an image reference: the repository name is longer than 255 characters`,
    ]);
  });

  test('a spec\'s external provider image of the wrong type is the schema\'s to report, not a TypeError', () => {
    const spec = { distribution: { name: 'starter' }, externalProviders: { inference: [{ providerId: 'a', providerType: 'remote::a', module: 'a', image: 42 }] } };
    expect(synthProblems({ imageRegistry: 'mirror.local', spec } as any)).toEqual(['spec.externalProviders.inference[0].image: must be a string']);
  });

  test('the CR constructs cannot carry it', () => {
    const chart = Testing.chart();
    expect(() => new LlamaStackDistributionResource(chart, 'cr', { imageRegistry: MIRROR, modelSeed: SEED, airGapped: true }))
      .toThrow(/props\.imageRegistry: the llamastack\.io\/v1alpha2 LlamaStackDistribution CRD has no field for an image mirror[\s\S]*props\.modelSeed: [\s\S]*props\.airGapped: /);
  });
});

describe('modelSeed', () => {
  test('init container (the default): the model image copies its Hugging Face home into an emptyDir the server reads offline', () => {
    const { manifests } = synthStarting(ServerTarget.OGX_1_3, { modelSeed: SEED, airGapped: true });
    const pod = deployment(manifests).spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'model-seed', emptyDir: { sizeLimit: '10Gi' } });
    const init = pod.initContainers.find((c: any) => c.name === 'model-seed');
    expect(init.image).toBe(SEED.image);
    expect(init.command.slice(3)).toEqual(['model-seed', '/models', '/seed/models', SEED.image]);
    expect(init.volumeMounts).toEqual([{ name: 'model-seed', mountPath: '/seed/models' }]);
    const server = pod.containers[0];
    expect(server.volumeMounts).toContainEqual({ name: 'model-seed', mountPath: '/models' });
    const env = server.env.filter((e: any) => /^(HF_|TRANSFORMERS_)/.test(e.name));
    expect(env).toEqual([
      { name: 'HF_HOME', value: '/models' },
      { name: 'HF_HUB_OFFLINE', value: '1' },
      { name: 'TRANSFORMERS_OFFLINE', value: '1' },
    ]);
    expect(restrictedViolationsOf(manifests)).toEqual([]);
    expect(k8sValidityProblems(manifests)).toEqual([]);
  });

  test('init container on OpenShift: restricted-v2 admits the pod, no uid pinned', () => {
    const { objects, warnings } = synthDistribution({ modelSeed: SEED, platform: Platform.OPENSHIFT });
    expect(warnings).toEqual([]);
    expect(restrictedV2Violations(objects)).toEqual([]);
    expect(deployment(objects).spec.template.spec.securityContext.runAsUser).toBeUndefined();
  });

  test('image volume: the image mounted read-only at its path, remote-code modules in the writable cache', () => {
    const { objects, warnings } = synthDistribution({
      modelSeed: { ...SEED, path: '/hf', mode: ModelSeedMode.IMAGE_VOLUME }, allowUnrestrictedVolumes: true, imagePullPolicy: 'IfNotPresent',
    });
    expect(warnings).toEqual([
      'props.modelSeed.mode: an image volume: the pod no longer meets the restricted Pod Security Standard (allowUnrestrictedVolumes), so a namespace labelled pod-security.kubernetes.io/enforce: restricted rejects it',
    ]);
    const pod = deployment(objects).spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'model-seed', image: { reference: SEED.image, pullPolicy: 'IfNotPresent' } });
    expect(pod.initContainers.map((c: any) => c.name)).toEqual(['cache-seed']);
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'model-seed', mountPath: '/models', subPath: 'hf', readOnly: true });
    expect(pod.containers[0].env).toContainEqual({ name: 'HF_MODULES_CACHE', value: '/.cache/huggingface/modules' });
    expect(schemaErrors(objects)).toEqual([]);
    expect(k8sValidityProblems(objects)).toEqual([]);
  });

  test('image volume without allowUnrestrictedVolumes, and on OpenShift, is refused', () => {
    expect(synthProblems({ modelSeed: { ...SEED, mode: ModelSeedMode.IMAGE_VOLUME } })).toEqual([
      'props.modelSeed.mode: an image volume is not among the volume types the restricted Pod Security Standard allows: a namespace that enforces it rejects the pod',
    ]);
    const onOpenShift = { modelSeed: { ...SEED, mode: ModelSeedMode.IMAGE_VOLUME }, platform: Platform.OPENSHIFT, allowUnrestrictedVolumes: true };
    expect(synthProblems(onOpenShift)).toEqual([
      'props.modelSeed.mode: OpenShift\'s restricted-v2 SCC admits image volumes only from OpenShift 4.20 (before, it allows configMap, csi, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected and secret)',
    ]);
  });

  test('every problem of the seed at once, at its props path', () => {
    expect(synthProblems({
      modelSeed: { image: 'models:latest', models: ['not a model'], path: 'models/../x', sizeLimit: Size.mebibytes(0) },
      env: { HF_HUB_OFFLINE: '0' },
      volumes: [{ name: 'model-seed', emptyDir: {} }],
      volumeMounts: [{ name: 'model-seed', mountPath: '/models/x' }],
    })).toEqual([
      // The seed's volume is in the pod's one layout: the Kubernetes input checks find the duplicate name.
      'props.volumes[0].name: Duplicate value: "model-seed": the library\'s own volume model-seed has this name',
      'props.modelSeed.image: image "models:latest" is not pinned',
      'props.modelSeed.models[0]: "not a model" is not a Hugging Face model id',
      'props.modelSeed.path: "models/../x" is not an absolute directory of the image',
      'props.modelSeed.sizeLimit: "0Mi" is not a positive size',
      'props.env.HF_HUB_OFFLINE: HF_HUB_OFFLINE is set by modelSeed (the pod reads the seeded models offline)',
      'props.volumeMounts[0].mountPath: /models holds the seeded models (modelSeed)',
    ]);
  });

  test('a size limit on an image volume would not apply', () => {
    const seed = { ...SEED, mode: ModelSeedMode.IMAGE_VOLUME, sizeLimit: Size.gibibytes(5) };
    expect(synthProblems({ modelSeed: seed, allowUnrestrictedVolumes: true })).toEqual([
      'props.modelSeed.sizeLimit: an image volume is no emptyDir: the size limit would not apply',
    ]);
  });

  test('the field types are checked at the boundary', () => {
    expect(synthProblems({ modelSeed: { image: 'x:1' } as any })[0]).toMatch(/^props\.modelSeed\.models: /);
    expect(synthProblems({ modelSeed: { ...SEED, mode: 'copy' as any } })[0]).toMatch(/^props\.modelSeed\.mode: /);
  });
});

describe('airGapped', () => {
  test('starter\'s embedding model and reranker, not seeded, are a warning each', () => {
    expect(synthDistribution({ airGapped: true }).warnings).toEqual([
      'props.airGapped: the config has sentence-transformers load nomic-ai/nomic-embed-text-v1.5 (vector_stores.default_embedding_model), which no model seed holds: the air-gapped server cannot download it',
      'props.airGapped: the config has sentence-transformers load Qwen/Qwen3-Reranker-0.6B (vector_stores.default_reranker_model), which no model seed holds: the air-gapped server cannot download it',
    ]);
    expect(synthDistribution({ airGapped: true, modelSeed: { ...SEED, models: ['nomic-ai/nomic-embed-text-v1.5'] } }).warnings).toEqual([
      'props.modelSeed.models: the config has sentence-transformers load Qwen/Qwen3-Reranker-0.6B (vector_stores.default_reranker_model), which the model seed does not list: the air-gapped server cannot download it',
    ]);
  });

  test('not declared air-gapped: no warning', () => {
    expect(synthDistribution({}).warnings).toEqual([]);
  });

  test('a config whose models are all served remotely has nothing to seed', () => {
    const { warnings } = synthDistribution({
      airGapped: true, replaceBaseProviders: ['inference'], inference: [InferenceProvider.vllm({ id: 'vllm', endpoint: 'http://vllm.models.svc:8000/v1' })],
    });
    expect(warnings).toEqual([]);
  });

  test('namedLocalModels: registered models on a sentence-transformers provider, by provider_model_id', () => {
    const config = YAML.stringify({
      providers: { inference: [{ provider_id: 'st', provider_type: 'inline::sentence-transformers' }, { provider_id: 'v', provider_type: 'remote::vllm' }] },
      registered_resources: {
        models: [
          { model_id: 'e', provider_id: 'st', provider_model_id: 'org/e' },
          { model_id: 'l', provider_id: 'v' },
          { model_id: 'org/f', provider_id: 'st' },
        ],
      },
    });
    expect(namedLocalModels(config)).toEqual([
      { model: 'org/e', where: 'registered_resources.models[0]' },
      { model: 'org/f', where: 'registered_resources.models[2]' },
    ]);
  });
});
