/** snapshotSpec: the v1alpha2 spec read once as plain JSON at the entry points. */
import { LlamaStackConfigError } from '../../src/core/errors';
import { snapshotSpec } from '../../src/spec/spec-snapshot';

function problemsOf(f: () => unknown) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems;
  }
  throw new Error('did not throw');
}

describe('snapshotSpec', () => {
  test('a spec is copied as plain data', () => {
    const raw = { distribution: { name: 'starter' }, disabled: ['eval'] };
    const spec = snapshotSpec(raw);
    expect(spec).toEqual(raw);
    expect(spec).not.toBe(raw);
    expect(spec.distribution).not.toBe(raw.distribution);
  });

  test('a getter is read once', () => {
    let reads = 0;
    const raw = { get distribution() { reads++; return { name: 'starter' }; } };
    snapshotSpec(raw);
    expect(reads).toBe(1);
  });

  test.each([[null, 'null'], [undefined, 'nothing'], ['starter', 'a string of 7 characters'], [[], 'a list of 0 items']])('%p is not an object', (raw, shown) => {
    const problems = problemsOf(() => snapshotSpec(raw));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('spec');
    expect(problems[0].message).toBe(`must be an object, got ${shown}`);
    expect(problems[0].fix).toBe('pass a v1alpha2 spec object, e.g. { distribution: { name: "starter" } }');
  });

  test('the path is the caller\'s', () => {
    expect(problemsOf(() => snapshotSpec(1, 'props.spec'))[0].path).toBe('props.spec');
  });

  test('values JSON cannot hold are problems at their paths, all at once', () => {
    const cyclic: { [k: string]: unknown } = { distribution: { name: 'x' } };
    cyclic.self = cyclic;
    const raw = { distribution: { name: 'starter', n: 1n }, f: () => 1, cyc: cyclic };
    const paths = problemsOf(() => snapshotSpec(raw)).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['spec.distribution.n', 'spec.f']));
    expect(paths.some((p) => p.startsWith('spec.cyc'))).toBe(true);
  });

  test('a getter that throws is a problem, not an exception', () => {
    const raw = { get distribution(): unknown { throw new Error('boom'); } };
    const problems = problemsOf(() => snapshotSpec(raw));
    expect(problems.length).toBeGreaterThan(0);
  });
});
