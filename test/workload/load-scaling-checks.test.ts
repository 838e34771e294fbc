/**
 * The checks of `monitoring.scaling`: refused on a release without the metrics, without
 * `autoscaling`'s bounds, with the other engine's fields, or with a default query or selector
 * that nothing labels; the shared-state rule holds for KEDA's maxReplicaCount as for replicas.
 */
import { LlamaStackDistributionProps, LoadScalingEngine, LoadScalingOptions, ServerTarget, StorageBackend } from '../../src';
import { synthProblems } from '../support/synth';

const PROMETHEUS = 'http://prometheus-operated.monitoring.svc:9090';
const KEDA: LoadScalingOptions = { engine: LoadScalingEngine.KEDA, serverAddress: PROMETHEUS };
const ADAPTER: LoadScalingOptions = { engine: LoadScalingEngine.PROMETHEUS_ADAPTER };

const problems = (scaling: LoadScalingOptions, props: LlamaStackDistributionProps = {}) => synthProblems({
  namespace: 'ai', allowPerPodState: true, autoscaling: { maxReplicas: 3 }, monitoring: { serviceMonitor: true, scaling }, ...props,
});

test('valid options have no problems', () => {
  expect(problems(KEDA)).toEqual([]);
  expect(problems(ADAPTER)).toEqual([]);
  expect(problems({ ...ADAPTER, external: true, metricSelector: { job: 'llama-service' } })).toEqual([]);
});

test('a release without the metrics endpoint is refused at scaling too', () => {
  expect(problems(KEDA, { target: ServerTarget.OGX_1_1 })).toEqual([
    expect.stringMatching(/^props\.monitoring: .* serves no Prometheus metrics/),
    expect.stringMatching(/^props\.monitoring\.scaling: .* serves no request metrics to scale on \(OGX 1\.2\+ serves ogx_concurrent_requests\)$/),
  ]);
});

test('scaling on load needs autoscaling\'s bounds', () => {
  expect(synthProblems({ monitoring: { serviceMonitor: true, scaling: KEDA } })).toEqual([
    'props.monitoring.scaling: scaling on load needs the bounds of autoscaling (minReplicas, maxReplicas)',
  ]);
});

test('each engine takes only its own fields', () => {
  expect(problems({ ...KEDA, metricName: 'x', external: true, metricSelector: { a: 'b' } })).toEqual([
    'props.monitoring.scaling.metricName: is read only with LoadScalingEngine.PROMETHEUS_ADAPTER',
    'props.monitoring.scaling.external: is read only with LoadScalingEngine.PROMETHEUS_ADAPTER',
    'props.monitoring.scaling.metricSelector: is read only with LoadScalingEngine.PROMETHEUS_ADAPTER',
  ]);
  expect(problems({ ...ADAPTER, serverAddress: PROMETHEUS, query: 'up' })).toEqual([
    'props.monitoring.scaling.serverAddress: is read only with LoadScalingEngine.KEDA',
    'props.monitoring.scaling.query: is read only with LoadScalingEngine.KEDA',
  ]);
});

test('KEDA: the server address is required, an http(s) URL, and holds no credential; the query is not empty', () => {
  expect(problems({ engine: LoadScalingEngine.KEDA })).toEqual(['props.monitoring.scaling: KEDA needs the address of the Prometheus it queries']);
  expect(problems({ ...KEDA, serverAddress: 'prometheus:9090' })).toEqual(['props.monitoring.scaling.serverAddress: "prometheus:9090" is not an http(s) URL']);
  const leaked = problems({ ...KEDA, serverAddress: 'http://admin:hunter2-secret@prometheus:9090' });
  expect(leaked).toEqual(['props.monitoring.scaling.serverAddress: holds a credential (a ScaledObject is not a Secret)']);
  expect(leaked.join('\n')).not.toContain('hunter2');
  expect(problems({ ...KEDA, query: ' ' })).toEqual(['props.monitoring.scaling.query: is empty']);
  expect(problems({ ...KEDA, targetPerPod: 0 })).toEqual(['props.monitoring.scaling.targetPerPod: 0 is not a load a pod can carry']);
});

test('the default query and external selector need the ServiceMonitor\'s job label; a query or selector of the user\'s does not', () => {
  const noMonitor = (scaling: LoadScalingOptions) => synthProblems({
    allowPerPodState: true, autoscaling: { maxReplicas: 3 }, monitoring: { scaling },
  });
  expect(noMonitor(KEDA)).toEqual(['props.monitoring.scaling: the default query selects the series by the job label the ServiceMonitor\'s scrape sets']);
  expect(noMonitor({ ...KEDA, query: 'sum(ogx_concurrent_requests{namespace="ai"})' })).toEqual([]);
  expect(noMonitor({ ...ADAPTER, external: true })).toEqual([
    'props.monitoring.scaling: the default selector of the external metric is the job label the ServiceMonitor\'s scrape sets',
  ]);
  expect(noMonitor(ADAPTER)).toEqual([]);
});

test('the adapter: a metric name the metrics API can read, a selector only with external, and valid labels', () => {
  expect(problems({ ...ADAPTER, metricName: 'ogx/requests' })).toEqual([
    'props.monitoring.scaling.metricName: "ogx/requests" is not a metric name (the metrics API reads it as a path segment)',
  ]);
  expect(problems({ ...ADAPTER, metricSelector: { job: 'x' } })).toEqual([
    'props.monitoring.scaling.metricSelector: selects an external metric: a Pods metric is read from the HPA\'s own pods',
  ]);
  expect(problems({ ...ADAPTER, external: true, metricSelector: { job: 'not a label value' } })).toEqual([
    expect.stringMatching(/^props\.monitoring\.scaling\.metricSelector\.job: selector label value "not a label value" is not a valid label value/),
  ]);
});

test('a wrong engine or a missing one is refused at the input boundary', () => {
  expect(problems({ engine: 'hpa' as any })).toEqual([expect.stringMatching(/^props\.monitoring\.scaling\.engine: .*one of keda, prometheus-adapter/)]);
  expect(synthProblems({ monitoring: { scaling: {} as any } })).toEqual([expect.stringMatching(/^props\.monitoring\.scaling\.engine: /)]);
});

describe('the shared-state rule', () => {
  test('KEDA\'s maxReplicaCount above 1 needs shared stores, as replicas do', () => {
    const p = synthProblems({ autoscaling: { maxReplicas: 4 }, monitoring: { serviceMonitor: true, scaling: KEDA } });
    expect(p.length).toBeGreaterThan(0);
    expect(p.every((l) => l.startsWith('props.autoscaling.maxReplicas: '))).toBe(true);
    expect(p[0]).toMatch(/^props\.autoscaling\.maxReplicas: storage backend kv_default is SQLite in the pod/);
  });

  test('with shared stores (or one pod at most) it synthesizes', () => {
    expect(synthProblems({ autoscaling: { maxReplicas: 1 }, monitoring: { serviceMonitor: true, scaling: KEDA } })).toEqual([]);
    expect(synthProblems({
      kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
      autoscaling: { maxReplicas: 4 },
      monitoring: { serviceMonitor: true, scaling: KEDA },
    }).some((l) => l.includes('kv_default'))).toBe(false);
  });
});

test('KEDA: a TriggerAuthentication by name, and extra trigger metadata without the library\'s own keys or credentials', () => {
  expect(problems({ ...KEDA, authenticationRef: 'prometheus-auth', triggerMetadata: { authModes: 'bearer', namespace: 'ai' } })).toEqual([]);
  expect(problems({ ...KEDA, authenticationRef: 'Prometheus Auth' })).toEqual([
    'props.monitoring.scaling.authenticationRef: "Prometheus Auth" is not a TriggerAuthentication name',
  ]);
  expect(problems({ ...KEDA, triggerMetadata: { threshold: '3', query: 'up' } })).toEqual([
    'props.monitoring.scaling.triggerMetadata.query: is written from query',
    'props.monitoring.scaling.triggerMetadata.threshold: is written from targetPerPod',
  ]);
  const token = 'sk-proj-' + 'Ab3'.repeat(12);
  const leaked = problems({ ...KEDA, triggerMetadata: { bearerToken: 'x', customHeaders: `Authorization=Bearer ${token}` } });
  expect(leaked).toEqual([
    'props.monitoring.scaling.triggerMetadata.bearerToken: holds a credential (a ScaledObject is not a Secret)',
    'props.monitoring.scaling.triggerMetadata.customHeaders: holds what looks like a key or a token (a ScaledObject is not a Secret)',
  ]);
  expect(leaked.join('\n')).not.toContain(token);
  expect(problems({ ...ADAPTER, authenticationRef: 'a' })).toEqual(['props.monitoring.scaling.authenticationRef: is read only with LoadScalingEngine.KEDA']);
});

test('with props.spec, whose monitoring has no scaling, props.monitoring is refused', () => {
  expect(synthProblems({
    spec: { distribution: { name: 'starter' }, workload: { autoscaling: { maxReplicas: 1 } }, monitoring: {} },
    monitoring: { serviceMonitor: true, scaling: KEDA },
  })).toEqual(['props.monitoring: cannot be combined with props.spec']);
});
