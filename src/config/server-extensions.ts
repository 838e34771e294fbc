/**
 * Fields this library adds to the v1alpha2 API because real servers need them to register
 * resources (a model's embedding dimension and provider model id, shields with a provider and
 * params). The operator pipeline has no place for them: it reports them instead of dropping them.
 */
import { SERVER_PROVIDER_APIS } from './apis';
import { ConfigProblem } from './errors';
import { LlamaStackDistributionSpec } from './spec';

const MODEL_EXTENSIONS = ['embeddingDimension', 'providerModelId'] as const;

/** One problem per server-only field in `spec`, at its spec path. */
export function serverOnlyFields(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const models = spec.resources?.models;
  (Array.isArray(models) ? models : []).forEach((m, i) => {
    for (const k of MODEL_EXTENSIONS) {
      if (typeof m === 'object' && m !== null && m[k] !== undefined) {
        problems.push({ path: `spec.resources.models[${i}].${k}`, message: 'the operator pipeline has no such model field', fix: `remove ${k}, or use a server target` });
      }
    }
  });
  for (const { field } of SERVER_PROVIDER_APIS) {
    if ((spec.providers?.[field]?.length ?? 0) > 0) {
      problems.push({ path: `spec.providers.${field}`, message: 'the operator pipeline configures the v1alpha2 API\'s five provider APIs only', fix: `remove ${field}, or use a server target` });
    }
  }
  const shields = spec.resources?.shields;
  (Array.isArray(shields) ? shields : []).forEach((s, i) => {
    if (typeof s === 'object' && s !== null) {
      problems.push({ path: `spec.resources.shields[${i}]`, message: 'the operator pipeline takes shield ids only', fix: 'write the shield id, or use a server target' });
    }
  });
  return problems;
}
