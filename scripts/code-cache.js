#!/usr/bin/env node
/*
 * Build step (compile task, after the esbuild bundle): V8's code cache of lib/cli/bundle.js,
 * written to lib/cli/bundle.js.cache. bin/cdk8s-llama-stack hands it to V8 when it loads the
 * bundle, which then skips compiling what the cache holds (about a quarter of a cold `render`).
 * The cache is taken after one render of a sample manifest, so the functions a render runs are
 * in it. V8 checks it (its own version and flags, the source) and ignores it when it does not
 * fit, e.g. under another Node version: the command then compiles as it would without it.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const vm = require('vm');
const Module = require('module');

const file = path.resolve(__dirname, '..', 'lib', 'cli', 'bundle.js');
const out = `${file}.cache`;
fs.rmSync(out, { force: true });
// Decoded as bin/cdk8s-llama-stack decodes it (V8 checks the source's length against the cache's).
const bytes = fs.readFileSync(file);
const script = new vm.Script(Module.wrap(bytes.toString(require('buffer').isAscii(bytes) ? 'latin1' : 'utf8')), { filename: file });
const m = { exports: {} };
script.runInThisContext().call(m.exports, m.exports, Module.createRequire(file), m, file, path.dirname(file));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-llama-stack-cache-'));
const manifest = path.join(dir, 'sample.yaml');
fs.writeFileSync(manifest, `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: sample}
spec:
  distribution: {name: starter}
  providers:
    inference:
    - {id: vllm, provider: vllm, endpoint: "http://vllm:8000/v1", apiKey: {name: vllm, key: token}}
  resources:
    models: [model]
  networking:
    allowedFrom: {namespaces: [apps]}
`);
let written = 0;
const io = { stdout: (t) => { written += t.length; }, stderr: () => {}, stdin: () => '', cwd: dir, env: {} };
m.exports.main(['render', manifest, '--namespace', 'ai'], io).then((code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (code !== 0 || written === 0) throw new Error(`the sample render failed (exit ${code})`);
  const data = script.createCachedData();
  fs.writeFileSync(out, data);
  console.log(`code cache: ${(data.length / 1e6).toFixed(1)} MB (node ${process.version})`);
});
