#!/usr/bin/env node
/*
 * The work one distribution costs, counted rather than timed: the instructions of constructing
 * the synth bench's app (bench/app.js), and an app of starter distributions with nothing of their
 * own (the pipeline's own cost), with 300 and with 100 distributions, under valgrind's
 * callgrind, with V8's optimising compiler off and one thread (`--no-turbofan --single-threaded`),
 * so that the count does not depend on when background compilation finishes. Their difference /
 * 200 is what one more distribution costs in the baseline tiers, where most of the first
 * thousand run (bench/RESULTS.md): repeatable to about 1 % on a busy machine, where times move
 * by tens of percent. Needs valgrind (skipped without it); takes about two minutes. Asserts nothing.
 * `BENCH_LIB=<another checkout's lib>` counts that build instead.
 */
const { spawnSync } = require('child_process');
const path = require('path');
const { benchApp, starterApp } = require('./app');

const lib = process.env.BENCH_LIB ?? path.join(__dirname, '..', 'lib');

const APPS = { bench: benchApp, starter: starterApp };

if (process.argv[2] === 'child') {
  const n = Number(process.argv[3]);
  APPS[process.argv[4]](require(lib), n);
  process.exit(0);
}

function instructions(n, app) {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null',
    process.execPath, '--no-turbofan', '--single-threaded', __filename, 'child', String(n), app], { encoding: 'utf8', env: { ...process.env, BENCH_LIB: lib } });
  const m = /Collected : (\d+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !m) throw new Error(`valgrind failed: ${r.error?.message ?? r.stderr}`);
  return Number(m[1]);
}

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('instructions per distribution: skipped (no valgrind)');
} else {
  for (const [app, what] of [['bench', 'the synth bench\'s'], ['starter', 'a starter distribution with nothing of its own']]) {
    const [few, many] = [instructions(100, app), instructions(300, app)];
    console.log(`instructions per distribution, ${what} (baseline tiers, ${lib}): ${((many - few) / 200 / 1e6).toFixed(2)} M (100: ${(few / 1e9).toFixed(3)} G, 300: ${(many / 1e9).toFixed(3)} G)`);
  }
}
