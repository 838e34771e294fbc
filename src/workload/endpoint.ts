/**
 * How other workloads reach the server: the Service's in-cluster URL, and the selector of the
 * server's pods that cdk8s-plus connections and Services take.
 */
import type * as kplus from 'cdk8s-plus-28';
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
  // Loaded on first use only: cdk8s-plus (2.7 MB) is for apps that use its interfaces, and the
  // command line never does (it cost the cold start 40 ms and 12 MB).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LabelSelector } = require('cdk8s-plus-28') as typeof kplus;
  return {
    labelSelector: LabelSelector.of({ labels: selectorLabels(name) }),
    namespaces: namespace !== undefined ? { names: [namespace] } : undefined,
  };
}
