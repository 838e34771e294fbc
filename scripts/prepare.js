#!/usr/bin/env node
// npm's `prepare` script: builds the package (the compile task: lib/, .jsii, the pre-parsed base
// configs, the bundled command line) unless that build is newer than every file it is made from.
// npm runs `prepare` after `npm install` / `npm ci` in a clone, before `npm pack` / `npm publish`,
// and when a project installs this package from a git URL: npm clones the repository, installs its
// devDependencies there, runs `prepare`, then packs the clone (which runs `prepare` once more; that
// run finds the build up to date). Installing a packed tarball runs no `prepare`.
// Usage: node scripts/prepare.js [--check]   (--check: print whether a build is needed, build nothing)
// It writes to stderr only (but for --check).
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.join(__dirname, '..');

/** What the compile task reads (generated base-config JSON aside). */
const INPUTS = ['src', 'data', 'bin', 'package.json', 'tsconfig.json', 'scripts/preparse-base-configs.js', 'scripts/bundle-cli.js', 'scripts/code-cache.js'];
/** What it writes last in each of its steps. */
const OUTPUTS = ['.jsii', 'lib/index.js', 'lib/cli/bundle.js', 'lib/cli/bundle.js.cache'];
const GENERATED = /[\\/]distributions[\\/][^\\/]+[\\/]config\.json$/;

/** The newest modification time under `p` (a file or a folder), skipping generated files. */
function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return GENERATED.test(p) ? 0 : stat.mtimeMs;
  let max = 0;
  for (const name of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

/** Why a build is needed, or undefined when the last one is newer than its inputs. */
function staleReason() {
  let oldestOutput = Infinity;
  for (const out of OUTPUTS) {
    const file = path.join(root, out);
    if (!fs.existsSync(file)) return `${out} is missing`;
    oldestOutput = Math.min(oldestOutput, fs.statSync(file).mtimeMs);
  }
  for (const input of INPUTS) {
    const p = path.join(root, input);
    if (fs.existsSync(p) && newest(p) > oldestOutput) return `${input} changed after the last build`;
  }
  return undefined;
}

if (!fs.existsSync(path.join(root, 'src'))) {
  // An unpacked package: it ships its build and no sources.
  process.exit(0);
}
const reason = staleReason();
if (process.argv.includes('--check')) {
  process.stdout.write(reason ? `build needed: ${reason}\n` : 'up to date\n');
  process.exit(0);
}
if (!reason) {
  process.stderr.write('prepare: the build is up to date\n');
  process.exit(0);
}
process.stderr.write(`prepare: building (${reason})\n`);
const projen = path.join(path.dirname(require.resolve('projen/package.json', { paths: [root] })), 'bin', 'projen');
// Its output goes to stderr, so the stdout of `npm pack` (the tarball's name, or --json) stays clean.
execFileSync(process.execPath, [projen, 'compile'], { cwd: root, stdio: ['ignore', 2, 2] });
