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

/** One `storage.stores` entry as the release validates it. */
export interface StoreRule {
  /** The backend family its reference must name. */
  readonly family: 'kv' | 'sql';
  /** The backend its default reference names (null: no default, the store is off). */
  readonly default: string | null;
  /** `null` is accepted (`withoutInference`: only when the inference router is not served). */
  readonly nullable: boolean | 'withoutInference';
  /** An old KV reference (`namespace`, `kv_*`) is rewritten to the SQL form (OGX 1.0+). */
  readonly migratesFromKv?: boolean;
  /**
   * The fields of its reference class and their pydantic types (`max_write_queue_size: int` of the
   * inference and responses stores); pydantic ignores other keys. @default - not checked
   */
  readonly fields?: { readonly [field: string]: string };
}

/** Without `stores` in the data: llama-stack 0.7 and OGX 0.8's (prompts and connectors are KV stores; no vector_stores store). */
const KV_PROMPTS_STORES: { readonly [store: string]: StoreRule } = {
  metadata: { family: 'kv', default: 'kv_default', nullable: false },
  prompts: { family: 'kv', default: 'kv_default', nullable: false },
  connectors: { family: 'kv', default: 'kv_default', nullable: false },
  inference: { family: 'sql', default: 'sql_default', nullable: 'withoutInference' },
  conversations: { family: 'sql', default: 'sql_default', nullable: false },
  responses: { family: 'sql', default: null, nullable: true },
};

/** The release's `storage.stores` entries (`_comment` aside). */
/** The fields a store's reference reads (`storage.stores.<store>.<field>`), or undefined when the data does not say. */
export function storeFields(rules: StartupRules, store: string): readonly string[] | undefined {
  const fields = storeRules(rules)[store]?.fields;
  return fields ? Object.keys(fields) : undefined;
}

export function storeRules(rules: StartupRules): { readonly [store: string]: StoreRule } {
  if (!rules.stores) return KV_PROMPTS_STORES;
  const out: { [store: string]: StoreRule } = {};
  for (const k of Object.keys(rules.stores)) if (!k.startsWith('_')) out[k] = rules.stores[k] as StoreRule;
  return out;
}

/** Keys a provider's config class accepts besides the registry's fields (alias choices). */
export function aliasChoices(rules: StartupRules, api: string, type: string): readonly string[] {
  const v = rules.aliasChoices?.[`${api}/${type}`];
  return Array.isArray(v) ? v : [];
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
    /** Internal APIs with no implementation: listing one in `apis` stops the server (OGX 1.2+ `containers`). */
    readonly unimplemented?: readonly string[];
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
  /** `storage.stores` (OGX 1.0+: prompts/connectors SQL, vector_stores new). @default - the 0.8 stores */
  readonly stores?: { readonly [store: string]: StoreRule | string };
  /**
   * The post-start check of `default_embedding_model`: `required` (0.8: a missing dimension is
   * fatal) or `integerIfSet` (OGX 1.1+: only a non-integer one is). @default required
   */
  readonly embeddingDimensionAtPostStart?: 'required' | 'integerIfSet';
  /** OGX 1.1+: a provider's unset `metadata_store` is filled from `storage.stores.vector_stores`. */
  readonly metadataStoreFromVectorStores?: boolean;
  /** OGX 1.1+: vector_io providers (all but `except`) need a `metadata_store` when `access_policy` is set. */
  readonly accessPolicyNeedsVectorMetadataStore?: { readonly except: readonly string[] };
  /** OGX 1.2+: `server.insecure`, `tls_config`, `hsts_max_age`, the CLI TLS gate and `validate_auth_security`. */
  readonly strictTls?: boolean;
  /** OGX 1.2+: `server.tenancy`. */
  readonly tenancy?: boolean;
  /** OGX 1.2+: env vars the CLI and `Stack.initialize()` read as numbers. */
  readonly envOverrides?: { readonly workers?: string; readonly metricsPort?: string; readonly metricsEnabled?: string };
  /** OGX 1.2+: the CLI writes the resolved config to a temporary file (`tempfile.mkstemp`) before serving. */
  readonly cliTempConfig?: boolean;
  /** Auth provider type → fields (and pydantic types) its config class has beyond 0.8's. */
  readonly authFieldsAdded?: { readonly [type: string]: { readonly [field: string]: string } | string };
  /**
   * OGX 1.0+: OAuth2 token introspection reads `verify_tls`, and verifies the endpoint against the
   * image's trust store when there is no `tls_cafile` (0.7, 0.8: only against `tls_cafile`, and not
   * at all without it, whatever `verify_tls` says).
   */
  readonly introspectionVerifyTls?: boolean;
  /** OGX 1.0+: the github_token provider fetches `/user/orgs`, so the `organizations` claim is filled (0.7, 0.8: always empty). */
  readonly githubOrganizations?: boolean;
  /** `api/type` → keys its config class also accepts (pydantic `AliasChoices`, `populate_by_name`). */
  readonly aliasChoices?: { readonly [apiType: string]: readonly string[] | string };
  /** OGX 1.3: file processors that run in worker processes fed by the SQL job runtime. */
  readonly workerModeProviders?: { readonly [api: string]: readonly string[] };
  /**
   * The remote inference providers' `network` (`NetworkConfig`): part (`network`, `tls`, `proxy`,
   * `timeout`, `limits`) → the fields the release reads there. @default - not checked
   */
  readonly networkConfig?: { readonly [part: string]: readonly string[] | string };
  /** `connectors[*].connector_type` values (`ConnectorType`). @default - not checked */
  readonly connectorTypes?: readonly string[];
}

/** The fields the release reads in one part of a provider's `network` (`network` itself, `tls`, `proxy`…), or undefined when it has no such part. */
export function networkFields(rules: StartupRules, part: string): readonly string[] | undefined {
  if (part.startsWith('_')) return undefined;
  const v = rules.networkConfig?.[part];
  return Array.isArray(v) ? v : undefined;
}

/** One release: its name, start-up rules and provider registry. */
export interface Release {
  /** e.g. `OGX 0.8.0`. */
  readonly description: string;
  readonly rules: StartupRules;
  readonly registry: ProviderRegistry;
}

/** Every API name of the release (providable, routing tables, internal). */
export function allApiNames(rules: StartupRules): readonly string[] {
  let names = API_NAMES.get(rules);
  if (names === undefined) {
    names = Object.freeze([...rules.apis.router, ...Object.keys(rules.apis.routingTables), ...rules.apis.plain, ...rules.apis.internal].sort());
    API_NAMES.set(rules, names);
  }
  return names;
}

/** Once per release's rules (they are read from its data and never change). */
const API_NAMES = new WeakMap<StartupRules, readonly string[]>();
