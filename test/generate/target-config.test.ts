/**
 * target-config.ts: the pipeline's result (config bytes and their sha256, env vars, counts, the
 * distribution), its boundary (the target and options checked, the spec validated against the
 * CRD rules before generation), every problem at once, determinism, and per-pod state refused
 * with several replicas unless allowed.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { generateTargetConfig, generateTargetConfigOutcome, TargetConfigGenerator, TargetConfigOptions } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { pathMessages as problems, problemsOf } from '../support/problems';

const T = ServerTarget.OGX_1_3;
const VLLM_SPEC: LlamaStackDistributionSpec = {
  distribution: { name: 'starter' },
  providers: { inference: [{ id: 'vllm', provider: 'vllm', endpoint: 'http://v/v1', apiKey: { name: 'vllm', key: 'token' } }] },
  resources: { models: [{ name: 'm', provider: 'vllm' }] },
};
const CUSTOM_BASE = 'version: 2\ndistro_name: x\napis: [inference]\nproviders:\n  inference:\n  - provider_id: st\n    provider_type: inline::sentence-transformers\n';

describe('generateTargetConfig', () => {
  test('the result: the config, its sha256, the secret env vars, provider and resource counts, the distribution', () => {
    const r = generateTargetConfig(VLLM_SPEC, T);
    const config = parse(r.configYaml);
    expect(r.contentHash).toBe(createHash('sha256').update(r.configYaml).digest('hex'));
    expect(r.envVars).toEqual([{ name: 'LLSD_VLLM_API_KEY', valueFrom: { secretKeyRef: { name: 'vllm', key: 'token' } } }]);
    const providers = Object.values(config.providers as { [api: string]: unknown[] }).reduce((n, l) => n + l.length, 0);
    expect(r.providerCount).toBe(providers);
    expect(r.resourceCount).toBe(1);
    expect(r.distribution).toBe('starter');
    expect(r.warnings).toEqual([]);
    expect(r.dataDirs).toEqual([]);
  });

  test('same input, same bytes', () => {
    expect(generateTargetConfig(VLLM_SPEC, T).configYaml).toBe(generateTargetConfig(JSON.parse(JSON.stringify(VLLM_SPEC)), T).configYaml);
  });

  test('a given base config is "custom"', () => {
    const r = generateTargetConfig({}, T, { baseConfigYaml: CUSTOM_BASE });
    expect(r.distribution).toBe('custom');
    expect(r.providerCount).toBe(1);
    expect(parse(r.configYaml).providers.inference).toEqual([{ provider_id: 'st', provider_type: 'inline::sentence-transformers' }]);
  });

  test('problems of several stages are reported together', () => {
    expect(problems(() => generateTargetConfig({ distribution: { name: 'starter' }, resources: { shields: ['s'], models: [{ name: 'x', provider: 'nope' }] } }, T))).toEqual([
      'spec.resources.models[0].provider: model "x" names provider "nope", which is not an enabled inference provider',
      'spec.resources.shields: OGX 1.3.0 has no shields (the safety API was removed in OGX 1.0.0)',
    ]);
  });

  test('several replicas with stores in the pod are refused; allowPerPodState lets them through', () => {
    const spec = { distribution: { name: 'starter' }, workload: { replicas: 2 } } as LlamaStackDistributionSpec;
    const found = problems(() => generateTargetConfig(spec, T));
    expect(found).toHaveLength(5);
    expect(new Set(found.map((p) => p.split(':')[0]))).toEqual(new Set(['spec.workload.replicas']));
    expect(found[0]).toBe('spec.workload.replicas: storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own');
    expect(generateTargetConfig(spec, T, { allowPerPodState: true }).warnings).toEqual([]);
  });
});

describe('TargetConfigGenerator.generate', () => {
  test('a target that is not a ServerTarget, and an unknown option, are refused at the boundary', () => {
    expect(problems(() => TargetConfigGenerator.generate({ distribution: { name: 'starter' } }, {} as ServerTarget)))
      .toEqual(['target: must be a ServerTarget, got an object']);
    expect(problems(() => TargetConfigGenerator.generate({ distribution: { name: 'starter' } }, T, { bogus: 1 } as any)))
      .toEqual(['options.bogus: is not a field of TargetConfigOptions']);
  });

  test('the spec is validated with the release\'s API names before generation', () => {
    expect(problems(() => TargetConfigGenerator.generate({ distribution: { name: 'starter' }, disabled: ['nope'] }, T))).toEqual([
      'spec.disabled[0]: spec.disabled must contain valid API names (agents, batches, container_runtime, datasetio, eval, file_processors, files, inference, interactions, messages, post_training, responses, safety, scoring, skills, telemetry, tool_runtime, vector_io)',
    ]);
  });

  test('a distribution the release does not ship is refused with the ones it does', () => {
    expect(problems(() => TargetConfigGenerator.generate({ distribution: { name: 'nope' } }, T)))
      .toEqual(['spec.distribution.name: OGX 1.3.0 ships no distribution "nope"']);
  });

  test('a valid spec gives what generateTargetConfig gives', () => {
    expect(TargetConfigGenerator.generate(VLLM_SPEC, T)).toEqual(generateTargetConfig(VLLM_SPEC, T));
  });
});

describe('generateTargetConfigOutcome: every problem returned, not thrown', () => {
  /** `path: message — fix` of each problem the outcome returns; fails if it returns a config. */
  function returned(spec: LlamaStackDistributionSpec, options?: TargetConfigOptions): string[] {
    const outcome = generateTargetConfigOutcome(spec, T, options);
    if (!('problems' in outcome)) throw new Error('expected problems');
    return outcome.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
  }

  test('a base config that cannot be used stops it, with the one problem', () => {
    expect(returned({}, { baseConfigYaml: 'a: [' })).toEqual([
      'baseConfig: failed to parse base config: error converting YAML to JSON: yaml: Flow sequence in block collection must be sufficiently indented and end with a ] — pass the YAML config of the image',
    ]);
    expect(returned({}, { baseConfigYaml: '' })).toEqual(['baseConfig: is not a config mapping — pass the config.yaml the image ships']);
    expect(returned({}, { baseConfigYaml: 'version: 2\nproviders: [inference]\n' })).toEqual([
      'baseConfig.providers: must be a mapping of API: [providers] — write providers as the image\'s config.yaml does, or leave it out',
    ]);
    expect(returned({ distribution: { name: 'nope' } })).toEqual([
      'spec.distribution.name: OGX 1.3.0 ships no distribution "nope" — use one of ci-tests, nvidia, oci, open-benchmark, postgres-demo, starter, watsonx, or pass the image\'s base config (baseConfigYaml)',
    ]);
  });

  test('the stages\' problems together, then the start-up model\'s and the per-pod stores\'', () => {
    const stages = { distribution: { name: 'starter' }, resources: { shields: ['s'], models: [{ name: 'x', provider: 'nope' }] } };
    expect(returned(stages).map((l) => l.split(' — ')[0])).toEqual([
      'spec.resources.models[0].provider: model "x" names provider "nope", which is not an enabled inference provider',
      'spec.resources.shields: OGX 1.3.0 has no shields (the safety API was removed in OGX 1.0.0)',
    ]);
    const replicas = { distribution: { name: 'starter' }, workload: { replicas: 2 } } as LlamaStackDistributionSpec;
    expect(returned(replicas)).toHaveLength(5);
  });

  test.each<[string, LlamaStackDistributionSpec, TargetConfigOptions | undefined]>([
    ['an unreadable base', {}, { baseConfigYaml: 'a: [' }],
    ['an unknown distribution', { distribution: { name: 'nope' } }, undefined],
    ['several stages', { distribution: { name: 'starter' }, resources: { shields: ['s'], models: [{ name: 'x', provider: 'nope' }] } }, undefined],
    ['per-pod stores', { distribution: { name: 'starter' }, workload: { replicas: 2 } }, undefined],
  ])('%s: the same problems, in the same order, as generateTargetConfig throws once', (_title, spec, options) => {
    const outcome = generateTargetConfigOutcome(spec, T, options);
    expect(() => generateTargetConfigOutcome(spec, T, options)).not.toThrow();
    expect('problems' in outcome && outcome.problems.map((p) => ({ path: p.path, message: p.message })))
      .toEqual(problemsOf(() => generateTargetConfig(spec, T, options)));
  });

  test('a config that generates is { config }, what generateTargetConfig returns', () => {
    expect(generateTargetConfigOutcome(VLLM_SPEC, T)).toEqual({ config: generateTargetConfig(VLLM_SPEC, T) });
  });
});

test('no stage of the generation catches an exception to carry on: each returns its problems', () => {
  const dir = path.join(__dirname, '../../src/generate');
  const files = [...fs.readdirSync(dir).map((f) => path.join(dir, f)), ...fs.readdirSync(path.join(dir, 'operator')).map((f) => path.join(dir, 'operator', f))]
    .filter((f) => f.endsWith('.ts'));
  expect(files.filter((f) => /\bcatch\b/.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(dir, f))).toEqual([]);
});
