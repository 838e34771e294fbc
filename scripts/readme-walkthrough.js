#!/usr/bin/env node
// Turns the README's walk-through into a bash script, so `npm run smoke-package` runs the steps the
// README shows and nothing else. A step is a fenced block right after a marker line:
//   <!-- walkthrough: run -->           the block's commands, run in order in one shell
//   <!-- walkthrough: file NAME -->     the block is written to NAME (in the shell's directory then)
// Steps run in the order they appear in the README. The tarball placeholder of the install command
// is replaced by the real tarball. Usage: node scripts/readme-walkthrough.js README.md TARBALL
'use strict';
const fs = require('fs');

const PLACEHOLDER = '/path/to/cdk8s-llama-stack-<version>.tgz';
const MARKER = /^<!-- walkthrough: (run|file ([\w.-]+)) -->$/;
const EOF = 'README_WALKTHROUGH_EOF';

function fail(message) {
  process.stderr.write(`readme-walkthrough: ${message}\n`);
  process.exit(1);
}

/** A bash word with exactly the text of `s`. */
function quote(s) {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function steps(readme) {
  const lines = readme.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]);
    if (!marker) {
      if (/^<!--\s*walkthrough/.test(lines[i])) fail(`README.md:${i + 1}: not a walkthrough marker: ${lines[i]}`);
      continue;
    }
    const fence = /^(`{3,})\w*$/.exec(lines[i + 1] ?? '');
    if (!fence) fail(`README.md:${i + 1}: the marker must be followed by a fenced block`);
    const end = lines.findIndex((line, j) => j > i + 1 && line === fence[1]);
    if (end < 0) fail(`README.md:${i + 2}: unclosed fenced block`);
    found.push({ line: i + 1, file: marker[2], text: lines.slice(i + 2, end).join('\n') + '\n' });
    i = end;
  }
  return found;
}

const [readmePath, tarball] = process.argv.slice(2);
if (!readmePath || !tarball) fail('usage: readme-walkthrough.js README.md TARBALL');
const found = steps(fs.readFileSync(readmePath, 'utf8'));
if (!found.some((s) => s.file === 'main.ts')) fail('no `file main.ts` step');
if (!found.some((s) => !s.file)) fail('no `run` step');
const uses = found.filter((s) => !s.file && s.text.includes(PLACEHOLDER)).length;
if (uses !== 1) fail(`the tarball placeholder ${PLACEHOLDER} must be in exactly one run step (found in ${uses})`);

const out = ['set -euo pipefail'];
for (const step of found) {
  const what = step.file ? `write ${step.file}` : step.text.trim().split('\n').join(' ; ');
  out.push(`echo ${quote(`README.md:${step.line}: ${what}`)} >&3`);
  if (step.file) {
    if (step.text.split('\n').includes(EOF)) fail(`README.md:${step.line}: the block contains ${EOF}`);
    out.push(`cat > '${step.file}' <<'${EOF}'`, step.text + EOF);
  } else {
    out.push(step.text.split(PLACEHOLDER).join(quote(tarball)));
  }
}
out.push('pwd >&4');
process.stdout.write(out.join('\n') + '\n');
