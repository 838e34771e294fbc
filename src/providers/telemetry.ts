import { Provider, ProviderOptions } from './provider';
import { buildProviderSpec } from './rules';

/**
 * A telemetry provider (`spec.providers.telemetry`). No llama-stack release ships a remote
 * telemetry provider: up to 0.3 the API had only `inline::meta-reference`, and 0.4 removed the
 * API in favour of OpenTelemetry auto-instrumentation, switched on by `OTEL_*` env vars. So only
 * `custom` exists, for out-of-tree providers.
 */
export class TelemetryProvider extends Provider {
  /**
   * A remote telemetry provider of an out-of-tree package.
   * @param provider the provider type without `remote::`
   */
  public static custom(provider: string, options: ProviderOptions = {}): TelemetryProvider {
    return new TelemetryProvider(provider, options);
  }

  private constructor(provider: string, options: object) {
    super('telemetry', buildProviderSpec('TelemetryProvider.custom', { type: provider }, options));
  }
}
