/** renderService (`N-service` on the server port) and renderServiceAccount (`N-sa`). */
import { renderService, renderServiceAccount, SERVING_CERT_ANNOTATION } from '../../src/workload/service';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

const selector = { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' };

describe('renderService', () => {
  test('a ClusterIP Service on the http port 8321', () => {
    expect(renderService(workloadPlan())).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'llama-service', namespace: 'ai', labels: LLAMA_LABELS },
      spec: { type: 'ClusterIP', selector, ports: [{ name: 'http', protocol: 'TCP', port: 8321, targetPort: 'http' }] },
    });
  });

  test('TLS: the https port, with appProtocol https; the port given', () => {
    expect(renderService(workloadPlan({ networking: { port: 8443, tls: { enabled: true, secretName: 'tls' } } })).spec.ports).toStrictEqual([
      { name: 'https', protocol: 'TCP', appProtocol: 'https', port: 8443, targetPort: 'https' },
    ]);
  });

  test('monitoring: the metrics port too', () => {
    const plan = workloadPlan({}, { monitoring: { metricsPort: 9464, serviceMonitor: false, prometheusRule: false, labels: {}, namespaces: [] } });
    expect(renderService(plan).spec.ports).toStrictEqual([
      { name: 'http', protocol: 'TCP', port: 8321, targetPort: 'http' },
      { name: 'metrics', protocol: 'TCP', port: 9464, targetPort: 'metrics' },
    ]);
  });

  test('the user\'s type and annotations, and OpenShift\'s serving certificate request', () => {
    expect(SERVING_CERT_ANNOTATION).toBe('service.beta.openshift.io/serving-cert-secret-name');
    const annotations = { 'example.com/owner': 'ml' };
    const given = renderService(workloadPlan({}, { serviceOptions: { type: 'LoadBalancer', annotations } }));
    expect([given.spec.type, given.metadata.annotations]).toStrictEqual(['LoadBalancer', annotations]);
    expect(given.metadata.annotations).not.toBe(annotations);
    expect(renderService(workloadPlan({}, { serviceOptions: { annotations }, servingCertSecret: 'llama-tls' })).metadata.annotations).toStrictEqual({
      'example.com/owner': 'ml', [SERVING_CERT_ANNOTATION]: 'llama-tls',
    });
    expect(renderService(workloadPlan({}, { servingCertSecret: 'llama-tls' })).metadata.annotations).toStrictEqual({ [SERVING_CERT_ANNOTATION]: 'llama-tls' });
  });
});

describe('renderServiceAccount', () => {
  test('the generated account, with no API token mounted', () => {
    expect(renderServiceAccount(workloadPlan())).toStrictEqual({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'llama-sa', namespace: 'ai', labels: LLAMA_LABELS },
      automountServiceAccountToken: false,
    });
  });

  test('none when the pods run as an existing account', () => {
    expect(renderServiceAccount(workloadPlan({ workload: { overrides: { serviceAccountName: 'mine' } } }))).toBeUndefined();
  });
});
