#!/usr/bin/env node
/*
 * The command as Argo CD and kustomize run it: a fresh `cdk8s-llama-stack` process per call.
 * First the cold start of `render` of one manifest against a bare `node -e 0`, interleaved, as a
 * ratio (the goal: <= 0.15 s, about 2.6 x a bare start). Then `render` of 1, 10 and 100
 * LlamaStackDistribution manifests in one file (start-up included), five runs each, with the
 * median and the peak RSS; then `render --pass-through` of 32,000, 130,000 and 260,000 objects,
 * with how peak RSS grows with the object count, and of one 10 MB document. Asserts nothing.
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

function timed(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(args[0], args.slice(1), OPTIONS);
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

// The cold start against a bare Node start, run in turn (render, node -e 0, render, …) so the
// ratio holds when a shared machine's speed drifts; the goal is the ratio and the median time.
{
  const file = path.join(dir, 'crs-cold.yaml');
  fs.writeFileSync(file, manifest(0));
  const render = [process.execPath, BIN, 'render', file, '--namespace', 'ai'];
  const bare = [process.execPath, '-e', '0'];
  timed(render); timed(bare); // warm the file cache
  const rs = []; const bs = []; const ratios = [];
  for (let run = 0; run < 11; run++) {
    const a = timed(render);
    const b = timed(bare);
    rs.push(a); bs.push(b); ratios.push(a / b);
  }
  const r = median(rs);
  const ratio = median(ratios);
  console.log(`cold render of one manifest: median ${r.toFixed(3)} s; bare node -e 0: median ${median(bs).toFixed(3)} s; ratio median ${ratio.toFixed(2)} x (11 pairs, interleaved)`);
  console.log(`goal: cold render <= 0.15 s and about 2.6 x a bare node start -> ${r.toFixed(3)} s, ${ratio.toFixed(2)} x: ${r <= 0.15 && ratio <= 2.6 ? 'met' : 'NOT met'}`);
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

// Streams of passed-through objects (ConfigMaps of about 74 bytes of YAML each): 32,000, 130,000
// and 260,000 objects, one run each (they are long), time and peak RSS; then how peak RSS grows
// per 100,000 objects. The input is read in 8 KiB pieces and parsed a window at a time, the
// output spooled as text (memory, then a temporary file) until every document is checked:
// memory is the largest document, not the stream, so the growth should be about 0.
// CLI_BENCH_BASELINE=<another checkout's bin/cdk8s-llama-stack> runs that build too,
// interleaved (this, baseline, per size), with the outputs compared.
{
  const baseline = process.env.CLI_BENCH_BASELINE;
  const builds = baseline ? [['this', BIN], ['baseline', baseline]] : [['this', BIN]];
  const points = new Map(builds.map(([name]) => [name, []]));
  const hash = (text) => require('crypto').createHash('sha256').update(text).digest('hex');
  for (const n of [32000, 130000, 260000]) {
    const file = path.join(dir, `objects-${n}.yaml`);
    fs.writeFileSync(file, Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c-${i}}\ndata: {k: v}\n`).join('---\n'));
    const outputs = new Set();
    for (const [name, bin] of builds) {
      const args = [process.execPath, bin, 'render', '--pass-through', file];
      const t0 = process.hrtime.bigint();
      const r = TIME ? spawnSync(TIME, ['-f', '%M', ...args], { ...OPTIONS, maxBuffer: 1 << 30 }) : spawnSync(args[0], args.slice(1), { ...OPTIONS, maxBuffer: 1 << 30 });
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (r.status !== 0) throw new Error(r.stderr);
      outputs.add(hash(r.stdout));
      const rssMb = TIME ? Number(r.stderr.trim().split('\n').pop()) / 1024 : undefined;
      points.get(name).push({ n, rssMb });
      const rss = TIME ? `, peak RSS ${rssMb.toFixed(0)} MB` : '';
      console.log(`render --pass-through ${String(n).padStart(6)} objects (${name}): ${seconds.toFixed(1)} s, ${(r.stdout.length / 1e6).toFixed(1)} MB out${rss}`);
    }
    if (outputs.size > 1) console.log(`  OUTPUTS DIFFER for ${n} objects`);
  }
  if (TIME) {
    // The slope between the two largest runs: a longer run's fixed steps (V8 growing its young
    // generation, the spool's memory buffer filling) are in both.
    for (const [name, p] of points) {
      const [a, b] = p.slice(-2);
      const perHundredK = (b.rssMb - a.rssMb) / ((b.n - a.n) / 100000);
      console.log(`peak RSS (${name}): ${p.map((x) => x.rssMb.toFixed(0)).join(' / ')} MB; growth ${perHundredK.toFixed(1)} MB per 100,000 objects (goal: bounded by the largest document, about 0; the input text is 7.1 MB per 100,000)`);
    }
  }
}
// One document larger than the parser's window (a 10 MB ConfigMap): read in pieces, it must cost
// its length (the time of the commit before is the yardstick), not its length times its pieces.
{
  const file = path.join(dir, 'one-large-document.yaml');
  fs.writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n  k: |\n${`    ${'x'.repeat(70)}\n`.repeat(130000)}`);
  const builds = process.env.CLI_BENCH_BASELINE ? [['this', BIN], ['baseline', process.env.CLI_BENCH_BASELINE]] : [['this', BIN]];
  for (const [name, bin] of builds) {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, 'render', '--pass-through', file], { ...OPTIONS, maxBuffer: 1 << 26 });
      if (r.status !== 0) throw new Error(r.stderr);
      times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    console.log(`render --pass-through of one 10 MB document (${name}): median ${median(times).toFixed(2)} s`);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
