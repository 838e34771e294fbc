/**
 * Prometheus: a ServiceMonitor `N-metrics` (monitoring.coreos.com/v1) that scrapes the Service's
 * `metrics` port, and a PrometheusRule `N-alerts` that fires when the scrape fails. The pod's
 * endpoint (OGX 1.2+: `OGX_METRICS_*`) is turned on by `podEnv`; the ports by the Deployment and
 * the Service.
 */
import { objectMeta, selectorLabels } from './labels';
import { compact, KubeManifest } from './manifest';
import { objectNames } from './object-names';
import { WorkloadPlan } from './plan';

export { MonitoringOptions, ResolvedMonitoring } from './monitoring-options';

export const METRICS_PORT_NAME = 'metrics';

export function renderServiceMonitor(plan: WorkloadPlan): KubeManifest | undefined {
  const m = plan.monitoring;
  if (!m?.serviceMonitor) return undefined;
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: objectMeta(plan, `${plan.name}-metrics`, m.labels),
    spec: {
      selector: { matchLabels: selectorLabels(plan.name) },
      endpoints: [compact({ port: METRICS_PORT_NAME, path: '/metrics', scheme: 'http', interval: m.interval })],
    },
  };
}

export function renderPrometheusRule(plan: WorkloadPlan): KubeManifest | undefined {
  const m = plan.monitoring;
  if (!m?.serviceMonitor || !m.prometheusRule) return undefined;
  // Targets a ServiceMonitor scrapes get job=<Service name>.
  const job = objectNames(plan.name).service;
  const selector = `job="${job}"${plan.namespace ? `,namespace="${plan.namespace}"` : ''}`;
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: objectMeta(plan, `${plan.name}-alerts`, m.labels),
    spec: {
      groups: [{
        name: `${plan.name}.rules`,
        rules: [
          {
            alert: 'OgxServerMetricsDown',
            expr: `up{${selector}} == 0`,
            for: '5m',
            labels: { severity: 'warning' },
            annotations: {
              summary: `The OGX server ${plan.name} cannot be scraped`,
              description: 'Prometheus has failed to scrape {{ $labels.pod }} for 5 minutes: the pod is down, or its metrics endpoint is not reachable.',
            },
          },
          {
            alert: 'OgxServerAbsent',
            expr: `absent(up{${selector}})`,
            for: '15m',
            labels: { severity: 'warning' },
            annotations: {
              summary: `No OGX server ${plan.name} is scraped`,
              description: 'No target of the ServiceMonitor has been seen for 15 minutes: no pod runs, or the ServiceMonitor is not selected by a Prometheus.',
            },
          },
        ],
      }],
    },
  };
}
