/**
 * The base config of a generation: a base without a `providers` mapping is filled from the spec,
 * as the OGX operator fills an empty base from the CR; providers of another shape are refused.
 */
import * as YAML from 'yaml';
import { LlamaStackConfigError } from '../../src/core/errors';
import { loadBaseConfig } from '../../src/generate/base-config';
import { TargetGeneration } from '../../src/generate/generation';
import { TargetConfigGenerator } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';

const EMPTY_BASE = 'version: 2\ndistro_name: test\napis: [inference]\n';
const VLLM = { providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }] } };

describe('a base config without providers', () => {
  test('is filled from the spec\'s providers', () => {
    const out = TargetConfigGenerator.generate(VLLM, ServerTarget.OGX_1_3, { baseConfigYaml: EMPTY_BASE });
    const config = YAML.parse(out.configYaml);
    expect(config.apis).toEqual(['inference']);
    expect(config.providers).toEqual({ inference: [{ provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } }] });
  });

  test('with `providers: null` too; providers of another shape are refused at their path', () => {
    const out = TargetConfigGenerator.generate(VLLM, ServerTarget.OGX_1_3, { baseConfigYaml: `${EMPTY_BASE}providers:\n` });
    expect(YAML.parse(out.configYaml).providers.inference).toHaveLength(1);
    let error: unknown;
    try {
      TargetConfigGenerator.generate(VLLM, ServerTarget.OGX_1_3, { baseConfigYaml: `${EMPTY_BASE}providers: [inference]\n` });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LlamaStackConfigError);
    expect((error as LlamaStackConfigError).problems).toEqual([{ path: 'baseConfig.providers', message: 'must be a mapping of API: [providers]', fix: 'write providers as the image\'s config.yaml does, or leave it out' }]);
  });
});

describe('loadBaseConfig', () => {
  const load = (text: string | undefined, name?: string) =>
    loadBaseConfig(new TargetGeneration(ServerTarget.OGX_1_3), name ? { distribution: { name } } : {}, text);

  test('the problem of a base it cannot use is returned, not thrown', () => {
    expect(load('a: [')).toEqual({ problems: [expect.objectContaining({ path: 'baseConfig', fix: 'pass the YAML config of the image' })] });
    expect(load('- 1\n')).toEqual({ problems: [expect.objectContaining({ path: 'baseConfig', fix: 'pass the YAML config of the image' })] });
    expect(load('')).toEqual({ problems: [{ path: 'baseConfig', message: 'is not a config mapping', fix: 'pass the config.yaml the image ships' }] });
    expect(load(undefined, 'nope')).toEqual({ problems: [expect.objectContaining({ path: 'spec.distribution.name', message: 'OGX 1.3.0 ships no distribution "nope"' })] });
  });

  test('a base it can use: a copy to write into, and the distribution', () => {
    const out = load(EMPTY_BASE);
    expect(out).toEqual({ config: { version: 2, distro_name: 'test', apis: ['inference'], providers: {} }, distribution: 'custom' });
  });
});
