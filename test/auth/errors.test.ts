/**
 * Every problem `ServerAuth` and the constructs report for authentication, with its path and fix,
 * and never a secret value.
 */
import { Testing } from 'cdk8s';
import { ServerAuth } from '../../src/auth';
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
