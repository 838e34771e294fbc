#!/usr/bin/env node
/*
 * Throughput of ConfigGenerator.generate over the public-realistic conformance corpus:
 * configs per second, warm, single process. Run with `npm run bench` (compiles first).
 * Prints figures; asserts nothing.
 */
const fs = require('fs');
const path = require('path');
const { ConfigGenerator } = require('../lib');

const corpusFile = path.join(__dirname, '..', 'test', 'fixtures', 'conformance', 'public-realistic.cases.json');
const cases = JSON.parse(fs.readFileSync(corpusFile, 'utf8'));

function runOnce() {
  let ok = 0;
  for (const c of cases) {
    try {
      ConfigGenerator.generate(c.spec, c.baseConfigYaml === undefined ? undefined : { baseConfigYaml: c.baseConfigYaml });
      ok++;
    } catch (e) {
      // error cases are part of the corpus and count as work done
    }
  }
  return ok;
}

// Warm-up: JIT and the embedded-config cache.
for (let i = 0; i < 5; i++) runOnce();

const rounds = Number(process.env.BENCH_ROUNDS || 20);
const rates = [];
for (let r = 0; r < rounds; r++) {
  const t0 = process.hrtime.bigint();
  runOnce();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  rates.push(cases.length / seconds);
}
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)];
console.log(`corpus: public-realistic, ${cases.length} specs (${runOnce()} succeed, the rest are error cases)`);
console.log(`ConfigGenerator.generate: median ${Math.round(median)} configs/s, min ${Math.round(rates[0])}, max ${Math.round(rates[rates.length - 1])} over ${rounds} rounds (warm, single process, node ${process.version})`);
console.log(`goal: >= 10,000 configs/s (warm, on the 2-core reference machine; a shared machine reads lower) -> ${Math.round(median)}: ${median >= 10000 ? 'met' : 'NOT met'}`);
