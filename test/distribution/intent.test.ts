/**
 * The planner's input (src/distribution/intent.ts): the props read once and resolved, with their
 * defaults, into what the planner reads instead of the props.
 */
import { Duration } from 'cdk8s';
import { InferenceProvider, Platform, SecretRef, ServerAuth, ServerTarget } from '../../src';
import { DistributionIntent, resolveIntent } from '../../src/distribution/intent';
import { DEFAULT_TARGET } from '../../src/releases/server-target';

const vllm = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' });

function intentOf(props: object, context = { id: 'llama', chartNamespace: 'ai' }): DistributionIntent {
  const outcome = resolveIntent(props, context);
  if (!('intent' in outcome)) throw new Error(`no intent: ${JSON.stringify(outcome.problems)}`);
  return outcome.intent;
}

describe('the defaults are filled in once', () => {
  const intent = intentOf({ inference: [vllm] });

  test('name, namespace, target, platform', () => {
    expect([intent.name, intent.namePath, intent.namespace]).toEqual(['llama', 'id', 'ai']);
    expect(intent.target).toBe(DEFAULT_TARGET);
    expect(intent.platform).toBe(Platform.KUBERNETES);
    expect([intent.openShift, intent.strict, intent.specGiven, intent.verify, intent.serviceCa]).toEqual([false, false, false, false, false]);
  });

  test('the objects carry props.namespace only; the chart writes its own', () => {
    expect(intent.workload.namespace).toBeUndefined();
    expect(intentOf({ namespace: 'other' }).workload.namespace).toBe('other');
    expect(intentOf({ namespace: 'other' }).namespace).toBe('other');
  });

  test('the pod runs as the non-root user on Kubernetes, as the namespace range on OpenShift', () => {
    expect([intent.workload.runAsUser, intent.workload.fsGroup, intent.workload.openShift]).toEqual([1001, 1001, undefined]);
    const openShift = intentOf({ platform: Platform.OPENSHIFT });
    expect([openShift.workload.runAsUser, openShift.workload.fsGroup, openShift.workload.openShift]).toEqual([undefined, undefined, true]);
  });

  test('monitoring: the stack namespace on Kubernetes, policy groups on OpenShift', () => {
    expect(intent.monitoring).toEqual({
      serviceMonitor: false, prometheusRule: false, interval: undefined, labels: {}, namespaces: ['monitoring'], scaling: undefined,
    });
    expect(intentOf({ platform: Platform.OPENSHIFT, monitoring: { interval: Duration.seconds(30) } }).monitoring)
      .toMatchObject({ namespaces: [], interval: '30s' });
  });

  test('the network policy admits the own namespace unless told not to', () => {
    expect(intent.workload.networkPolicy).toEqual({ allowedTo: undefined, admitOwnNamespace: true });
    expect(intentOf({ admitOwnNamespace: false }).workload.networkPolicy?.admitOwnNamespace).toBe(false);
  });
});

describe('the spec', () => {
  test('typed props become a spec with the prop each location came from', () => {
    const intent = intentOf({ name: 'chat', inference: [vllm] });
    expect(intent.namePath).toBe('props.name');
    expect(intent.declared.providers?.inference).toEqual([vllm.toSpec()]);
    expect(intent.origins?.get('spec.providers.inference')).toBe('props.inference');
  });

  test('a whole spec is taken as given, and the typed props it describes are refused beside it', () => {
    const spec = { distribution: { name: 'starter' } };
    const outcome = resolveIntent({ spec, replicas: 2 }, { id: 'llama' });
    expect('intent' in outcome && outcome.intent.declared).toEqual(spec); // a snapshot, not the user's object
    expect('intent' in outcome && outcome.intent.specGiven).toBe(true);
    expect('intent' in outcome && outcome.intent.origins).toBeUndefined();
    expect(outcome.problems).toEqual([{ path: 'props.replicas', message: 'cannot be combined with props.spec', fix: 'set it inside props.spec instead' }]);
  });

  test('the pod view adds the CAs it trusts; the declared spec keeps what the CRD carries', () => {
    const intent = intentOf({ caBundle: { configMapName: 'odh-trusted-ca-bundle' } });
    expect(intent.declared.networking).toBeUndefined();
    expect(intent.spec.networking?.tls?.caBundle).toEqual({ configMapName: 'odh-trusted-ca-bundle', configMapKeys: ['ca-bundle.crt', 'odh-ca-bundle.crt'] });
    expect(intent.trust).toBe(intent.spec.networking?.tls?.caBundle);
  });

  test('a spec\'s Ingress Secret is the edge TLS of its expose', () => {
    const spec = { networking: { expose: { hostname: 'chat.example.com', tlsSecretName: 'chat-tls' } } };
    expect(intentOf({ spec }).expose).toEqual({ hostname: 'chat.example.com', tls: { secretName: 'chat-tls' } });
    expect(intentOf({ spec: { networking: { expose: { hostname: 'chat.example.com' } } } }).expose).toEqual({});
  });
});

test('what a server target\'s generation is told', () => {
  const auth = ServerAuth.kubernetes();
  const intent = intentOf({ target: ServerTarget.OGX_1_3, auth, tls: { secretName: 'srv', ciphers: ['TLS_AES_128_GCM_SHA256'] }, allowPerPodState: true });
  expect(intent.config).toEqual({
    baseConfigYaml: undefined,
    overrideConfigYaml: undefined,
    allowPerPodState: true,
    generation: {
      replaceBaseProviders: undefined,
      vectorStores: undefined,
      allowPerPodState: true,
      auth,
      serverTls: { ciphers: ['TLS_AES_128_GCM_SHA256'], hstsMaxAgeSeconds: undefined },
      tenancy: undefined,
      vectorStoresStorage: undefined,
      connectors: undefined,
    },
  });
});

test('props that cannot be read as declared are problems, returned, not thrown', () => {
  const outcome = resolveIntent({ replicas: 'two', env: { TOKEN: SecretRef.fromSecretName('s', 'k') } } as any, { id: 'llama' });
  expect('intent' in outcome).toBe(false);
  expect(outcome.problems.map((p) => p.path)).toEqual(['props.replicas']);
});

test('a bad base name is found, and resolving goes on', () => {
  const outcome = resolveIntent({}, { id: '9lives' });
  expect('intent' in outcome).toBe(true);
  expect(outcome.problems.map((p) => p.path)).toEqual(['id']);
});
