/**
 * target-config.ts: the pipeline's result (config bytes and their sha256, env vars, counts, the
 * distribution), its boundary (the target and options checked, the spec validated against the
 * CRD rules before generation), every problem at once, determinism, and per-pod state refused
 * with several replicas unless allowed.
 */
import { createHash } from 'crypto';
import { parse } from 'yaml';
import { generateTargetConfig, TargetConfigGenerator } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { pathMessages as problems } from '../support/problems';

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
