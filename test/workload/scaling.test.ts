/** renderHpa (`N-hpa` from workload.autoscaling) and renderPdb (`N-pdb` when asked or when there can be more than one pod). */
import { renderHpa, renderPdb } from '../../src/workload/scaling';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

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
