/** Labels and metadata: the operator's selector, the app.kubernetes.io set, the image tag as a version label, and objectMeta (name, namespace when the plan has one, common labels). */
import { commonLabels, imageVersion, objectMeta, selectorLabels } from '../../src/workload/labels';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

describe('selectorLabels', () => {
  test('the operator\'s selector: app llama-stack and the instance', () => {
    expect(selectorLabels('llama')).toStrictEqual({ 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' });
  });
});

describe('commonLabels', () => {
  test('the selector and the app.kubernetes.io set; a version only when known', () => {
    expect(commonLabels('llama', undefined)).toStrictEqual(LLAMA_LABELS);
    expect(commonLabels('llama', '0.7.1')).toStrictEqual({ ...LLAMA_LABELS, 'app.kubernetes.io/version': '0.7.1' });
    expect(commonLabels('llama', '')).toStrictEqual(LLAMA_LABELS);
  });

  test('the user\'s labels come first and cannot replace the selector or the set', () => {
    const labels = commonLabels('llama', undefined, { 'team': 'ml', 'app': 'mine', 'app.kubernetes.io/managed-by': 'me' });
    expect(labels).toStrictEqual({ team: 'ml', ...LLAMA_LABELS });
    expect(Object.keys(labels)[0]).toBe('team');
  });
});

describe('imageVersion', () => {
  test.each<[string, string | undefined]>([
    ['quay.io/ogx/server:0.7.1', '0.7.1'],
    ['server:latest', 'latest'],
    ['registry.local:5000/ogx/server:1.3.0-rc1', '1.3.0-rc1'],
    ['quay.io/ogx/server:1.3.0@sha256:0123abcd', '1.3.0'],
    ['registry.local:5000/ogx/server', undefined],
    ['quay.io/ogx/server@sha256:0123abcd', undefined],
    ['quay.io/ogx/server', undefined],
    ['server:-rc', undefined],
    ['server:rc.', undefined],
    [`server:${'a'.repeat(63)}`, 'a'.repeat(63)],
    [`server:${'a'.repeat(64)}`, undefined],
  ])('%s: %p', (image, version) => {
    expect(imageVersion(image)).toBe(version);
  });
});

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
