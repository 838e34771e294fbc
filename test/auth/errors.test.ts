/**
 * Every problem `ServerAuth` and the constructs report for authentication, with its path and fix,
 * and never a secret value.
 */
import { Testing } from 'cdk8s';
import { AccessRule, RouteRule, ServerAuth } from '../../src/auth';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { TargetConfigGenerator } from '../../src/generate/target-config';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { problemLines } from '../support/problems';

const KEY = SecretRef.fromSecretName('idp', 'secret');

const problems = problemLines;

function synthProblems(props: LlamaStackDistributionProps): string[] {
  return problems(() => new LlamaStackDistribution(Testing.chart(), 'llama', props));
}

describe('ServerAuth factories', () => {
  test('kubernetes', () => {
    expect(problems(() => ServerAuth.kubernetes({ apiServerUrl: 'https://api.example.com:6443/k8s' }))).toEqual([
      'ServerAuth.kubernetes(apiServerUrl): "https://api.example.com:6443/k8s" has a path: the provider posts to /apis/authentication.k8s.io/v1/selfsubjectreviews on the host and drops it — write scheme and host only, e.g. https://api.example.com:6443',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ apiServerUrl: 'ftp://x' }))).toEqual([
      'ServerAuth.kubernetes(apiServerUrl): "ftp://x" is not an http(s) URL with a host — write the full URL with its scheme, e.g. https://kubernetes.default.svc',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ verifyTls: false, caCertificate: { configMapName: 'x' } }))).toEqual([
      'ServerAuth.kubernetes(caCertificate): a CA is of no use with verifyTls: false — drop caCertificate, or drop verifyTls: false',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ apiServerUrl: 'http://localhost:8001', caCertificate: { configMapName: 'x' } }))).toEqual([
      'ServerAuth.kubernetes(caCertificate): a CA is of no use with an http:// API server URL — drop caCertificate, or use https',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ caCertificate: { configMapName: 'Bad_Name', key: 'a/b' } }))).toEqual([
      'ServerAuth.kubernetes(caCertificate.configMapName): "Bad_Name" is not a valid ConfigMap name — name a ConfigMap of the server\'s namespace (lower-case letters, digits, \'-\' and \'.\')',
      'ServerAuth.kubernetes(caCertificate.key): "a/b" is not a valid ConfigMap key — use letters, digits, \'-\', \'_\' and \'.\' (e.g. ca.crt)',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ claimsMapping: { groups: '', username: 'two words' } }))).toEqual([
      'ServerAuth.kubernetes(claimsMapping.groups): claims_mapping value cannot be empty or contain spaces: groups — name the attribute in one word, e.g. roles',
      'ServerAuth.kubernetes(claimsMapping.username): claims_mapping value cannot be empty or contain spaces: username — name the attribute in one word, e.g. roles',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ claimsMapping: {} }))).toEqual([
      'ServerAuth.kubernetes(claimsMapping): claimsMapping is empty: no claim would become an attribute — map at least one claim, or leave claimsMapping out for the release default',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ verifyTls: 'no' as any }))).toEqual([
      'ServerAuth.kubernetes(verifyTls): verifyTls must be true or false — pass verifyTls: true or false',
    ]);
  });

  test('oauth2Jwks', () => {
    expect(problems(() => ServerAuth.oauth2Jwks({} as any))).toEqual([
      "ServerAuth.oauth2Jwks(jwksUri): jwksUri is required — pass jwksUri: 'https://idp.example.com/realms/ai/protocol/openid-connect/certs'",
      "ServerAuth.oauth2Jwks(audience): audience is required — pass audience: the aud claim your identity provider puts in this server's tokens (the release default differs: llama-stack on 0.7, ogx on 0.8)",
    ]);
    expect(problems(() => ServerAuth.oauth2Jwks({ jwksUri: 'keycloak/certs', audience: '', keyRecheckPeriodSeconds: 0, jwksToken: 'eyJhbGciOi-token' as any }))).toEqual([
      'ServerAuth.oauth2Jwks(jwksUri): a string of 14 characters without a scheme:// (not shown) is not an http(s) URL with a host — write the full URL with its scheme, e.g. https://idp.example.com/realms/ai/protocol/openid-connect/certs',
      "ServerAuth.oauth2Jwks(audience): audience must be a non-empty string — pass audience: the aud claim your identity provider puts in this server's tokens (the release default differs: llama-stack on 0.7, ogx on 0.8)",
      'ServerAuth.oauth2Jwks(jwksToken): jwksToken must be a SecretRef (a string was given; it is not shown) — keep the value in a Secret and pass jwksToken: SecretRef.fromSecretName(<secret>, <key>)',
      'ServerAuth.oauth2Jwks(keyRecheckPeriodSeconds): keyRecheckPeriodSeconds must be a whole number of seconds, at least 1 — pass e.g. 3600, or leave it out',
    ]);
  });

  test('oauth2Introspection: a secret passed as a string is refused and never repeated', () => {
    const SECRET = 'hunter2-the-real-client-secret';
    const found = problems(() => ServerAuth.oauth2Introspection({ introspectionUrl: 'http://idp/introspect', clientId: 'c', clientSecret: SECRET as any }));
    expect(found).toEqual([
      'ServerAuth.oauth2Introspection(clientSecret): clientSecret must be a SecretRef (a string was given; it is not shown) — keep the value in a Secret and pass clientSecret: SecretRef.fromSecretName(<secret>, <key>)',
    ]);
    expect(found.join('\n')).not.toContain(SECRET);
  });

  test('oauth2Introspection: an https endpoint needs a CA, because the release verifies only with tls_cafile', () => {
    expect(problems(() => ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp/introspect', clientId: 'c', clientSecret: KEY }))).toEqual([
      "ServerAuth.oauth2Introspection(caCertificate): the release verifies the introspection endpoint only against tls_cafile: without a CA it sends the client secret and every token to whichever server answers — pass caCertificate: { configMapName: '<configmap with the CA>', key: 'ca.crt' } (the CA that signed the identity provider's certificate), or verifyTls: false to accept that",
    ]);
    expect(problems(() => ServerAuth.oauth2Introspection({} as any))).toEqual([
      "ServerAuth.oauth2Introspection(introspectionUrl): introspectionUrl is required — pass introspectionUrl: 'https://idp.example.com/realms/ai/protocol/openid-connect/token/introspect'",
      "ServerAuth.oauth2Introspection(clientId): clientId is required — pass clientId: the server's client id at the identity provider",
      'ServerAuth.oauth2Introspection(clientSecret): clientSecret is required — pass clientSecret: SecretRef.fromSecretName(<secret>, <key>)',
    ]);
  });

  test('githubToken', () => {
    expect(problems(() => ServerAuth.githubToken({ githubApiBaseUrl: 'https://github.example.com/api/v3/', claimsMapping: { organizations: 'teams', email: 'roles' } }))).toEqual([
      'ServerAuth.githubToken(githubApiBaseUrl): the provider appends /user to the base URL, so a trailing slash makes it //user — write "https://github.example.com/api/v3"',
      'ServerAuth.githubToken(claimsMapping.email): the provider has no claim "email" (it maps login, id, organizations) — map one of login, id, organizations',
      'ServerAuth.githubToken(claimsMapping.organizations): the releases never fill organizations (they fetch /user only), so this maps nothing — map login or id instead',
    ]);
  });

  test('custom and upstreamHeader', () => {
    expect(problems(() => ServerAuth.custom({ endpoint: 'auth-service' }))).toEqual([
      'ServerAuth.custom(endpoint): a string of 12 characters without a scheme:// (not shown) is not an http(s) URL with a host — write the full URL with its scheme, e.g. http://auth.<namespace>.svc:8080/validate',
    ]);
    expect(problems(() => ServerAuth.upstreamHeader({ principalHeader: 'x user' }))).toEqual([
      'ServerAuth.upstreamHeader(principalHeader): "x user" is not an HTTP header name — use letters, digits and \'-\', e.g. x-auth-user-id',
    ]);
    expect(problems(() => ServerAuth.upstreamHeader({ principalHeader: 'X-User', attributesHeader: 'x-user' }))).toEqual([
      'ServerAuth.upstreamHeader(attributesHeader): the principal and the attributes are read from the same header — use two different headers',
    ]);
  });

  test('policies: rule objects only, and the probes must get through the route policy', () => {
    expect(problems(() => ServerAuth.custom({ endpoint: 'http://a', accessPolicy: [{} as AccessRule], routePolicy: 'x' as any }))).toEqual([
      'ServerAuth.custom(accessPolicy[0]): not an AccessRule — build rules with AccessRule.permit({...}) or AccessRule.forbid({...})',
      'ServerAuth.custom(routePolicy): routePolicy must be a list of RouteRule — pass routePolicy: [RouteRule.permit({...}), ...]',
    ]);
    expect(problems(() => ServerAuth.kubernetes({ routePolicy: [RouteRule.permit({ paths: ['*'], when: ['user with admin in roles'] })] }))).toEqual([
      "ServerAuth.kubernetes(routePolicy): no rule without a condition permits /v1/health to a request without a user: the route policy runs before the health route's own exemption, so every kubelet probe gets 403 and the pod never becomes ready — put RouteRule.permit({ paths: ['/v1/health'] }) first in routePolicy",
    ]);
    expect(problems(() => ServerAuth.kubernetes({ routePolicy: [RouteRule.forbid({ paths: ['/v1/*'] }), RouteRule.permit({ paths: ['/v1/health'] })] }))).toEqual([
      "ServerAuth.kubernetes(routePolicy[0]): this rule forbids /v1/health to a request without a user: the route policy runs before the health route's own exemption, so every kubelet probe gets 403 and the pod never becomes ready — put RouteRule.permit({ paths: ['/v1/health'] }) first in routePolicy",
    ]);
  });
});

describe('where auth cannot go', () => {
  test('upstream_header on llama-stack 0.7 names the fix', () => {
    expect(synthProblems({ target: ServerTarget.LLAMA_STACK_0_7, auth: ServerAuth.upstreamHeader({ principalHeader: 'x-user' }) })).toEqual([
      'props.auth: llama-stack 0.7.1 has no upstream_header auth provider (it refuses to start: "Input tag \'upstream_header\' found using \'type\' does not match any of the expected tags") — use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 or ServerTarget.OGX_1_1 or ServerTarget.OGX_0_8 (the upstream_header auth provider is in those releases), or let the server check the tokens itself (ServerAuth.oauth2Jwks, ServerAuth.kubernetes)',
    ]);
  });

  test('the operator pipeline and override ConfigMaps have no server.auth', () => {
    expect(synthProblems({ target: ServerTarget.OPERATOR, auth: ServerAuth.kubernetes() })).toEqual([
      'props.auth: the operator pipeline (ServerTarget.OPERATOR) has no server.auth to write — use a server target (ServerTarget.OGX_1_3, the default, or another release), or remove auth',
    ]);
    expect(synthProblems({ overrideConfigMapName: 'mine', auth: ServerAuth.kubernetes() })).toEqual([
      'props.auth: with an override ConfigMap no config.yaml is generated, so server.auth has nowhere to go — remove auth and write server.auth in your config.yaml (mounting what it needs), or drop overrideConfigMapName',
    ]);
    expect(synthProblems({ auth: { providerType: 'kubernetes' } as any })).toEqual([
      'props.auth: must be a ServerAuth, got an object — use ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({ ... }) or another ServerAuth factory',
    ]);
  });

  test('the CA volume and mount path are the library\'s', () => {
    expect(synthProblems({ auth: ServerAuth.kubernetes(), volumes: [{ name: 'auth-ca', emptyDir: {} }], volumeMounts: [{ name: 'auth-ca', mountPath: '/etc/llama-stack/auth' }] })).toEqual([
      'props.volumes[0].name: the volume name "auth-ca" holds the CA of auth — rename the volume',
      'props.volumeMounts[0].mountPath: /etc/llama-stack/auth is where the CA of auth is mounted — mount the volume elsewhere',
    ]);
  });

  test('an auth secret whose env var name a provider secret already takes', () => {
    expect(synthProblems({
      vectorIo: [VectorIoProvider.milvus({ id: 'auth-jwks', endpoint: 'http://milvus:19530', secretRefs: { token: KEY } })],
      auth: ServerAuth.oauth2Jwks({ jwksUri: 'http://idp/jwks', audience: 'a', jwksToken: KEY }),
    })).toEqual([
      'ServerAuth.oauth2Jwks(jwksToken): env var name LLSD_AUTH_JWKS_TOKEN is also produced by props.vectorIo[0].secretRefs.token — rename the provider id or secret key so the normalized names (LLSD_<ID>_<FIELD>, non [A-Z0-9_] characters as _) differ',
    ]);
  });

  test.each([
    ['LlamaStackDistributionResource', (props: LlamaStackDistributionProps) => new LlamaStackDistributionResource(Testing.chart(), 'llama', props), 'llamastack.io/v1alpha2 LlamaStackDistribution'],
    ['OgxServerResource', (props: LlamaStackDistributionProps) => new OgxServerResource(Testing.chart(), 'llama', props), 'ogx.io/v1beta1 OGXServer'],
  ])('%s: neither CRD has an auth field', (_name, make, kind) => {
    expect(problems(() => make({ auth: ServerAuth.kubernetes() }))).toEqual([
      `props.auth: the ${kind} CRD has no field for server authentication (server.auth) — remove auth, or render the workload with LlamaStackDistribution`,
    ]);
  });

  test('the operator target in a CR construct reports auth once', () => {
    expect(problems(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', { target: ServerTarget.OPERATOR, auth: ServerAuth.kubernetes() }))).toHaveLength(1);
  });
});

describe('upstream header without allowedFrom', () => {
  const auth = (): ServerAuth => ServerAuth.upstreamHeader({ principalHeader: 'x-user' });

  test('is a warning, and an error with strict', () => {
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', { auth: auth() });
    expect(d.warnings).toEqual([{
      path: 'props.auth',
      message: 'the server takes the caller\'s identity from x-user without checking it: without allowedFrom, any pod that reaches the server can set it and act as anyone',
      fix: 'set allowedFrom to the gateway\'s namespace, so only the gateway reaches the server',
    }]);
    expect(synthProblems({ auth: auth(), strict: true })).toHaveLength(1);
    expect(new LlamaStackDistribution(Testing.chart(), 'llama', { auth: auth(), allowedFrom: { namespaces: ['gateway'] } }).warnings).toEqual([]);
  });
});

describe('TargetConfigGenerator', () => {
  const spec = { distribution: { name: 'starter' } };

  test('writes server.auth with the CA where the caller mounts it, and returns the secret env vars', () => {
    const r = TargetConfigGenerator.generate(spec, ServerTarget.OGX_0_8, {
      auth: ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp/introspect', clientId: 'c', clientSecret: KEY, caCertificate: { configMapName: 'idp-ca' } }),
      authCaFile: '/certs/idp/ca.crt',
    });
    expect(r.configYaml).toContain('tls_cafile: /certs/idp/ca.crt');
    expect(r.envVars).toContainEqual({ name: 'LLSD_AUTH_CLIENT_SECRET', valueFrom: { secretKeyRef: { name: 'idp', key: 'secret' } } });
    expect(r.warnings).toEqual([]);
  });

  test('the CA path must be absolute', () => {
    expect(problems(() => TargetConfigGenerator.generate(spec, ServerTarget.OGX_0_8, { auth: ServerAuth.kubernetes(), authCaFile: 'ca.crt' }))).toEqual([
      'options.authCaFile: "ca.crt" is not an absolute path — write where the pod mounts the CA, e.g. /etc/llama-stack/auth/ca.crt',
    ]);
  });
});
