/**
 * External providers (spec 001) in and out of the custom resources:
 *
 * - `LlamaStackDistribution` v1alpha2 has `externalProviders.inference[{providerId, image}]`.
 *   `providerType` and `module` are what the image declares (spec 001 keeps them out of the CRD:
 *   an operator reads them from `/lls-provider/lls-provider-spec.yaml`), so the CR carries the id
 *   and the image; `config`, `secretRefs` and the other APIs have no field, and are errors.
 * - `OGXServer` v1beta1 has nothing for them (no `module`, no init containers): an error.
 * - Reading a CR back, the render options can supply what the image declares
 *   (`ManifestRenderOptions.externalProviders`), matched by id.
 */
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { EXTERNAL_PROVIDER_APIS, EXTERNAL_PROVIDER_CRD_FIELDS, externalProviderEntries } from '../spec/external-providers';
import { ExternalProviderRef, ExternalProvidersSpec, LlamaStackDistributionSpec } from '../spec/spec';
import { ExternalProvider } from '../values/external-provider';

const RENDER = 'render the workload with LlamaStackDistribution (or commit LlamaStackDistribution.spec for the cdk8s-llama-stack CLI, which reads it)';

/** The spec as the v1alpha2 CRD carries it, and what it cannot carry. */
export function externalProvidersForCrd(spec: LlamaStackDistributionSpec): { spec: LlamaStackDistributionSpec; problems: ConfigProblem[] } {
  const entries = externalProviderEntries(spec);
  if (entries.length === 0) return { spec, problems: [] };
  const problems: ConfigProblem[] = [];
  const reported = new Set<string>();
  const inference: ExternalProviderRef[] = [];
  for (const e of entries) {
    if (e.field !== 'inference') {
      if (!reported.has(e.field)) {
        problems.push({
          path: `spec.externalProviders.${e.field}`,
          message: `the LlamaStackDistribution CRD has external inference providers only (externalProviders.${e.field} is this library's extension)`,
          fix: `remove them, or ${RENDER}`,
        });
      }
      reported.add(e.field);
      continue;
    }
    for (const f of ['config', 'secretRefs'] as const) {
      const v = e.ref[f];
      if (v !== undefined && v !== null) {
        problems.push({
          path: `${e.path}.${f}`,
          message: `the LlamaStackDistribution CRD has no external provider ${f} (spec 001 had config; v1alpha2 dropped it, so the API server would prune it)`,
          fix: `remove ${f}, or ${RENDER}`,
        });
      }
    }
    inference.push({ providerId: e.ref.providerId, image: e.ref.image });
  }
  return { spec: { ...spec, externalProviders: inference.length > 0 ? { inference } : undefined }, problems };
}

/** OGXServer v1beta1 has no field for external providers. */
export function externalProvidersForOgx(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  return externalProviderEntries(spec).length === 0 ? [] : [{
    path: 'spec.externalProviders',
    message: 'the OGXServer CRD cannot express this: it has no external providers (no module field, no init containers)',
    fix: 'bake the provider into a custom distribution image (image and baseConfigYaml), or deploy with LlamaStackDistribution',
  }];
}

/**
 * A manifest's external providers completed from the render options: an entry with only the
 * CRD's `providerId` and `image` takes `providerType`, `module`, `config` and `secretRefs` from the
 * option with its id (same API and image). Options the manifest does not use are errors.
 */
export function completeExternalProviders(spec: LlamaStackDistributionSpec, given: readonly ExternalProvider[] | undefined):
{ spec: LlamaStackDistributionSpec; problems: ConfigProblem[] } {
  if (!given || given.length === 0) return { spec, problems: [] };
  const problems: ConfigProblem[] = [];
  const byId = new Map(given.map((p, i) => [p.id, { p, i }]));
  const used = new Set<string>();
  const out: { [field: string]: ExternalProviderRef[] } = {};
  const existing = spec.externalProviders;
  for (const { field } of EXTERNAL_PROVIDER_APIS) {
    const list = existing?.[field];
    if (Array.isArray(list)) out[field] = [...list];
  }
  for (const e of externalProviderEntries(spec)) {
    const match = byId.get(e.ref.providerId);
    if (!match) continue;
    used.add(e.ref.providerId);
    const at = `options.externalProviders[${match.i}]`;
    const ref = e.ref as unknown as { [k: string]: unknown };
    const onlyCrd = Object.keys(ref).every((k) => EXTERNAL_PROVIDER_CRD_FIELDS.includes(k) || ref[k] === undefined || ref[k] === null);
    if (!onlyCrd) {
      problems.push({ path: at, message: `${e.path} already has more than providerId and image`, fix: 'give the provider in one place: the manifest or the render options' });
    } else if (match.p.specField !== e.field) {
      problems.push({ path: at, message: `is a ${match.p.api} provider, but the manifest lists ${quoteValue(e.ref.providerId)} under externalProviders.${e.field}`, fix: 'use the same API in both' });
    } else if (match.p.image !== e.ref.image) {
      problems.push({ path: at, message: `has image ${match.p.image}, but the manifest's ${e.path} has ${e.ref.image}`, fix: 'use the same image in both' });
    } else {
      out[e.field][e.index] = match.p.toSpec();
    }
  }
  for (const [id, { i }] of byId) {
    if (!used.has(id)) {
      problems.push({ path: `options.externalProviders[${i}]`, message: `the manifest has no external provider ${quoteValue(id)}`, fix: 'add it to spec.externalProviders, or remove it from the options' });
    }
  }
  return { spec: { ...spec, externalProviders: out as ExternalProvidersSpec }, problems };
}
