/** The checks behind every ServerAuth factory: each problem at ServerAuth.<factory>(<option>). */
import { AuthCheck, DEFAULT_CA_KEY, policies, SECRET_HINT } from '../../src/auth/auth-check';
import { AccessAction, AccessRule, RouteRule } from '../../src/auth/rules';
import { SecretRef } from '../../src/values/secret-ref';

const W = 'ServerAuth.oauth2Token';
const check = (opts: { [k: string]: unknown }) => new AuthCheck(W, opts);

describe('constants', () => {
  test('the default CA key and the Secret hint', () => {
    expect(DEFAULT_CA_KEY).toBe('ca.crt');
    expect(SECRET_HINT).toBe('SecretRef.fromSecretName(<secret>, <key>)');
  });
});

describe('has / string / optionalString', () => {
  test('null counts as not set', () => {
    const c = check({ a: null, b: '', c: 0 });
    expect([c.has('a'), c.has('b'), c.has('c'), c.has('d')]).toEqual([false, true, true, false]);
  });

  test('a non-empty string is returned; a missing one is required; a blank or non-string one is wrong', () => {
    const c = check({ issuer: 'https://idp.example.com', blank: '  ', num: 3 });
    expect(c.string('issuer', 'f')).toBe('https://idp.example.com');
    expect(c.string('audience', 'pass audience')).toBeUndefined();
    expect(c.string('blank', 'f')).toBeUndefined();
    expect(c.string('num', 'f')).toBeUndefined();
    expect(c.problems).toEqual([
      { path: `${W}(audience)`, message: 'audience is required', fix: 'pass audience' },
      { path: `${W}(blank)`, message: 'blank must be a non-empty string', fix: 'f' },
      { path: `${W}(num)`, message: 'num must be a non-empty string', fix: 'f' },
    ]);
  });

  test('a credential pasted into a plain option is refused and never shown', () => {
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2';
    const c = check({ audience: token });
    expect(c.string('audience', 'f')).toBeUndefined();
    expect(c.problems).toHaveLength(1);
    expect(c.problems[0].path).toBe(`${W}(audience)`);
    expect(c.problems[0].message).toContain(`(a string of ${token.length} characters, not shown), which would be written in plain text into the config`);
    expect(JSON.stringify(c.problems)).not.toContain(token);
  });

  test('optionalString: unset is no problem', () => {
    const c = check({});
    expect(c.optionalString('audience', 'f')).toBeUndefined();
    expect(c.problems).toEqual([]);
    expect(check({ audience: 'x' }).optionalString('audience', 'f')).toBe('x');
  });
});

describe('url', () => {
  test('an http(s) URL with a host is parsed', () => {
    const u = check({ jwksUri: 'https://idp.example.com/keys' }).url('jwksUri', 'https://idp/keys');
    expect(u).toBeInstanceOf(URL);
    expect((u as URL).host).toBe('idp.example.com');
  });

  test('an env reference is left for the start-up model', () => {
    expect(check({ jwksUri: '${env.JWKS_URI}' }).url('jwksUri', 'x')).toBe('${env.JWKS_URI}');
  });

  test('not http(s), or no host: a problem that names the example', () => {
    for (const v of ['ftp://idp/keys', 'https://']) {
      const c = check({ jwksUri: v });
      expect(c.url('jwksUri', 'https://idp/keys')).toBeUndefined();
      expect(c.problems.map((p) => [p.path, p.fix])).toEqual([[`${W}(jwksUri)`, 'write the full URL with its scheme, e.g. https://idp/keys']]);
      expect(c.problems[0].message).toMatch(/ is not an http\(s\) URL with a host$/);
    }
  });

  test('a password or credential query parameter in the URL is refused, never shown', () => {
    const c = check({ a: 'https://u:hunter2@idp/keys', b: 'https://idp/keys?token=hunter2' });
    c.url('a', 'x');
    c.url('b', 'x');
    expect(c.problems.map((p) => p.path)).toEqual([`${W}(a)`, `${W}(b)`]);
    expect(c.problems[0].message).toMatch(/^a holds a password \(user:password@\) \(a string of \d+ characters, not shown\)/);
    expect(c.problems[1].message).toMatch(/^b holds a credential query parameter /);
    expect(JSON.stringify(c.problems)).not.toContain('hunter2');
  });

  test('required by default; optional when told so', () => {
    const c = check({});
    expect(c.url('issuer', 'https://idp', false)).toBeUndefined();
    expect(c.problems).toEqual([]);
    c.url('issuer', 'https://idp');
    expect(c.problems).toEqual([{ path: `${W}(issuer)`, message: 'issuer is required', fix: "pass issuer: 'https://idp'" }]);
  });
});

describe('boolean', () => {
  test('true, false, unset; anything else is a problem', () => {
    const c = check({ t: true, f: false, n: null, s: 'true' });
    expect([c.boolean('t'), c.boolean('f'), c.boolean('n'), c.boolean('u'), c.boolean('s')]).toEqual([true, false, undefined, undefined, undefined]);
    expect(c.problems).toEqual([{ path: `${W}(s)`, message: 's must be true or false', fix: 'pass s: true or false' }]);
  });
});

describe('secret', () => {
  test('a SecretRef becomes an env placeholder and a secretKeyRef env var', () => {
    const c = check({ clientSecret: SecretRef.fromSecretName('idp', 'secret') });
    expect(c.secret('clientSecret', 'client_secret', true)).toBe('${env.LLSD_AUTH_CLIENT_SECRET}');
    expect(c.envVars).toEqual([{ name: 'LLSD_AUTH_CLIENT_SECRET', valueFrom: { secretKeyRef: { name: 'idp', key: 'secret' } } }]);
    expect(c.envPaths).toEqual([`${W}(clientSecret)`]);
    expect(c.problems).toEqual([]);
  });

  test('missing: a problem only when required', () => {
    const c = check({});
    expect(c.secret('jwksToken', 'jwks_token', false)).toBeUndefined();
    expect(c.problems).toEqual([]);
    c.secret('clientSecret', 'client_secret', true);
    expect(c.problems).toEqual([{ path: `${W}(clientSecret)`, message: 'clientSecret is required', fix: `pass clientSecret: ${SECRET_HINT}` }]);
  });

  test('a plain string is most likely the secret: refused, not shown, no env var', () => {
    const c = check({ clientSecret: 'hunter2-hunter2' });
    expect(c.secret('clientSecret', 'client_secret', true)).toBeUndefined();
    expect(c.problems).toEqual([{
      path: `${W}(clientSecret)`,
      message: 'clientSecret must be a SecretRef (a string was given; it is not shown)',
      fix: `keep the value in a Secret and pass clientSecret: ${SECRET_HINT}`,
    }]);
    expect(c.envVars).toEqual([]);
    expect(check({ clientSecret: { secretName: 'x', key: 'y' } }).secret('clientSecret', 'c', true)).toBeUndefined();
  });
});

describe('ca', () => {
  test('unset: the fallback', () => {
    expect(check({}).ca()).toBeUndefined();
    expect(check({}).ca({ configMapName: 'fb', key: 'k' })).toEqual({ configMapName: 'fb', key: 'k' });
  });

  test('the key defaults to ca.crt', () => {
    expect(check({ caCertificate: { configMapName: 'idp-ca' } }).ca()).toEqual({ configMapName: 'idp-ca', key: 'ca.crt' });
    expect(check({ caCertificate: { configMapName: 'idp-ca', key: 'bundle.pem' } }).ca()).toEqual({ configMapName: 'idp-ca', key: 'bundle.pem' });
  });

  test('the ConfigMap name is a DNS-1123 subdomain; the key [-._a-zA-Z0-9]+ of at most 253', () => {
    const c = check({ caCertificate: { configMapName: 'IDP_CA', key: 'ca/crt' } });
    expect(c.ca()).toBeUndefined();
    expect(c.problems).toEqual([
      { path: `${W}(caCertificate.configMapName)`, message: '"IDP_CA" is not a valid ConfigMap name', fix: "name a ConfigMap of the server's namespace (lower-case letters, digits, '-' and '.')" },
      { path: `${W}(caCertificate.key)`, message: '"ca/crt" is not a valid ConfigMap key', fix: "use letters, digits, '-', '_' and '.' (e.g. ca.crt)" },
    ]);
    expect(check({ caCertificate: { configMapName: 'a.b-c', key: 'k'.repeat(253) } }).ca()).toEqual({ configMapName: 'a.b-c', key: 'k'.repeat(253) });
    expect(check({ caCertificate: { configMapName: 'a', key: 'k'.repeat(254) } }).ca()).toBeUndefined();
    expect(check({ caCertificate: { configMapName: 'a'.repeat(254) } }).ca()).toBeUndefined();
    expect(check({ caCertificate: { configMapName: 'a', key: '' } }).ca()).toBeUndefined();
  });

  test('not an object', () => {
    const c = check({ caCertificate: 'idp-ca' });
    expect(c.ca()).toBeUndefined();
    expect(c.problems).toEqual([{ path: `${W}(caCertificate)`, message: 'caCertificate must be an object', fix: "pass caCertificate: { configMapName: '<configmap>', key: 'ca.crt' }" }]);
  });
});

describe('claims', () => {
  test('claim → one-word attribute', () => {
    const out = check({ claimsMapping: { groups: 'roles', sub: 'username' } }).claims();
    expect({ ...out }).toEqual({ groups: 'roles', sub: 'username' });
  });

  test('unset is undefined; an empty mapping is a problem', () => {
    expect(check({}).claims()).toBeUndefined();
    const c = check({ claimsMapping: {} });
    c.claims();
    expect(c.problems.map((p) => p.message)).toEqual(['claimsMapping is empty: no claim would become an attribute']);
  });

  test('an attribute that is empty or has spaces, with the server\'s message; a blank claim; a claim the provider lacks', () => {
    const c = check({ claimsMapping: { 'groups': 'my roles', 'team': '', ' ': 'x', 'tenant': 'org' } });
    const out = c.claims(['groups', 'team', 'tenant']);
    expect({ ...out }).toEqual({ tenant: 'org' });
    expect(c.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${W}(claimsMapping.groups): claims_mapping value cannot be empty or contain spaces: groups`,
      `${W}(claimsMapping.team): claims_mapping value cannot be empty or contain spaces: team`,
      `${W}(claimsMapping): a claim name is empty`,
    ]);
    const d = check({ claimsMapping: { email: 'roles' } });
    d.claims(['groups']);
    expect(d.problems).toEqual([{ path: `${W}(claimsMapping.email)`, message: 'the provider has no claim "email" (it maps groups)', fix: 'map one of groups' }]);
  });

  test('__proto__ is an ordinary claim', () => {
    const out = check({ claimsMapping: JSON.parse('{"__proto__": "roles"}') }).claims()!;
    expect(Object.keys(out)).toEqual(['__proto__']);
  });

  test('not an object', () => {
    const c = check({ claimsMapping: ['groups'] });
    expect(c.claims()).toBeUndefined();
    expect(c.problems.map((p) => p.message)).toEqual(['claimsMapping must be an object of claim → attribute']);
  });
});

describe('tls', () => {
  test('verifyTls: false takes no CA', () => {
    expect(check({ verifyTls: false }).tls({ configMapName: 'fb', key: 'k' })).toEqual({ verifyTls: false });
    const c = check({ verifyTls: false, caCertificate: { configMapName: 'a' } });
    expect(c.tls(undefined)).toEqual({ verifyTls: false });
    expect(c.problems).toEqual([{ path: `${W}(caCertificate)`, message: 'a CA is of no use with verifyTls: false', fix: 'drop caCertificate, or drop verifyTls: false' }]);
  });

  test('otherwise the CA (or the fallback)', () => {
    expect(check({}).tls({ configMapName: 'fb', key: 'k' })).toEqual({ ca: { configMapName: 'fb', key: 'k' } });
    expect(check({ verifyTls: true, caCertificate: { configMapName: 'a' } }).tls(undefined)).toEqual({ ca: { configMapName: 'a', key: 'ca.crt' } });
  });
});

describe('policies', () => {
  const health = RouteRule.permit({ paths: ['/v1/health'] });

  test('none given: nothing written', () => {
    expect(policies(check({}))).toEqual({});
    expect(policies(check({ accessPolicy: [], routePolicy: null }))).toEqual({});
  });

  test('rules become access_policy and route_policy', () => {
    const access = AccessRule.permit({ actions: [AccessAction.READ] });
    const c = check({ accessPolicy: [access], routePolicy: [health, RouteRule.permit({ paths: ['*'], when: ['user with dev in roles'] })] });
    const out = policies(c);
    expect(c.problems).toEqual([]);
    expect(out.access_policy).toEqual([access._toConfig()]);
    expect(out.route_policy).toEqual([health._toConfig(), expect.any(Object)]);
  });

  test('a list that is not one, and items that are not rules', () => {
    const c = check({ accessPolicy: { permit: 'all' }, routePolicy: [health, { paths: ['*'] }] });
    expect(policies(c)).toEqual({});
    expect(c.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${W}(accessPolicy): accessPolicy must be a list of AccessRule`,
      `${W}(routePolicy[1]): not a RouteRule`,
    ]);
    const d = check({ accessPolicy: ['x'], routePolicy: 'x' });
    policies(d);
    expect(d.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${W}(accessPolicy[0]): not an AccessRule`,
      `${W}(routePolicy): routePolicy must be a list of RouteRule`,
    ]);
  });

  test('the route policy must let the kubelet reach /v1/health without a user', () => {
    const c = check({ routePolicy: [RouteRule.permit({ paths: ['/v1/chat/completions'] })] });
    policies(c);
    expect(c.problems.map((p) => p.path)).toEqual([`${W}(routePolicy)`]);
    expect(c.problems[0].message).toMatch(/^no rule without a condition permits \/v1\/health to a request without a user/);
    expect(c.problems[0].fix).toBe("put RouteRule.permit({ paths: ['/v1/health'] }) first in routePolicy");

    const d = check({ routePolicy: [RouteRule.forbid({ paths: ['*'] }), health] });
    policies(d);
    expect(d.problems.map((p) => p.path)).toEqual([`${W}(routePolicy[0])`]);
    expect(d.problems[0].message).toMatch(/^this rule forbids \/v1\/health/);

    const e = check({ routePolicy: [health, RouteRule.forbid({ paths: ['*'] })] });
    policies(e);
    expect(e.problems).toEqual([]);
  });
});
