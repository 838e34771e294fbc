/** Names and labels of the verification Job, its ConfigMap and its NetworkPolicy. */
import { jobLabels, jobName, jobSelectorLabels, verifyConfigMapName } from '../../src/verify/names';

describe('jobName', () => {
  test('<name>-verify, the same at every sync', () => {
    expect(jobName('my-stack')).toBe('my-stack-verify');
    expect(jobName('my-stack')).toBe(jobName('my-stack'));
  });
});

describe('verifyConfigMapName', () => {
  test('<name>-verify-<first 8 characters of the hash>', () => {
    expect(verifyConfigMapName('my-stack', '0123456789abcdef')).toBe('my-stack-verify-01234567');
  });

  test('new content, new name; a hash differing after the eighth character keeps it', () => {
    expect(verifyConfigMapName('s', 'aaaaaaaa00')).not.toBe(verifyConfigMapName('s', 'aaaaaaab00'));
    expect(verifyConfigMapName('s', 'aaaaaaaa00')).toBe(verifyConfigMapName('s', 'aaaaaaaa11'));
  });
});

describe('jobSelectorLabels', () => {
  test('component verify and the instance name, none of the server selector keys', () => {
    expect(jobSelectorLabels('my-stack')).toEqual({ 'app.kubernetes.io/component': 'verify', 'app.kubernetes.io/instance': 'my-stack' });
  });

  test('each call returns a new object', () => {
    const a = jobSelectorLabels('x');
    a.extra = '1';
    expect(jobSelectorLabels('x')).not.toHaveProperty('extra');
  });
});

describe('jobLabels', () => {
  const server = { 'app.kubernetes.io/name': 'llama-stack', 'app': 'my-stack' };

  test("the caller's extra labels first (sorted), then the library's", () => {
    const labels = jobLabels('my-stack', { zeta: 'z', alpha: 'a' }, server);
    expect(Object.entries(labels)).toEqual([
      ['alpha', 'a'],
      ['zeta', 'z'],
      ['app.kubernetes.io/name', 'llama-stack-verify'],
      ['app.kubernetes.io/component', 'verify'],
      ['app.kubernetes.io/instance', 'my-stack'],
      ['app.kubernetes.io/part-of', 'llama-stack'],
      ['app.kubernetes.io/managed-by', 'cdk8s-llama-stack'],
    ]);
  });

  test("an extra label with a key of the server's selector is dropped, so the server's Service and policies never select the Job", () => {
    const labels = jobLabels('my-stack', { app: 'my-stack', team: 'ml' }, server);
    expect(labels).not.toHaveProperty('app');
    expect(labels.team).toBe('ml');
  });

  test("the library's labels win over an extra label of the same key", () => {
    const labels = jobLabels('my-stack', { 'app.kubernetes.io/instance': 'other', 'app.kubernetes.io/managed-by': 'me' }, {});
    expect(labels['app.kubernetes.io/instance']).toBe('my-stack');
    expect(labels['app.kubernetes.io/managed-by']).toBe('cdk8s-llama-stack');
  });

  test('no extra labels', () => {
    expect(jobLabels('s', undefined, server)).toEqual({
      'app.kubernetes.io/name': 'llama-stack-verify',
      'app.kubernetes.io/component': 'verify',
      'app.kubernetes.io/instance': 's',
      'app.kubernetes.io/part-of': 'llama-stack',
      'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
    });
  });
});
