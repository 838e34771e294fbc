/**
 * NetworkPolicy `N-network-policy` from `networking.allowedFrom` (ingress only: egress stays open,
 * so DNS and remote providers keep working), and Ingress `N-ingress` (or HTTPRoute `N-route` when
 * the props name a Gateway, or on OpenShift the Route `N`) from `networking.expose`.
 */
import { objectMeta, selectorLabels } from './labels';
import { compact, KubeManifest } from './manifest';
import { EgressOptions } from './network-options';
import { objectNames } from './object-names';
import { portName, portOf, WorkloadPlan } from './plan';
import { libraryConstant } from '../kubernetes/library-constants';
import { labelPeer } from '../values/expose';

/** DNS anywhere: UDP and TCP 53. */
const DNS_RULE = libraryConstant({ ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] });
/**
 * OpenShift: the cluster DNS Service's port 53 leads to pods listening on 5353, and egress rules
 * are matched after the Service is resolved to a pod: both ports.
 */
const OPENSHIFT_DNS_RULE = libraryConstant({
  ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }, { protocol: 'UDP', port: 5353 }, { protocol: 'TCP', port: 5353 }],
});
/** The label OpenShift gives the namespaces of its router (`ingress`) and monitoring stacks (`monitoring`). */
export const POLICY_GROUP_LABEL = 'network.openshift.io/policy-group';
const POLICY_GROUP_PEERS = libraryConstant({
  ingress: { namespaceSelector: { matchLabels: { [POLICY_GROUP_LABEL]: 'ingress' } } },
  monitoring: { namespaceSelector: { matchLabels: { [POLICY_GROUP_LABEL]: 'monitoring' } } },
});
const POLICY_TYPES = libraryConstant({ ingress: ['Ingress'], egress: ['Egress'], both: ['Ingress', 'Egress'] });

function peers(plan: WorkloadPlan): any[] {
  const from = plan.spec.networking!.allowedFrom!;
  if ((from.namespaces ?? []).includes('*')) return [{ namespaceSelector: {} }];
  return [
    // Same namespace: every pod (unless turned off).
    ...(plan.networkPolicy?.admitOwnNamespace === false ? [] : [{ podSelector: {} }]),
    ...(from.namespaces ?? []).map((ns) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } })),
    // `key`: any namespace with the label, whatever its value; `key=value`: that value only.
    ...(from.labels ?? []).map(labelPeer),
    // OpenShift: the router's namespace (its pods, and host-network routers) when exposed.
    ...(plan.openShift && exposed(plan) ? [POLICY_GROUP_PEERS.ingress] : []),
  ];
}

/** Who may scrape the metrics port: the monitoring namespaces, and on OpenShift the monitoring policy group. */
function monitoringPeers(plan: WorkloadPlan, namespaces: readonly string[]): any[] {
  return [
    ...namespaces.map((ns) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } })),
    // openshift-monitoring and openshift-user-workload-monitoring carry it.
    ...(plan.openShift ? [POLICY_GROUP_PEERS.monitoring] : []),
  ];
}

/** The egress rules of `allowedTo`: DNS anywhere (unless off), then the destinations on their ports. */
function egressRules(to: EgressOptions, openShift: boolean): any[] {
  const rules: any[] = [];
  if (to.dns !== false) rules.push(openShift ? OPENSHIFT_DNS_RULE : DNS_RULE);
  const dests = [
    ...(to.namespaces ?? []).map((ns) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } })),
    ...(to.podSelectors ?? []).map((labels) => ({ podSelector: { matchLabels: { ...labels } } })),
    ...(to.cidrs ?? []).map((cidr) => ({ ipBlock: { cidr } })),
  ];
  const ports = (to.ports ?? []).map((port) => ({ protocol: 'TCP', port }));
  if (dests.length > 0 || ports.length > 0) {
    rules.push(compact({ to: dests.length > 0 ? dests : undefined, ports: ports.length > 0 ? ports : undefined }));
  }
  return rules;
}

/** Ingress rules from `allowedFrom` only: egress stays open; egress rules from `allowedTo` only: ingress stays open. */
export function renderNetworkPolicy(plan: WorkloadPlan): KubeManifest | undefined {
  const from = plan.spec.networking?.allowedFrom;
  const to = plan.networkPolicy?.allowedTo;
  if (!from && !to) return undefined;
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: objectMeta(plan, objectNames(plan.name).networkPolicy),
    spec: {
      podSelector: { matchLabels: selectorLabels(plan.name) },
      policyTypes: !to ? POLICY_TYPES.ingress : from ? POLICY_TYPES.both : POLICY_TYPES.egress,
      ...(from ? { ingress: ingressRules(plan) } : {}),
      ...(to ? { egress: egressRules(to, plan.openShift === true) } : {}),
    },
  };
}

function ingressRules(plan: WorkloadPlan): any[] {
  const from = peers(plan);
  return [
    // An empty `from` would admit everyone: no peer, no rule.
    ...(from.length > 0 ? [{ from, ports: [{ protocol: 'TCP', port: plan.containerPort }] }] : []),
    // Prometheus, from its namespaces, to the metrics port only.
    ...(plan.monitoring ? [{
      from: monitoringPeers(plan, plan.monitoring.namespaces),
      ports: [{ protocol: 'TCP', port: plan.monitoring.metricsPort }],
    }] : []),
  ];
}

/** `expose: {}` means enabled (presence implies intent); `enabled: false` means no Ingress. */
export function exposed(plan: WorkloadPlan): boolean {
  const e = plan.spec.networking?.expose;
  return e !== undefined && e !== null && e.enabled !== false;
}

export function renderIngress(plan: WorkloadPlan): KubeManifest | undefined {
  if (!exposed(plan) || plan.exposure?.gateway || plan.exposure?.route) return undefined;
  const names = objectNames(plan.name);
  const host = plan.spec.networking?.expose?.hostname;
  const exposure = plan.exposure;
  const metadata = objectMeta(plan, names.ingress);
  if (exposure?.annotations) metadata.annotations = { ...exposure.annotations };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata,
    spec: compact({
      ingressClassName: plan.ingressClassName,
      tls: exposure?.ingressTls ? [compact({
        hosts: exposure.ingressTls.hosts.length > 0 ? exposure.ingressTls.hosts : undefined,
        secretName: exposure.ingressTls.secretName,
      })] : undefined,
      rules: [compact({
        host,
        http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: names.service, port: { name: portName(plan) } } } }] },
      })],
    }),
  };
}

/** Gateway API HTTPRoute `N-route`: the existing Gateway's listener routes the host to the Service port. */
export function renderHttpRoute(plan: WorkloadPlan): KubeManifest | undefined {
  const gateway = plan.exposure?.gateway;
  if (!exposed(plan) || !gateway) return undefined;
  const names = objectNames(plan.name);
  const host = plan.spec.networking?.expose?.hostname;
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { ...objectMeta(plan, names.httpRoute), ...(plan.exposure?.annotations ? { annotations: { ...plan.exposure.annotations } } : {}) },
    spec: compact({
      parentRefs: [compact({
        group: 'gateway.networking.k8s.io',
        kind: 'Gateway',
        name: gateway.name,
        namespace: gateway.namespace,
        sectionName: gateway.sectionName,
      })],
      hostnames: host ? [host] : undefined,
      rules: [{
        matches: [{ path: { type: 'PathPrefix', value: '/' } }],
        backendRefs: [{ group: '', kind: 'Service', name: names.service, port: portOf(plan) }],
      }],
    }),
  };
}

/**
 * OpenShift Route `N` (route.openshift.io/v1): the router serves the host (the given one, or
 * `N-<namespace>.<apps domain>`) and ends TLS as the exposure says: `edge` (the router's
 * certificate, plain HTTP to the pod), `reencrypt` (the router checks the pod's certificate
 * against the service CA: no destinationCACertificate) or `passthrough` (the pod's certificate).
 * Plain HTTP is redirected to HTTPS. The annotations carry the router's timeout.
 */
export function renderRoute(plan: WorkloadPlan): KubeManifest | undefined {
  const route = plan.exposure?.route;
  if (!exposed(plan) || plan.exposure?.gateway || !route) return undefined;
  const names = objectNames(plan.name);
  const host = plan.spec.networking?.expose?.hostname;
  const metadata = objectMeta(plan, names.route);
  if (plan.exposure?.annotations) metadata.annotations = { ...plan.exposure.annotations };
  return {
    apiVersion: 'route.openshift.io/v1',
    kind: 'Route',
    metadata,
    spec: compact({
      host: host || undefined,
      to: { kind: 'Service', name: names.service, weight: 100 },
      port: { targetPort: portName(plan) },
      tls: { termination: route.termination, insecureEdgeTerminationPolicy: 'Redirect' },
      wildcardPolicy: 'None',
    }),
  };
}
