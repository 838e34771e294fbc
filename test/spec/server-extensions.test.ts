/** Fields only the server targets carry: the operator pipeline reports them, one problem each. */
import { serverOnlyFields } from '../../src/spec/server-extensions';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const spec = (o: object) => ({ distribution: { name: 'starter' }, ...o }) as unknown as LlamaStackDistributionSpec;
const image = 'quay.io/acme/p@sha256:' + 'a'.repeat(64);

describe('serverOnlyFields', () => {
  test('a spec with CRD fields only has none', () => {
    expect(serverOnlyFields(spec({
      providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }] },
      resources: { models: [{ name: 'llama', provider: 'vllm' }], shields: ['llama-guard'] },
      externalProviders: { inference: [{ providerId: 'acme', image }] },
    }))).toEqual([]);
    expect(serverOnlyFields(spec({}))).toEqual([]);
  });

  test("a model's embeddingDimension and providerModelId", () => {
    expect(serverOnlyFields(spec({ resources: { models: ['plain', { name: 'e', embeddingDimension: 768, providerModelId: 'x' }] } }))).toEqual([
      { path: 'spec.resources.models[1].embeddingDimension', message: 'the operator pipeline has no such model field', fix: 'remove embeddingDimension, or use a server target' },
      { path: 'spec.resources.models[1].providerModelId', message: 'the operator pipeline has no such model field', fix: 'remove providerModelId, or use a server target' },
    ]);
  });

  test("a provider's network and postgresTls, in any provider list", () => {
    const problems = serverOnlyFields(spec({ providers: { inference: [{ provider: 'vllm' }, { provider: 'vllm', network: {} }], vectorIo: [{ provider: 'pgvector', postgresTls: {} }] } }));
    expect(problems).toEqual([
      { path: 'spec.providers.inference[1].network', message: 'the operator pipeline writes no provider network (it mounts no CA or client certificate for a provider)', fix: 'remove network, or use a server target' },
      { path: 'spec.providers.vectorIo[0].postgresTls', message: 'the operator pipeline writes no provider postgresTls (it mounts no CA or client certificate for a provider)', fix: 'remove postgresTls, or use a server target' },
    ]);
  });

  test('a non-empty provider list of a server-only API; an empty one is no problem', () => {
    const problems = serverOnlyFields(spec({ providers: { files: [{ provider: 'localfs' }], batches: [] } }));
    expect(problems).toEqual([
      { path: 'spec.providers.files', message: 'the operator pipeline configures the v1alpha2 API\'s five provider APIs only', fix: 'remove files, or use a server target' },
    ]);
  });

  test('external providers beyond inference: one problem per list', () => {
    const problems = serverOnlyFields(spec({ externalProviders: { safety: [{ providerId: 'a', image }, { providerId: 'b', image }] } }));
    expect(problems).toEqual([
      { path: 'spec.externalProviders.safety', message: 'the v1alpha2 API has external inference providers only (safety is a library extension)', fix: 'remove safety, or use a server target' },
    ]);
  });

  test('an external inference provider\'s fields beyond providerId and image, unless unset or null', () => {
    const problems = serverOnlyFields(spec({ externalProviders: { inference: [{ providerId: 'a', image, providerType: 'remote::a', module: 'a', config: null, secretRefs: undefined }] } }));
    expect(problems.map((p) => p.path)).toEqual(['spec.externalProviders.inference[0].providerType', 'spec.externalProviders.inference[0].module']);
    expect(problems[0]).toEqual({ path: 'spec.externalProviders.inference[0].providerType', message: 'the operator pipeline has no external provider providerType (a library extension)', fix: 'remove providerType, or use a server target' });
  });

  test('a shield given as an object rather than an id', () => {
    expect(serverOnlyFields(spec({ resources: { shields: ['ok', { id: 'g', provider: 'llama-guard' }] } }))).toEqual([
      { path: 'spec.resources.shields[1]', message: 'the operator pipeline takes shield ids only', fix: 'write the shield id, or use a server target' },
    ]);
  });

  test('lists that are not arrays are passed over', () => {
    expect(serverOnlyFields(spec({ resources: { models: 'x', shields: 3 }, providers: { inference: 'x' } }))).toEqual([]);
  });
});
