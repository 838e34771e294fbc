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
  /**
   * Scale on the server's own load (in-flight requests per pod) instead of CPU: a KEDA
   * ScaledObject or an HPA on a Prometheus adapter's metric, within `autoscaling`'s bounds (which
   * it needs). See docs/operations.md.
   * @default - `autoscaling` scales on CPU and memory
   */
  readonly scaling?: LoadScalingOptions;
}

/** Who turns the server's metrics into a replica count. */
export enum LoadScalingEngine {
  /**
   * A KEDA ScaledObject (`keda.sh/v1alpha1`) with a `prometheus` trigger: KEDA queries
   * Prometheus and writes (and owns) the HPA `N-hpa`, so the library writes none.
   */
  KEDA = 'keda',
  /**
   * An HPA (`autoscaling/v2`) on a `Pods` metric (or an `External` one) that a Prometheus adapter
   * serves from the scraped series.
   */
  PROMETHEUS_ADAPTER = 'prometheus-adapter',
}

/** `monitoring.scaling`: scale on the server's request metrics (OGX 1.2+, `ogx_concurrent_requests`). */
export interface LoadScalingOptions {
  /** KEDA (a ScaledObject) or a Prometheus adapter (an HPA on its metric). */
  readonly engine: LoadScalingEngine;
  /**
   * The load one pod should carry: with the default metric, requests in flight per pod. The
   * autoscaler runs `ceil(total load / targetPerPod)` pods.
   * @default 10
   */
  readonly targetPerPod?: number;
  /**
   * KEDA: the Prometheus (or Thanos querier) URL KEDA queries, e.g.
   * `http://prometheus-operated.monitoring.svc:9090`. Required with KEDA.
   * @default - none
   */
  readonly serverAddress?: string;
  /**
   * KEDA: the PromQL query whose value is the load of all pods together.
   * @default - `sum(ogx_concurrent_requests{job="N-service",namespace="<namespace>"})` (needs `serviceMonitor`, whose scrape sets `job`)
   */
  readonly query?: string;
  /**
   * KEDA: the name of a TriggerAuthentication in the namespace, for a Prometheus that asks for a
   * bearer token or a client certificate (e.g. OpenShift's Thanos querier; with
   * `triggerMetadata: { authModes: 'bearer' }`).
   * @default - no authentication
   */
  readonly authenticationRef?: string;
  /**
   * KEDA: more metadata of the `prometheus` trigger, e.g. `{ authModes: 'bearer', namespace: 'ai',
   * unsafeSsl: 'false' }`. No credentials: those go in the TriggerAuthentication.
   * @default - serverAddress, query and threshold only
   */
  readonly triggerMetadata?: { [key: string]: string };
  /**
   * Prometheus adapter: the metric's name as the adapter serves it.
   * @default "ogx_concurrent_requests"
   */
  readonly metricName?: string;
  /**
   * Prometheus adapter: read the metric from the external metrics API (an `External` metric,
   * selected by `metricSelector`) instead of per pod (a `Pods` metric).
   * @default false
   */
  readonly external?: boolean;
  /**
   * Prometheus adapter, `external`: the labels that select this server's series.
   * @default - `{ job: "N-service" }` (needs `serviceMonitor`)
   */
  readonly metricSelector?: { [key: string]: string };
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
  /** Scaling on load, with every default filled in. */
  readonly scaling?: ResolvedLoadScaling;
}

/** `monitoring.scaling`, resolved: KEDA's query, or the adapter's metric. */
export interface ResolvedLoadScaling {
  readonly engine: LoadScalingEngine;
  readonly targetPerPod: number;
  /** KEDA */
  readonly serverAddress?: string;
  readonly query?: string;
  readonly authenticationRef?: string;
  readonly triggerMetadata?: { [key: string]: string };
  /** Prometheus adapter */
  readonly metricName?: string;
  readonly metricSelector?: { [key: string]: string };
}
