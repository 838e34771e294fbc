/** Numbers as the operator writes them: encoding/json, re-read by go-yaml v2, printed with strconv's shortest 'g'. */
import { formatGoFloat, formatGoFloat32, formatGoYamlNumber } from '../../src/yaml/go-number';

describe('formatGoFloat (strconv.FormatFloat(x, \'g\', -1, 64), go-yaml\'s names for non-finite values)', () => {
  test.each<[number, string]>([
    [0.1, '0.1'],
    [1.5, '1.5'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [123456, '123456'],
    [1234567, '1.234567e+06'],
    [1e21, '1e+21'],
    [1e100, '1e+100'],
    [-2.5e-7, '-2.5e-07'],
    [0, '0'],
    [-0, '-0'],
    [NaN, '.nan'],
    [Infinity, '.inf'],
    [-Infinity, '-.inf'],
  ])('%p → %s', (x, text) => {
    expect(formatGoFloat(x)).toBe(text);
  });
});

describe('formatGoYamlNumber (after the JSON round trip)', () => {
  test.each<[number, string]>([
    [3, '3'],
    [-0, '0'],
    [1.5, '1.5'],
    // JSON prints 2^63 as 9223372036854776000, which go-yaml re-reads as a uint64.
    [2 ** 63, '9223372036854776000'],
    // -2^63 prints as -9223372036854776000, below int64's minimum: a float64.
    [-(2 ** 63), '-9.223372036854776e+18'],
    // Past uint64 it is a float64 again.
    [1e20, '1e+20'],
    [1e-7, '1e-07'],
  ])('%p → %s', (x, text) => {
    expect(formatGoYamlNumber(x)).toBe(text);
  });
});

describe('formatGoFloat32 (sigs.k8s.io/yaml\'s float map keys)', () => {
  test.each<[number, string]>([
    [0.1, '0.1'],
    [16777217, '1.6777216e+07'],
    [3.4e39, '.inf'],
    [-3.4e39, '-.inf'],
    [NaN, '.nan'],
    [2.5, '2.5'],
  ])('%p → %s', (x, text) => {
    expect(formatGoFloat32(x)).toBe(text);
  });
});
