/**
 * Fields this library adds to the v1alpha2 API because real servers need them to register
 * resources (a model's embedding dimension and provider model id, shields with a provider and
 * params). The operator pipeline has no place for them: it reports them instead of dropping them.
 */
import { SERVER_PROVIDER_APIS } from './apis';
import { EXTERNAL_PROVIDER_CRD_FIELDS, externalProviderEntries } from './external-providers';
import { LlamaStackDistributionSpec } from './spec';
import { ConfigProblem } from '../core/errors';

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
  // External providers: the operator pipeline ignores the CRD's {providerId, image}; what only the
  // server targets can use is reported.
  const lists = new Set<string>();
  for (const e of externalProviderEntries(spec)) {
    if (e.field !== 'inference') {
      if (!lists.has(e.field)) {
        problems.push({ path: `spec.externalProviders.${e.field}`, message: `the v1alpha2 API has external inference providers only (${e.field} is a library extension)`, fix: `remove ${e.field}, or use a server target` });
      }
      lists.add(e.field);
      continue;
    }
    const ref = e.ref as unknown as { [k: string]: unknown };
    for (const k of Object.keys(ref).filter((f) => !EXTERNAL_PROVIDER_CRD_FIELDS.includes(f) && ref[f] !== undefined && ref[f] !== null)) {
      problems.push({ path: `${e.path}.${k}`, message: `the operator pipeline has no external provider ${k} (a library extension)`, fix: `remove ${k}, or use a server target` });
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
