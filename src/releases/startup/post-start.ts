/**
 * The checks that run after registration (`validate_vector_stores_config`,
 * `validate_safety_config`): the default embedding, reranker and query-rewrite models must be
 * models the registry holds, of the right type, and the default shield must be registered when
 * any shield is.
 */
import { mapping, show, StartupContext } from './context';
import { Registered, RegisteredModel } from './registration';
import { getOwn, JsonObject } from '../../core/json';

/** Models the enabled inline providers list by themselves, under their configured ids. */
function listedModels(c: StartupContext): Map<string, RegisteredModel> {
  const out = new Map<string, RegisteredModel>();
  for (const p of c.enabledIn('inference')) {
    for (const m of c.rules.listedModels[p.type] ?? []) {
      const identifier = `${p.id}/${m.id}`;
      out.set(identifier, { identifier, type: m.type, providerId: p.id, dimension: m.embedding_dimension });
    }
  }
  return out;
}

function modelSetting(c: StartupContext, all: Map<string, RegisteredModel>, path: string, setting: JsonObject, type: string,
  what: string): RegisteredModel | undefined {
  const pid = getOwn(setting, 'provider_id');
  const mid = getOwn(setting, 'model_id');
  if (typeof mid !== 'string') {
    c.findings.fatal(`${path}.model_id`, 'model_id: Field required', 'name the model');
    return undefined;
  }
  const identifier = typeof pid === 'string' && pid !== '' ? `${pid}/${mid}` : mid;
  if (!c.routerPresent('inference')) {
    c.findings.fatal(path, `Models API is not available but vector_stores config requires model '${identifier}'`, 'serve inference, or remove this setting');
    return undefined;
  }
  const m = all.get(identifier);
  if (!m || m.type !== type) {
    const candidates = [...all.values()].filter((x) => x.type === type).map((x) => x.identifier);
    c.findings.fatal(path, `${what} '${identifier}' not found${m ? ` (it is a ${m.type} model)` : ''}. Available ${type} models: [${candidates.join(', ')}]`,
      candidates.length > 0 ? `point it at one of: ${candidates.join(', ')}` : `register a ${type} model (or enable a provider that lists one), or remove the setting`);
    return undefined;
  }
  return m;
}

export function checkPostStart(c: StartupContext, registered: Registered): void {
  const all = new Map([...listedModels(c), ...registered.models]);
  const vs = mapping(getOwn(c.doc, 'vector_stores'));
  if (vs) {
    const emb = mapping(getOwn(vs, 'default_embedding_model'));
    if (emb) {
      const m = modelSetting(c, all, 'vector_stores.default_embedding_model', emb, 'embedding', 'Embedding model');
      const dims = getOwn(emb, 'embedding_dimensions');
      const missing = m !== undefined && (m.dimension === undefined || m.dimension === null) && (dims === undefined || dims === null);
      // OGX 1.1+ (#5993) only refuses a dimension that is not an integer.
      if (c.rules.embeddingDimensionAtPostStart === 'integerIfSet') {
        // `int(embedding_dimension)` (core/stack.py, v1.3.0:394-399): numbers and digit strings pass.
        const d = m?.dimension;
        const convertible = typeof d === 'number' || typeof d === 'boolean' || (typeof d === 'string' && /^\s*[+-]?\d+\s*$/.test(d));
        if (m && d !== undefined && d !== null && !convertible) {
          c.findings.fatal('vector_stores.default_embedding_model', `Embedding dimension ${JSON.stringify(d)} cannot be converted to an integer`, 'give the model an integer embedding dimension');
        }
      } else if (missing) {
        c.findings.fatal('vector_stores.default_embedding_model', `Embedding model '${m!.identifier}' is missing 'embedding_dimension' in metadata`, 'give the model an embedding dimension');
      }
    }
    const rerank = mapping(getOwn(vs, 'default_reranker_model'));
    if (rerank) modelSetting(c, all, 'vector_stores.default_reranker_model', rerank, 'rerank', 'Reranker model');
    const rewrite = mapping(getOwn(vs, 'rewrite_query_params'));
    const rewriteModel = rewrite ? mapping(getOwn(rewrite, 'model')) : undefined;
    if (rewriteModel) modelSetting(c, all, 'vector_stores.rewrite_query_params.model', rewriteModel, 'llm', 'Rewrite query model');
    const def = getOwn(vs, 'default_provider_id');
    if (typeof def === 'string' && !c.findEnabled('vector_io', def)) {
      c.findings.warn('vector_stores.default_provider_id', `${show(def)} is not an enabled vector_io provider: creating a vector store without a provider fails`,
        `use one of: ${c.enabledIn('vector_io').map((p) => p.id).join(', ') || '(none enabled)'}`);
    }
  }
  // OGX 1.0 removed the safety section with its API: the key is only dropped there.
  const safety = c.rules.keys.top.includes('safety') ? mapping(getOwn(c.doc, 'safety')) : undefined;
  const shield = safety ? getOwn(safety, 'default_shield_id') : undefined;
  if (typeof shield === 'string') {
    if (!c.routerPresent('safety')) {
      c.findings.fatal('safety.default_shield_id', 'Safety configuration requires the safety API to be enabled', 'serve safety, or remove safety.default_shield_id');
    } else if (registered.shields.size > 0 && !registered.shields.has(shield)) {
      c.findings.fatal('safety.default_shield_id', `Configured default_shield_id '${shield}' not found among registered shields. Available shields: [${[...registered.shields].join(', ')}]`,
        `set the default shield to one of: ${[...registered.shields].join(', ')}`);
    }
  }
}
