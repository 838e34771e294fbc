// Production-style app on OGX 1.3 (the default target): several providers, moderation, Redis + Postgres
// storage, 3-10 replicas with HPA and PDB, a NetworkPolicy, an Ingress, serving TLS and a
// corporate CA bundle; a cdk8s-plus chat UI gets the server's URL from the construct.
import { App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import {
  FilesProvider, InferenceProvider, LlamaStackDistribution, ResponsesProvider, SecretRef, StorageBackend, ToolRuntimeProvider, VectorIoProvider,
} from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/production' });
const chart = new Chart(app, 'llama-stack-prod', { namespace: 'ai-platform' });

const llama = new LlamaStackDistribution(chart, 'llama-prod', {
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
  // OGX 1.x has no Safety API: the Responses API moderates through an OpenAI-compatible endpoint.
  responses: [ResponsesProvider.builtin({ moderationEndpoint: 'http://moderation.safety.svc.cluster.local:8000/v1/moderations' })],
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
  // HTTPS from clients to ingress-nginx (a cert-manager certificate) and again to the pods.
  expose: {
    hostname: 'llama.example.com',
    ingressClassName: 'nginx',
    tls: { clusterIssuer: 'letsencrypt' },
    controllerNamespace: 'ingress-nginx',
  },
  allowedFrom: { namespaces: ['chat-frontend'] },
});

// The chat UI in the same chart: the server's URL comes from the construct (scheme, Service name,
// namespace and port), so nothing is hard-coded. Same namespace: the NetworkPolicy admits it.
new kplus.Deployment(chart, 'chat-ui', {
  replicas: 2,
  containers: [{
    name: 'chat-ui',
    // Your build of llama-stack's UI (src/llama_stack_ui/Containerfile upstream publishes no image): user 1001, port 8322.
    image: 'quay.io/acme/llama-stack-ui:0.7.1',
    portNumber: 8322,
    envVariables: {
      LLAMA_STACK_BACKEND_URL: kplus.EnvValue.fromValue(llama.url),
      LLAMA_STACK_UI_PORT: kplus.EnvValue.fromValue('8322'),
      // The server's certificate (tls above) is issued by the corporate CA: Node trusts it from here.
      NODE_EXTRA_CA_CERTS: kplus.EnvValue.fromValue('/etc/corporate-ca/root-ca.crt'),
    },
    volumeMounts: [{
      path: '/etc/corporate-ca',
      volume: kplus.Volume.fromConfigMap(chart, 'corporate-ca', kplus.ConfigMap.fromConfigMapName(chart, 'corporate-ca-ref', 'corporate-ca')),
    }],
    // Restricted Pod Security Standard, as the server's pods.
    securityContext: {
      user: 1001, group: 1001,
      capabilities: { drop: [kplus.Capability.ALL] },
      seccompProfile: { type: kplus.SeccompProfileType.RUNTIME_DEFAULT },
    },
    resources: {
      cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.millis(500) },
      memory: { request: Size.mebibytes(256), limit: Size.mebibytes(512) },
    },
  }],
});
app.synth();
