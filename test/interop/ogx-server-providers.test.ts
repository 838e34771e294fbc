/**
 * ogx-server-providers.ts: an OGXServer's `spec.providers` (typed kinds per API and bucket, and
 * `custom`) read as v1alpha2 provider entries in the server's config keys, with the operator's ids
 * (the type with `::` as `-`) and env names (`OGX_<ID>_<FIELD>`), each entry's source, and the
 * APIs whose base providers they replace.
 */
import { OgxReadContext } from '../../src/interop/ogx-server-context';
import { readProviders } from '../../src/interop/ogx-server-providers';

function read(raw: unknown) {
  const c = new OgxReadContext();
  return { out: readProviders(c, raw), c };
}

describe('readProviders', () => {
  test('a typed vllm and a custom provider: config keys, the operator\'s id for the custom one, the env name of the secret', () => {
    const { out, c } = read({
      inference: {
        remote: {
          vllm: [{ id: 'v', endpoint: 'http://v/v1', apiToken: { name: 's', key: 'k' }, maxTokens: 100 }],
          custom: [{ type: 'cerebras', settings: { a: 1 } }],
        },
      },
    });
    expect(out).toEqual({
      inference: [
        { id: 'v', provider: 'remote::vllm', secretRefs: { api_token: { name: 's', key: 'k' } }, settings: { base_url: 'http://v/v1', max_tokens: 100 } },
        { id: 'remote-cerebras', provider: 'remote::cerebras', settings: { a: 1 } },
      ],
    });
    expect(c.operatorEnvNames).toEqual(['OGX_V_API_TOKEN']);
    expect(c.replace).toEqual(['inference']);
    expect(c.problems).toEqual([]);
    expect(c.sources['spec.providers.inference[0].settings.base_url']).toBe('spec.providers.inference.remote.vllm[0].endpoint');
    expect(c.sources['spec.providers.inference[1].provider']).toBe('spec.providers.inference.remote.custom[0].type');
  });

  test('a single-object kind gets the operator\'s id from its type', () => {
    const { out, c } = read({ files: { inline: { localfs: { ttlSecs: 60 } } } });
    expect(out).toEqual({ files: [{ id: 'inline-localfs', provider: 'inline::localfs', settings: { ttl_secs: 60 } }] });
    expect(c.replace).toEqual(['files']);
    expect(c.sources['spec.providers.files[0].id']).toBe('spec.providers.files.inline.localfs');
  });

  test('pgvector\'s vectorIndex is written in the form the server reads, with a warning about the operator\'s form', () => {
    const { out, c } = read({ vectorIo: { remote: { pgvector: [{ id: 'pg', password: { name: 'p', key: 'k' }, vectorIndex: { hnsw: { efConstruction: 64 } } }] } } });
    expect(out).toEqual({ vectorIo: [{ id: 'pg', provider: 'remote::pgvector', secretRefs: { password: { name: 'p', key: 'k' } }, settings: { vector_index: { type: 'HNSW', ef_construction: 64 } } }] });
    expect(c.operatorEnvNames).toEqual(['OGX_PG_PASSWORD']);
    expect(c.warnings.map((w) => w.path)).toEqual(['spec.providers.vectorIo.remote.pgvector[0].vectorIndex']);
    const ivf = read({ vectorIo: { remote: { pgvector: [{ id: 'pg', password: { name: 'p', key: 'k' }, vectorIndex: { ivfFlat: { nlist: 100, nprobe: 8 } } }] } } }).out;
    expect(ivf!.vectorIo[0].settings).toEqual({ vector_index: { type: 'IVFFlat', lists: 100, probes: 8 } });
  });

  test('a custom provider without a type is refused', () => {
    expect(read({ inference: { remote: { custom: [{ settings: {} }] } } }).c.problems).toEqual([
      { path: 'spec.providers.inference.remote.custom[0].type', message: 'Required value: the provider type', fix: 'set type, e.g. remote::<provider>' },
    ]);
  });

  test('a prefixed custom type is kept; an id and secretRefs are carried', () => {
    const { out, c } = read({ toolRuntime: { inline: { custom: [{ id: 'mine', type: 'inline::my-tools', secretRefs: { token: { name: 't', key: 'k' } } }] } } });
    expect(out).toEqual({ toolRuntime: [{ id: 'mine', provider: 'inline::my-tools', secretRefs: { token: { name: 't', key: 'k' } } }] });
    expect(c.operatorEnvNames).toEqual(['OGX_MINE_TOKEN']);
  });

  test('nothing to read: undefined, no API replaced', () => {
    expect(read('x').out).toBeUndefined();
    expect(read({ inference: { remote: {} } })).toEqual({ out: undefined, c: expect.objectContaining({ replace: [], problems: [] }) });
  });
});
