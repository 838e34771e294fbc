/*
 * The apps the construction benches build (synth.bench.js times the first, instructions.bench.js
 * counts both), on the default target.
 */
const { App, Chart } = require('cdk8s');

function newChart() {
  return new Chart(new App({ outdir: '/tmp/cdk8s-llama-stack-bench' }), 'bench', { namespace: 'ai' });
}

/**
 * n LlamaStackDistributions, each with two providers, models, postgres storage, HPA,
 * NetworkPolicy and Ingress, differing in their names, endpoint, model and host. Returns the app.
 */
function benchApp(lib, n) {
  const chart = newChart();
  for (let i = 0; i < n; i++) {
    new lib.LlamaStackDistribution(chart, `llama-${i}`, {
      spec: {
        distribution: { name: 'starter' },
        providers: {
          inference: [
            { id: 'vllm', provider: 'vllm', endpoint: `http://vllm-${i}:8000/v1`, apiKey: { name: 'vllm', key: 'token' } },
            { id: 'openai', provider: 'openai', apiKey: { name: 'openai', key: 'key' } },
          ],
        },
        resources: { models: [`model-${i}`, { name: 'gpt-4o', provider: 'openai' }] },
        storage: { sql: { type: 'postgres', host: 'pg', db: 'llamastack', user: 'llama', password: { name: 'pg', key: 'password' } } },
        networking: { expose: { hostname: `llama-${i}.example.com` }, allowedFrom: { namespaces: ['apps'] } },
        workload: { replicas: 2, autoscaling: { minReplicas: 2, maxReplicas: 5 } },
      },
      // The figures are about synth cost; starter's per-pod stores are fine here.
      allowPerPodState: true,
    });
  }
  return chart.node.root;
}

/**
 * n distributions that have nothing of their own (`{ spec: { distribution: { name: 'starter' } } }`):
 * every provider, store and resource is the shared base config's, so what they cost is the
 * pipeline itself. Returns the app.
 */
function starterApp(lib, n) {
  const chart = newChart();
  for (let i = 0; i < n; i++) new lib.LlamaStackDistribution(chart, `llama-${i}`, { spec: { distribution: { name: 'starter' } } });
  return chart.node.root;
}

module.exports = { benchApp, starterApp };
