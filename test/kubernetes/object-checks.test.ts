/** The generated ConfigMap's size: counted in UTF-8 bytes only when it could be over the limit. */
import { CONFIG_MAP_MAX_BYTES, configMapDataBytes, configMapSizeProblem } from '../../src/kubernetes/object-checks';

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
