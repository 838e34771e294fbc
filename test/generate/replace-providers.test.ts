/**
 * replaceBaseProviders: the user's providers replace the base config's for the named APIs (or
 * all), and whatever pointed at a dropped provider goes with it, so the config starts.
 */
import { Testing } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { InferenceProvider, SafetyProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { readBaseConfig } from '../../src/yaml/parse';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
const VLLM = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' });
const PGVECTOR = VectorIoProvider.pgvector({ host: 'pg', password: SecretRef.fromSecretName('pg', 'password') });

function synth(target: ServerTarget, props: LlamaStackDistributionProps): { config: any; warnings: string[] } {
  const chart = Testing.chart();
  const d = new LlamaStackDistribution(chart, 'llama', { target, ...props });
  expect(startupFromObjects(target, Testing.synth(chart))).toEqual({ fatal: [], warnings: [] });
  return { config: readBaseConfig(d.configYaml!), warnings: d.warnings.map((w) => `${w.path}: ${w.message}`) };
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('a vLLM-only app: one inference provider; starter\'s inline embedding and reranker defaults go with theirs', () => {
    const { config, warnings } = synth(target, {
      inference: [VLLM],
      models: ['llama-3.1-8b', { name: 'embed', modelType: 'embedding', embeddingDimension: 768 }],
      replaceBaseProviders: ['inference'],
    });
    expect(warnings).toEqual([]);
    expect(config.providers.inference).toEqual([{ provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } }]);
    expect(config.vector_stores.default_embedding_model).toEqual({ provider_id: 'vllm', model_id: 'embed' });
    expect(config.vector_stores.default_reranker_model).toBeUndefined();
    // The other APIs keep the base's providers.
    expect(config.providers.vector_io.length).toBeGreaterThan(1);
  });

  test('without an embedding model, the dropped inline default embedding model is removed, not left dangling', () => {
    const { config } = synth(target, { inference: [VLLM], models: ['m'], replaceBaseProviders: ['inference'] });
    expect(config.vector_stores.default_embedding_model).toBeUndefined();
  });

  test('"*" replaces every configured API; vector store and shield defaults follow the user\'s', () => {
    const { config } = synth(target, {
      inference: [VLLM],
      vectorIo: [PGVECTOR],
      safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })],
      models: ['m'],
      shields: ['content-safety'],
      replaceBaseProviders: ['*'],
    });
    expect(config.providers.vector_io.map((p: any) => p.provider_id)).toEqual(['pgvector']);
    expect(config.providers.safety.map((p: any) => p.provider_id)).toEqual(['nvidia']);
    expect(config.registered_resources.shields).toEqual([{ shield_id: 'content-safety', provider_id: 'nvidia' }]);
    expect(config.safety).toEqual({ default_shield_id: 'content-safety' });
    expect(config.vector_stores.default_provider_id).toBe('pgvector');
  });

  test('replacing safety without shields drops the base\'s shields and its default shield', () => {
    const { config } = synth(target, { safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })], replaceBaseProviders: ['safety'] });
    expect(config.registered_resources.shields ?? []).toEqual([]);
    expect(config.safety?.default_shield_id).toBeUndefined();
  });

  test('an API with no user providers keeps the base\'s, with a warning; an unknown name is an error', () => {
    expect(synth(target, { replaceBaseProviders: ['vector_io'] }).warnings)
      .toEqual(['props.replaceBaseProviders[0]: no vectorIo providers are configured, so the base config\'s vector_io providers stay']);
    expect(() => new LlamaStackDistribution(Testing.chart(), 'x', { target, replaceBaseProviders: ['vectors'] }))
      .toThrow(/replaceBaseProviders\[0\]: .* has no provider API "vectors" — use "\*" or one of: /);
  });
});

test('the operator pipeline and the CR constructs report it', () => {
  for (const make of [
    () => new LlamaStackDistribution(Testing.chart(), 'x', { target: ServerTarget.OPERATOR, replaceBaseProviders: ['*'] }),
    () => new LlamaStackDistributionResource(Testing.chart(), 'x', { replaceBaseProviders: ['*'] }),
  ]) {
    try {
      make();
      throw new Error('accepted');
    } catch (e) {
      expect((e as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(['props.replaceBaseProviders']);
    }
  }
});
