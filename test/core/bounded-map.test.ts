import { setBounded } from '../../src/core/bounded-map';

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
