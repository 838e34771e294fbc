import { targetOfImage } from '../../src/interop/ogx-server-in';
import { checkUserConfig, InputConfigMaps, manifestVocabulary, serverLineWarning } from '../../src/interop/user-config';
import { ServerTarget } from '../../src/releases/server-target';

test('ConfigMaps are found in the manifest\'s namespace, or without one', () => {
  const maps = new InputConfigMaps();
  maps.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'x' }, data: { k: '1' } });
  maps.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { k: '2' } });
  maps.add({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'c' }, data: { k: '3' } });
  expect(maps.find('a', 'x')).toEqual({ k: '1' });
  expect(maps.find('a', 'y')).toBeUndefined();
  expect(maps.find('b', 'y')).toEqual({ k: '2' });
  expect(maps.find('c', undefined)).toBeUndefined();
});

test('a ConfigMap with neither key: what it has, and what to add', () => {
  const maps = new InputConfigMaps();
  maps.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: {} });
  const r = checkUserConfig({ spec: { overrideConfig: { configMapName: 'cfg' } }, target: ServerTarget.OGX_1_3, refPath: 'spec.overrideConfig.name' }, maps);
  expect(r.problems).toEqual([expect.objectContaining({ path: 'spec.overrideConfig.name', fix: 'add the server\'s config under "config.yaml" in ConfigMap "cfg"' })]);
  expect(r.problems[0].message).toContain('it has no keys');
});

test('fixes in the manifest\'s vocabulary', () => {
  expect(manifestVocabulary('use kvStorage: StorageBackend.redis({ endpoint }), or set allowPerPodState: true'))
    .toBe('use spec.storage.kv: {type: redis, endpoint: …}, or pass --allow-per-pod-state');
  expect(manifestVocabulary('use files: [FilesProvider.s3({ bucket, … })], or set allowPerPodState: true'))
    .toBe('use spec.providers.files: [{provider: s3, settings: {bucket_name: …}}], or pass --allow-per-pod-state');
  expect(manifestVocabulary('keep it')).toBe('keep it');
});

test('the OGX release an image names', () => {
  expect(targetOfImage('docker.io/ogxai/distribution-starter:1.3.0')).toBe(ServerTarget.OGX_1_3);
  expect(targetOfImage('docker.io/ogxai/distribution-starter:v1.3.0')).toBe(ServerTarget.OGX_1_3);
  expect(targetOfImage('docker.io/ogxai/distribution-starter:0.8.0')).toBe(ServerTarget.OGX_0_8);
  expect(targetOfImage('docker.io/ogxai/distribution-starter:9.9.9')).toBeUndefined();
  expect(targetOfImage('docker.io/ogxai/distribution-starter')).toBeUndefined();
});

test('the server line: no warning when the OGX operator\'s release is the target', () => {
  expect(serverLineWarning({ distribution: { name: 'starter' } }, 'img', ServerTarget.OGX_1_3, 'spec.distribution', true)).toBeUndefined();
  expect(serverLineWarning({ distribution: { name: 'starter' } }, 'img', ServerTarget.OGX_0_8, 'spec.distribution', true)?.fix).toContain('--target ogx-1.3');
  const own = ServerTarget.OGX_0_8.imageFor('starter')!;
  expect(serverLineWarning({ distribution: { name: 'starter', image: own } }, own, ServerTarget.OGX_0_8, 'spec.server.distribution')).toBeUndefined();
});
