/**
 * secret-objects.ts: which Secret keys the pod reads (non-optional secretKeyRef env vars and
 * secret volumes), and, for a cdk8s-plus Secret given with SecretRef.fromSecret in the same app,
 * the Kubernetes rules a synth can check: a secretKeyRef reads a Secret of the pod's namespace,
 * and the key must exist (else CreateContainerConfigError).
 */
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { secretKeyUses, secretObjectProblems } from '../../src/distribution/secret-objects';
import { SecretRef } from '../../src/values/secret-ref';

describe('secretKeyUses', () => {
  test('env secretKeyRefs of every container and secret volumes (per item, or the whole Secret); optional ones are skipped', () => {
    const deployment = {
      spec: {
        template: {
          spec: {
            initContainers: [{ env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 's1', key: 'a' } } }] }],
            containers: [{
              env: [
                { name: 'B', valueFrom: { secretKeyRef: { name: 's2', key: 'b' } } },
                { name: 'C', valueFrom: { secretKeyRef: { name: 's3', key: 'c', optional: true } } },
                { name: 'D', value: 'plain' },
              ],
            }],
            volumes: [
              { name: 'tls', secret: { secretName: 'cert', items: [{ key: 'tls.crt', path: 'tls.crt' }, { key: 'tls.key', path: 'tls.key' }] } },
              { name: 'whole', secret: { secretName: 'all' } },
              { name: 'maybe', secret: { secretName: 'opt', optional: true } },
              { name: 'scratch', emptyDir: {} },
            ],
          },
        },
      },
    };
    expect(secretKeyUses(deployment)).toEqual([
      { secretName: 's1', key: 'a', usedBy: 'env var A' },
      { secretName: 's2', key: 'b', usedBy: 'env var B' },
      { secretName: 'cert', key: 'tls.crt', usedBy: 'volume tls' },
      { secretName: 'cert', key: 'tls.key', usedBy: 'volume tls' },
      { secretName: 'all', usedBy: 'volume whole' },
    ]);
  });

  test('no pod: none', () => {
    expect(secretKeyUses(undefined)).toEqual([]);
    expect(secretKeyUses({})).toEqual([]);
  });
});

describe('secretObjectProblems', () => {
  function secretIn(chart: Chart, name: string, data: { [k: string]: string }): kplus.Secret {
    const s = new kplus.Secret(chart, name, { metadata: { name } });
    for (const [k, v] of Object.entries(data)) s.addStringData(k, v);
    return s;
  }

  test('a key the Secret has, in the pod\'s namespace: none', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    SecretRef.fromSecret(secretIn(chart, 'so-ok', { token: 'x' }), 'token');
    expect(secretObjectProblems(chart, [{ secretName: 'so-ok', key: 'token', usedBy: 'env var T' }], 'ai')).toEqual([]);
  });

  test('a key the Secret lacks: one problem per key, naming the keys it has', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    SecretRef.fromSecret(secretIn(chart, 'so-keys', { token: 'x', other: 'y' }), 'token');
    const uses = [{ secretName: 'so-keys', key: 'api-key', usedBy: 'env var K' }, { secretName: 'so-keys', key: 'api-key', usedBy: 'env var K2' }];
    expect(secretObjectProblems(chart, uses, 'ai').map((p) => `${p.path}: ${p.message}`)).toEqual([
      'SecretRef.fromSecret(c/so-keys): the Secret "so-keys" has no key "api-key" (env var K reads it; its keys: "other", "token"): the container would not start',
    ]);
  });

  test('a Secret in another namespace than the pod: refused once', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'secrets' });
    SecretRef.fromSecret(secretIn(chart, 'so-ns', { token: 'x' }), 'token');
    const uses = [{ secretName: 'so-ns', key: 'token', usedBy: 'env var T' }, { secretName: 'so-ns', key: 'token', usedBy: 'env var U' }];
    expect(secretObjectProblems(chart, uses, 'ai').map((p) => `${p.path}: ${p.message}`)).toEqual([
      'SecretRef.fromSecret(c/so-ns): the Secret "so-ns" is in namespace "secrets" but the pod (env var T) runs in "ai": a secretKeyRef cannot cross namespaces (the pod would fail with CreateContainerConfigError)',
    ]);
  });

  test('a Secret of another app, or a Secret imported by name, is not read', () => {
    const other = new Chart(Testing.app(), 'o', { namespace: 'ai' });
    SecretRef.fromSecret(secretIn(other, 'so-other', {}), 'token');
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    expect(secretObjectProblems(chart, [{ secretName: 'so-other', key: 'token', usedBy: 'env var T' }], 'ai')).toEqual([]);
    SecretRef.fromSecret(kplus.Secret.fromSecretName(chart, 'imp', 'so-imported'), 'token');
    expect(secretObjectProblems(chart, [{ secretName: 'so-imported', key: 'token', usedBy: 'env var T' }], 'ai')).toEqual([]);
  });
});
