/**
 * manifest-read.ts: one manifest object read — which objects are distribution manifests, the
 * envelope's Kubernetes limits (object names ≤ 253 characters, namespaces ≤ 63), the namespace
 * asked for, the platform annotation, a v1alpha1 manifest converted with its source paths — and a
 * problem put back into the manifest's words.
 */
import { LlamaStackConfigError } from '../../src/core/errors';
import { isDistributionManifest, manifestProblem, parseDistribution, readDistribution } from '../../src/interop/manifest-read';

const V2 = (metadata: object = {}) => ({
  apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'a', ...metadata }, spec: { distribution: { name: 'starter' } },
});
const V1 = { apiVersion: 'llamastack.io/v1alpha1', kind: 'LlamaStackDistribution', metadata: { name: 'old' }, spec: { replicas: 2, server: { distribution: { name: 'starter' } } } };
const problems = (r: ReturnType<typeof readDistribution>) => ('problems' in r ? r.problems.map((p) => `${p.path}: ${p.message}`) : []);

describe('isDistributionManifest', () => {
  test('a LlamaStackDistribution of llamastack.io or an OGXServer of ogx.io, any version', () => {
    expect(isDistributionManifest(V2())).toBe(true);
    expect(isDistributionManifest(V1)).toBe(true);
    expect(isDistributionManifest({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer' })).toBe(true);
    expect(isDistributionManifest({ apiVersion: 'v1', kind: 'LlamaStackDistribution' })).toBe(false);
    expect(isDistributionManifest({ kind: 'LlamaStackDistribution' })).toBe(false);
    expect(isDistributionManifest({ apiVersion: 'v1', kind: 'ConfigMap' })).toBe(false);
    expect(isDistributionManifest(null)).toBe(false);
  });
});

describe('readDistribution', () => {
  test('a v1alpha2 manifest, with the namespace asked for as its default', () => {
    expect(readDistribution(V2(), { namespace: 'b' })).toEqual({
      parsed: { name: 'a', namespace: 'b', spec: { distribution: { name: 'starter' } }, apiVersion: 'llamastack.io/v1alpha2' },
    });
  });

  test('a manifest in another namespace than the one asked for is refused', () => {
    expect(problems(readDistribution(V2({ namespace: 'a' }), { namespace: 'b' })))
      .toEqual(['metadata.namespace: the manifest is in namespace "a", not "b" (the namespace asked for)']);
  });

  test('Kubernetes\' name limits: 253 characters for the object, 63 for the namespace', () => {
    expect(problems(readDistribution(V2({ name: 'x'.repeat(254) })))).toEqual([
      `metadata.name: "${'x'.repeat(60)}…" (254 characters) is longer than 253 characters, the most a Kubernetes object name may have`,
    ]);
    expect(problems(readDistribution(V2({ namespace: 'n'.repeat(64) })))).toEqual([
      `metadata.namespace: "${'n'.repeat(60)}…" (64 characters) is longer than 63 characters, the most a namespace name may have`,
    ]);
    expect(problems(readDistribution(V2({ namespace: 'n'.repeat(63) })))).toEqual([]);
  });

  test('the platform annotation is read', () => {
    const r = readDistribution(V2({ annotations: { 'cdk8s-llama-stack.io/platform': 'openshift' } }));
    expect('parsed' in r && r.parsed.platform?.id).toBe('openshift');
  });

  test('a v1alpha1 manifest is converted, with the paths its fields came from', () => {
    expect(readDistribution(V1)).toEqual({
      parsed: {
        name: 'old',
        spec: { distribution: { name: 'starter' }, workload: { replicas: 2 } },
        apiVersion: 'llamastack.io/v1alpha1',
        sourcePaths: { 'spec.distribution': 'spec.server.distribution', 'spec.workload': 'spec.server', 'spec.workload.replicas': 'spec.replicas' },
        configRefPath: 'spec.server.userConfig.configMapName',
        distributionPath: 'spec.server.distribution',
      },
    });
  });

  test('parseDistribution throws the problems as one LlamaStackConfigError', () => {
    expect(() => parseDistribution('x')).toThrow(LlamaStackConfigError);
    expect(() => parseDistribution('x')).toThrow('(document): must be a Kubernetes object, not the string "x" — pass a LlamaStackDistribution manifest');
  });
});

describe('manifestProblem', () => {
  const parsed = parseDistribution(V1);
  test('a v2 path of a converted field is put at its v1alpha1 path, naming the v2 one', () => {
    expect(manifestProblem({ path: 'spec.workload.replicas', message: 'bad', fix: 'fix it' }, parsed))
      .toEqual({ path: 'spec.replicas', message: 'bad (as v1alpha2 spec.workload.replicas)', fix: 'fix it' });
  });

  test('the name is metadata.name; the image registry is the command line\'s option', () => {
    expect(manifestProblem({ path: 'props.name', message: 'bad', fix: 'f' }, parsed)).toEqual({ path: 'metadata.name', message: 'bad', fix: 'f' });
    expect(manifestProblem({ path: 'props.imageRegistry', message: 'bad', fix: 'f' }, parsed)).toEqual({ path: '--image-registry', message: 'bad', fix: 'f' });
  });
});
