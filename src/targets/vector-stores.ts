/**
 * `vector_stores` defaults follow what the user configured: the first user vector_io provider
 * becomes `default_provider_id`, and the first user embedding model becomes
 * `default_embedding_model`, written so its identifier is the one the release registers
 * (`<provider_id>/<model_id>` on 0.8, `<provider_id>/<provider_model_id>` on 0.7.1).
 */
import { effectiveId, TargetGeneration } from './generation';
import { UserModel } from './resources';
import { getOwn, isJsonObject, JsonObject } from '../config/json-value';
import { LlamaStackDistributionSpec } from '../config/spec';

/** The identifier the release gives a registered model. */
export function modelIdentifier(g: TargetGeneration, m: UserModel): string {
  if (g.rules.modelIdentifier === 'provider_model_id') return `${m.providerId}/${m.providerModelId}`;
  return m.modelId.startsWith(`${m.providerId}/`) ? m.modelId : `${m.providerId}/${m.modelId}`;
}

export function applyVectorStoreDefaults(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec,
  models: readonly UserModel[]): void {
  const vs = getOwn(config, 'vector_stores');
  const userVectorIo = spec.providers?.vectorIo ?? [];
  const embedding = models.find((m) => m.type === 'embedding');
  if (userVectorIo.length === 0 && !embedding) return;
  if (spec.disabled?.includes('vector_io') || spec.disabled?.includes('inference')) return;
  const section: JsonObject = isJsonObject(vs) ? vs : {};
  if (userVectorIo.length > 0) {
    section.default_provider_id = effectiveId(userVectorIo[0]);
    g.wrote('vector_stores.default_provider_id', 'spec.providers.vectorIo[0]');
  }
  if (embedding) {
    const identifier = modelIdentifier(g, embedding);
    section.default_embedding_model = { provider_id: embedding.providerId, model_id: identifier.slice(embedding.providerId.length + 1) };
    g.wrote('vector_stores.default_embedding_model', `spec.resources.models[${(spec.resources?.models ?? []).findIndex((m) => (typeof m === 'string' ? m : m.name) === embedding.modelId)}]`);
  }
  config.vector_stores = section;
}
