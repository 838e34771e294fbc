import { ObjectIds } from '../../src/core/object-ids';

describe('ObjectIds', () => {
  test('one number per object, the same every time; equal content is not the same object', () => {
    const ids = new ObjectIds<object>();
    const a = { x: 1 };
    const b = { x: 1 };
    expect([ids.of(a), ids.of(b), ids.of(a)]).toEqual([0, 1, 0]);
    expect(new ObjectIds<object>().of(b)).toBe(0);
  });
});
