import { haproxyTimeoutMs, routeProblemsOf, TIMEOUT_ANNOTATION, TUNNEL_TIMEOUT_ANNOTATION, validateRoute } from './openshift-route';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

/** An edge Route to the server's Service, with a streaming-safe timeout. */
function route(spec: Record<string, unknown> = {}, annotations: Record<string, unknown> = { [TIMEOUT_ANNOTATION]: '300s' }): any {
  return {
    apiVersion: 'route.openshift.io/v1',
    kind: 'Route',
    metadata: { name: 'llama', annotations },
    spec: { to: { kind: 'Service', name: 'llama', weight: 100 }, port: { targetPort: 'http' }, tls: { termination: 'edge', insecureEdgeTerminationPolicy: 'Redirect' }, ...spec },
  };
}
const problems = (r: any) => validateRoute(r).problems;
const tls = (t: Record<string, unknown>) => route({ tls: t });

describe('Route: accepted', () => {
  test.each([
    ['the edge route', route()],
    ['only spec.to.name (kind and weight defaulted, no TLS)', { apiVersion: 'route.openshift.io/v1', kind: 'Route', metadata: { name: 'r' }, spec: { to: { name: 's' } } }],
    ['a host and a path', route({ host: 'llama.apps.example.com', path: '/v1' })],
    ['kind "" (defaulted to Service)', route({ to: { kind: '', name: 's' } })],
    ['weights 0 and 256, three alternate backends', route({ to: { name: 'a', weight: 0 }, alternateBackends: [{ name: 'b', weight: 256 }, { name: 'c' }, { kind: 'Service', name: 'd', weight: 1 }] })],
    ['a numeric targetPort', route({ port: { targetPort: 8321 } })],
    ['a subdomain', route({ subdomain: 'llama' })],
    ['wildcardPolicy Subdomain with a host', route({ host: 'www.example.com', wildcardPolicy: 'Subdomain' })],
    ['wildcardPolicy None and ""', route({ wildcardPolicy: '' })],
    ['edge with a certificate, key and CA', tls({ termination: 'edge', certificate: CERT, key: KEY, caCertificate: CERT })],
    ['edge with an external certificate', tls({ termination: 'edge', externalCertificate: { name: 'llama-tls' } })],
    ['edge with Allow', tls({ termination: 'edge', insecureEdgeTerminationPolicy: 'Allow' })],
    ['reencrypt with no destination CA (the router trusts the service CA)', tls({ termination: 'reencrypt' })],
    ['reencrypt with a destination CA', tls({ termination: 'reencrypt', destinationCACertificate: CERT, insecureEdgeTerminationPolicy: 'None' })],
    ['passthrough with Redirect', tls({ termination: 'passthrough', insecureEdgeTerminationPolicy: 'Redirect' })],
    ['passthrough with None, or with no policy', tls({ termination: 'passthrough', insecureEdgeTerminationPolicy: 'None' })],
    ['tls: null (no TLS)', route({ tls: null })],
    ['header actions: Set with HAProxy fetches, Delete', route({
      httpHeaders: {
        actions: {
          request: [{ name: 'X-Forwarded-Client-Cert', action: { type: 'Set', set: { value: '%{+Q}[ssl_c_der,base64]' } } }, { name: 'X-Old', action: { type: 'Delete' } }],
          response: [{ name: 'X-Target', action: { type: 'Set', set: { value: '%[res.hdr(X-Target),lower] 100%% plain' } } }],
        },
      },
    })],
  ])('%s', (_what, r) => {
    expect(problems(r)).toEqual([]);
  });

  test.each(['300s', '5m', '1h', '2d', '30000', '500ms', '100us', '2147483647ms'])('timeout %s', (value) => {
    expect(problems(route({}, { [TIMEOUT_ANNOTATION]: value, [TUNNEL_TIMEOUT_ANNOTATION]: value }))).toEqual([]);
  });

  test('host and subdomain together: stored, with a warning', () => {
    expect(validateRoute(route({ host: 'a.example.com', subdomain: 'a' }))).toEqual({ problems: [], warnings: ['spec.host is set; spec.subdomain may be ignored'] });
  });
});

describe('Route: refused', () => {
  test.each([
    ['no spec.to', route({ to: undefined }), 'spec.to: required'],
    ['spec.to.name missing', route({ to: { kind: 'Service' } }), 'spec.to.name: required'],
    ['spec.to.name empty', route({ to: { name: '' } }), 'spec.to.name: must not be empty'],
    ['to.kind other than Service', route({ to: { kind: 'Deployment', name: 's' } }), 'spec.to.kind: must be one of "Service", "", not "Deployment"'],
    ['weight above 256', route({ to: { name: 's', weight: 257 } }), 'spec.to.weight: must be an integer from 0 to 256, not 257'],
    ['weight below 0', route({ to: { name: 's', weight: -1 } }), 'spec.to.weight: must be an integer from 0 to 256, not -1'],
    ['a fractional weight', route({ to: { name: 's', weight: 1.5 } }), 'spec.to.weight: must be an integer from 0 to 256, not 1.5'],
    ['four alternate backends', route({ alternateBackends: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] }), 'spec.alternateBackends: must have at most 3 items, not 4'],
    ['a duplicate alternate backend', route({ alternateBackends: [{ name: 'a' }, { kind: 'Service', name: 'a' }] }), 'spec.alternateBackends[1]: duplicate backend Service/a'],
    ['an alternate backend of another kind', route({ alternateBackends: [{ kind: 'Pod', name: 'a' }] }), 'spec.alternateBackends[0].kind: must be one of "Service", "", not "Pod"'],
    ['targetPort 0', route({ port: { targetPort: 0 } }), 'spec.port.targetPort: must name a Service port or give a port number, not 0 or ""'],
    ['targetPort ""', route({ port: { targetPort: '' } }), 'spec.port.targetPort: must name a Service port or give a port number, not 0 or ""'],
    ['port without targetPort', route({ port: {} }), 'spec.port.targetPort: required'],
    ['a fractional targetPort', route({ port: { targetPort: 80.5 } }), 'spec.port.targetPort: must be a port name or an integer, not 80.5'],
    ['an uppercase host', route({ host: 'Llama.example.com' }), 'spec.host: must be lowercase (a DNS-1123 subdomain): Llama.example.com'],
    ['a host with an underscore', route({ host: 'my_host.example.com' }), 'spec.host: must be dot-separated labels of 1 to 63 letters, digits and inner hyphens: my_host.example.com'],
    ['a host label of 64 characters', route({ host: `${'a'.repeat(64)}.example.com` }), `spec.host: must be dot-separated labels of 1 to 63 letters, digits and inner hyphens: ${'a'.repeat(64)}.example.com`],
    ['a host with a trailing dot', route({ host: 'example.com.' }), 'spec.host: must be dot-separated labels of 1 to 63 letters, digits and inner hyphens: example.com.'],
    ['a host longer than 253', route({ host: Array(4).fill('a'.repeat(63)).join('.') + '.ab' }), 'spec.host: must be at most 253 characters, not 258'],
    ['an empty host', route({ host: '' }), 'spec.host: must not be empty (omit the field to let the router choose)'],
    ['a subdomain with a leading hyphen', route({ subdomain: '-llama' }), 'spec.subdomain: must be dot-separated labels of 1 to 63 letters, digits and inner hyphens: -llama'],
    ['a path without /', route({ path: 'v1' }), 'spec.path: must begin with / (omit it for the whole host): "v1"'],
    ['an empty path', route({ path: '' }), 'spec.path: must begin with / (omit it for the whole host): ""'],
    ['wildcardPolicy Subdomain without a host', route({ wildcardPolicy: 'Subdomain' }), 'spec.wildcardPolicy: host name not specified for wildcard policy'],
    ['an unknown wildcardPolicy', route({ host: 'a.b', wildcardPolicy: 'All' }), 'spec.wildcardPolicy: must be one of "None", "Subdomain", "", not "All"'],
    ['an unknown spec field', route({ hosts: ['a'] }), 'spec.hosts: unknown field'],
  ])('%s', (_what, r, message) => {
    expect(problems(r)).toEqual([message]);
  });

  test.each([
    ['no termination', { insecureEdgeTerminationPolicy: 'Redirect' }, ['spec.tls.termination: required']],
    ['an unknown termination', { termination: 'Edge' }, ['spec.tls.termination: must be one of "edge", "reencrypt", "passthrough", not "Edge"']],
    ['an unknown insecure policy', { termination: 'edge', insecureEdgeTerminationPolicy: 'Disable' }, ['spec.tls.insecureEdgeTerminationPolicy: must be one of "Allow", "None", "Redirect", "", not "Disable"']],
    ['passthrough with Allow', { termination: 'passthrough', insecureEdgeTerminationPolicy: 'Allow' }, ['spec.tls.insecureEdgeTerminationPolicy: cannot have both spec.tls.termination: passthrough and spec.tls.insecureEdgeTerminationPolicy: Allow']],
    ['passthrough with certificates', { termination: 'passthrough', certificate: CERT, key: KEY, caCertificate: CERT, destinationCACertificate: CERT }, [
      'spec.tls.certificate: passthrough termination does not support certificates',
      'spec.tls.key: passthrough termination does not support certificates',
      'spec.tls.caCertificate: passthrough termination does not support certificates',
      'spec.tls.destinationCACertificate: passthrough termination does not support certificates',
    ]],
    ['passthrough with an external certificate', { termination: 'passthrough', externalCertificate: { name: 'x' } }, ['spec.tls.externalCertificate: passthrough termination does not support certificates']],
    ['edge with a destination CA', { termination: 'edge', destinationCACertificate: CERT }, ['spec.tls.destinationCACertificate: edge termination does not support destination certificates']],
    ['a certificate and an external certificate', { termination: 'edge', certificate: CERT, key: KEY, externalCertificate: { name: 'x' } }, ['spec.tls: cannot have both spec.tls.certificate and spec.tls.externalCertificate']],
    ['a certificate without a key', { termination: 'reencrypt', certificate: CERT }, ['spec.tls.key: no key specified for spec.tls.certificate (the router refuses the route)']],
    ['an unknown TLS field', { termination: 'edge', secretName: 'x' }, ['spec.tls.secretName: unknown field']],
    ['a certificate that is not a string', { termination: 'edge', certificate: 1 }, ['spec.tls.certificate: must be a string, not 1']],
  ])('tls: %s', (_what, t, messages) => {
    expect(problems(tls(t))).toEqual(messages);
  });

  test('passthrough with a path and header actions', () => {
    const r = route({ path: '/v1', tls: { termination: 'passthrough' }, httpHeaders: { actions: { request: [{ name: 'X-A', action: { type: 'Delete' } }] } } });
    expect(problems(r)).toEqual([
      'spec.path: passthrough termination does not support paths',
      'spec.httpHeaders: header actions are not permitted when tls termination is passthrough',
    ]);
  });

  test('header actions: every rule', () => {
    const set = (value: string) => ({ type: 'Set', set: { value } });
    const r = route({
      httpHeaders: {
        actions: {
          request: [
            { name: 'Cookie', action: { type: 'Delete' } },
            { name: 'Strict-Transport-Security', action: set('x') },
            { name: 'X A', action: { type: 'Delete' } },
            { name: 'X-Dup', action: { type: 'Delete' } },
            { name: 'X-Dup', action: { type: 'Delete' } },
            { name: 'X-Set-Missing', action: { type: 'Set' } },
            { name: 'X-Set-Extra', action: { type: 'Delete', set: { value: 'x' } } },
            { name: 'X-Type', action: { type: 'Replace' } },
            { name: 'X-Fetch', action: set('%[res.hdr(X)]') },
            { name: 'X-Ctl', action: set('a\u0001b') },
            { name: 'X-Empty', action: set('') },
            { name: '', action: { type: 'Delete' } },
          ],
          response: Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, action: { type: 'Delete' } })),
        },
      },
    });
    const at = 'spec.httpHeaders.actions';
    expect(problems(r)).toEqual([
      `${at}.request[0].name: cookie header may not be modified via header actions`,
      `${at}.request[1].name: strict-transport-security header may not be modified via header actions`,
      `${at}.request[2].name: must be an HTTP header name (RFC 2616 token characters): X A`,
      `${at}.request[4].name: duplicate header X-Dup`,
      `${at}.request[5].action: set is required when type is Set, and forbidden otherwise`,
      `${at}.request[6].action: set is required when type is Set, and forbidden otherwise`,
      `${at}.request[7].action.type: must be one of "Set", "Delete", not "Replace"`,
      `${at}.request[8].action.set.value: must be a plain header value or HAProxy %[req.hdr(...)] / %[ssl_c_der] with converters lower, base64`,
      `${at}.request[9].action.set.value: must be a plain header value or HAProxy %[req.hdr(...)] / %[ssl_c_der] with converters lower, base64`,
      `${at}.request[10].action.set.value: must be 1 to 16384 characters`,
      `${at}.request[11].name: must be 1 to 255 characters`,
      `${at}.response: must have at most 20 items, not 21`,
    ]);
  });

  test.each(['0s', '05s', '300 s', '300sec', '1.5s', '-1s', '', '5M'])('timeout %j (the router ignores it)', (value) => {
    expect(problems(route({}, { [TIMEOUT_ANNOTATION]: value }))).toEqual([
      `metadata.annotations.${TIMEOUT_ANNOTATION}: must be a positive integer with an optional unit us, ms, s, m, h or d (the router ignores ${JSON.stringify(value)} and keeps its default)`,
    ]);
  });

  test('timeouts above HAProxy\'s limit, and one that is not a string', () => {
    expect(problems(route({}, { [TIMEOUT_ANNOTATION]: '25d', [TUNNEL_TIMEOUT_ANNOTATION]: 300 }))).toEqual([
      `metadata.annotations.${TIMEOUT_ANNOTATION}: 25d is above HAProxy's limit of 2147483647ms (the router clips it)`,
      `metadata.annotations.${TUNNEL_TIMEOUT_ANNOTATION}: must be a string`,
    ]);
  });

  test('values of the wrong shape', () => {
    expect(problems(route({ to: 'llama', alternateBackends: { name: 'a' }, port: 8321, tls: 'edge', httpHeaders: [] }))).toEqual([
      'spec.to: must be an object',
      'spec.alternateBackends: must be a list',
      'spec.port: must be an object',
      'spec.httpHeaders: must be an object',
      'spec.tls: must be an object',
    ]);
    const headers = { request: { name: 'X' }, response: ['X', { name: 'X-A' }, { name: 'X-B', action: 'Delete' }, { name: 'X-C', action: { type: 'Set', set: 'v' } }, { name: 1, action: { type: 'Set', set: { value: 2 } } }] };
    expect(problems(route({ httpHeaders: { actions: headers } }))).toEqual([
      'spec.httpHeaders.actions.request: must be a list',
      'spec.httpHeaders.actions.response[0]: must be an object',
      'spec.httpHeaders.actions.response[1].action: required',
      'spec.httpHeaders.actions.response[2].action: must be an object',
      'spec.httpHeaders.actions.response[3].action.set: must be an object',
      'spec.httpHeaders.actions.response[4].name: must be a string, not 1',
      'spec.httpHeaders.actions.response[4].action.set.value: must be a string, not 2',
    ]);
    expect(problems(route({ httpHeaders: { actions: 'none' } }))).toEqual(['spec.httpHeaders.actions: must be an object']);
    expect(problems(tls({ termination: 'edge', externalCertificate: 'x' }))).toEqual(['spec.tls.externalCertificate: must be an object']);
  });

  test('apiVersion, kind, metadata.name and spec', () => {
    expect(problems({ apiVersion: 'v1', kind: 'Ingress', metadata: { name: 'Bad_Name' } })).toEqual([
      'apiVersion: must be route.openshift.io/v1, not v1',
      'kind: must be Route, not Ingress',
      'metadata.name: must be a DNS-1123 subdomain: Bad_Name',
      'spec: required',
    ]);
  });

  test('routeProblemsOf names each Route and skips other objects', () => {
    const bad = route({ to: { name: 's', weight: 300 } });
    expect(routeProblemsOf([{ kind: 'Service', metadata: { name: 's' } }, route(), bad])).toEqual(['Route/llama: spec.to.weight: must be an integer from 0 to 256, not 300']);
  });
});

describe('haproxyTimeoutMs', () => {
  test('units; no unit is milliseconds', () => {
    expect(['100us', '30000', '500ms', '300s', '5m', '1h', '2d'].map(haproxyTimeoutMs)).toEqual([0.1, 30000, 500, 300000, 300000, 3600000, 172800000]);
    expect(haproxyTimeoutMs('0')).toBeUndefined();
  });
});
