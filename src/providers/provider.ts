import { brand, isMadeBy } from '../core/brand';
import { plainCopy } from '../core/json-convert';
import { ProviderConfig } from '../spec/spec';
import { SecretRef } from '../values/secret-ref';

/** What every provider factory accepts. */
export interface ProviderBaseOptions {
  /**
   * Provider id (`provider_id`). Required by the v1alpha2 API when a list holds more than one
   * provider; give it the id of a base-config provider to replace that one.
   * @default - the provider type, e.g. `vllm`
   */
  readonly id?: string;
  /**
   * Further config keys whose values come from Secrets; each becomes
   * `<key>: ${env.LLSD_<ID>_<KEY>}` in config.yaml.
   * @default - none
   */
  readonly secretRefs?: { [configKey: string]: SecretRef };
  /**
   * Further config keys with plain JSON values, copied when the provider is created.
   * @default - none
   */
  readonly settings?: { [configKey: string]: any };
}

/** Options of a provider whose endpoint and API key are both optional (`custom`, `nvidia`). */
export interface ProviderOptions extends ProviderBaseOptions {
  /**
   * Endpoint URL (`endpoint` of the v1alpha2 API).
   * @default - the provider's default
   */
  readonly endpoint?: string;
  /**
   * API key held in a Secret (`apiKey` of the v1alpha2 API).
   * @default - no API key
   */
  readonly apiKey?: SecretRef;
}

/** Options of a service that needs its address and takes no API key. */
export interface EndpointOptions extends ProviderBaseOptions {
  /** Endpoint URL, e.g. `http://<service>.<namespace>.svc:<port>`. */
  readonly endpoint: string;
}

/** Options of a self-hosted service: its address, and an API key if it checks one. */
export interface SelfHostedOptions extends EndpointOptions {
  /**
   * API key (or token) held in a Secret.
   * @default - no API key
   */
  readonly apiKey?: SecretRef;
}

/** Options of a hosted API that has no endpoint setting: an API key only. */
export interface ApiKeyOptions extends ProviderBaseOptions {
  /** API key held in a Secret. */
  readonly apiKey: SecretRef;
}

/** Options of a hosted API: an API key, and optionally another endpoint (a proxy or region). */
export interface HostedOptions extends ApiKeyOptions {
  /**
   * Endpoint URL.
   * @default - the service's public endpoint
   */
  readonly endpoint?: string;
}

/**
 * A provider of one llama-stack API. Create one with the static factories of
 * `InferenceProvider`, `SafetyProvider`, `VectorIoProvider`, `ToolRuntimeProvider` or
 * `TelemetryProvider`; `toSpec()` gives its v1alpha2 `ProviderConfig`, whose `provider` becomes
 * `provider_type: remote::<provider>` in config.yaml.
 */
export abstract class Provider {
  /**
   * True for a `Provider` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.Provider')`, not `instanceof`.
   * @param x any value
   */
  public static isProvider(x: any): x is Provider {
    return isMadeBy(x, 'Provider');
  }

  /**
   * `instanceof Provider` holds for a provider made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isProvider`).
   * @internal
   */
  public static [Symbol.hasInstance]<T>(this: { prototype: T }, x: unknown): x is T {
    // Only for Provider itself: a subclass (InferenceProvider…) keeps the ordinary rule.
    return (this as unknown) === Provider ? isMadeBy(x, 'Provider') : Function.prototype[Symbol.hasInstance].call(this, x);
  }

  /** The id config.yaml knows it by: the given id, or else the provider type without its prefix. */
  public readonly id: string;
  /** Provider type as given: `vllm` (read as `remote::vllm`), or prefixed, e.g. `inline::qdrant`. */
  public readonly providerType: string;
  /** config.yaml API name: `inference`, `safety`, `vector_io`, `tool_runtime` or `telemetry`. */
  public readonly api: string;
  private readonly spec: ProviderConfig;

  /**
   * @param api config.yaml API name
   * @param spec the v1alpha2 provider entry (copied)
   */
  protected constructor(api: string, spec: ProviderConfig) {
    brand(this, 'Provider');
    this.api = api;
    this.spec = plainCopy(spec);
    this.providerType = this.spec.provider;
    const bare = this.spec.provider.includes('::') ? this.spec.provider.slice(this.spec.provider.indexOf('::') + 2) : this.spec.provider;
    this.id = this.spec.id !== undefined && this.spec.id !== '' ? this.spec.id : bare;
  }

  /** The v1alpha2 `ProviderConfig` (a fresh copy on every call). */
  public toSpec(): ProviderConfig {
    return plainCopy(this.spec);
  }
}
