/** Labels: the operator's selector, the app.kubernetes.io set, and the image tag as a version label. */
import { commonLabels, imageVersion, selectorLabels } from '../../src/workload/labels';
import { LLAMA_LABELS } from '../support/workload-plan';

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
