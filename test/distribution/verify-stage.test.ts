/**
 * `props.verify` (src/distribution/verify-stage.ts): the construct writes the verification
 * ConfigMap, Job and CronJob from what the planner resolved, the server's NetworkPolicy admits the
 * Job's pods, each auth mode and platform gets its pod, and bad input is a problem at its props path.
 */
import { Testing } from 'cdk8s';
import {
  InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps, LlamaStackDistributionResource, OgxServerResource, Platform, SecretRef,
  ServerAuth, ServerTarget,
} from '../../src';
import { verifyScript } from '../../src/verify/script';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedV2Violations } from '../support/openshift-scc';
import { restrictedViolationsOf } from '../support/pod-security';
import { problemsOf } from '../support/problems';
import { synthObjects } from '../support/synth';

const VLLM = 'http://vllm.ai.svc.cluster.local:8000/v1';
const BASE: LlamaStackDistributionProps = {
  name: 'demo',
  namespace: 'ai',
  inference: [InferenceProvider.vllm({ endpoint: VLLM })],
  models: ['llama-3', { name: 'nomic', modelType: 'embedding', embeddingDimension: 768, provider: 'vllm' }],
  verify: {},
};
const SERVER_SELECTOR = { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'demo' };
const JOB_SELECTOR = { 'app.kubernetes.io/component': 'verify', 'app.kubernetes.io/instance': 'demo' };
const JOB_LABELS = {
  'app.kubernetes.io/component': 'verify',
  'app.kubernetes.io/instance': 'demo',
  'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
  'app.kubernetes.io/name': 'llama-stack-verify',
  'app.kubernetes.io/part-of': 'llama-stack',
};

const find = (objects: any[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const verifyObjects = (objects: any[]) => objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'verify');
const planOf = (objects: any[]) => JSON.parse(verifyObjects(objects).find((o) => o.kind === 'ConfigMap').data['plan.json']);
const jobPod = (objects: any[]) => find(objects, 'Job', 'demo-verify').spec.template.spec;
const paths = (props: LlamaStackDistributionProps) => problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'llama', props)).map((p) => p.path);

describe('a typical distribution', () => {
  const objects = synthObjects(BASE);

  test('the ConfigMap holds the shipped script and the plan of what the server registers', () => {
    const cm = verifyObjects(objects).find((o) => o.kind === 'ConfigMap');
    expect(cm.metadata).toEqual({ name: expect.stringMatching(/^demo-verify-[0-9a-f]{8}$/), namespace: 'ai', labels: JOB_LABELS });
    expect(cm.data['ogx_verify.py']).toBe(verifyScript());
    expect(planOf(objects)).toEqual({
      planVersion: 1,
      server: { name: 'demo', namespace: 'ai', target: 'ogx-1.3' },
      baseUrl: 'http://demo-service.ai.svc.cluster.local:8321',
      routes: { health: '/v1/health', models: '/v1/models', embeddings: '/v1/embeddings' },
      auth: { mode: 'none' },
      models: [
        { id: 'vllm/llama-3', providerId: 'vllm', type: 'llm' },
        { id: 'vllm/nomic', providerId: 'vllm', type: 'embedding', embeddingDimension: 768 },
      ],
      providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: VLLM }],
      options: { llmCompletion: false, vectorStore: false, timeoutSeconds: 30, readyWaitSeconds: 300, probeProviders: true },
    });
  });

  test('the Job runs the script in the server\'s image as the server pod\'s uid, and the CronJob carries its template', () => {
    const deployment = find(objects, 'Deployment', 'demo');
    const job = find(objects, 'Job', 'demo-verify');
    const cm = verifyObjects(objects).find((o) => o.kind === 'ConfigMap');
    expect(job.metadata.annotations['argocd.argoproj.io/hook']).toBe('PostSync');
    expect(job.spec.activeDeadlineSeconds).toBe(300 + 30 * 4 + 60);
    expect(jobPod(objects)).toEqual({
      automountServiceAccountToken: false,
      containers: [{
        name: 'verify',
        image: deployment.spec.template.spec.containers[0].image,
        command: ['python3', '/verify/ogx_verify.py', '/verify/plan.json'],
        env: [{ name: 'PYTHONDONTWRITEBYTECODE', value: '1' }, { name: 'PYTHONUNBUFFERED', value: '1' }],
        resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
        securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
        volumeMounts: [{ name: 'verify', mountPath: '/verify', readOnly: true }],
      }],
      restartPolicy: 'Never',
      securityContext: { runAsNonRoot: true, runAsUser: deployment.spec.template.spec.securityContext.runAsUser, seccompProfile: { type: 'RuntimeDefault' } },
      volumes: [{ name: 'verify', configMap: { name: cm.metadata.name } }],
    });
    expect(find(objects, 'CronJob', 'demo-verify').spec.jobTemplate.spec.template).toEqual(job.spec.template);
    // No NetworkPolicy was asked for: none is written for the Job either.
    expect(objects.filter((o) => o.kind === 'NetworkPolicy')).toEqual([]);
  });

  test('every object is valid and the pods are restricted', () => {
    expect(verifyObjects(objects).map((o) => o.kind)).toEqual(['ConfigMap', 'Job', 'CronJob']);
    expect(schemaErrors(objects)).toEqual([]);
    expect(restrictedViolationsOf(objects)).toEqual([]);
  });

  test('the construct exposes them; without verify, or with enabled: false, nothing is written', () => {
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', BASE);
    expect(d.verifyJob?.kind).toBe('Job');
    expect(d.verifyCronJob?.kind).toBe('CronJob');
    expect(d.verifyConfigMap?.name).toMatch(/^demo-verify-/);
    expect(d.verifyNetworkPolicy).toBeUndefined();
    expect(verifyObjects(synthObjects({ ...BASE, verify: undefined }))).toEqual([]);
    expect(verifyObjects(synthObjects({ ...BASE, verify: { enabled: false } }))).toEqual([]);
    expect(verifyObjects(synthObjects({ ...BASE, verify: { manualRuns: false } })).map((o) => o.kind)).toEqual(['ConfigMap', 'Job']);
  });

  test('the options reach the plan', () => {
    const plan = planOf(synthObjects({ ...BASE, verify: { llmCompletion: true, timeoutSeconds: 10, readyWaitSeconds: 60, probeProviders: false } }));
    expect(plan.routes.chatCompletions).toBe('/v1/chat/completions');
    expect(plan.options).toEqual({ llmCompletion: true, vectorStore: false, timeoutSeconds: 10, readyWaitSeconds: 60, probeProviders: false });
  });
});

test('each model under the identifier GET /v1/models lists on the target', () => {
  const models: LlamaStackDistributionProps['models'] = [{ name: 'llama', provider: 'vllm', providerModelId: 'meta-llama/Llama-3.2-3B-Instruct' }];
  const ids = (target: ServerTarget) => planOf(synthObjects({ ...BASE, target, models })).models.map((m: any) => m.id);
  expect(ids(ServerTarget.OGX_1_3)).toEqual(['vllm/llama']);
  // llama-stack 0.7 identifies a model by provider_id/provider_model_id.
  expect(ids(ServerTarget.LLAMA_STACK_0_7)).toEqual(['vllm/meta-llama/Llama-3.2-3B-Instruct']);
});

describe('the NetworkPolicy', () => {
  test('the server\'s ingress admits the Job\'s pods on the container port', () => {
    const objects = synthObjects({ ...BASE, allowedFrom: { namespaces: ['apps'] } });
    const policy = find(objects, 'NetworkPolicy', 'demo-network-policy');
    expect(policy.spec.ingress[policy.spec.ingress.length - 1]).toEqual({ from: [{ podSelector: { matchLabels: JOB_SELECTOR } }], ports: [{ protocol: 'TCP', port: 8321 }] });
    const podLabels = find(objects, 'Job', 'demo-verify').spec.template.metadata.labels;
    expect(Object.entries(JOB_SELECTOR).every(([k, v]) => podLabels[k] === v)).toBe(true);
    expect(find(objects, 'NetworkPolicy', 'demo-verify')).toBeUndefined();
  });

  test('with allowedTo the Job gets its own egress policy: DNS, the server, the server\'s destinations', () => {
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', { ...BASE, allowedFrom: { namespaces: ['apps'] }, allowedTo: { namespaces: ['models'], ports: [8000] } });
    expect(d.verifyNetworkPolicy?.toJson().spec).toEqual({
      podSelector: { matchLabels: JOB_SELECTOR },
      policyTypes: ['Egress'],
      egress: [
        { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
        { to: [{ podSelector: { matchLabels: SERVER_SELECTOR } }], ports: [{ protocol: 'TCP', port: 8321 }] },
        { to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'models' } } }], ports: [{ protocol: 'TCP', port: 8000 }] },
      ],
    });
  });
});

describe('auth', () => {
  test('ServerAuth.kubernetes(): the pod\'s service-account token, mounted', () => {
    const objects = synthObjects({ ...BASE, auth: ServerAuth.kubernetes(), verify: { serviceAccountName: 'verifier' } });
    expect(planOf(objects).auth).toEqual({
      mode: 'serviceAccount', tokenFile: '/var/run/secrets/kubernetes.io/serviceaccount/token', describe: 'the service-account token of verifier',
    });
    expect(jobPod(objects)).toMatchObject({ automountServiceAccountToken: true, serviceAccountName: 'verifier' });
  });

  const jwks = () => ServerAuth.oauth2Jwks({ jwksUri: 'https://login.example.com/.well-known/jwks.json', audience: 'api://llama' });

  test('another mode: the token from the Secret key the user names, never its value', () => {
    const objects = synthObjects({ ...BASE, auth: jwks(), verify: { tokenSecret: SecretRef.fromSecretName('verify-token', 'token') } });
    expect(planOf(objects).auth).toEqual({ mode: 'bearer', tokenEnv: 'OGX_VERIFY_TOKEN', describe: 'the token in Secret verify-token, key token' });
    expect(jobPod(objects).containers[0].env).toContainEqual({ name: 'OGX_VERIFY_TOKEN', valueFrom: { secretKeyRef: { name: 'verify-token', key: 'token' } } });
    expect(jobPod(objects).automountServiceAccountToken).toBe(false);
  });

  test('another mode without tokenSecret, or a tokenSecret the server does not read: problems at props.verify.tokenSecret', () => {
    expect(paths({ ...BASE, auth: jwks() })).toEqual(['props.verify.tokenSecret']);
    expect(paths({ ...BASE, verify: { tokenSecret: SecretRef.fromSecretName('t', 'k') } })).toEqual(['props.verify.tokenSecret']);
    expect(paths({ ...BASE, auth: ServerAuth.kubernetes(), verify: { tokenSecret: SecretRef.fromSecretName('t', 'k') } })).toEqual(['props.verify.tokenSecret']);
  });
});

describe('platform', () => {
  test('OpenShift: no uid (restricted-v2 assigns one), admitted with the namespace\'s range; the DNS pods\' port too', () => {
    const props = { ...BASE, platform: Platform.OPENSHIFT, allowedFrom: { namespaces: ['apps'] }, allowedTo: { namespaces: ['models'] } };
    const objects = synthObjects(props);
    expect(jobPod(objects).securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(restrictedV2Violations(verifyObjects(objects))).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
    expect(find(objects, 'NetworkPolicy', 'demo-verify').spec.egress[0].ports.map((p: any) => p.port)).toEqual([53, 53, 5353, 5353]);
  });

  test('Kubernetes: runAsUser as given; on OpenShift it is a problem', () => {
    expect(jobPod(synthObjects({ ...BASE, verify: { runAsUser: 4242 } })).securityContext.runAsUser).toBe(4242);
    expect(paths({ ...BASE, platform: Platform.OPENSHIFT, verify: { runAsUser: 4242 } })).toEqual(['props.verify.runAsUser']);
  });
});

describe('problems at props paths', () => {
  test('types and unknown fields, at the boundary', () => {
    expect(paths({ ...BASE, verify: { timeoutSeconds: '30' as any, llmCompletion: 1 as any, tokenSecret: { name: 'a', key: 'b' } as any } })).toEqual([
      'props.verify.llmCompletion', 'props.verify.timeoutSeconds', 'props.verify.tokenSecret',
    ]);
    expect(paths({ ...BASE, verify: { timeout: 30 } as any })).toEqual(['props.verify.timeout']);
  });

  test('values the Job cannot use, all at once', () => {
    expect(paths({ ...BASE, verify: { timeoutSeconds: 0, readyWaitSeconds: 99999, vectorStoreProviderId: 'milvus', serviceAccountName: 'Bad_Name' } })).toEqual([
      'props.verify.timeoutSeconds', 'props.verify.readyWaitSeconds', 'props.verify.vectorStoreProviderId', 'props.verify.serviceAccountName',
    ]);
  });

  test('the operator pipeline and a config the library does not write', () => {
    expect(paths({ ...BASE, target: ServerTarget.OPERATOR })).toContain('props.verify');
    expect(paths({ name: 'demo', overrideConfigMapName: 'my-config', verify: {} })).toEqual(['props.verify']);
  });

  test('the CR constructs refuse it: the operator writes the server', () => {
    for (const make of [
      () => new LlamaStackDistributionResource(Testing.chart(), 'llama', { ...BASE, target: undefined }),
      () => new OgxServerResource(Testing.chart(), 'llama', BASE),
    ]) expect(problemsOf(make).map((p) => p.path)).toContain('props.verify');
  });
});
