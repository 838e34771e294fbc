/** A provider's network and postgresTls (library extensions for server targets). */
import { ConfigProblem } from '../../src/core/errors';
import { ProblemList } from '../../src/core/problems';
import { configMapKeyErrors, dns1123SubdomainErrors } from '../../src/kubernetes/name-rules';
import { POSTGRES_TLS, PROVIDER_NETWORK, providerNetworkRules, TLS_VERSIONS } from '../../src/spec/validate-network';
import { StorageCtx } from '../../src/spec/validate-storage';

function ctxOf(allow = false): StorageCtx {
  return { problems: new ProblemList(), allowPlaintextCredentials: allow, kvPostgres: true };
}
function network(v: unknown, allow = false): ConfigProblem[] {
  const ctx = ctxOf(allow);
  PROVIDER_NETWORK(v, 'p.network', ctx);
  return ctx.problems.problems;
}
const lines = (ps: ConfigProblem[]) => ps.map((p) => `${p.path}: ${p.message}`);

describe('TLS_VERSIONS', () => {
  test('TLS 1.2 and 1.3 (what the server\'s ssl module takes as a minimum)', () => {
    expect(TLS_VERSIONS).toEqual(['TLSv1.2', 'TLSv1.3']);
  });
});

describe('network.tls', () => {
  test('a full, valid tls block', () => {
    expect(network({ tls: { verify: true, caCertificate: { configMapName: 'corp-ca', key: 'ca.crt' }, minVersion: 'TLSv1.3', ciphers: ['ECDHE+AESGCM'], clientCertificateSecret: 'client-cert' } })).toEqual([]);
  });

  test('minVersion outside the enum, with the closest', () => {
    expect(network({ tls: { minVersion: 'tlsv1.2' } })).toEqual([{ path: 'p.network.tls.minVersion', message: 'Unsupported value: "tlsv1.2": supported values: "TLSv1.2", "TLSv1.3"', fix: 'use "TLSv1.2"' }]);
    expect(lines(network({ tls: { minVersion: 'TLSv1.1' } }))).toEqual(['p.network.tls.minVersion: Unsupported value: "TLSv1.1": supported values: "TLSv1.2", "TLSv1.3"']);
  });

  test('ConfigMap and Secret names are DNS-1123 subdomains; the key a ConfigMap key', () => {
    const ps = network({ tls: { caCertificate: { configMapName: 'Corp_CA', key: 'ca/crt' }, clientCertificateSecret: 'Client.Cert' } });
    expect(ps).toEqual([
      { path: 'p.network.tls.caCertificate.configMapName', message: `"Corp_CA" is not a valid ConfigMap name: ${dns1123SubdomainErrors('Corp_CA').join('; ')}`, fix: "use the ConfigMap's name: lower-case letters, digits, '-' and '.'" },
      { path: 'p.network.tls.caCertificate.key', message: `"ca/crt" is not a valid ConfigMap key: ${configMapKeyErrors('ca/crt').join('; ')}`, fix: "use letters, digits, '-', '_' and '.' (e.g. ca.crt)" },
      { path: 'p.network.tls.clientCertificateSecret', message: `"Client.Cert" is not a valid Secret name: ${dns1123SubdomainErrors('Client.Cert').join('; ')}`, fix: "use the Secret's name: lower-case letters, digits, '-' and '.'" },
    ]);
    expect(dns1123SubdomainErrors('Corp_CA').length).toBeGreaterThan(0);
  });

  test('a CA needs its ConfigMap name', () => {
    expect(network({ tls: { caCertificate: {} } })).toEqual([{ path: 'p.network.tls.caCertificate.configMapName', message: 'Required value', fix: 'add configMapName: <ConfigMap name>' }]);
  });

  test('verify: false with a CA', () => {
    expect(network({ tls: { verify: false, caCertificate: { configMapName: 'ca' } } })).toEqual([{ path: 'p.network.tls.caCertificate', message: 'a CA is of no use with verify: false', fix: 'drop caCertificate, or drop verify: false' }]);
    expect(network({ tls: { verify: false } })).toEqual([]);
  });

  test('ciphers: a non-empty list of non-empty strings', () => {
    expect(lines(network({ tls: { ciphers: [] } }))).toEqual(['p.network.tls.ciphers: must have at least 1 item']);
    expect(lines(network({ tls: { ciphers: ['', 'X'] } }))).toEqual(['p.network.tls.ciphers[0]: must not be empty']);
  });
});

describe('network.proxy', () => {
  test('url, or http and/or https', () => {
    expect(network({ proxy: { url: 'http://proxy:3128', noProxy: ['.svc'], noProxyClusterDomains: true } })).toEqual([]);
    expect(network({ proxy: { http: 'http://proxy:3128', https: 'HTTPS://proxy:3129' } })).toEqual([]);
  });

  test('url with http or https: the release refuses both', () => {
    expect(network({ proxy: { url: 'http://a', https: 'http://b' } })).toEqual([{ path: 'p.network.proxy.url', message: "the release refuses url together with http or https ('Cannot specify both')", fix: 'keep url (both schemes), or http and https' }]);
  });

  test('no proxy URL at all', () => {
    expect(network({ proxy: { noProxy: ['x'] } })).toEqual([{ path: 'p.network.proxy', message: 'a proxy needs url, http or https', fix: 'add url: http://<proxy>:<port>' }]);
  });

  test.each(['proxy:3128', 'socks5://proxy:1080', 'http://', 'http:// proxy', 'http://:3128'])('%j is not an http(s) URL', (url) => {
    expect(network({ proxy: { url } })).toEqual([{ path: 'p.network.proxy.url', message: `${JSON.stringify(url)} is not an http(s) URL`, fix: 'write the proxy URL with its scheme, e.g. http://proxy.example.com:3128' }]);
  });
});

describe('network timeouts and limits', () => {
  test('seconds above 0', () => {
    expect(network({ timeoutSeconds: 0.5 })).toEqual([]);
    expect(network({ timeoutSeconds: 0 })).toEqual([{ path: 'p.network.timeoutSeconds', message: 'must be greater than 0', fix: 'use a number above 0' }]);
    expect(network({ timeoutSeconds: '30' })).toEqual([{ path: 'p.network.timeoutSeconds', message: 'must be a number, not "30"', fix: 'write a number of seconds, e.g. 30' }]);
    expect(lines(network({ timeoutSeconds: Infinity }))).toEqual(['p.network.timeoutSeconds: must be a number, not the number Infinity']);
  });

  test('timeouts sets at least one; not together with timeoutSeconds', () => {
    expect(network({ timeouts: { connectSeconds: 5, readSeconds: 60 } })).toEqual([]);
    expect(network({ timeouts: {} })).toEqual([{ path: 'p.network.timeouts', message: 'sets no timeout', fix: 'add connectSeconds or readSeconds, or remove timeouts' }]);
    expect(lines(network({ timeoutSeconds: 5, timeouts: { readSeconds: -1 } }))).toEqual([
      'p.network.timeouts: timeoutSeconds and timeouts both set the timeout',
      'p.network.timeouts.readSeconds: must be greater than 0',
    ]);
  });

  test('limits: connections at least 1, keepalive at least 0 (inclusive)', () => {
    expect(network({ limits: { maxConnections: 1, maxKeepaliveConnections: 0, keepaliveExpirySeconds: 0 } })).toEqual([]);
    expect(lines(network({ limits: { maxConnections: 0, maxKeepaliveConnections: -1, keepaliveExpirySeconds: -0.5 } }))).toEqual([
      'p.network.limits.maxConnections: must be greater than or equal to 1',
      'p.network.limits.maxKeepaliveConnections: must be greater than or equal to 0',
      'p.network.limits.keepaliveExpirySeconds: must be at least 0',
    ]);
  });
});

describe('network headers', () => {
  test('RFC 9110 token names; values on one line', () => {
    expect(network({ headers: { 'X-Tenant': 'acme', "a!#$%&'*+-.^_`|~9": 'v' } })).toEqual([]);
    expect(lines(network({ headers: { 'X Tenant': 'a', 'X-Ok': 'a\r\nInjected: 1', 'X-Colon:': 'v' } }))).toEqual([
      'p.network.headers["X Tenant"]: "X Tenant" is not an HTTP header name',
      'p.network.headers["X-Colon:"]: "X-Colon:" is not an HTTP header name',
      'p.network.headers["X-Ok"]: a header value cannot hold a line break',
    ]);
  });

  test('header names ignore case: one header twice, across headers and secretHeaders', () => {
    expect(lines(network({ headers: { 'X-Tenant': 'a' }, secretHeaders: { 'x-tenant': { name: 's', key: 'k' } } }))).toEqual([
      'p.network.secretHeaders["x-tenant"]: header "x-tenant" is also p.network.headers["X-Tenant"] (header names ignore case)',
    ]);
  });

  test('a plain header carrying a credential, by name or by value; a secret header is fine', () => {
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2';
    const ps = network({ headers: { 'Authorization': 'Bearer x', 'X-Api-Key': 'k', 'Cookie': 'a=b', 'X-Custom': token, 'X-Empty': '' } });
    expect(ps.map((p) => p.path)).toEqual(['p.network.headers.Authorization', 'p.network.headers["X-Api-Key"]', 'p.network.headers.Cookie', 'p.network.headers["X-Custom"]']);
    expect(ps[0]).toEqual({
      path: 'p.network.headers.Authorization',
      message: 'header "Authorization" carries a credential in plain text (a string of 8 characters, not shown): it would be written as is into the generated config',
      fix: 'put it in a Secret: headers: { "Authorization": SecretRef.fromSecretName(<secret>, <key>) } (secretHeaders in a v1alpha2 spec)',
    });
    expect(JSON.stringify(ps)).not.toContain(token);
    expect(network({ headers: { Authorization: 'Bearer x' } }, true)).toEqual([]);
    expect(network({ secretHeaders: { Authorization: { name: 's', key: 'k' } } })).toEqual([]);
  });

  test('maps need an entry; a secret header is a {name, key} reference', () => {
    expect(lines(network({ headers: {}, secretHeaders: { 'X-A': { name: 's' } } }))).toEqual([
      'p.network.headers: must have at least 1 entry',
      'p.network.secretHeaders["X-A"].key: Required value',
    ]);
  });
});

describe('POSTGRES_TLS', () => {
  function pg(v: unknown): ConfigProblem[] {
    const ctx = ctxOf();
    POSTGRES_TLS(v, 'p.postgresTls', ctx);
    return ctx.problems.problems;
  }

  test("libpq's sslmode values", () => {
    for (const m of ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']) expect(pg({ sslMode: m })).toEqual([]);
    expect(lines(pg({ sslMode: 'verify_full' }))).toEqual(['p.postgresTls.sslMode: Unsupported value: "verify_full": supported values: "disable", "allow", "prefer", "require", "verify-ca", "verify-full"']);
  });

  test('sets something', () => {
    expect(pg({})).toEqual([{ path: 'p.postgresTls', message: 'sets nothing', fix: 'add sslMode or caCertificate, or remove postgresTls' }]);
    expect(pg({ caCertificate: { configMapName: 'pg-ca' } })).toEqual([]);
  });
});

describe('providerNetworkRules', () => {
  function rule(o: object): ConfigProblem[] {
    const ctx = ctxOf();
    providerNetworkRules(o as never, 'p', ctx);
    return ctx.problems.problems;
  }

  test('postgresTls is pgvector\'s', () => {
    expect(rule({ provider: 'pgvector', postgresTls: {} })).toEqual([]);
    expect(rule({ provider: 'remote::pgvector', postgresTls: {} })).toEqual([]);
    expect(rule({ provider: 'vllm', postgresTls: { sslMode: 'require' } })).toEqual([{ path: 'p.postgresTls', message: 'postgresTls is for pgvector, not "vllm"', fix: 'remove postgresTls' }]);
    expect(rule({ provider: 'vllm', postgresTls: null })).toEqual([]);
  });
});
