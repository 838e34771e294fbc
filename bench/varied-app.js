#!/usr/bin/env node
/*
 * A varied app: N LlamaStackDistributions (default 200) built with the typed props against the
 * compiled library (lib/), then synthesized. Names, namespaces, Secrets, providers, models,
 * stores, auth, exposure, replicas and monitoring all vary, each on its own cycle, so no two
 * distributions differ only in digits and no check can share one's verdict with another's:
 * what every distribution of a real app costs. Deterministic (no clock, no randomness): the same
 * N gives the same bytes. Prints one JSON line (construction's wall and CPU seconds, synthYaml's
 * wall seconds, bytes, sha256); asserts nothing. Time it as a whole process: `node bench/varied-app.js 50`.
 */
const crypto = require('crypto');
const { App, Chart } = require('cdk8s');
const lib = require('../lib');

const ADJECTIVES = ['amber', 'brisk', 'calm', 'dusky', 'eager', 'fuzzy', 'gentle', 'hollow', 'icy', 'jolly', 'keen', 'lucid', 'mellow'];
const NOUNS = ['otter', 'heron', 'maple', 'quartz', 'falcon', 'cedar', 'lynx', 'willow', 'badger', 'comet', 'fjord', 'gecko', 'harbor', 'iris', 'juniper', 'kestrel', 'lagoon'];
const NAMESPACES = ['ai', 'research', 'team-search', 'platform', 'chat-apps'];
const MODEL_SERVERS = ['granite', 'llama-70b', 'mistral-small', 'qwen-coder', 'phi-mini', 'gemma'];
const MODELS = ['ibm-granite/granite-3.3-8b-instruct', 'meta-llama/Llama-3.3-70B-Instruct', 'mistralai/Mistral-Small-24B-Instruct-2501',
  'Qwen/Qwen2.5-Coder-32B-Instruct', 'microsoft/Phi-4-mini-instruct', 'google/gemma-3-27b-it'];
const HOSTED = ['gpt-4o-mini', 'gpt-4.1', 'o3-mini'];
const DATABASES = ['pg-main.data.svc.cluster.local', 'postgres.shared-db.svc', 'pg-replica.data.svc.cluster.local'];

/** The i-th distribution's name: an adjective and a noun (13 × 17 pairs), a third word past them. */
function nameOf(i) {
  const base = `${ADJECTIVES[i % ADJECTIVES.length]}-${NOUNS[i % NOUNS.length]}`;
  const round = Math.floor(i / (ADJECTIVES.length * NOUNS.length));
  return round === 0 ? base : `${base}-${NOUNS[(round * 5) % NOUNS.length]}`;
}

/** The props of the i-th distribution. */
function propsOf(i) {
  const name = nameOf(i);
  const server = MODEL_SERVERS[i % MODEL_SERVERS.length];
  const inference = [lib.InferenceProvider.vllm({
    id: `vllm-${server}`,
    endpoint: `http://vllm-${server}.models-${NAMESPACES[(i + 2) % NAMESPACES.length]}.svc.cluster.local:8000/v1`,
    apiKey: lib.SecretRef.fromSecretName(`${name}-vllm`, 'token'),
  })];
  const models = [{ name: MODELS[i % MODELS.length], provider: `vllm-${server}` }];
  if (i % 3 === 1) {
    inference.push(lib.InferenceProvider.openai({ id: 'openai', apiKey: lib.SecretRef.fromSecretName(`openai-${NOUNS[(i * 3) % NOUNS.length]}`, 'api-key') }));
    models.push({ name: HOSTED[i % HOSTED.length], provider: 'openai' });
  } else if (i % 3 === 2) {
    inference.push(lib.InferenceProvider.ollama({ id: 'ollama', endpoint: `http://ollama-${ADJECTIVES[(i * 5) % ADJECTIVES.length]}.models.svc:11434/v1` }));
  }
  const props = { name, namespace: NAMESPACES[i % NAMESPACES.length], inference, models };
  // Stores: sqlite (one replica), postgres for both (shared, so several replicas), or redis + postgres.
  const store = i % 4;
  const replicas = store === 0 ? 1 : 1 + (i % 3);
  if (store !== 0) {
    const postgres = {
      host: DATABASES[i % DATABASES.length],
      db: `llama_${ADJECTIVES[(i * 7) % ADJECTIVES.length]}`,
      user: `svc-${NOUNS[(i * 11) % NOUNS.length]}`,
      password: lib.SecretRef.fromSecretName(`${name}-pg`, 'password'),
      ...(store === 3 ? { sslMode: 'verify-full', caCertificate: { configMapName: `${NAMESPACES[i % NAMESPACES.length]}-db-ca` } } : {}),
    };
    props.sqlStorage = lib.StorageBackend.postgres(postgres);
    props.kvStorage = store === 2
      ? lib.StorageBackend.redis({ endpoint: `redis://redis-${NOUNS[(i * 13) % NOUNS.length]}.cache.svc:6379` })
      : lib.StorageBackend.postgres(postgres);
  }
  props.replicas = replicas;
  if (replicas > 1) {
    // Several pods share every store: files on S3, vectors in pgvector.
    props.files = [lib.FilesProvider.s3({ bucket: `${name}-files`, region: ['eu-west-1', 'us-east-2'][i % 2] })];
    props.vectorIo = [lib.VectorIoProvider.pgvector({
      host: DATABASES[(i + 1) % DATABASES.length], db: `vectors_${NOUNS[(i * 3) % NOUNS.length]}`, user: `svc-${ADJECTIVES[i % ADJECTIVES.length]}`,
      password: lib.SecretRef.fromSecretName(`${name}-pgvector`, 'password'),
    })];
    props.replaceBaseProviders = ['vector_io'];
  }
  // Auth: none, the cluster's tokens, or an identity provider's JWKS.
  const auth = i % 5;
  if (auth === 1 || auth === 3) props.auth = lib.ServerAuth.kubernetes();
  if (auth === 4) {
    props.auth = lib.ServerAuth.oauth2Jwks({
      jwksUri: `https://idp-${ADJECTIVES[(i * 3) % ADJECTIVES.length]}.example.com/realms/${NAMESPACES[i % NAMESPACES.length]}/protocol/openid-connect/certs`,
      audience: `${name}-api`,
    });
  }
  // Exposure: inside the cluster only, or an Ingress on a host of its own.
  if (i % 2 === 0) props.expose = { hostname: `${name}.${NAMESPACES[i % NAMESPACES.length]}.example.com`, controllerNamespace: 'ingress-nginx' };
  // Monitoring: none, a ServiceMonitor, or both with alerts.
  const monitoring = i % 3;
  if (monitoring > 0) props.monitoring = { serviceMonitor: true, prometheusRule: monitoring === 2, labels: { release: NOUNS[(i * 2) % NOUNS.length] } };
  if (i % 7 === 3) props.env = { LOG_LEVEL: ['info', 'debug', 'warning'][i % 3], HF_TOKEN: lib.SecretRef.fromSecretName(`hf-${NOUNS[i % NOUNS.length]}`, 'token') };
  return props;
}

function variedApp(n) {
  const app = new App({ outdir: '/tmp/cdk8s-llama-stack-bench' });
  const chart = new Chart(app, 'varied');
  for (let i = 0; i < n; i++) new lib.LlamaStackDistribution(chart, `d${i}`, propsOf(i));
  return app;
}

if (require.main === module) {
  const n = Number(process.argv[2] ?? 200);
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const app = variedApp(n);
  const cpu1 = process.cpuUsage(cpu0);
  const t1 = process.hrtime.bigint();
  const yaml = app.synthYaml();
  const t2 = process.hrtime.bigint();
  const sha256 = crypto.createHash('sha256').update(yaml).digest('hex');
  const constructCpuS = (cpu1.user + cpu1.system) / 1e6;
  console.log(JSON.stringify({ n, constructS: Number(t1 - t0) / 1e9, constructCpuS, synthS: Number(t2 - t1) / 1e9, bytes: yaml.length, sha256 }));
}

module.exports = { variedApp, propsOf };
