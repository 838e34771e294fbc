#!/usr/bin/env bash
# Installs the packed package into a scratch project, as a user would (peer dependencies from the
# registry), and uses it there: the cdk8s-llama-stack command on a CR and on bad input, and the
# library from plain Node.js. Prints what it checked; exits non-zero on the first failure.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
npx projen compile >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
npm pack --pack-destination "$work" >/dev/null 2>&1
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund ./cdk8s-llama-stack-*.tgz >/dev/null 2>&1
echo "installed: $(ls node_modules | tr '\n' ' ')"

version="$(npx --no-install cdk8s-llama-stack --version)"
[ "$version" = "$(node -p "require('cdk8s-llama-stack/package.json').version")" ] || { echo "--version: unexpected $version" >&2; exit 1; }
echo "cdk8s-llama-stack --version: ok ($version)"

kinds="$(npx --no-install cdk8s-llama-stack render "$repo/examples/gitops/llama-stack.yaml" --namespace ai | grep '^kind:' | tr '\n' ' ')"
expected="kind: ConfigMap kind: ServiceAccount kind: PersistentVolumeClaim kind: Deployment kind: Service kind: NetworkPolicy "
[ "$kinds" = "$expected" ] || { echo "render: unexpected objects: $kinds" >&2; exit 1; }
echo "render examples/gitops/llama-stack.yaml: ok ($kinds)"

set +e
npx --no-install cdk8s-llama-stack render "$repo/test/fixtures/samples-v1alpha1/example-with-ca-bundle.yaml" >/dev/null 2>"$work/err"
rc=$?
set -e
[ "$rc" = 1 ] && grep -q 'spec.server.tlsConfig.caBundle' "$work/err" || { echo "bad input: exit $rc" >&2; cat "$work/err" >&2; exit 1; }
echo "render of a CR it cannot honour: exit 1, problem at spec.server.tlsConfig.caBundle"

node -e "
const { App, Chart } = require('cdk8s');
const { LlamaStackDistribution, InferenceProvider } = require('cdk8s-llama-stack');
const app = new App();
new LlamaStackDistribution(new Chart(app, 'c'), 'llama', { inference: [InferenceProvider.ollama({ endpoint: 'http://ollama:11434/v1' })] });
const kinds = app.charts[0].toJson().map((o) => o.kind).join(' ');
if (kinds !== 'ConfigMap ServiceAccount Deployment Service') throw new Error(kinds);
console.log('library from node: ok (' + kinds + ')');
"
