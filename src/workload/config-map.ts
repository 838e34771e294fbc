/** The generated config: immutable, named after its content, only references to secrets. */
import { KubeManifest } from './manifest';
import { objectMeta } from './metadata';
import { WorkloadPlan } from './plan';

export function renderConfigMap(plan: WorkloadPlan, configYaml: string): KubeManifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: objectMeta(plan, plan.configMapName, { 'app.kubernetes.io/component': 'generated-config' }),
    immutable: true,
    data: { 'config.yaml': configYaml },
  };
}
