/**
 * Resource expansion: port of the operator's `pkg/config/resource_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.5).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { JsonObject } from '../../../src/core/json';
import { appendResources, expandResources } from '../../../src/generate/operator/resource-expansion';
import { ProvidersSpec, ResourcesSpec } from '../../../src/spec/spec';
import { emitYaml } from '../../../src/yaml/emit';
import { readBaseConfig } from '../../../src/yaml/parse';
import { INDEX, stepGolden, stepError, generate } from '../../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.5 resource_test.go → ExpandResources(resources, providers, baseConfig)

/** `baseConfig` nil in Go is an empty config here. */
function expandRes(resources: ResourcesSpec, providers: ProvidersSpec | undefined, base: JsonObject = {}) {
  return expandResources(resources, providers, base);
}

function expectResourceGolden(entries: JsonObject[], golden: string): void {
  const config: JsonObject = {};
  appendResources(config, entries);
  expect(emitYaml({ result: config.registered_resources })).toBe(stepGolden(golden));
}

describe('operator resource_test.go (§2.5)', () => {
  test('TestExpandResources_ModelWithDefaultProvider', () => {
    const { entries, problems } = expandRes({ models: [{ name: 'llama3.2-8b' }] },
      { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000' }] });
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      resource_type: 'model',
      provider: { provider_id: 'vllm', provider_type: 'remote::vllm' },
      params: { model_id: 'llama3.2-8b' },
    });
    expectResourceGolden(entries, 'A.12 ModelWithDefaultProvider');
  });

  test('TestExpandResources_ModelWithExplicitProvider', () => {
    const { entries, problems } = expandRes({ models: [{ name: 'llama3.2-70b', provider: 'vllm-primary' }] },
      { inference: [{ id: 'vllm-primary', provider: 'vllm', endpoint: 'http://vllm:8000' }] });
    expect(problems).toEqual([]);
    const provider = entries[0].provider as JsonObject;
    expect(provider.provider_id).toBe('vllm-primary');
    expect(provider.provider_type).toBe('remote::vllm'); // provider_type should use the provider name, not the custom ID
    expectResourceGolden(entries, 'A.12 ModelWithExplicitProvider');
  });

  test('TestExpandResources_ModelWithMetadata', () => {
    const { entries, problems } = expandRes(
      { models: [{ name: 'llama3.2-8b', contextLength: 8192, modelType: 'llm', quantization: 'fp16' }] },
      { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000' }] });
    expect(problems).toEqual([]);
    const params = entries[0].params as JsonObject;
    expect(params.context_length).toBe(8192);
    expect(Number.isInteger(params.context_length)).toBe(true);
    expect(params.model_type).toBe('llm');
    expect(params.quantization).toBe('fp16');
    expectResourceGolden(entries, 'A.12 ModelWithMetadata');
  });

  test('TestExpandResources_Tools', () => {
    const { entries, problems } = expandRes({ tools: ['websearch', 'code-interpreter'] },
      { toolRuntime: [{ provider: 'brave-search', endpoint: 'http://brave:8080' }] });
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.resource_type)).toEqual(['tool_group', 'tool_group']);
    expect(entries.map((e) => (e.params as JsonObject).tool_group_id)).toEqual(['websearch', 'code-interpreter']);
    for (const e of entries) expect(e.provider).toEqual({ provider_id: 'brave-search', provider_type: 'remote::brave-search' });
    expectResourceGolden(entries, 'A.12 Tools');
  });

  test('TestExpandResources_ToolsWithoutProvider_Error', () => {
    const { entries, problems } = expandRes({ tools: ['websearch'] }, {});
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('toolRuntime provider');
    expect(problems[0].message).toContain(stepError('A.12 ToolsWithoutProvider_Error'));
    expect(problems[0].path).toBe('spec.resources.tools');
  });

  test('TestExpandResources_Shields', () => {
    const { entries, problems } = expandRes({ shields: ['llama-guard'] }, { safety: [{ provider: 'llama-guard' }] });
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0].resource_type).toBe('shield');
    expect((entries[0].params as JsonObject).shield_id).toBe('llama-guard');
    expect(entries[0].provider).toEqual({ provider_id: 'llama-guard', provider_type: 'remote::llama-guard' });
    expectResourceGolden(entries, 'A.12 Shields');
  });

  test('TestExpandResources_ShieldsWithoutProvider_Error', () => {
    const { entries, problems } = expandRes({ shields: ['llama-guard'] }, {});
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('safety provider');
    expect(problems[0].message).toContain(stepError('A.12 ShieldsWithoutProvider_Error'));
  });

  test('TestExpandResources_Nil', () => {
    expect(INDEX.steps['A.12 Nil']).toEqual({ value: '`nil`, no error' });
    expect(expandRes({}, undefined)).toEqual({ entries: [], problems: [] });
    // Through the pipeline: no resources, nothing registered, no registered_resources key added.
    const r = generate({}, { baseConfigYaml: 'version: 2\n' });
    expect(r.resourceCount).toBe(0);
    expect(r.configYaml).toBe('version: 2\n');
  });

  test('TestExpandResources_FallbackToBaseConfig', () => {
    const base = readBaseConfig('providers: {tool_runtime: [{provider_id: inline::rag-runtime, provider_type: inline::rag-runtime}]}\n')!;
    const { entries, problems } = expandRes({ tools: ['websearch'] }, {}, base);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0].provider).toEqual({ provider_id: 'inline::rag-runtime', provider_type: 'inline::rag-runtime' });
    expectResourceGolden(entries, 'A.12 FallbackToBaseConfig');
  });

  test('TestExpandResources_ModelNoProvider_Error', () => {
    const { entries, problems } = expandRes({ models: [{ name: 'llama3.2-8b' }] }, {});
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('no provider');
    expect(problems[0].message).toContain(stepError('A.12 ModelNoProvider_Error'));
    expect(problems[0].message).toContain(
      'failed to register model "llama3.2-8b": no provider specified and no inference provider is configured');
  });
});
