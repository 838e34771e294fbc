/**
 * go-yaml v2's resolution of untagged plain scalars (YAML 1.1 tag repository plus Go's
 * strconv number syntax), as sigs.k8s.io/yaml reads a manifest.
 */
import { isBase60Float, isTimestamp, readsBackAsString, resolvePlain } from '../../src/yaml/yaml11-resolve';

describe('resolvePlain', () => {
  test.each(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'])('%s is the boolean true (YAML 1.1)', (s) => {
    expect(resolvePlain(s)).toEqual({ kind: 'bool', value: true });
  });

  test.each(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'])('%s is the boolean false (YAML 1.1)', (s) => {
    expect(resolvePlain(s)).toEqual({ kind: 'bool', value: false });
  });

  test.each(['yES', 'tRUE', 'oN', 'nO', 'yess', 'truth', 'onion', 'Nope'])('mixed case or longer words stay strings: %s', (s) => {
    expect(resolvePlain(s)).toEqual({ kind: 'str' });
  });

  test.each(['', '~', 'null', 'Null', 'NULL'])('%j is null', (s) => {
    expect(resolvePlain(s)).toEqual({ kind: 'null' });
  });

  test('nULL and nil are strings', () => {
    expect(resolvePlain('nULL')).toEqual({ kind: 'str' });
    expect(resolvePlain('nil')).toEqual({ kind: 'str' });
  });

  test('special floats', () => {
    expect(resolvePlain('.inf')).toEqual({ kind: 'float', value: Infinity });
    expect(resolvePlain('+.Inf')).toEqual({ kind: 'float', value: Infinity });
    expect(resolvePlain('-.INF')).toEqual({ kind: 'float', value: -Infinity });
    const nan = resolvePlain('.NaN');
    expect(nan.kind).toBe('float');
    expect(Number.isNaN((nan as { value: number }).value)).toBe(true);
    expect(resolvePlain('.iNf')).toEqual({ kind: 'str' });
    expect(resolvePlain('-.nan')).toEqual({ kind: 'str' });
  });

  test('decimal integers, with sign and underscores', () => {
    expect(resolvePlain('0')).toEqual({ kind: 'int', value: 0n });
    expect(resolvePlain('42')).toEqual({ kind: 'int', value: 42n });
    expect(resolvePlain('-17')).toEqual({ kind: 'int', value: -17n });
    expect(resolvePlain('+5')).toEqual({ kind: 'int', value: 5n });
    expect(resolvePlain('1_000')).toEqual({ kind: 'int', value: 1000n });
  });

  test("Go's base prefixes: 0x hex, 0o and leading-0 octal, 0b binary", () => {
    expect(resolvePlain('0x1F')).toEqual({ kind: 'int', value: 31n });
    expect(resolvePlain('0X1f')).toEqual({ kind: 'int', value: 31n });
    expect(resolvePlain('0o17')).toEqual({ kind: 'int', value: 15n });
    expect(resolvePlain('017')).toEqual({ kind: 'int', value: 15n });
    expect(resolvePlain('0b101')).toEqual({ kind: 'int', value: 5n });
    expect(resolvePlain('-0x10')).toEqual({ kind: 'int', value: -16n });
  });

  test('a leading 0 with a digit 8 or 9 is not octal: it reads as a float', () => {
    expect(resolvePlain('08')).toEqual({ kind: 'float', value: 8 });
    expect(resolvePlain('0x')).toEqual({ kind: 'str' });
    expect(resolvePlain('0b2')).toEqual({ kind: 'str' });
  });

  test('int64 range, then uint64 without a sign, then a float', () => {
    expect(resolvePlain('9223372036854775807')).toEqual({ kind: 'int', value: 2n ** 63n - 1n });
    expect(resolvePlain('-9223372036854775808')).toEqual({ kind: 'int', value: -(2n ** 63n) });
    expect(resolvePlain('18446744073709551615')).toEqual({ kind: 'int', value: 2n ** 64n - 1n });
    // ParseUint refuses a sign: +2^63 is no int, and falls back to a float.
    expect(resolvePlain('+9223372036854775808')).toEqual({ kind: 'float', value: 9223372036854775808 });
    expect(resolvePlain('-9223372036854775809')).toEqual({ kind: 'float', value: -9223372036854775809 });
    expect(resolvePlain('18446744073709551616')).toEqual({ kind: 'float', value: 18446744073709551616 });
  });

  test('floats', () => {
    expect(resolvePlain('1.5')).toEqual({ kind: 'float', value: 1.5 });
    expect(resolvePlain('1.')).toEqual({ kind: 'float', value: 1 });
    expect(resolvePlain('.5')).toEqual({ kind: 'float', value: 0.5 });
    expect(resolvePlain('-.5')).toEqual({ kind: 'float', value: -0.5 });
    expect(resolvePlain('1e3')).toEqual({ kind: 'float', value: 1000 });
    expect(resolvePlain('1_0e1')).toEqual({ kind: 'float', value: 100 });
    expect(resolvePlain('.5e-1')).toEqual({ kind: 'float', value: 0.05 });
  });

  test('a float out of float64 range stays a string (ParseFloat errors)', () => {
    expect(resolvePlain('1e400')).toEqual({ kind: 'str' });
    expect(resolvePlain('-1e400')).toEqual({ kind: 'str' });
  });

  test('a timestamp is its own kind', () => {
    expect(resolvePlain('2001-12-14')).toEqual({ kind: 'timestamp' });
    expect(resolvePlain('2001-12-14t21:59:43.10-05:00')).toEqual({ kind: 'timestamp' });
  });

  test.each(['1.2.3', '1-2', '.', '-', '+', '.e1', '1e', 'v1', 'abc', '#x', '@x', '12abc', '1 2'])('%j is a string', (s) => {
    expect(resolvePlain(s)).toEqual({ kind: 'str' });
  });
});

describe('isTimestamp', () => {
  test.each([
    '2001-12-14',
    '2001-1-2',
    '2001-12-14T21:59:43Z',
    '2001-12-14t21:59:43.1Z',
    '2001-12-14T21:59:43.123456789+05:30',
    '2001-12-14 21:59:43',
    '2001-12-14 1:2:3.5',
    '2000-02-29',
    '2024-02-29',
  ])('%j is a timestamp', (s) => {
    expect(isTimestamp(s)).toBe(true);
  });

  test.each([
    '2001-13-01', // month 13
    '2001-00-10', // month 0
    '2001-04-31', // April has 30 days
    '2001-02-29', // not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2001-12-0',
    '01-12-14', // two-digit year
    '2001-12-14T25:00:00Z', // hour 25
    '2001-12-14T21:60:00Z',
    '2001-12-14T21:59:60Z',
    '2001-12-14T21:59:43', // T layout needs a zone
    '2001-12-14 21:59:43Z', // space layout has no zone
    '2001-12-14T21:59:43+24:00',
    '2001-12-14T21:59:43+05:60',
    '2001-12-14x',
    '2001/12/14',
  ])('%j is not a timestamp', (s) => {
    expect(isTimestamp(s)).toBe(false);
  });
});

describe('isBase60Float', () => {
  test.each(['1:20', '190:20:30.15', '-1:20', '+1:2', '1_0:20', '1:20.'])('%j is a YAML 1.1 sexagesimal', (s) => {
    expect(isBase60Float(s)).toBe(true);
  });

  test.each(['1:60', '1:', ':20', 'a:20', '1:20:', '1::20', '12'])('%j is not', (s) => {
    expect(isBase60Float(s)).toBe(false);
  });
});

describe('readsBackAsString', () => {
  test.each(['my-stack', 'llama', 'v1', '1.2.3', 'yes-please', 'x:1'])('%j can be written plain', (s) => {
    expect(readsBackAsString(s)).toBe(true);
  });

  test.each(['yes', 'off', '', '~', '10', '0o17', '0x1F', '1e3', '.inf', '2001-12-14', '1:20'])('%j must be quoted', (s) => {
    expect(readsBackAsString(s)).toBe(false);
  });
});
