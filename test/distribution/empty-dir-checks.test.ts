/**
 * empty-dir-checks.ts: emptyDir sizeLimit props (Kubernetes: a sizeLimit is a positive quantity; it
 * limits an emptyDir, not a PersistentVolumeClaim) and a limit for a volume the pod does not have.
 */
import { Size } from 'cdk8s';
import { emptyDirSizeLimitProblems } from '../../src/distribution/empty-dir-checks';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const SPEC: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const lines = (given: Parameters<typeof emptyDirSizeLimitProblems>[0], spec = SPEC) => emptyDirSizeLimitProblems(given, spec).map((p) => `${p.path}: ${p.message}`);

describe('emptyDirSizeLimitProblems', () => {
  test('none given, or positive sizes for volumes the pod has: no problem', () => {
    expect(lines(undefined)).toEqual([]);
    expect(lines({ data: Size.gibibytes(1), cache: Size.mebibytes(512), tmp: Size.gibibytes(2) })).toEqual([]);
  });

  test('a size of 0 is refused for each field, all at once', () => {
    expect(lines({ data: Size.gibibytes(0), tmp: Size.mebibytes(0) })).toEqual([
      'props.emptyDirSizeLimits.data: must be greater than 0, not 0Gi',
      'props.emptyDirSizeLimits.tmp: must be greater than 0, not 0Mi',
    ]);
  });

  test('a data limit with a PVC for data does not apply: refused', () => {
    const spec = { ...SPEC, workload: { storage: { size: '10Gi' } } } as LlamaStackDistributionSpec;
    expect(lines({ data: Size.gibibytes(1) }, spec)).toEqual([
      'props.emptyDirSizeLimits.data: the data volume is a PersistentVolumeClaim (spec.workload.storage), not an emptyDir: a size limit would not apply to it',
    ]);
    expect(lines({ cache: Size.gibibytes(1) }, spec)).toEqual([]);
  });

  test('an externalProviders limit needs external providers', () => {
    expect(lines({ externalProviders: Size.gibibytes(1) })).toEqual([
      'props.emptyDirSizeLimits.externalProviders: there are no external providers, so the pod has no volume to install them into',
    ]);
    const spec = { ...SPEC, externalProviders: { inference: [{ providerId: 'acme', image: 'quay.io/acme/llm:1.0', providerType: 'remote::acme', module: 'acme' }] } };
    expect(lines({ externalProviders: Size.gibibytes(1) }, spec)).toEqual([]);
  });
});
