/**
 * Provider expansion and overlay: port of the operator's `pkg/config/provider_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.3).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { JsonObject } from '../../../src/core/json';
import { expandProviders } from '../../../src/generate/operator/provider-overlay';
import { ProviderConfig } from '../../../src/spec/spec';
import { emitYaml } from '../../../src/yaml/emit';
import { stepGolden, stepError, configError, SECRET } from '../../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.3 provider_test.go → ExpandProviders(list)

function expand(list: ProviderConfig[]): JsonObject[] {
  return expandProviders(list, 'spec.providers.inference', list.map((p) => p.settings));
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
    const e = configError(() => expand([
      { provider: 'vllm', endpoint: 'http://vllm:8000' },
      { provider: 'ollama', endpoint: 'http://ollama:11434' },
    ]));
    expect(e.message).toContain("missing required 'id' field");
    expect(e.message).toContain(stepError('A.11 MultipleWithoutID_Error'));
    expect(e.message).toContain('failed to expand provider "vllm": missing required \'id\' field in multi-provider list');
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
