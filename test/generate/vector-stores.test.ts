/**
 * Vector stores need an embedding model: with the user's vector store (pgvector) and no embedding
 * model anywhere, every vector store the server creates fails ("embedding_model is required").
 */
import { Testing } from 'cdk8s';
import { InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps, SecretRef, VectorIoProvider } from '../../src';

function warnings(props: LlamaStackDistributionProps): string[] {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return new LlamaStackDistribution(Testing.chart(), 'llama', props).warnings.map((w) => `${w.path}: ${w.message} | ${w.fix}`);
  } finally {
    spy.mockRestore();
  }
}

const PGVECTOR = VectorIoProvider.pgvector({ host: 'pg.data.svc', password: SecretRef.fromSecretName('pg', 'password') });
const VLLM = InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' });
const NO_EMBEDDING = 'props.vectorIo[0]: no embedding model is registered and vector_stores names no default_embedding_model:'
  + ' every vector store the server creates (and file_search, and responses memory) fails with "embedding_model is required"'
  + ' unless the request names an embedding model registered at run time'
  + ' | register an embedding model in models (modelType: \'embedding\' with its embeddingDimension) on an inference provider that serves one,'
  + ' or keep the base config\'s inference providers (its in-process embedding model)';

test('pgvector as the only vector store and no embedding model at all: warned', () => {
  expect(warnings({ inference: [VLLM], vectorIo: [PGVECTOR], replaceBaseProviders: ['inference', 'vector_io'], models: [{ name: 'llama', provider: 'vllm' }] }))
    .toContain(NO_EMBEDDING);
});

test('an embedding model, or the base config\'s, is enough', () => {
  expect(warnings({
    inference: [VLLM],
    vectorIo: [PGVECTOR],
    replaceBaseProviders: ['inference', 'vector_io'],
    models: [{ name: 'llama', provider: 'vllm' }, { name: 'nomic', provider: 'vllm', modelType: 'embedding', embeddingDimension: 768 }],
  }))
    .not.toContain(NO_EMBEDDING);
  expect(warnings({ inference: [VLLM], vectorIo: [PGVECTOR], replaceBaseProviders: ['vector_io'] })).not.toContain(NO_EMBEDDING);
});
