/** JSON helpers: own-property access, deep freezing, presence as the API server sees it. */
import * as vm from 'vm';
import { deepFreeze, getOwn, hasOwnValue, isJsonObject, isObject, isPlainObject, JsonObject, newObject, present, setOwn } from '../../src/core/json';

describe('isObject / isJsonObject', () => {
  test.each([[{}, true], [{ a: 1 }, true], [newObject(), true], [[], false], [null, false], [undefined, false], ['x', false], [1, false]])('%j → %s', (v, want) => {
    expect(isObject(v)).toBe(want);
    expect(isJsonObject(v)).toBe(want);
  });
});

describe('getOwn', () => {
  test('reads own keys only, not the prototype chain', () => {
    const o: JsonObject = { a: 1 };
    expect(getOwn(o, 'a')).toBe(1);
    expect(getOwn(o, 'constructor')).toBeUndefined();
    expect(getOwn(o, 'toString')).toBeUndefined();
    expect(getOwn(o, '__proto__')).toBeUndefined();
  });

  test('an own null is returned as null', () => {
    expect(getOwn({ a: null }, 'a')).toBeNull();
  });
});

describe('setOwn', () => {
  test('__proto__ becomes an own data key, the prototype is untouched', () => {
    const o: JsonObject = {};
    setOwn(o, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(getOwn(o, '__proto__')).toEqual({ polluted: true });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  test('other keys are plain assignments', () => {
    const o: JsonObject = { a: 1 };
    setOwn(o, 'a', 2);
    setOwn(o, 'b', 'x');
    expect(o).toEqual({ a: 2, b: 'x' });
  });
});

describe('deepFreeze', () => {
  test('freezes every level and returns the same value', () => {
    const v = { a: { b: [1, { c: 2 }] } };
    expect(deepFreeze(v)).toBe(v);
    expect(Object.isFrozen(v)).toBe(true);
    expect(Object.isFrozen(v.a)).toBe(true);
    expect(Object.isFrozen(v.a.b)).toBe(true);
    expect(Object.isFrozen(v.a.b[1])).toBe(true);
  });

  test('an already frozen object is taken as frozen through', () => {
    const inner = { c: 1 };
    const outer = Object.freeze({ inner });
    deepFreeze(outer);
    expect(Object.isFrozen(inner)).toBe(false);
  });

  test('primitives and null pass through', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('s')).toBe('s');
  });
});

describe('newObject', () => {
  test('has no prototype, so every key is ordinary', () => {
    const o = newObject();
    expect(Object.getPrototypeOf(o)).toBeNull();
    expect(o.constructor).toBeUndefined();
    o.__proto__ = 1;
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(o)).toBeNull();
  });

  test('each call is a new object', () => {
    expect(newObject()).not.toBe(newObject());
  });
});

describe('present / hasOwnValue', () => {
  test('null counts as absent, as the API server prunes it', () => {
    expect(present(undefined)).toBe(false);
    expect(present(null)).toBe(false);
    expect(present(0)).toBe(true);
    expect(present('')).toBe(true);
    expect(present(false)).toBe(true);
  });

  test('hasOwnValue: own and set', () => {
    const o = { a: 0, b: null, c: undefined };
    expect(hasOwnValue(o, 'a')).toBe(true);
    expect(hasOwnValue(o, 'b')).toBe(false);
    expect(hasOwnValue(o, 'c')).toBe(false);
    expect(hasOwnValue(o, 'd')).toBe(false);
    expect(hasOwnValue(o, 'toString')).toBe(false);
    expect(hasOwnValue(Object.create({ inherited: 1 }), 'inherited')).toBe(false);
  });
});

describe('isPlainObject', () => {
  test('object literals and prototype-less objects are plain', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(newObject())).toBe(true);
  });

  test('an object made in another realm is plain', () => {
    const foreign = vm.runInNewContext('({ a: 1 })');
    expect(foreign instanceof Object).toBe(false);
    expect(isPlainObject(foreign)).toBe(true);
  });

  test('class instances, arrays and null are not', () => {
    class Box {}
    expect(isPlainObject(new Box())).toBe(false);
    expect(isPlainObject(new Map())).toBe(false);
    expect(isPlainObject(new Date(0))).toBe(false);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject(Object.create({}))).toBe(false);
  });
});
