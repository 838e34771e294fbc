#!/usr/bin/env node
/*
 * Build step (compile task, after tsc): the command line as one file, lib/cli/bundle.js, which
 * bin/cdk8s-llama-stack runs when it is there (a cold start then reads one file, not some 300).
 *
 * Bundled from the TypeScript sources (src/cli/main.ts), not from tsc's CommonJS output: esbuild
 * then hoists every module into one scope, with no per-module wrapper, no per-module copy of
 * tsc's import helpers, and no code the command does not reach. Namespace imports of Node's
 * built-in modules and of `yaml` (`import * as fs from 'fs'`) are read as `import fs =
 * require('fs')`: the same module object, without the copy of every export behind a getter that
 * esbuild makes for a namespace import of a CommonJS module (one per importing file).
 *
 * Whitespace and comments are left out (the source map, bundle.js.map, maps back to src/), names
 * are kept as written. The output is ASCII only (esbuild escapes other characters), checked here:
 * bin/cdk8s-llama-stack and scripts/code-cache.js read it as latin1, the cheapest decoding.
 * __dirname is lib/cli/, as for the compiled modules, so data/ and package.json resolve as they
 * do from lib/. cdk8s-plus stays external: the command never loads it.
 */
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const outfile = path.join(root, 'lib', 'cli', 'bundle.js');
const NAMESPACE_IMPORT = /^import \* as (\w+) from '(fs|path|os|crypto|yaml)';$/gm;

const namespaceImportsAsRequire = {
  name: 'namespace-imports-as-require',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => ({
      contents: fs.readFileSync(args.path, 'utf8').replace(NAMESPACE_IMPORT, "import $1 = require('$2');"),
      loader: 'ts',
    }));
  },
};

esbuild.build({
  entryPoints: [path.join(root, 'src', 'cli', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['cdk8s-plus-28'],
  minifyWhitespace: true,
  sourcemap: 'external',
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
  plugins: [namespaceImportsAsRequire],
}).then(() => {
  const text = fs.readFileSync(outfile);
  const at = text.findIndex((b) => b > 0x7f);
  if (at >= 0) throw new Error(`${path.relative(root, outfile)}: a non-ASCII byte at offset ${at}`);
}).catch((e) => {
  console.error(e.message);
  process.exit(1);
});
