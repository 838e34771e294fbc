/**
 * Number text as the operator writes it: a float64 goes through encoding/json, then go-yaml v2
 * re-reads that JSON text (integers become ints, the rest float64) and prints it.
 */

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Formats a finite number as go-yaml v2 writes it after the JSON round trip. */
export function formatGoYamlNumber(x: number): string {
  // encoding/json and JavaScript print float64 the same way (shortest digits, exponent
  // from 1e21 up and below 1e-6). A safe integer prints as its digits either way (-0 as `0`).
  if (Number.isSafeInteger(x)) return String(x);
  const jsonText = String(x);
  if (/^-?[0-9]+$/.test(jsonText)) {
    const i = BigInt(jsonText);
    if (i >= INT64_MIN && i <= UINT64_MAX) return i.toString();
  }
  return formatGoFloat(x);
}

/** strconv.FormatFloat(x, 'g', -1, 64), with go-yaml's names for the non-finite values. */
export function formatGoFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  return formatShortestG(x, x.toExponential());
}

/**
 * Go's %g for shortest digits, given JavaScript's shortest exponential text for the value
 * (`d.ddde±x`): exponent form when the exponent is < -4 or >= 6.
 */
export function formatShortestG(x: number, exponential: string): string {
  const m = /^(-?)([0-9])(?:\.([0-9]+))?e([-+][0-9]+)$/.exec(exponential)!;
  const [, sign, first, rest = '', expText] = m;
  const exp = Number(expText);
  const digits = first + rest;
  if (x === 0) return sign === '-' || Object.is(x, -0) ? '-0' : '0';
  if (exp < -4 || exp >= 6) {
    const mantissa = rest ? `${first}.${rest}` : first;
    const e = Math.abs(exp);
    return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${intPart}${frac ? '.' + frac : ''}`;
}

/**
 * strconv.FormatFloat(x, 'g', -1, 32): how sigs.k8s.io/yaml turns a float map key into a
 * string (shortest digits that round-trip through float32).
 */
export function formatGoFloat32(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  const f = Math.fround(x);
  if (f === Infinity) return '.inf';
  if (f === -Infinity) return '-.inf';
  for (let p = 1; p <= 9; p++) {
    const e = f.toExponential(p - 1);
    if (Math.fround(Number(e)) === f) return formatShortestG(f, e);
  }
  return formatShortestG(f, f.toExponential());
}
