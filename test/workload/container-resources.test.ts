/**
 * The server container's resources: defaults sized for starter's in-process models, never above
 * a limit the user set (the API server rejects a request greater than its limit), and a user
 * request above a user limit is a synth error naming both.
 */
import { Chart, Size, Testing } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import * as YAML from 'yaml';
import { LlamaStackDistribution, LlamaStackDistributionProps, ServerTarget } from '../../src';
import { main } from '../../src/cli/main';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { schemaErrors } from '../support/k8s-schema';
import { problemLines } from '../support/problems';

function synth(props: LlamaStackDistributionProps): any[] {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
  new LlamaStackDistribution(chart, 'llama', props);
  return Testing.synth(chart);
}

/** A manifest's spec with these resources (quantities as strings, as a manifest writes them). */
function manifest(given: any): LlamaStackDistributionProps {
  return { spec: { distribution: { name: 'starter' }, workload: { resources: given } } };
}

function resources(props: LlamaStackDistributionProps): any {
  const objects = synth(props);
  expect(schemaErrors(objects)).toEqual([]);
  return objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].resources;
}

describe('defaults', () => {
  test.each([['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7], ['operator', ServerTarget.OPERATOR]])(
    '%s: cpu = workers, memory 2Gi requested and 4Gi limit per worker', (_id, target) => {
      expect(resources({ target })).toEqual({ requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '4Gi' } });
      expect(resources({ target, workers: 3 })).toEqual({ requests: { cpu: '3', memory: '6Gi' }, limits: { memory: '12Gi' } });
    });
});

describe('defaults never exceed the user\'s limits', () => {
  test.each<[string, LlamaStackDistributionProps, any]>([
    ['a memory limit below the default request takes its place (the issue\'s case)',
      { resources: { memory: { limit: Size.mebibytes(512) } } },
      { requests: { cpu: '1', memory: '512Mi' }, limits: { memory: '512Mi' } }],
    ['binary fractions', { resources: { memory: { limit: Size.gibibytes(1.5) } } },
      { requests: { cpu: '1', memory: '1.5Gi' }, limits: { memory: '1.5Gi' } }],
    ['decimal suffix (a manifest): 2G is below 2Gi', manifest({ limits: { memory: '2G' } }),
      { requests: { cpu: '1', memory: '2G' }, limits: { memory: '2G' } }],
    ['exponent (a manifest): 2e9 is below 2Gi', manifest({ limits: { memory: '2e9' } }),
      { requests: { cpu: '1', memory: '2e9' }, limits: { memory: '2e9' } }],
    ['equal in other units: the default is kept', { resources: { memory: { limit: Size.mebibytes(2048) } } },
      { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '2048Mi' } }],
    ['a limit between request and default limit (a manifest)', manifest({ limits: { memory: '3000M' } }),
      { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '3000M' } }],
    ['a CPU limit below workers takes the CPU request\'s place', { resources: { cpu: { limit: Cpu.millis(500) } } },
      { requests: { cpu: '500m', memory: '2Gi' }, limits: { cpu: '500m', memory: '4Gi' } }],
    ['workers 4 with a 2.5 CPU limit', { workers: 4, resources: { cpu: { limit: Cpu.millis(2500) } } },
      { requests: { cpu: '2500m', memory: '8Gi' }, limits: { cpu: '2500m', memory: '16Gi' } }],
    ['a CPU limit above workers leaves the request at workers', { workers: 2, resources: { cpu: { limit: Cpu.units(4) } } },
      { requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '4', memory: '8Gi' } }],
    ['a memory request above the default limit raises the limit', { resources: { memory: { request: Size.gibibytes(8) } } },
      { requests: { cpu: '1', memory: '8Gi' }, limits: { memory: '8Gi' } }],
    ['a memory request below the default limit keeps it', { resources: { memory: { request: Size.gibibytes(1) } } },
      { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '4Gi' } }],
    ['user values are kept as written, extended resources as limits',
      { resources: { cpu: { request: Cpu.millis(250) }, memory: { request: Size.gibibytes(1), limit: Size.gibibytes(1) }, extendedResources: { 'nvidia.com/gpu': 1 } } },
      { requests: { cpu: '250m', memory: '1Gi' }, limits: { 'memory': '1Gi', 'nvidia.com/gpu': '1' } }],
    ['a manifest\'s other resources are kept as written too',
      manifest({ requests: { 'cpu': '250m', 'memory': '1Gi', 'nvidia.com/gpu': '1' }, limits: { 'memory': '1Gi', 'nvidia.com/gpu': '1' } }),
      { requests: { 'cpu': '250m', 'memory': '1Gi', 'nvidia.com/gpu': '1' }, limits: { 'memory': '1Gi', 'nvidia.com/gpu': '1' } }],
  ])('%s', (_what, props, expected) => {
    expect(resources(props)).toEqual(expected);
  });

  test('from a manifest\'s spec, integer quantities included', () => {
    expect(resources({ spec: { distribution: { name: 'starter' }, workload: { workers: 2, resources: { limits: { cpu: 1, memory: 1073741824 } } } } }))
      .toEqual({ requests: { cpu: 1, memory: 1073741824 }, limits: { cpu: 1, memory: 1073741824 } });
  });
});

describe('a request above its limit is an error naming both', () => {
  test('memory and cpu, every problem at once', () => {
    expect(problemLines(() => synth({
      resources: { cpu: { request: Cpu.units(2), limit: Cpu.millis(1500) }, memory: { request: Size.gibibytes(2), limit: Size.gibibytes(1) } },
    }))).toEqual([
      'props.resources.cpu.request: "2" is above props.resources.cpu.limit ("1500m"): the API server rejects a request greater than its limit'
        + ' — lower requests.cpu to at most 1500m, or raise limits.cpu to at least 2',
      'props.resources.memory.request: "2Gi" is above props.resources.memory.limit ("1Gi"): the API server rejects a request greater than its limit'
        + ' — lower requests.memory to at most 1Gi, or raise limits.memory to at least 2Gi',
    ]);
  });

  test.each<[string, any, string]>([
    ['1001m over 1', { cpu: { request: Cpu.millis(1001), limit: Cpu.units(1) } }, 'props.resources.cpu.request'],
    ['1025Mi over 1Gi', { memory: { request: Size.mebibytes(1025), limit: Size.gibibytes(1) } }, 'props.resources.memory.request'],
    ['1Gi over 1G (a manifest)', manifest({ requests: { memory: '1Gi' }, limits: { memory: '1G' } }), 'spec.workload.resources.requests.memory'],
    ['an extended resource (a manifest)', manifest({ requests: { 'nvidia.com/gpu': '2' }, limits: { 'nvidia.com/gpu': '1' } }),
      'spec.workload.resources.requests.nvidia.com/gpu'],
  ])('%s', (_what, given, path) => {
    const props = 'spec' in given ? given : { resources: given };
    expect(problemLines(() => synth(props)).map((l) => l.split(':')[0])).toEqual([path]);
  });

  test('equal amounts in other units are fine', () => {
    const equal = { cpu: { request: Cpu.millis(1000), limit: Cpu.units(1) }, memory: { request: Size.mebibytes(1024), limit: Size.gibibytes(1) } };
    expect(resources({ resources: equal }))
      .toEqual({ requests: { cpu: '1000m', memory: '1024Mi' }, limits: { cpu: '1', memory: '1Gi' } });
  });

  test('in a manifest\'s spec, and through the CR constructs (same checks)', () => {
    const spec = { distribution: { name: 'starter' }, workload: { resources: { requests: { memory: '4Gi' }, limits: { memory: '3Gi' } } } };
    const expected = [
      'spec.workload.resources.requests.memory: "4Gi" is above spec.workload.resources.limits.memory ("3Gi"): the API server rejects a request greater than its limit'
        + ' — lower requests.memory to at most 3Gi, or raise limits.memory to at least 4Gi',
    ];
    expect(problemLines(() => synth({ spec }))).toEqual(expected);
    expect(problemLines(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', { spec }))).toEqual(expected);
  });

  test('the command line reports it with exit code 1', async () => {
    const cr = YAML.stringify({
      apiVersion: 'llamastack.io/v1alpha2',
      kind: 'LlamaStackDistribution',
      metadata: { name: 's' },
      spec: { distribution: { name: 'starter' }, workload: { resources: { limits: { memory: '512Mi' } } } },
    });
    let out = '';
    expect(await main(['render'], { stdout: (t) => { out += t; }, stderr: () => undefined, stdin: () => cr, env: {} })).toBe(0);
    const deployment = YAML.parseAllDocuments(out).map((d) => d.toJS()).find((o) => o.kind === 'Deployment');
    expect(deployment.spec.template.spec.containers[0].resources).toEqual({ requests: { cpu: '1', memory: '512Mi' }, limits: { memory: '512Mi' } });
    let err = '';
    const bad = cr.replace('memory: 512Mi', 'memory: 512Mi\n      requests:\n        memory: 1Gi');
    expect(await main(['render'], { stdout: () => undefined, stderr: (t) => { err += t; }, stdin: () => bad, env: {} })).toBe(1);
    expect(err).toContain('stdin (s): spec.workload.resources.requests.memory: "1Gi" is above spec.workload.resources.limits.memory ("512Mi")');
  });

  test('negative amounts and exponents the API server cannot parse', () => {
    expect(problemLines(() => synth(manifest({ requests: { cpu: '-1' }, limits: { memory: '1e1.5' } })))).toEqual([
      'spec.workload.resources.requests.cpu: must be greater than or equal to 0, not "-1" — use a positive quantity, or remove it',
      'spec.workload.resources.limits.memory: "1e1.5" is not a quantity the API server parses (an exponent must be a whole number) — write it with a suffix, e.g. 500m, 2, 512Mi or 4Gi',
    ]);
    // A Cpu can be negative (cdk8s-plus does not check): the same rule, at the typed prop.
    expect(problemLines(() => synth({ resources: { cpu: { request: Cpu.millis(-1) } } }))).toEqual([
      'props.resources.cpu.request: must be greater than or equal to 0, not "-1m" — use a positive quantity, or remove it',
    ]);
  });

  test('malformed quantities are reported once, by the schema check', () => {
    const lines = problemLines(() => synth(manifest({ limits: { memory: '1GB' } })));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^spec\.workload\.resources\.limits\.memory: "1GB" does not match /);
  });
});
