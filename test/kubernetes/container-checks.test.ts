/**
 * Key references: the same problems with a path given as text or as a function, called only for a
 * problem. resourceNameProblems: core/v1 ValidateResourceRequirements of a container's resource
 * names and its non-overcommitable resources.
 */
import { argvProblems, envProblems, imageProblems, keyRefProblems, pullPolicyProblems, resourceNameProblems } from '../../src/kubernetes/container-checks';

describe('keyRefProblems', () => {
  test('a path function is called only when there is a problem, and gives the same problems', () => {
    let calls = 0;
    const at = () => {
      calls++;
      return 'spec.x';
    };
    for (const ok of [{ name: 'vllm', key: 'token' }, { name: '', key: '' }, { name: 7, key: 7 }, 'not an object']) {
      expect(keyRefProblems(ok, at)).toEqual([]);
      expect(keyRefProblems(ok, at, 'ConfigMap')).toEqual([]);
    }
    expect(calls).toBe(0);
    for (const bad of [{ name: 'Bad_Name', key: 'k' }, { name: 'ok', key: 'bad key' }, { name: 'Bad', key: '..x' }]) {
      for (const kind of ['Secret', 'ConfigMap'] as const) {
        const found = keyRefProblems(bad, at, kind);
        expect(found.length).toBeGreaterThan(0);
        expect(found).toEqual(keyRefProblems(bad, 'spec.x', kind));
      }
    }
    expect(calls).toBe(6);
  });
});

describe('image, pull policy and env checks with a path function', () => {
  test('the same problems as with the path as text; the function is called only for a problem', () => {
    let calls = 0;
    const at = () => {
      calls++;
      return 'c';
    };
    expect(imageProblems('quay.io/a/b:1', at)).toEqual([]);
    expect(imageProblems(7, at)).toEqual([]);
    expect(pullPolicyProblems('IfNotPresent', at)).toEqual([]);
    expect(envProblems([{ name: 'A', value: 'x' }, { name: 'S', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }], at)).toEqual([]);
    expect(calls).toBe(0);
    for (const image of ['', '  ', ' a', 'a\n']) expect(imageProblems(image, at)).toEqual(imageProblems(image, 'c'));
    expect(imageProblems('', 'c')[0].message).toBe('Required value: a container needs an image');
    expect(imageProblems(' a', 'c')[0].message).toBe('" a" must not have leading or trailing whitespace');
    expect(pullPolicyProblems('always', at)).toEqual(pullPolicyProblems('always', 'c'));
    const env = [{ name: '1A', value: 'x' }, { name: 'S', value: 'v', valueFrom: { secretKeyRef: { name: 'Bad_Name', key: 'k' } } }];
    expect(envProblems(env, at)).toEqual(envProblems(env, 'c'));
    expect(envProblems(env, 'c').map((p) => p.path)).toEqual(['c[0].name', 'c[1].valueFrom', 'c[1].valueFrom.secretKeyRef.name']);
  });
});

describe('NUL in an env value, a command or an argument (the API server takes it; no container can start with it)', () => {
  const NUL = 'holds a NUL character (\\u0000): the API server accepts it, but the container runtime passes env and arguments as C strings and cannot start the container';

  test('envProblems: at the value', () => {
    expect(envProblems([{ name: 'A', value: 'x\u0000y' }, { name: 'B', value: 'fine' }], 'c')).toEqual([
      { path: 'c[0].value', message: NUL, fix: 'remove the NUL character' },
    ]);
  });

  test('argvProblems: at each entry, only where a NUL is', () => {
    expect(argvProblems(['serve', '--x\u0000', 7, '\u0000'], 'c.args')).toEqual([
      { path: 'c.args[1]', message: NUL, fix: 'remove the NUL character' },
      { path: 'c.args[3]', message: NUL, fix: 'remove the NUL character' },
    ]);
    expect(argvProblems(undefined, 'c')).toEqual([]);
  });
});

const lines = (resources: unknown) => resourceNameProblems(resources, 'props.resources').map((p) => `${p.path}: ${p.message} — ${p.fix}`);
const NAME_FIX = 'use cpu, memory, ephemeral-storage, or a device plugin\'s fully qualified resource name such as nvidia.com/gpu';

describe('resourceNameProblems', () => {
  test('standard resources, hugepages and extended resources with equal whole limits have none', () => {
    expect(lines({
      requests: { 'cpu': '500m', 'memory': '1Gi', 'ephemeral-storage': '1Gi', 'hugepages-2Mi': '4Mi', 'nvidia.com/gpu': 1 },
      limits: { 'cpu': '2', 'memory': '2Gi', 'hugepages-2Mi': '4Mi', 'nvidia.com/gpu': '1' },
    })).toStrictEqual([]);
    expect(lines(undefined)).toStrictEqual([]);
    expect(lines({ requests: 'x', limits: [] })).toStrictEqual([]);
  });

  test('a name that is neither standard nor fully qualified', () => {
    expect(lines({ requests: { gpu: '1' }, limits: { storage: '1Gi' } })).toStrictEqual([
      `props.resources.requests.gpu: "gpu" must be a standard resource for containers (cpu, memory, ephemeral-storage, hugepages-<size>) or fully qualified (e.g. nvidia.com/gpu) — ${NAME_FIX}`,
      `props.resources.limits.storage: "storage" must be a standard resource for containers (cpu, memory, ephemeral-storage, hugepages-<size>) or fully qualified (e.g. nvidia.com/gpu) — ${NAME_FIX}`,
    ]);
  });

  test('a requests.-prefixed domain name is not an extended resource', () => {
    expect(lines({ limits: { 'requests.example.com/gpu': '1' } })).toStrictEqual([
      `props.resources.limits.requests.example.com/gpu: "requests.example.com/gpu" doesn't follow extended resource name standard — ${NAME_FIX}`,
    ]);
  });

  test('a name that is not a qualified name: its own errors, and no further rule', () => {
    const found = lines({ requests: { 'bad name/x/y': '1' } });
    expect(found).toHaveLength(1);
    expect(found[0].startsWith('props.resources.requests.bad name/x/y: "bad name/x/y" ')).toBe(true);
  });

  test('an extended resource or hugepages needs a limit, and a request equal to it', () => {
    expect(lines({ requests: { 'nvidia.com/gpu': '1', 'hugepages-1Gi': '1Gi' } })).toStrictEqual([
      'props.resources.requests.nvidia.com/gpu: Limit must be set for non overcommitable resources (nvidia.com/gpu) — set limits.nvidia.com/gpu to 1 (or set only the limit: the request follows it)',
      'props.resources.requests.hugepages-1Gi: Limit must be set for non overcommitable resources (hugepages-1Gi) — set limits.hugepages-1Gi to 1Gi (or set only the limit: the request follows it)',
    ]);
    expect(lines({ requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '2' } })).toStrictEqual([
      'props.resources.requests.nvidia.com/gpu: "1" must be equal to nvidia.com/gpu limit of 2 — set requests.nvidia.com/gpu equal to limits.nvidia.com/gpu, or remove the request',
    ]);
    // Above the limit is resourceProblems' (workload/container-resources.ts), not this check's.
    expect(lines({ requests: { 'nvidia.com/gpu': '3' }, limits: { 'nvidia.com/gpu': '2' } })).toStrictEqual([]);
  });

  test('CPU and memory may be overcommitted: a request without a limit is fine', () => {
    expect(lines({ requests: { cpu: '1', memory: '1Gi' } })).toStrictEqual([]);
  });

  test('an extended resource is counted in whole units, in requests and limits', () => {
    expect(lines({ requests: { 'example.com/fpga': '500m' }, limits: { 'example.com/fpga': '500m' } })).toStrictEqual([
      'props.resources.requests.example.com/fpga: "500m" must be an integer (an extended resource is counted in whole units) — use a whole number, e.g. 1',
      'props.resources.limits.example.com/fpga: "500m" must be an integer (an extended resource is counted in whole units) — use a whole number, e.g. 1',
    ]);
    expect(lines({ limits: { 'example.com/fpga': '2k' } })).toStrictEqual([]);
  });
});
