/**
 * NetworkPolicy `N-network-policy` from `networking.allowedFrom` (ingress only: egress stays open,
 * so DNS and remote providers keep working), and Ingress `N-ingress` from `networking.expose`.
 */
import { selectorLabels } from './labels';
import { compact, KubeManifest } from './manifest';
import { objectMeta } from './metadata';
import { objectNames } from './names';
import { WorkloadPlan } from './plan';

function peers(plan: WorkloadPlan): any[] {
  const from = plan.spec.networking!.allowedFrom!;
  if ((from.namespaces ?? []).includes('*')) return [{ namespaceSelector: {} }];
  return [
    // Same namespace: every pod.
    { podSelector: {} },
    ...(from.namespaces ?? []).map((ns) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } })),
    ...(from.labels ?? []).map((key) => ({ namespaceSelector: { matchExpressions: [{ key, operator: 'Exists' }] } })),
  ];
}

export function renderNetworkPolicy(plan: WorkloadPlan): KubeManifest | undefined {
  if (!plan.spec.networking?.allowedFrom) return undefined;
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: objectMeta(plan, objectNames(plan.name).networkPolicy),
    spec: {
      podSelector: { matchLabels: selectorLabels(plan.name) },
      policyTypes: ['Ingress'],
      ingress: [{ from: peers(plan), ports: [{ protocol: 'TCP', port: plan.containerPort }] }],
    },
  };
}

/** `expose: {}` means enabled (presence implies intent); `enabled: false` means no Ingress. */
export function exposed(plan: WorkloadPlan): boolean {
  const e = plan.spec.networking?.expose;
  return e !== undefined && e !== null && e.enabled !== false;
}

export function renderIngress(plan: WorkloadPlan): KubeManifest | undefined {
  if (!exposed(plan)) return undefined;
  const names = objectNames(plan.name);
  const host = plan.spec.networking?.expose?.hostname;
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: objectMeta(plan, names.ingress),
    spec: compact({
      ingressClassName: plan.ingressClassName,
      rules: [compact({
        host,
        http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: names.service, port: { name: 'http' } } } }] },
      })],
    }),
  };
}
