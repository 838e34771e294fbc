/** ServerAuth's factories: every problem with its path and fix, and never a secret value. */
import { AccessRule, RouteRule, ServerAuth } from '../../src/auth';
import { SecretRef } from '../../src/values/secret-ref';
import { problemLines } from '../support/problems';

const KEY = SecretRef.fromSecretName('idp', 'secret');

const problems = problemLines;

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

  test('oauth2Introspection: an https endpoint without a CA is left to the target (OGX 1.1+ verifies it against the trust store; generate/auth-config refuses it on 0.7, 0.8)', () => {
    const auth = ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp/introspect', clientId: 'c', clientSecret: KEY });
    expect(auth.caCertificate).toBeUndefined();
    expect(auth._section().provider_config).toEqual({
      type: 'oauth2_token', introspection: { url: 'https://idp/introspect', client_id: 'c', client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}' },
    });
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
    ]);
    // organizations is filled from OGX 1.1 on: refused per target (generate/auth-config), not here.
    expect(ServerAuth.githubToken({ claimsMapping: { organizations: 'teams' } })._section().provider_config).toEqual({ type: 'github_token', claims_mapping: { organizations: 'teams' } });
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
