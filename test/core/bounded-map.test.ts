import { pushBounded, setBounded } from '../../src/core/bounded-map';

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

describe('pushBounded', () => {
  test('a list per key keeps its latest values; a full map starts over before a new key', () => {
    const map = new Map<string, number[]>();
    for (const v of [1, 2, 3]) pushBounded(map, 'a', v, 2, 2);
    pushBounded(map, 'b', 4, 2, 2);
    expect([...map]).toEqual([['a', [2, 3]], ['b', [4]]]);
    pushBounded(map, 'b', 5, 2, 2);
    pushBounded(map, 'c', 6, 2, 2);
    expect([...map]).toEqual([['c', [6]]]);
  });
});
