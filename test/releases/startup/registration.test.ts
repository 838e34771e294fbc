/**
 * Resource registration (src/releases/startup/registration.ts) through the start-up model, on OGX 0.8.0 and
 * llama-stack 0.7.1 (§5 of ../shared/reference/llama-stack/startup-checks.md).
 */
import { JsonObject } from '../../../src/core/json';
import { OGX, LLAMA, TARGETS, run, cfg, fatal, warning, paths, SENTENCE_TRANSFORMERS, VLLM, FAISS } from '../../support/startup-model';

describe.each(TARGETS)('%s: registration (§5)', (_name, target) => {
  test('a model on a provider that is not enabled is fatal and lists the enabled ones', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].provider_id', 'Provider `vllm` not found: no enabled inference provider has that id')]);
    expect(r.fatal[0].fix).toBe('register the model on one of: sentence-transformers');
  });

  test('a model on an env-conditional base provider that is off names the env var', () => {
    const r = run(target, cfg({
      providers: { inference: [{ provider_id: '${env.OLLAMA_URL:+ollama}', provider_type: 'remote::ollama', config: { base_url: '${env.OLLAMA_URL:=http://localhost:11434/v1}' } }] },
      registered_resources: { models: [{ model_id: 'llama3.2:3b', provider_id: 'ollama' }] },
    }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].provider_id', 'Provider `ollama` not found', '(the base config enables ollama only when OLLAMA_URL is set)')]);
    expect(r.fatal[0].env).toEqual(['OLLAMA_URL']);
    expect(r.fatal[0].fix).toContain('set OLLAMA_URL in the container');
  });

  test('a model on a provider of another API is not found', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] }, registered_resources: { models: [{ model_id: 'm', provider_id: 'faiss' }] } }));
    expect(paths(r.fatal)).toEqual(['registered_resources.models[0].provider_id']);
  });

  test('an embedding model without metadata.embedding_dimension is fatal', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: {
        models: [
          { model_id: 'nomic', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: {} },
          { model_id: 'minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } },
        ],
      },
    }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0]', 'Embedding model must have an embedding dimension in its metadata (nomic)')]);
  });

  test('an unknown model_type is fatal', () => {
    const r = run(target, cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'm', provider_id: 'vllm', model_type: 'chat' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].model_type', 'model_type must be one of llm, embedding, rerank, not "chat"')]);
  });

  test('inline::prompt-guard registers only Prompt-Guard-86M', () => {
    const config = (shield: JsonObject): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'prompt-guard', provider_type: 'inline::prompt-guard', config: {} }] },
      registered_resources: { shields: [{ provider_id: 'prompt-guard', ...shield }] },
    });
    expect(run(target, config({ shield_id: 'llama-guard' })).fatal).toEqual([
      fatal('registered_resources.shields[0]', 'inline::prompt-guard refuses shield "llama-guard": it registers only Prompt-Guard-86M'),
    ]);
    expect(run(target, config({ shield_id: 'Prompt-Guard-86M' }))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config({ shield_id: 'pg', provider_shield_id: 'Prompt-Guard-86M' }))).toEqual({ fatal: [], warnings: [] });
  });

  test('inline::code-scanner accepts code-scanner and code-shield only', () => {
    const config = (shieldId: string): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'code-scanner', provider_type: 'inline::code-scanner', config: {} }] },
      registered_resources: { shields: [{ shield_id: shieldId, provider_id: 'code-scanner' }] },
    });
    expect(run(target, config('code-scanner'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('code-shield'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('semgrep')).fatal).toEqual([fatal('registered_resources.shields[0]', 'inline::code-scanner refuses shield "semgrep": it registers only code-scanner, code-shield')]);
  });

  test('a remote::bedrock shield without params.guardrailVersion is fatal', () => {
    const config = (shield: JsonObject): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'bedrock', provider_type: 'remote::bedrock', config: { region_name: 'us-east-1' } }] },
      registered_resources: { shields: [{ shield_id: 'guardrail-1', provider_id: 'bedrock', ...shield }] },
    });
    expect(run(target, config({})).fatal).toEqual([fatal('registered_resources.shields[0].params', 'remote::bedrock reads params.guardrailVersion when it registers a shield')]);
    expect(run(target, config({ params: { guardrailVersion: '1' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('a shield on a safety provider that is not enabled is fatal', () => {
    const r = run(target, cfg({ registered_resources: { shields: [{ shield_id: 'llama-guard', provider_id: 'llama-guard' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.shields[0].provider_id', 'Provider `llama-guard` not found: no enabled safety provider has that id')]);
  });

  test('a resource list whose router API is not in a non-empty apis is skipped with a warning', () => {
    const r = run(target, cfg({
      apis: ['inference'],
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: { shields: [{ shield_id: 'anything', provider_id: 'nowhere' }], vector_stores: [{ vector_store_id: 'v', provider_id: 'x', embedding_model: 'e', embedding_dimension: 3 }] },
    }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('registered_resources.shields', 'shields are never registered: the safety API is not served'),
      warning('registered_resources.vector_stores', 'vector_stores are never registered: the vector_io API is not served'),
    ]);
  });

  test('with apis omitted every list is registered (and checked)', () => {
    const r = run(target, cfg({ registered_resources: { shields: [{ shield_id: 'anything', provider_id: 'nowhere' }] } }));
    expect(paths(r.fatal)).toEqual(['registered_resources.shields[0].provider_id']);
  });

  test('entries without a provider_id key are never registered: a warning', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: { models: [{ model_id: 'llama' }], shields: [{ shield_id: 'llama-guard' }] },
    }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('registered_resources.models[0]', 'this model has no provider_id, so it is never registered'),
      warning('registered_resources.shields[0]', 'this shield has no provider_id, so it is never registered'),
    ]);
  });

  test('an env-conditional provider_id that resolves empty is skipped silently', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: {
        models: [{ model_id: 'llama', provider_id: '${env.VLLM_URL:+vllm}' }],
        shields: [{ shield_id: 'llama-guard', provider_id: '${env.SAFETY_MODEL:+llama-guard}' }],
      },
    }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('a model whose provider_id resolves to __disabled__ is removed', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS] }, registered_resources: { models: [{ model_id: 'llama', provider_id: '${env.VLLM_URL:=__disabled__}' }] } }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('registered_resources.tool_groups is dropped with a DeprecationWarning', () => {
    const r = run(target, cfg({ registered_resources: { tool_groups: [{ toolgroup_id: 'builtin::websearch', provider_id: 'tavily-search' }] } }));
    expect(r).toEqual({ fatal: [], warnings: [warning('registered_resources.tool_groups', 'registered_resources.tool_groups is deprecated and dropped')] });
  });

  test('a vector store\'s embedding_model must be the identifier of a model registered in the config', () => {
    const config = (embeddingModel: string): JsonObject => cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] },
      registered_resources: {
        models: [{ model_id: 'all-minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } }],
        vector_stores: [{ vector_store_id: 'docs', provider_id: 'faiss', embedding_model: embeddingModel, embedding_dimension: 384 }],
      },
    });
    expect(run(target, config('sentence-transformers/all-minilm'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('sentence-transformers/nomic-ai/nomic-embed-text-v1.5')).fatal).toEqual([
      fatal('registered_resources.vector_stores[0].embedding_model', 'ModelNotFoundError: "sentence-transformers/nomic-ai/nomic-embed-text-v1.5" is not a model registered in this config'),
    ]);
  });
});

// §5.1: provider_id: all and the model identifier differ per release.

describe('registration: what differs per release (§5.1)', () => {
  const all = cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'all' }] } });

  test('provider_id: all is fatal on 0.7 (no such provider)', () => {
    expect(run(LLAMA, all)).toEqual({ fatal: [fatal('registered_resources.models[0].provider_id', 'Provider `all` not found')], warnings: [] });
  });

  test('provider_id: all is an alias on the first enabled inference provider on 0.8: a warning', () => {
    expect(run(OGX, all)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0]', 'provider_id: all registers llama on the first enabled inference provider (vllm)')] });
    const none = cfg({ registered_resources: { models: [{ model_id: 'llama', provider_id: 'all' }] } });
    expect(run(OGX, none)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0]', 'provider_id: all with no enabled inference provider: skipped with a warning')] });
  });

  test('provider_model_id: auto asks the provider at start-up on 0.8 (warning); 0.7 stores it literally', () => {
    const config = cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm', provider_model_id: 'auto' }] } });
    expect(run(OGX, config)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0].provider_model_id', 'provider_model_id: auto asks the provider')] });
    expect(run(LLAMA, config)).toEqual({ fatal: [], warnings: [] });
  });

  const twoModels = (meta2: JsonObject): JsonObject => cfg({
    providers: { inference: [VLLM] },
    registered_resources: {
      models: [
        { model_id: 'llama-a', provider_id: 'vllm', provider_model_id: 'meta-llama/Llama-3.1-8B', metadata: { context_length: 8192 } },
        { model_id: 'llama-b', provider_id: 'vllm', provider_model_id: 'meta-llama/Llama-3.1-8B', metadata: meta2 },
      ],
    },
  });

  test('0.7: two model_ids with one provider_model_id and different metadata share an identifier and conflict', () => {
    expect(run(LLAMA, twoModels({ context_length: 4096 }))).toEqual({
      fatal: [fatal('registered_resources.models[1]', "Object of type 'model' and identifier 'vllm/meta-llama/Llama-3.1-8B' already exists with conflicting field values",
        '(registered_resources.models[0] registered it first)')],
      warnings: [],
    });
    // Same stored fields: the second registration is a no-op.
    expect(run(LLAMA, twoModels({ context_length: 8192 }))).toEqual({ fatal: [], warnings: [] });
  });

  test('0.8: the identifier is provider_id/model_id, so the two models do not conflict', () => {
    expect(run(OGX, twoModels({ context_length: 4096 }))).toEqual({ fatal: [], warnings: [] });
  });

  test('0.8: the same model_id twice with different fields conflicts', () => {
    const config = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm', provider_model_id: 'a' }, { model_id: 'vllm/llama', provider_id: 'vllm', provider_model_id: 'b' }] },
    });
    expect(run(OGX, config).fatal).toEqual([fatal('registered_resources.models[1]', "identifier 'vllm/llama' already exists with conflicting field values")]);
    expect(run(LLAMA, config)).toEqual({ fatal: [], warnings: [] });
  });
});
