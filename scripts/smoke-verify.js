/**
 * smoke-package's last check of `render --verify` output: takes the verification ConfigMap from
 * a rendered YAML file, runs its script with python3 on its plan against the fake OGX server of
 * the tests (test/support/fake-ogx.ts, serving the plan's models), and once more against a server
 * that lists no model. Exit 0 when the first run passes and the second fails the models check.
 *
 *   node scripts/smoke-verify.js rendered.yaml
 */
'use strict';
const { execFile } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const YAML = require('yaml');
// The fake server is the tests' TypeScript: loaded through ts-node, as the tests load it.
require('ts-node').register({ transpileOnly: true, project: path.join(__dirname, '..', 'tsconfig.json') });
const { startFakeOgx } = require('../test/support/fake-ogx');

function fail(message) {
  process.stderr.write(`smoke-verify: ${message}\n`);
  process.exit(1);
}

/** Runs the script (asynchronously: the fake server answers from this process); its exit code and stdout. */
function run(script, plan) {
  return new Promise((resolve) => {
    execFile('python3', [script, plan], { encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, (err, stdout) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, out: stdout });
    });
  });
}

async function main(file) {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS());
  const cm = docs.find((o) => o?.kind === 'ConfigMap' && /-verify-[0-9a-f]{8}$/.test(o.metadata?.name ?? ''));
  if (!cm) fail(`${file} holds no verification ConfigMap`);
  if (!docs.some((o) => o?.kind === 'Job')) fail(`${file} holds no verification Job`);
  const plan = JSON.parse(cm.data['plan.json']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-verify-'));
  try {
    const script = path.join(dir, 'ogx_verify.py');
    fs.writeFileSync(script, cm.data['ogx_verify.py']);
    const models = plan.models.map((m) => ({ id: m.id, providerId: m.providerId, type: m.type, dimension: m.embeddingDimension }));
    for (const [label, listed, expected] of [['a good server', models, 0], ['a server that lists no model', [], 1]]) {
      const fake = await startFakeOgx(listed);
      try {
        // The Service URL is the cluster's: the fake server stands in for it.
        const planFile = path.join(dir, 'plan.json');
        fs.writeFileSync(planFile, JSON.stringify({ ...plan, baseUrl: fake.url, options: { ...plan.options, readyWaitSeconds: 5 } }));
        const { code, out } = await run(script, planFile);
        const result = out.split('\n').find((l) => l.startsWith('RESULT')) ?? '(no RESULT line)';
        if (code !== expected) fail(`${label}: exit ${code}, expected ${expected}:\n${out}`);
        process.stdout.write(`--verify script against ${label}: exit ${code} (${result})\n`);
      } finally {
        await fake.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv[2] ?? fail('usage: smoke-verify.js RENDERED.yaml')).catch((e) => fail(String(e?.stack ?? e)));
