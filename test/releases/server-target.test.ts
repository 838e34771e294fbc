/**
 * Server targets: configs that real llama-stack 0.7 and OGX 0.8 servers accept.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Testing } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { deepFreeze } from '../../src/core/json';
import { LlamaStackDistribution } from '../../src/distribution';
import { effectiveBaseId, generateTargetConfig, TargetConfigGenerator } from '../../src/generate/target-config';
import { InferenceProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { validateSpec } from '../../src/spec/validate-spec';
import { SecretRef } from '../../src/values/secret-ref';
import { readBaseConfig } from '../../src/yaml/parse';
import { schemaErrors } from '../support/k8s-schema';
import { fixesOf, problemsOf } from '../support/problems';
import { distributionEnv, goldenSpec } from '../support/shipped';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const VALIDATED = fs.readFileSync(path.join(FIXTURES, 'validated-minimal', 'v0.7-and-ogx-0.8.yaml'), 'utf8');
const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

function problems(spec: LlamaStackDistributionSpec, target: ServerTarget, baseConfigYaml?: string): string[] {
  expect(validateSpec(spec, { hasBaseConfig: true })).toEqual([]);
  try {
    generateTargetConfig(spec, target, { baseConfigYaml });
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

const GOLDEN_SPEC = goldenSpec(true);

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (id, target) => {
  test.each(target.distributions)('shipped distribution %s starts with the env it needs, and no warnings', (distribution) => {
    const needs = distributionEnv(distribution, false);
    const names = Object.keys(needs);
    if (names.length > 0) {
      // Without them the start-up model names each env var the server would miss.
      const got = problems({ distribution: { name: distribution } }, target).join('\n');
      for (const name of names) expect(got).toContain(name);
    }
    const env = names.map((name) => ({ name, value: needs[name] }));
    const r = generateTargetConfig({ distribution: { name: distribution }, ...(env.length > 0 ? { workload: { overrides: { env } } } : {}) }, target);
    expect(r.providerCount).toBeGreaterThan(0);
    expect(r.warnings).toEqual([]);
    const config = readBaseConfig(r.configYaml) as any;
    expect(config.distro_name).toBe(distribution);
    expect(config.image_name).toBeUndefined();
    expect(config.registered_resources?.vector_dbs).toBeUndefined();
    expect(config.version).toBe(2);
  });

  test('the validated minimal config is accepted unchanged in meaning', () => {
    const r = generateTargetConfig({}, target, { baseConfigYaml: VALIDATED, scratchDirs: ['/data'] });
    const before = readBaseConfig(VALIDATED) as any;
    const after = readBaseConfig(r.configYaml) as any;
    expect(after.providers).toEqual(before.providers);
    expect(after.storage).toEqual(before.storage);
    expect(after.registered_resources).toEqual(before.registered_resources);
  });

  test('golden: the validated minimal config with the golden spec', () => {
    const golden = fs.readFileSync(path.join(FIXTURES, 'targets', `${id}.minimal.golden.yaml`), 'utf8');
    expect(generateTargetConfig(GOLDEN_SPEC, target, { baseConfigYaml: VALIDATED, scratchDirs: ['/data'] }).configYaml).toBe(golden);
  });

  test('golden: the shipped starter with the golden spec', () => {
    const golden = fs.readFileSync(path.join(FIXTURES, 'targets', `${id}.starter.golden.yaml`), 'utf8');
    expect(generateTargetConfig(GOLDEN_SPEC, target).configYaml).toBe(golden);
  });

  test('endpoint and apiKey land in the keys each provider reads', () => {
    const r = generateTargetConfig({
      providers: {
        inference: [
          { id: 'a', provider: 'vllm', endpoint: 'http://v/v1', apiKey: { name: 's', key: 'k' } },
          { id: 'b', provider: 'ollama', endpoint: 'http://o:11434/v1' },
          { id: 'c', provider: 'bedrock', apiKey: { name: 's', key: 'k' }, settings: { region_name: 'us-east-1' } },
        ],
        vectorIo: [{ id: 'd', provider: 'chromadb', endpoint: 'http://chroma:8000' }],
        safety: [{ id: 'e', provider: 'nvidia', endpoint: 'http://guardrails:7331' }],
      },
    }, target);
    const config = readBaseConfig(r.configYaml) as any;
    const byId = (api: string, pid: string) => config.providers[api].find((p: any) => p.provider_id === pid).config;
    expect(byId('inference', 'a')).toEqual({ base_url: 'http://v/v1', api_token: '${env.LLSD_A_API_KEY}' });
    expect(byId('inference', 'b')).toEqual({ base_url: 'http://o:11434/v1' });
    expect(byId('inference', 'c')).toEqual({ api_key: '${env.LLSD_C_API_KEY}', region_name: 'us-east-1' });
    expect(byId('vector_io', 'd')).toEqual({ url: 'http://chroma:8000', persistence: { namespace: 'vector_io::chroma_remote', backend: 'kv_default' } });
    expect(byId('safety', 'e')).toEqual({ guardrails_service_url: 'http://guardrails:7331' });
  });

  test('a user provider replaces the base provider with the same (conditional) id, in place', () => {
    const r = generateTargetConfig({ providers: { inference: [{ provider: 'vllm', endpoint: 'http://v/v1' }] } }, target);
    const inference = (readBaseConfig(r.configYaml) as any).providers.inference;
    const vllm = inference.filter((p: any) => effectiveBaseId(p.provider_id) === 'vllm');
    expect(vllm).toEqual([{ provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://v/v1' } }]);
    expect(inference.findIndex((p: any) => p.provider_id === 'vllm')).toBe(2); // cerebras, ollama, vllm
  });

  test.each<[string, LlamaStackDistributionSpec, RegExp]>([
    ['unknown provider type, with the supported list', { providers: { inference: [{ provider: 'tgi', endpoint: 'http://t' }] } },
      /^spec\.providers\.inference\[0\]\.provider: .* has no inference provider "remote::tgi"$/],
    ['unknown settings key', { providers: { inference: [{ provider: 'vllm', endpoint: 'http://v', settings: { url: 'http://v' } }] } },
      /^spec\.providers\.inference\[0\]\.settings\.url: remote::vllm has no config key "url" in .* \(the server would silently ignore it\)$/],
    ['required extra: bedrock region', { providers: { inference: [{ provider: 'bedrock' }] } },
      /^spec\.providers\.inference\[0\]: remote::bedrock requires region_name$/],
    ['required extra: azure base_url', { providers: { inference: [{ provider: 'azure', apiKey: { name: 's', key: 'k' } }] } },
      /^spec\.providers\.inference\[0\]: remote::azure requires base_url$/],
    ['telemetry was removed', { providers: { telemetry: [{ provider: 'otel', endpoint: 'http://o' }] } },
      /^spec\.providers\.telemetry: the telemetry API was removed in llama-stack 0\.4\.0/],
    ['no connection strings', { storage: { sql: { type: 'postgres', connectionString: { name: 'pg', key: 'uri' } } } },
      /^spec\.storage\.sql: no server release accepts a connection string/],
    ['no redis password', { storage: { kv: { type: 'redis', endpoint: 'redis://r:6379', password: { name: 'r', key: 'p' } } } },
      /^spec\.storage\.kv\.password: .* connects to Redis without a password/],
    ['tool groups are automatic', { resources: { tools: ['builtin::websearch'] } },
      /^spec\.resources\.tools: .* registers tool groups itself/],
    ['API dependency: disabling inference leaves its dependents', { disabled: ['inference'] },
      /^spec\.disabled\[0\]: inference cannot be disabled alone: the .*responses.* provider\(s\) need it/],
    ['unknown model provider', { resources: { models: [{ name: 'm', provider: 'ghost' }] } },
      /^spec\.resources\.models\[0\]\.provider: model "m" names provider "ghost", which is not an enabled inference provider$/],
  ])('%s', (_what, spec, want) => {
    const got = problems(spec, target);
    expect(got.some((p) => want.test(p))).toBe(true);
  });

  test('a base config that keeps a removed API fails with the release that removed it', () => {
    const base = 'version: 2\nimage_name: old\napis: [agents, inference]\nproviders:\n  agents:\n  - {provider_id: meta-reference, provider_type: inline::meta-reference, config: {}}\n';
    expect(problems({}, target, base)).toContain('config.providers.agents: the agents API was removed in llama-stack 0.7.0 (renamed responses), and the base config still has it');
  });

  test('disabling an API removes it with its resources and top-level settings', () => {
    const config = readBaseConfig(generateTargetConfig({ disabled: ['safety'] }, target).configYaml) as any;
    expect(config.apis).not.toContain('safety');
    expect(config.providers.safety).toBeUndefined();
    expect(config.safety).toBeUndefined();
    expect((config.registered_resources.shields ?? []).length).toBe(0);
  });
});

describe('the construct on server targets', () => {
  test.each<[ServerTarget, string, string, string, string]>([
    [ServerTarget.OGX_0_8, 'docker.io/ogxai/distribution-starter:0.8.0', 'OGX_PORT', 'OGX_CONFIG_DIR', '/.ogx'],
    [ServerTarget.LLAMA_STACK_0_7, 'docker.io/llamastack/distribution-starter:0.7.3', 'LLAMA_STACK_PORT', 'LLAMA_STACK_CONFIG_DIR', '/.llama'],
  ])('%s', (target, image, portEnv, dirEnv, dataDir) => {
    const chart = Testing.chart();
    new LlamaStackDistribution(chart, 'llama', {
      target,
      inference: [InferenceProvider.vllm({ endpoint: 'http://v/v1', apiKey: SecretRef.fromSecretName('vllm', 'token') })],
      models: ['m'],
    });
    const manifests = Testing.synth(chart);
    expect(schemaErrors(manifests)).toEqual([]);
    const c = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0];
    expect(c.image).toBe(image);
    expect(c.env.slice(0, 5)).toEqual([
      { name: 'RUN_CONFIG_PATH', value: '/etc/llama-stack/config.yaml' },
      { name: portEnv, value: '8321' },
      { name: dirEnv, value: dataDir },
      { name: 'SQLITE_STORE_DIR', value: `${dataDir}/distributions/starter` },
      { name: 'FILES_STORAGE_DIR', value: `${dataDir}/distributions/starter/files` },
    ]);
    expect(c.volumeMounts).toContainEqual({ name: 'lls-storage', mountPath: dataDir });
    expect(c.volumeMounts.find((m: any) => m.mountPath === '/data')).toBeUndefined();
  });

  test('the default target is OGX 1.3, and a tag can be overridden', () => {
    const d = new LlamaStackDistribution(Testing.chart(), 'a');
    expect(d.image).toBe('docker.io/ogxai/distribution-starter:1.3.0');
    expect(d.target).toBe(ServerTarget.OGX_1_3);
    expect(new LlamaStackDistribution(Testing.chart(), 'b', { target: ServerTarget.OGX_0_8.withImageTag('0.8.1') }).image)
      .toBe('docker.io/ogxai/distribution-starter:0.8.1');
  });

  test('a bring-your-own base config runs with its image', () => {
    // That base writes under /data, so the data volume goes there. It was validated against
    // llama-stack 0.7 and OGX 0.8 (it has the safety API, which OGX 1.x refuses): pin 0.8.
    const d = new LlamaStackDistribution(Testing.chart(), 'byo', {
      target: ServerTarget.OGX_0_8, image: 'quay.io/acme/stack:1.2.3', baseConfigYaml: VALIDATED, persistentStorage: { mountPath: '/data' },
    });
    expect(d.image).toBe('quay.io/acme/stack:1.2.3');
    expect(d.configYaml).toContain('distro_name: my-stack');
  });

  test('a bare ${env.X} nothing sets is a synth error', () => {
    expect(() => new LlamaStackDistribution(Testing.chart(), 'pg', { distribution: 'postgres-demo' }))
      .toThrow("config.registered_resources.models[0].model_id: OGX 1.3.0 would not start: Environment variable 'INFERENCE_MODEL' not set or empty"
        + ' at registered_resources.models[0].model_id (EnvVarError at start-up) — set INFERENCE_MODEL to a non-empty value in the container,'
        + ' or write ${env.INFERENCE_MODEL:=<default>} in the config (container env: props.env)');
    // Set but empty counts as unset, as in the server.
    expect(() => new LlamaStackDistribution(Testing.chart(), 'pg1', { distribution: 'postgres-demo', env: { INFERENCE_MODEL: '', VLLM_URL: 'http://v/v1' } }))
      .toThrow("Environment variable 'INFERENCE_MODEL' not set or empty");
    expect(() => new LlamaStackDistribution(Testing.chart(), 'pg2', { distribution: 'postgres-demo', env: { INFERENCE_MODEL: 'llama', VLLM_URL: 'http://v/v1' } })).not.toThrow();
  });

  test('an unknown distribution lists the shipped ones', () => {
    expect(() => new LlamaStackDistribution(Testing.chart(), 'x', { distribution: 'remote-vllm' }))
      .toThrow('props.distribution: OGX 1.3.0 has no distribution "remote-vllm" — use one of ci-tests, nvidia, oci, open-benchmark, postgres-demo, starter, watsonx,'
        + ' or set props.image and props.baseConfigYaml');
  });

  test('a distribution the release publishes no image of needs an image (nvidia on OGX 1.3)', () => {
    // OGX 1.x's nvidia registers ${env.INFERENCE_MODEL} with no default.
    const props = { target: ServerTarget.OGX_1_3, distribution: 'nvidia', env: { INFERENCE_MODEL: 'meta/llama-3.1-8b-instruct' } };
    expect(problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'nv', props))).toEqual([{
      path: 'props.distribution',
      message: 'OGX 1.3.0 publishes images of postgres-demo and starter only: docker.io/ogxai/distribution-nvidia:1.3.0 does not exist',
    }]);
    expect(fixesOf(() => new LlamaStackDistribution(Testing.chart(), 'nv', props))).toEqual([
      'set props.image to an image built with the nvidia distribution (its config ships with the target), or use distribution starter',
    ]);
    // A whole spec: the same problem at the field that named the distribution.
    expect(problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'nv', {
      target: ServerTarget.OGX_1_3, spec: { distribution: { name: 'nvidia' }, workload: { overrides: { env: [{ name: 'INFERENCE_MODEL', value: 'm' }] } } },
    }))).toEqual([{
      path: 'spec.distribution.name',
      message: 'OGX 1.3.0 publishes images of postgres-demo and starter only: docker.io/ogxai/distribution-nvidia:1.3.0 does not exist',
    }]);

    // With an image built from that distribution, it synthesizes: nvidia's config on that image.
    const image = 'registry.example.com/ogx/distribution-nvidia:1.3.0';
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'nv', { ...props, image });
    expect(d.image).toBe(image);
    expect(d.warnings).toEqual([]);
    expect(readBaseConfig(d.configYaml!)).toMatchObject({ distro_name: 'nvidia' });
    const manifests = Testing.synth(chart);
    expect(schemaErrors(manifests)).toEqual([]);
    const pod = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
    expect(pod.containers[0].image).toBe(image);
    // The cache-seed init container copies the image's own cache: it runs the same image.
    expect(pod.initContainers.find((c: any) => c.name === 'cache-seed').image).toBe(image);
  });
});

test('target generation is deterministic and leaves its inputs alone', () => {
  const spec = deepFreeze(JSON.parse(JSON.stringify(GOLDEN_SPEC)));
  const reordered = JSON.parse(JSON.stringify(GOLDEN_SPEC, Object.keys(GOLDEN_SPEC).reverse()));
  for (const target of TARGETS) {
    const a = generateTargetConfig(spec, target);
    expect(generateTargetConfig(spec, target)).toEqual(a);
    expect(generateTargetConfig({ ...reordered, ...spec }, target).configYaml).toBe(a.configYaml);
  }
  expect(spec).toEqual(JSON.parse(JSON.stringify(GOLDEN_SPEC)));
});

test('TargetConfigGenerator validates the spec first, then generates', () => {
  expect(() => TargetConfigGenerator.generate({ providers: { inference: [{ provider: 'vllm' }, { provider: 'ollama' }] } }, ServerTarget.OGX_0_8))
    .toThrow('spec.providers.inference[0]: each provider must have an explicit id when multiple providers are specified');
  const r = TargetConfigGenerator.generate({ distribution: { name: 'starter' } }, ServerTarget.LLAMA_STACK_0_7);
  expect(r.distribution).toBe('starter');
  expect(r.configYaml).toContain('distro_name: starter');
});
