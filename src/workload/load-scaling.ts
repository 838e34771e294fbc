/**
 * The objects that scale the Deployment: the HPA `N-hpa` from `workload.autoscaling`, the PDB
 * `N-pdb` (when asked, or when there can be > 1 pod), and scaling on the server's own load.
 *
 * Scaling on the server's own load (`monitoring.scaling`): a KEDA ScaledObject `N-scaler`
 * (keda.sh/v1alpha1) with a `prometheus` trigger, or the metric of the HPA `N-hpa` that a
 * Prometheus adapter serves. Both read OGX 1.2+'s request gauge: the middleware of every API
 * request adds 1 to the OpenTelemetry up-down counter `ogx.concurrent_requests` (attribute `api`)
 * and takes 1 away when it answers (`core/server/metrics.py`); the Prometheus exporter writes it
 * as the gauge `ogx_concurrent_requests` (unit `1` adds no suffix). The bounds are `autoscaling`'s.
 */
import { objectMeta, selectorLabels } from './labels';
import { compact, KubeManifest } from './manifest';
import { LoadScalingEngine, LoadScalingOptions, ResolvedLoadScaling } from './monitoring-options';
import { objectNames } from './object-names';
import { replicasOf, WorkloadPlan } from './plan';

/** The gauge of requests in flight, as the server's Prometheus endpoint names it. */
export const IN_FLIGHT_METRIC = 'ogx_concurrent_requests';
export const DEFAULT_TARGET_PER_POD = 10;

/** The ScaledObject's name; KEDA's HPA is named `N-hpa`, as the library's own would be. */
export function scaledObjectName(name: string): string {
  return `${name}-scaler`;
}

/** The series of this server's pods, as a ServiceMonitor's scrape labels them (job = the Service). */
function seriesSelector(name: string, namespace: string | undefined): string {
  return `job="${objectNames(name).service}"${namespace ? `,namespace="${namespace}"` : ''}`;
}

/** The load of all pods together: the requests in flight, summed over pods and APIs. */
export function defaultQuery(name: string, namespace: string | undefined): string {
  return `sum(${IN_FLIGHT_METRIC}{${seriesSelector(name, namespace)}})`;
}

/** `monitoring.scaling` with its defaults (the checks have refused what cannot be resolved). */
export function resolveLoadScaling(o: LoadScalingOptions, name: string, namespace: string | undefined): ResolvedLoadScaling {
  const targetPerPod = o.targetPerPod ?? DEFAULT_TARGET_PER_POD;
  if (o.engine === LoadScalingEngine.KEDA) {
    return {
      engine: o.engine,
      targetPerPod,
      serverAddress: o.serverAddress,
      query: o.query ?? defaultQuery(name, namespace),
      authenticationRef: o.authenticationRef,
      triggerMetadata: o.triggerMetadata,
    };
  }
  return {
    engine: o.engine,
    targetPerPod,
    metricName: o.metricName ?? IN_FLIGHT_METRIC,
    metricSelector: o.external === true ? o.metricSelector ?? { job: objectNames(name).service } : undefined,
  };
}

/** The user's extra metadata in key order (the same bytes whatever order it was written in). */
function sorted(m: { [key: string]: string } | undefined): { [key: string]: string } {
  const out: { [key: string]: string } = {};
  for (const k of Object.keys(m ?? {}).sort()) out[k] = m![k];
  return out;
}

function minReplicas(plan: WorkloadPlan, maxReplicas: number): number {
  return plan.spec.workload?.autoscaling?.minReplicas ?? Math.min(Math.max(1, replicasOf(plan)), maxReplicas);
}

/** The HPA's metric for a Prometheus adapter: per pod, or external with a selector. */
export function adapterMetric(s: ResolvedLoadScaling): any {
  const target = { type: 'AverageValue', averageValue: String(s.targetPerPod) };
  if (s.metricSelector === undefined) return { type: 'Pods', pods: { metric: { name: s.metricName }, target } };
  return { type: 'External', external: { metric: { name: s.metricName, selector: { matchLabels: { ...s.metricSelector } } }, target } };
}

export function renderScaledObject(plan: WorkloadPlan): KubeManifest | undefined {
  const s = plan.monitoring?.scaling;
  const a = plan.spec.workload?.autoscaling;
  if (s?.engine !== LoadScalingEngine.KEDA || !a) return undefined;
  const names = objectNames(plan.name);
  const resource = (type: string, pct: number | undefined) => (pct ? [{ type, metricType: 'Utilization', metadata: { value: String(pct) } }] : []);
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: objectMeta(plan, scaledObjectName(plan.name)),
    spec: compact({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: names.deployment },
      minReplicaCount: minReplicas(plan, a.maxReplicas),
      maxReplicaCount: a.maxReplicas,
      advanced: { horizontalPodAutoscalerConfig: { name: names.hpa } },
      triggers: [
        compact({
          type: 'prometheus',
          metricType: 'AverageValue',
          metadata: { serverAddress: s.serverAddress, query: s.query, threshold: String(s.targetPerPod), ...sorted(s.triggerMetadata) },
          authenticationRef: s.authenticationRef !== undefined ? { name: s.authenticationRef } : undefined,
        }),
        // CPU and memory targets the user set still count (KEDA reads them from the pods' requests).
        ...resource('cpu', a.targetCPUUtilizationPercentage),
        ...resource('memory', a.targetMemoryUtilizationPercentage),
      ],
    }),
  };
}

const DEFAULT_CPU_UTILIZATION = 80;

function utilization(name: string, pct: number): any {
  return { type: 'Resource', resource: { name, target: { type: 'Utilization', averageUtilization: pct } } };
}

/** The HPA `N-hpa` from `workload.autoscaling`; none when KEDA owns it (`renderScaledObject`). */
export function renderHpa(plan: WorkloadPlan): KubeManifest | undefined {
  const a = plan.spec.workload?.autoscaling;
  const load = plan.monitoring?.scaling;
  if (!a || load?.engine === LoadScalingEngine.KEDA) return undefined;
  // A Prometheus adapter's metric of the server's load replaces the default CPU target.
  const metrics: any[] = load ? [adapterMetric(load)] : [];
  if (a.targetCPUUtilizationPercentage) metrics.push(utilization('cpu', a.targetCPUUtilizationPercentage));
  if (a.targetMemoryUtilizationPercentage) metrics.push(utilization('memory', a.targetMemoryUtilizationPercentage));
  if (metrics.length === 0) metrics.push(utilization('cpu', DEFAULT_CPU_UTILIZATION));
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: objectMeta(plan, objectNames(plan.name).hpa),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: objectNames(plan.name).deployment },
      minReplicas: minReplicas(plan, a.maxReplicas),
      maxReplicas: a.maxReplicas,
      metrics,
    },
  };
}

/** The PDB `N-pdb`, when asked or when there can be > 1 pod. */
export function renderPdb(plan: WorkloadPlan): KubeManifest | undefined {
  const given = plan.spec.workload?.podDisruptionBudget;
  const many = replicasOf(plan) > 1 || (plan.spec.workload?.autoscaling?.maxReplicas ?? 0) > 1;
  if (!given && !many) return undefined;
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: objectMeta(plan, objectNames(plan.name).pdb),
    spec: compact({
      selector: { matchLabels: selectorLabels(plan.name) },
      minAvailable: given?.minAvailable ?? undefined,
      maxUnavailable: given ? given.maxUnavailable ?? undefined : 1,
    }),
  };
}
