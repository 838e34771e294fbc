/** PVC `N-pvc` (ReadWriteOnce, 10Gi by default) when `workload.storage` is set. */
import { objectMeta } from './labels';
import { compact, KubeManifest } from './manifest';
import { objectNames } from './object-names';
import { hasPvc, WorkloadPlan } from './plan';
import { DEFAULT_STORAGE_SIZE } from './volume-sizes';

export function renderPvc(plan: WorkloadPlan): KubeManifest | undefined {
  if (!hasPvc(plan)) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: objectMeta(plan, objectNames(plan.name).pvc),
    spec: compact({
      accessModes: ['ReadWriteOnce'],
      storageClassName: plan.storageClassName,
      resources: { requests: { storage: plan.spec.workload?.storage?.size ?? DEFAULT_STORAGE_SIZE } },
    }),
  };
}
