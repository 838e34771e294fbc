/**
 * `monitoring.scaling`: a KEDA ScaledObject on the server's request gauge (KEDA owns the HPA), or
 * an HPA on a Prometheus adapter's metric; every ScaledObject passes KEDA's rules (test/support/keda.ts),
 * every HPA the Kubernetes schema. And renderHpa (`N-hpa` from workload.autoscaling) and renderPdb
 * (`N-pdb` when asked or when there can be more than one pod).
 */
import { LlamaStackDistributionProps, LoadScalingEngine, ServerTarget } from '../../src';
import { renderHpa, renderPdb } from '../../src/workload/load-scaling';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { scaledObjectProblems } from '../support/keda';
import { synthDistribution, synthStarting } from '../support/synth';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

const PROMETHEUS = 'http://prometheus-operated.monitoring.svc:9090';
/** Several pods are allowed (the shared-state rule has its tests in load-scaling-checks.test.ts). */
const synth = (props: LlamaStackDistributionProps) => synthDistribution({ namespace: 'ai', allowPerPodState: true, ...props });
const kind = (objects: any[], k: string) => objects.filter((o) => o.kind === k);

describe('KEDA', () => {
  test('a ScaledObject on the requests in flight per pod, within autoscaling\'s bounds; no HPA of the library\'s', () => {
    const { objects } = synth({
      autoscaling: { minReplicas: 2, maxReplicas: 6 },
      monitoring: { serviceMonitor: true, scaling: { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS } },
    });
    expect(kind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    const [so] = kind(objects, 'ScaledObject');
    expect(so.apiVersion).toBe('keda.sh/v1alpha1');
    expect(so.metadata.name).toBe('llama-scaler');
    expect(so.metadata.namespace).toBe('ai');
    expect(so.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'llama' },
      minReplicaCount: 2,
      maxReplicaCount: 6,
      advanced: { horizontalPodAutoscalerConfig: { name: 'llama-hpa' } },
      triggers: [{
        type: 'prometheus',
        metricType: 'AverageValue',
        metadata: { serverAddress: PROMETHEUS, query: 'sum(ogx_concurrent_requests{job="llama-service",namespace="ai"})', threshold: '10' },
      }],
    });
    // The replica count is KEDA's HPA's to set; a PDB keeps one pod up in a drain.
    expect(kind(objects, 'Deployment')[0].spec.replicas).toBeUndefined();
    expect(kind(objects, 'PodDisruptionBudget')[0].spec.maxUnavailable).toBe(1);
    expect(scaledObjectProblems(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
    expect(k8sValidityProblems(objects)).toEqual([]);
  });

  test('the user\'s query and target; CPU and memory targets become KEDA cpu and memory triggers', () => {
    const { objects } = synth({
      autoscaling: { maxReplicas: 4, targetCPUUtilizationPercentage: 70, targetMemoryUtilizationPercentage: 85 },
      monitoring: {
        scaling: { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS, query: 'sum(rate(ogx_requests_total{namespace="ai"}[2m]))', targetPerPod: 25 },
      },
    });
    const [so] = kind(objects, 'ScaledObject');
    expect(so.spec.minReplicaCount).toBe(1);
    expect(so.spec.triggers).toEqual([
      { type: 'prometheus', metricType: 'AverageValue', metadata: { serverAddress: PROMETHEUS, query: 'sum(rate(ogx_requests_total{namespace="ai"}[2m]))', threshold: '25' } },
      { type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } },
      { type: 'memory', metricType: 'Utilization', metadata: { value: '85' } },
    ]);
    expect(schemaErrors(objects)).toEqual([]);
  });

  test('a TriggerAuthentication and extra metadata', () => {
    const { objects } = synth({
      autoscaling: { maxReplicas: 3 },
      monitoring: {
        serviceMonitor: true,
        scaling: { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS, authenticationRef: 'thanos-auth', triggerMetadata: { namespace: 'ai', authModes: 'bearer' } },
      },
    });
    const [trigger] = kind(objects, 'ScaledObject')[0].spec.triggers;
    expect(trigger.metadata).toEqual({
      serverAddress: PROMETHEUS, query: 'sum(ogx_concurrent_requests{job="llama-service",namespace="ai"})', threshold: '10', authModes: 'bearer', namespace: 'ai',
    });
    expect(trigger.authenticationRef).toEqual({ name: 'thanos-auth' });
    expect(scaledObjectProblems(objects)).toEqual([]);
  });

  test('the longest base name keeps the ScaledObject and KEDA\'s HPA names within KEDA\'s 63 characters', () => {
    const name = 'a'.repeat(48);
    const { objects } = synth({
      name,
      autoscaling: { maxReplicas: 3 },
      monitoring: { serviceMonitor: true, scaling: { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS } },
    });
    expect(kind(objects, 'ScaledObject')[0].metadata.name).toBe(`${name}-scaler`);
    expect(scaledObjectProblems(objects)).toEqual([]);
  });
});

describe('Prometheus adapter', () => {
  test('the HPA scales on the Pods metric ogx_concurrent_requests, not on the default CPU target', () => {
    const { objects } = synth({
      autoscaling: { maxReplicas: 5 },
      monitoring: { serviceMonitor: true, scaling: { engine: LoadScalingEngine.PROMETHEUS_ADAPTER, targetPerPod: 8 } },
    });
    expect(kind(objects, 'ScaledObject')).toEqual([]);
    const [hpa] = kind(objects, 'HorizontalPodAutoscaler');
    expect(hpa.spec.metrics).toEqual([
      { type: 'Pods', pods: { metric: { name: 'ogx_concurrent_requests' }, target: { type: 'AverageValue', averageValue: '8' } } },
    ]);
    expect(schemaErrors(objects)).toEqual([]);
    expect(k8sValidityProblems(objects)).toEqual([]);
  });

  test('external: an External metric selected by the ServiceMonitor\'s job, or the user\'s labels; a CPU target stays', () => {
    const hpa = (scaling: any, serviceMonitor = true) => kind(synth({
      autoscaling: { maxReplicas: 5, targetCPUUtilizationPercentage: 90 },
      monitoring: { serviceMonitor, scaling: { engine: LoadScalingEngine.PROMETHEUS_ADAPTER, external: true, ...scaling } },
    }).objects, 'HorizontalPodAutoscaler')[0];
    expect(hpa({}).spec.metrics).toEqual([
      {
        type: 'External',
        external: { metric: { name: 'ogx_concurrent_requests', selector: { matchLabels: { job: 'llama-service' } } }, target: { type: 'AverageValue', averageValue: '10' } },
      },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 90 } } },
    ]);
    const own = hpa({ metricName: 'ogx_requests_per_second', metricSelector: { service: 'llama' } }, false);
    expect(own.spec.metrics[0].external.metric).toEqual({ name: 'ogx_requests_per_second', selector: { matchLabels: { service: 'llama' } } });
    expect(schemaErrors([own])).toEqual([]);
  });
});

test('without scaling, autoscaling is the CPU HPA it was', () => {
  const { objects } = synth({ autoscaling: { maxReplicas: 3 }, monitoring: { serviceMonitor: true } });
  expect(kind(objects, 'HorizontalPodAutoscaler')[0].spec.metrics).toEqual([
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
  ]);
  expect(kind(objects, 'ScaledObject')).toEqual([]);
});

test.each([['OGX 1.2', ServerTarget.OGX_1_2], ['OGX 1.3', ServerTarget.OGX_1_3]])('%s starts with load scaling, with no warnings', (_, target) => {
  const { manifests } = synthStarting(target, {
    namespace: 'ai',
    allowPerPodState: true,
    autoscaling: { maxReplicas: 3 },
    monitoring: { serviceMonitor: true, scaling: { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS } },
  });
  expect(manifests.map((m) => m.kind)).toContain('ScaledObject');
});

const cpu = (pct: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: pct } } });
const memory = (pct: number) => ({ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: pct } } });

describe('renderHpa', () => {
  test('none without autoscaling', () => {
    expect(renderHpa(workloadPlan({ workload: { replicas: 3 } }))).toBeUndefined();
  });

  test('scales the Deployment between the bounds on the utilizations given', () => {
    const autoscaling = { minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 70, targetMemoryUtilizationPercentage: 60 };
    expect(renderHpa(workloadPlan({ workload: { autoscaling } }))).toStrictEqual({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'llama-hpa', namespace: 'ai', labels: LLAMA_LABELS },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'llama' },
        minReplicas: 2,
        maxReplicas: 5,
        metrics: [cpu(70), memory(60)],
      },
    });
  });

  test('no utilization given: CPU at 80 %', () => {
    expect(renderHpa(workloadPlan({ workload: { autoscaling: { minReplicas: 1, maxReplicas: 2 } } }))?.spec.metrics).toStrictEqual([cpu(80)]);
    const memoryOnly = { maxReplicas: 2, targetMemoryUtilizationPercentage: 50 };
    expect(renderHpa(workloadPlan({ workload: { autoscaling: memoryOnly } }))?.spec.metrics).toStrictEqual([memory(50)]);
  });

  test.each<[string, object, number]>([
    ['1 by default', { maxReplicas: 4 }, 1],
    ['the replicas', { maxReplicas: 4, replicas: 3 }, 3],
    ['at most maxReplicas', { maxReplicas: 4, replicas: 6 }, 4],
    ['at least 1', { maxReplicas: 4, replicas: 0 }, 1],
  ])('no minReplicas: %s', (_what, { replicas, ...autoscaling }: any, min) => {
    expect(renderHpa(workloadPlan({ workload: { replicas, autoscaling } }))?.spec.minReplicas).toBe(min);
  });
});

describe('renderPdb', () => {
  const selector = { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } };

  test('none for one pod that cannot become more', () => {
    expect(renderPdb(workloadPlan())).toBeUndefined();
    expect(renderPdb(workloadPlan({ workload: { replicas: 1, autoscaling: { maxReplicas: 1 } } }))).toBeUndefined();
  });

  test('more than one pod, or an autoscaler that may make more: one pod may be evicted at a time', () => {
    const expected = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'llama-pdb', namespace: 'ai', labels: LLAMA_LABELS },
      spec: { selector, maxUnavailable: 1 },
    };
    expect(renderPdb(workloadPlan({ workload: { replicas: 2 } }))).toStrictEqual(expected);
    expect(renderPdb(workloadPlan({ workload: { autoscaling: { maxReplicas: 3 } } }))).toStrictEqual(expected);
  });

  test('the budget given, as given, for any number of pods', () => {
    expect(renderPdb(workloadPlan({ workload: { podDisruptionBudget: { minAvailable: 1 } } }))?.spec).toStrictEqual({ selector, minAvailable: 1 });
    expect(renderPdb(workloadPlan({ workload: { replicas: 4, podDisruptionBudget: { maxUnavailable: '50%' } } }))?.spec).toStrictEqual({ selector, maxUnavailable: '50%' });
  });
});
