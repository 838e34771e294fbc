/**
 * The memos kept between distributions (src/core/frozen-memo.ts): by a frozen object, then by a
 * key whose parts are never joined, so values holding separators, lists of other lengths and
 * values of other types never meet in one entry; and setBounded, the bounded table of a
 * one-string memo.
 */
import { FrozenMemo, KeyPart, setBounded } from '../../src/core/frozen-memo';

const o = Object.freeze({ a: 1 });

test('keys that joined strings or JSON would confuse have their own entries', () => {
  const memo = new FrozenMemo<readonly KeyPart[], string>(100);
  const keys: KeyPart[][] = [
    // An env id joined with \u0000 and \u0001 read these two as one.
    [['x\u0000OLLAMA_URL\u0001vnot-a-url']],
    [['x', 'OLLAMA_URL\u0001vnot-a-url']],
    [['x'], ['OLLAMA_URL']],
    [['x', 'OLLAMA_URL']],
    ['x', 'OLLAMA_URL'],
    // Lists of other lengths next to each other.
    [['a', 'b'], ['c']],
    [['a'], ['b', 'c']],
    [[['a']]],
    [['a']],
    [[], []],
    [[0]],
    // Types: the number 1 is not the string '1'; unset is not empty, nor null.
    [1], ['1'], [true], ['true'], [undefined], [null], [''], [],
    // Objects by identity.
    [{}], [{}],
  ];
  keys.forEach((key, i) => memo.set(o, key, `#${i}`));
  keys.forEach((key, i) => expect(memo.get(o, key)).toBe(`#${i}`));
  expect(memo.get(o, [['x\u0000OLLAMA_URL', 'vnot-a-url']])).toBeUndefined();
  expect(memo.get(o, [{}])).toBeUndefined();
});

test('a list part is read by its items, an object by identity', () => {
  const memo = new FrozenMemo<readonly KeyPart[], number>(10);
  const release = {};
  memo.set(o, ['p', release, ['a', 'b']], 1);
  expect(memo.get(o, ['p', release, ['a', 'b']])).toBe(1);
  expect(memo.get(o, ['p', {}, ['a', 'b']])).toBeUndefined();
  expect(memo.get(o, ['p', release, ['a', 'b', 'c']])).toBeUndefined();
});

test('only frozen objects keep values; each object its own', () => {
  const memo = new FrozenMemo<readonly [string], number>(10);
  const open = { a: 1 };
  expect(memo.set(open, ['k'], 1)).toBe(1);
  expect(memo.get(open, ['k'])).toBeUndefined();
  let computed = 0;
  expect(memo.memo(open, ['k'], () => ++computed)).toBe(1);
  expect(memo.memo(open, ['k'], () => ++computed)).toBe(2);
  const other = Object.freeze({ a: 1 });
  memo.set(o, ['k'], 10);
  expect(memo.get(other, ['k'])).toBeUndefined();
  expect(memo.memo(o, ['k'], () => 99)).toBe(10);
});

test('undefined is a value kept like any other', () => {
  const memo = new FrozenMemo<readonly [], number | undefined>(1);
  let computed = 0;
  const f = Object.freeze({});
  expect(memo.memo(f, [], () => { computed++; return undefined; })).toBeUndefined();
  expect(memo.memo(f, [], () => { computed++; return 5; })).toBeUndefined();
  expect(computed).toBe(1);
});

test('a full table starts over; a key it holds is set in place; clear forgets all', () => {
  const memo = new FrozenMemo<readonly [string], number>(2);
  const f = Object.freeze({});
  memo.set(f, ['a'], 1);
  memo.set(f, ['b'], 2);
  memo.set(f, ['b'], 3);
  expect([memo.get(f, ['a']), memo.get(f, ['b'])]).toEqual([1, 3]);
  memo.set(f, ['c'], 4);
  expect([memo.get(f, ['a']), memo.get(f, ['b']), memo.get(f, ['c'])]).toEqual([undefined, undefined, 4]);
  memo.clear();
  expect(memo.get(f, ['c'])).toBeUndefined();
});

describe('setBounded', () => {
  test('a full map starts over before a new key; a key it has is set in place', () => {
    const map = new Map<string, number>();
    expect(setBounded(map, 'a', 1, 2)).toBe(1);
    setBounded(map, 'b', 2, 2);
    setBounded(map, 'b', 3, 2);
    expect([...map]).toEqual([['a', 1], ['b', 3]]);
    setBounded(map, 'c', 4, 2);
    expect([...map]).toEqual([['c', 4]]);
  });
});
