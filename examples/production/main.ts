// Production-style app on OGX 1.3 (the default target): several providers, moderation, Postgres for
// every store over verified TLS, 3-10 replicas with HPA and PDB, a NetworkPolicy with egress rules,
// Prometheus metrics with a ServiceMonitor and alerts, Secret-backed env, Reloader annotations, probe
// timing, envFrom and a preStop drain, an Ingress sized for RAG uploads, serving TLS and a corporate
// CA bundle, images from a mirror and models from an image (air-gapped); a cdk8s-plus chat UI gets
// the server's URL from the construct.
import { App, Chart, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import {
  EnvFrom, FilesProvider, InferenceProvider, LlamaStackDistribution, ResponsesProvider, SecretRef, StorageBackend, ToolRuntimeProvider, VectorIoProvider,
} from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/production' });
const chart = new Chart(app, 'llama-stack-prod', { namespace: 'ai-platform' });

const POSTGRES = {
  host: 'postgres.data.svc.cluster.local', db: 'llamastack', user: 'llama',
  password: SecretRef.fromSecretName('llama-postgres', 'password'),
  sslMode: 'verify-full',
  caCertificate: { configMapName: 'postgres-ca' },
};

const llama = new LlamaStackDistribution(chart, 'llama-prod', {
  distribution: 'starter',
  // Air-gapped: every image from the corporate mirror, and starter's embedding model (with the code
  // it trusts) and reranker from a model image an init container copies in; HF_HUB_OFFLINE=1, so
  // nothing comes from Hugging Face (docs/air-gapped.md).
  imageRegistry: 'registry.corp.example.com/ogx',
  modelSeed: {
    image: 'registry.corp.example.com/models/starter-hf:2026.11',
    models: ['nomic-ai/nomic-embed-text-v1.5', 'nomic-ai/nomic-bert-2048', 'Qwen/Qwen3-Reranker-0.6B'],
  },
  airGapped: true,
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
  // Postgres for both stores (kv_postgres is the release's only authenticated key-value store), over
  // TLS that verifies the server's certificate against the database CA.
  kvStorage: StorageBackend.postgres({ ...POSTGRES, poolSize: 10, commandTimeout: 60 }),
  sqlStorage: StorageBackend.postgres({ ...POSTGRES, poolSize: 10 }),
  // The Hugging Face token for gated tokenizers, from a Secret (a plain value here is refused).
  env: { HF_TOKEN: SecretRef.fromSecretName('hf-credentials', 'token') },
  // A rotated API key or database password rolls the pods (Stakater Reloader).
  restartOnSecretChange: true,
  // The pod (docs/operations.md): logging settings from a ConfigMap of the app (checked like env
  // values), probes tuned for a 70B model's slow first start, and a 30 s drain so streamed
  // responses finish before the server stops (the grace period becomes 60 s).
  envFrom: [EnvFrom.fromConfigMap(new kplus.ConfigMap(chart, 'server-logging', { data: { OGX_LOGGING: 'all=info' } }))],
  probes: {
    readiness: { period: Duration.seconds(5), failureThreshold: 3 },
    liveness: { period: Duration.seconds(20), timeout: Duration.seconds(10), failureThreshold: 6 },
    startupBudget: Duration.minutes(15),
  },
  preStopDrain: Duration.seconds(30),
  // One worker per pod (each worker would bind the metrics port): scale with replicas.
  replicas: 3,
  monitoring: { serviceMonitor: true, prometheusRule: true, interval: Duration.seconds(30), labels: { release: 'prometheus' } },
  resources: { cpu: { request: kplus.Cpu.units(2) }, memory: { request: Size.gibibytes(4), limit: Size.gibibytes(4) } },
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
    // ingress-nginx's defaults (1 MB bodies, 60 s reads) break RAG uploads and long generations.
    annotations: {
      'nginx.ingress.kubernetes.io/proxy-body-size': '100m',
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '600',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '600',
    },
  },
  allowedFrom: { namespaces: ['chat-frontend'] },
  // Egress: the model servers, the databases, moderation, and HTTPS to hosted APIs and S3 (DNS too).
  allowedTo: {
    namespaces: ['models', 'data', 'safety'],
    cidrs: ['0.0.0.0/0'],
    ports: [443, 5432, 8000],
  },
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
