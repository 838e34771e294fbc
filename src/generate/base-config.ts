/**
 * The base config of the distribution, reduced to what the release reads: `distro_name` only
 * (0.8 warns about `image_name`), no keys the release drops (`registered_resources.vector_dbs`,
 * 0.8's `datasets`/`benchmarks`), no resource entries that are never registered (no
 * `provider_id`), no `provider_id: all` models (resolved over the network at start-up on 0.8,
 * fatal on 0.7.1), and no deprecated `tool_groups`.
 */
import { TargetGeneration } from './generation';
import { ConfigProblem } from '../core/errors';
import { getOwn, isJsonObject, JsonObject, JsonValue, newObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { mapOf, shallowCopy } from '../core/writable-json';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { readBaseConfigSharedOutcome } from '../yaml/parse';

export const DEFAULT_DISTRIBUTION = 'starter';

/** A base config problem, returned. */
function refused(problem: ConfigProblem): { readonly problems: ConfigProblem[] } {
  return { problems: [problem] };
}

/** The distribution's base config as parsed, or the problem naming the distribution or text (returned, never thrown). */
export function loadBaseConfig(g: TargetGeneration, spec: LlamaStackDistributionSpec, baseConfigYaml: string | undefined):
{ readonly config: JsonObject; readonly distribution: string } | { readonly problems: ConfigProblem[] } {
  const target = g.target;
  const distribution = baseConfigYaml !== undefined ? (spec.distribution?.name ?? 'custom') : (spec.distribution?.name ?? DEFAULT_DISTRIBUTION);
  const text = baseConfigYaml ?? target._baseConfig(distribution);
  if (text === undefined) {
    return refused({
      path: 'spec.distribution.name',
      message: `${target.description} ships no distribution ${quoteValue(distribution)}`,
      fix: `use one of ${target.distributions.join(', ')}, or pass the image's base config (baseConfigYaml)`,
      fixes: { manifest: `use one of ${target.distributions.join(', ')}, or pass the image's base config (--base-config FILE)` },
    });
  }
  // Shared and frozen: stages write into copies (core/writable-json.ts).
  const read = readBaseConfigSharedOutcome(text);
  if ('error' in read) return refused({ path: 'baseConfig', message: read.error, fix: 'pass the YAML config of the image' });
  const base = read.value;
  if (base === null || !isJsonObject(base)) {
    return refused({ path: 'baseConfig', message: 'is not a config mapping', fix: 'pass the config.yaml the image ships' });
  }
  const providers = getOwn(base, 'providers');
  if (providers !== undefined && providers !== null && !isJsonObject(providers)) {
    return refused({ path: 'baseConfig.providers', message: 'must be a mapping of API: [providers]', fix: 'write providers as the image\'s config.yaml does, or leave it out' });
  }
  const config = shallowCopy(base);
  // A base without providers is filled from the spec, as the OGX operator fills an empty base
  // from the CR: its APIs get the spec's providers, or none.
  if (providers === undefined || providers === null) config.providers = newObject();
  return { config, distribution };
}

/** Resource kinds whose entries need a `provider_id` to be registered (0.7.1 datasets infer theirs). */
const NEEDS_PROVIDER_ID = ['models', 'shields', 'vector_stores', 'scoring_fns', 'benchmarks'];

/** Keeps only what the release reads (see the module comment). */
export function keepWhatTheReleaseReads(g: TargetGeneration, config: JsonObject, distribution: string): void {
  const keys = g.rules.keys;
  const name = typeof getOwn(config, 'distro_name') === 'string' ? getOwn(config, 'distro_name') as string
    : typeof getOwn(config, 'image_name') === 'string' ? getOwn(config, 'image_name') as string : distribution;
  for (const k of Object.keys(config)) if (!keys.top.includes(k)) delete config[k];
  config.version = 2;
  config.distro_name = name;
  delete config.image_name;
  const server = getOwn(config, 'server');
  if (isJsonObject(server) && Object.keys(server).some((k) => !keys.server.includes(k))) {
    const writable = mapOf(config, 'server');
    for (const k of Object.keys(writable)) if (!keys.server.includes(k)) delete writable[k];
  }
  const rr = getOwn(config, 'registered_resources');
  if (!isJsonObject(rr)) return;
  const dropped = (k: string): boolean => !keys.registeredResources.includes(k) || k === 'tool_groups';
  if (Object.keys(rr).some(dropped)) {
    const writable = mapOf(config, 'registered_resources');
    for (const k of Object.keys(writable)) if (dropped(k)) delete writable[k];
  }
  const registered = (e: JsonValue): boolean => isJsonObject(e) && Object.prototype.hasOwnProperty.call(e, 'provider_id') && getOwn(e, 'provider_id') !== 'all';
  for (const kind of NEEDS_PROVIDER_ID) {
    const list = getOwn(rr, kind);
    if (!Array.isArray(list) || list.every(registered)) continue;
    mapOf(config, 'registered_resources')[kind] = list.filter(registered);
  }
}
