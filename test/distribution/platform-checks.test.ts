/**
 * What only the platform makes right or wrong: OpenShift-only props refused on Kubernetes, and on
 * OpenShift the exposure settings a Route cannot carry warned as not carried (errors with
 * `strict`), never dropped in silence.
 */
import { Duration, Testing } from 'cdk8s';
import { ExposeTlsMode, LlamaStackDistributionProps, Platform } from '../../src';
import { distributionFixes, distributionProblems } from '../support/problems';
import { synthDistribution } from '../support/synth';

const OPENSHIFT = { platform: Platform.OPENSHIFT };
const synth = (props: LlamaStackDistributionProps) => synthDistribution(props, Testing.chart());
const route = (objects: any[]) => objects.find((o) => o.kind === 'Route');

describe('OpenShift-only props on Kubernetes', () => {
  test('tls.serviceCa is refused: nothing would write the Secret', () => {
    expect(distributionProblems({ tls: { serviceCa: true } })).toEqual([
      'props.tls.serviceCa: the service CA is OpenShift\'s: on Kubernetes nothing writes the Secret and the pod would never start',
    ]);
    expect(distributionFixes({ tls: { serviceCa: true } })[0]).toContain('platform: Platform.OPENSHIFT');
  });

  test('expose.routeTimeout is refused, naming the controller\'s own annotation', () => {
    expect(distributionProblems({ expose: { routeTimeout: Duration.minutes(10) } })).toEqual([
      'props.expose.routeTimeout: is the OpenShift router\'s timeout for a Route, and Platform.KUBERNETES writes an Ingress',
    ]);
  });
});

describe('routeTimeout on OpenShift', () => {
  test('longer than HAProxy\'s limit is refused: the router would ignore it and keep 30 s', () => {
    expect(distributionProblems({ ...OPENSHIFT, expose: { routeTimeout: Duration.days(30) } })).toEqual([
      'props.expose.routeTimeout: 30d is longer than HAProxy\'s limit (about 24 days) (the router ignores it and keeps 30 s)',
    ]);
  });

  test.each([
    [Duration.seconds(600), '10m'], [Duration.seconds(90), '90s'], [Duration.hours(1), '1h'], [Duration.minutes(45), '45m'],
    [Duration.days(24), '24d'], [Duration.millis(1500), '1500ms'], [Duration.parse('PT1H30M'), '90m'],
  ])('%p is written as the Route\'s timeout %p, in its largest whole unit', (timeout, written) => {
    expect(route(synth({ ...OPENSHIFT, expose: { routeTimeout: timeout } }).objects).metadata.annotations).toEqual({ 'haproxy.router.openshift.io/timeout': written });
  });

  test.each([
    ['a string', '10m', 'must be a Duration, got a string of 3 characters'],
    ['no time at all', Duration.seconds(0), 'must be a positive whole number of milliseconds, got 0'],
    ['a fraction of a millisecond', Duration.millis(0.5), 'must be a positive whole number of milliseconds, got 0.5'],
  ])('%s is refused at the props boundary, with the typed form', (_, timeout, message) => {
    expect(distributionProblems({ ...OPENSHIFT, expose: { routeTimeout: timeout as any } })).toEqual([`props.expose.routeTimeout: ${message}`]);
    expect(distributionFixes({ ...OPENSHIFT, expose: { routeTimeout: timeout as any } })).toEqual(['props.expose.routeTimeout: use Duration.seconds(30) or Duration.minutes(10) (from cdk8s)']);
  });
});

describe('the service CA on OpenShift', () => {
  test('the Service asks for N-tls, or the Secret tls.secretName names; the pod serves it', () => {
    for (const [tls, secret] of [[{ serviceCa: true }, 'llama-tls'], [{ serviceCa: true, secretName: 'my-cert' }, 'my-cert']] as const) {
      const { objects } = synth({ ...OPENSHIFT, tls, service: { annotations: { 'example.com/owner': 'ai' } } });
      expect(objects.find((o) => o.kind === 'Service').metadata.annotations).toEqual({
        'example.com/owner': 'ai', 'service.beta.openshift.io/serving-cert-secret-name': secret,
      });
      const pod = objects.find((o) => o.kind === 'Deployment').spec.template.spec;
      expect(pod.volumes).toContainEqual({ name: 'tls', secret: { secretName: secret } });
      expect(pod.containers[0].ports[0].name).toBe('https');
    }
  });

  test('a Service annotation of the same key is refused', () => {
    expect(distributionProblems({
      ...OPENSHIFT, tls: { serviceCa: true }, service: { annotations: { 'service.beta.openshift.io/serving-cert-secret-name': 'x' } },
    })).toEqual(['props.service.annotations["service.beta.openshift.io/serving-cert-secret-name"]: is written by tls.serviceCa (it names the Secret the server serves)']);
  });
});

describe('exposure settings a Route cannot carry', () => {
  test('ingressClassName, expose.tls and ingress-nginx annotations are warned as not carried; other annotations are carried', () => {
    const { objects, warnings } = synth({
      ...OPENSHIFT,
      expose: {
        hostname: 'llama.example.com',
        ingressClassName: 'nginx',
        tls: { clusterIssuer: 'letsencrypt' },
        annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '100m', 'haproxy.router.openshift.io/balance': 'roundrobin' },
      },
    });
    expect(warnings).toEqual([
      'props.expose.ingressClassName: is not carried: a Route has no class (OpenShift writes a Route, not an Ingress)',
      'props.expose.tls: is not carried: a Route serves the router\'s certificate (the IngressController\'s default: the apps domain\'s wildcard unless the admin set another), which names no Secret or cert-manager issuer',
      'props.expose.annotations["nginx.ingress.kubernetes.io/proxy-body-size"]: is not carried: an ingress-nginx annotation, which the OpenShift router ignores',
    ]);
    expect(route(objects).metadata.annotations).toEqual({ 'haproxy.router.openshift.io/timeout': '10m', 'haproxy.router.openshift.io/balance': 'roundrobin' });
    expect(route(objects).spec.tls).toEqual({ termination: 'edge', insecureEdgeTerminationPolicy: 'Redirect' });
  });

  test('with strict, a not-carried setting is an error', () => {
    expect(distributionProblems({ ...OPENSHIFT, strict: true, expose: { ingressClassName: 'nginx' } })).toEqual([
      'props.expose.ingressClassName: is not carried: a Route has no class (OpenShift writes a Route, not an Ingress) (an error with strict)',
    ]);
  });

  test('the user\'s own timeout annotation wins over routeTimeout', () => {
    const { objects } = synth({ ...OPENSHIFT, expose: { annotations: { 'haproxy.router.openshift.io/timeout': '2h' } } });
    expect(route(objects).metadata.annotations).toEqual({ 'haproxy.router.openshift.io/timeout': '2h' });
  });

  test('re-encrypting to a certificate of another CA than the service CA is warned (the router checks it against the service CA)', () => {
    const { warnings } = synth({ ...OPENSHIFT, tls: { secretName: 'cert-manager-cert' }, expose: {} });
    expect(warnings).toEqual([
      'props.tls.secretName: the Route re-encrypts to the pod, and the router checks the pod\'s certificate against the service CA: a certificate of another CA fails every request (503)',
    ]);
    expect(synth({ ...OPENSHIFT, tls: { serviceCa: true }, expose: {} }).warnings).toEqual([]);
    expect(synth({ ...OPENSHIFT, tls: { secretName: 'c' }, expose: { tlsMode: ExposeTlsMode.PASSTHROUGH } }).warnings).toEqual([]);
  });

  test('what an Ingress needs and a Route does not: a certificate for TERMINATE, a host for PASSTHROUGH, the controller with allowedFrom', () => {
    expect(distributionProblems({ ...OPENSHIFT, expose: { tlsMode: ExposeTlsMode.TERMINATE } })).toEqual([]);
    expect(distributionProblems({ ...OPENSHIFT, tls: { serviceCa: true }, expose: { tlsMode: ExposeTlsMode.PASSTHROUGH } })).toEqual([]);
    expect(distributionProblems({ ...OPENSHIFT, expose: {}, allowedFrom: { namespaces: ['apps'] } })).toEqual([]);
    // On Kubernetes each is still an error.
    expect(distributionProblems({ expose: { tlsMode: ExposeTlsMode.TERMINATE } })).toEqual(['props.expose.tls: TERMINATE needs the certificate the Ingress serves']);
    expect(distributionProblems({ expose: {}, allowedFrom: { namespaces: ['apps'] } })).toEqual([
      expect.stringMatching(/^props\.expose\.controllerNamespace: the NetworkPolicy from allowedFrom admits no path from the ingress controller/),
    ]);
  });

  test('a Route without a host gets <name>-<namespace>: a label over 63 characters is refused', () => {
    const chart = Testing.chart();
    const props = { ...OPENSHIFT, name: 'a'.repeat(40), namespace: 'n'.repeat(30), expose: {} };
    expect(distributionProblems(props, chart)).toEqual([
      `props.expose.hostname: the router names a Route without a host <name>-<namespace>.<apps domain>, and "${'a'.repeat(40)}-${'n'.repeat(30)}" is 71 characters: a DNS label holds 63`,
    ]);
    expect(distributionProblems({ ...props, expose: { hostname: 'llama.example.com' } })).toEqual([]);
  });

  test('a Gateway on OpenShift writes the HTTPRoute (OpenShift serves Gateway API), not a Route', () => {
    const { objects } = synth({ ...OPENSHIFT, expose: { gateway: { name: 'gw', namespace: 'openshift-ingress' } }, allowedFrom: { namespaces: ['apps'] } });
    expect(objects.map((o) => o.kind)).toContain('HTTPRoute');
    expect(objects.map((o) => o.kind)).not.toContain('Route');
  });
});
