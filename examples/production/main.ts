// Production-style app on OGX 0.8 (the default target): several providers, Redis + Postgres
// storage, 3-10 replicas with HPA and PDB, a NetworkPolicy, an Ingress, serving TLS and a
// corporate CA bundle.
import { App, Chart } from 'cdk8s';
import {
  FilesProvider, InferenceProvider, LlamaStackDistribution, SafetyProvider, SecretRef, StorageBackend, ToolRuntimeProvider, VectorIoProvider,
} from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/production' });
const chart = new Chart(app, 'llama-stack-prod', { namespace: 'ai-platform' });

new LlamaStackDistribution(chart, 'llama-prod', {
  distribution: 'starter',
  inference: [
    InferenceProvider.vllm({
      id: 'vllm-primary',
      endpoint: 'http://vllm-llama-70b.models.svc.cluster.local:8000/v1',
      apiKey: SecretRef.fromSecretName('vllm-credentials', 'token'),
    }),
    InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai-credentials', 'api-key') }),
    InferenceProvider.bedrock({ id: 'bedrock', region: 'eu-west-1' }),
  ],
  safety: [SafetyProvider.nvidia({ id: 'guardrails', endpoint: 'http://nemo-guardrails.safety.svc:7331' })],
  vectorIo: [VectorIoProvider.pgvector({
    host: 'pgvector.data.svc.cluster.local', db: 'vectors', user: 'llama',
    password: SecretRef.fromSecretName('pgvector-credentials', 'password'),
  })],
  toolRuntime: [ToolRuntimeProvider.tavilySearch({ apiKey: SecretRef.fromSecretName('tavily-credentials', 'api-key') })],
  // Several replicas: every store is shared (files on S3 with the pod's AWS identity, vectors in
  // pgvector only, Redis and Postgres below).
  files: [FilesProvider.s3({ bucket: 'llama-prod-files', region: 'eu-west-1' })],
  replaceBaseProviders: ['vector_io'],
  models: [
    { name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm-primary', contextLength: 131072 },
    { name: 'gpt-4o', provider: 'openai' },
  ],
  shields: ['content-safety'],
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis-master.data.svc.cluster.local:6379' }),
  sqlStorage: StorageBackend.postgres({
    host: 'postgres.data.svc.cluster.local', db: 'llamastack', user: 'llama',
    password: SecretRef.fromSecretName('llama-postgres', 'password'),
  }),
  replicas: 3,
  workers: 2,
  resources: { requests: { cpu: '2', memory: '4Gi' }, limits: { memory: '4Gi' } },
  autoscaling: { minReplicas: 3, maxReplicas: 10, targetCPUUtilizationPercentage: 70 },
  tls: {
    secretName: 'llama-prod-tls',
    caBundle: { configMapName: 'corporate-ca', configMapKeys: ['root-ca.crt', 'issuing-ca.crt'] },
  },
  expose: { hostname: 'llama.example.com', ingressClassName: 'nginx' },
  allowedFrom: { namespaces: ['ingress-nginx', 'chat-frontend'] },
});
app.synth();
