/**
 * The server container's resources: defaults sized for starter's in-process models, never above
 * a limit the user set (the API server rejects a request greater than its limit), and a user
 * request above a user limit is a synth error naming both.
 */
import { Chart, Testing } from 'cdk8s';
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
      { resources: { limits: { memory: '512Mi' } } },
      { requests: { cpu: '1', memory: '512Mi' }, limits: { memory: '512Mi' } }],
    ['binary fractions', { resources: { limits: { memory: '1.5Gi' } } },
      { requests: { cpu: '1', memory: '1.5Gi' }, limits: { memory: '1.5Gi' } }],
    ['decimal suffix: 2G is below 2Gi', { resources: { limits: { memory: '2G' } } },
      { requests: { cpu: '1', memory: '2G' }, limits: { memory: '2G' } }],
    ['exponent: 2e9 is below 2Gi', { resources: { limits: { memory: '2e9' } } },
      { requests: { cpu: '1', memory: '2e9' }, limits: { memory: '2e9' } }],
    ['equal in other units: the default is kept', { resources: { limits: { memory: '2048Mi' } } },
      { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '2048Mi' } }],
    ['a limit between request and default limit', { resources: { limits: { memory: '3000M' } } },
      { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '3000M' } }],
    ['a CPU limit below workers takes the CPU request\'s place', { resources: { limits: { cpu: '500m' } } },
      { requests: { cpu: '500m', memory: '2Gi' }, limits: { cpu: '500m', memory: '4Gi' } }],
    ['workers 4 with a 2.5 CPU limit', { workers: 4, resources: { limits: { cpu: '2500m' } } },
      { requests: { cpu: '2500m', memory: '8Gi' }, limits: { cpu: '2500m', memory: '16Gi' } }],
    ['a CPU limit above workers leaves the request at workers', { workers: 2, resources: { limits: { cpu: '4' } } },
      { requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '4', memory: '8Gi' } }],
    ['a memory request above the default limit raises the limit', { resources: { requests: { memory: '8Gi' } } },
      { requests: { cpu: '1', memory: '8Gi' }, limits: { memory: '8Gi' } }],
    ['a memory request below the default limit keeps it', { resources: { requests: { memory: '1Gi' } } },
      { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '4Gi' } }],
    ['user values are kept as written, other resources too',
      { resources: { requests: { 'cpu': '250m', 'memory': '1Gi', 'nvidia.com/gpu': '1' }, limits: { 'memory': '1Gi', 'nvidia.com/gpu': '1' } } },
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
    expect(problemLines(() => synth({ resources: { requests: { cpu: '2', memory: '2Gi' }, limits: { cpu: '1500m', memory: '1Gi' } } }))).toEqual([
      'props.resources.requests.cpu: "2" is above props.resources.limits.cpu ("1500m"): the API server rejects a request greater than its limit'
        + ' — lower requests.cpu to at most 1500m, or raise limits.cpu to at least 2',
      'props.resources.requests.memory: "2Gi" is above props.resources.limits.memory ("1Gi"): the API server rejects a request greater than its limit'
        + ' — lower requests.memory to at most 1Gi, or raise limits.memory to at least 2Gi',
    ]);
  });

  test.each<[string, any, any]>([
    ['1001m over 1', { cpu: '1001m' }, { cpu: '1' }],
    ['1025Mi over 1Gi', { memory: '1025Mi' }, { memory: '1Gi' }],
    ['1Gi over 1G', { memory: '1Gi' }, { memory: '1G' }],
    ['an extended resource', { 'nvidia.com/gpu': '2' }, { 'nvidia.com/gpu': '1' }],
  ])('%s', (_what, requests, limits) => {
    const name = Object.keys(requests)[0];
    expect(problemLines(() => synth({ resources: { requests, limits } })).map((l) => l.split(':')[0])).toEqual([`props.resources.requests.${name}`]);
  });

  test('equal amounts in other units are fine', () => {
    expect(resources({ resources: { requests: { cpu: '1000m', memory: '1024Mi' }, limits: { cpu: '1', memory: '1Gi' } } }))
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
    expect(problemLines(() => synth({ resources: { requests: { cpu: '-1' }, limits: { memory: '1e1.5' } } }))).toEqual([
      'props.resources.requests.cpu: must be greater than or equal to 0, not "-1" — use a positive quantity, or remove it',
      'props.resources.limits.memory: "1e1.5" is not a quantity the API server parses (an exponent must be a whole number) — write it with a suffix, e.g. 500m, 2, 512Mi or 4Gi',
    ]);
  });

  test('malformed quantities are reported once, by the schema check', () => {
    const lines = problemLines(() => synth({ resources: { limits: { memory: '1GB' } } }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^props\.resources\.limits\.memory: "1GB" does not match /);
  });
});
