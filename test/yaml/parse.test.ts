/**
 * Base config reading against ../shared/docs/operator-rules.md §1.1: sigs.k8s.io/yaml.Unmarshal into
 * map[string]interface{}, i.e. go-yaml v2 YAML 1.1 scalars, then a JSON step (numbers are
 * float64, keys are strings), with the operator's error wording.
 */
import { readBaseConfig, readBaseConfigOutcome, readBaseConfigShared, readBaseConfigSharedOutcome, YamlReadError } from '../../src/yaml/parse';

const PARSE_ERROR = 'failed to parse base config: error converting YAML to JSON: yaml:';
const NOT_A_MAP = 'failed to parse base config: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal';

/** The error readBaseConfig throws for `text` (fails the test when it does not throw). */
function errorOf(text: string): YamlReadError {
  try {
    readBaseConfig(text);
  } catch (e) {
    expect(e).toBeInstanceOf(YamlReadError);
    return e as YamlReadError;
  }
  throw new Error(`expected readBaseConfig to throw for ${JSON.stringify(text.slice(0, 80))}`);
}

/** The value of key `a` in `a: <scalar>`. */
function scalar(text: string): unknown {
  return readBaseConfig(`a: ${text}\n`)!.a;
}

describe('YAML 1.1 booleans', () => {
  test.each(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'])('%s -> true', (w) => {
    expect(scalar(w)).toBe(true);
  });
  test.each(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'])('%s -> false', (w) => {
    expect(scalar(w)).toBe(false);
  });
  test.each(['yEs', 'oN', 'tRUE', 'nO', 'OfF', 'yes!', 'truthy'])('%s is not in the table: a string', (w) => {
    expect(scalar(w)).toBe(w);
  });
  test.each(['"yes"', "'on'", '"true"', "'n'"])('quoted %s stays a string', (w) => {
    expect(scalar(w)).toBe(w.slice(1, -1));
  });
});

describe('non-string keys become strings', () => {
  test('boolean keys', () => {
    expect(readBaseConfig('on: 1\n')).toEqual({ true: 1 });
    expect(readBaseConfig('yes: 1\n')).toEqual({ true: 1 });
    expect(readBaseConfig('n: 1\n')).toEqual({ false: 1 });
    expect(readBaseConfig('Off: 1\n')).toEqual({ false: 1 });
    expect(readBaseConfig('"on": 1\n')).toEqual({ on: 1 });
  });
  test('number keys', () => {
    expect(readBaseConfig('1: a\n0x1F: b\n1.5: c\n0.1: d\n1e3: e\n0755: f\n')).toEqual({
      1: 'a', 31: 'b', 1.5: 'c', 0.1: 'd', 1000: 'e', 493: 'f',
    });
  });
});

describe('numbers (every number becomes a float64)', () => {
  test.each<[string, number]>([
    ['0755', 493],
    ['0x1F', 31],
    ['0X1f', 31],
    ['0o17', 15],
    ['0b101', 5],
    ['0b1_0', 2],
    ['-0x10', -16],
    ['+12', 12],
    ['1_000', 1000],
    ['1__0', 10],
    ['2.0', 2],
    ['1e3', 1000],
    ['1.0e+3', 1000],
    ['.5', 0.5],
    ['+.5', 0.5],
    ['-1.5', -1.5],
    ['0.', 0],
    ['08', 8],
    ['09', 9],
    ['8000', 8000],
    ['9223372036854775807', 9223372036854775807],
    ['18446744073709551615', 18446744073709551615],
    ['18446744073709551616', 18446744073709551616],
    ['-9223372036854775809', -9223372036854775809],
  ])('%s -> %p', (text, want) => {
    expect(scalar(text)).toBe(want);
  });

  test.each(['1:20', '190:20:30.15', '1.2.3', '0x', '1e', '..5', '1e400', '0b2', '12:60', 'v1'])('%s stays a string', (text) => {
    expect(scalar(text)).toBe(text);
  });

  test.each(['"8000"', "'0755'", '"1_000"', '"2.0"', "'0x1F'"])('quoted %s stays a string', (text) => {
    expect(scalar(text)).toBe(text.slice(1, -1));
  });
});

describe('timestamps stay strings', () => {
  test.each(['2024-01-01', '2002-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14T21:59:43Z', '2001-12-14 21:59:43.10', '2024-1-2'])('%s', (text) => {
    expect(scalar(text)).toBe(text);
  });
});

describe('nulls', () => {
  test.each(['~', 'null', 'Null', 'NULL', ''])('%j -> null', (text) => {
    expect(scalar(text)).toBeNull();
  });
  test.each(['"~"', "'null'", '""'])('quoted %s stays a string', (text) => {
    expect(scalar(text)).toBe(text.slice(1, -1));
  });
  test('a key without value', () => {
    expect(readBaseConfig('a:\nb: 1\n')).toEqual({ a: null, b: 1 });
  });
});

describe('tags', () => {
  test('!!str keeps the text', () => {
    expect(readBaseConfig('a: !!str 5\nb: !!str yes\nc: !!str ~\nd: !!str 1.5\n')).toEqual({ a: '5', b: 'yes', c: '~', d: '1.5' });
  });
  test('!!float and !!int', () => {
    expect(readBaseConfig('a: !!float 1\nb: !!int "5"\n')).toEqual({ a: 1, b: 5 });
  });
  test('a tag that does not fit the value is an error', () => {
    expect(errorOf('a: !!int x\n').message.startsWith(PARSE_ERROR)).toBe(true);
  });
});

describe('strings', () => {
  test('quoted and block scalars', () => {
    expect(readBaseConfig("a: 'it''s'\nb: \"\\u00e9\\t\"\nc: |\n  x\n  y\nd: >\n  x\n  y\ne: |-\n  p\n")).toEqual({
      a: "it's", b: 'é\t', c: 'x\ny\n', d: 'x y\n', e: 'p',
    });
  });
  test('flow collections', () => {
    expect(readBaseConfig('a: [1, {b: c}, "d"]\n')).toEqual({ a: [1, { b: 'c' }, 'd'] });
  });
});

describe('anchors, aliases and merge keys', () => {
  test('aliases copy the anchored value', () => {
    expect(readBaseConfig('p: &x [1, 2]\nq: *x\nr: &m {k: v}\ns: *m\n')).toEqual({ p: [1, 2], q: [1, 2], r: { k: 'v' }, s: { k: 'v' } });
  });

  test('<< with one map; explicit keys after the merge override', () => {
    expect(readBaseConfig('base: &b {p: 1, q: 2}\nc:\n  <<: *b\n  q: 3\n')).toEqual({ base: { p: 1, q: 2 }, c: { p: 1, q: 3 } });
  });

  test('<< with a list of maps: earlier maps win, explicit keys after the merge override', () => {
    const text = 'a: &a {p: 1, q: 1}\nb: &b {q: 2, r: 2}\nc:\n  <<: [*a, *b]\n  r: 3\n';
    expect(readBaseConfig(text)).toEqual({ a: { p: 1, q: 1 }, b: { q: 2, r: 2 }, c: { p: 1, q: 1, r: 3 } });
  });

  test('<< with an inline map', () => {
    expect(readBaseConfig('c:\n  <<: {p: 5, w: 6}\n  w: 7\n')).toEqual({ c: { p: 5, w: 7 } });
  });

  test('go-yaml v2 applies the merge where it stands: a key before << is overwritten', () => {
    expect(readBaseConfig('c:\n  p: 0\n  <<: {p: 5, w: 6}\n')).toEqual({ c: { p: 5, w: 6 } });
  });

  test('a quoted "<<" is an ordinary key', () => {
    expect(readBaseConfig('"<<": {a: 1}\n')).toEqual({ '<<': { a: 1 } });
  });

  test('<< with a scalar is an error', () => {
    expect(errorOf('a:\n  <<: 5\n').message.startsWith(PARSE_ERROR)).toBe(true);
  });
});

describe('empty and non-map documents', () => {
  test.each(['', '# only a comment\n', '\n\n', 'null\n', '~\n', '---\n'])('%j -> null', (text) => {
    expect(readBaseConfig(text)).toBeNull();
  });

  test.each<[string, string]>([
    ['- a\n- b\n', 'array'],
    ['[1, 2]', 'array'],
    ['hello\n', 'string'],
    ['"{a: 1}"\n', 'string'],
    ['42\n', 'number'],
    ['1.5\n', 'number'],
    ['true\n', 'bool'],
    ['yes\n', 'bool'],
  ])('%j -> cannot unmarshal %s', (text, kind) => {
    expect(errorOf(text).message).toBe(`${NOT_A_MAP} ${kind} into Go value of type map[string]interface {}`);
  });

  test('only the first document is read', () => {
    expect(readBaseConfig('a: 1\n---\nb: 2\n')).toEqual({ a: 1 });
    expect(readBaseConfig('---\na: 1\n...\n')).toEqual({ a: 1 });
  });

  test('JSON text', () => {
    expect(readBaseConfig('{"version": 2, "a": [true, null, "x"], "on": 1}')).toEqual({ version: 2, a: [true, null, 'x'], on: 1 });
    expect(readBaseConfig('{a: 1}')).toEqual({ a: 1 });
  });
});

describe('invalid YAML', () => {
  test.each([
    'not: yaml: at: all: [',
    'a: b: c\n',
    'a: "x\n',
    "a: 'x\n",
    'a:\n\tb: 1\n',
    'a:\n  b: 1\n c: 2\n',
    '[',
    '{',
    '{"a": 1',
    'a: [1, 2\n',
    '- a\nb: c\n',
    'a: }\n',
  ])('%j', (text) => {
    const e = errorOf(text);
    expect(e.message.startsWith(PARSE_ERROR)).toBe(true);
  });

  test.each(['.inf', '-.Inf', '+.INF', '.nan', '.NaN'])('%s cannot go through JSON', (text) => {
    expect(errorOf(`a: ${text}\n`).message).toMatch(/^failed to parse base config: error converting YAML to JSON: json: unsupported value: (\+Inf|-Inf|NaN)$/);
  });
});

describe('hostile input', () => {
  const DEPTH = 5000;

  test.each<[string, string]>([
    ['balanced flow sequences', `a: ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}\n`],
    ['unclosed flow sequences', `a: ${'['.repeat(DEPTH)}\n`],
    ['flow maps', `a: ${'{'.repeat(DEPTH)}\n`],
    ['block maps', `${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n`],
    ['block sequences', `a:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i * 2)}-`).join('\n')} 1\n`],
  ])('deep nesting (%s) is a YamlReadError, not a RangeError', (_name, text) => {
    const e = errorOf(text);
    expect(e).not.toBeInstanceOf(RangeError);
    expect(e.message.startsWith(PARSE_ERROR)).toBe(true);
  });

  test('a self-referencing alias is an error', () => {
    expect(errorOf('a: &x [*x]\n').message.startsWith(PARSE_ERROR)).toBe(true);
  });

  // Four levels of 200 aliases: 200^4 = 1.6 billion "lol"s once expanded. (The library needs
  // seconds for deeper, narrower bombs such as 9 levels of 9: alias resolution walks the
  // document each time; see the test report.)
  test('an alias bomb (billion laughs) fails with a parse error', () => {
    let text = `l0: &l0 [${Array(200).fill('lol').join(',')}]\n`;
    for (let i = 1; i < 4; i++) text += `l${i}: &l${i} [${Array(200).fill(`*l${i - 1}`).join(',')}]\n`;
    const e = errorOf(text);
    expect(e.message.startsWith(PARSE_ERROR)).toBe(true);
  }, 20_000);

  test('moderate aliasing is fine', () => {
    const text = 'a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n';
    const v = readBaseConfig(text)!;
    expect((v.c as unknown[][][]).flat(2)).toHaveLength(1000);
  });
});

describe('the outcome readers: the reader\'s message returned, not thrown', () => {
  test.each(['a: [', '- 1\n', 'a: *x\n'])('%j: the message readBaseConfig throws', (text) => {
    expect(readBaseConfigSharedOutcome(text)).toEqual({ error: errorOf(text).message });
    expect(readBaseConfigOutcome(text)).toEqual({ error: errorOf(text).message });
  });

  test('a map: the shared frozen one, or a copy that is the caller\'s; an empty document is null', () => {
    const shared = readBaseConfigSharedOutcome('a: 1\n');
    expect(shared).toEqual({ value: { a: 1 } });
    expect('value' in shared && shared.value).toBe(readBaseConfigShared('a: 1\n'));
    const own = readBaseConfigOutcome('a: 1\n');
    expect(own).toEqual({ value: { a: 1 } });
    expect('value' in own && Object.isFrozen(own.value)).toBe(false);
    expect(readBaseConfigOutcome('')).toEqual({ value: null });
  });
});
