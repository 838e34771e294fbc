/**
 * Issue 17: each library class owns its brand. An app can load two copies of the package (its own
 * and a dependency's); an object made by one copy is accepted by the other, as
 * src/distribution/input-boundary.md promises. The second copy is a fresh module registry (jest.isolateModules).
 */
import { Testing } from 'cdk8s';
import * as lib from '../../src';
import { brandSymbol, isMadeBy } from '../../src/core/brand';
import { readBaseConfig } from '../../src/yaml/parse';

let other!: typeof lib;
jest.isolateModules(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  other = require('../../src');
});

function synth(props: lib.LlamaStackDistributionProps): any[] {
  const chart = Testing.chart();
  new lib.LlamaStackDistribution(chart, 'llama', props);
  return Testing.synth(chart);
}

function config(manifests: any[]): any {
  return readBaseConfig(manifests.find((m) => m.kind === 'ConfigMap').data['config.yaml']);
}

function env(manifests: any[]): any[] {
  return manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0].env;
}

test('the second copy is another copy: its classes are not the first copy\'s', () => {
  expect(other.SecretRef).not.toBe(lib.SecretRef);
  expect(Object.getPrototypeOf(other.SecretRef.fromSecretName('s', 'k'))).not.toBe(lib.SecretRef.prototype);
});

test('instanceof holds across copies (TypeScript and JavaScript), and only for the class it names', () => {
  expect(other.SecretRef.fromSecretName('s', 'k') instanceof lib.SecretRef).toBe(true);
  expect(other.ServerAuth.kubernetes() instanceof lib.ServerAuth).toBe(true);
  expect(other.StorageBackend.sqlite() instanceof lib.StorageBackend).toBe(true);
  expect(other.ServerTarget.OGX_0_8 instanceof lib.ServerTarget).toBe(true);
  expect(other.AccessRule.permit({ actions: [other.AccessAction.READ] }) instanceof lib.AccessRule).toBe(true);
  expect(other.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' }) instanceof lib.Provider).toBe(true);
  // A subclass keeps the ordinary rule: a safety provider is no inference provider.
  expect(lib.SafetyProvider.custom('llama-guard') instanceof lib.InferenceProvider).toBe(false);
  expect(lib.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' }) instanceof lib.InferenceProvider).toBe(true);
  expect({ secretName: 's', key: 'k' } instanceof lib.SecretRef).toBe(false);
  expect(lib.SecretRef.fromSecretName('s', 'k') instanceof lib.ServerAuth).toBe(false);
});

test('a LlamaStackConfigError thrown by another copy is a LlamaStackConfigError', () => {
  let error: unknown;
  try {
    other.SecretRef.fromSecretName('Not A Name', 'k');
  } catch (e) {
    error = e;
  }
  expect(error instanceof lib.LlamaStackConfigError).toBe(true);
  expect((error as lib.LlamaStackConfigError).problems[0].path).toBe('SecretRef.fromSecretName(secretName)');
  expect(new Error('x') instanceof lib.LlamaStackConfigError).toBe(false);
  expect(new lib.LlamaStackConfigError([]) instanceof Error).toBe(true);
});

test('a SecretRef made by another copy is accepted by the provider factories', () => {
  const provider = lib.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', apiKey: other.SecretRef.fromSecretName('vllm-creds', 'token') });
  const manifests = synth({ inference: [provider], target: lib.ServerTarget.OGX_0_8 });
  expect(env(manifests)).toContainEqual(expect.objectContaining({ valueFrom: { secretKeyRef: { name: 'vllm-creds', key: 'token' } } }));
});

test('a SecretRef made by another copy is accepted by StorageBackend and ExternalProvider', () => {
  expect(() => lib.StorageBackend.redis({ endpoint: 'redis://redis:6379', password: other.SecretRef.fromSecretName('redis', 'password') })).not.toThrow();
  expect(() => lib.StorageBackend.postgres({ connectionString: other.SecretRef.fromSecretName('pg', 'uri') })).not.toThrow();
  expect(() => lib.ExternalProvider.fromImage({
    id: 'acme',
    image: 'quay.io/acme/llm-provider:1.0',
    api: 'inference',
    providerType: 'remote::acme-llm',
    module: 'acme_llm',
    secretRefs: { api_key: other.SecretRef.fromSecretName('acme', 'key') },
  })).not.toThrow();
});

test('a ServerAuth (with AccessRules and a SecretRef) made by another copy is accepted', () => {
  const auth = other.ServerAuth.oauth2Jwks({
    jwksUri: 'https://idp.example.com/jwks',
    audience: 'llama',
    issuer: 'https://idp.example.com',
    jwksToken: lib.SecretRef.fromSecretName('idp', 'token'),
    accessPolicy: [lib.AccessRule.permit({ actions: [lib.AccessAction.READ] })],
  });
  const manifests = synth({ auth, target: lib.ServerTarget.OGX_0_8 });
  expect(config(manifests).server.auth.provider_config.type).toBe('oauth2_token');
  expect(config(manifests).server.auth.access_policy).toHaveLength(1);

  const mixed = lib.ServerAuth.kubernetes({ accessPolicy: [other.AccessRule.permit({ actions: [other.AccessAction.READ] })] });
  expect(config(synth({ auth: mixed, target: lib.ServerTarget.OGX_0_8 })).server.auth.access_policy).toHaveLength(1);
});

test('providers, storage backends, external providers and targets made by another copy are accepted', () => {
  const manifests = synth({
    target: other.ServerTarget.OGX_0_8,
    inference: [other.InferenceProvider.vllm({ id: 'vllm', endpoint: 'http://vllm:8000/v1' })],
    kvStorage: other.StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
    externalProviders: [other.ExternalProvider.fromImage({
      id: 'acme', image: 'quay.io/acme/llm-provider:1.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm',
    })],
  });
  const c = config(manifests);
  expect(c.providers.inference.map((p: any) => p.provider_id)).toEqual(expect.arrayContaining(['vllm', 'acme']));
});

test('static isX recognises either copy\'s objects and nothing else', () => {
  const ref = other.SecretRef.fromSecretName('s', 'k');
  expect(lib.SecretRef.isSecretRef(ref)).toBe(true);
  expect(lib.SecretRef.isSecretRef({ secretName: 's', key: 'k' })).toBe(false);
  expect(lib.ServerAuth.isServerAuth(other.ServerAuth.kubernetes())).toBe(true);
  expect(lib.Provider.isProvider(other.SafetyProvider.custom('llama-guard'))).toBe(true);
  expect(lib.Provider.isProvider(ref)).toBe(false);
  expect(lib.AccessRule.isAccessRule(other.AccessRule.permit({ actions: [other.AccessAction.READ] }))).toBe(true);
  expect(lib.RouteRule.isRouteRule(other.RouteRule.permit({ paths: ['/v1/models'] } as any))).toBe(true);
  expect(lib.StorageBackend.isStorageBackend(other.StorageBackend.sqlite())).toBe(true);
  expect(lib.ServerTarget.isServerTarget(other.ServerTarget.OPERATOR)).toBe(true);
  for (const v of [undefined, null, 1, 'SecretRef', {}, new Proxy({}, { get: () => { throw new Error('trap'); } })]) {
    expect(lib.SecretRef.isSecretRef(v)).toBe(false);
    expect(isMadeBy(v, 'Provider')).toBe(false);
  }
  expect(brandSymbol('SecretRef')).toBe(Symbol.for('cdk8s-llama-stack.SecretRef'));
});
