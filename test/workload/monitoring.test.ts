/**
 * The observability props: `monitoring` turns on OGX 1.2+'s Prometheus endpoint where the pod's
 * network reaches it, adds the `metrics` ports, admits the monitoring namespaces, and writes a
 * ServiceMonitor and a PrometheusRule when asked; older lines say what is missing.
 */
import { Duration } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import { InferenceProvider, LlamaStackDistributionProps, ServerTarget } from '../../src';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { synthDistribution, synthProblems } from '../support/synth';

const synth = (props: LlamaStackDistributionProps) => synthDistribution({ namespace: 'ai', ...props });
const problems = (props: LlamaStackDistributionProps) => synthProblems({ namespace: 'ai', ...props });

const kind = (objects: any[], k: string) => objects.find((o) => o.kind === k);

describe('monitoring', () => {
  test('turns the endpoint on, on all interfaces, with metrics ports on the container and the Service', () => {
    const { objects } = synth({ monitoring: {} });
    const container = kind(objects, 'Deployment').spec.template.spec.containers[0];
    expect(container.env).toEqual(expect.arrayContaining([
      { name: 'OGX_METRICS_ENDPOINT_ENABLED', value: 'true' },
      { name: 'OGX_METRICS_HOST', value: '0.0.0.0' },
      { name: 'OGX_METRICS_PORT', value: '9464' },
    ]));
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
    expect(kind(objects, 'Service').spec.ports).toContainEqual({ name: 'metrics', protocol: 'TCP', port: 9464, targetPort: 'metrics' });
    expect(kind(objects, 'ServiceMonitor')).toBeUndefined();
    expect(schemaErrors(objects)).toEqual([]);
  });

  test('serviceMonitor and prometheusRule write monitoring.coreos.com/v1 objects; the NetworkPolicy admits the monitoring namespaces', () => {
    const { objects } = synth({
      allowedFrom: { namespaces: ['apps'] },
      monitoring: { serviceMonitor: true, prometheusRule: true, interval: Duration.seconds(30), labels: { release: 'prometheus' }, namespaces: ['monitoring', 'openshift-monitoring'] },
    });
    const sm = kind(objects, 'ServiceMonitor');
    expect(sm.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(sm.metadata.labels.release).toBe('prometheus');
    expect(sm.spec).toEqual({
      selector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
      endpoints: [{ port: 'metrics', path: '/metrics', scheme: 'http', interval: '30s' }],
    });
    const rule = kind(objects, 'PrometheusRule');
    expect(rule.spec.groups[0].rules.map((r: any) => r.expr)).toEqual(['up{job="llama-service",namespace="ai"} == 0', 'absent(up{job="llama-service",namespace="ai"})']);
    const np = kind(objects, 'NetworkPolicy');
    expect(np.spec.ingress[1]).toEqual({
      from: [
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'openshift-monitoring' } } },
      ],
      ports: [{ protocol: 'TCP', port: 9464 }],
    });
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
  });

  test('a line without the endpoint says what is missing', () => {
    expect(problems({ target: ServerTarget.OGX_1_1, monitoring: {} })).toEqual([expect.stringMatching(/^props\.monitoring: .* serves no Prometheus metrics \(OGX 1\.2\+/)]);
    expect(problems({ target: ServerTarget.OPERATOR, monitoring: {} })).toEqual([expect.stringMatching(/^props\.monitoring: /)]);
  });

  test('several workers with metrics: the start-up model warns that each worker binds the port', () => {
    const { warnings } = synth({ workers: 2, resources: { cpu: { request: Cpu.units(2) } }, monitoring: {}, inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })] });
    expect(warnings.join('\n')).toMatch(/OGX_METRICS_ENDPOINT_ENABLED starts a metrics server in each of the 2 worker processes/);
  });

  test('a user env var may not shadow the metrics vars; the metrics port may not be the server port', () => {
    expect(problems({ monitoring: {}, env: { OGX_METRICS_PORT: '1' } })).toEqual([expect.stringMatching(/^props\.env\.OGX_METRICS_PORT: /)]);
    expect(problems({ monitoring: { metricsPort: 8321 } })).toEqual([expect.stringMatching(/^props\.monitoring\.metricsPort: the metrics port 8321 is the server's port/)]);
  });
});
