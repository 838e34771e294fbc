/** Options of the Prometheus objects (monitoring.ts), apart so the plan can name them without a cycle. */
import type { Duration } from 'cdk8s';

/** `monitoring` of `LlamaStackDistribution`: the Prometheus endpoint (OGX 1.2+) and what scrapes it. */
export interface MonitoringOptions {
  /** The port of the endpoint (container and Service port `metrics`). @default 9464 */
  readonly metricsPort?: number;
  /**
   * Write a ServiceMonitor (monitoring.coreos.com/v1, the Prometheus Operator's) scraping
   * `/metrics` on the Service's `metrics` port.
   * @default false
   */
  readonly serviceMonitor?: boolean;
  /**
   * How often Prometheus scrapes, e.g. `Duration.seconds(30)` (written `30s`, in the largest
   * whole unit).
   * @default - Prometheus's default
   */
  readonly interval?: Duration;
  /**
   * Write a PrometheusRule (needs `serviceMonitor`) with an alert when the endpoint cannot be
   * scraped for 5 minutes (`up == 0`).
   * @default false
   */
  readonly prometheusRule?: boolean;
  /** Labels on the ServiceMonitor and PrometheusRule, for the Prometheus's selectors (e.g. `release: prometheus`). @default - none */
  readonly labels?: { [key: string]: string };
  /**
   * Namespaces the generated NetworkPolicy (`allowedFrom`) admits to the metrics port: where
   * Prometheus runs.
   * @default ["monitoring"]
   */
  readonly namespaces?: string[];
}

/** What the renderers need: resolved. */
export interface ResolvedMonitoring {
  readonly metricsPort: number;
  readonly serviceMonitor: boolean;
  readonly prometheusRule: boolean;
  /** The ServiceMonitor's interval, e.g. `30s`. */
  readonly interval?: string;
  readonly labels: { [key: string]: string };
  readonly namespaces: string[];
}
