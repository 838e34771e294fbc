/**
 * OGXServer manifests in: an `ogx.io/v1beta1 OGXServer` (ogx-ai/ogx-k8s-operator) read into this
 * library's v1alpha2 spec, rendered for the default target or the OGX release its image names.
 * Typed providers become providers with their settings and Secret references; what this library
 * does not carry (egress policy, monitoring, resource claims…) is a warning saying so; where the
 * OGX operator would write something else, a warning says what; only what cannot start is refused.
 */
import { Obj, OgxReadContext } from './ogx-server-context';
import { shapeProblems, sortedKeys } from './ogx-server-fields';
import { readNetwork } from './ogx-server-network';
import { readProviders } from './ogx-server-providers';
import { OGX_SPEC } from './ogx-server-schema';
import { readStorage } from './ogx-server-storage';
import { ConfigProblem } from '../core/errors';
import { hasOwnValue, isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';

export const OGX_KIND = 'OGXServer';
export const OGX_V1BETA1 = 'ogx.io/v1beta1';

/** A Secret or ConfigMap key reference. */
interface KeyRef { readonly name: string; readonly key: string }

/** What reading an OGXServer spec gave. */
export interface OgxConversion {
  readonly spec: LlamaStackDistributionSpec;
  readonly problems: ConfigProblem[];
  readonly warnings: ConfigProblem[];
  /** v1alpha2 path → OGXServer path, for problems found later. */
  readonly sources: { [v1alpha2Path: string]: string };
  /** `spec.baseConfig`, to be found in the input (or `--base-config`). */
  readonly baseConfigRef?: KeyRef;
  /** APIs whose providers the manifest gives: they replace the base config's (as the operator does). */
  readonly replaceBaseProviders: string[];
  /** The OGX release the image names, when it is one this library models. */
  readonly imageTarget?: ServerTarget;
  /** `spec.tls.trust` without serving TLS: the trusted CAs, for the `caBundle` prop. */
  readonly caBundle?: { readonly configMapName: string; readonly configMapKeys: string[] };
}

/** The OGX target an image names: `docker.io/ogxai/distribution-<d>:<release>` of a modelled release. */
export function targetOfImage(image: unknown): ServerTarget | undefined {
  if (typeof image !== 'string') return undefined;
  const m = /^(.*):([^/:@]+)(@.*)?$/.exec(image);
  if (!m) return undefined;
  for (const t of [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8]) {
    const tag = m[2].replace(/^v/, '');
    if (tag === t.release || t.verifiedReleases.includes(tag)) return t;
  }
  return undefined;
}

class Reader {
  constructor(private readonly c: OgxReadContext) {}

  read(input: unknown): { spec: LlamaStackDistributionSpec; baseConfigRef?: KeyRef; imageTarget?: ServerTarget } {
    const c = this.c;
    // Sorted keys: the reading (provider order, env var order, config key order) is the same for
    // any key order of the input.
    const raw = sortedKeys(input);
    if (raw !== undefined && raw !== null && !isObject(raw)) {
      c.problem('spec', 'must be an object', 'write it as a mapping of field: value');
    }
    c.problems.push(...shapeProblems(raw, OGX_SPEC, 'spec'));
    const spec: Obj = isObject(raw) ? raw : {};
    const out: Obj = {};
    const dist = isObject(spec.distribution) ? spec.distribution : undefined;
    if (!dist) c.problem('spec.distribution', 'Required value', 'add distribution: {name: starter} or {image: <pinned image>}');
    if (dist) {
      out.distribution = plainCopy(dist);
      c.source('spec.distribution', 'spec.distribution');
    }
    const providers = readProviders(c, spec.providers);
    if (providers) out.providers = providers;
    if (hasOwnValue(spec, 'resources')) {
      out.resources = plainCopy(spec.resources);
      c.source('spec.resources', 'spec.resources');
    }
    const storage = readStorage(c, spec.storage, spec.workload);
    if (storage) out.storage = storage;
    const disabled: unknown[] = Array.isArray(spec.disabledAPIs) ? spec.disabledAPIs : [];
    // conversations: the server serves it whatever `apis` lists (an internal API), so the operator's
    // removing it from `apis` changes nothing.
    const kept = disabled.filter((a) => a !== 'conversations');
    disabled.forEach((a, i) => {
      if (a === 'conversations') {
        c.warn(`spec.disabledAPIs[${i}]`, 'not carried: the server serves conversations whatever its apis list holds (it is no API a config can remove)', 'remove conversations');
      }
    });
    if (kept.length > 0) {
      out.disabled = plainCopy(kept);
      disabled.forEach((a, i) => { if (a !== 'conversations') c.source(`spec.disabled[${kept.indexOf(a)}]`, `spec.disabledAPIs[${i}]`); });
      c.source('spec.disabled', 'spec.disabledAPIs');
    }
    const networking = readNetwork(c, spec.network, spec.tls, spec.praxisMode);
    if (networking) out.networking = networking;
    const workload = this.workload(spec.workload);
    if (workload) out.workload = workload;
    this.monitoring(spec.monitoring);
    const override = isObject(spec.overrideConfig) ? spec.overrideConfig : undefined;
    if (override) {
      out.overrideConfig = { configMapName: override.name };
      c.source('spec.overrideConfig', 'spec.overrideConfig');
      c.source('spec.overrideConfig.configMapName', 'spec.overrideConfig.name');
      if (override.key !== 'config.yaml') {
        c.problem('spec.overrideConfig.key', `the Deployment mounts the key "config.yaml" of the ConfigMap, not ${quoteValue(override.key)}: the pod would find no config and not start`,
          `rename the key in ConfigMap ${quoteValue(override.name)} to config.yaml and set spec.overrideConfig.key: config.yaml`);
      }
      if (providers || storage) {
        c.warn('spec.overrideConfig', 'the override config is the whole config: spec.providers and spec.storage only shape the pod (env, Secrets), as with the operator',
          'move provider settings into the ConfigMap, or drop overrideConfig');
      }
    }
    if (hasOwnValue(spec, 'registryRefreshIntervalSeconds')) {
      c.warn('spec.registryRefreshIntervalSeconds', 'not carried: this library writes no registry refresh interval into the config',
        'remove it, or set it in an overrideConfig ConfigMap');
    }
    const base = isObject(spec.baseConfig) ? spec.baseConfig : undefined;
    const baseConfigRef = base && typeof base.name === 'string' && typeof base.key === 'string' ? { name: base.name, key: base.key } : undefined;
    if (base && override) {
      c.warn('spec.baseConfig', 'not used: with spec.overrideConfig the override is the whole config', 'remove spec.baseConfig');
    }
    this.operatorDifferences(out);
    return { spec: out as LlamaStackDistributionSpec, baseConfigRef: override ? undefined : baseConfigRef, imageTarget: targetOfImage(dist?.image) };
  }

  private workload(raw: unknown): Obj | undefined {
    if (!isObject(raw)) return undefined;
    const w = raw;
    this.c.source('spec.workload', 'spec.workload');
    const out: Obj = {};
    for (const f of ['replicas', 'workers', 'resources', 'autoscaling', 'storage', 'podDisruptionBudget', 'topologySpreadConstraints', 'overrides']) {
      if (hasOwnValue(w, f) && !(Array.isArray(w[f]) && w[f].length === 0)) out[f] = plainCopy(w[f]);
    }
    if (Array.isArray(w.resourceClaims) && w.resourceClaims.length > 0) {
      this.c.warn('spec.workload.resourceClaims', 'not carried: the rendered pod claims no dynamic resources (DRA), so a device it needs is not attached',
        'remove resourceClaims, or patch the rendered Deployment (kustomize) to add spec.template.spec.resourceClaims');
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private monitoring(raw: unknown): void {
    if (isObject(raw) && raw.enabled !== false) {
      this.c.warn('spec.monitoring', 'not carried: this library creates no ServiceMonitor and opens no metrics port', 'set spec.monitoring.enabled: false, or add a ServiceMonitor of your own');
    }
  }

  private operatorDifferences(spec: Obj): void {
    const c = this.c;
    c.warn('metadata.name', 'the OGX operator names the config ConfigMap <name>-config-<16 hex>; this render names it <name>-config-<hash> (see docs/migration.md)',
      'nothing to do: references to the ConfigMap by name should not be kept');
    if (c.operatorEnvNames.length > 0) {
      c.warn('spec.providers', `the OGX operator names secret env vars OGX_<ID>_<FIELD> (${c.operatorEnvNames.slice(0, 3).join(', ')}${c.operatorEnvNames.length > 3 ? ', …' : ''}); this render names them its own way`,
        'nothing to do, unless something else reads those env vars');
    }
    if (spec.providers) {
      c.warn('spec.providers', `providers replace the base config's providers of their API (${c.replace.join(', ')}), as the operator does`, 'list every provider of those APIs');
    }
  }
}

/** Reads an OGXServer spec. */
export function convertOgxServer(raw: unknown): OgxConversion {
  const c = new OgxReadContext();
  const { spec, baseConfigRef, imageTarget } = new Reader(c).read(raw);
  return {
    spec,
    problems: c.problems,
    warnings: c.warnings,
    sources: c.sources,
    baseConfigRef,
    replaceBaseProviders: c.replace,
    imageTarget,
    caBundle: c.caBundle,
  };
}
