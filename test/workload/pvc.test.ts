/** renderPvc: `N-pvc`, ReadWriteOnce, 10Gi unless sized, only when workload.storage is set. */
import { renderPvc } from '../../src/workload/pvc';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

describe('renderPvc', () => {
  test('none without workload.storage', () => {
    expect(renderPvc(workloadPlan())).toBeUndefined();
    expect(renderPvc(workloadPlan({ workload: { replicas: 1 } }))).toBeUndefined();
  });

  test('storage: {} claims 10Gi ReadWriteOnce, with the cluster\'s default storage class', () => {
    expect(renderPvc(workloadPlan({ workload: { storage: {} } }))).toStrictEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'llama-pvc', namespace: 'ai', labels: LLAMA_LABELS },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } },
    });
  });

  test('the size and the storage class given', () => {
    const pvc = renderPvc(workloadPlan({ workload: { storage: { size: '50Gi' } } }, { storageClassName: 'fast' }));
    expect(pvc?.spec).toStrictEqual({ accessModes: ['ReadWriteOnce'], storageClassName: 'fast', resources: { requests: { storage: '50Gi' } } });
  });
});
