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

/** Choices drawn from `rnd`: `pick` one of a list; `often` the usual value (`usualShare` of the time), else a rare one. */
export function choices(rnd: () => number, usualShare = 0.8): { pick: <T>(xs: readonly T[]) => T; often: <T>(usual: T, rare: readonly T[]) => T } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  return { pick, often: (usual, rare) => (rnd() < usualShare ? usual : pick(rare)) };
}
