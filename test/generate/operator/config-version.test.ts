/**
 * detectConfigVersion: the base config's version must be present, a number, and 2 once truncated
 * (Go's int(float64)); a bad version is a problem returned, never thrown.
 */
import { JsonObject } from '../../../src/core/json';
import { detectConfigVersion, SUPPORTED_CONFIG_VERSION } from '../../../src/generate/operator/config-version';

const unsupported = (n: string) => `baseConfig.version: failed to validate config version: version ${n} is not supported (expected 2) — use a base config with version: 2`;

/** The one problem `detectConfigVersion` returns for `config`, as a `path: message — fix` line. */
function problemLine(config: JsonObject | null): string {
  const out = detectConfigVersion(config);
  if (!('problems' in out)) throw new Error(`expected a problem, got version ${out.version}`);
  expect(out.problems).toHaveLength(1);
  return out.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`)[0];
}

describe('detectConfigVersion', () => {
  test('version 2, or a number that truncates to 2', () => {
    expect(SUPPORTED_CONFIG_VERSION).toBe(2);
    expect([2, 2.9, 2.0000001].map((version) => detectConfigVersion({ version }))).toStrictEqual([{ version: 2 }, { version: 2 }, { version: 2 }]);
  });

  test('missing: no version key, or no config at all', () => {
    const missing = 'baseConfig.version: config.yaml missing required \'version\' field — add version: 2 at the top of the base config';
    expect(problemLine({ apis: [] })).toBe(missing);
    expect(problemLine(null)).toBe(missing);
  });

  test.each<[unknown, string]>([
    ['2', 'string'],
    [true, 'bool'],
    [null, '<nil>'],
    [[2], '[]interface {}'],
    [{ v: 2 }, 'map[string]interface {}'],
  ])('not a number: %p, named by its Go type', (version, goType) => {
    expect(problemLine({ version } as any)).toBe(
      `baseConfig.version: failed to parse config.yaml version: unexpected type ${goType} — write the version as a number: version: 2`);
  });

  test.each<[number, string]>([
    [1, '1'],
    [3, '3'],
    [1.99, '1'],
    [-2.5, '-2'],
    [2 ** 63, '-9223372036854775808'],
    [-(2 ** 64), '-9223372036854775808'],
  ])('another version: %p reads as %s', (version, shown) => {
    expect(problemLine({ version })).toBe(unsupported(shown));
  });

  test('an inherited version is no version', () => {
    const config = Object.create({ version: 2 });
    expect(problemLine(config)).toContain('missing required \'version\' field');
  });

  test('a problem is returned, not thrown', () => {
    expect(() => detectConfigVersion({ version: 3 })).not.toThrow();
  });
});
