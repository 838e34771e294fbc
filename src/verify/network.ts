/**
 * What the Job needs from NetworkPolicies, as plain data for the caller to merge: the server's
 * pods admit the Job's pod on their port, and the Job's pod may reach DNS, the server's pods on
 * that port, and (for its provider probes) what the caller adds.
 */
import { VerifyInput } from './input';
import { jobLabels, jobName, jobSelectorLabels } from './names';
import { JsonObject } from '../core/json';

/** The NetworkPolicy pieces of the verification Job. */
export interface VerifyNetwork {
  /** Selects the Job's pod (`podSelector` of a policy, or a peer of a rule). */
  readonly jobPodSelector: JsonObject;
  /** An ingress rule for the server's NetworkPolicy: the Job's pod to the server's port. */
  readonly serverIngressRule: JsonObject;
  /** The Job pod's egress: DNS, the server's pods on their port, then `providerEgress`. */
  readonly jobEgressRules: readonly JsonObject[];
  /** `<name>-verify`: an egress policy for the Job's pod with those rules, for namespaces that restrict egress. */
  readonly jobNetworkPolicy: JsonObject;
}

export function verifyNetwork(input: VerifyInput): VerifyNetwork {
  const port = { protocol: 'TCP', port: input.serverPort };
  const jobPodSelector = { matchLabels: jobSelectorLabels(input.name) };
  const jobEgressRules: JsonObject[] = [
    // DNS anywhere (the Service name is resolved first), as the server's own policy allows it.
    { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
    { to: [{ podSelector: { matchLabels: { ...input.serverPodLabels } } }], ports: [{ ...port }] },
    ...(input.providerEgress ?? []).map((rule) => JSON.parse(JSON.stringify(rule)) as JsonObject),
  ];
  return {
    jobPodSelector,
    serverIngressRule: { from: [{ podSelector: { matchLabels: jobSelectorLabels(input.name) } }], ports: [{ ...port }] },
    jobEgressRules,
    jobNetworkPolicy: {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: {
        name: jobName(input.name),
        ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
        labels: jobLabels(input.name, input.labels, input.serverPodLabels),
      },
      spec: { podSelector: { matchLabels: jobSelectorLabels(input.name) }, policyTypes: ['Egress'], egress: jobEgressRules.map((r) => JSON.parse(JSON.stringify(r)) as JsonObject) },
    },
  };
}
