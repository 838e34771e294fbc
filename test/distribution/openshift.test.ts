/**
 * `platform: Platform.OPENSHIFT` end to end: every example app and a sweep of props synthesize
 * objects whose pods OpenShift's `restricted-v2` SCC admits with a namespace's UID range and no
 * grant, and whose Routes the Route CRD accepts (test/support/openshift-scc.ts,
 * openshift-route.ts: validators of our own); Platform.KUBERNETES writes what no platform writes.
 */
import { Duration, Size, Testing } from 'cdk8s';
import {
  ExposeTlsMode, ExternalProvider, InferenceProvider, LlamaStackDistributionProps, Platform, SecretRef, ServerAuth, ServerTarget, StorageBackend,
} from '../../src';
import { EXAMPLE_APPS, synthExampleApp } from '../support/example-apps';
import { schemaErrors } from '../support/k8s-schema';
import { routeProblemsOf, TIMEOUT_ANNOTATION } from '../support/openshift-route';
import { EXAMPLE_NAMESPACE, restrictedV2, restrictedV2Violations } from '../support/openshift-scc';
import { restrictedViolationsOf } from '../support/pod-security';
import { synthDistribution } from '../support/synth';

const OPENSHIFT = { platform: Platform.OPENSHIFT };
/** The example apps that deploy the server (the operator app writes custom resources). */
const WORKLOAD_APPS = EXAMPLE_APPS.filter((app) => app !== 'operator');
/** The objects the library wrote (production adds a cdk8s-plus chat UI of its own). */
const ours = (objects: any[]) => objects.filter((o) => o.metadata?.labels?.['app.kubernetes.io/managed-by'] === 'cdk8s-llama-stack');
const podBearing = (objects: any[]) => objects.filter((o) => o.spec?.template?.spec || o.spec?.jobTemplate);

/** Every OpenShift admission rule this test knows, on the library's objects. */
function openShiftProblems(objects: any[]): string[] {
  return [...restrictedV2Violations(objects), ...routeProblemsOf(objects), ...schemaErrors(objects), ...restrictedViolationsOf(objects)];
}

describe('every example app on OpenShift', () => {
  test('the apps are there to sweep', () => {
    expect(WORKLOAD_APPS).toEqual(['external-provider', 'minimal', 'production', 'rag']);
  });

  test.each(WORKLOAD_APPS)('%s: restricted-v2 admits each pod with the namespace\'s UIDs, and each Route is valid', (app) => {
    const objects = ours(synthExampleApp(app, OPENSHIFT));
    expect(podBearing(objects).length).toBeGreaterThan(0);
    expect(openShiftProblems(objects)).toEqual([]);
    // The SCC, not the pod, chose the UID and fsGroup: the first of the namespace's range.
    for (const o of podBearing(objects)) {
      expect(restrictedV2(o, EXAMPLE_NAMESPACE).defaults).toEqual(expect.arrayContaining([
        'spec.template.spec.securityContext.fsGroup: 1000680000',
        'spec.template.spec.containers[0].securityContext.runAsUser: 1000680000',
      ]));
    }
  });

  test.each(WORKLOAD_APPS)('%s: on Kubernetes (the default) restricted-v2 refuses the pinned UID and fsGroup', (app) => {
    const violations = restrictedV2Violations(ours(synthExampleApp(app)));
    expect(violations).toContainEqual(expect.stringContaining('runAsUser: 1001 must be in the ranges: [1000680000, 1000689999]'));
    expect(violations).toContainEqual(expect.stringContaining('fsGroup: 1001 is not an allowed group'));
  });

  test.each(WORKLOAD_APPS)('%s: Platform.KUBERNETES writes exactly what no platform writes', (app) => {
    expect(synthExampleApp(app, { platform: Platform.KUBERNETES })).toEqual(synthExampleApp(app));
  });

  test('production: the Ingress becomes a Route (re-encrypting to the pod\'s TLS), with the router\'s timeout', () => {
    const objects = synthExampleApp('production', OPENSHIFT);
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    const route = objects.find((o) => o.kind === 'Route');
    expect(route.metadata.annotations).toEqual({ [TIMEOUT_ANNOTATION]: '10m' });
    expect(route.spec).toEqual({
      host: 'llama.example.com',
      to: { kind: 'Service', name: 'llama-prod-service', weight: 100 },
      port: { targetPort: 'https' },
      tls: { termination: 'reencrypt', insecureEdgeTerminationPolicy: 'Redirect' },
      wildcardPolicy: 'None',
    });
  });
});

/** Props that exercise each part of the pod and the exposure. */
const VLLM = InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'token') });
const PG = { host: 'pg.data.svc', db: 'llama', user: 'llama', password: SecretRef.fromSecretName('pg', 'password') };
const SWEEP: [string, LlamaStackDistributionProps][] = [
  ['nothing but the platform', {}],
  ['expose (edge)', { expose: {} }],
  ['expose with a host name and allowedFrom', { expose: { hostname: 'llama.apps.example.com' }, allowedFrom: { namespaces: ['apps'] } }],
  ['serving TLS from the service CA, exposed (reencrypt)', { tls: { serviceCa: true }, expose: {} }],
  ['serving TLS of a Secret, passthrough', { tls: { secretName: 'llama-tls' }, expose: { tlsMode: ExposeTlsMode.PASSTHROUGH } }],
  ['a Gateway (HTTPRoute)', { expose: { gateway: { name: 'gw', namespace: 'openshift-ingress' } } }],
  ['the cluster\'s injected CAs', { caBundle: { clusterInjected: true } }],
  ['ODH\'s trusted CA bundle', { caBundle: { configMapName: 'odh-trusted-ca-bundle' } }],
  ['tls.caBundle without serving TLS', { tls: { caBundle: { configMapName: 'corporate-ca' } } }],
  ['monitoring with a ServiceMonitor and alerts', { monitoring: { serviceMonitor: true, prometheusRule: true }, allowedFrom: { namespaces: ['apps'] } }],
  ['an external provider', {
    externalProviders: [ExternalProvider.fromImage({
      id: 'acme', image: 'quay.io/acme/provider:1.0.0', api: 'inference', providerType: 'remote::acme', module: 'acme_provider',
    })],
  }],
  ['a PVC', { persistentStorage: { size: Size.gibibytes(20) } }],
  ['Postgres stores and several replicas', {
    inference: [VLLM],
    kvStorage: StorageBackend.postgres(PG),
    sqlStorage: StorageBackend.postgres(PG),
    replicas: 3,
    allowPerPodState: true,
    models: ['m'],
  }],
  ['kubernetes auth', { auth: ServerAuth.kubernetes() }],
  ['egress rules', { allowedTo: { namespaces: ['models'], ports: [8000] } }],
  ['OGX 1.2', { target: ServerTarget.OGX_1_2 }],
  ['OGX 0.8 (an image built for root)', { target: ServerTarget.OGX_0_8 }],
  ['llama-stack 0.7', { target: ServerTarget.LLAMA_STACK_0_7 }],
  ['the operator pipeline', { target: ServerTarget.OPERATOR }],
  ['all at once', {
    tls: { serviceCa: true },
    caBundle: { clusterInjected: true },
    expose: { hostname: 'llama.apps.example.com', routeTimeout: Duration.minutes(30) },
    allowedFrom: { namespaces: ['apps'] },
    monitoring: { serviceMonitor: true },
    persistentStorage: {},
    auth: ServerAuth.kubernetes(),
  }],
];

describe('a sweep of props on OpenShift', () => {
  test.each(SWEEP)('%s: restricted-v2 admits each pod, each Route is valid', (_, props) => {
    const { objects } = synthDistribution({ ...props, ...OPENSHIFT }, Testing.chart());
    expect(podBearing(objects).length).toBeGreaterThan(0);
    expect(openShiftProblems(objects)).toEqual([]);
    // Nothing pins an id: no pod, no container.
    for (const o of podBearing(objects)) {
      const pod = o.spec.template.spec;
      expect(pod.securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const c of [...pod.initContainers ?? [], ...pod.containers]) {
        expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
      }
    }
  });

  test('restricted-v2 also admits the pod on an OpenShift 4.11 cluster and with another namespace\'s range', () => {
    const { objects } = synthDistribution({ ...OPENSHIFT, tls: { serviceCa: true }, persistentStorage: {} }, Testing.chart());
    const other = { metadata: { annotations: { 'openshift.io/sa.scc.uid-range': '1001230000/10000', 'openshift.io/sa.scc.mcs': 's0:c27,c4' } } };
    expect(restrictedV2Violations(objects, other, { release: 11 })).toEqual([]);
  });
});
