/**
 * A server release's provider registry (from the release's own config classes): which provider
 * types exist per API, their config keys (the YAML key is the alias when there is one), which are
 * required, and which APIs a provider needs.
 */
import * as fs from 'fs';
import { deepFreeze } from '../core/json';

interface FieldInfo {
  readonly type: string;
  readonly required: boolean;
  readonly alias: string | null;
  readonly default?: any;
}

/** One config field as the YAML spells it. */
export interface ConfigField {
  /** The YAML key (the alias when the field has one). */
  readonly key: string;
  /** The pydantic type, e.g. `str | None`. */
  readonly type: string;
  /** No default: the key must be written. */
  readonly required: boolean;
}

interface ProviderInfo {
  readonly api: string;
  readonly provider_type: string;
  readonly fields: { [name: string]: FieldInfo };
  readonly sample_run_config?: any;
  readonly api_dependencies?: string[];
  readonly optional_api_dependencies?: string[];
  readonly deprecation_warning?: string | null;
  readonly model_config_extra?: string | null;
  readonly deprecation_error?: string | null;
}

/** Where the endpoint goes, in order of preference. */
const URL_KEYS = ['base_url', 'url', 'uri', 'api_base', 'guardrails_service_url', 'elasticsearch_url', 'weaviate_cluster_url', 'evaluator_url', 'endpoint_url'];
/** Where the API key goes, in order of preference (after an `auth_credential` alias). */
const CREDENTIAL_KEYS = ['api_key', 'api_token', 'token', 'elasticsearch_api_key', 'weaviate_api_key'];

/**
 * One provider type as the release knows it. Its derived views (keys, fields, default storage
 * references) are computed once per type, not once per distribution; callers get read-only
 * arrays, or fresh copies where they write into the result.
 */
export class ProviderType {
  private keysCache?: readonly string[];
  private requiredCache?: readonly string[];
  private fieldsCache?: readonly ConfigField[];
  private defaultRefsCache?: { readonly [key: string]: any };

  constructor(private readonly info: ProviderInfo) {}

  get api(): string {
    return this.info.api;
  }
  get type(): string {
    return this.info.provider_type;
  }
  /** The YAML keys the server reads. */
  get keys(): readonly string[] {
    this.keysCache ??= Object.freeze(Object.keys(this.info.fields).map((name) => this.info.fields[name].alias ?? name).sort());
    return this.keysCache;
  }
  /** Keys without a default. */
  get requiredKeys(): readonly string[] {
    const fields = this.info.fields;
    this.requiredCache ??= Object.freeze(Object.keys(fields).filter((n) => fields[n].required).map((n) => fields[n].alias ?? n).sort());
    return this.requiredCache;
  }
  /** The provider accepts any key (pydantic extra=allow). */
  get acceptsAnyKey(): boolean {
    return this.info.model_config_extra === 'allow';
  }
  get apiDependencies(): string[] {
    return this.info.api_dependencies ?? [];
  }
  get deprecationWarning(): string | undefined {
    return this.info.deprecation_warning ?? undefined;
  }
  /** Every config field, by YAML key. */
  get fields(): readonly ConfigField[] {
    this.fieldsCache ??= Object.freeze(Object.keys(this.info.fields).map((name) => {
      const f = this.info.fields[name];
      return Object.freeze({ key: f.alias ?? name, type: f.type, required: f.required });
    }));
    return this.fieldsCache;
  }
  /** The default of a config field (as the registry records it: a Python repr), if any. */
  fieldDefault(name: string): unknown {
    const f = Object.prototype.hasOwnProperty.call(this.info.fields, name) ? this.info.fields[name] : undefined;
    return (f as { default?: unknown } | undefined)?.default;
  }
  get urlKey(): string | undefined {
    return URL_KEYS.find((k) => this.keys.includes(k));
  }
  get credentialKey(): string | undefined {
    const auth = this.info.fields.auth_credential;
    if (auth?.alias) return auth.alias;
    return CREDENTIAL_KEYS.find((k) => this.keys.includes(k));
  }
  /** The release's sample value of a config key (`<distro>` stands for the distribution), if any. */
  sampleValue(key: string): any {
    const sample = this.info.sample_run_config ?? {};
    return Object.prototype.hasOwnProperty.call(sample, key) ? JSON.parse(JSON.stringify(sample[key])) : undefined;
  }

  /**
   * Storage references the config class fills in by default (interactions `store` names
   * `sql_default`), by YAML key: they need that backend when the key is not written.
   */
  defaultStorageReferences(): { readonly [key: string]: any } {
    if (this.defaultRefsCache === undefined) {
      const out: { [key: string]: any } = {};
      for (const name of Object.keys(this.info.fields)) {
        const f = this.info.fields[name];
        if (!f.required && refersToBackend(f.default)) out[f.alias ?? name] = deepFreeze(JSON.parse(JSON.stringify(f.default)));
      }
      this.defaultRefsCache = Object.freeze(out);
    }
    return this.defaultRefsCache;
  }

  /** The sample config's references to storage backends (`persistence`, `kvstore`, `metadata_store`…). */
  storageReferences(): { [key: string]: any } {
    const sample = this.info.sample_run_config ?? {};
    const out: { [key: string]: any } = {};
    for (const k of Object.keys(sample)) if (refersToBackend(sample[k])) out[k] = JSON.parse(JSON.stringify(sample[k]));
    return out;
  }
}


function refersToBackend(v: any): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  if (typeof v.backend === 'string') return true;
  return Object.keys(v).some((k) => refersToBackend(v[k]));
}

/** All provider types of one release. */
export class ProviderRegistry {
  public static load(file: string): ProviderRegistry {
    return new ProviderRegistry(JSON.parse(fs.readFileSync(file, 'utf8')).providers);
  }

  private readonly byType = new Map<string, ProviderType>();

  constructor(private readonly providers: { [api: string]: ProviderInfo[] }) {
    for (const api of Object.keys(providers)) {
      for (const p of providers[api]) this.byType.set(`${api}/${p.provider_type}`, new ProviderType(p));
    }
  }

  /** APIs that take providers in this release. */
  get apis(): string[] {
    return Object.keys(this.providers).sort();
  }

  find(api: string, type: string): ProviderType | undefined {
    return this.byType.get(`${api}/${type}`);
  }

  typesOf(api: string): string[] {
    return (this.providers[api] ?? []).map((p) => p.provider_type).sort();
  }
}
