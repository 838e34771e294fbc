const { App, Chart } = require('cdk8s'); const lib = require(process.argv[2]);
const app = new App({ outdir: '/tmp/x' }); const chart = new Chart(app, 'bench', { namespace: 'ai' });
const marks = [process.hrtime.bigint()];
for (let i = 0; i < 2000; i++) { new lib.LlamaStackDistribution(chart, 'llama-' + i, { spec: { distribution: { name: 'starter' }, providers: { inference: [ { id: 'vllm', provider: 'vllm', endpoint: 'http://vllm-' + i + ':8000/v1', apiKey: { name: 'vllm', key: 'token' } }, { id: 'openai', provider: 'openai', apiKey: { name: 'openai', key: 'key' } } ] }, resources: { models: ['model-' + i, { name: 'gpt-4o', provider: 'openai' }] }, storage: { sql: { type: 'postgres', host: 'pg', db: 'llamastack', user: 'llama', password: { name: 'pg', key: 'password' } } }, networking: { expose: { hostname: 'llama-' + i + '.example.com' }, allowedFrom: { namespaces: ['apps'] } }, workload: { replicas: 2, autoscaling: { minReplicas: 2, maxReplicas: 5 } } }, allowPerPodState: true });
 if (i % 250 === 249) marks.push(process.hrtime.bigint()); }
console.log(marks.slice(1).map((m, i) => (Number(m - marks[i]) / 1e6 / 250).toFixed(2)).join(' '), 'ms/distribution per 250');
