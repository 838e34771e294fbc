/**
 * "Did you mean": the known name a slip most likely meant, one rule for every check that
 * suggests one (unknown fields, unsupported values, unknown options).
 */

/** Names longer than this get no suggestion (a pasted value, not a slip). */
export const CLOSEST_MAX_LENGTH = 64;

function normalize(x: string): string {
  return x.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * The candidate `s` most likely meant: one with the same letters ignoring case, `_`, `-` and
 * spaces; else the nearest within edit distance 2, ignoring case (the first on a tie). None for
 * names longer than `maxLength`.
 */
export function closest(s: string, candidates: readonly string[], maxLength: number = CLOSEST_MAX_LENGTH): string | undefined {
  if (typeof s !== 'string' || s.length > maxLength) return undefined;
  const n = normalize(s);
  const exact = candidates.find((c) => normalize(c) === n);
  if (exact !== undefined) return exact;
  const lower = s.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, or 3 as soon as it is known to be more than 2. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = cur;
  }
  return prev[b.length];
}
