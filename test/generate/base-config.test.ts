/**
 * The base config of a generation: a base without a `providers` mapping is filled from the spec,
 * as the OGX operator fills an empty base from the CR; providers of another shape are refused.
 */
import * as YAML from 'yaml';
import { LlamaStackConfigError } from '../../src/core/errors';
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
