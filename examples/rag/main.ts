// Retrieval-augmented generation on OGX 1.3 (the default target): vLLM for chat and embeddings,
// pgvector for vector stores, files on S3 (MinIO here), docling to read documents, and three to
// six replicas with every store shared (Redis for key-value, Postgres for SQL, S3 for files,
// pgvector for vectors), so any pod can answer any request. replaceBaseProviders keeps
// starter's other inference and vector providers out of the config. Callers authenticate with
// their Kubernetes ServiceAccount tokens. The chat vLLM serves HTTPS with a self-signed
// certificate behind a gateway: the server trusts its CA (a ConfigMap, mounted read-only) and
// sends the gateway's token from a Secret. An MCP server is registered as a connector, so
// responses can search the documentation through it.
import { App, Chart, Size } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import {
  Connector, FileProcessorsProvider, FilesProvider, InferenceProvider, LlamaStackDistribution, SecretRef, ServerAuth, StorageBackend,
  VectorIoProvider,
} from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/rag' });
const chart = new Chart(app, 'llama-stack-rag', { namespace: 'rag' });

new LlamaStackDistribution(chart, 'rag', {
  inference: [
    InferenceProvider.vllm({
      id: 'vllm',
      endpoint: 'https://vllm-llama.models.svc.cluster.local:8443/v1',
      network: {
        tls: { caCertificate: { configMapName: 'vllm-serving-ca', key: 'ca.crt' } },
        headers: { 'X-Gateway-Token': SecretRef.fromSecretName('vllm-gateway', 'token') },
        timeouts: { connectSeconds: 10, readSeconds: 600 },
      },
    }),
    InferenceProvider.vllm({ id: 'vllm-embed', endpoint: 'http://vllm-embed.models.svc.cluster.local:8000/v1' }),
  ],
  models: [
    { name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm', contextLength: 131072 },
    { name: 'nomic-ai/nomic-embed-text-v1.5', provider: 'vllm-embed', modelType: 'embedding', embeddingDimension: 768 },
  ],
  vectorIo: [VectorIoProvider.pgvector({
    host: 'pgvector.data.svc.cluster.local', db: 'vectors', user: 'rag',
    password: SecretRef.fromSecretName('pgvector-credentials', 'password'),
  })],
  files: [FilesProvider.s3({
    bucket: 'rag-documents',
    endpoint: 'http://minio.storage.svc.cluster.local:9000',
    accessKeyId: SecretRef.fromSecretName('minio-credentials', 'access-key'),
    secretAccessKey: SecretRef.fromSecretName('minio-credentials', 'secret-key'),
  })],
  fileProcessors: [FileProcessorsProvider.docling({ chunkSizeTokens: 512, chunkOverlapTokens: 64 })],
  replaceBaseProviders: ['inference', 'vector_io'],
  connectors: [Connector.mcp({ id: 'docs-search', url: 'http://docs-mcp.tools.svc.cluster.local:8080/mcp', serverLabel: 'docs' })],
  auth: ServerAuth.kubernetes(),
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis-master.data.svc.cluster.local:6379' }),
  sqlStorage: StorageBackend.postgres({
    host: 'postgres.data.svc.cluster.local', db: 'llamastack', user: 'llama',
    password: SecretRef.fromSecretName('llama-postgres', 'password'),
  }),
  replicas: 3,
  autoscaling: { minReplicas: 3, maxReplicas: 6, targetCPUUtilizationPercentage: 70 },
  resources: { cpu: { request: Cpu.units(2) }, memory: { request: Size.gibibytes(6), limit: Size.gibibytes(6) } },
  allowedFrom: { namespaces: ['rag-frontend'] },
});
app.synth();
