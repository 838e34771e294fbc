/** The generated ConfigMap's size: counted in UTF-8 bytes only when it could be over the limit. */
import { CONFIG_MAP_MAX_BYTES, configMapDataBytes, configMapSizeProblem, objectProblems } from '../../src/kubernetes/object-checks';

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
