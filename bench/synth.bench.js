#!/usr/bin/env node
/*
 * Construction time, cdk8s's own synthYaml time and peak memory for apps with 1, 10, 100 and
 * 1,000 LlamaStackDistributions (bench/app.js). Each size runs in a fresh child process so peak RSS is
 * its own. Construction (the library's work) is measured apart from `app.synthYaml()` (cdk8s's
 * work) in the same run, and the goal is their ratio: constructing must cost at most a quarter of
 * what cdk8s spends writing the same app. Prints figures, goals and the output's sha256 (the same
 * before and after a change that must not change output); asserts nothing.
 * `node bench/synth.bench.js child 1000` runs one size. Run with `npm run bench` (compiles first).
 */
const { execFileSync } = require('child_process');
const { benchApp } = require('./app');

if (process.argv[2] === 'child') {
  const n = Number(process.argv[3]);
  const lib = require('../lib');
  const crypto = require('crypto');
  const t0 = process.hrtime.bigint();
  const app = benchApp(lib, n);
  const t1 = process.hrtime.bigint();
  const yaml = app.synthYaml();
  const t2 = process.hrtime.bigint();
  const constructS = Number(t1 - t0) / 1e9;
  const synthS = Number(t2 - t1) / 1e9;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  // In slices of about 1 MB (never between the halves of a surrogate pair): one update would
  // encode the whole text at once, and that copy (the bench's, not the app's) was the process's
  // peak seen from outside.
  const hash = crypto.createHash('sha256');
  for (let i = 0, end; i < yaml.length; i = end) {
    end = Math.min(yaml.length, i + (1 << 20));
    if (end < yaml.length && /[\uD800-\uDBFF]/.test(yaml[end - 1])) end++;
    hash.update(yaml.slice(i, end));
  }
  const sha256 = hash.digest('hex');
  console.log(JSON.stringify({ n, seconds: constructS + synthS, constructS, synthS, rssMb, bytes: yaml.length, sha256 }));
  process.exit(0);
}

const rows = [];
for (const n of [1, 10, 100, 1000]) {
  const out = execFileSync(process.execPath, [__filename, 'child', String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  rows.push(JSON.parse(out.trim().split('\n').pop()));
}
console.log('distributions   construct s   synthYaml s   construct/synthYaml   peak RSS MB   output MB   ms per distribution');
for (const r of rows) {
  console.log(`${String(r.n).padStart(13)}   ${r.constructS.toFixed(3).padStart(11)}   ${r.synthS.toFixed(3).padStart(11)}   ${(r.constructS / r.synthS).toFixed(2).padStart(19)}   ${r.rssMb.toFixed(0).padStart(11)}   ${(r.bytes / 1e6).toFixed(2).padStart(9)}   ${(1000 * r.seconds / r.n).toFixed(2).padStart(19)}`);
}
const [, , r100, r1000] = rows;
console.log(`growth 100 -> 1000: time x${(r1000.seconds / r100.seconds).toFixed(1)}, memory above baseline x${((r1000.rssMb - rows[0].rssMb) / Math.max(1, r100.rssMb - rows[0].rssMb)).toFixed(1)} (linear = x10)`);
console.log(`output sha256 (1,000): ${r1000.sha256}`);
const ratio = r1000.constructS / r1000.synthS;
console.log(`goal: constructing 1,000 <= 0.25 x cdk8s's synthYaml of the same app -> ${ratio.toFixed(2)} x (${r1000.constructS.toFixed(2)} s / ${r1000.synthS.toFixed(2)} s): ${ratio <= 0.25 ? 'met' : 'NOT met'}`);
console.log(`goal: peak RSS, 1,000 distributions <= 200 MB -> ${r1000.rssMb.toFixed(0)} MB: ${r1000.rssMb <= 200 ? 'met' : 'NOT met'}`);
