/**
 * The NetworkPolicy, Ingress, HTTPRoute and (OpenShift) Route renderers: on OpenShift a Route per
 * TLS mode, the router and the monitoring stacks admitted by policy group, DNS on the cluster DNS
 * pods' port; on Kubernetes, none of it.
 */
import { Testing } from 'cdk8s';
import { ExposeTlsMode, LlamaStackDistributionProps, Platform } from '../../src';
import { validateRoute } from '../support/openshift-route';
import { synthDistribution } from '../support/synth';

const OPENSHIFT = { platform: Platform.OPENSHIFT };
const synth = (props: LlamaStackDistributionProps) => synthDistribution(props, Testing.chart()).objects;
const kind = (objects: any[], k: string) => objects.find((o) => o.kind === k);

describe('the Route (OpenShift)', () => {
  test.each<[string, LlamaStackDistributionProps, string, string]>([
    ['plain HTTP: edge', {}, 'edge', 'http'],
    ['TLS from the service CA: reencrypt (no destinationCACertificate)', { tls: { serviceCa: true } }, 'reencrypt', 'https'],
    ['PASSTHROUGH on request', { tls: { secretName: 'own' }, expose: { tlsMode: ExposeTlsMode.PASSTHROUGH } }, 'passthrough', 'https'],
  ])('%s', (_, props, termination, port) => {
    const objects = synth({ ...OPENSHIFT, expose: {}, ...props });
    const route = kind(objects, 'Route');
    expect(route).toEqual({
      apiVersion: 'route.openshift.io/v1',
      kind: 'Route',
      metadata: expect.objectContaining({ name: 'llama', annotations: { 'haproxy.router.openshift.io/timeout': '10m' } }),
      spec: {
        to: { kind: 'Service', name: 'llama-service', weight: 100 },
        port: { targetPort: port },
        tls: { termination, insecureEdgeTerminationPolicy: 'Redirect' },
        wildcardPolicy: 'None',
      },
    });
    expect(validateRoute(route)).toEqual({ problems: [], warnings: [] });
    // The Route's target port is the Service's port of that name.
    expect(kind(objects, 'Service').spec.ports[0].name).toBe(port);
    expect(kind(objects, 'Ingress')).toBeUndefined();
  });

  test('from a spec (a manifest): a Route with the defaults, its host from the spec', () => {
    const objects = synth({ ...OPENSHIFT, spec: { distribution: { name: 'starter' }, networking: { expose: { enabled: true, hostname: 'llama.example.com' } } } });
    expect(kind(objects, 'Route').spec.host).toBe('llama.example.com');
    expect(synth({ ...OPENSHIFT, spec: { distribution: { name: 'starter' }, networking: { expose: { enabled: false } } } }).map((o) => o.kind)).not.toContain('Route');
  });

  test('no Route on Kubernetes, nor without expose', () => {
    expect(synth({ expose: {} }).map((o) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'Ingress']);
    expect(synth(OPENSHIFT).map((o) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service']);
  });
});

describe('the NetworkPolicy on OpenShift', () => {
  const ROUTER = { namespaceSelector: { matchLabels: { 'network.openshift.io/policy-group': 'ingress' } } };
  const MONITORING = { namespaceSelector: { matchLabels: { 'network.openshift.io/policy-group': 'monitoring' } } };

  test('admits the router by policy group when exposed, and only then', () => {
    const exposed = kind(synth({ ...OPENSHIFT, expose: {}, allowedFrom: { namespaces: ['apps'] } }), 'NetworkPolicy');
    expect(exposed.spec.ingress).toEqual([{
      from: [{ podSelector: {} }, { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'apps' } } }, ROUTER],
      ports: [{ protocol: 'TCP', port: 8321 }],
    }]);
    const internal = kind(synth({ ...OPENSHIFT, allowedFrom: { namespaces: ['apps'] } }), 'NetworkPolicy');
    expect(internal.spec.ingress[0].from).not.toContainEqual(ROUTER);
  });

  test('admits the monitoring stacks (cluster and user workload) by policy group, and the namespaces named', () => {
    const policy = (monitoring: any) => kind(synth({ ...OPENSHIFT, monitoring, allowedFrom: { namespaces: ['apps'] } }), 'NetworkPolicy');
    expect(policy({ serviceMonitor: true }).spec.ingress[1]).toEqual({ from: [MONITORING], ports: [{ protocol: 'TCP', port: 9464 }] });
    expect(policy({ namespaces: ['prometheus'] }).spec.ingress[1].from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'prometheus' } } }, MONITORING,
    ]);
    // Kubernetes keeps its default namespace, and no policy group.
    expect(kind(synth({ monitoring: {}, allowedFrom: { namespaces: ['apps'] } }), 'NetworkPolicy').spec.ingress[1].from)
      .toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
  });

  test('egress admits DNS on 53 and on the DNS pods\' 5353 (Kubernetes: 53)', () => {
    const dns = (props: LlamaStackDistributionProps) => kind(synth({ ...props, allowedTo: { namespaces: ['models'] } }), 'NetworkPolicy').spec.egress[0].ports;
    expect(dns(OPENSHIFT)).toEqual([
      { protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }, { protocol: 'UDP', port: 5353 }, { protocol: 'TCP', port: 5353 },
    ]);
    expect(dns({})).toEqual([{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }]);
  });
});

test('the ServiceMonitor fits user-workload monitoring: its own namespace only, no cluster-monitoring label', () => {
  const sm = kind(synth({ ...OPENSHIFT, namespace: 'ai', monitoring: { serviceMonitor: true } }), 'ServiceMonitor');
  expect(sm.spec).toEqual({
    selector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
    endpoints: [{ port: 'metrics', path: '/metrics', scheme: 'http' }],
  });
  expect(Object.keys(sm.metadata.labels).filter((k) => k.startsWith('openshift.io/'))).toEqual([]);
});
