/** Kubernetes quantities as exact values (src/kubernetes/quantity.ts), against resource.Quantity's rules. */
import { QUANTITY } from '../../src/core/struct-check';
import { compareQuantities, parseQuantity, quantitySign } from '../../src/kubernetes/quantity';

const cmp = (a: string | number, b: string | number) => compareQuantities(parseQuantity(a)!, parseQuantity(b)!);

/**
 * resource.Quantity's suffixes and what one of each is: the binary ones powers of 1024, the decimal
 * ones powers of 1000, the small ones (milli, micro, nano) fractions of 1000.
 */
const SUFFIXES: ReadonlyArray<readonly [string, bigint, bigint]> = [
  ...['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'].map((s, i) => [s, 1024n ** BigInt(i + 1), 1n] as const),
  ...['k', 'M', 'G', 'T', 'P', 'E'].map((s, i) => [s, 1000n ** BigInt(i + 1), 1n] as const),
  ...['m', 'u', 'n'].map((s, i) => [s, 1n, 1000n ** BigInt(i + 1)] as const),
];

describe('parseQuantity', () => {
  test.each<[string | number, bigint, bigint]>([
    ['0', 0n, 1n],
    [0, 0n, 1n],
    [3, 3n, 1n],
    ['1', 1n, 1n],
    ...SUFFIXES.map(([suffix, num, den]): [string, bigint, bigint] => [`1${suffix}`, num, den]),
    ['1.5Gi', 15n * 2n ** 30n, 10n],
    ['500m', 500n, 1000n],
    ['2u', 2n, 1000000n],
    ['1e3', 1000n, 1n],
    ['1E3', 1000n, 1n],
    ['12e-1', 12n, 10n],
    ['1e+2', 100n, 1n],
    ['.5', 5n, 10n],
    ['1.', 1n, 1n],
    ['+2', 2n, 1n],
    ['-1Gi', -1073741824n, 1n],
  ])('%p is %p/%p', (text, num, den) => {
    expect(parseQuantity(text)).toEqual({ num, den });
  });

  test.each<unknown>([
    '', ' 1', '1 ', 'Gi', '1gi', '1GI', '1K', '1KiB', '1ki', '1e', '1e1.5', '1.5.5', '--1', '1Gi1', 'e3', '0x10', '1_000',
    '1e1001', 1.5, Number.MAX_SAFE_INTEGER + 2, NaN, null, undefined, {}, [], true,
  ])('%p is not a quantity', (v) => {
    expect(parseQuantity(v)).toBeUndefined();
  });

  test('accepts exactly what the CRD pattern accepts, less fractional exponents', () => {
    const samples = ['1', '1Gi', '1.5Mi', '-2', '+3k', '.5', '1.', '1e3', '1e-3', '1E+2', '1e1.5', '1e.5', '1Ki', '1K', '1Gb', '1.2.3', 'x'];
    for (const s of samples) {
      const fractionalExponent = /[eE][+-]?[0-9]*\./.test(s);
      expect([s, parseQuantity(s) !== undefined]).toEqual([s, QUANTITY.test(s) && !fractionalExponent]);
    }
  });
});

describe('compareQuantities', () => {
  test.each<[string | number, string | number, number]>([
    ['1Gi', '1024Mi', 0],
    ['1Gi', '1073741824', 0],
    ['1Gi', 1073741824, 0],
    ['1Gi', '1.073741824G', 0],
    ['1Gi', '1073741824e0', 0],
    ['1Gi', '1G', 1],
    ['1G', '1Gi', -1],
    ['1000M', '1G', 0],
    ['1Gi', '1025Mi', -1],
    ['512Mi', '0.5Gi', 0],
    ['512Mi', '1Gi', -1],
    ['500m', '1', -1],
    ['1000m', '1', 0],
    ['1500m', '1.5', 0],
    ['2', '1500m', 1],
    ['0.1', '100m', 0],
    ['1e-3', '1m', 0],
    ['1e3', '1k', 0],
    ['1Ki', '1k', 1],
    ['-1', '0', -1],
    ['1Ei', '1E', 1],
  ])('%p vs %p: %p', (a, b, expected) => {
    expect(cmp(a, b)).toBe(expected);
    expect(cmp(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  test('quantitySign', () => {
    expect(['-1m', '0', '0Gi', '1n'].map((s) => quantitySign(parseQuantity(s)!))).toEqual([-1, 0, 0, 1]);
  });
});

describe('parseQuantity remembers texts', () => {
  test('a text read again gives the same (frozen) value; refused texts stay refused', () => {
    const first = parseQuantity('1536Mi');
    expect(parseQuantity('1536Mi')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual({ num: 1536n * 2n ** 20n, den: 1n });
    expect(parseQuantity('1.5Gi')).toEqual({ num: 15n * 2n ** 30n, den: 10n });
    expect(parseQuantity('1e1.5')).toBeUndefined();
    expect(parseQuantity('1e1.5')).toBeUndefined();
  });
});
