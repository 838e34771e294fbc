/**
 * The last checks of the rendered objects: the generated ConfigMap's size (counted in UTF-8 bytes
 * only when it could be over the limit), and credentialLeakProblems, the last guard against a
 * credential in a rendered object (at object paths, never quoting it).
 */
import { CONFIG_MAP_MAX_BYTES, configMapDataBytes, configMapSizeProblem, credentialLeakProblems, objectProblems } from '../../src/kubernetes/object-checks';

const cm = (data: object, binaryData?: object) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data, ...(binaryData ? { binaryData } : {}) });

describe('configMapSizeProblem', () => {
  test('multi-byte text over the limit in bytes, under it in characters', () => {
    const text = '€'.repeat(Math.floor(CONFIG_MAP_MAX_BYTES / 3) + 1); // 3 bytes each
    expect(text.length).toBeLessThan(CONFIG_MAP_MAX_BYTES);
    expect(configMapDataBytes(cm({ a: text }))).toBe(3 * text.length);
    expect(configMapSizeProblem(cm({ a: text }))?.message).toBe(`is ${(3 * text.length).toLocaleString('en-US')} bytes: the API server rejects a ConfigMap whose data is above 1,048,576 bytes (1 MiB)`);
  });

  test('ASCII at the limit, and one byte over', () => {
    expect(configMapSizeProblem(cm({ a: 'x'.repeat(CONFIG_MAP_MAX_BYTES) }))).toBeUndefined();
    expect(configMapSizeProblem(cm({ a: 'x'.repeat(CONFIG_MAP_MAX_BYTES - 1), b: 'yy' }))?.path).toBe('ConfigMap[x].data');
  });

  test('binaryData counts its decoded bytes', () => {
    const b64 = Buffer.alloc(CONFIG_MAP_MAX_BYTES).toString('base64');
    expect(configMapSizeProblem(cm({}, { b: b64 }))).toBeUndefined();
    expect(configMapSizeProblem(cm({ a: 'x' }, { b: b64 }))?.message).toMatch(/^is 1,048,577 bytes/);
  });
});

describe('annotations total at most 256 KiB on every object and pod template (the last guard: the input checks report at the props)', () => {
  test('over by one byte: a problem at the annotations', () => {
    const big = { 'example.com/a': 'x'.repeat(256 * 1024 - 'example.com/a'.length + 1) };
    const template = { metadata: { labels: { a: 'b' }, annotations: big }, spec: { containers: [{ name: 'c', image: 'i:1' }] } };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', annotations: { 'example.com/ok': 'y' } },
      spec: { selector: { matchLabels: { a: 'b' } }, template },
    };
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: big } };
    expect(objectProblems([deployment, configMap]).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'Deployment[d].spec.template.metadata.annotations: annotations total 262145 bytes, over the API server\'s 262144 (256 KiB)',
      'ConfigMap[c].metadata.annotations: annotations total 262145 bytes, over the API server\'s 262144 (256 KiB)',
    ]);
  });
});

const KEY = 'sk-proj-Abcdefghij0123456789KLMNOPqrstuv';
const FIX = 'find the prop or field that sets it and keep the credential in a Secret: '
  + 'env: { <NAME>: SecretRef.fromSecretName(<secret>, <key>) }, apiKey or secretRefs for a provider, ${env.<NAME>} inside a config';

const lines = (manifests: unknown[], libraryText?: string) => credentialLeakProblems(manifests, libraryText).map((p) => `${p.path}: ${p.message}`);

describe('credentialLeakProblems', () => {
  test('clean objects have none', () => {
    expect(lines([{ kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'config.yaml': 'models: []\n', 'url': 'https://example.com/v1' } }])).toStrictEqual([]);
  });

  test('a credential value anywhere, at its object path, described by its length, with the fix', () => {
    const found = credentialLeakProblems([
      { kind: 'Deployment', metadata: { name: 'llama', annotations: { note: KEY } }, spec: { template: { spec: { containers: [{ args: ['--x', `Bearer ${KEY}`] }] } } } },
    ]);
    expect(found.map((p) => `${p.path}: ${p.message}`)).toStrictEqual([
      `Deployment[llama].metadata.annotations.note: the value looks like a credential (a string of ${KEY.length} characters, not shown): it would be written into the object as is`,
      `Deployment[llama].spec.template.spec.containers[0].args[1]: the value looks like a credential (a string of ${KEY.length + 7} characters, not shown): it would be written into the object as is`,
    ]);
    expect(found.every((p) => p.fix === FIX)).toBe(true);
    expect(JSON.stringify(found)).not.toContain(KEY);
  });

  test('a URL password in a config text; a ${env.} reference is no password', () => {
    const config = 'url: postgresql://llama:hunter2@db:5432/x\n';
    expect(lines([{ kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'config.yaml': config } }])).toStrictEqual([
      `ConfigMap[c].data["config.yaml"]: the value looks like a credential (a string of ${config.length} characters, not shown): it would be written into the object as is`,
    ]);
    expect(lines([{ kind: 'ConfigMap', metadata: { name: 'c' }, data: { x: 'postgresql://llama:${env.PGPASSWORD}@db:5432/x' } }])).toStrictEqual([]);
  });

  test('a credential as a map key is reported as the key, not shown in the path either, and what is under it is not read', () => {
    expect(lines([{ kind: 'ConfigMap', metadata: { name: 'c' }, data: { [KEY]: KEY } }])).toStrictEqual([
      `ConfigMap[c].data[<a key of ${KEY.length} characters that looks like a credential, not shown>]: the key looks like a credential (a string of ${KEY.length} characters, not shown): it would be written into the object as is`,
    ]);
  });

  test('Secret reference positions hold names and are not read', () => {
    const pod = {
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        imagePullSecrets: [{ name: KEY }],
        containers: [{ env: [{ name: 'A', valueFrom: { secretKeyRef: { name: KEY, key: 'k' } } }], envFrom: [{ secretRef: { name: KEY } }] }],
        volumes: [{ name: 'v', secret: { secretName: KEY } }],
      },
    };
    expect(lines([pod])).toStrictEqual([]);
  });

  test('what the library\'s own base config holds is the library\'s', () => {
    const demo = 'postgresql://postgres:postgres@localhost:5432/llamastack';
    const configMap = { kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'config.yaml': `url: ${demo}\n` } };
    expect(lines([configMap], `sql:\n  url: ${demo}\n`)).toStrictEqual([]);
    expect(lines([configMap])).toHaveLength(1);
  });

  test('non-objects are skipped; an object without a name is named undefined', () => {
    expect(lines([null, 'x', 3, { kind: 'ConfigMap', data: { k: KEY } }])).toStrictEqual([
      `ConfigMap[undefined].data.k: the value looks like a credential (a string of ${KEY.length} characters, not shown): it would be written into the object as is`,
    ]);
  });
});
