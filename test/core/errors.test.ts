/**
 * A failed `npx cdk8s synth` prints what Node prints for an uncaught error (`util.inspect`): each
 * problem once, no frames inside the library, no dump of `.problems`.
 */
import { inspect } from 'util';
import { LlamaStackConfigError } from '../../src';
import { distinct, fixFor } from '../../src/core/errors';
import { LlamaStackDistribution } from '../../src/distribution';

function thrown(fn: () => void): LlamaStackConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e;
    throw e;
  }
  throw new Error('nothing thrown');
}

test('as Node prints it: each problem once, no library frames, no .problems dump', () => {
  const { Testing } = jest.requireActual('cdk8s');
  const e = thrown(() => new LlamaStackDistribution(Testing.chart(), 'llama', { replicas: -1, port: 0 } as any));
  expect(e.problems.length).toBe(2);
  const printed = inspect(e);
  for (const p of e.problems) expect(printed.split(p.message).length - 1).toBe(1);
  expect(printed).not.toMatch(/problems: \[/);
  expect(printed).not.toMatch(/[\\/]src[\\/](distribution|core)[\\/]/);
  // The caller's frame stays: it says where the app built the distribution.
  expect(printed).toMatch(/errors\.test\.ts/);
  expect(printed.startsWith('LlamaStackConfigError: 2 problems:\n- props.')).toBe(true);
});

test('problems and the name stay readable', () => {
  const e = new LlamaStackConfigError([{ path: 'a', message: 'b', fix: 'c' }]);
  expect(e.problems).toEqual([{ path: 'a', message: 'b', fix: 'c' }]);
  expect(e.name).toBe('LlamaStackConfigError');
  expect(e.message).toBe('a: b — c');
  expect(Object.keys(e)).toEqual([]);
});

test('a fix in each reader\'s words: the manifest\'s, the OGXServer\'s (else the manifest\'s), else the props\'', () => {
  const p = { path: 'p', message: 'm', fix: 'set allowPerPodState: true', fixes: { manifest: 'pass --allow-per-pod-state' } as { manifest?: string; ogxServer?: string } };
  expect([fixFor(p, 'props'), fixFor(p, 'manifest'), fixFor(p, 'ogxServer')]).toEqual(['set allowPerPodState: true', 'pass --allow-per-pod-state', 'pass --allow-per-pod-state']);
  expect(fixFor({ ...p, fixes: { ogxServer: 'o' } }, 'manifest')).toBe('set allowPerPodState: true');
  expect(fixFor({ ...p, fixes: { ogxServer: 'o' } }, 'ogxServer')).toBe('o');
  expect(distinct([{ path: 'a', message: 'm', fix: '1' }, { path: 'a', message: 'm', fix: '2' }, { path: 'b', message: 'm', fix: '3' }]))
    .toEqual([{ path: 'a', message: 'm', fix: '1' }, { path: 'b', message: 'm', fix: '3' }]);
});
