/**
 * Factory options snapshotted as plain data (src/core/checked.ts `snapshotOptions`): plain values,
 * lists and objects copied, the library's objects kept, everything else a problem at its path,
 * and no user code (a `toJSON`, a getter) run after the one read.
 */
import { plainJsonCopy, snapshotOptions } from '../../src/core/checked';
import { ConfigProblem } from '../../src/core/errors';
import { SecretRef } from '../../src/values/secret-ref';
import { problemsOf } from '../support/problems';

const WHERE = 'StorageBackend.postgres(options)';
const FIX = 'pass strings, numbers, booleans, null, lists, plain objects and the library\'s objects (SecretRef…)';

test('plain data is copied, the library\'s objects kept', () => {
  const password = SecretRef.fromSecretName('pg', 'p');
  const raw = { host: 'pg', port: 5432, tls: null, on: true, list: [1, { a: 'b' }], password, none: undefined };
  const copy = snapshotOptions(raw, WHERE);
  expect(copy).toEqual(raw);
  expect(copy).not.toBe(raw);
  expect(copy.list).not.toBe(raw.list);
  expect(copy.password).toBe(password);
});

test('a toJSON is a problem, never called; one that throws does not escape', () => {
  let calls = 0;
  const counted = { toJSON: () => { calls++; return 'u'; } };
  const throwing = { toJSON: () => { throw new Error('boom'); } };
  for (const user of [counted, throwing]) {
    expect(problemsOf(() => snapshotOptions({ host: 'pg', user }, WHERE))).toEqual([
      { path: `${WHERE}.user.toJSON`, message: 'a value of type function is not plain data' },
    ]);
  }
  expect(calls).toBe(0);
});

test('class instances (not the library\'s), functions, Symbols and BigInts are problems at their paths, all at once', () => {
  class User {
    toJSON(): string {
      throw new Error('never called');
    }
  }
  const raw = { user: new User(), when: new Date(0), list: [() => 1], s: Symbol('s'), n: 10n, nested: { m: new Map() } };
  expect(problemsOf(() => snapshotOptions(raw, WHERE))).toEqual([
    { path: `${WHERE}.user`, message: 'a value of type User is not plain data' },
    { path: `${WHERE}.when`, message: 'a value of type Date is not plain data' },
    { path: `${WHERE}.list[0]`, message: 'a value of type function is not plain data' },
    { path: `${WHERE}.s`, message: 'a value of type symbol is not plain data' },
    { path: `${WHERE}.n`, message: 'a value of type bigint is not plain data' },
    { path: `${WHERE}.nested.m`, message: 'a value of type Map is not plain data' },
  ]);
  try {
    snapshotOptions({ user: new User() }, WHERE);
  } catch (e: any) {
    expect(e.problems[0].fix).toBe(FIX);
  }
});

test('a getter is read once; one that throws is a problem', () => {
  let reads = 0;
  const raw = { get host() { reads++; return 'pg'; } };
  expect(snapshotOptions(raw, WHERE)).toEqual({ host: 'pg' });
  expect(reads).toBe(1);
  const bad = { get host(): string { throw new RangeError('x'); } };
  expect(problemsOf(() => snapshotOptions(bad, WHERE))).toEqual([{ path: WHERE, message: 'reading the value threw RangeError' }]);
});

describe('plainJsonCopy: the JSON copy, or its problems pushed and no copy', () => {
  test('plain data is copied', () => {
    const problems: ConfigProblem[] = [];
    const raw = { a: [1, 'x', { b: null }] };
    const copy = plainJsonCopy(raw, 'props.spec', problems);
    expect(copy).toEqual(raw);
    expect(copy).not.toBe(raw);
    expect(problems).toEqual([]);
  });

  test('what JSON cannot hold, and a getter that throws, are problems at their paths, returned rather than thrown', () => {
    const problems: ConfigProblem[] = [{ path: 'earlier', message: 'kept', fix: 'none' }];
    const raw = { n: BigInt(1), get g(): string { throw new Error('secret-value'); } };
    expect(plainJsonCopy(raw, 'props.spec', problems)).toBeUndefined();
    expect(problems.map((p) => p.path)).toEqual(['earlier', 'props.spec.n', 'props.spec']);
    expect(JSON.stringify(problems)).not.toContain('secret-value');
  });
});
