/**
 * The post-start checks (src/releases/startup/post-start.ts) through the start-up model, on OGX 0.8.0 and
 * llama-stack 0.7.1 (§7 of ../shared/reference/llama-stack/startup-checks.md).
 */
import { JsonObject } from '../../../src/core/json';
import { OGX, LLAMA, TARGETS, run, cfg, fatal, warning, paths, SENTENCE_TRANSFORMERS, TRANSFORMERS, VLLM, FAISS } from '../../support/startup-model';

describe.each(TARGETS)('%s: post-start checks (§7)', (_name, target) => {
  const safetyConfig = (shields: JsonObject[], apis?: string[]): JsonObject => cfg({
    ...(apis ? { apis } : {}),
    providers: { inference: [SENTENCE_TRANSFORMERS], safety: [{ provider_id: 'code-scanner', provider_type: 'inline::code-scanner', config: {} }] },
    registered_resources: { shields },
    safety: { default_shield_id: 'llama-guard' },
  });

  test('default_shield_id with no shields registered passes', () => {
    expect(run(target, safetyConfig([]))).toEqual({ fatal: [], warnings: [] });
    // The usual starter case: the only shield is switched off by its env var.
    expect(run(target, safetyConfig([{ shield_id: '${env.SAFETY_MODEL:+llama-guard}', provider_id: 'llama-guard' }]))).toEqual({ fatal: [], warnings: [] });
  });

  test('default_shield_id with another shield registered fails and lists the registered ones', () => {
    const r = run(target, safetyConfig([{ shield_id: 'code-scanner', provider_id: 'code-scanner' }]));
    expect(r).toEqual({
      fatal: [fatal('safety.default_shield_id', "Configured default_shield_id 'llama-guard' not found among registered shields. Available shields: [code-scanner]")],
      warnings: [],
    });
  });

  test('default_shield_id naming the registered shield passes', () => {
    const config = { ...safetyConfig([{ shield_id: 'code-scanner', provider_id: 'code-scanner' }]), safety: { default_shield_id: 'code-scanner' } };
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
  });

  test('default_shield_id with safety not in a non-empty apis fails', () => {
    const r = run(target, safetyConfig([], ['inference']));
    expect(r.fatal).toEqual([fatal('safety.default_shield_id', 'Safety configuration requires the safety API to be enabled')]);
  });

  const embeddingDefault = (providers: JsonObject[], setting: JsonObject, extra: JsonObject = {}): JsonObject => cfg({
    providers: { inference: providers },
    vector_stores: { default_embedding_model: setting },
    ...extra,
  });
  const NOMIC = { provider_id: 'sentence-transformers', model_id: 'nomic-ai/nomic-embed-text-v1.5' };

  test('default_embedding_model on the model inline::sentence-transformers lists passes', () => {
    expect(run(target, embeddingDefault([SENTENCE_TRANSFORMERS], NOMIC))).toEqual({ fatal: [], warnings: [] });
  });

  test('the listed model is under the configured provider id', () => {
    const r = run(target, embeddingDefault([{ ...SENTENCE_TRANSFORMERS, provider_id: 'st' }], NOMIC));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model',
      "Embedding model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5' not found. Available embedding models: [st/nomic-ai/nomic-embed-text-v1.5]")]);
  });

  test('default_embedding_model fails when no sentence-transformers provider is enabled', () => {
    const r = run(target, embeddingDefault([VLLM], NOMIC));
    expect(r).toEqual({
      fatal: [fatal('vector_stores.default_embedding_model', "Embedding model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5' not found. Available embedding models: []")],
      warnings: [],
    });
    const off = run(target, embeddingDefault([{ ...SENTENCE_TRANSFORMERS, provider_id: '${env.ST:+sentence-transformers}' }], NOMIC));
    expect(paths(off.fatal)).toEqual(['vector_stores.default_embedding_model']);
  });

  test('default_embedding_model needs inference served', () => {
    const r = run(target, embeddingDefault([SENTENCE_TRANSFORMERS], NOMIC, { apis: ['vector_io'] }));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model', "Models API is not available but vector_stores config requires model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5'")]);
  });

  test('default_embedding_model pointing at an llm is a type mismatch', () => {
    const r = run(target, embeddingDefault([VLLM], { provider_id: 'vllm', model_id: 'llama' }, {
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] },
    }));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/llama' not found (it is a llm model)")]);
  });

  test('default_reranker_model on the model inline::transformers lists', () => {
    const config = (setting: JsonObject): JsonObject => cfg({
      providers: { inference: [TRANSFORMERS] },
      vector_stores: { default_reranker_model: setting },
    });
    expect(run(target, config({ provider_id: 'transformers', model_id: 'Qwen/Qwen3-Reranker-0.6B' }))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config({ provider_id: 'transformers', model_id: 'BAAI/bge-reranker-base' })).fatal).toEqual([
      fatal('vector_stores.default_reranker_model', "Reranker model 'transformers/BAAI/bge-reranker-base' not found. Available rerank models: [transformers/Qwen/Qwen3-Reranker-0.6B]"),
    ]);
  });

  test('rewrite_query_params.model must be a registered llm', () => {
    const config = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] },
      vector_stores: { rewrite_query_params: { model: { provider_id: 'vllm', model_id: 'llama' } } },
    });
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
    const missing = { ...config, registered_resources: { models: [] } };
    expect(paths(run(target, missing).fatal)).toEqual(['vector_stores.rewrite_query_params.model']);
  });

  test('default_provider_id naming a vector_io provider that is not enabled is a warning', () => {
    const config = (id: string): JsonObject => cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] },
      vector_stores: { default_provider_id: id },
    });
    expect(run(target, config('milvus'))).toEqual({
      fatal: [], warnings: [warning('vector_stores.default_provider_id', '"milvus" is not an enabled vector_io provider')],
    });
    expect(run(target, config('milvus')).warnings[0].fix).toBe('use one of: faiss');
    expect(run(target, config('faiss'))).toEqual({ fatal: [], warnings: [] });
  });
});

// §5.1 + §7.1: a registered embedding model as the default. The setting names
// <provider_id>/<model_id>; the registered identifier is provider_id/provider_model_id on 0.7.1
// and provider_id/model_id on 0.8.0, so a model_id != provider_model_id model resolves differently.

describe('default_embedding_model on a registered model (§5.1 identifier, §7.1)', () => {
  const config = (modelId: string): JsonObject => cfg({
    providers: { inference: [VLLM] },
    registered_resources: {
      models: [{ model_id: 'granite-embedding', provider_id: 'vllm', provider_model_id: 'ibm-granite/granite-embedding-125m-english', model_type: 'embedding', metadata: { embedding_dimension: 768 } }],
    },
    vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: modelId } },
  });

  test('0.8: the identifier is vllm/<model_id>', () => {
    expect(run(OGX, config('granite-embedding'))).toEqual({ fatal: [], warnings: [] });
    expect(run(OGX, config('ibm-granite/granite-embedding-125m-english')).fatal).toEqual([
      fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/ibm-granite/granite-embedding-125m-english' not found. Available embedding models: [vllm/granite-embedding]"),
    ]);
  });

  test('0.7: the identifier is vllm/<provider_model_id>', () => {
    expect(run(LLAMA, config('ibm-granite/granite-embedding-125m-english'))).toEqual({ fatal: [], warnings: [] });
    expect(run(LLAMA, config('granite-embedding')).fatal).toEqual([
      fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/granite-embedding' not found. Available embedding models: [vllm/ibm-granite/granite-embedding-125m-english]"),
    ]);
  });

  test.each(TARGETS)('%s: with model_id == provider_model_id both releases agree', (_name, target) => {
    const same = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'granite', provider_id: 'vllm', provider_model_id: 'granite', model_type: 'embedding', metadata: { embedding_dimension: 768 } }] },
      vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: 'granite' } },
    });
    expect(run(target, same)).toEqual({ fatal: [], warnings: [] });
  });
});
