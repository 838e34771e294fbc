#!/usr/bin/env bash
# Packs the package as the release does and follows the README's walk-through with it, as a user
# would: a new cdk8s app in an empty directory, the tarball and its peer dependencies from the
# registry, the README's tsconfig.json, cdk8s.yaml and main.ts, then `npx cdk8s synth`. The steps
# are read from README.md itself (scripts/readme-walkthrough.js), so the README cannot drift from
# what is run. Then checks the synthesized objects, and in the same app the cdk8s-llama-stack
# command on a CR (and its --verify Job's script against the tests' fake server) and on bad input,
# and the library from plain Node.js. Then the other two ways in:
# a git-URL install of HEAD (scripts/smoke-git-install.sh) and the Argo CD plugin image built from
# the tarball without Docker (scripts/smoke-argocd-image.js). Prints what it checked and how long
# each part took; exits non-zero on the first failure. CI runs it (.ci/run).
set -euo pipefail
start=$SECONDS
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
node scripts/prepare.js >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The release's package step (npx projen release runs it): jsii-pacmak's js target, which is
# `npm pack` into dist/js/. That file is what `npm publish` uploads; the README's `npm pack` makes
# the same files, which is checked here.
npx projen package:js >"$work/package.log" 2>&1 || { cat "$work/package.log" >&2; exit 1; }
version="$(node -p "require('./package.json').version")"
artifact="dist/js/cdk8s-llama-stack@$version.jsii.tgz"
[ -f "$artifact" ] || { echo "the package step wrote no $artifact" >&2; exit 1; }
tarball="$work/cdk8s-llama-stack-$version.tgz"
cp "$artifact" "$tarball"
packed="$(tar -tzf "$tarball" | sed 's|^package/||' | sort)"
listed="$(npm pack --dry-run --json --ignore-scripts 2>/dev/null | node -e "console.log(JSON.parse(require('fs').readFileSync(0, 'utf8'))[0].files.map((f) => f.path).sort().join('\n'))")"
[ "$packed" = "$listed" ] || { echo "$artifact and npm pack hold different files:" >&2; diff <(echo "$packed") <(echo "$listed") >&2; exit 1; }
echo "packed: $artifact ($(echo "$packed" | wc -l) files, the same as npm pack) in $((SECONDS - start)) s"

node scripts/readme-walkthrough.js README.md "$tarball" >"$work/walkthrough.sh"
mkdir "$work/walkthrough"
cd "$work/walkthrough"
# The steps print what they run on fd 3; the app's directory comes back on fd 4. cdk8s-cli's
# upgrade check (a request for the latest cdk8s-cli, cached in ~/.cdk8s-cli.version) is switched
# off: it prints a banner, or a stack trace when the request fails, and does not change the synth.
if ! CDK8S_CHECK_UPGRADE=false bash "$work/walkthrough.sh" 3>&1 4>"$work/app-dir" >"$work/walkthrough.log" 2>&1; then
  echo "the README walk-through failed; its output:" >&2
  cat "$work/walkthrough.log" >&2
  exit 1
fi
cd "$(cat "$work/app-dir")"
# The walk-through's main.ts subclasses Chart: it runs only with the README's ES2022 target.
grep -q 'extends Chart' main.ts || { echo "README walk-through: main.ts does not subclass Chart" >&2; exit 1; }
echo "installed: $(node -p "['cdk8s-llama-stack', 'cdk8s', 'cdk8s-plus-28', 'constructs', 'cdk8s-cli', 'ts-node', 'typescript'].map((p) => p + '@' + require(p + '/package.json').version).join(' ')")"

node -e "
const fs = require('fs');
const { Yaml } = require('cdk8s');
const fail = (m) => { console.error('README walk-through: ' + m); process.exit(1); };
const files = fs.existsSync('dist') ? fs.readdirSync('dist') : [];
if (files.join(' ') !== 'llama-stack.k8s.yaml') fail('dist/ holds ' + (files.join(' ') || 'nothing') + ', not llama-stack.k8s.yaml');
const objects = Yaml.load('dist/llama-stack.k8s.yaml');
const got = objects.map((o) => o.kind + ' ' + o.metadata.name + ' (' + o.metadata.namespace + ')').join(', ');
const configMap = /^llama-config-[0-9a-f]{8}$/.test(objects[0]?.metadata?.name) ? objects[0].metadata.name : 'llama-config-<8 hex>';
const expected = ['ConfigMap ' + configMap, 'ServiceAccount llama-sa', 'Deployment llama', 'Service llama-service'].map((o) => o + ' (ai)').join(', ');
if (got !== expected) fail('dist/llama-stack.k8s.yaml holds ' + got + '; expected ' + expected);
const pod = objects[2].spec.template.spec;
if (!pod.volumes.some((v) => v.configMap?.name === configMap)) fail('the Deployment does not mount ' + configMap);
if (pod.serviceAccountName !== 'llama-sa') fail('the Deployment runs as ' + pod.serviceAccountName);
if (!String(objects[0].data?.['config.yaml']).includes('http://vllm.models.svc.cluster.local:8000/v1')) fail('config.yaml has no vLLM endpoint');
console.log('README walk-through: ok (dist/llama-stack.k8s.yaml: ' + got + ')');
"

version="$(npx --no-install cdk8s-llama-stack --version)"
[ "$version" = "$(node -p "require('cdk8s-llama-stack/package.json').version")" ] || { echo "--version: unexpected $version" >&2; exit 1; }
echo "cdk8s-llama-stack --version: ok ($version)"

kinds="$(npx --no-install cdk8s-llama-stack render "$repo/examples/gitops/llama-stack.yaml" --namespace ai | grep '^kind:' | tr '\n' ' ')"
expected="kind: ConfigMap kind: ServiceAccount kind: PersistentVolumeClaim kind: Deployment kind: Service kind: NetworkPolicy "
[ "$kinds" = "$expected" ] || { echo "render: unexpected objects: $kinds" >&2; exit 1; }
echo "render examples/gitops/llama-stack.yaml: ok ($kinds)"

# --verify: the Job's script and plan from the installed package's output, run with python3
# against the tests' fake OGX server (scripts/smoke-verify.js).
npx --no-install cdk8s-llama-stack render "$repo/examples/gitops/llama-stack.yaml" --namespace ai --verify --verify-completion >"$work/verify.yaml"
node "$repo/scripts/smoke-verify.js" "$work/verify.yaml"

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
echo "README walk-through and command: ok at $((SECONDS - start)) s"

bash "$repo/scripts/smoke-git-install.sh" "$work"
node "$repo/scripts/smoke-argocd-image.js" "$work" "$tarball"
echo "smoke-package: ok in $((SECONDS - start)) s"
