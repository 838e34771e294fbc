/**
 * A seeded pseudo-random source for the tests that generate many inputs: the same numbers on
 * every run (a failing case can be found again), from one seed per test.
 */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
