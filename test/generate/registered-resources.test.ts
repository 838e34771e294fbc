/**
 * registered-resources.ts: `registered_resources.models` and `.shields` from spec.resources (the
 * server's RegisteredResources: model_type llm/embedding/rerank, embedding models need
 * metadata.embedding_dimension, a shield's default must be registered), the provider each
 * names checked against the enabled providers, and tool groups refused (the releases register
 * them from the tool_runtime providers).
 */
import { parse } from 'yaml';
import { LlamaStackConfigError } from '../../src/core/errors';
import { generateTargetConfig, TargetConfig } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const VLLM = { id: 'vllm', provider: 'vllm', endpoint: 'http://vllm:8000/v1' };
const STARTER_INFERENCE = 'fireworks, together, bedrock, openai, anthropic, gemini, groq, meta, sambanova, sentence-transformers';

function gen(spec: Partial<LlamaStackDistributionSpec>, target = ServerTarget.OGX_1_3): { config: any; r: TargetConfig } {
  const r = generateTargetConfig({ distribution: { name: 'starter' }, ...spec }, target);
  return { config: parse(r.configYaml), r };
}

function problems(spec: Partial<LlamaStackDistributionSpec>, target = ServerTarget.OGX_1_3): string[] {
  try {
    gen(spec, target);
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('applyModels', () => {
  test('each model is registered on the spec\'s provider, model_type llm by default, provider_model_id its name unless given', () => {
    const { config, r } = gen({
      providers: { inference: [VLLM] },
      resources: { models: [{ name: 'llama', providerModelId: 'meta/llama', contextLength: 8192 }, { name: 'embed', modelType: 'embedding', embeddingDimension: 768 }] },
    });
    expect(config.registered_resources.models).toEqual([
      { model_id: 'llama', provider_id: 'vllm', provider_model_id: 'meta/llama', model_type: 'llm', metadata: { context_length: 8192 } },
      { model_id: 'embed', provider_id: 'vllm', provider_model_id: 'embed', model_type: 'embedding', metadata: { embedding_dimension: 768 } },
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.resourceCount).toBe(2);
  });

  test.each<[string, Partial<LlamaStackDistributionSpec>, string[]]>([
    ['no provider and several enabled', { resources: { models: [{ name: 'x' }] } },
      [`spec.resources.models[0]: model "x" names no provider, and the base config enables several inference providers (${STARTER_INFERENCE})`]],
    ['a provider that is not enabled', { resources: { models: [{ name: 'x', provider: 'nope' }] } },
      ['spec.resources.models[0].provider: model "x" names provider "nope", which is not an enabled inference provider']],
    ['an embedding model without its dimension', { providers: { inference: [VLLM] }, resources: { models: [{ name: 'e', modelType: 'embedding' }] } },
      ['spec.resources.models[0]: embedding model "e" has no embedding dimension (the server refuses to register it)']],
    ['a model type the server does not have', { providers: { inference: [VLLM] }, resources: { models: [{ name: 'c', modelType: 'chat' }] } },
      ['spec.resources.models[0].modelType: OGX 1.3.0 registers models of type llm, embedding, rerank, not "chat"']],
  ])('refused: %s', (_what, spec, expected) => {
    expect(problems(spec)).toEqual(expected);
  });

  test('a rerank model is registered', () => {
    expect(gen({ providers: { inference: [VLLM] }, resources: { models: [{ name: 'rr', modelType: 'rerank' }] } }).config.registered_resources.models)
      .toEqual([{ model_id: 'rr', provider_id: 'vllm', provider_model_id: 'rr', model_type: 'rerank' }]);
  });

  test('a model on a provider whose key is ${env.X:=} with X unset is a warning', () => {
    const { config, r } = gen({ resources: { models: [{ name: 'gpt', provider: 'openai' }] } });
    expect(config.registered_resources.models).toEqual([{ model_id: 'gpt', provider_id: 'openai', provider_model_id: 'gpt', model_type: 'llm' }]);
    expect(r.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'spec.resources.models[0].provider: model "gpt" is on provider "openai", whose api_key is ${env.OPENAI_API_KEY:=} and OPENAI_API_KEY is not set: the server starts, and every call to the model fails',
    ]);
  });

  test('a name that starts with its provider id is a warning (the server prefixes the id again)', () => {
    expect(gen({ providers: { inference: [VLLM] }, resources: { models: [{ name: 'vllm/llama' }] } }).r.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'spec.resources.models[0].name: model "vllm/llama" starts with its provider id "vllm/": the server lists it under that id and sends "vllm/llama" to the provider as the model name',
    ]);
    expect(gen({ providers: { inference: [VLLM] }, resources: { models: [{ name: 'vllm/llama', providerModelId: 'llama' }] } }).r.warnings).toEqual([]);
  });
});

describe('applyShields', () => {
  test('llama-stack 0.7: shields registered on the safety provider; the default shield becomes a registered one', () => {
    const { config } = gen({
      providers: { inference: [VLLM], safety: [{ id: 'lg', provider: 'inline::llama-guard' }] },
      resources: { shields: ['guard', { name: 'g2', providerShieldId: 'x', params: { a: 1 } }] },
    }, ServerTarget.LLAMA_STACK_0_7);
    expect(config.registered_resources.shields.slice(-2)).toEqual([
      { shield_id: 'guard', provider_id: 'lg' },
      { shield_id: 'g2', provider_id: 'lg', provider_shield_id: 'x', params: { a: 1 } },
    ]);
    expect(config.safety).toEqual({ default_shield_id: 'guard' });
  });

  test('OGX 1.0 removed the safety API: shields are refused', () => {
    expect(problems({ providers: { inference: [VLLM] }, resources: { shields: ['guard'] } }))
      .toEqual(['spec.resources.shields: OGX 1.3.0 has no shields (the safety API was removed in OGX 1.0.0)']);
  });
});

describe('checkTools', () => {
  test.each([['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7], ['ogx-1.3', ServerTarget.OGX_1_3]] as const)('%s registers tool groups itself: spec.resources.tools is refused', (_id, target) => {
    expect(problems({ providers: { inference: [VLLM] }, resources: { tools: ['builtin::websearch'] } }, target))
      .toEqual([`spec.resources.tools: ${target.description} registers tool groups itself from the tool_runtime providers (tool_groups were deprecated in llama-stack 0.7.0)`]);
  });
});
