/**
 * The server releases' provider APIs beyond the v1alpha2 five: files, file processors, responses
 * and batches, typed, on both targets. Each writes exactly the keys the release reads, replaces
 * the base config's provider (a plain API has one implementation), and starts.
 */
import { Testing } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { BatchesProvider, FileProcessorsProvider, FilesProvider, InferenceProvider, InteractionsProvider, MessagesProvider, ResponsesProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { synthStarting } from '../support/synth';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

const synth = synthStarting;

function problems(target: ServerTarget, props: () => LlamaStackDistributionProps): string[] {
  try {
    new LlamaStackDistribution(Testing.chart(), 'llama', { target, ...props() });
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return e.problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('files on S3 with credentials from Secrets replace the base localfs', () => {
    const { config, manifests } = synth(target, {
      files: [FilesProvider.s3({
        bucket: 'llama-files',
        region: 'eu-west-1',
        endpoint: 'http://minio.storage.svc:9000',
        accessKeyId: SecretRef.fromSecretName('s3', 'access-key'),
        secretAccessKey: SecretRef.fromSecretName('s3', 'secret-key'),
        autoCreateBucket: true,
      })],
    });
    expect(config.providers.files).toEqual([{
      provider_id: 's3',
      provider_type: 'remote::s3',
      config: {
        bucket_name: 'llama-files',
        region: 'eu-west-1',
        endpoint_url: 'http://minio.storage.svc:9000',
        auto_create_bucket: true,
        aws_access_key_id: '${env.LLSD_S3_AWS_ACCESS_KEY_ID}',
        aws_secret_access_key: '${env.LLSD_S3_AWS_SECRET_ACCESS_KEY}',
        metadata_store: { table_name: 's3_files_metadata', backend: 'sql_default' },
      },
    }]);
    const env = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0].env;
    expect(env).toContainEqual({ name: 'LLSD_S3_AWS_ACCESS_KEY_ID', valueFrom: { secretKeyRef: { name: 's3', key: 'access-key' } } });
    expect(env).toContainEqual({ name: 'LLSD_S3_AWS_SECRET_ACCESS_KEY', valueFrom: { secretKeyRef: { name: 's3', key: 'secret-key' } } });
  });

  test('files on S3 with the pod\'s AWS identity: no credentials written', () => {
    const { config } = synth(target, { files: [FilesProvider.s3({ bucket: 'bkt' })] });
    expect(config.providers.files[0].config).toEqual({ bucket_name: 'bkt', metadata_store: { table_name: 's3_files_metadata', backend: 'sql_default' } });
  });

  test('localfs defaults its directory to the data volume', () => {
    const { config } = synth(target, { files: [FilesProvider.localfs({ ttlSeconds: 86400 })] });
    expect(config.providers.files).toEqual([{
      provider_id: 'localfs',
      provider_type: 'inline::localfs',
      config: {
        storage_dir: `\${env.FILES_STORAGE_DIR:=~${target.dataDir}/distributions/starter/files}`,
        ttl_secs: 86400,
        metadata_store: { table_name: 'files_metadata', backend: 'sql_default' },
      },
    }]);
  });

  test.each<[string, () => FileProcessorsProvider, string, object | undefined]>([
    ['pypdf', () => FileProcessorsProvider.pypdf({ chunkSizeTokens: 512, chunkOverlapTokens: 64 }), 'inline::pypdf',
      { default_chunk_size_tokens: 512, default_chunk_overlap_tokens: 64 }],
    ['docling', () => FileProcessorsProvider.docling(), 'inline::docling', undefined],
  ])('file processor %s', (id, make, type, cfg) => {
    const { config } = synth(target, { fileProcessors: [make()] });
    expect(config.providers.file_processors).toEqual([{ provider_id: id, provider_type: type, ...(cfg ? { config: cfg } : { config: {} }) }]);
  });

  test('responses and batches with their settings', () => {
    const { config } = synth(target, {
      responses: [ResponsesProvider.builtin({ id: 'responses' })],
      batches: [BatchesProvider.reference({ maxConcurrentBatches: 2, maxConcurrentRequestsPerBatch: 20 })],
    });
    expect(config.providers.responses).toEqual([{
      provider_id: 'responses',
      provider_type: 'inline::builtin',
      config: { persistence: { agent_state: { namespace: 'agents', backend: 'kv_default' }, responses: { table_name: 'responses', backend: 'sql_default', max_write_queue_size: 10000, num_writers: 4 } } },
    }]);
    expect(config.providers.batches).toEqual([{
      provider_id: 'reference',
      provider_type: 'inline::reference',
      config: { kvstore: { namespace: 'batches', backend: 'kv_default' }, max_concurrent_batches: 2, max_concurrent_requests_per_batch: 20 },
    }]);
  });

  test('bad typed options name the option and the fix', () => {
    expect(problems(target, () => ({ files: [FilesProvider.s3({} as any)] }))).toEqual(['FilesProvider.s3(bucket): bucket is required']);
    expect(problems(target, () => ({ fileProcessors: [FileProcessorsProvider.pypdf({ chunkSizeTokens: 0 })] })))
      .toEqual(['FileProcessorsProvider.pypdf(chunkSizeTokens): chunkSizeTokens must be an integer from 100 to 4096']);
    expect(problems(target, () => ({ files: [FilesProvider.s3({ bucket: 'bkt', autoCreateBucket: 'yes' as any })] })))
      .toEqual(['FilesProvider.s3(autoCreateBucket): autoCreateBucket must be true or false']);
  });

  test('the operator pipeline has no place for them', () => {
    expect(problems(ServerTarget.OPERATOR, () => ({ files: [FilesProvider.s3({ bucket: 'bkt' })] })))
      .toContain('props.files: the operator pipeline configures the v1alpha2 API\'s five provider APIs only');
  });
});

test('docling-serve exists in OGX 0.8, not in llama-stack 0.7', () => {
  const doclingServe = (): LlamaStackDistributionProps => ({ fileProcessors: [FileProcessorsProvider.doclingServe({ endpoint: 'http://docling:5001/v1', apiKey: SecretRef.fromSecretName('d', 'k') })] });
  const { config } = synth(ServerTarget.OGX_0_8, doclingServe());
  expect(config.providers.file_processors).toEqual([{
    provider_id: 'docling-serve',
    provider_type: 'remote::docling-serve',
    config: { base_url: 'http://docling:5001/v1', api_key: '${env.LLSD_DOCLING_SERVE_API_KEY}' },
  }]);
  expect(problems(ServerTarget.LLAMA_STACK_0_7, doclingServe)[0])
    .toMatch(/^props\.fileProcessors\[0\]\.provider: llama-stack 0\.7\.1 has no file_processors provider "remote::docling-serve"/);
});

test('the CR constructs report them (neither CRD maps them yet)', () => {
  for (const make of [
    () => new LlamaStackDistributionResource(Testing.chart(), 'llama', { files: [FilesProvider.s3({ bucket: 'bkt' })] }),
    () => new OgxServerResource(Testing.chart(), 'llama', { files: [FilesProvider.s3({ bucket: 'bkt' })] }),
  ]) {
    try {
      make();
      throw new Error('accepted');
    } catch (e) {
      expect((e as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(['props.files']);
    }
  }
});

test('messages and interactions (OGX 0.8) replace the base\'s; llama-stack 0.7 has neither API', () => {
  const props = (): LlamaStackDistributionProps => ({ messages: [MessagesProvider.builtin({ id: 'msgs' })], interactions: [InteractionsProvider.builtin()] });
  const { config } = synth(ServerTarget.OGX_0_8, props());
  expect(config.providers.messages).toEqual([{ provider_id: 'msgs', provider_type: 'inline::builtin', config: {} }]);
  expect(config.providers.interactions).toEqual([{ provider_id: 'builtin', provider_type: 'inline::builtin', config: {} }]);
  expect(problems(ServerTarget.LLAMA_STACK_0_7, props)).toEqual([
    'props.messages[0].provider: llama-stack 0.7.1 has no messages provider "inline::builtin"',
    'props.interactions[0].provider: llama-stack 0.7.1 has no interactions provider "inline::builtin"',
  ]);
});

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s: vectorStores', (_id, target) => {
  const VLLM = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' });
  const PG = VectorIoProvider.pgvector({ host: 'pg', password: SecretRef.fromSecretName('pg', 'p') });
  const MODELS: LlamaStackDistributionProps['models'] = [
    'chat',
    { name: 'embed-small', modelType: 'embedding', embeddingDimension: 384 },
    { name: 'embed-large', modelType: 'embedding', embeddingDimension: 1024, providerModelId: 'BAAI/bge-large-en-v1.5' },
    { name: 'rerank', modelType: 'rerank' },
  ];

  test('name the provider, embedding model and reranker model new vector stores get', () => {
    const { config } = synth(target, {
      inference: [VLLM],
      vectorIo: [PG],
      models: MODELS,
      vectorStores: { provider: 'faiss', embeddingModel: 'embed-large', rerankerModel: 'rerank' },
    });
    const large = target === ServerTarget.LLAMA_STACK_0_7 ? 'BAAI/bge-large-en-v1.5' : 'embed-large';
    expect(config.vector_stores.default_provider_id).toBe('faiss');
    expect(config.vector_stores.default_embedding_model).toEqual({ provider_id: 'vllm', model_id: large });
    expect(config.vector_stores.default_reranker_model).toEqual({ provider_id: 'vllm', model_id: 'rerank' });
  });

  test('a name that is not configured is an error with the choices', () => {
    expect(problems(target, () => ({
      inference: [VLLM],
      vectorIo: [PG],
      models: MODELS,
      vectorStores: { provider: 'chroma', embeddingModel: 'chat', rerankerModel: 'ghost' },
    }))).toEqual([
      'props.vectorStores.provider: "chroma" is not an enabled vector_io provider',
      'props.vectorStores.embeddingModel: model "chat" is a llm model, not embedding',
      'props.vectorStores.rerankerModel: no registered model is named "ghost"',
    ]);
    expect(problems(target, () => ({ inference: [VLLM], models: MODELS, vectorStores: { embeddingModel: 'chat', rerankerModel: 'ghost' } }))).toEqual([
      'props.vectorStores.embeddingModel: model "chat" is a llm model, not embedding',
      'props.vectorStores.rerankerModel: no registered model is named "ghost"',
    ]);
  });
});
