/**
 * go-yaml v2 sorts map keys in a "natural" order, not byte order: a letter sorts after a
 * non-letter, runs of digits compare by value (`k9` < `k10`), letters by code point.
 */

const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;

function isLetter(c: string): boolean {
  return LETTER.test(c);
}
function isDigit(c: string): boolean {
  return DIGIT.test(c);
}

/** Go's int64 arithmetic for a digit run: `n*10 + (digit - '0')`, wrapping on overflow. */
function digitRun(r: string[], from: number, start: bigint): { value: bigint; end: number } {
  let n = start;
  let i = from;
  while (i < r.length && isDigit(r[i])) {
    n = BigInt.asIntN(64, n * 10n + BigInt(r[i].codePointAt(0)! - 48));
    i++;
  }
  return { value: n, end: i };
}

const SIMPLE_KEY = /^[a-z_]*$/;

/** True when key `a` sorts before key `b`. */
export function goKeyLess(a: string, b: string): boolean {
  // Lower-case letters and `_` only (every key the pipeline writes): natural order is byte order.
  if (SIMPLE_KEY.test(a) && SIMPLE_KEY.test(b)) return a < b;
  const ar = Array.from(a);
  const br = Array.from(b);
  const n = Math.min(ar.length, br.length);
  for (let i = 0; i < n; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let start = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      // A zero inside a longer number (`10` vs `1a`) is not a leading zero.
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          start = 1n;
          break;
        }
      }
    }
    const ra = digitRun(ar, i, start);
    const rb = digitRun(br, i, start);
    if (ra.value !== rb.value) return ra.value < rb.value;
    if (ra.end !== rb.end) return ra.end < rb.end;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}

/** Keys in go-yaml v2 order (insertion sort, as Go's sort does for short lists; stable). */
export function sortKeysGoYaml(keys: string[]): string[] {
  const out = keys.slice();
  // Every key simple (the usual case): natural order is byte order, and map keys are distinct.
  if (out.every((k) => SIMPLE_KEY.test(k))) return out.sort();
  if (out.length > 12) {
    return out.sort((x, y) => (goKeyLess(x, y) ? -1 : goKeyLess(y, x) ? 1 : 0));
  }
  for (let i = 1; i < out.length; i++) {
    for (let j = i; j > 0 && goKeyLess(out[j], out[j - 1]); j--) {
      [out[j], out[j - 1]] = [out[j - 1], out[j]];
    }
  }
  return out;
}
