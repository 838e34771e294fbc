/** The pod's extras: labels on the pod template, annotations, pull Secrets, affinity, priority class, DRA claims. */
import { Testing } from 'cdk8s';
import { LlamaStackConfigError, LlamaStackDistributionProps, LlamaStackDistributionResource } from '../../src';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { restrictedViolationsOf } from '../support/pod-security';
import { synthObjects, synthProblems } from '../support/synth';

const synth = (props: LlamaStackDistributionProps): any[] => synthObjects(props);

const problems = synthProblems;

const AFFINITY = {
  nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchExpressions: [{ key: 'nvidia.com/gpu.present', operator: 'In', values: ['true'] }] }],
    },
  },
};

test('labels, annotations, pull Secrets, affinity, priority class and DRA claims reach the pod', () => {
  const objects = synth({
    labels: { team: 'ai' },
    podAnnotations: { 'kubectl.kubernetes.io/restartedAt': '2026-11-24T21:00:00Z' },
    imagePullSecrets: ['registry-creds'],
    affinity: AFFINITY,
    priorityClassName: 'high',
    resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'single-gpu' }],
    replicas: 2,
    allowPerPodState: true,
  });
  const d = objects.find((o) => o.kind === 'Deployment');
  const tpl = d.spec.template;
  expect(tpl.metadata.labels.team).toBe('ai');
  expect(tpl.metadata.annotations['kubectl.kubernetes.io/restartedAt']).toBe('2026-11-24T21:00:00Z');
  expect(tpl.metadata.annotations['llamastack.io/config-hash']).toBeDefined();
  expect(tpl.spec.imagePullSecrets).toEqual([{ name: 'registry-creds' }]);
  expect(tpl.spec.affinity).toEqual(AFFINITY);
  expect(tpl.spec.priorityClassName).toBe('high');
  expect(tpl.spec.resourceClaims).toEqual([{ name: 'gpu', resourceClaimTemplateName: 'single-gpu' }]);
  expect(tpl.spec.containers[0].resources.claims).toEqual([{ name: 'gpu' }]);
  expect(k8sValidityProblems(objects)).toEqual([]);
  expect(schemaErrors(objects)).toEqual([]);
  expect(restrictedViolationsOf(objects)).toEqual([]);
});

test('each is checked as the API server would, at its props path', () => {
  expect(problems({
    podAnnotations: { 'bad key!': 'x', 'llamastack.io/config-hash': 'y' },
    imagePullSecrets: ['Bad_Name'],
    affinity: { nodeAffinty: {} },
    priorityClassName: 'High',
    resourceClaims: [{ name: 'gpu' }, { name: 'gpu', resourceClaimName: 'a', resourceClaimTemplateName: 'b' }],
  }).map((p) => p.split(':')[0])).toEqual([
    'props.podAnnotations["bad key!"]',
    'props.podAnnotations["llamastack.io/config-hash"]',
    'props.imagePullSecrets[0]',
    'props.priorityClassName',
    'props.affinity.nodeAffinty',
    'props.resourceClaims[0]',
    'props.resourceClaims[1].name',
    'props.resourceClaims[1]',
  ]);
});

describe('the pod template\'s annotations may total 256 KiB, the library\'s own included (ValidateAnnotationsSize)', () => {
  const LIMIT = 256 * 1024;
  const KEY = 'example.com/notes';
  /** The library's config-hash annotation: its key and a SHA-256 in hex. */
  const HASH = 'llamastack.io/config-hash'.length + 64;
  const withTotal = (bytes: number) => ({ [KEY]: 'x'.repeat(bytes - KEY.length) });

  test('the user\'s at exactly 256 KiB: refused at props.podAnnotations, as the API server would refuse the Deployment', () => {
    expect(problems({ podAnnotations: withTotal(LIMIT) })).toEqual([
      `props.podAnnotations: annotations total ${LIMIT + HASH} bytes with the library's own (llamastack.io/config-hash, ${HASH} bytes), over the API server's ${LIMIT} (256 KiB)`,
    ]);
  });

  test('up to the limit with the library\'s own passes, and the Deployment carries exactly that', () => {
    const objects = synth({ podAnnotations: withTotal(LIMIT - HASH) });
    const annotations = objects.find((o) => o.kind === 'Deployment').spec.template.metadata.annotations;
    expect(Object.entries(annotations).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v as string), 0)).toBe(LIMIT);
    expect(problems({ podAnnotations: withTotal(LIMIT - HASH + 1) })).toHaveLength(1);
  });

  test('bytes, not characters; without a generated config (an override ConfigMap) there is no hash', () => {
    expect(problems({ podAnnotations: { [KEY]: 'é'.repeat((LIMIT - HASH - KEY.length) / 2 + 1) } })).toHaveLength(1);
    expect(problems({ podAnnotations: withTotal(LIMIT), overrideConfigMapName: 'mine' })).toEqual([]);
    expect(problems({ podAnnotations: withTotal(LIMIT + 1), overrideConfigMapName: 'mine' })).toEqual([
      `props.podAnnotations: annotations total ${LIMIT + 1} bytes, over the API server's ${LIMIT} (256 KiB)`,
    ]);
  });
});

test('the CR constructs refuse them (the operator writes the pod)', () => {
  let error: unknown;
  try {
    new LlamaStackDistributionResource(Testing.chart(), 'llama', { imagePullSecrets: ['x'] });
  } catch (e) {
    error = e;
  }
  expect((error as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(['props.imagePullSecrets']);
});

describe('restartOnSecretChange', () => {
  test('names every Secret and ConfigMap the pod reads in Reloader\'s annotations (not the hash-named config)', () => {
    const { SecretRef, InferenceProvider } = jest.requireActual('../../src');
    const objects = synth({
      restartOnSecretChange: true,
      inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'key') })],
      env: { HF_TOKEN: SecretRef.fromSecretName('hf', 'token') },
      tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca' } },
    });
    const d = objects.find((o) => o.kind === 'Deployment');
    expect(d.metadata.annotations).toEqual({
      'secret.reloader.stakater.com/reload': 'hf,llama-tls,vllm',
      'configmap.reloader.stakater.com/reload': 'corp-ca',
    });
  });

  test('off by default', () => {
    expect(synth({}).find((o) => o.kind === 'Deployment').metadata.annotations).toBeUndefined();
  });
});
