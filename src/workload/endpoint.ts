/**
 * How other workloads reach the server: the Service's in-cluster URL, and the selector of the
 * server's pods that cdk8s-plus connections and Services take.
 */
import * as kplus from 'cdk8s-plus-28';
import { selectorLabels } from './labels';

/**
 * The in-cluster URL of the Service: `<scheme>://<service>.<namespace>.svc.cluster.local:<port>`
 * (the default cluster domain), or `<scheme>://<service>:<port>` when the namespace is not known
 * at synth time (it then resolves from the Service's own namespace only).
 */
export function serviceUrl(serviceName: string, namespace: string | undefined, port: number, tls: boolean): string {
  const scheme = tls ? 'https' : 'http';
  const host = namespace !== undefined ? `${serviceName}.${namespace}.svc.cluster.local` : serviceName;
  return `${scheme}://${host}:${port}`;
}

/**
 * The server's pods, as cdk8s-plus selects pods: the Deployment's selector labels, in the
 * distribution's namespace when it is known (else cdk8s-plus assumes the other side's).
 */
export function podSelectorConfig(name: string, namespace: string | undefined): kplus.PodSelectorConfig {
  return {
    labelSelector: kplus.LabelSelector.of({ labels: selectorLabels(name) }),
    namespaces: namespace !== undefined ? { names: [namespace] } : undefined,
  };
}
