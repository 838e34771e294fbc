/**
 * Provider expansion and overlay: port of the operator's `pkg/config/provider_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.3).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { ConfigProblem } from '../../../src/core/errors';
import { JsonObject, JsonValue, newObject } from '../../../src/core/json';
import { applyProviders, expandProviders } from '../../../src/generate/operator/provider-overlay';
import { ProviderConfig } from '../../../src/spec/spec';
import { emitYaml } from '../../../src/yaml/emit';
import { stepGolden, stepError, SECRET } from '../../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.3 provider_test.go → ExpandProviders(list)

/** The entries of a list that expands (fails the test if it returns problems). */
function expand(list: ProviderConfig[]): JsonObject[] {
  const out = expandProviders(list, 'spec.providers.inference', list.map((p) => p.settings));
  if ('problems' in out) throw new Error(`expected entries, got ${JSON.stringify(out.problems)}`);
  return out.entries;
}

/** The problems a list that does not expand returns (nothing is thrown). */
function expandProblems(list: ProviderConfig[], settings: unknown[] = list.map((p) => p.settings)): ConfigProblem[] {
  const out = expandProviders(list, 'spec.providers.inference', settings as JsonValue[]);
  if (!('problems' in out)) throw new Error('expected problems');
  return out.problems;
}

function expectExpandGolden(entries: JsonObject[], golden: string): void {
  expect(emitYaml({ result: entries })).toBe(stepGolden(golden));
}

describe('operator provider_test.go (§2.3)', () => {
  test('TestExpandProviders_SingleProvider', () => {
    const out = expand([{ provider: 'vllm', endpoint: 'http://vllm:8000' }]);
    expect(out).toHaveLength(1);
    expect(out[0].provider_id).toBe('vllm'); // auto-generated ID from provider field
    expect(out[0].provider_type).toBe('remote::vllm');
    expect((out[0].config as JsonObject).url).toBe('http://vllm:8000');
    expectExpandGolden(out, 'A.11 SingleProvider');
  });

  test('TestExpandProviders_SingleProviderWithExplicitID', () => {
    const out = expand([{ id: 'my-vllm', provider: 'vllm', endpoint: 'http://vllm:8000' }]);
    expect(out[0].provider_id).toBe('my-vllm');
    expectExpandGolden(out, 'A.11 SingleProviderWithExplicitID');
  });

  test('TestExpandProviders_MultipleProviders', () => {
    const out = expand([
      { id: 'primary', provider: 'vllm', endpoint: 'http://vllm:8000' },
      { id: 'fallback', provider: 'ollama', endpoint: 'http://ollama:11434' },
    ]);
    expect(out).toHaveLength(2);
    expect([out[0].provider_id, out[0].provider_type]).toEqual(['primary', 'remote::vllm']);
    expect([out[1].provider_id, out[1].provider_type]).toEqual(['fallback', 'remote::ollama']);
    expectExpandGolden(out, 'A.11 MultipleProviders');
  });

  test('TestExpandProviders_MultipleWithoutID_Error', () => {
    const problems = expandProblems([
      { provider: 'vllm', endpoint: 'http://vllm:8000' },
      { provider: 'ollama', endpoint: 'http://ollama:11434' },
    ]);
    // The operator stops at the first provider it cannot expand: one problem, returned.
    expect(problems).toEqual([{
      path: 'spec.providers.inference[0]',
      message: 'failed to merge config: failed to expand provider "vllm": missing required \'id\' field in multi-provider list',
      fix: 'add id: <unique name> to every provider of this list',
    }]);
    expect(problems[0].message).toContain(stepError('A.11 MultipleWithoutID_Error'));
  });

  test('TestExpandProviders_WithSettings', () => {
    const out = expand([{ provider: 'vllm', endpoint: 'http://vllm:8000', settings: { max_tokens: 4096, temperature: 0.7 } }]);
    const config = out[0].config as JsonObject;
    expect(config.url).toBe('http://vllm:8000');
    expect(config.max_tokens).toBe(4096);
    expect(config.temperature as number).toBeCloseTo(0.7, 9);
    expectExpandGolden(out, 'A.11 WithSettings');
  });

  test('TestExpandProviders_WithAPIKey', () => {
    const out = expand([{ provider: 'vllm', endpoint: 'http://vllm:8000', apiKey: SECRET('vllm-creds', 'token') }]);
    expect((out[0].config as JsonObject).api_key).toBe('${env.LLSD_VLLM_API_KEY}');
    expectExpandGolden(out, 'A.11 WithAPIKey');
  });

  test('TestExpandProviders_WithSecretRefs', () => {
    const out = expand([{
      id: 'pgvector',
      provider: 'pgvector',
      secretRefs: { host: SECRET('pg-creds', 'host'), password: SECRET('pg-creds', 'password') },
    }]);
    const config = out[0].config as JsonObject;
    expect(config.host).toBe('${env.LLSD_PGVECTOR_HOST}');
    expect(config.password).toBe('${env.LLSD_PGVECTOR_PASSWORD}');
    expectExpandGolden(out, 'A.11 WithSecretRefs');
  });

  test('TestExpandProviders_HyphenatedID', () => {
    const out = expand([{ id: 'vllm-primary', provider: 'vllm', apiKey: SECRET('vllm-creds', 'token') }]);
    expect((out[0].config as JsonObject).api_key).toBe('${env.LLSD_VLLM_PRIMARY_API_KEY}');
    expectExpandGolden(out, 'A.11 HyphenatedID');
  });
});

describe('problems are returned, not thrown', () => {
  test('settings that are not an object: the operator\'s json text, at the settings path', () => {
    expect(expandProblems([{ id: 'a', provider: 'vllm' }], [['x']])).toEqual([{
      path: 'spec.providers.inference[0].settings',
      message: 'failed to merge config: failed to parse settings for provider "a": json: cannot unmarshal array into Go value of type map[string]interface {}',
      fix: 'settings must be an object of config keys',
    }]);
  });

  test('applyProviders: none when every list expands; else the first provider\'s problem only, as the operator stops there', () => {
    const config = newObject();
    expect(applyProviders(config, { inference: [{ provider: 'vllm' }] }, new Map())).toEqual([]);
    expect((config.providers as JsonObject).inference).toHaveLength(1);
    const bad = { provider: 'ollama' };
    const problems = applyProviders(newObject(), { inference: [bad, bad], safety: [{ provider: 'x' }, { provider: 'y' }] }, new Map());
    expect(problems.map((p) => p.path)).toEqual(['spec.providers.inference[0]']);
  });
});
