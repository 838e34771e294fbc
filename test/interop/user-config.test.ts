import * as fs from 'fs';
import * as path from 'path';
import { targetOfImage } from '../../src/interop/ogx-server-in';
import * as userConfig from '../../src/interop/user-config';
import { checkUserConfig, InputConfigMaps, perPodStorageProblems, serverLineWarning } from '../../src/interop/user-config';
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

test('an override config\'s problems: at the ConfigMap, with the fix the manifest\'s user writes (no table rewrites it)', () => {
  const maps = new InputConfigMaps();
  const text = 'version: 2\nimage_name: starter\napis: [inference]\nproviders: {}\n'
    + 'storage:\n  backends:\n    kv_default: {type: kv_sqlite, db_path: /data/kv.db}\n'
    + '  stores:\n    metadata: {backend: kv_default, namespace: registry}\n';
  maps.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { 'config.yaml': text } });
  const spec = { overrideConfig: { configMapName: 'cfg' }, workload: { replicas: 2 } };
  const r = checkUserConfig({ spec, target: ServerTarget.OGX_1_3, refPath: 'spec.overrideConfig.configMapName' }, maps);
  const perPod = r.problems.filter((p) => p.message.startsWith('storage backend kv_default'));
  expect(perPod).toEqual([{
    path: 'ConfigMap cfg data.config.yaml (with spec.workload.replicas)',
    message: 'storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own',
    fix: 'use spec.storage.kv: {type: redis, endpoint: …}, or pass --allow-per-pod-state',
  }]);
});

test('workers and serving TLS the override config does not run: at the ConfigMap, with the spec field, in the manifest\'s words', () => {
  const maps = new InputConfigMaps();
  const text = 'version: 2\nimage_name: starter\napis: []\nproviders: {}\nserver: {port: 8321, workers: 1}\n';
  maps.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { 'config.yaml': text } });
  const spec = { overrideConfig: { configMapName: 'cfg' }, workload: { workers: 3 }, networking: { tls: { enabled: true, secretName: 'srv' } } };
  const r = checkUserConfig({ spec, target: ServerTarget.OGX_1_3, refPath: 'spec.overrideConfig.configMapName' }, maps);
  expect(r.problems.filter((p) => p.path.includes('(with spec.'))).toEqual([
    {
      path: 'ConfigMap cfg data.config.yaml (with spec.workload.workers)',
      message: 'is 3, but the override config runs 1 worker(s) (the CPU request follows the workers setting)',
      fix: 'set server.workers: 3 in the config, or spec.workload.workers: 1',
    },
    {
      path: 'ConfigMap cfg data.config.yaml (with spec.networking.tls)',
      message: 'the probes and Service expect HTTPS, but the override config serves plain HTTP',
      fix: 'set server.tls_certfile: /etc/llama-stack/tls/tls.crt and server.tls_keyfile: /etc/llama-stack/tls/tls.key in the config, or remove spec.networking.tls',
    },
  ]);
});

test('the per-pod stores of a render that failed: as found, each fix in every reader\'s words (the caller says them)', () => {
  const found = perPodStorageProblems({ workload: { replicas: 2 } }, ServerTarget.OGX_1_3, undefined, false);
  expect(found.map((p) => [p.path, p.fix, p.fixes])).toEqual([
    ['spec.workload.replicas', 'use kvStorage: StorageBackend.redis({ endpoint }), or set allowPerPodState: true',
      { manifest: 'use spec.storage.kv: {type: redis, endpoint: …}, or pass --allow-per-pod-state' }],
    ['spec.workload.replicas', 'use sqlStorage: StorageBackend.postgres({ host, db, user, password }), or set allowPerPodState: true', {
      manifest: 'use spec.storage.sql: {type: postgres, host, db, user, password}, or pass --allow-per-pod-state',
      ogxServer: 'use spec.storage.backends: {<name>: {type: sql_postgres, host, db, user, password: {name, key}}}, or pass --allow-per-pod-state',
    }],
  ]);
  // No regex table over fix texts is left to rewrite them.
  expect(Object.keys(userConfig)).not.toContain('manifestVocabulary');
});

test('the per-pod stores of a render whose storage cannot be generated: none (the render says its problems)', () => {
  // An unknown distribution: the generation returns its problem, and none is said twice.
  expect(perPodStorageProblems({ distribution: { name: 'nope' }, workload: { replicas: 2 } }, ServerTarget.OGX_1_3, undefined, false)).toEqual([]);
  expect(perPodStorageProblems({ workload: { replicas: 2 } }, ServerTarget.OGX_1_3, 'version: 2\nproviders: [x]\n', false)).toEqual([]);
});

test('perPodStorageProblems reads the generation\'s outcome: the file catches nothing', () => {
  expect(fs.readFileSync(path.join(__dirname, '../../src/interop/user-config.ts'), 'utf8')).not.toMatch(/\bcatch\b/);
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
