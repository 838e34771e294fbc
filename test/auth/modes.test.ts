/**
 * Each authentication mode synthesized on both server targets: the exact `server.auth` the
 * release reads, the env vars, volumes and mounts it needs, objects the API server accepts, a
 * config that passes the start-up model from the objects alone, and no secret value anywhere.
 */
import { App, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { AccessAction, AccessRule, RouteRule, ServerAuth } from '../../src/auth';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { readBaseConfig } from '../../src/yaml/parse';
import { imageProps } from '../support/built-image';
import { schemaErrors } from '../support/k8s-schema';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
const CA_MOUNT = { name: 'auth-ca', mountPath: '/etc/llama-stack/auth', readOnly: true };
const CA_FILE = '/etc/llama-stack/auth/ca.crt';

interface Synth {
  readonly d: LlamaStackDistribution;
  readonly manifests: any[];
  readonly auth: any;
  readonly pod: any;
  readonly container: any;
}

/** Synthesizes; the objects pass the Kubernetes schemas and the start-up model with no warning. */
function synth(target: ServerTarget, props: LlamaStackDistributionProps, chart: Chart = Testing.chart()): Synth {
  // A distribution the release publishes no image of (ci-tests) runs on an image the user built.
  const d = new LlamaStackDistribution(chart, 'llama', { target, ...imageProps(target, props.distribution), ...props });
  const manifests = Testing.synth(chart);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(d.warnings).toEqual([]);
  expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
  const config = readBaseConfig(manifests.find((m) => m.kind === 'ConfigMap').data['config.yaml']) as any;
  const pod = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
  return { d, manifests, auth: config.server.auth, pod, container: pod.containers[0] };
}

function authEnv(container: any): any[] {
  return container.env.filter((e: any) => e.name.startsWith('LLSD_AUTH_'));
}

function authVolumes(pod: any): any[] {
  return pod.volumes.filter((v: any) => v.name === 'auth-ca');
}

function authMounts(container: any): any[] {
  return container.volumeMounts.filter((m: any) => m.name === 'auth-ca');
}

/** The restricted Pod Security Standard, as the pod keeps it with every mode. */
function expectRestricted(pod: any): void {
  expect(pod.automountServiceAccountToken).toBe(false);
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
  for (const c of pod.containers) {
    expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
  }
  // Only the volume types the restricted profile allows.
  const allowed = ['configMap', 'emptyDir', 'secret', 'persistentVolumeClaim', 'projected', 'downwardAPI', 'csi', 'ephemeral'];
  for (const v of pod.volumes) expect(Object.keys(v).filter((k) => k !== 'name').every((k) => allowed.includes(k))).toBe(true);
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  describe('kubernetes', () => {
    test('defaults: the in-cluster API server, verified with the cluster CA mounted from kube-root-ca.crt', () => {
      const { auth, pod, container } = synth(target, { auth: ServerAuth.kubernetes() });
      expect(auth).toEqual({
        provider_config: { type: 'kubernetes', api_server_url: 'https://kubernetes.default.svc', tls_cafile: CA_FILE },
      });
      expect(authVolumes(pod)).toEqual([{ name: 'auth-ca', configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }]);
      expect(authMounts(container)).toEqual([CA_MOUNT]);
      expect(authEnv(container)).toEqual([]);
      // The caller's token is reviewed, not the pod's: its ServiceAccount token stays unmounted.
      expectRestricted(pod);
    });

    test('another API server, its CA, a claims mapping and rules', () => {
      const { auth, pod } = synth(target, {
        auth: ServerAuth.kubernetes({
          apiServerUrl: 'https://api.cluster.example.com:6443',
          caCertificate: { configMapName: 'cluster-ca', key: 'root.pem' },
          claimsMapping: { groups: 'teams', username: 'roles' },
          accessPolicy: [
            AccessRule.permit({ actions: [AccessAction.READ], resource: 'model::*', description: 'everyone reads models' }),
            AccessRule.forbid({ actions: [AccessAction.CREATE, AccessAction.DELETE], resource: 'vector_store::*', unless: ['user with system:masters in teams'] }),
          ],
          routePolicy: [RouteRule.permit({ paths: ['/v1/health'] }), RouteRule.permit({ paths: ['*'], when: ['user with system:authenticated in teams'] })],
        }),
      });
      expect(auth).toEqual({
        provider_config: {
          type: 'kubernetes',
          api_server_url: 'https://api.cluster.example.com:6443',
          tls_cafile: CA_FILE,
          claims_mapping: { groups: 'teams', username: 'roles' },
        },
        access_policy: [
          { permit: { actions: ['read'], resource: 'model::*' }, description: 'everyone reads models' },
          { forbid: { actions: ['create', 'delete'], resource: 'vector_store::*' }, unless: ['user with system:masters in teams'] },
        ],
        route_policy: [
          { permit: { paths: ['/v1/health'] } },
          { permit: { paths: ['*'] }, when: ['user with system:authenticated in teams'] },
        ],
      });
      expect(authVolumes(pod)).toEqual([{ name: 'auth-ca', configMap: { name: 'cluster-ca', items: [{ key: 'root.pem', path: 'ca.crt' }] } }]);
    });

    test('verifyTls: false writes verify_tls and mounts no CA', () => {
      const { auth, pod, container } = synth(target, { auth: ServerAuth.kubernetes({ verifyTls: false }) });
      expect(auth).toEqual({ provider_config: { type: 'kubernetes', api_server_url: 'https://kubernetes.default.svc', verify_tls: false } });
      expect(authVolumes(pod)).toEqual([]);
      expect(authMounts(container)).toEqual([]);
    });

    test('an http API server (a local proxy) needs no CA', () => {
      const { auth, pod } = synth(target, { auth: ServerAuth.kubernetes({ apiServerUrl: 'http://localhost:8001' }) });
      expect(auth).toEqual({ provider_config: { type: 'kubernetes', api_server_url: 'http://localhost:8001' } });
      expect(authVolumes(pod)).toEqual([]);
    });
  });

  describe('oauth2 with JWKS', () => {
    test('audience is always written; the key set token is a secretKeyRef env var', () => {
      const { auth, pod, container } = synth(target, {
        auth: ServerAuth.oauth2Jwks({
          jwksUri: 'https://kubernetes.default.svc/openid/v1/jwks',
          audience: 'llama-stack-prod',
          issuer: 'https://kubernetes.default.svc',
          jwksToken: SecretRef.fromSecretName('jwks-reader', 'token'),
          keyRecheckPeriodSeconds: 600,
          caCertificate: { configMapName: 'kube-root-ca.crt' },
          claimsMapping: { 'sub': 'roles', 'kubernetes.io.namespace': 'namespaces' },
        }),
      });
      expect(auth).toEqual({
        provider_config: {
          type: 'oauth2_token',
          audience: 'llama-stack-prod',
          issuer: 'https://kubernetes.default.svc',
          jwks: { uri: 'https://kubernetes.default.svc/openid/v1/jwks', token: '${env.LLSD_AUTH_JWKS_TOKEN}', key_recheck_period: 600 },
          tls_cafile: CA_FILE,
          claims_mapping: { 'sub': 'roles', 'kubernetes.io.namespace': 'namespaces' },
        },
      });
      expect(authEnv(container)).toEqual([{ name: 'LLSD_AUTH_JWKS_TOKEN', valueFrom: { secretKeyRef: { name: 'jwks-reader', key: 'token' } } }]);
      expect(authVolumes(pod)).toEqual([{ name: 'auth-ca', configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }]);
      expectRestricted(pod);
    });

    test('a public issuer: the image trust store, nothing mounted', () => {
      const { auth, pod, container } = synth(target, {
        auth: ServerAuth.oauth2Jwks({ jwksUri: 'https://login.example.com/.well-known/jwks.json', audience: 'api://llama' }),
      });
      expect(auth).toEqual({ provider_config: { type: 'oauth2_token', audience: 'api://llama', jwks: { uri: 'https://login.example.com/.well-known/jwks.json' } } });
      expect(authVolumes(pod)).toEqual([]);
      expect(authEnv(container)).toEqual([]);
    });
  });

  describe('oauth2 with introspection', () => {
    test('the client secret is a secretKeyRef env var; the endpoint is verified with the given CA', () => {
      const { auth, pod, container } = synth(target, {
        auth: ServerAuth.oauth2Introspection({
          introspectionUrl: 'https://keycloak.auth.svc:8443/realms/ai/protocol/openid-connect/token/introspect',
          clientId: 'llama-stack',
          clientSecret: SecretRef.fromSecretName('keycloak-client', 'secret'),
          sendSecretInBody: true,
          caCertificate: { configMapName: 'keycloak-ca', key: 'ca.pem' },
        }),
      });
      expect(auth).toEqual({
        provider_config: {
          type: 'oauth2_token',
          introspection: {
            url: 'https://keycloak.auth.svc:8443/realms/ai/protocol/openid-connect/token/introspect',
            client_id: 'llama-stack',
            client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}',
            send_secret_in_body: true,
          },
          tls_cafile: CA_FILE,
        },
      });
      expect(authEnv(container)).toEqual([{ name: 'LLSD_AUTH_CLIENT_SECRET', valueFrom: { secretKeyRef: { name: 'keycloak-client', key: 'secret' } } }]);
      expect(authVolumes(pod)).toEqual([{ name: 'auth-ca', configMap: { name: 'keycloak-ca', items: [{ key: 'ca.pem', path: 'ca.crt' }] } }]);
      expect(authMounts(container)).toEqual([CA_MOUNT]);
    });

    test('plain http inside the cluster needs no CA', () => {
      const { auth } = synth(target, {
        auth: ServerAuth.oauth2Introspection({ introspectionUrl: 'http://keycloak.auth.svc:8080/introspect', clientId: 'llama', clientSecret: SecretRef.fromSecretName('kc', 'secret') }),
      });
      expect(auth.provider_config).toEqual({
        type: 'oauth2_token',
        introspection: { url: 'http://keycloak.auth.svc:8080/introspect', client_id: 'llama', client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}' },
      });
    });

    test('an https endpoint without a CA only with an explicit verifyTls: false', () => {
      const { auth, pod } = synth(target, {
        auth: ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.example.com/introspect', clientId: 'llama', clientSecret: SecretRef.fromSecretName('kc', 'secret'), verifyTls: false }),
      });
      expect(auth.provider_config.verify_tls).toBe(false);
      expect(auth.provider_config.tls_cafile).toBeUndefined();
      expect(authVolumes(pod)).toEqual([]);
    });
  });

  test('github tokens', () => {
    const { auth, pod, container } = synth(target, {
      auth: ServerAuth.githubToken({ githubApiBaseUrl: 'https://github.example.com/api/v3', claimsMapping: { login: 'roles', id: 'projects' } }),
    });
    expect(auth).toEqual({
      provider_config: { type: 'github_token', github_api_base_url: 'https://github.example.com/api/v3', claims_mapping: { login: 'roles', id: 'projects' } },
    });
    expect(authVolumes(pod)).toEqual([]);
    expect(authEnv(container)).toEqual([]);
    expect(synth(target, { auth: ServerAuth.githubToken() }).auth).toEqual({ provider_config: { type: 'github_token' } });
  });

  test('a custom endpoint', () => {
    const { auth } = synth(target, {
      auth: ServerAuth.custom({ endpoint: 'http://authz.auth.svc:8080/validate', accessPolicy: [AccessRule.permit({ actions: [AccessAction.READ, AccessAction.CREATE], when: ['user is owner', 'user with ml in teams'] })] }),
    });
    expect(auth).toEqual({
      provider_config: { type: 'custom', endpoint: 'http://authz.auth.svc:8080/validate' },
      access_policy: [{ permit: { actions: ['read', 'create'] }, when: ['user is owner', 'user with ml in teams'] }],
    });
  });

  test('with serving TLS and a CA bundle, the auth CA is a separate read-only mount', () => {
    const { pod, container } = synth(target, {
      auth: ServerAuth.kubernetes(),
      tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca', configMapKeys: ['a.crt', 'b.crt'] } },
    });
    expect(container.volumeMounts.map((m: any) => m.mountPath)).toEqual(expect.arrayContaining(['/etc/llama-stack/tls', '/etc/ssl/certs/ca-bundle', '/etc/llama-stack/auth']));
    expect(authMounts(container)).toEqual([CA_MOUNT]);
    expectRestricted(pod);
  });

  test('the base config\'s own auth (ci-tests, switched on by AUTH_PROVIDER) is replaced', () => {
    const { auth } = synth(target, { distribution: 'ci-tests', auth: ServerAuth.kubernetes() });
    expect(auth).toEqual({ provider_config: { type: 'kubernetes', api_server_url: 'https://kubernetes.default.svc', tls_cafile: CA_FILE } });
  });

  test('without auth the config has none, and nothing is mounted', () => {
    const { auth, pod } = synth(target, {});
    expect(auth).toBeUndefined();
    expect(authVolumes(pod)).toEqual([]);
  });

  test('no secret value reaches any object: only references', () => {
    const app = new App();
    const secrets = new Chart(app, 'secrets');
    const SENTINEL = 'S3NTINEL-client-secret-value';
    const TOKEN = 'S3NTINEL-jwks-token-value';
    const client = new kplus.Secret(secrets, 'idp-client', { stringData: { secret: SENTINEL } });
    const jwks = new kplus.Secret(secrets, 'jwks', { stringData: { token: TOKEN } });
    for (const auth of [
      ServerAuth.oauth2Introspection({ introspectionUrl: 'http://idp:8080/introspect', clientId: 'llama', clientSecret: SecretRef.fromSecret(client, 'secret') }),
      ServerAuth.oauth2Jwks({ jwksUri: 'http://idp:8080/jwks', audience: 'llama', jwksToken: SecretRef.fromSecret(jwks, 'token') }),
    ]) {
      const chart = new Chart(app, `llama-${auth.secretEnvVars[0].name.toLowerCase().replace(/_/g, '-')}`);
      // Two distributions in one app: each its own name (one namespace).
      const { manifests, container } = synth(target, { auth, name: `llama-${auth.secretEnvVars[0].name.toLowerCase().replace(/_/g, '-')}` }, chart);
      const text = JSON.stringify(manifests);
      expect(text).not.toContain(SENTINEL);
      expect(text).not.toContain(TOKEN);
      expect(authEnv(container)).toHaveLength(1);
      expect(authEnv(container)[0].valueFrom.secretKeyRef.name).toMatch(/^secrets-(idp-client|jwks)-/);
    }
  });
});

describe('upstream header (OGX 0.8)', () => {
  test('the gateway\'s headers, with a NetworkPolicy that admits only the gateway', () => {
    const { auth, manifests, pod } = synth(ServerTarget.OGX_0_8, {
      auth: ServerAuth.upstreamHeader({ principalHeader: 'x-auth-user-id', attributesHeader: 'x-auth-attributes' }),
      allowedFrom: { namespaces: ['istio-gateways'] },
    });
    expect(auth).toEqual({ provider_config: { type: 'upstream_header', principal_header: 'x-auth-user-id', attributes_header: 'x-auth-attributes' } });
    expect(authVolumes(pod)).toEqual([]);
    expect(manifests.find((m) => m.kind === 'NetworkPolicy')).toBeDefined();
  });
});

describe('OGX 1.1+: what 0.7 and 0.8 refuse', () => {
  test.each([ServerTarget.OGX_1_1, ServerTarget.OGX_1_2, ServerTarget.OGX_1_3].map((t) => [t.id, t] as const))('%s: introspection of a public https endpoint without a CA (verified against the image\'s trust store), github organizations', (_id, target) => {
    const { auth, pod } = synth(target, {
      auth: ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.example.com/introspect', clientId: 'llama', clientSecret: SecretRef.fromSecretName('kc', 'secret') }),
    });
    expect(auth.provider_config).toEqual({ type: 'oauth2_token', introspection: { url: 'https://idp.example.com/introspect', client_id: 'llama', client_secret: '${env.LLSD_AUTH_CLIENT_SECRET}' } });
    expect(authVolumes(pod)).toEqual([]);
    expect(synth(target, { auth: ServerAuth.githubToken({ claimsMapping: { organizations: 'teams' } }) }).auth.provider_config)
      .toEqual({ type: 'github_token', claims_mapping: { organizations: 'teams' } });
  });
});

// The examples of docs/auth.md, factory by factory.
describe('docs/auth.md\'s examples synthesize and start', () => {
  const examples: [string, () => ServerAuth, ServerTarget[]][] = [
    ['kubernetes', () => ServerAuth.kubernetes(), TARGETS],
    ['oauth2Jwks', () => ServerAuth.oauth2Jwks({
      jwksUri: 'https://keycloak.example.com/realms/ai/protocol/openid-connect/certs',
      audience: 'llama-stack',
      issuer: 'https://keycloak.example.com/realms/ai',
      claimsMapping: { 'realm_access.roles': 'roles' },
    }), TARGETS],
    ['oauth2Introspection', () => ServerAuth.oauth2Introspection({
      introspectionUrl: 'https://keycloak.auth.svc:8443/realms/ai/protocol/openid-connect/token/introspect',
      clientId: 'llama-stack',
      clientSecret: SecretRef.fromSecretName('keycloak-client', 'secret'),
      caCertificate: { configMapName: 'keycloak-ca', key: 'ca.crt' },
    }), TARGETS],
    ['githubToken', () => ServerAuth.githubToken(), TARGETS],
    ['custom', () => ServerAuth.custom({ endpoint: 'http://authz.auth.svc:8080/validate' }), TARGETS],
    ['upstreamHeader', () => ServerAuth.upstreamHeader({ principalHeader: 'x-auth-user-id', attributesHeader: 'x-auth-attributes' }), [ServerTarget.OGX_0_8]],
    ['rules', () => ServerAuth.kubernetes({
      claimsMapping: { groups: 'teams', username: 'roles' },
      accessPolicy: [
        AccessRule.permit({ actions: [AccessAction.READ], resource: 'model::*' }),
        AccessRule.permit({ actions: [AccessAction.CREATE, AccessAction.READ, AccessAction.UPDATE, AccessAction.DELETE], when: ['user is owner'] }),
        AccessRule.forbid({ actions: [AccessAction.DELETE], resource: 'vector_store::*', unless: ['user with platform in teams'] }),
      ],
      routePolicy: [
        RouteRule.permit({ paths: ['/v1/health'] }),
        RouteRule.permit({ paths: ['/v1/*'], when: ['user with ml in teams'] }),
      ],
    }), TARGETS],
  ];
  test.each(examples.flatMap(([name, make, targets]) => targets.map((t) => [name, t.id, make, t] as const)))('%s on %s', (_name, _id, make, target) => {
    const { auth } = synth(target, { auth: make(), allowedFrom: { namespaces: ['gateway'] } });
    expect(auth.provider_config.type).toBe(make().providerType);
  });
});
