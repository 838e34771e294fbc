/**
 * The verification ConfigMap and Job (src/verify/objects.ts, through renderVerification): valid
 * against the Kubernetes schemas and the API server's rules, admitted by the restricted profile,
 * an Argo CD PostSync hook, deterministic, and without a secret value anywhere. Then the Job's
 * NetworkPolicy pieces.
 */
import { JOB_ANNOTATIONS, VerifyInput } from '../../src/verify';
import { verifyScript } from '../../src/verify/script';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { restrictedViolationsOf } from '../support/pod-security';
import { renderVerification, SELECTOR, verifyInput } from '../support/verify-input';

test('the ConfigMap: immutable, hash-named, the shipped script and the plan', () => {
  const { configMap, plan } = renderVerification(verifyInput());
  expect(configMap.metadata).toEqual({
    name: expect.stringMatching(/^demo-verify-[0-9a-f]{8}$/),
    namespace: 'ai',
    labels: {
      'app.kubernetes.io/name': 'llama-stack-verify',
      'app.kubernetes.io/component': 'verify',
      'app.kubernetes.io/instance': 'demo',
      'app.kubernetes.io/part-of': 'llama-stack',
      'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
    },
  });
  expect(configMap.immutable).toBe(true);
  expect(configMap.data).toEqual({ 'ogx_verify.py': verifyScript(), 'plan.json': `${JSON.stringify(plan, null, 2)}\n` });
});

test('the Job: the script in the server\'s image, a PostSync hook recreated before each run, no retry, a deadline', () => {
  const { configMap, job } = renderVerification(verifyInput());
  expect(job.metadata).toMatchObject({
    name: 'demo-verify',
    namespace: 'ai',
    annotations: {
      'argocd.argoproj.io/hook': 'PostSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      'kustomize.toolkit.fluxcd.io/force': 'enabled',
    },
  });
  expect(JOB_ANNOTATIONS['argocd.argoproj.io/hook']).toBe('PostSync');
  const spec = job.spec as any;
  expect(spec.backoffLimit).toBe(0);
  // 300 s for the server, 30 s for each of 2 + 2 × 1 embedding requests, and a minute.
  expect(spec.activeDeadlineSeconds).toBe(300 + 30 * 4 + 60);
  const pod = spec.template.spec;
  expect(pod.restartPolicy).toBe('Never');
  expect(pod.automountServiceAccountToken).toBe(false);
  expect(pod.securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
  expect(pod.containers).toEqual([{
    name: 'verify',
    image: 'docker.io/ogxai/distribution-starter:1.3.0',
    command: ['python3', '/verify/ogx_verify.py', '/verify/plan.json'],
    env: [{ name: 'PYTHONDONTWRITEBYTECODE', value: '1' }, { name: 'PYTHONUNBUFFERED', value: '1' }],
    resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
    securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
    volumeMounts: [{ name: 'verify', mountPath: '/verify', readOnly: true }],
  }]);
  expect(pod.volumes).toEqual([{ name: 'verify', configMap: { name: (configMap.metadata as any).name } }]);
  expect(spec.template.metadata.labels).toEqual((job.metadata as any).labels);
});

test('valid objects, admitted by the restricted profile, with every option on', () => {
  const variants: VerifyInput[] = [
    verifyInput(),
    verifyInput({
      auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' },
      options: { llmCompletion: true, vectorStore: true, vectorStoreProviderId: 'faiss', vectorStoreEmbeddingModel: 'st/minilm', timeoutSeconds: 10, readyWaitSeconds: 0 },
      serverCa: { configMapName: 'demo-ca', key: 'service-ca.crt' },
      serviceUrl: 'https://demo-service.ai.svc.cluster.local:8321',
      imagePullSecrets: ['pull'],
      imagePullPolicy: 'IfNotPresent',
      labels: { team: 'ml' },
      runAsUser: 1001,
    }),
    verifyInput({ auth: { mode: 'serviceAccount' }, serviceAccountName: 'verifier', namespace: undefined }),
  ];
  for (const v of variants) {
    const out = renderVerification(v);
    const objects = [out.configMap, out.job, out.cronJob!, out.network.jobNetworkPolicy];
    expect(schemaErrors(objects)).toEqual([]);
    expect(k8sValidityProblems(objects)).toEqual([]);
    expect(restrictedViolationsOf(objects)).toEqual([]);
  }
});

test('the checkers see a Job that breaks their rules', () => {
  const { job } = renderVerification(verifyInput());
  const bad = JSON.parse(JSON.stringify(job));
  bad.spec.template.spec.restartPolicy = 'Always';
  bad.spec.template.spec.containers[0].securityContext.allowPrivilegeEscalation = true;
  bad.spec.backoffLimit = -1;
  expect(k8sValidityProblems([bad])).toEqual([
    'Job/demo-verify: spec.template.spec.restartPolicy: a Job\'s pod must have restartPolicy Never or OnFailure',
    'Job/demo-verify: spec.backoffLimit: must be a non-negative integer',
  ]);
  expect(restrictedViolationsOf([bad])).toEqual(['Job demo-verify: container verify: allowPrivilegeEscalation must be false']);
  expect(schemaErrors([{ ...bad, spec: { ...bad.spec, backoffLimit: 'none' } }])).toHaveLength(1);
});

test('the token: a secretKeyRef, or the pod\'s service-account token; never a value', () => {
  let { job, plan } = renderVerification(verifyInput({ auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' } }));
  let pod = (job.spec as any).template.spec;
  expect(pod.containers[0].env[2]).toEqual({ name: 'OGX_VERIFY_TOKEN', valueFrom: { secretKeyRef: { name: 'demo-token', key: 'token' } } });
  expect(pod.automountServiceAccountToken).toBe(false);
  expect(plan.auth).toEqual({ mode: 'bearer', tokenEnv: 'OGX_VERIFY_TOKEN', describe: 'the token in Secret demo-token, key token' });
  ({ job, plan } = renderVerification(verifyInput({ auth: { mode: 'serviceAccount' }, serviceAccountName: 'verifier' })));
  pod = (job.spec as any).template.spec;
  expect(pod.automountServiceAccountToken).toBe(true);
  expect(pod.serviceAccountName).toBe('verifier');
  expect(pod.containers[0].env).toHaveLength(2);
  expect(plan.auth).toEqual({ mode: 'serviceAccount', tokenFile: '/var/run/secrets/kubernetes.io/serviceaccount/token', describe: 'the service-account token of verifier' });
});

test('no credential of an endpoint reaches any object', () => {
  const out = renderVerification(verifyInput({ providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://admin:hunter2-pw@vllm.ai.svc:8000/v1?api_key=sk-live-9f8e7d' }] }));
  const text = JSON.stringify(out);
  expect(text).not.toMatch(/hunter2|sk-live|admin/);
  expect(out.plan.providers).toEqual([{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://vllm.ai.svc:8000/v1' }]);
});

test('the CA of an https Service: mounted, and named in the plan', () => {
  const { job, plan } = renderVerification(verifyInput({ serviceUrl: 'https://demo-service.ai.svc:8321', serverCa: { configMapName: 'demo-ca', key: 'service-ca.crt' } }));
  const pod = (job.spec as any).template.spec;
  expect(pod.volumes[1]).toEqual({ name: 'server-ca', configMap: { name: 'demo-ca', items: [{ key: 'service-ca.crt', path: 'ca.crt' }] } });
  expect(pod.containers[0].volumeMounts[1]).toEqual({ name: 'server-ca', mountPath: '/verify-ca', readOnly: true });
  expect(plan.caFile).toBe('/verify-ca/ca.crt');
});

test('labels: the caller\'s, but never a key of the server\'s selector, so no Service selects the Job\'s pod', () => {
  const { job } = renderVerification(verifyInput({ labels: { team: 'ml', app: 'llama-stack' } }));
  const labels = (job.spec as any).template.metadata.labels;
  expect(labels.team).toBe('ml');
  expect(labels.app).toBeUndefined();
  expect(Object.entries(SELECTOR).every(([k, v]) => labels[k] === v)).toBe(false);
});

test('deterministic: the same input gives the same bytes; a changed check is a new ConfigMap name', () => {
  const a = JSON.stringify(renderVerification(verifyInput()));
  expect(JSON.stringify(renderVerification(verifyInput()))).toBe(a);
  const b = renderVerification(verifyInput({ options: { llmCompletion: true } }));
  expect((b.configMap.metadata as any).name).not.toBe((JSON.parse(a).configMap.metadata).name);
  expect((b.job.spec as any).template.spec.volumes[0].configMap.name).toBe((b.configMap.metadata as any).name);
  expect((b.job.metadata as any).name).toBe('demo-verify');
});

test('the deadline follows the checks, or the option', () => {
  const deadline = (o: VerifyInput['options']) => (renderVerification(verifyInput({ options: o })).job.spec as any).activeDeadlineSeconds;
  expect(deadline({ llmCompletion: true, vectorStore: true, timeoutSeconds: 10, readyWaitSeconds: 0 })).toBe(10 * (2 + 2 * 2 + 2) + 60);
  expect(deadline({ activeDeadlineSeconds: 900 })).toBe(900);
});

test('a suspended CronJob with the Job\'s template, for runs by hand; none with manualRuns off', () => {
  const { job, cronJob } = renderVerification(verifyInput());
  expect(cronJob!.metadata).toEqual({ ...(job.metadata as any), annotations: undefined });
  expect((cronJob!.metadata as any).annotations).toBeUndefined();
  expect(cronJob!.spec).toEqual({
    schedule: '0 0 1 1 *',
    suspend: true,
    concurrencyPolicy: 'Forbid',
    successfulJobsHistoryLimit: 1,
    failedJobsHistoryLimit: 1,
    jobTemplate: {
      metadata: { labels: (job.metadata as any).labels },
      spec: { backoffLimit: 0, activeDeadlineSeconds: (job.spec as any).activeDeadlineSeconds, template: (job.spec as any).template },
    },
  });
  expect(renderVerification(verifyInput({ options: { manualRuns: false } })).cronJob).toBeUndefined();
  const bad = JSON.parse(JSON.stringify(cronJob));
  bad.spec.jobTemplate.spec.template.spec.restartPolicy = 'Always';
  bad.spec.jobTemplate.spec.template.spec.securityContext = {};
  expect(k8sValidityProblems([bad])).toEqual(['CronJob/demo-verify: spec.jobTemplate: spec.template.spec.restartPolicy: a Job\'s pod must have restartPolicy Never or OnFailure']);
  expect(restrictedViolationsOf([bad])).toEqual(['CronJob demo-verify: container verify: seccompProfile must be RuntimeDefault or Localhost']);
});

const JOB_POD = { 'app.kubernetes.io/component': 'verify', 'app.kubernetes.io/instance': 'demo' };

test('the server admits the Job\'s pod on its port; the Job reaches DNS and the server\'s pods on that port', () => {
  const { network, job } = renderVerification(verifyInput());
  expect(network.jobPodSelector).toEqual({ matchLabels: JOB_POD });
  expect(network.serverIngressRule).toEqual({ from: [{ podSelector: { matchLabels: JOB_POD } }], ports: [{ protocol: 'TCP', port: 8321 }] });
  expect(network.jobEgressRules).toEqual([
    { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
    { to: [{ podSelector: { matchLabels: SELECTOR } }], ports: [{ protocol: 'TCP', port: 8321 }] },
  ]);
  // The selector picks the Job's pod, and not the server's.
  const podLabels = (job.spec as any).template.metadata.labels;
  expect(Object.entries(JOB_POD).every(([k, v]) => podLabels[k] === v)).toBe(true);
  expect(Object.entries(SELECTOR).every(([k, v]) => podLabels[k] === v)).toBe(false);
});

test('the Job\'s egress policy: valid, and with the caller\'s provider rules appended (copied)', () => {
  const provider = { to: [{ ipBlock: { cidr: '10.0.0.0/8' } }], ports: [{ protocol: 'TCP', port: 8000 }] };
  const { network } = renderVerification(verifyInput({ providerEgress: [provider] }));
  expect(network.jobNetworkPolicy).toEqual({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'demo-verify', namespace: 'ai', labels: expect.objectContaining(JOB_POD) },
    spec: { podSelector: { matchLabels: JOB_POD }, policyTypes: ['Egress'], egress: [...network.jobEgressRules] },
  });
  expect(network.jobEgressRules[2]).toEqual(provider);
  expect(network.jobEgressRules[2]).not.toBe(provider);
  expect(schemaErrors([network.jobNetworkPolicy])).toEqual([]);
  expect(k8sValidityProblems([network.jobNetworkPolicy])).toEqual([]);
});
