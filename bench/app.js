/*
 * The app the construction benches build (synth.bench.js times it, instructions.bench.js counts
 * it): n LlamaStackDistributions on the default target, each with two providers, models,
 * postgres storage, HPA, NetworkPolicy and Ingress, differing in their names, endpoint, model and
 * host. Returns the chart.
 */
const { App, Chart } = require('cdk8s');

function benchApp(lib, n) {
  const app = new App({ outdir: '/tmp/cdk8s-llama-stack-bench' });
  const chart = new Chart(app, 'bench', { namespace: 'ai' });
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
  return app;
}

module.exports = { benchApp };
