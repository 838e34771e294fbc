/**
 * HPA `N-hpa` from `workload.autoscaling` (none when KEDA owns it: load-scaling.ts); PDB `N-pdb`
 * when asked or when there can be > 1 pod.
 */
import { objectMeta, selectorLabels } from './labels';
import { adapterMetric } from './load-scaling';
import { compact, KubeManifest } from './manifest';
import { LoadScalingEngine } from './monitoring-options';
import { objectNames } from './object-names';
import { replicasOf, WorkloadPlan } from './plan';

const DEFAULT_CPU_UTILIZATION = 80;

function utilization(name: string, pct: number): any {
  return { type: 'Resource', resource: { name, target: { type: 'Utilization', averageUtilization: pct } } };
}

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
      minReplicas: a.minReplicas ?? Math.min(Math.max(1, replicasOf(plan)), a.maxReplicas),
      maxReplicas: a.maxReplicas,
      metrics,
    },
  };
}

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
