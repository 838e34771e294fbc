/**
 * Issue 17: one path rule (core/path.ts) for every check. A key of any length keeps the path, and
 * so the problem, short: a 1 MB unknown key in `spec` used to come back in a 1,000,243-character error.
 */
import { ConfigGenerator, LlamaStackConfigError } from '../../src';
import { childPath, indexPath, KEY_MAX, optionPath } from '../../src/core/path';

function problemsOf(fn: () => unknown): LlamaStackConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e;
    throw e;
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('childPath', () => {
  test('identifier keys with a dot, others quoted as JSON', () => {
    expect(childPath('spec', 'providers')).toBe('spec.providers');
    expect(childPath('spec.secretRefs', 'x-api-key')).toBe('spec.secretRefs["x-api-key"]');
    expect(childPath('a', 'line\nbreak')).toBe('a["line\\nbreak"]');
    expect(childPath('a', '')).toBe('a[""]');
  });

  test('long keys, identifier-like or not, are cut with an ellipsis', () => {
    const long = 'k'.repeat(1_000_000);
    expect(childPath('spec', long)).toBe(`spec["${'k'.repeat(KEY_MAX)}…"]`);
    expect(childPath('spec', `-${long}`).length).toBeLessThan(100);
  });

  test('index and option paths', () => {
    expect(indexPath('spec.providers.inference', 2)).toBe('spec.providers.inference[2]');
    expect(optionPath('ServerAuth.oauth2Jwks', 'jwksUri')).toBe('ServerAuth.oauth2Jwks(jwksUri)');
  });
});

describe('a 1 MB unknown key gives a short error', () => {
  const KEY = 'x'.repeat(1024 * 1024);

  test.each([
    ['identifier-like', KEY],
    ['with a dash', `my-${KEY}`],
  ])('in spec (%s), through ConfigGenerator.generate', (_what, key) => {
    const e = problemsOf(() => ConfigGenerator.generate({ distribution: { name: 'starter' }, [key]: true } as any));
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0].message).toMatch(/^unknown field "/);
    expect(e.message.length).toBeLessThan(2000);
  });

  test('in a nested struct and in secretRefs', () => {
    const e = problemsOf(() => ConfigGenerator.generate({
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', [KEY]: 1, secretRefs: { [KEY]: 'plain' } }] },
    } as any));
    expect(e.problems.map((p) => p.path)).toEqual([
      `spec.providers.inference[0]["${'x'.repeat(KEY_MAX)}…"]`,
      `spec.providers.inference[0].secretRefs["${'x'.repeat(KEY_MAX)}…"]`,
    ]);
    expect(e.message.length).toBeLessThan(2000);
  });
});

describe('a map key that looks like a credential is not shown in a path (issue 29)', () => {
  test.each([
    ['a token', 'ghp_0123456789abcdefghijKLMN'],
    ['a URL with a password', 'https://u:pw@host'],
  ])('%s', (_what, key) => {
    expect(childPath('spec.providers.inference[0].settings', key)).toBe(`spec.providers.inference[0].settings[<a key of ${key.length} characters that looks like a credential, not shown>]`);
  });

  test('a settings key that is a token, through the spec check', () => {
    const e = problemsOf(() => ConfigGenerator.generate({
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', secretRefs: { 'sk-0123456789abcdefghijkl': 'plain' } }] },
    } as any));
    expect(e.message).not.toContain('sk-0123456789abcdefghijkl');
    expect(e.problems.map((p) => p.path)).toEqual(['spec.providers.inference[0].secretRefs[<a key of 25 characters that looks like a credential, not shown>]']);
  });
});
