/** Declared shapes of untrusted input: each mismatch at its path, the value described, never quoted. */
import { ConfigProblem } from '../../src/core/errors';
import { anyJson, anyObject, bool, describeValue, either, instanceOf, int, listOf, mapOf, oneOf, Shape, str, struct, unknownKey } from '../../src/core/shape';

function run(s: Shape, v: unknown, path = 'p'): { ok: boolean; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const ok = s.check(v, path, problems);
  return { ok, problems };
}

describe('scalar shapes', () => {
  test('str accepts strings only, and never quotes the wrong value', () => {
    expect(run(str(), '')).toEqual({ ok: true, problems: [] });
    expect(run(str(), 12)).toEqual({ ok: false, problems: [{ path: 'p', message: 'must be a string, got an integer', fix: 'give a string' }] });
    expect(run(str('name it'), { token: 'sk-live-123' }).problems).toEqual([{ path: 'p', message: 'must be a string, got an object', fix: 'name it' }]);
  });

  test('bool', () => {
    expect(run(bool(), false).ok).toBe(true);
    expect(run(bool(), 'true').problems).toEqual([{ path: 'p', message: 'must be true or false, got a string of 4 characters', fix: 'give a boolean' }]);
  });

  test('int: safe integers only', () => {
    expect(run(int(), 0).ok).toBe(true);
    expect(run(int(), -5).ok).toBe(true);
    expect(run(int(), Number.MAX_SAFE_INTEGER).ok).toBe(true);
    expect(run(int(), Number.MAX_SAFE_INTEGER + 1).ok).toBe(false);
    expect(run(int(), 1.5).problems).toEqual([{ path: 'p', message: 'must be a whole number, got a fractional number', fix: 'give a whole number' }]);
    expect(run(int(), '3').ok).toBe(false);
    expect(run(int(), 3n).ok).toBe(false);
  });

  test('oneOf', () => {
    const s = oneOf(['a', 'b']);
    expect(run(s, 'a').ok).toBe(true);
    expect(run(s, 'A').problems).toEqual([{ path: 'p', message: 'must be one of a, b, got a string of 1 character', fix: 'use one of a, b' }]);
    expect(run(s, ['a']).ok).toBe(false);
  });

  test('anyObject and anyJson', () => {
    expect(run(anyObject(), {}).ok).toBe(true);
    expect(run(anyObject('a probe'), []).problems).toEqual([{ path: 'p', message: 'must be a probe, got a list of 0 items', fix: 'give a probe' }]);
    expect(run(anyObject(), null).ok).toBe(false);
    for (const v of [null, 1, 'x', [], {}]) expect(run(anyJson(), v).ok).toBe(true);
  });

  test('describeValue is the redaction describer', () => {
    expect(describeValue('secret')).toBe('a string of 6 characters');
  });
});

describe('either', () => {
  test('the test picks which shape checks; problems are that shape\'s', () => {
    const s = either(str(), struct('Model', { name: str() }), (v) => typeof v === 'string');
    expect(s.expected).toBe('a string or an object (Model)');
    expect(run(s, 'llama').ok).toBe(true);
    expect(run(s, { name: 'llama' }).ok).toBe(true);
    expect(run(s, 3).problems).toEqual([{ path: 'p', message: 'must be an object (Model), got an integer', fix: 'give an object with name' }]);
  });
});

describe('listOf', () => {
  test('every bad item is reported at its index', () => {
    expect(run(listOf(str()), ['a', 1, 'b', true])).toEqual({
      ok: false,
      problems: [
        { path: 'p[1]', message: 'must be a string, got an integer', fix: 'give a string' },
        { path: 'p[3]', message: 'must be a string, got a boolean', fix: 'give a string' },
      ],
    });
  });

  test('an object with numeric keys is not a list', () => {
    expect(run(listOf(str()), { 0: 'a' }).problems).toEqual([{ path: 'p', message: 'must be a list, got an object', fix: 'give a list, e.g. [ ... ]' }]);
  });

  test('libraryObjects follows the item shape', () => {
    expect(listOf(instanceOf('a Thing', () => true, 'make one')).libraryObjects).toBe(true);
    expect(listOf(str()).libraryObjects).toBeUndefined();
  });
});

describe('mapOf', () => {
  test('every value checked, in sorted key order, at its key path', () => {
    expect(run(mapOf(int()), { 'b': 'x', 'a': 'y', 'c': 1, 'd e': 'z' }).problems.map((p) => p.path)).toEqual(['p.a', 'p.b', 'p["d e"]']);
  });

  test('a list is not a map', () => {
    expect(run(mapOf(int()), []).problems).toEqual([{ path: 'p', message: 'must be an object of name: value pairs, got a list of 0 items', fix: 'give an object of name: value pairs' }]);
  });
});

describe('struct', () => {
  const s = struct('Probe', { port: int(), path: str(), host: str() }, ['port']);

  test('a well-formed struct', () => {
    expect(run(s, { port: 8080, path: '/' })).toEqual({ ok: true, problems: [] });
  });

  test('required, wrong-typed and unknown fields are all reported, keys in sorted order', () => {
    expect(run(s, { pth: '/', host: 1, zzz: true })).toEqual({
      ok: false,
      problems: [
        { path: 'p.port', message: 'is required (Probe)', fix: 'set port' },
        { path: 'p.host', message: 'must be a string, got an integer', fix: 'give a string' },
        { path: 'p.pth', message: 'is not a field of Probe', fix: 'did you mean path? Otherwise remove it' },
        { path: 'p.zzz', message: 'is not a field of Probe', fix: 'remove it (Probe has port, path, host)' },
      ],
    });
  });

  test('an undefined field counts as absent; null does not', () => {
    expect(run(s, { port: 1, path: undefined }).ok).toBe(true);
    expect(run(s, { port: 1, path: null }).ok).toBe(false);
    expect(run(s, { port: undefined }).problems).toEqual([{ path: 'p.port', message: 'is required (Probe)', fix: 'set port' }]);
  });

  test('an inherited-looking key (constructor, __proto__) is unknown, not a field', () => {
    const v = JSON.parse('{"port": 1, "constructor": 1, "__proto__": 2}');
    expect(run(s, v).problems.map((p) => p.path)).toEqual(['p.__proto__', 'p.constructor']);
  });

  test('not an object', () => {
    expect(run(s, 'x').problems).toEqual([{ path: 'p', message: 'must be an object (Probe), got a string of 1 character', fix: 'give an object with port, path, host' }]);
  });
});

describe('instanceOf', () => {
  test('a library object or a problem', () => {
    class Thing {}
    const s = instanceOf('a Thing', (v) => v instanceof Thing, 'use new Thing()');
    expect(s.libraryObjects).toBe(true);
    expect(run(s, new Thing()).ok).toBe(true);
    expect(run(s, {}).problems).toEqual([{ path: 'p', message: 'must be a Thing, got an object', fix: 'use new Thing()' }]);
  });
});

describe('unknownKey', () => {
  test('suggests the closest known field, ignoring case and separators', () => {
    expect(unknownKey('x.Port', 'Port', ['port', 'path'], 'Probe')).toEqual({ path: 'x.Port', message: 'is not a field of Probe', fix: 'did you mean port? Otherwise remove it' });
    expect(unknownKey('x.api_key', 'api_key', ['apiKey'], 'P').fix).toBe('did you mean apiKey? Otherwise remove it');
  });

  test('lists the fields when none is close', () => {
    expect(unknownKey('x.replicas', 'replicas', ['port', 'path'], 'Probe').fix).toBe('remove it (Probe has port, path)');
  });
});
