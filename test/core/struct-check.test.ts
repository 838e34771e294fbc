/**
 * The schema walk behind the v1alpha2 spec check: the API server's types, required fields,
 * enums, bounds and list sizes, with its wording, plus unknown fields it would prune silently.
 */
import { ConfigProblem } from '../../src/core/errors';
import { ProblemList } from '../../src/core/problems';
import {
  anything, bool, Check, checkList, checkStruct, describe as describeV, get, has, int, intOrPercent, list, mapOf,
  nonEmptyIfSet, quantity, QUANTITY, str, struct, typeProblem, WalkCtx,
} from '../../src/core/struct-check';

function walk(check: Check, v: unknown, path = 'spec.x'): ConfigProblem[] {
  const ctx: WalkCtx = { problems: new ProblemList() };
  check(v, path, ctx);
  return ctx.problems.problems;
}
const messages = (ps: ConfigProblem[]) => ps.map((p) => `${p.path}: ${p.message}`);

describe('get / has', () => {
  test('own properties only; null counts as absent for has (CEL has() after pruning)', () => {
    const o = JSON.parse('{"a": 1, "n": null}');
    expect(get(o, 'a')).toBe(1);
    expect(get(o, 'constructor')).toBeUndefined();
    expect(has(o, 'a')).toBe(true);
    expect(has(o, 'n')).toBe(false);
    expect(has(o, 'toString')).toBe(false);
  });
});

describe('describe', () => {
  test.each([
    [null, 'null'], [[1], 'a list'], [3, 'the number 3'], ['x', 'the string "x"'], [{}, 'an object'], [true, 'the boolean true'], [undefined, 'a value of type undefined'],
  ])('%p → %s', (v, want) => {
    expect(describeV(v)).toBe(want);
  });
});

describe('typeProblem', () => {
  test('fixes for the common slips', () => {
    expect(walk(str(), 8000)).toEqual([{ path: 'spec.x', message: 'must be a string', fix: 'quote the value: "8000"' }]);
    expect(walk(str(), false)[0].fix).toBe('quote the value: "false"');
    expect(walk(int(), 1.5)[0]).toEqual({ path: 'spec.x', message: 'must be an integer', fix: 'use a whole number instead of 1.5' });
    expect(walk(int(), ' 42 ')[0].fix).toBe('remove the quotes: 42');
    expect(walk(int(), 'forty')[0].fix).toBe('replace the string "forty" with an integer');
    expect(walk(bool(), 'true')[0]).toEqual({ path: 'spec.x', message: 'must be a boolean', fix: 'use true or false without quotes instead of the string "true"' });
    expect(walk(list(anything()), {})[0]).toEqual({ path: 'spec.x', message: 'must be an array', fix: 'replace an object with an array' });
  });

  test('in a secret-bearing position the value is described, never quoted', () => {
    const ctx: WalkCtx = { problems: new ProblemList() };
    typeProblem(ctx, 'spec.storage.password', 'string', 12345);
    expect(ctx.problems.problems).toEqual([{ path: 'spec.storage.password', message: 'must be a string', fix: 'replace an integer (not shown) with a string' }]);
  });

  test('a string where a Secret reference belongs: put it in a Secret', () => {
    const ps = walk(struct({ fields: [] }), 'sk-abcdef', 'spec.providers.inference[0].apiKey');
    expect(ps).toEqual([{
      path: 'spec.providers.inference[0].apiKey',
      message: 'must be an object',
      fix: 'this is a reference to a key of a Kubernetes Secret, not the value (a string of 9 characters was given, not shown): put it in a Secret and reference it with apiKey: { name: <Secret name>, key: <key> }',
    }]);
    expect(walk(struct({ fields: [] }), 'hunter2', 'p.secretRefs.api_key')[0].fix).toContain('reference it with secretRefs: { api_key: { name: <Secret name>, key: <key> } }');
    expect(JSON.stringify(walk(struct({ fields: [] }), 'hunter2', 'p.secretRefs["a b"]'))).not.toContain('hunter2');
  });
});

describe('str', () => {
  test('minLength and enum, with the API server\'s wording and the closest value', () => {
    expect(walk(str({ minLength: 1 }), '')).toEqual([{ path: 'spec.x', message: 'must not be empty', fix: 'set a non-empty value, or remove it' }]);
    expect(walk(str({ minLength: 1, hint: 'the Secret name' }), '')[0].fix).toBe('set it to the Secret name');
    expect(walk(str({ enum: ['Always', 'Never'] }), 'always')).toEqual([{ path: 'spec.x', message: 'Unsupported value: "always": supported values: "Always", "Never"', fix: 'use "Always"' }]);
    expect(walk(str({ enum: ['Always', 'Never'] }), 'sometimes')[0].fix).toBe('use one of "Always", "Never"');
    expect(walk(str({ enum: ['a'], minLength: 1 }), 'a')).toEqual([]);
  });
});

describe('int', () => {
  test('bounds, inclusive', () => {
    const c = int({ min: 1, max: 3 });
    expect(walk(c, 1)).toEqual([]);
    expect(walk(c, 3)).toEqual([]);
    expect(walk(c, 0)).toEqual([{ path: 'spec.x', message: 'must be greater than or equal to 1', fix: 'use 1 or more' }]);
    expect(walk(c, 4)).toEqual([{ path: 'spec.x', message: 'must be less than or equal to 3', fix: 'use 3 or less' }]);
  });

  test('int32 format bounds', () => {
    expect(walk(int({ format: 'int32' }), 2 ** 31 - 1)).toEqual([]);
    expect(messages(walk(int({ format: 'int32' }), 2 ** 31))).toEqual(['spec.x: must be less than or equal to 2147483647']);
    expect(messages(walk(int({ format: 'int32' }), -(2 ** 31) - 1))).toEqual(['spec.x: must be greater than or equal to -2147483648']);
  });

  test('int64 held to what a JS number holds exactly', () => {
    expect(walk(int(), Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(messages(walk(int(), Number.MAX_SAFE_INTEGER + 1))).toEqual([`spec.x: must be less than or equal to ${Number.MAX_SAFE_INTEGER}`]);
  });

  test('an option wider than the format is held to the format', () => {
    expect(messages(walk(int({ format: 'int32', max: 2 ** 40 }), 2 ** 31))).toEqual(['spec.x: must be less than or equal to 2147483647']);
  });
});

describe('QUANTITY / quantity', () => {
  test.each(['1', '10Gi', '500Mi', '1.5', '.5', '+1', '-1', '100m', '1e3', '1E-3', '2Ei', '1.'])('%j is a quantity', (q) => {
    expect(QUANTITY.test(q)).toBe(true);
    expect(walk(quantity(), q)).toEqual([]);
  });

  test.each(['', 'Gi', '10gi', '10GB', '1 Gi', '10Ki5', 'e3', '1.2.3', '1ki'])('%j is not', (q) => {
    expect(QUANTITY.test(q)).toBe(false);
    expect(walk(quantity(), q)).toEqual([{ path: 'spec.x', message: `must be a quantity, e.g. 10Gi, not ${JSON.stringify(q)}`, fix: 'use a Kubernetes quantity such as 10Gi or 500Mi' }]);
  });

  test('an integer is a quantity; a fraction or another type is not', () => {
    expect(walk(quantity(), 10)).toEqual([]);
    expect(messages(walk(quantity(), 1.5))).toEqual(['spec.x: must be an integer or a string']);
    expect(messages(walk(quantity(), true))).toEqual(['spec.x: must be an integer or a string']);
  });
});

describe('intOrPercent', () => {
  test('a non-negative integer or a percentage up to 100%', () => {
    for (const v of [0, 1, '0%', '50%', '100%']) expect(walk(intOrPercent(), v)).toEqual([]);
    expect(walk(intOrPercent(), -1)).toEqual([{ path: 'spec.x', message: 'must be greater than or equal to 0', fix: 'use 0 or more, or a percentage like "50%"' }]);
    expect(walk(intOrPercent(), '101%')).toEqual([{ path: 'spec.x', message: 'must not be greater than 100%', fix: 'use a percentage between "0%" and "100%"' }]);
    expect(messages(walk(intOrPercent(), '1'))).toEqual(['spec.x: must be an integer or a percentage like "50%", not "1"']);
    expect(messages(walk(intOrPercent(), '-5%'))).toEqual(['spec.x: must be an integer or a percentage like "50%", not "-5%"']);
    expect(messages(walk(intOrPercent(), '5.5%'))).toEqual(['spec.x: must be an integer or a percentage like "50%", not "5.5%"']);
    expect(messages(walk(intOrPercent(), 0.5))).toEqual(['spec.x: must be an integer or a string']);
  });
});

describe('list / checkList', () => {
  test('items checked at their index', () => {
    expect(messages(walk(list(str()), ['a', 1, 'b', 2]))).toEqual(['spec.x[1]: must be a string', 'spec.x[3]: must be a string']);
  });

  test('minItems and maxItems', () => {
    expect(walk(list(anything(), { minItems: 1 }), [])).toEqual([{ path: 'spec.x', message: 'must have at least 1 item', fix: 'add an entry, or remove the empty list' }]);
    expect(messages(walk(list(anything(), { minItems: 2 }), [1]))).toEqual(['spec.x: must have at least 2 items']);
    expect(walk(list(anything(), { maxItems: 2 }), [1, 2, 3, 4])).toEqual([{ path: 'spec.x', message: 'must have at most 2 items', fix: 'remove 2 entries' }]);
    expect(walk(list(anything(), { minItems: 1, maxItems: 2 }), [1, 2])).toEqual([]);
  });

  test('checkList narrows only arrays', () => {
    const ctx: WalkCtx = { problems: new ProblemList() };
    expect(checkList([], 'p', ctx, {})).toBe(true);
    expect(checkList('x', 'p', ctx, {})).toBe(false);
    expect(ctx.problems.problems.length).toBe(1);
  });
});

describe('mapOf', () => {
  test('values checked at their keys; undefined values are not there', () => {
    expect(messages(walk(mapOf(str(), 1), { 'a': 'x', 'b': 2, 'c d': 3 }))).toEqual(['spec.x.b: must be a string', 'spec.x["c d"]: must be a string']);
    expect(walk(mapOf(str(), 1), { a: undefined })).toEqual([{ path: 'spec.x', message: 'must have at least 1 entry', fix: 'add an entry, or remove the empty map' }]);
    expect(walk(mapOf(str(), 0), {})).toEqual([]);
    expect(messages(walk(mapOf(str(), 0), []))).toEqual(['spec.x: must be an object']);
  });
});

describe('struct / checkStruct', () => {
  const shape = {
    fields: [
      { name: 'name', check: str({ minLength: 1 }), required: true, hint: 'the model name' },
      { name: 'port', check: int({ min: 1 }) },
      { name: 'tls', check: bool(), required: (ctx: WalkCtx & { needTls?: boolean }) => ctx.needTls === true },
    ],
    rules: [nonEmptyIfSet('name', 'remove name or set it')],
  };

  test('a well-formed object', () => {
    expect(walk(struct(shape), { name: 'm', port: 1 })).toEqual([]);
  });

  test('order: required, unknown, rules, then fields in schema order', () => {
    const ps = walk(struct(shape), { prot: 1, port: 0, name: '' });
    expect(ps).toEqual([
      { path: 'spec.x.prot', message: 'unknown field "prot"', fix: 'did you mean "port"?; known fields: name, port, tls' },
      { path: 'spec.x', message: 'name must not be empty if specified', fix: 'remove name or set it' },
      { path: 'spec.x.name', message: 'must not be empty', fix: 'set a non-empty value, or remove it' },
      { path: 'spec.x.port', message: 'must be greater than or equal to 1', fix: 'use 1 or more' },
    ]);
  });

  test('a required field that is missing or null', () => {
    expect(walk(struct(shape), {})).toEqual([{ path: 'spec.x.name', message: 'Required value', fix: 'add name: the model name' }]);
    expect(messages(walk(struct(shape), { name: null }))).toEqual(['spec.x.name: Required value']);
  });

  test('a required function reads the walk context', () => {
    const ctx = { problems: new ProblemList(), needTls: true };
    checkStruct(shape, { name: 'm' }, 'p', ctx);
    expect(ctx.problems.problems).toEqual([{ path: 'p.tls', message: 'Required value', fix: 'add tls' }]);
  });

  test('unknown keys: undefined values are not there; a far key is told to go; a key is never taken from the prototype', () => {
    expect(walk(struct(shape), { name: 'm', extra: undefined })).toEqual([]);
    expect(walk(struct(shape), { name: 'm', zzzzzz: 1 })[0].fix).toBe('remove it; known fields: name, port, tls');
    expect(messages(walk(struct(shape), JSON.parse('{"name": "m", "constructor": 1}')))).toEqual(['spec.x.constructor: unknown field "constructor"']);
  });

  test('unknownHint replaces the suggestion', () => {
    const ps = walk(struct({ ...shape, unknownHint: (k) => (k === 'apiKey' ? 'move apiKey under secretRefs' : undefined) }), { name: 'm', apiKey: 'x' });
    expect(ps[0].fix).toBe('move apiKey under secretRefs; known fields: name, port, tls');
  });

  test('extra rules run after the shape\'s own', () => {
    const ctx: WalkCtx = { problems: new ProblemList() };
    checkStruct(shape, { name: '' }, 'p', ctx, [(_o, path, c) => c.problems.add(path, 'extra', 'fix')]);
    expect(messages(ctx.problems.problems)).toEqual(['p: name must not be empty if specified', 'p: extra', 'p.name: must not be empty']);
  });

  test('a field name that is not an identifier gets a bracketed path', () => {
    const ps = walk(struct({ fields: [{ name: 'a-b', check: str() }] }), { 'a-b': 1 });
    expect(messages(ps)).toEqual(['spec.x["a-b"]: must be a string']);
  });

  test('not an object', () => {
    expect(walk(struct(shape), 'x')).toEqual([{ path: 'spec.x', message: 'must be an object', fix: 'replace the string "x" with an object' }]);
  });
});
