/**
 * `vector_stores` defaults follow what the user configured: the first user vector_io provider
 * becomes `default_provider_id`, and the first user embedding model becomes
 * `default_embedding_model`, written so its identifier is the one the release registers
 * (`<provider_id>/<model_id>` on 0.8, `<provider_id>/<provider_model_id>` on 0.7.1).
 */
import { effectiveId, TargetGeneration } from './generation';
import { UserModel } from './registered-resources';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** The identifier the release gives a registered model. */
export function modelIdentifier(g: TargetGeneration, m: UserModel): string {
  if (g.rules.modelIdentifier === 'provider_model_id') return `${m.providerId}/${m.providerModelId}`;
  return m.modelId.startsWith(`${m.providerId}/`) ? m.modelId : `${m.providerId}/${m.modelId}`;
}

/** Defaults for new vector stores (`vector_stores` in config.yaml). */
export interface VectorStoreDefaults {
  /**
   * Id of the vector_io provider a vector store goes to when its request names none
   * (`default_provider_id`).
   * @default - the first `vectorIo` provider, else the base config's
   */
  readonly provider?: string;
  /**
   * Name of a registered embedding model (in `models`) that embeds documents when a request names
   * none (`default_embedding_model`).
   * @default - the first embedding model in `models`, else the base config's
   */
  readonly embeddingModel?: string;
  /**
   * Name of a registered rerank model (in `models`) for reranked search (`default_reranker_model`).
   * @default - the base config's (starter: the inline transformers reranker)
   */
  readonly rerankerModel?: string;
}

/** `{ provider_id, model_id }` naming `m` the way the release identifies it. */
function modelRef(g: TargetGeneration, m: UserModel): JsonObject {
  return { provider_id: m.providerId, model_id: modelIdentifier(g, m).slice(m.providerId.length + 1) };
}

function modelIndex(spec: LlamaStackDistributionSpec, name: string): number {
  return (spec.resources?.models ?? []).findIndex((m) => (typeof m === 'string' ? m : m.name) === name);
}

/** A model the user registered with that name and type, or a problem at `path`. */
function namedModel(g: TargetGeneration, models: readonly UserModel[], name: string, type: string, path: string): UserModel | undefined {
  const m = models.find((x) => x.modelId === name);
  if (m && m.type === type) return m;
  const candidates = models.filter((x) => x.type === type).map((x) => x.modelId);
  g.problem(path, m ? `model ${quoteValue(name)} is a ${m.type} model, not ${type}` : `no registered model is named ${quoteValue(name)}`,
    candidates.length > 0 ? `use one of: ${candidates.join(', ')}` : `register a ${type} model in models (modelType: ${type})`);
  return undefined;
}

export function applyVectorStoreDefaults(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec,
  models: readonly UserModel[], defaults: VectorStoreDefaults = {}, enabledVectorIo: readonly string[] = []): void {
  if (defaults.provider !== undefined && !enabledVectorIo.includes(defaults.provider)) {
    g.problem('vectorStores.provider', `${quoteValue(defaults.provider)} is not an enabled vector_io provider`,
      `use one of: ${enabledVectorIo.join(', ') || '(none: add vectorIo providers)'}`);
  }
  const vs = getOwn(config, 'vector_stores');
  const userVectorIo = spec.providers?.vectorIo ?? [];
  const embedding = defaults.embeddingModel !== undefined
    ? namedModel(g, models, defaults.embeddingModel, 'embedding', 'vectorStores.embeddingModel')
    : models.find((m) => m.type === 'embedding');
  const reranker = defaults.rerankerModel !== undefined ? namedModel(g, models, defaults.rerankerModel, 'rerank', 'vectorStores.rerankerModel') : undefined;
  const provider = defaults.provider ?? (userVectorIo.length > 0 ? effectiveId(userVectorIo[0]) : undefined);
  if (!provider && !embedding && !reranker) return;
  if (spec.disabled?.includes('vector_io') || spec.disabled?.includes('inference')) {
    if (Object.values(defaults).some((v) => v !== undefined)) {
      g.problem('vectorStores', 'vector store defaults need the vector_io and inference APIs, and one of them is disabled', 'remove vectorStores, or keep both APIs');
    }
    return;
  }
  const section: JsonObject = isJsonObject(vs) ? { ...vs } : {};
  if (provider) {
    section.default_provider_id = provider;
    g.wrote('vector_stores.default_provider_id', defaults.provider !== undefined ? 'vectorStores.provider' : 'spec.providers.vectorIo[0]');
  }
  if (embedding) {
    section.default_embedding_model = modelRef(g, embedding);
    g.wrote('vector_stores.default_embedding_model', defaults.embeddingModel !== undefined ? 'vectorStores.embeddingModel' : `spec.resources.models[${modelIndex(spec, embedding.modelId)}]`);
  }
  if (reranker) {
    section.default_reranker_model = modelRef(g, reranker);
    g.wrote('vector_stores.default_reranker_model', 'vectorStores.rerankerModel');
  }
  config.vector_stores = section;
}

/**
 * The user's vector store with no embedding model anywhere (none registered, no
 * `default_embedding_model`): the release refuses to create a vector store without one
 * ("embedding_model is required"), so file_search and memory fail on every request that does not
 * name a model registered later through the API.
 */
export function checkVectorStoresHaveEmbedding(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec): void {
  if ((spec.providers?.vectorIo?.length ?? 0) === 0 || spec.disabled?.includes('vector_io')) return;
  const vs = getOwn(config, 'vector_stores');
  if (isJsonObject(vs) && isJsonObject(getOwn(vs, 'default_embedding_model'))) return;
  const resources = getOwn(config, 'registered_resources');
  const models = isJsonObject(resources) ? getOwn(resources, 'models') : undefined;
  if (Array.isArray(models) && models.some((m) => isJsonObject(m) && getOwn(m, 'model_type') === 'embedding')) return;
  g.warn('spec.providers.vectorIo[0]', 'no embedding model is registered and vector_stores names no default_embedding_model:'
    + ' every vector store the server creates (and file_search, and responses memory) fails with "embedding_model is required"'
    + ' unless the request names an embedding model registered at run time',
  'register an embedding model in models (modelType: \'embedding\' with its embeddingDimension) on an inference provider that serves one,'
    + ' or keep the base config\'s inference providers (its in-process embedding model)');
}
