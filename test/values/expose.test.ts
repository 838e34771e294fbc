/**
 * Exposure on a real cluster: serving TLS end to end (port names, appProtocol, ingress-nginx's
 * backend protocol, Ingress TLS with a Secret or cert-manager), the Gateway API HTTPRoute, and
 * the ingress controller's path through the NetworkPolicy.
 */
import { Chart, Testing } from 'cdk8s';
import { quoteValue } from '../../src/core/quote';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { ExposeTlsMode } from '../../src/values/expose';
import { crdSchemaErrors } from '../support/crd-schema';
import { schemaErrors } from '../support/k8s-schema';
import { problemLines, problemsOf } from '../support/problems';

const POD_TLS = { secretName: 'llama-tls' };
const HOST = 'llama.example.com';

function synth(props: LlamaStackDistributionProps): any[] {
  const chart = Testing.chart();
  new LlamaStackDistribution(chart, 'llama', props);
  const manifests = Testing.synth(chart);
  expect(schemaErrors(manifests)).toEqual([]);
  return manifests;
}

function one(manifests: any[], kind: string): any {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

function problems(props: LlamaStackDistributionProps): { path: string; message: string }[] {
  return problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'llama', props));
}

const backend = (port: string) => ({ paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'llama-service', port: { name: port } } } }] });

describe('serving TLS: the port is https end to end', () => {
  test('container port, Service port (appProtocol) and probes are named https', () => {
    const m = synth({ tls: POD_TLS });
    const c = one(m, 'Deployment').spec.template.spec.containers[0];
    expect(c.ports).toEqual([{ name: 'https', containerPort: 8321, protocol: 'TCP' }]);
    for (const probe of [c.startupProbe, c.readinessProbe, c.livenessProbe]) {
      expect(probe.httpGet).toEqual({ path: '/v1/health', port: 'https', scheme: 'HTTPS' });
    }
    expect(one(m, 'Service').spec.ports).toEqual([{ name: 'https', protocol: 'TCP', appProtocol: 'https', port: 8321, targetPort: 'https' }]);
  });

  test('a privileged Service port still targets the container port by name', () => {
    const m = synth({ tls: POD_TLS, port: 443 });
    expect(one(m, 'Service').spec.ports).toEqual([{ name: 'https', protocol: 'TCP', appProtocol: 'https', port: 443, targetPort: 'https' }]);
    expect(one(m, 'Deployment').spec.template.spec.containers[0].ports).toEqual([{ name: 'https', containerPort: 8321, protocol: 'TCP' }]);
  });

  test('without tls the port stays http, with no appProtocol', () => {
    const m = synth({});
    expect(one(m, 'Service').spec.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8321, targetPort: 'http' }]);
  });
});

describe('Ingress TLS modes', () => {
  test('re-encrypt (pod tls): backend-protocol HTTPS, Ingress TLS from a Secret, https backend port', () => {
    const ingress = one(synth({ tls: POD_TLS, expose: { hostname: HOST, ingressClassName: 'nginx', tls: { secretName: 'llama-public-tls' } } }), 'Ingress');
    expect(ingress.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS' });
    expect(ingress.spec).toEqual({
      ingressClassName: 'nginx',
      tls: [{ hosts: [HOST], secretName: 'llama-public-tls' }],
      rules: [{ host: HOST, http: backend('https') }],
    });
  });

  test('cert-manager ClusterIssuer: annotation, and a Secret name derived from the name', () => {
    const ingress = one(synth({ tls: POD_TLS, expose: { hostname: HOST, tls: { clusterIssuer: 'letsencrypt' } } }), 'Ingress');
    expect(ingress.metadata.annotations).toEqual({
      'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS',
      'cert-manager.io/cluster-issuer': 'letsencrypt',
    });
    expect(ingress.spec.tls).toEqual([{ hosts: [HOST], secretName: 'llama-ingress-tls' }]);
  });

  test('cert-manager Issuer of the namespace, with a Secret name of your own', () => {
    const ingress = one(synth({ expose: { hostname: HOST, tls: { issuer: 'team-ca', secretName: 'llama-cert' } } }), 'Ingress');
    expect(ingress.metadata.annotations).toEqual({ 'cert-manager.io/issuer': 'team-ca' });
    expect(ingress.spec.tls).toEqual([{ hosts: [HOST], secretName: 'llama-cert' }]);
  });

  test('terminate (no pod tls): Ingress TLS, plain HTTP to the http port, no backend-protocol', () => {
    const ingress = one(synth({ expose: { hostname: HOST, tls: { secretName: 'llama-public-tls' }, tlsMode: ExposeTlsMode.TERMINATE } }), 'Ingress');
    expect(ingress.metadata.annotations).toBeUndefined();
    expect(ingress.spec).toEqual({ tls: [{ hosts: [HOST], secretName: 'llama-public-tls' }], rules: [{ host: HOST, http: backend('http') }] });
  });

  test('pass-through: ssl-passthrough, no Ingress TLS, routed by host to the https port', () => {
    const ingress = one(synth({ tls: POD_TLS, expose: { hostname: HOST, ingressClassName: 'nginx', tlsMode: ExposeTlsMode.PASSTHROUGH } }), 'Ingress');
    expect(ingress.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/ssl-passthrough': 'true' });
    expect(ingress.spec).toEqual({ ingressClassName: 'nginx', rules: [{ host: HOST, http: backend('https') }] });
  });

  test('a whole spec with pod TLS and expose gets the backend protocol too', () => {
    const ingress = one(synth({ spec: { distribution: { name: 'starter' }, networking: { tls: { enabled: true, secretName: 'x' }, expose: { enabled: true } } } }), 'Ingress');
    expect(ingress.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS' });
    expect(ingress.spec.rules[0].http).toEqual(backend('https'));
  });

  test('a wildcard host is accepted', () => {
    expect(one(synth({ expose: { hostname: '*.example.com', tls: { secretName: 'wild' } } }), 'Ingress').spec.tls).toEqual([{ hosts: ['*.example.com'], secretName: 'wild' }]);
  });

  test('every inconsistent combination is an error with its fix', () => {
    expect(problemLines(() => new LlamaStackDistribution(Testing.chart(), 'llama', {
      expose: { tls: { clusterIssuer: 'a', issuer: 'b' } },
    }))).toEqual([
      'props.expose.tls: names both a cert-manager ClusterIssuer and an Issuer (one annotation decides) — keep clusterIssuer or issuer',
      'props.expose.hostname: TLS at the Ingress needs the host name the certificate is for — set expose.hostname',
    ]);
    expect(problems({ expose: { hostname: HOST, tls: {} } })).toEqual([
      { path: 'props.expose.tls', message: 'names no certificate: neither a Secret nor a cert-manager issuer' },
    ]);
    expect(problems({ expose: { hostname: HOST, tls: { clusterIssuer: 'Lets_Encrypt' } } })).toEqual([
      { path: 'props.expose.tls.clusterIssuer', message: '"Lets_Encrypt" is not an object name' },
    ]);
    expect(problems({ tls: POD_TLS, expose: { hostname: HOST, tls: { secretName: 's' }, tlsMode: ExposeTlsMode.TERMINATE } })).toEqual([
      { path: 'props.expose.tlsMode', message: 'TERMINATE sends plain HTTP to the pod, but the pod serves HTTPS (tls is set)' },
    ]);
    expect(problems({ expose: { hostname: HOST, tlsMode: ExposeTlsMode.TERMINATE } })).toEqual([
      { path: 'props.expose.tls', message: 'TERMINATE needs the certificate the Ingress serves' },
    ]);
    expect(problems({ expose: { hostname: HOST, tlsMode: ExposeTlsMode.REENCRYPT } })).toEqual([
      { path: 'props.expose.tlsMode', message: 'REENCRYPT needs the pod to serve HTTPS' },
    ]);
    expect(problems({ expose: { tls: { secretName: 's' }, tlsMode: ExposeTlsMode.PASSTHROUGH } })).toEqual([
      { path: 'props.expose.hostname', message: 'TLS at the Ingress needs the host name the certificate is for' },
      { path: 'props.expose.tlsMode', message: 'PASSTHROUGH needs the pod to serve HTTPS: clients get the pod\'s certificate' },
      { path: 'props.expose.tls', message: 'with PASSTHROUGH the Ingress decrypts nothing: clients get the pod\'s certificate' },
      { path: 'props.expose.hostname', message: 'PASSTHROUGH routes by SNI, which needs a host name' },
    ]);
    expect(problems({ expose: { tlsMode: 'edge' as ExposeTlsMode } })).toContainEqual({ path: 'props.expose.tlsMode', message: 'must be one of terminate, reencrypt, passthrough, got a string of 4 characters' });
  });

  test.each([
    ['10.0.0.1', 'must be a DNS name, not an IP address'],
    ['*foo.example.com', 'a wildcard is only allowed as the whole first label (`*.example.com`)'],
    ['foo.*.example.com', 'a wildcard is only allowed as the whole first label (`*.example.com`)'],
    ['Llama.example.com', 'must be a lower-case DNS-1123 subdomain (labels of a-z, 0-9 and \'-\', at most 63 characters, separated by \'.\')'],
    ['a..b', 'must be a lower-case DNS-1123 subdomain (labels of a-z, 0-9 and \'-\', at most 63 characters, separated by \'.\')'],
    ['*.-a.com', 'must be a lower-case DNS-1123 subdomain after `*.` (labels of a-z, 0-9 and \'-\', at most 63 characters, separated by \'.\')'],
    [`${'a'.repeat(64)}.com`, 'must be a lower-case DNS-1123 subdomain (labels of a-z, 0-9 and \'-\', at most 63 characters, separated by \'.\')'],
  ])('hostname %s is rejected (Kubernetes Ingress rules), in props and in a spec', (host, why) => {
    const expected = (root: string) => [{ path: `${root}.hostname`, message: `${quoteValue(host)} ${why}` }];
    expect(problems({ expose: { hostname: host } })).toEqual(expected('props.expose'));
    expect(problems({ spec: { distribution: { name: 'starter' }, networking: { expose: { hostname: host } } } })).toEqual(expected('spec.networking.expose'));
  });
});

describe('Gateway API: an HTTPRoute instead of the Ingress', () => {
  test('parentRefs to the Gateway, the host, a backendRef to the Service port', () => {
    const m = synth({ port: 9000, expose: { hostname: HOST, gateway: { name: 'public', namespace: 'gateways', sectionName: 'https' } } });
    expect(m.filter((o) => o.kind === 'Ingress')).toEqual([]);
    const route = one(m, 'HTTPRoute');
    expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route.metadata.name).toBe('llama-route');
    expect(route.spec).toEqual({
      parentRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'public', namespace: 'gateways', sectionName: 'https' }],
      hostnames: [HOST],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ group: '', kind: 'Service', name: 'llama-service', port: 9000 }] }],
    });
  });

  test('no host: every host of the listener; no namespace: the route\'s own', () => {
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', { expose: { gateway: { name: 'public' } } });
    expect(d.ingress).toBeUndefined();
    expect(d.httpRoute).toBeDefined();
    const route = one(Testing.synth(chart), 'HTTPRoute');
    expect(route.spec.hostnames).toBeUndefined();
    expect(route.spec.parentRefs).toEqual([{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'public' }]);
  });

  describe('checked against the real HTTPRoute CRD (crds/, Gateway API v1.3.0: schema and CEL), which rejects a broken route', () => {
    const route = (): any => one(synth({ expose: { hostname: HOST, gateway: { name: 'public' } } }), 'HTTPRoute');
    const errorsOf = (spec: object): string[] => schemaErrors([{ ...route(), spec: { ...route().spec, ...spec } }]);
    const serviceRef = { name: 'llama-service', port: 8321 };
    const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_x, i) => f(i));

    test('a backendRef to a Service without a port (CEL), an unknown field (schema)', () => {
      expect(errorsOf({ rules: [{ backendRefs: [{ name: 'llama-service' }] }], extra: 1 })).toEqual([
        'HTTPRoute/llama-route spec.extra: unknown field "extra"',
        'HTTPRoute/llama-route spec.rules[0].backendRefs[0]: Must have port for Service reference',
      ]);
    });

    test('a hostname with an uppercase letter (pattern)', () => {
      expect(errorsOf({ hostnames: ['Llama.example.com'] })).toEqual([
        'HTTPRoute/llama-route spec.hostnames[0]: "Llama.example.com" does not match ^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
      ]);
    });

    test('more than 16 hostnames or rules, more than 32 parentRefs (maxItems)', () => {
      expect(errorsOf({
        hostnames: times(17, (i) => `h${i}.example.com`),
        parentRefs: times(33, (i) => ({ name: `gw${i}` })),
        rules: times(17, () => ({ backendRefs: [serviceRef] })),
      })).toEqual([
        'HTTPRoute/llama-route spec.hostnames: more than maxItems 16',
        'HTTPRoute/llama-route spec.parentRefs: more than maxItems 32',
        'HTTPRoute/llama-route spec.rules: more than maxItems 16',
      ]);
    });

    test('the same Gateway twice, without distinct sectionNames (CEL all/exists_one over parentRefs)', () => {
      expect(errorsOf({ parentRefs: [{ name: 'public' }, { name: 'public' }] })).toEqual([
        'HTTPRoute/llama-route spec.parentRefs: sectionName must be unique when parentRefs includes 2 or more references to the same parent',
      ]);
      expect(errorsOf({ parentRefs: [{ name: 'public' }, { name: 'public', sectionName: 'https' }] })).toEqual([
        'HTTPRoute/llama-route spec.parentRefs: sectionName must be specified when parentRefs includes 2 or more references to the same parent',
      ]);
      expect(errorsOf({ parentRefs: [{ name: 'public', sectionName: 'http' }, { name: 'public', sectionName: 'https' }, { name: 'public', namespace: 'other' }] })).toEqual([]);
    });

    test('path matches that are not clean absolute paths (CEL startsWith/contains/endsWith/matches)', () => {
      const withPath = (value: string) => errorsOf({ rules: [{ matches: [{ path: { type: 'PathPrefix', value } }], backendRefs: [serviceRef] }] });
      const at = 'HTTPRoute/llama-route spec.rules[0].matches[0].path: ';
      expect(withPath('api')).toEqual([`${at}value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']`]);
      expect(withPath('/a//b')).toEqual([`${at}must not contain '//' when type one of ['Exact', 'PathPrefix']`]);
      expect(withPath('/a/..')).toEqual([`${at}must not end with '/..' when type one of ['Exact', 'PathPrefix']`]);
      expect(withPath('/a b')).toEqual([
        `${at}must only contain valid characters (matching ^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|[%][0-9a-fA-F]{2})+$) for types ['Exact', 'PathPrefix']`,
      ]);
      expect(withPath('/v1/models%2Fx')).toEqual([`${at}must not contain '%2F' when type one of ['Exact', 'PathPrefix']`]);
      expect(withPath("/v1/it's;ok:@~%20")).toEqual([]);
    });

    test('more than 128 matches in all (CEL ?:, indexing and +), a backendRequest timeout over the request timeout (CEL duration)', () => {
      const rule = (matches: number) => ({ matches: times(matches, (i) => ({ path: { type: 'Exact', value: `/p${i}` } })), backendRefs: [serviceRef] });
      expect(errorsOf({ rules: [rule(64), rule(64)] })).toEqual([]);
      expect(errorsOf({ rules: [rule(64), rule(64), rule(1)] })).toEqual([
        'HTTPRoute/llama-route spec.rules: While 16 rules and 64 matches per rule are allowed, the total number of matches across all rules in a route must be less than 128',
      ]);
      const timeouts = (t: object) => errorsOf({ rules: [{ backendRefs: [serviceRef], timeouts: t }] });
      expect(timeouts({ request: '1m', backendRequest: '61s' })).toEqual([
        'HTTPRoute/llama-route spec.rules[0].timeouts: backendRequest timeout cannot be longer than request timeout',
      ]);
      expect(timeouts({ request: '1m', backendRequest: '59s999ms' })).toEqual([]);
      expect(timeouts({ request: '0s', backendRequest: '1h' })).toEqual([]); // 0s: no request timeout
    });

    test('a redirect next to backendRefs (CEL filter rules)', () => {
      expect(errorsOf({ rules: [{ backendRefs: [serviceRef], filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }] }] })).toEqual([
        'HTTPRoute/llama-route spec.rules[0]: RequestRedirect filter must not be used together with backendRefs',
      ]);
      expect(errorsOf({ rules: [{ backendRefs: [serviceRef], filters: [{ type: 'URLRewrite' }] }] })).toEqual([
        'HTTPRoute/llama-route spec.rules[0].filters[0]: filter.urlRewrite must be specified for URLRewrite filter.type',
      ]);
    });
  });

  test('Ingress settings and bad names are errors', () => {
    expect(problems({
      tls: POD_TLS,
      expose: { ingressClassName: 'nginx', tls: { secretName: 's' }, tlsMode: ExposeTlsMode.PASSTHROUGH, hostname: HOST, gateway: { name: 'Public', namespace: 'a.b', sectionName: '_x' } },
    }).map((p) => p.path)).toEqual([
      'props.expose.tls',
      'props.expose.gateway.name', 'props.expose.gateway.namespace', 'props.expose.gateway.sectionName',
      'props.expose.ingressClassName', 'props.expose.tls', 'props.expose.tlsMode',
    ]);
  });
});

describe('NetworkPolicy: a path from the ingress controller', () => {
  const peersOf = (m: any[]) => one(m, 'NetworkPolicy').spec.ingress[0].from;

  test('exposed with allowedFrom and no controller namespace: an error that names the fix', () => {
    expect(problemLines(() => new LlamaStackDistribution(Testing.chart(), 'llama', { expose: { hostname: HOST }, allowedFrom: { namespaces: ['team-a'] } }))).toEqual([
      'props.expose.controllerNamespace: the NetworkPolicy from allowedFrom admits no path from the ingress controller: they run in a namespace of their own, '
      + 'so every request through the Ingress would be dropped — set expose.controllerNamespace to the namespace of the ingress controller (e.g. "ingress-nginx"), '
      + 'or expose.controllerNamespaceLabels; it is added to allowedFrom (also when allowedFrom lists it already)',
    ]);
    expect(problems({ expose: { gateway: { name: 'public' } }, allowedFrom: { labels: ['team'] } })[0].message).toBe(
      'the NetworkPolicy from allowedFrom admits no path from the Gateway\'s proxies: they run in a namespace of their own, so every request through the HTTPRoute would be dropped');
  });

  test('the controller namespace joins the peers (and allowedFrom in the spec)', () => {
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', { expose: { hostname: HOST, controllerNamespace: 'ingress-nginx' }, allowedFrom: { namespaces: ['team-a'] } });
    expect(d.spec.networking?.allowedFrom).toEqual({ namespaces: ['team-a', 'ingress-nginx'] });
    expect(peersOf(Testing.synth(chart))).toEqual([
      { podSelector: {} },
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'team-a' } } },
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
    ]);
  });

  test('label selectors: `key` admits any value, `key=value` only that one; controller labels too', () => {
    const m = synth({
      expose: { hostname: HOST, controllerNamespaceLabels: ['network.example.com/ingress=true'] },
      allowedFrom: { labels: ['team', 'tier=frontend', 'empty='] },
    });
    expect(peersOf(m)).toEqual([
      { podSelector: {} },
      { namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Exists' }] } },
      { namespaceSelector: { matchLabels: { tier: 'frontend' } } },
      { namespaceSelector: { matchLabels: { empty: '' } } },
      { namespaceSelector: { matchLabels: { 'network.example.com/ingress': 'true' } } },
    ]);
  });

  test('allowedFrom "*" admits the controller already; no allowedFrom: no NetworkPolicy, no error', () => {
    expect(peersOf(synth({ expose: { hostname: HOST }, allowedFrom: { namespaces: ['*'] } }))).toEqual([{ namespaceSelector: {} }]);
    expect(synth({ expose: { hostname: HOST, controllerNamespace: 'ingress-nginx' } }).filter((o) => o.kind === 'NetworkPolicy')).toEqual([]);
  });

  test('label entries and controller names are validated', () => {
    expect(problems({
      expose: { hostname: HOST, controllerNamespace: 'Ingress_Nginx', controllerNamespaceLabels: ['a=b=c'] },
      allowedFrom: { labels: ['-bad', 'UPPER.example.com/x', 'k=v v'] },
    })).toEqual([
      { path: 'props.allowedFrom.labels[0]', message: 'label key "-bad" must be a qualified name (optional DNS prefix and \'/\', then at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric)' },
      { path: 'props.allowedFrom.labels[1]', message: 'label key prefix "UPPER.example.com" must be a DNS-1123 subdomain' },
      { path: 'props.allowedFrom.labels[2]', message: 'label value "v v" must be at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric (or empty)' },
      { path: 'props.allowedFrom.labels[3]', message: 'label value "b=c" must be at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric (or empty)' },
      { path: 'props.expose.controllerNamespace', message: '"Ingress_Nginx" is not a namespace name' },
      { path: 'props.expose.controllerNamespaceLabels[0]', message: 'label value "b=c" must be at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric (or empty)' },
    ]);
  });
});

describe('the CR constructs: what the CRDs cannot carry is an error', () => {
  test('Ingress TLS, TLS mode, Gateway and key=value labels', () => {
    const props: LlamaStackDistributionProps = {
      tls: POD_TLS,
      expose: { hostname: HOST, tls: { secretName: 's' }, tlsMode: ExposeTlsMode.REENCRYPT, controllerNamespaceLabels: ['ingress=true'] },
      allowedFrom: { labels: ['tier=frontend'] },
    };
    const expected = [
      'props.expose.tls', 'props.expose.tlsMode', 'props.allowedFrom.labels[0]', 'props.expose.controllerNamespaceLabels',
    ];
    expect(problemsOf(() => new LlamaStackDistributionResource(new Chart(Testing.app(), 'c'), 'llama', props)).map((p) => p.path)).toEqual(expected);
    expect(problemsOf(() => new OgxServerResource(new Chart(Testing.app(), 'c'), 'llama', props)).map((p) => p.path)).toEqual(expected);
    expect(problemsOf(() => new LlamaStackDistributionResource(new Chart(Testing.app(), 'c'), 'llama', { expose: { gateway: { name: 'gw' } } }))).toEqual([
      { path: 'props.expose.gateway', message: 'the llamastack.io/v1alpha2 LlamaStackDistribution CRD has no field for a Gateway API HTTPRoute (the operator creates an Ingress)' },
    ]);
  });

  test('the controller namespace travels in the CR\'s allowedFrom', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    new LlamaStackDistributionResource(chart, 'llama', { expose: { hostname: HOST, controllerNamespace: 'ingress-nginx' }, allowedFrom: { namespaces: ['team-a'], labels: ['team'] } });
    const [cr] = Testing.synth(chart);
    expect(crdSchemaErrors(cr)).toEqual([]);
    expect(cr.spec.networking).toEqual({
      expose: { enabled: true, hostname: HOST },
      allowedFrom: { namespaces: ['team-a', 'ingress-nginx'], labels: ['team'] },
    });
  });
});
