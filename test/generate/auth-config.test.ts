/**
 * auth-config.ts: `server.auth` from a ServerAuth, its secrets as `LLSD_AUTH_<FIELD>` env vars, the
 * auth types and fields each release has (upstream_header from OGX 0.8, attribute_headers from 1.0,
 * the tenant fields from 1.2), what the providers do per request (introspection's TLS and github's
 * organizations, from 1.0), the CA file path, and the warning for an unchecked identity header.
 */
import { parse } from 'yaml';
import { ServerAuth } from '../../src/auth/server-auth';
import { LlamaStackConfigError } from '../../src/core/errors';
import { authSecretEnvVars } from '../../src/generate/auth-config';
import { generateTargetConfig, TargetConfigOptions } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { SecretRef } from '../../src/values/secret-ref';

const STARTER: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const INTROSPECTION = ServerAuth.oauth2Introspection({
  introspectionUrl: 'https://idp/introspect', clientId: 'ogx', clientSecret: SecretRef.fromSecretName('idp', 'secret'), caCertificate: { configMapName: 'idp-ca' },
});
const SECRET_ENV = { name: 'LLSD_AUTH_CLIENT_SECRET', valueFrom: { secretKeyRef: { name: 'idp', key: 'secret' } } };

function problems(target: ServerTarget, options: TargetConfigOptions, spec: LlamaStackDistributionSpec = STARTER): string[] {
  try {
    generateTargetConfig(spec, target, options);
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('authSecretEnvVars', () => {
  test('a ServerAuth\'s secrets, with the option each comes from', () => {
    expect(authSecretEnvVars(INTROSPECTION)).toEqual({ envVars: [SECRET_ENV], paths: ['ServerAuth.oauth2Introspection(clientSecret)'] });
  });

  test('no auth, or something else: none', () => {
    expect(authSecretEnvVars(undefined)).toEqual({ envVars: [], paths: [] });
    expect(authSecretEnvVars({ secretEnvVars: [SECRET_ENV] })).toEqual({ envVars: [], paths: [] });
  });
});

describe('applyAuth', () => {
  test('server.auth holds the provider config; the secret is an env reference backed by a secretKeyRef; the CA is read where the pod mounts it', () => {
    const r = generateTargetConfig(STARTER, ServerTarget.OGX_1_3, { auth: INTROSPECTION });
    expect(parse(r.configYaml).server.auth).toEqual({
      provider_config: {
        type: 'oauth2_token',
        introspection: { url: 'https://idp/introspect', client_id: 'ogx', client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}' },
        tls_cafile: '/etc/llama-stack/auth/ca.crt',
      },
    });
    expect(r.envVars).toEqual([SECRET_ENV]);
    expect(r.configYaml).not.toContain('idp-ca');
    expect(r.warnings).toEqual([]);
  });

  test('authCaFile moves tls_cafile; a relative path is refused', () => {
    const r = generateTargetConfig(STARTER, ServerTarget.OGX_1_3, { auth: INTROSPECTION, authCaFile: '/x/ca.pem' });
    expect(parse(r.configYaml).server.auth.provider_config.tls_cafile).toBe('/x/ca.pem');
    expect(problems(ServerTarget.OGX_1_3, { auth: INTROSPECTION, authCaFile: 'ca.pem' }))
      .toEqual(['options.authCaFile: "ca.pem" is not an absolute path — write where the pod mounts the CA, e.g. /etc/llama-stack/auth/ca.crt']);
  });

  test('no auth leaves the base config\'s server section without auth', () => {
    expect(parse(generateTargetConfig(STARTER, ServerTarget.OGX_1_3).configYaml).server.auth).toBeUndefined();
  });

  test('something that is not a ServerAuth is refused', () => {
    expect(problems(ServerTarget.OGX_1_3, { auth: { providerType: 'kubernetes' } as any }))
      .toEqual(['options.auth: auth must be a ServerAuth — build it with ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({...}), …']);
  });

  test('upstream_header is new in OGX 0.8: llama-stack 0.7 refuses the tag', () => {
    expect(problems(ServerTarget.LLAMA_STACK_0_7, { auth: ServerAuth.upstreamHeader({ principalHeader: 'x-user' }) })).toEqual([
      'options.auth: llama-stack 0.7.1 has no upstream_header auth provider (it refuses to start: "Input tag \'upstream_header\' found using \'type\' does not match any of the expected tags")'
      + ' — use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 or ServerTarget.OGX_1_1 or ServerTarget.OGX_0_8 (the upstream_header auth provider is in those releases),'
      + ' or let the server check the tokens itself (ServerAuth.oauth2Jwks, ServerAuth.kubernetes)',
    ]);
  });

  test('an unchecked identity header without allowedFrom is a warning; with allowedFrom it is not', () => {
    const auth = ServerAuth.upstreamHeader({ principalHeader: 'x-user' });
    const open = generateTargetConfig(STARTER, ServerTarget.OGX_1_3, { auth });
    expect(parse(open.configYaml).server.auth).toEqual({ provider_config: { type: 'upstream_header', principal_header: 'x-user' } });
    expect(open.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "options.auth: the server takes the caller's identity from x-user without checking it: without allowedFrom, any pod that reaches the server can set it and act as anyone",
    ]);
    const fenced = generateTargetConfig({ ...STARTER, networking: { allowedFrom: { namespaces: ['gateway'] } } }, ServerTarget.OGX_1_3, { auth });
    expect(fenced.warnings).toEqual([]);
  });

  test('tenant_claim is read from OGX 1.2: on 1.1 it is refused, naming the targets that have it', () => {
    expect(problems(ServerTarget.OGX_1_1, { auth: ServerAuth.kubernetes({ tenantClaim: 't' }) })).toEqual([
      "options.auth.tenantClaim: OGX 1.1.3's kubernetes auth provider has no tenant_claim (the server would ignore it)"
      + ' — use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 (kubernetes tenant_claim is in those releases), or remove tenantClaim',
    ]);
    expect(parse(generateTargetConfig(STARTER, ServerTarget.OGX_1_2, { auth: ServerAuth.kubernetes({ tenantClaim: 't' }) }).configYaml)
      .server.auth.provider_config.tenant_claim).toBe('t');
  });

  test('attribute_headers is read from OGX 1.0: on 0.8 it is refused', () => {
    const auth = ServerAuth.upstreamHeader({ principalHeader: 'x-user', attributeHeaders: { 'x-team': 'teams' } });
    const spec = { ...STARTER, networking: { allowedFrom: { namespaces: ['gw'] } } };
    expect(problems(ServerTarget.OGX_0_8, { auth }, spec).map((p) => p.split(' — ')[0]))
      .toEqual(["options.auth.attributeHeaders: OGX 0.8.0's upstream_header auth provider has no attribute_headers (the server would ignore it)"]);
    expect(parse(generateTargetConfig(spec, ServerTarget.OGX_1_1, { auth }).configYaml).server.auth.provider_config.attribute_headers).toEqual({ 'x-team': 'teams' });
  });
});

describe('what the provider does per request, by release (OGX 1.0+: introspection verifies TLS, github fills organizations)', () => {
  const PUBLIC_IDP = ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.example.com/introspect', clientId: 'ogx', clientSecret: SecretRef.fromSecretName('idp', 'secret') });
  const ORGS = ServerAuth.githubToken({ claimsMapping: { login: 'roles', organizations: 'teams' } });

  test.each([ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1])('%s: an https introspection endpoint without a CA is verified against the trust store, so it is written as given', (target) => {
    const r = generateTargetConfig(STARTER, target, { auth: PUBLIC_IDP });
    expect(parse(r.configYaml).server.auth).toEqual({
      provider_config: { type: 'oauth2_token', introspection: { url: 'https://idp.example.com/introspect', client_id: 'ogx', client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}' } },
    });
    expect(r.warnings).toEqual([]);
  });

  test('OGX 0.8 and llama-stack 0.7 never verify it without a CA: refused as before, naming the targets that verify it', () => {
    const fix = (others: string) => `use ${others} (introspection verified against the image's trust store is in those releases), or pass caCertificate: { configMapName: '<configmap with the CA>', key: 'ca.crt' } (the CA that signed the identity provider's certificate), or verifyTls: false to accept that`;
    const message = 'options.auth.caCertificate: the release verifies the introspection endpoint only against tls_cafile: without a CA it sends the client secret and every token to whichever server answers';
    const newer = 'ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 or ServerTarget.OGX_1_1';
    expect(problems(ServerTarget.OGX_0_8, { auth: PUBLIC_IDP })).toEqual([`${message} — ${fix(newer)}`]);
    expect(problems(ServerTarget.LLAMA_STACK_0_7, { auth: PUBLIC_IDP })).toEqual([`${message} — ${fix(newer)}`]);
    // With a CA, an explicit verifyTls: false, or plain http, 0.8 takes it as before.
    const withCa = generateTargetConfig(STARTER, ServerTarget.OGX_0_8, { auth: INTROSPECTION });
    expect(parse(withCa.configYaml).server.auth.provider_config.tls_cafile).toBe('/etc/llama-stack/auth/ca.crt');
    const written = (auth: ServerAuth) => parse(generateTargetConfig(STARTER, ServerTarget.OGX_0_8, { auth }).configYaml).server.auth.provider_config;
    const idp = { clientId: 'ogx', clientSecret: SecretRef.fromSecretName('idp', 'secret') };
    expect(written(ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.example.com/introspect', ...idp, verifyTls: false })).verify_tls).toBe(false);
    expect(written(ServerAuth.oauth2Introspection({ introspectionUrl: 'http://idp.auth.svc:8080/introspect', ...idp })).introspection.url).toBe('http://idp.auth.svc:8080/introspect');
  });

  test.each([ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1])('%s: github organizations is filled from /user/orgs, so the mapping is written', (target) => {
    const r = generateTargetConfig(STARTER, target, { auth: ORGS });
    expect(parse(r.configYaml).server.auth).toEqual({ provider_config: { type: 'github_token', claims_mapping: { login: 'roles', organizations: 'teams' } } });
    expect(r.warnings).toEqual([]);
  });

  test('OGX 0.8 and llama-stack 0.7 fetch /user only: mapping organizations is refused with the same message as before', () => {
    const line = 'options.auth.claimsMapping.organizations: the releases never fill organizations (they fetch /user only), so this maps nothing'
      + ' — use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 or ServerTarget.OGX_1_1 (organizations from /user/orgs is in those releases), or map login or id instead';
    expect(problems(ServerTarget.OGX_0_8, { auth: ORGS })).toEqual([line]);
    expect(problems(ServerTarget.LLAMA_STACK_0_7, { auth: ORGS })).toEqual([line]);
    expect(parse(generateTargetConfig(STARTER, ServerTarget.OGX_0_8, { auth: ServerAuth.githubToken({ claimsMapping: { login: 'roles' } }) }).configYaml)
      .server.auth.provider_config.claims_mapping).toEqual({ login: 'roles' });
  });

  test('every problem at once: a field the release lacks and a per-request rule', () => {
    const auth = ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.example.com/introspect', clientId: 'ogx', clientSecret: SecretRef.fromSecretName('idp', 'secret'), tenantClaim: 'tenant' });
    expect(problems(ServerTarget.OGX_0_8, { auth }).map((p) => p.split(':')[0])).toEqual(['options.auth.tenantClaim', 'options.auth.caCertificate']);
  });
});
