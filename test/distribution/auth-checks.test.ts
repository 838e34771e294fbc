/**
 * auth-checks.ts: where `auth` cannot go (the operator pipeline, an override ConfigMap) and the
 * volume name and mount path its CA takes in the pod.
 */
import { ServerAuth } from '../../src/auth/server-auth';
import { authProblems } from '../../src/distribution/auth-checks';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const SPEC: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const CA_DIR = '/etc/llama-stack/auth';
const WITH_CA = ServerAuth.oauth2Jwks({ jwksUri: 'https://idp.example.com/certs', audience: 'ogx', caCertificate: { configMapName: 'idp-ca' } });
const lines = (auth: unknown, target = ServerTarget.OGX_1_3, spec = SPEC) => authProblems(auth, target, spec, CA_DIR).map((p) => `${p.path}: ${p.message}`);

describe('authProblems', () => {
  test('no auth, or a ServerAuth on a server target: none', () => {
    expect(lines(undefined)).toEqual([]);
    expect(lines(null)).toEqual([]);
    expect(lines(ServerAuth.kubernetes())).toEqual([]);
    expect(lines(WITH_CA)).toEqual([]);
  });

  test('something that is not a ServerAuth', () => {
    expect(authProblems({ providerType: 'kubernetes' }, ServerTarget.OGX_1_3, SPEC, CA_DIR)).toEqual([
      { path: 'props.auth', message: 'auth must be a ServerAuth', fix: 'build it with ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({...}), …' },
    ]);
  });

  test('the operator pipeline and an override ConfigMap have no server.auth to write: both listed', () => {
    expect(lines(ServerAuth.kubernetes(), ServerTarget.OPERATOR, { ...SPEC, overrideConfig: { configMapName: 'cfg' } })).toEqual([
      'props.auth: the operator pipeline (ServerTarget.OPERATOR) has no server.auth to write',
      'props.auth: with an override ConfigMap no config.yaml is generated, so server.auth has nowhere to go',
    ]);
  });

  test('with a CA: the auth-ca volume name and a mount at or under its directory are taken', () => {
    const spec = {
      ...SPEC,
      workload: {
        overrides: {
          volumes: [{ name: 'other' }, { name: 'auth-ca' }],
          volumeMounts: [{ name: 'a', mountPath: '/etc/llama-stack/auth' }, { name: 'b', mountPath: '/etc/llama-stack/auth/sub' }, { name: 'c', mountPath: '/etc/llama-stack/authz' }],
        },
      },
    } as LlamaStackDistributionSpec;
    expect(lines(WITH_CA, ServerTarget.OGX_1_3, spec)).toEqual([
      'spec.workload.overrides.volumes[1].name: the volume name "auth-ca" holds the CA of auth',
      'spec.workload.overrides.volumeMounts[0].mountPath: /etc/llama-stack/auth is where the CA of auth is mounted',
      'spec.workload.overrides.volumeMounts[1].mountPath: /etc/llama-stack/auth is where the CA of auth is mounted',
    ]);
    // Without a CA (GitHub tokens are checked against the public API) nothing is mounted there.
    expect(lines(ServerAuth.githubToken(), ServerTarget.OGX_1_3, spec)).toEqual([]);
    // The kubernetes provider reads the cluster's CA there by default.
    expect(lines(ServerAuth.kubernetes(), ServerTarget.OGX_1_3, spec)).toHaveLength(3);
  });
});
