/**
 * Props paths are said once, at the edge: a problem found at a spec path is reported at the prop
 * it came from, with its fix in the props' words, and each problem once. A problem written at a
 * `props.…` path is said as written.
 */
import { Testing } from 'cdk8s';
import { ConfigProblem, LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution } from '../../src/distribution/llama-stack-distribution';
import { planDistribution, resolvePlan } from '../../src/distribution/planner';
import { atPropsPaths } from '../../src/distribution/props-paths';
import { specAndProblemsFromProps } from '../../src/distribution/spec-from-props';
import { TenancyMode } from '../../src/generate/server';
import { ServerTarget } from '../../src/releases/server-target';
import { problemLines } from '../support/problems';

const { origins } = specAndProblemsFromProps({ replicas: 2, disabledApis: ['telemetry'] }, 'llama');

test('a problem as found: at its props path, with the props fix, and nothing of the other readers\' words', () => {
  const found: ConfigProblem[] = [
    { path: 'spec.workload.replicas', message: 'm', fix: 'set allowPerPodState: true', fixes: { manifest: 'pass --allow-per-pod-state' } },
    { path: 'props.newOption', message: 'a new problem at a props path', fix: 'remove newOption' },
    { path: 'spec.workload.replicas', message: 'm', fix: 'said once' },
  ];
  expect(atPropsPaths(found, origins)).toEqual([
    { path: 'props.replicas', message: 'm', fix: 'set allowPerPodState: true' },
    { path: 'props.newOption', message: 'a new problem at a props path', fix: 'remove newOption' },
  ]);
});

test('the CRD\'s message names its list by path, so a props user reads the prop (it read "disabled must contain")', () => {
  const lines = problemLines(() => new LlamaStackDistribution(Testing.chart(), 'llama', { disabledApis: ['telemetry', 'nonsense' as any] }));
  expect(lines).toEqual([
    'props.disabledApis[1]: props.disabledApis must contain valid API names (agents, batches, container_runtime, datasetio, eval, file_processors, '
      + 'files, inference, interactions, messages, post_training, responses, safety, scoring, skills, telemetry, tool_runtime, vector_io) '
      + '— remove "nonsense" (the message lists the API names)',
  ]);
});

test('the planner returns problems as found; planDistribution, the edge, says them at props paths', () => {
  // Two replicas over the starter's SQLite stores: found by the generator at the spec path.
  const outcome = resolvePlan({ replicas: 2 }, { id: 'llama' });
  expect('problems' in outcome && outcome.problems.map((p) => [p.path, p.fixes?.manifest]).slice(0, 1)).toEqual([
    ['spec.workload.replicas', 'use spec.storage.kv: {type: redis, endpoint: …}, or pass --allow-per-pod-state'],
  ]);
  let thrown: unknown;
  try {
    planDistribution({ replicas: 2 }, { id: 'llama' });
  } catch (e) {
    thrown = e;
  }
  expect(thrown instanceof LlamaStackConfigError && thrown.problems.slice(0, 1)).toEqual([{
    path: 'props.replicas',
    message: 'storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own',
    fix: 'use kvStorage: StorageBackend.redis({ endpoint }), or set allowPerPodState: true',
  }]);
});

test('a caller with words of its own says them instead (the manifest readers)', () => {
  const words = (problems: readonly ConfigProblem[]) => problems.map((p) => ({ path: `manifest:${p.path}`, message: p.message, fix: p.fixes?.manifest ?? p.fix }));
  const plan = planDistribution({ replicas: 2, allowPerPodState: true }, { id: 'llama', words });
  expect(plan.warnings.every((w) => w.path.startsWith('manifest:'))).toBe(true);
  expect(() => planDistribution({ replicas: 2 }, { id: 'llama', words }))
    .toThrow(/^\d+ problems:\n- manifest:spec\.workload\.replicas: storage backend kv_default .* — use spec\.storage\.kv: \{type: redis, endpoint: …\}, or pass --allow-per-pod-state\n/);
});

describe('a generation option\'s problem is said at the prop it came from', () => {
  test.each([
    ['options.serverTls.ciphers', 'props.tls.ciphers'],
    ['options.auth.caCertificate', 'props.auth.caCertificate'],
    ['options.tenancy', 'props.tenancy'],
    ['options.vectorStoresStorage', 'props.vectorStoresStorage'],
    // Not a generation option: kept as found.
    ['options.serverTlsDir', 'options.serverTlsDir'],
  ])('%s → %s, with or without a typed spec', (found, said) => {
    const problem: ConfigProblem = { path: found, message: 'm', fix: 'f' };
    expect(atPropsPaths([problem], undefined)[0].path).toBe(said);
    expect(atPropsPaths([problem], specAndProblemsFromProps({}).origins)[0].path).toBe(said);
  });

  test('through the construct: a tenancy the auth cannot serve, at props.tenancy', () => {
    const resolved = resolvePlan({ target: ServerTarget.OGX_1_3, tenancy: { mode: TenancyMode.MULTI } }, { id: 'llama' });
    expect('problems' in resolved && resolved.problems.map((p) => p.path)).toEqual(['options.tenancy.mode']);
    expect(problemLines(() => planDistribution({ target: ServerTarget.OGX_1_3, tenancy: { mode: TenancyMode.MULTI } }, { id: 'llama' })))
      .toEqual([expect.stringMatching(/^props\.tenancy\.mode: tenancy mode 'multi' answers 401/)]);
  });
});
