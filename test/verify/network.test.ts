/** The NetworkPolicy pieces of the verification Job (src/verify/network.ts). */
import { renderVerification } from '../../src/verify';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { SELECTOR, verifyInput } from '../support/verify-input';

const JOB_POD = { 'app.kubernetes.io/component': 'verify', 'app.kubernetes.io/instance': 'demo' };

test('the server admits the Job\'s pod on its port; the Job reaches DNS and the server\'s pods on that port', () => {
  const { network, job } = renderVerification(verifyInput());
  expect(network.jobPodSelector).toEqual({ matchLabels: JOB_POD });
  expect(network.serverIngressRule).toEqual({ from: [{ podSelector: { matchLabels: JOB_POD } }], ports: [{ protocol: 'TCP', port: 8321 }] });
  expect(network.jobEgressRules).toEqual([
    { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
    { to: [{ podSelector: { matchLabels: SELECTOR } }], ports: [{ protocol: 'TCP', port: 8321 }] },
  ]);
  // The selector picks the Job's pod, and not the server's.
  const podLabels = (job.spec as any).template.metadata.labels;
  expect(Object.entries(JOB_POD).every(([k, v]) => podLabels[k] === v)).toBe(true);
  expect(Object.entries(SELECTOR).every(([k, v]) => podLabels[k] === v)).toBe(false);
});

test('the Job\'s egress policy: valid, and with the caller\'s provider rules appended (copied)', () => {
  const provider = { to: [{ ipBlock: { cidr: '10.0.0.0/8' } }], ports: [{ protocol: 'TCP', port: 8000 }] };
  const { network } = renderVerification(verifyInput({ providerEgress: [provider] }));
  expect(network.jobNetworkPolicy).toEqual({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'demo-verify', namespace: 'ai', labels: expect.objectContaining(JOB_POD) },
    spec: { podSelector: { matchLabels: JOB_POD }, policyTypes: ['Egress'], egress: [...network.jobEgressRules] },
  });
  expect(network.jobEgressRules[2]).toEqual(provider);
  expect(network.jobEgressRules[2]).not.toBe(provider);
  expect(schemaErrors([network.jobNetworkPolicy])).toEqual([]);
  expect(k8sValidityProblems([network.jobNetworkPolicy])).toEqual([]);
});
