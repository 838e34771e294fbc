import { LlamaStackConfigError } from '../../src/core/errors';
import { OptionProblems, ProblemList } from '../../src/core/problems';

test('lists problems in order and throws them all at once', () => {
  const p = new ProblemList();
  p.throwIfAny();
  p.add('a', 'is wrong', 'fix a');
  p.add('b', 'is wrong', () => 'fix b');
  expect(p.problems).toEqual([{ path: 'a', message: 'is wrong', fix: 'fix a' }, { path: 'b', message: 'is wrong', fix: 'fix b' }]);
  expect(() => p.throwIfAny()).toThrow(LlamaStackConfigError);
  expect(() => p.throwIfAny()).toThrow('2 problems:\n- a: is wrong — fix a\n- b: is wrong — fix b');
});

test('past its bound, counts problems and says how many were left out (lazy fixes are not computed)', () => {
  const p = new ProblemList(2);
  const fix = jest.fn(() => 'fix');
  for (let i = 0; i < 5; i++) p.add(`p${i}`, 'm', fix);
  expect(fix).toHaveBeenCalledTimes(2);
  expect(p.count).toBe(5);
  expect(p.finish('spec').map((x) => x.path)).toEqual(['p0', 'p1', 'spec']);
  expect(p.finish('spec')[2].message).toBe('3 more problems not listed');
  expect(new ProblemList().finish('spec')).toEqual([]);
});

test('option problems are at where(option)', () => {
  const c = new OptionProblems('ServerAuth.oauth2Jwks');
  c.problem('jwksUri', 'jwksUri is required', "pass jwksUri: 'https://…'");
  c.addAll([{ path: 'x', message: 'm', fix: 'f' }]);
  expect(c.problems.map((p) => p.path)).toEqual(['ServerAuth.oauth2Jwks(jwksUri)', 'x']);
});

test('problems another check found are kept as found: their fixes in other readers\' words too, within the bound', () => {
  const p = new ProblemList(1);
  const found = { path: 'a', message: 'm', fix: 'set allowPerPodState: true', fixes: { manifest: 'pass --allow-per-pod-state' } };
  p.addAll([found, { path: 'b', message: 'm', fix: 'f' }]);
  expect(p.problems).toEqual([found]);
  expect(p.count).toBe(2);
});
