/** ogx-typed-providers.ts: which config entries the OGXServer CRD's typed provider fields carry, and as what. */
import { operatorId, typedEntry } from '../../src/interop/ogx-typed-providers';

describe('OgxServerResource: typed provider fields (issue #18)', () => {
  test('every typed kind the CRD has, from the server\'s config keys', () => {
    expect(typedEntry({ id: 'b', type: 'remote::bedrock', settings: { region_name: 'us-west-2' }, secretRefs: { aws_bedrock_bearer_token: { name: 's', key: 'k' } } }))
      .toEqual({ field: 'inference', bucket: 'remote', kind: 'bedrock', list: true, value: { id: 'b', region: 'us-west-2', apiKey: { name: 's', key: 'k' } } });
    expect(typedEntry({ id: 'remote-s3', type: 'remote::s3', settings: { bucket_name: 'f', auto_create_bucket: true } }))
      .toEqual({ field: 'files', bucket: 'remote', kind: 's3', list: false, value: { bucketName: 'f', autoCreateBucket: true } });
    expect(typedEntry({ id: 'v', type: 'remote::vllm', settings: { base_url: 'http://v', network: { tls: { min_version: 'TLSv1.3' }, headers: { 'X-A': 'b' } } } })!.value)
      .toEqual({ id: 'v', endpoint: 'http://v', network: { tls: { minVersion: 'TLSv1.3' }, headers: { 'X-A': 'b' } } });
  });

  test('custom for the rest: an unknown key, a missing required field, an id a single-object kind cannot carry, a pgvector index', () => {
    expect(typedEntry({ id: 'v', type: 'remote::vllm', settings: { base_url: 'http://v', fairness_header_attribute: 'x' } })).toBeUndefined();
    expect(typedEntry({ id: 'o', type: 'remote::openai', settings: { base_url: 'http://o' } })).toBeUndefined(); // apiKey is required
    expect(typedEntry({ id: 'my-files', type: 'remote::s3', settings: { bucket_name: 'f' } })).toBeUndefined();
    expect(typedEntry({ id: 'pg', type: 'remote::pgvector', settings: { vector_index: { type: 'HNSW' } }, secretRefs: { password: { name: 'p', key: 'k' } } })).toBeUndefined();
    expect(typedEntry({ id: 'x', type: 'remote::ollama', settings: { base_url: 'http://o' } })).toBeUndefined();
  });
});

describe('operatorId and the single-object kinds', () => {
  test('the operator names a single provider after its type, with - for ::', () => {
    expect(operatorId('inline::localfs')).toBe('inline-localfs');
    expect(operatorId('remote::docling-serve')).toBe('remote-docling-serve');
  });

  test('a single-object kind carries no id: only the operator\'s id passes; list kinds keep theirs', () => {
    expect(typedEntry({ id: 'inline-localfs', type: 'inline::localfs', settings: { ttl_secs: 60 } }))
      .toEqual({ field: 'files', bucket: 'inline', kind: 'localfs', list: false, value: { ttlSecs: 60 } });
    expect(typedEntry({ id: 'inline-reference', type: 'inline::reference', settings: { max_concurrent_batches: 2 } }))
      .toEqual({ field: 'batches', bucket: 'inline', kind: 'reference', list: false, value: { maxConcurrentBatches: 2 } });
    expect(typedEntry({ id: 'brave', type: 'remote::brave-search', secretRefs: { api_key: { name: 'b', key: 'k' } } }))
      .toEqual({ field: 'toolRuntime', bucket: 'remote', kind: 'braveSearch', list: true, value: { id: 'brave', apiKey: { name: 'b', key: 'k' } } });
  });

  test('a secret where the kind takes a plain field (and the reverse) goes to custom', () => {
    expect(typedEntry({ id: 'b', type: 'remote::brave-search', settings: { api_key: 'plain' } })).toBeUndefined();
    expect(typedEntry({ id: 'v', type: 'remote::vllm', settings: { base_url: 'http://v' }, secretRefs: { max_tokens: { name: 's', key: 'k' } } })).toBeUndefined();
  });
});
