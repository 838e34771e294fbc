import * as fc from 'fast-check';
import { ConfigProblem } from '../../src/core/errors';
import { plainCopy, toJsonValue, toPlainJson } from '../../src/core/json-convert';

/** The one-walk snapshot gives what the two-step one gave: the same copy, the same problems. */
/** The recursive walk, which formats a path per node (reached with a non-empty ancestor list). */
function recursive(v: unknown, problems: ConfigProblem[]): unknown {
  return toJsonValue(v, 'spec', problems, 0, [{}]);
}
function twoStep(v: unknown): { value: unknown; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const copy = recursive(v, problems);
  return { value: problems.length > 0 ? undefined : plainCopy(copy), problems };
}
function oneWalk(v: unknown): { value: unknown; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const copy = toPlainJson(v, 'spec', problems);
  return { value: problems.length > 0 ? undefined : copy, problems };
}
function same(v: unknown): void {
  const a = oneWalk(v);
  const b = twoStep(v);
  expect(a.problems).toEqual(b.problems);
  expect(JSON.stringify(a.value)).toEqual(JSON.stringify(b.value));
  if (a.value !== undefined) expect(Object.getPrototypeOf(a.value)).toBe(Object.getPrototypeOf(b.value));
}

test('same copy and problems as toJsonValue + plainCopy (arbitrary values)', () => {
  const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withMap: true, withDate: true });
  fc.assert(fc.property(anything, (v) => same({ root: v })), { numRuns: 500 });
});

test('toJsonValue from the top (one walk) gives what the recursive walk gives', () => {
  const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withMap: true, withDate: true });
  fc.assert(fc.property(anything, (v) => {
    const p1: ConfigProblem[] = [];
    const p2: ConfigProblem[] = [];
    const a = toJsonValue({ root: v }, 'spec', p1);
    const b = recursive({ root: v }, p2);
    expect(p1).toEqual(p2);
    expect(a).toStrictEqual(b);
  }), { numRuns: 500 });
});

test('edge cases: -0, __proto__ keys, cycles, odd keys, undefined', () => {
  const cyclic: any = { a: [1] };
  cyclic.a.push(cyclic);
  const proto = JSON.parse('{"__proto__": {"x": 1}, "y": -0}');
  for (const v of [{ n: -0 }, proto, cyclic, { 'a-b': [undefined, NaN, Infinity], 'ok': { [`${'k'.repeat(100)}`]: () => 1 } }, { u: undefined }]) same(v);
  expect(Object.keys(oneWalk(proto).value as object)).toEqual(['__proto__', 'y']);
  expect(Object.is((oneWalk({ n: -0 }).value as any).n, 0)).toBe(true);
});

test('plainCopy gives what the JSON round trip gave', () => {
  const roundTrip = (v: unknown) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
  fc.assert(fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, withDate: true, withMap: true }), (v) => {
    let expected: unknown; let expectedError: unknown;
    try { expected = roundTrip(v); } catch (e) { expectedError = (e as Error).message; }
    let actual: unknown; let actualError: unknown;
    try { actual = plainCopy(v); } catch (e) { actualError = (e as Error).message; }
    expect(actualError).toEqual(expectedError);
    expect(JSON.stringify(actual)).toEqual(JSON.stringify(expected));
    expect(actual).toStrictEqual(expected);
  }), { numRuns: 1000 });
  const cyclic: any = { a: 1 };
  cyclic.self = cyclic;
  expect(() => plainCopy(cyclic)).toThrow(/circular/);
  expect(Object.keys(plainCopy(JSON.parse('{"__proto__": 1, "2": 2, "b": [-0, null]}')))).toEqual(['2', '__proto__', 'b']);
});
