#!/usr/bin/env node
/*
 * Synth time and peak memory for apps with 1, 10, 100 and 1,000 LlamaStackDistributions
 * on the default target (OGX 0.8), each with two providers, models, postgres storage, HPA,
 * NetworkPolicy and Ingress. Each size runs in a
 * fresh child process so peak RSS is its own. Prints figures and the growth per distribution;
 * asserts nothing. Run with `npm run bench` (compiles first).
 */
const { execFileSync } = require('child_process');

if (process.argv[2] === 'child') {
  const n = Number(process.argv[3]);
  const { App, Chart } = require('cdk8s');
  const lib = require('../lib');
  const t0 = process.hrtime.bigint();
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
  const yaml = app.synthYaml();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ n, seconds, rssMb, bytes: yaml.length }));
  process.exit(0);
}

const rows = [];
for (const n of [1, 10, 100, 1000]) {
  const out = execFileSync(process.execPath, [__filename, 'child', String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  rows.push(JSON.parse(out.trim().split('\n').pop()));
}
console.log('distributions   synth s   peak RSS MB   output MB   ms per distribution');
for (const r of rows) {
  console.log(`${String(r.n).padStart(13)}   ${r.seconds.toFixed(3).padStart(7)}   ${r.rssMb.toFixed(0).padStart(11)}   ${(r.bytes / 1e6).toFixed(2).padStart(9)}   ${(1000 * r.seconds / r.n).toFixed(2).padStart(19)}`);
}
const [, , r100, r1000] = rows;
console.log(`growth 100 -> 1000: time x${(r1000.seconds / r100.seconds).toFixed(1)}, memory above baseline x${((r1000.rssMb - rows[0].rssMb) / Math.max(1, r100.rssMb - rows[0].rssMb)).toFixed(1)} (linear = x10)`);
console.log(`target: 1,000 distributions in < 5 s and < 1 GB -> ${r1000.seconds < 5 && r1000.rssMb < 1024 ? 'met' : 'NOT met'}`);
