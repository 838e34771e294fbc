/**
 * What a plan emits (src/distribution/emitted-objects.ts): the construct's children and the
 * command line's documents in one order, and each document as cdk8s's `ApiObject.toJson()`
 * writes it, key order included.
 */
import { ApiObject, App, Chart, Size, Testing } from 'cdk8s';
import { InferenceProvider, LlamaStackDistribution, Platform, ServerTarget } from '../../src';
import { EMITTED_IDS, emittedObjects, synthesizedJson } from '../../src/distribution/emitted-objects';
import { planDistribution } from '../../src/distribution/planner';
import { LlamaStackDistributionProps } from '../../src/distribution/props';

const MANY: LlamaStackDistributionProps = {
  inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })],
  models: ['meta-llama/Llama-3.2-3B-Instruct'],
  persistentStorage: { size: Size.gibibytes(5) },
  allowedFrom: { namespaces: ['apps'] },
  allowedTo: { cidrs: ['10.0.0.0/8'], ports: [5432] },
  expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' },
  monitoring: { serviceMonitor: true, prometheusRule: true },
  labels: { team: 'ai' },
  podAnnotations: { 'example.com/b': 'x', 'example.com/a': 'y' },
  verify: {},
  allowPerPodState: true,
};

const CASES: [string, LlamaStackDistributionProps][] = [
  ['the defaults', {}],
  ['many objects', MANY],
  ['OpenShift, with a Route', { ...MANY, platform: Platform.OPENSHIFT, caBundle: { clusterInjected: true } }],
  ['scaled', { autoscaling: { minReplicas: 2, maxReplicas: 4, targetCPUUtilizationPercentage: 70 }, allowPerPodState: true }],
  ['the operator target', { target: ServerTarget.OPERATOR, replicas: 1 }],
];

describe.each(CASES)('%s', (_name, props) => {
  test('the construct makes its children in emit order, and each is written as synthesizedJson writes it', () => {
    const chart = Testing.chart();
    new LlamaStackDistribution(chart, 'llama', props);
    const plan = planDistribution(props, { id: 'llama' });
    const emitted = emittedObjects(plan);
    const children = chart.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject);
    expect(children.map((c) => c.node.id)).toEqual(emitted.map((o) => o.id));
    // Key order too: the text is what the writers read.
    expect(JSON.stringify(emitted.map((o) => synthesizedJson(o.manifest)))).toBe(JSON.stringify(chart.toJson()));
  });
});

test('the ids are in apply order, each once', () => {
  expect(new Set(EMITTED_IDS).size).toBe(EMITTED_IDS.length);
  expect(EMITTED_IDS.indexOf('ConfigMap')).toBeLessThan(EMITTED_IDS.indexOf('Deployment'));
  expect(EMITTED_IDS.indexOf('ServiceAccount')).toBeLessThan(EMITTED_IDS.indexOf('Deployment'));
  expect(EMITTED_IDS[EMITTED_IDS.length - 1]).toBe('VerifyCronJob');
});

test('an object that is not asked for is not emitted', () => {
  const ids = emittedObjects(planDistribution({}, { id: 'llama' })).map((o) => o.id);
  expect(ids).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service']);
});

describe('synthesizedJson is ApiObject.toJson() in a chart with no namespace and no labels', () => {
  const manifests: [string, any][] = [
    ['unsorted keys at every depth, first keys apiVersion, kind, metadata', {
      spec: { z: 1, a: { y: [{ d: 1, c: 2 }], b: true } },
      metadata: { name: 'x', labels: { b: '1', a: '2' } },
      kind: 'Thing',
      apiVersion: 'example.com/v1',
      data: { 2: 'two', 10: 'ten', b: 'b', A: 'a' },
    }],
    ['null and undefined members dropped; list members kept', {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: undefined }, data: { a: null, b: undefined, c: '' }, list: [1, null, { e: null }],
    }],
    ['empty lists and mappings kept in the body, dropped in metadata', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'x', annotations: {}, labels: {}, finalizers: [], ownerReferences: [], extra: { inner: {} } },
      data: {},
      items: [],
      nested: { empty: {} },
    }],
    ['a namespace and other metadata kept', {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { namespace: 'ai', name: 'x', annotations: { b: '1', a: '2' }, finalizers: ['f'], generateName: 'g' },
    }],
  ];
  test.each(manifests)('%s', (_name, manifest) => {
    const chart = new Chart(new App(), 'render', { disableResourceNameHashes: true });
    const expected = new ApiObject(chart, 'x', JSON.parse(JSON.stringify(manifest, (_k, v) => v))).toJson();
    const fromUndefined = new ApiObject(chart, 'y', manifest).toJson();
    expect(JSON.stringify(synthesizedJson(manifest))).toBe(JSON.stringify(fromUndefined));
    // And the same for its JSON copy (no undefined members).
    expect(JSON.stringify(synthesizedJson(JSON.parse(JSON.stringify(manifest))))).toBe(JSON.stringify(expected));
  });

  test('the manifest itself is not changed', () => {
    const manifest = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: {} }, data: { b: '1', a: null } };
    const copy = JSON.stringify(manifest);
    synthesizedJson(manifest);
    expect(JSON.stringify(manifest)).toBe(copy);
  });
});

test('with CDK8S_DISABLE_SORT, as cdk8s: the body\'s keys in their order, metadata\'s sorted all the same', () => {
  const manifest = { kind: 'Thing', apiVersion: 'example.com/v1', metadata: { name: 'x', labels: { b: '1', a: '2' } }, spec: { z: 1, a: { y: 2, b: 3 } } };
  const before = process.env.CDK8S_DISABLE_SORT;
  process.env.CDK8S_DISABLE_SORT = '1';
  try {
    const expected = new ApiObject(new Chart(new App(), 'render', { disableResourceNameHashes: true }), 'x', manifest).toJson();
    expect(JSON.stringify(synthesizedJson(manifest, false))).toBe(JSON.stringify(expected));
    expect(JSON.stringify(synthesizedJson(manifest, false))).not.toBe(JSON.stringify(synthesizedJson(manifest)));
  } finally {
    if (before === undefined) delete process.env.CDK8S_DISABLE_SORT;
    else process.env.CDK8S_DISABLE_SORT = before;
  }
});
