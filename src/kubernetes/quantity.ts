/**
 * Kubernetes quantities (`resource.Quantity`) as exact values, so that `1Gi`, `1024Mi`,
 * `1073741824`, `1.073741824G` and `1073741824e0` compare equal and `500m` compares below `1`.
 *
 * Follows `ParseQuantity` of k8s.io/apimachinery: an optional sign, a decimal number, then one of
 * a binary suffix (`Ki` … `Ei`), a decimal SI suffix (`n`, `u`, `m`, `k`, `M`, `G`, `T`, `P`,
 * `E`) or an integer exponent (`e3`, `E-2`). The CRDs' pattern (`QUANTITY` in core/struct-check.ts)
 * also admits a fractional exponent (`1e1.5`), which the API server's parser rejects: that is
 * not a quantity here either.
 */
import { setBounded } from '../core/frozen-memo';

/** An exact, non-normalized rational value: `num / den`, `den > 0`. */
export interface Quantity {
  readonly num: bigint;
  readonly den: bigint;
}

const SYNTAX = /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:(Ki|Mi|Gi|Ti|Pi|Ei)|([numkMGTPE])|[eE]([+-]?[0-9]+))?$/;

const BINARY: { [suffix: string]: number } = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: { [suffix: string]: number } = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

/** Exponents beyond this are refused: no resource amount needs them, and 10^e must stay cheap. */
const MAX_EXPONENT = 1000;

/**
 * The value of a quantity written as a string or an integer (the int-or-string of the API),
 * or undefined when it is not one.
 */
export function parseQuantity(v: unknown): Quantity | undefined {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) return undefined;
    return { num: BigInt(v), den: 1n };
  }
  if (typeof v !== 'string') return undefined;
  if (PARSED.has(v)) return PARSED.get(v);
  const q = parseQuantityText(v);
  return setBounded(PARSED, v, q, PARSED_LIMIT);
}

/** Quantities by text: every distribution writes the same requests and limits. Values are immutable. */
const PARSED = new Map<string, Quantity | undefined>();
const PARSED_LIMIT = 4096;

function parseQuantityText(v: string): Quantity | undefined {
  const m = SYNTAX.exec(v);
  if (!m) return undefined;
  const [, sign, number, binary, decimal, exponent] = m;
  const [whole, fraction = ''] = number.split('.');
  let num = BigInt(`${whole}${fraction}` || '0');
  let den = 10n ** BigInt(fraction.length);
  if (sign === '-') num = -num;
  let exp10 = 0;
  if (binary !== undefined) num *= 2n ** BigInt(BINARY[binary]);
  else if (decimal !== undefined) exp10 = DECIMAL[decimal];
  else if (exponent !== undefined) exp10 = Number(exponent);
  if (!Number.isSafeInteger(exp10) || Math.abs(exp10) > MAX_EXPONENT) return undefined;
  if (exp10 > 0) num *= 10n ** BigInt(exp10);
  else if (exp10 < 0) den *= 10n ** BigInt(-exp10);
  return Object.freeze({ num, den });
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The sign of a quantity: -1, 0 or 1. */
export function quantitySign(q: Quantity): number {
  return q.num < 0n ? -1 : q.num > 0n ? 1 : 0;
}
