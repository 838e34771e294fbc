/**
 * What one server release checks at start-up, as data (`data/targets/<id>/startup.json`) next to
 * its provider registry. Read by the start-up model; nothing here knows about Kubernetes.
 */
import { ProviderRegistry } from '../registry';

/** How a registered resource kind is keyed and which API registers it. */
export interface ResourceKind {
  /** The id field whose empty value drops the entry (`model_id`…). */
  readonly idField: string;
  /** The router API whose routing table registers it. */
  readonly api: string;
}

/** A model a provider lists by itself after start-up (inline providers: no network needed). */
export interface ListedModel {
  readonly id: string;
  readonly type: string;
  readonly embedding_dimension?: number;
}

/** The shape of `startup.json`. */
export interface StartupRules {
  readonly apis: {
    /** APIs served through a router and routing table (present with zero providers). */
    readonly router: readonly string[];
    /** Routing table → its router API. */
    readonly routingTables: { readonly [table: string]: string };
    /** APIs present only with an enabled provider. */
    readonly plain: readonly string[];
    /** Always served, never configured. */
    readonly internal: readonly string[];
  };
  readonly keys: {
    readonly top: readonly string[];
    readonly server: readonly string[];
    readonly registeredResources: readonly string[];
  };
  readonly resources: { readonly [kind: string]: ResourceKind };
  /** v0.8: `<provider_id>/<model_id>`; v0.7.1: `<provider_id>/<provider_model_id>`. */
  readonly modelIdentifier: 'model_id' | 'provider_model_id';
  /** `provider_id: all`: an alias on the first enabled provider (0.8), or an unknown provider (0.7.1). */
  readonly providerIdAll: 'alias' | 'fatal';
  /** `provider_model_id: auto` asks the provider at start-up (0.8). */
  readonly providerModelIdAuto: boolean;
  /** `server.registry_refresh_interval_seconds` exists (and must be > 0). */
  readonly registryRefreshInterval: boolean;
  /** `server.auth.provider_config.type` values. */
  readonly authTypes: readonly string[];
  /** Safety provider type → the only shield ids (`provider_shield_id`) it registers. */
  readonly shieldIds: { readonly [providerType: string]: readonly string[] };
  /** Safety provider type → shield `params` keys it reads at registration. */
  readonly shieldParams: { readonly [providerType: string]: readonly string[] };
  /** Provider type → models it lists after start-up. */
  readonly listedModels: { readonly [providerType: string]: readonly ListedModel[] };
  /** `api/type` whose config class forbids unknown keys. */
  readonly forbidExtraKeys: readonly string[];
  /** API → provider types whose data lives in the pod (a local file, an in-memory index). */
  readonly perPodStateProviders: { readonly [api: string]: readonly string[] };
}

/** One release: its name, start-up rules and provider registry. */
export interface Release {
  /** e.g. `OGX 0.8.0`. */
  readonly description: string;
  readonly rules: StartupRules;
  readonly registry: ProviderRegistry;
}

/** Every API name of the release (providable, routing tables, internal). */
export function allApiNames(rules: StartupRules): string[] {
  return [...rules.apis.router, ...Object.keys(rules.apis.routingTables), ...rules.apis.plain, ...rules.apis.internal].sort();
}

/** APIs that take providers. */
export function providableApis(rules: StartupRules): string[] {
  return [...rules.apis.router, ...rules.apis.plain].sort();
}
