import { fail } from '../config/errors';
import { ProviderConfig, SecretKeyRef } from '../config/spec';
import { SecretRef } from '../secret-ref';
import { requireOptions } from './required';

/** What every provider accepts. */
export interface ProviderOptions {
  /**
   * Provider id (`provider_id`); give it the id of a base provider to replace that one.
   * @default - the provider type, e.g. `vllm`
   */
  readonly id?: string;
  /** Endpoint URL. @default - none (the provider's default) */
  readonly endpoint?: string;
  /** API key held in a Secret. @default - none */
  readonly apiKey?: SecretRef;
  /** Further config keys whose values come from Secrets. @default - none */
  readonly secretRefs?: { [configKey: string]: SecretRef };
  /** Further config keys with plain values. @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** Options of a self-hosted provider, which needs its endpoint. */
export interface EndpointProviderOptions {
  /** Endpoint URL, e.g. `http://vllm.models.svc:8000/v1`. */
  readonly endpoint: string;
  /** @default - the provider type */
  readonly id?: string;
  /** @default - none */
  readonly apiKey?: SecretRef;
  /** @default - none */
  readonly secretRefs?: { [configKey: string]: SecretRef };
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** Options of a hosted API, which needs an API key. */
export interface HostedProviderOptions {
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
  /** @default - the provider type */
  readonly id?: string;
  /** @default - the service's public endpoint */
  readonly endpoint?: string;
  /** @default - none */
  readonly secretRefs?: { [configKey: string]: SecretRef };
  /** @default - none */
  readonly settings?: { [configKey: string]: any };
}

/** Plain JSON copy, so later changes to the caller's objects do not leak in. */
function copyJson(v: any): any {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/**
 * A provider of one API. `toSpec()` gives its v1alpha2 `ProviderConfig` (`provider_type` becomes
 * `remote::<providerType>`).
 */
export abstract class Provider {
  /** The id the config knows it by. */
  public readonly id: string;
  /** Provider type without `remote::`, e.g. `vllm`. */
  public readonly providerType: string;
  /** config.yaml API name: `inference`, `safety`, `vector_io`, `tool_runtime` or `telemetry`. */
  public readonly api: string;
  private readonly spec: ProviderConfig;

  /**
   * @param where factory name for error paths, e.g. `InferenceProvider.vllm`
   * @param required option names that must be set, with a hint
   * @param extraSettings provider-specific options already turned into config keys
   */
  protected constructor(api: string, providerType: string, options: ProviderOptions, where: string,
    required: { [option: string]: string } = {}, extraSettings: { [key: string]: any } = {}) {
    const opts: any = options ?? {};
    requireOptions(where, opts, required);
    if (typeof providerType !== 'string' || providerType.trim() === '') {
      fail(`${where}(provider)`, 'provider type is required', 'name the provider type, e.g. vllm');
    }
    this.api = api;
    this.providerType = providerType;
    this.id = opts.id ?? providerType;
    const settings = { ...copyJson(opts.settings ?? {}), ...extraSettings };
    const secretRefs: { [k: string]: SecretKeyRef } = {};
    for (const k of Object.keys(opts.secretRefs ?? {})) secretRefs[k] = (opts.secretRefs[k] as SecretRef).toSpec();
    this.spec = {
      ...(opts.id !== undefined ? { id: opts.id } : {}),
      provider: providerType,
      ...(opts.endpoint !== undefined ? { endpoint: opts.endpoint } : {}),
      ...(opts.apiKey !== undefined ? { apiKey: (opts.apiKey as SecretRef).toSpec() } : {}),
      ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    };
  }

  /** The v1alpha2 `ProviderConfig`. */
  public toSpec(): ProviderConfig {
    return copyJson(this.spec);
  }
}

