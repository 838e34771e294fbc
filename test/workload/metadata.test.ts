/** objectMeta: the object's name, the plan's namespace when it has one, and the common labels. */
import { objectMeta } from '../../src/workload/metadata';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

describe('objectMeta', () => {
  test('name, namespace and the common labels', () => {
    expect(objectMeta(workloadPlan(), 'llama-service')).toStrictEqual({ name: 'llama-service', namespace: 'ai', labels: LLAMA_LABELS });
  });

  test('no namespace key when the plan has none', () => {
    expect(objectMeta(workloadPlan({}, { namespace: undefined }), 'llama')).toStrictEqual({ name: 'llama', labels: LLAMA_LABELS });
  });

  test('the plan\'s extra labels, the object\'s own labels (which win), and a version', () => {
    const plan = workloadPlan({}, { extraLabels: { team: 'ml' } });
    expect(objectMeta(plan, 'llama', { 'team': 'infra', 'app.kubernetes.io/component': 'metrics' }, '1.3.0')).toStrictEqual({
      name: 'llama',
      namespace: 'ai',
      labels: { 'team': 'infra', ...LLAMA_LABELS, 'app.kubernetes.io/component': 'metrics', 'app.kubernetes.io/version': '1.3.0' },
    });
  });
});
