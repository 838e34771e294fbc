/** go-yaml v2's "natural" map key order: non-letters before letters, digit runs by value, letters by code point. */
import { goKeyLess, sortKeysGoYaml } from '../../src/yaml/go-key-order';

describe('goKeyLess', () => {
  test.each<[string, string, boolean]>([
    ['a', 'b', true],
    ['b', 'a', false],
    ['k9', 'k10', true],
    ['k10', 'k9', false],
    ['1', 'a', true],
    ['a', '1', false],
    ['B', 'a', true],
    ['a', 'ab', true],
    ['a1', 'a01', true],
    ['a01', 'a1', false],
    ['x_y', 'x-y', false],
    ['same', 'same', false],
  ])('%p < %p: %p', (a, b, less) => {
    expect(goKeyLess(a, b)).toBe(less);
  });
});

describe('sortKeysGoYaml', () => {
  test('simple keys (lower case and _) in byte order', () => {
    expect(sortKeysGoYaml(['b', 'a', '_x', 'ab'])).toStrictEqual(['_x', 'a', 'ab', 'b']);
  });

  test('natural order otherwise, for short and long lists alike; the input is not changed', () => {
    const keys = ['k10', 'a', 'k9', 'K2', '2', 'k1'];
    expect(sortKeysGoYaml(keys)).toStrictEqual(['2', 'K2', 'a', 'k1', 'k9', 'k10']);
    expect(keys[0]).toBe('k10');
    const many = Array.from({ length: 15 }, (_, i) => `item${15 - i}`);
    expect(sortKeysGoYaml(many)).toStrictEqual(Array.from({ length: 15 }, (_, i) => `item${i + 1}`));
  });
});
