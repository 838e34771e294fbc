/** The generated config: immutable, named after its content, only references to secrets. */
import { commonLabels } from './labels';
import { compact, KubeManifest } from './manifest';
import { WorkloadPlan } from './plan';

export function renderConfigMap(plan: WorkloadPlan, configYaml: string): KubeManifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: compact({
      name: plan.configMapName,
      namespace: plan.namespace,
      labels: { ...commonLabels(plan.name, undefined, plan.extraLabels), 'app.kubernetes.io/component': 'generated-config' },
    }),
    immutable: true,
    data: { 'config.yaml': configYaml },
  };
}
