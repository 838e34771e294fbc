/** The generated config: immutable, named after its content, only references to secrets. */
import { objectMeta } from './labels';
import { KubeManifest } from './manifest';
import { WorkloadPlan } from './plan';

/**
 * Annotations that keep Argo CD and Flux from pruning a ConfigMap once a newer config replaced it,
 * so the previous ReplicaSet's ConfigMap is still there for `kubectl rollout undo`.
 */
export const RETAIN_ANNOTATIONS: { readonly [key: string]: string } = {
  'argocd.argoproj.io/sync-options': 'Prune=false',
  'kustomize.toolkit.fluxcd.io/prune': 'disabled',
};

export function renderConfigMap(plan: WorkloadPlan, configYaml: string): KubeManifest {
  const metadata = objectMeta(plan, plan.configMapName, { 'app.kubernetes.io/component': 'generated-config' });
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: plan.retainConfigMaps ? { ...metadata, annotations: { ...(metadata.annotations ?? {}), ...RETAIN_ANNOTATIONS } } : metadata,
    immutable: true,
    data: { 'config.yaml': configYaml },
  };
}
