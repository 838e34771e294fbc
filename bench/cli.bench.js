#!/usr/bin/env node
/*
 * The command as Argo CD and kustomize run it: a fresh `cdk8s-llama-stack` process per call.
 * First the cold start of `render examples/gitops/llama-stack.yaml` against a bare `node -e 0`,
 * 21 pairs interleaved, as ratios of the medians of the pair ratios: wall time, and CPU time
 * (user + system, from /usr/bin/time when there is one). Goals: <= 0.15 s, and (issue 32) CPU
 * <= 2 x a bare start. With CLI_BENCH_BASELINE=<another checkout's bin/cdk8s-llama-stack> that
 * build runs in the same rounds (this, bare, baseline), with its ratios and this/baseline. Then `render` of 1, 10 and 100
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

// The cold start against a bare Node start, run in turn (render, node -e 0, render, …) so the
// ratios hold when a shared machine's speed drifts.
{
  const file = path.join(__dirname, '..', 'examples', 'gitops', 'llama-stack.yaml');
  const commands = [['this', [process.execPath, BIN, 'render', file]], ['bare', [process.execPath, '-e', '0']]];
  if (process.env.CLI_BENCH_BASELINE) commands.push(['baseline', [process.execPath, process.env.CLI_BENCH_BASELINE, 'render', file]]);
  // Wall seconds, and CPU seconds (user + system) when /usr/bin/time reports them (to 10 ms).
  const run = (args) => {
    const t0 = process.hrtime.bigint();
    const r = TIME ? spawnSync(TIME, ['-f', '%U %S', ...args], OPTIONS) : spawnSync(args[0], args.slice(1), OPTIONS);
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(r.stderr);
    const cpu = TIME ? r.stderr.trim().split('\n').pop().split(' ').reduce((a, x) => a + Number(x), 0) : undefined;
    return { wall, cpu };
  };
  for (const [, args] of commands) run(args); // warm the file cache
  const runs = new Map(commands.map(([name]) => [name, []]));
  for (let round = 0; round < 21; round++) for (const [name, args] of commands) runs.get(name).push(run(args));
  const ratio = (a, b, key) => median(runs.get(a).map((x, i) => x[key] / runs.get(b)[i][key]));
  const describe = (name) => `median ${median(runs.get(name).map((x) => x.wall)).toFixed(3)} s wall${TIME ? `, ${median(runs.get(name).map((x) => x.cpu)).toFixed(3)} s CPU` : ''}`;
  for (const [name] of commands) console.log(`cold render of examples/gitops/llama-stack.yaml (${name === 'bare' ? 'bare node -e 0' : name}): ${describe(name)}`);
  for (const [name] of commands.filter(([n]) => n !== 'bare')) {
    console.log(`  ${name} / bare node -e 0, median of 21 pair ratios: wall ${ratio(name, 'bare', 'wall').toFixed(2)} x${TIME ? `, CPU ${ratio(name, 'bare', 'cpu').toFixed(2)} x` : ''}`);
  }
  if (process.env.CLI_BENCH_BASELINE) console.log(`  this / baseline: wall ${ratio('this', 'baseline', 'wall').toFixed(2)}${TIME ? `, CPU ${ratio('this', 'baseline', 'cpu').toFixed(2)}` : ''}`);
  const r = median(runs.get('this').map((x) => x.wall));
  const cpuRatio = TIME ? ratio('this', 'bare', 'cpu') : undefined;
  console.log(`goal: cold render <= 0.15 s -> ${r.toFixed(3)} s: ${r <= 0.15 ? 'met' : 'NOT met'}; CPU <= 2 x a bare node start -> ${cpuRatio === undefined ? 'not measured (no /usr/bin/time)' : `${cpuRatio.toFixed(2)} x: ${cpuRatio <= 2 ? 'met' : 'NOT met'}`}`);
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
