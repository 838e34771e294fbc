/**
 * The KEDA ScaledObject validator (keda.ts) itself: a valid object passes, and each rule of the
 * CRD and the webhook it encodes rejects an object that breaks it, with one line.
 */
import { kedaHpaName, scaledObjectProblems } from './keda';

const deployment = (cpu?: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'llama', namespace: 'ai' },
  spec: { template: { spec: { containers: [{ name: 'llama-stack', resources: cpu ? { requests: { cpu } } : {} }] } } },
});

function valid(): any {
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'llama-scaler', namespace: 'ai' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'llama' },
      minReplicaCount: 1,
      maxReplicaCount: 4,
      advanced: { horizontalPodAutoscalerConfig: { name: 'llama-hpa' } },
      triggers: [{ type: 'prometheus', metricType: 'AverageValue', metadata: { serverAddress: 'http://prom:9090', query: 'sum(up)', threshold: '10' } }],
    },
  };
}

/** The problems of a valid object after `edit`. */
function broken(edit: (so: any) => void, others: any[] = [deployment('1')]): string[] {
  const so = valid();
  edit(so);
  return scaledObjectProblems([so, ...others]);
}

test('a valid ScaledObject passes; other kinds are not its business', () => {
  expect(scaledObjectProblems([valid(), deployment('1')])).toEqual([]);
  expect(scaledObjectProblems([deployment()])).toEqual([]);
});

describe('the CRD schema', () => {
  test.each<[string, (so: any) => void, string]>([
    ['scaleTargetRef is required', (so) => delete so.spec.scaleTargetRef, 'spec.scaleTargetRef: required'],
    ['scaleTargetRef.name is not empty', (so) => (so.spec.scaleTargetRef.name = ''), 'spec.scaleTargetRef.name: required: a non-empty string'],
    ['triggers are required', (so) => delete so.spec.triggers, 'spec.triggers: required: a list'],
    ['a trigger has a type', (so) => delete so.spec.triggers[0].type, 'spec.triggers[0].type: required: a non-empty string'],
    ['a trigger has metadata', (so) => delete so.spec.triggers[0].metadata, 'spec.triggers[0].metadata: required: a map of strings'],
    ['metadata values are strings', (so) => (so.spec.triggers[0].metadata.threshold = 10), 'spec.triggers[0].metadata.threshold: must be a string'],
    ['maxReplicaCount is at least 1', (so) => (so.spec.maxReplicaCount = 0), 'spec.maxReplicaCount: must be at least 1'],
    ['minReplicaCount is not negative', (so) => (so.spec.minReplicaCount = -1), 'spec.minReplicaCount: must be at least 0'],
    ['pollingInterval is at least 1', (so) => (so.spec.pollingInterval = 0), 'spec.pollingInterval: must be at least 1'],
    ['counts are int32', (so) => (so.spec.cooldownPeriod = 1.5), 'spec.cooldownPeriod: must be an int32'],
    ['unknown spec fields are pruned', (so) => (so.spec.replicas = 2), 'spec.replicas: unknown field (the structural schema prunes it)'],
    ['metricType is a MetricTargetType', (so) => (so.spec.triggers[0].metricType = 'Average'), 'spec.triggers[0].metricType: must be one of Utilization, Value, AverageValue'],
    ['fallback needs its counts', (so) => (so.spec.fallback = { replicas: 2 }), 'spec.fallback.failureThreshold: required'],
    ['fallback behavior is an enum', (so) => (so.spec.fallback = { failureThreshold: 3, replicas: 2, behavior: 'max' }), 'spec.fallback.behavior: must be one of static, currentReplicas, currentReplicasIfHigher, currentReplicasIfLower, scalingModifiers'],
    ['authenticationRef.kind is an enum', (so) => (so.spec.triggers[0].authenticationRef = { name: 'a', kind: 'Secret' }), 'spec.triggers[0].authenticationRef.kind: must be TriggerAuthentication or ClusterTriggerAuthentication'],
  ])('%s', (_, edit, line) => {
    expect(broken(edit)).toEqual([`ScaledObject/llama-scaler: ${line}`]);
  });

  test('min ≤ max (the CEL rule, and the webhook\'s bound check)', () => {
    expect(broken((so) => (so.spec.minReplicaCount = 5))).toEqual([
      'ScaledObject/llama-scaler: spec: minReplicaCount must be less than or equal to maxReplicaCount',
      'ScaledObject/llama-scaler: spec: MinReplicaCount=5 must be less than MaxReplicaCount=4',
    ]);
    // Unset max is KEDA's 100.
    expect(broken((so) => { delete so.spec.maxReplicaCount; so.spec.minReplicaCount = 100; })).toEqual([]);
  });
});

describe('the webhook', () => {
  test.each<[string, (so: any) => void, string]>([
    ['triggers are not empty', (so) => (so.spec.triggers = []), 'spec.triggers: no triggers defined (at least one)'],
    ['trigger names are unique', (so) => { so.spec.triggers[0].name = 'a'; so.spec.triggers.push({ ...so.spec.triggers[0] }); }, 'spec.triggers[1].name: triggerName "a" is defined multiple times, but it must be unique'],
    ['idleReplicaCount is below minReplicaCount', (so) => (so.spec.idleReplicaCount = 1), 'spec.idleReplicaCount: IdleReplicaCount=1 must be less than MinReplicaCount=1'],
    ['useCachedMetrics is not for cpu', (so) => (so.spec.triggers = [...so.spec.triggers, { type: 'cpu', metricType: 'Utilization', useCachedMetrics: true, metadata: { value: '80' } }]), 'spec.triggers[1].useCachedMetrics: not supported for the "cpu" scaler'],
    ['KEDA\'s HPA name too', (so) => (so.spec.advanced.horizontalPodAutoscalerConfig.name = 'h'.repeat(64)), 'spec.advanced.horizontalPodAutoscalerConfig.name: the HPA name hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh is longer than 63 characters'],
    ['scalingModifiers need a formula', (so) => (so.spec.advanced.scalingModifiers = { target: '2' }), 'spec.advanced.scalingModifiers.formula: required when scalingModifiers are set'],
  ])('%s', (_, edit, line) => {
    expect(broken(edit)).toEqual([`ScaledObject/llama-scaler: ${line}`]);
  });

  test('the name is a label value', () => {
    const name = 'n'.repeat(64);
    expect(broken((so) => (so.metadata.name = name))).toEqual([`ScaledObject/${name}: metadata.name: longer than 63 characters (it is a label value)`]);
  });

  test('the prometheus trigger needs serverAddress, query and threshold, a numeric threshold, and no Utilization', () => {
    expect(broken((so) => (so.spec.triggers[0].metadata = {}))).toEqual(['serverAddress', 'query', 'threshold'].map((k) => `ScaledObject/llama-scaler: spec.triggers[0].metadata.${k}: required by the prometheus scaler`));
    expect(broken((so) => (so.spec.triggers[0].metadata.threshold = 'ten'))).toEqual(['ScaledObject/llama-scaler: spec.triggers[0].metadata.threshold: must be a number']);
    expect(broken((so) => (so.spec.triggers[0].metricType = 'Utilization'))).toEqual([
      'ScaledObject/llama-scaler: spec.triggers[0].metricType: Utilization is not supported by the prometheus scaler (use AverageValue or Value)',
    ]);
    expect(broken((so) => (so.spec.triggers[0].metadata.serverAddress = 'prom:9090'))).toEqual(['ScaledObject/llama-scaler: spec.triggers[0].metadata.serverAddress: must be an http(s) URL']);
  });

  test('cpu and memory triggers: a metricType, a whole-number utilization, the containers\' requests, and not alone with min 0', () => {
    const cpu = (t: any) => (so: any) => so.spec.triggers.push({ type: 'cpu', metadata: { value: '80' }, ...t });
    expect(broken(cpu({}))).toEqual(['ScaledObject/llama-scaler: spec.triggers[1].metricType: must be Utilization or AverageValue']);
    expect(broken(cpu({ metricType: 'Utilization', metadata: { value: '80.5' } }))).toEqual(['ScaledObject/llama-scaler: spec.triggers[1].metadata.value: must be a whole number (a utilization percentage)']);
    expect(broken(cpu({ metricType: 'Utilization', metadata: { value: '80', type: 'Utilization' } }))).toEqual(['ScaledObject/llama-scaler: spec.triggers[1].metadata.type: removed in KEDA 2.18: use the trigger\'s metricType']);
    expect(broken(cpu({ metricType: 'Utilization' }), [deployment()])).toEqual(['ScaledObject/llama-scaler: spec.triggers[1]: the container llama-stack has no cpu request (and no LimitRange is known)']);
    expect(broken(cpu({ metricType: 'Utilization' }))).toEqual([]);
    expect(broken((so) => { so.spec.triggers = [{ type: 'memory', metricType: 'Utilization', metadata: { value: '80' } }]; so.spec.minReplicaCount = 0; }, [])).toEqual([
      'ScaledObject/llama-scaler: spec.minReplicaCount: with only cpu/memory triggers it must be above 0 (scale to zero does not work then)',
    ]);
  });

  test('a fallback needs a trigger other than cpu or memory', () => {
    expect(broken((so) => {
      so.spec.triggers = [{ type: 'cpu', metricType: 'Utilization', metadata: { value: '80' } }];
      so.spec.fallback = { failureThreshold: 3, replicas: 2 };
    })).toEqual(['ScaledObject/llama-scaler: spec.fallback: at least one trigger that is not cpu or memory is needed for a fallback']);
    expect(broken((so) => (so.spec.fallback = { failureThreshold: 3, replicas: 2 }))).toEqual([]);
  });

  test('a workload already scaled by an HPA the ScaledObject does not own is refused', () => {
    const hpa = (extra: any = {}) => ({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'llama-hpa', namespace: 'ai', ...extra },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'llama' }, maxReplicas: 3 },
    });
    expect(broken(() => undefined, [hpa()])).toEqual(['ScaledObject/llama-scaler: spec.scaleTargetRef: the workload \'llama\' is already managed by the hpa \'llama-hpa\'']);
    expect(broken(() => undefined, [hpa({ namespace: 'other' })])).toEqual([]);
    expect(broken(() => undefined, [hpa({ ownerReferences: [{ kind: 'ScaledObject', name: 'llama-scaler' }] })])).toEqual([]);
    expect(broken(() => undefined, [hpa({ annotations: { 'validations.keda.sh/hpa-ownership': 'false' } })])).toEqual([]);
    expect(broken((so) => (so.metadata.annotations = { 'scaledobject.keda.sh/transfer-hpa-ownership': 'true' }), [hpa()])).toEqual([]);
  });

  test('two ScaledObjects may not scale one workload, nor share an HPA', () => {
    const other = valid();
    other.metadata.name = 'other';
    expect(broken(() => undefined, [other])).toEqual([
      'ScaledObject/llama-scaler: spec.scaleTargetRef: the workload \'llama\' is already managed by the ScaledObject \'other\'',
      'ScaledObject/llama-scaler: spec.advanced.horizontalPodAutoscalerConfig.name: the HPA \'llama-hpa\' is already managed by the ScaledObject \'other\'',
      'ScaledObject/other: spec.scaleTargetRef: the workload \'llama\' is already managed by the ScaledObject \'llama-scaler\'',
      'ScaledObject/other: spec.advanced.horizontalPodAutoscalerConfig.name: the HPA \'llama-hpa\' is already managed by the ScaledObject \'llama-scaler\'',
    ]);
  });

  test('KEDA names its HPA keda-hpa-<name> unless told', () => {
    const so = valid();
    expect(kedaHpaName(so)).toBe('llama-hpa');
    delete so.spec.advanced;
    expect(kedaHpaName(so)).toBe('keda-hpa-llama-scaler');
  });
});
