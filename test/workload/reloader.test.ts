/** Stakater Reloader's annotations: the Secrets and ConfigMaps a pod reads, found in every place a pod spec names them. */
import { referencedObjects, reloaderAnnotations } from '../../src/workload/reloader';

/** A pod that reads Secrets and ConfigMaps in each way a pod spec can, some twice. */
const POD = {
  initContainers: [{ env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 'init-secret', key: 'k' } } }] }],
  containers: [{
    env: [
      { name: 'KEY', valueFrom: { secretKeyRef: { name: 'api-keys', key: 'openai' } } },
      { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode' } } },
      { name: 'PLAIN', value: 'x' },
      { name: 'FIELD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ],
    envFrom: [{ secretRef: { name: 'db' } }, { configMapRef: { name: 'extra-env' } }, { prefix: 'X_' }],
  }],
  volumes: [
    { name: 'config', configMap: { name: 'llama-config-01234567' } },
    { name: 'tls', secret: { secretName: 'api-keys' } },
    { name: 'cas', projected: { sources: [{ configMap: { name: 'ca-bundle' } }, { secret: { name: 'client-cert' } }, { serviceAccountToken: { path: 't' } }] } },
    { name: 'cache', emptyDir: {} },
  ],
};

describe('referencedObjects', () => {
  test('env, envFrom, volumes and projected sources, of init and app containers: each once, sorted', () => {
    expect(referencedObjects(POD)).toStrictEqual({
      secrets: ['api-keys', 'client-cert', 'db', 'init-secret'],
      configMaps: ['ca-bundle', 'extra-env', 'llama-config-01234567', 'settings'],
    });
  });

  test('the ConfigMaps to skip are left out; a pod that reads nothing, or no pod, reads nothing', () => {
    expect(referencedObjects(POD, ['llama-config-01234567', 'absent']).configMaps).toStrictEqual(['ca-bundle', 'extra-env', 'settings']);
    expect(referencedObjects({ containers: [{ image: 'x' }] })).toStrictEqual({ secrets: [], configMaps: [] });
    expect(referencedObjects(undefined)).toStrictEqual({ secrets: [], configMaps: [] });
  });
});

describe('reloaderAnnotations', () => {
  test('one comma-separated annotation per kind read', () => {
    expect(reloaderAnnotations(POD, ['llama-config-01234567'])).toStrictEqual({
      'secret.reloader.stakater.com/reload': 'api-keys,client-cert,db,init-secret',
      'configmap.reloader.stakater.com/reload': 'ca-bundle,extra-env,settings',
    });
  });

  test('a kind the pod does not read gets no annotation', () => {
    expect(reloaderAnnotations({ volumes: [{ secret: { secretName: 's' } }] }, [])).toStrictEqual({ 'secret.reloader.stakater.com/reload': 's' });
    expect(reloaderAnnotations({ volumes: [{ configMap: { name: 'c' } }] }, ['c'])).toStrictEqual({});
  });
});
