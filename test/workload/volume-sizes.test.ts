/**
 * Every emptyDir of the server's pod has a `sizeLimit` (the data volume without a PVC, /.cache,
 * /tmp, the concatenated CA bundle, the external providers' volume), overridable with
 * `emptyDirSizeLimits`, validated, and never set on the PVC.
 */
import { Chart, Size, Testing } from 'cdk8s';
import { ExternalProvider, LlamaStackDistribution, LlamaStackDistributionProps, ServerTarget } from '../../src';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { schemaErrors } from '../support/k8s-schema';
import { problemLines } from '../support/problems';

function synth(props: LlamaStackDistributionProps): any[] {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
  new LlamaStackDistribution(chart, 'llama', props);
  const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return Testing.synth(chart);
  } finally {
    quiet.mockRestore();
  }
}

function podOf(objects: any[]): any {
  return objects.find((o) => o.kind === 'Deployment').spec.template.spec;
}

/** name → the volume's source (`emptyDir`, `persistentVolumeClaim`…) as written. */
function volumes(props: LlamaStackDistributionProps): { [name: string]: any } {
  const objects = synth(props);
  expect(schemaErrors(objects)).toEqual([]);
  return Object.fromEntries(podOf(objects).volumes.map((v: any) => [v.name, v.emptyDir !== undefined ? { emptyDir: v.emptyDir } : v]));
}

const PROVIDER = ExternalProvider.fromImage({
  id: 'acme', image: 'quay.io/acme/llm-provider:1.0.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm',
});

describe('defaults', () => {
  test.each([['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7], ['operator', ServerTarget.OPERATOR]])(
    '%s: data 10Gi, /.cache 1Gi, /tmp 1Gi', (_id, target) => {
      const v = volumes({ target });
      expect(v['lls-storage']).toEqual({ emptyDir: { sizeLimit: '10Gi' } });
      expect(v.cache).toEqual({ emptyDir: { sizeLimit: '1Gi' } });
      expect(v.tmp).toEqual({ emptyDir: { sizeLimit: '1Gi' } });
    });

  test('with persistentStorage the data volume is the PVC, unlimited by an emptyDir limit', () => {
    const objects = synth({ persistentStorage: { size: Size.gibibytes(5) } });
    const pod = podOf(objects);
    expect(pod.volumes.find((v: any) => v.name === 'lls-storage')).toEqual({ name: 'lls-storage', persistentVolumeClaim: { claimName: 'llama-pvc' } });
    expect(objects.find((o) => o.kind === 'PersistentVolumeClaim').spec.resources).toEqual({ requests: { storage: '5Gi' } });
    expect(pod.volumes.filter((v: any) => v.emptyDir).map((v: any) => [v.name, v.emptyDir])).toEqual([
      ['cache', { sizeLimit: '1Gi' }],
      ['tmp', { sizeLimit: '1Gi' }],
    ]);
  });

  test('the concatenated CA bundle: 2Mi (a ConfigMap holds at most 1 MiB)', () => {
    const v = volumes({ tls: { secretName: 'tls', caBundle: { configMapName: 'cas', configMapKeys: ['a.crt', 'b.crt'] } } });
    expect(v['ca-bundle']).toEqual({ emptyDir: { sizeLimit: '2Mi' } });
  });

  test('external providers: their volume 2Gi, and /tmp raised to it (pip stages the install there)', () => {
    const v = volumes({ externalProviders: [PROVIDER] });
    expect(v['external-providers']).toEqual({ emptyDir: { sizeLimit: '2Gi' } });
    expect(v.tmp).toEqual({ emptyDir: { sizeLimit: '2Gi' } });
  });

  test('every emptyDir the library adds has a size limit; the user\'s own volumes are left as written', () => {
    const objects = synth({
      externalProviders: [PROVIDER],
      tls: { secretName: 'tls', caBundle: { configMapName: 'cas', configMapKeys: ['a.crt', 'b.crt'] } },
      volumes: [{ name: 'mine', emptyDir: {} }],
      volumeMounts: [{ name: 'mine', mountPath: '/mine' }],
    });
    const emptyDirs = podOf(objects).volumes.filter((v: any) => v.emptyDir).map((v: any) => [v.name, v.emptyDir.sizeLimit]);
    expect(emptyDirs).toEqual([
      ['lls-storage', '10Gi'], ['cache', '1Gi'], ['tmp', '2Gi'], ['ca-bundle', '2Mi'], ['external-providers', '2Gi'], ['mine', undefined],
    ]);
  });
});

describe('emptyDirSizeLimits', () => {
  test('sets each limit', () => {
    const v = volumes({ emptyDirSizeLimits: { data: Size.gibibytes(20), cache: Size.gibibytes(3), tmp: Size.mebibytes(512) } });
    expect([v['lls-storage'], v.cache, v.tmp]).toEqual([
      { emptyDir: { sizeLimit: '20Gi' } }, { emptyDir: { sizeLimit: '3Gi' } }, { emptyDir: { sizeLimit: '512Mi' } },
    ]);
  });

  test('externalProviders raises the default /tmp with it; an explicit tmp is kept', () => {
    const raised = volumes({ externalProviders: [PROVIDER], emptyDirSizeLimits: { externalProviders: Size.gibibytes(5) } });
    expect([raised['external-providers'], raised.tmp]).toEqual([{ emptyDir: { sizeLimit: '5Gi' } }, { emptyDir: { sizeLimit: '5Gi' } }]);
    const small = volumes({ externalProviders: [PROVIDER], emptyDirSizeLimits: { externalProviders: Size.mebibytes(500) } });
    expect([small['external-providers'], small.tmp]).toEqual([{ emptyDir: { sizeLimit: '500Mi' } }, { emptyDir: { sizeLimit: '1Gi' } }]);
    const explicit = volumes({ externalProviders: [PROVIDER], emptyDirSizeLimits: { tmp: Size.mebibytes(1536) } });
    expect([explicit['external-providers'], explicit.tmp]).toEqual([{ emptyDir: { sizeLimit: '2Gi' } }, { emptyDir: { sizeLimit: '1536Mi' } }]);
  });

  test('cache and tmp apply next to persistentStorage', () => {
    const v = volumes({ persistentStorage: {}, emptyDirSizeLimits: { cache: Size.gibibytes(2), tmp: Size.gibibytes(4) } });
    expect([v.cache, v.tmp]).toEqual([{ emptyDir: { sizeLimit: '2Gi' } }, { emptyDir: { sizeLimit: '4Gi' } }]);
  });

  test('with props.spec (a manifest\'s spec) too', () => {
    const v = volumes({ spec: { distribution: { name: 'starter' } }, emptyDirSizeLimits: { data: Size.gibibytes(30) } });
    expect(v['lls-storage']).toEqual({ emptyDir: { sizeLimit: '30Gi' } });
  });

  test('values that are not sizes: every problem at the props boundary, with the typed form', () => {
    const lines = problemLines(() => synth({
      emptyDirSizeLimits: { data: '10Gi' as any, cache: Size.gibibytes(NaN), tmp: 2 as any, externalProviders: { amount: 1, unit: 'Gi' } as any },
    }));
    expect(lines).toEqual([
      'props.emptyDirSizeLimits.cache: is "NaNGi", not a Kubernetes quantity (a finite amount, written without an exponent) — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
      'props.emptyDirSizeLimits.data: must be a Size, got a string of 4 characters — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
      'props.emptyDirSizeLimits.externalProviders: must be a Size, got an object — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
      'props.emptyDirSizeLimits.tmp: must be a Size, got an integer — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
    ]);
  });

  test('a Size of another copy of cdk8s is a Size (recognised by its jsii type name)', () => {
    const other = jest.requireActual<typeof import('cdk8s')>('cdk8s');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const copy: typeof import('cdk8s') = require('cdk8s');
      expect(copy.Size).not.toBe(other.Size);
      const v = volumes({ emptyDirSizeLimits: { cache: copy.Size.gibibytes(3) } });
      expect(v.cache).toEqual({ emptyDir: { sizeLimit: '3Gi' } });
    });
  });

  test('a limit of 0, and one for a volume the pod does not have', () => {
    expect(problemLines(() => synth({ emptyDirSizeLimits: { tmp: Size.gibibytes(0), externalProviders: Size.gibibytes(1) } }))).toEqual([
      'props.emptyDirSizeLimits.tmp: must be greater than 0, not 0Gi — use a positive size such as Size.gibibytes(1), or remove it for the default',
      'props.emptyDirSizeLimits.externalProviders: there are no external providers, so the pod has no volume to install them into — remove emptyDirSizeLimits.externalProviders, or add externalProviders',
    ]);
  });

  test('a data limit does not undercut persistentStorage: it is an error next to a PVC', () => {
    // Each form names the field the user wrote.
    const expected = (storage: string) => [
      `props.emptyDirSizeLimits.data: the data volume is a PersistentVolumeClaim (${storage}), not an emptyDir: `
        + `a size limit would not apply to it — size the PVC with ${storage}.size, and remove emptyDirSizeLimits.data`,
    ];
    expect(problemLines(() => synth({ persistentStorage: { size: Size.gibibytes(50) }, emptyDirSizeLimits: { data: Size.gibibytes(5) } }))).toEqual(expected('props.persistentStorage'));
    expect(problemLines(() => synth({ spec: { distribution: { name: 'starter' }, workload: { storage: {} } }, emptyDirSizeLimits: { data: Size.gibibytes(5) } })))
      .toEqual(expected('spec.workload.storage'));
  });

  test('the CR constructs cannot carry them (the operator writes its own Deployment)', () => {
    expect(problemLines(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', { emptyDirSizeLimits: { cache: Size.gibibytes(2) } }))).toEqual([
      'props.emptyDirSizeLimits: the llamastack.io/v1alpha2 LlamaStackDistribution CRD has no field for emptyDir size limits (the operator writes its own Deployment)'
        + ' — remove emptyDirSizeLimits, or render the workload with LlamaStackDistribution',
    ]);
  });
});
