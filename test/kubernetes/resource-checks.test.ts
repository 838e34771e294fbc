/** resourceNameProblems: core/v1 ValidateResourceRequirements of a container's resource names and its non-overcommitable resources. */
import { resourceNameProblems } from '../../src/kubernetes/resource-checks';

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
