#!/usr/bin/env node
/*
 * The command as Argo CD and kustomize run it: a fresh `cdk8s-llama-stack` process per call.
 * Times `render` of 1, 10 and 100 LlamaStackDistribution manifests in one file (start-up
 * included), five runs each, and prints the median and the peak RSS; asserts nothing.
 * Run with `npm run bench` (compiles first).
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const BIN = path.join(__dirname, '..', 'bin', 'cdk8s-llama-stack');
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const OPTIONS = { encoding: 'utf8', maxBuffer: 1 << 28 };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-cli-bench-'));

function manifest(i) {
  return `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: llama-${i}}
spec:
  distribution: {name: starter}
  providers:
    inference:
    - {id: vllm, provider: vllm, endpoint: "http://vllm-${i}:8000/v1", apiKey: {name: vllm, key: token}}
  resources:
    models: [model-${i}]
  networking:
    allowedFrom: {namespaces: [apps]}
`;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

for (const n of [1, 10, 100]) {
  const file = path.join(dir, `crs-${n}.yaml`);
  fs.writeFileSync(file, Array.from({ length: n }, (_, i) => manifest(i)).join('---\n'));
  const seconds = [];
  let rssMb = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = process.hrtime.bigint();
    const args = [process.execPath, BIN, 'render', file, '--namespace', 'ai'];
    // GNU time reports the child's peak RSS; without it, only times are printed.
    const r = TIME ? spawnSync(TIME, ['-f', '%M', ...args], OPTIONS) : spawnSync(args[0], args.slice(1), OPTIONS);
    seconds.push(Number(process.hrtime.bigint() - t0) / 1e9);
    if (r.status !== 0) throw new Error(r.stderr);
    if (TIME) rssMb = Math.max(rssMb, Number(r.stderr.trim().split('\n').pop()) / 1024);
  }
  const rss = TIME ? `, peak RSS ${rssMb.toFixed(0)} MB` : '';
  console.log(`render ${String(n).padStart(3)} manifest(s): median ${median(seconds).toFixed(2)} s${rss}`);
}
fs.rmSync(dir, { recursive: true, force: true });
