/** compact drops undefined keys; userCopy gives the spec's subtrees as ordinary objects sharing nothing. */
import { compact, userCopy } from '../../src/workload/manifest';

describe('compact', () => {
  test('undefined keys go; null, false, 0 and empty values stay, in order', () => {
    const out = compact({ a: undefined, b: null, c: false, d: 0, e: '', f: [], g: undefined });
    expect(out).toStrictEqual({ b: null, c: false, d: 0, e: '', f: [] });
    expect(Object.keys(out)).toStrictEqual(['b', 'c', 'd', 'e', 'f']);
  });

  test('a new object, one level deep', () => {
    const inner = { x: undefined };
    const given = { inner };
    const out = compact(given);
    expect(out).not.toBe(given);
    expect(out.inner).toBe(inner);
  });
});

describe('userCopy', () => {
  test('a deep copy in ordinary objects: a prototype-less map becomes a plain object', () => {
    const bare = Object.assign(Object.create(null), { name: 'A', value: '1' });
    const spec = { env: [bare], nested: { list: [1, 2] } };
    const copy = userCopy(spec);
    expect(copy).toStrictEqual({ env: [{ name: 'A', value: '1' }], nested: { list: [1, 2] } });
    expect(Object.getPrototypeOf(copy.env[0])).toBe(Object.prototype);
    expect(copy.nested).not.toBe(spec.nested);
    spec.nested.list.push(3);
    expect(copy.nested.list).toStrictEqual([1, 2]);
  });
});
