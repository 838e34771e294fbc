/** Volume types in the API's order, and mount paths compared as the runtime compares them. */
import { normalizedMountPath, VOLUME_SOURCES, volumeTypes } from '../../src/kubernetes/pod-checks';

describe('volumeTypes', () => {
  test('the sources a volume sets, in VOLUME_SOURCES order, whatever the key order', () => {
    expect(volumeTypes({ name: 'v', secret: { secretName: 's' }, configMap: { name: 'c' } })).toEqual(['configMap', 'secret']);
    expect(volumeTypes({ emptyDir: {}, name: 'v' })).toEqual(['emptyDir']);
    expect(volumeTypes({ name: 'v', emptyDir: null, hostPath: undefined })).toEqual([]);
    expect(volumeTypes(Object.fromEntries([...VOLUME_SOURCES].reverse().map((k) => [k, {}])))).toEqual(VOLUME_SOURCES);
    expect(volumeTypes('not an object')).toEqual([]);
  });
});

describe('normalizedMountPath', () => {
  test('collapses //, /./ and a trailing /, the same for a repeated path', () => {
    for (let i = 0; i < 2; i++) {
      expect(normalizedMountPath('/data/')).toBe('/data');
      expect(normalizedMountPath('//a/./b//')).toBe('/a/b');
      expect(normalizedMountPath('')).toBe('/');
      expect(normalizedMountPath('relative/x')).toBe('/relative/x');
    }
  });
});
