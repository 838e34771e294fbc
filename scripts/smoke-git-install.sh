#!/usr/bin/env bash
# Installs the package from a git URL, as a project that depends on a commit of this repository
# would: `npm install git+file://…#<commit>`. npm clones the repository at that commit, installs
# its devDependencies there, runs `prepare` (scripts/prepare.js: the build), packs the clone and
# installs the result. Then a scratch app synthesizes with the library and runs the command.
# What is installed is the committed HEAD (uncommitted changes are not in it): it is pushed to a
# bare repository in a temporary directory, so no remote and no network but the npm registry.
# Usage: bash scripts/smoke-git-install.sh WORKDIR   (run by scripts/smoke-package.sh)
set -euo pipefail
start=$SECONDS
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$1"
commit="$(git -C "$repo" rev-parse HEAD)"
version="$(git -C "$repo" show HEAD:package.json | node -p "JSON.parse(require('fs').readFileSync(0, 'utf8')).version")"
[ -z "$(git -C "$repo" status --porcelain -- src data bin package.json)" ] ||
  echo "git URL: uncommitted changes in src, data, bin or package.json are not installed (HEAD $commit is)"

git init -q --bare "$work/origin.git"
git -C "$work/origin.git" symbolic-ref HEAD refs/heads/main
git -C "$repo" push -q "$work/origin.git" "$commit:refs/heads/main"
url="git+file://$work/origin.git#$commit"

mkdir "$work/git-app"
cd "$work/git-app"
npm init -y >/dev/null
if ! npm install --no-audit --no-fund "$url" cdk8s cdk8s-plus-28 constructs >"$work/git-install.log" 2>&1; then
  echo "npm install $url failed; its output:" >&2
  cat "$work/git-install.log" >&2
  exit 1
fi
echo "git URL: npm install $url: ok in $((SECONDS - start)) s"

node -e "
const fs = require('fs');
const fail = (m) => { console.error('git URL: ' + m); process.exit(1); };
const dir = 'node_modules/cdk8s-llama-stack';
const pkg = require('./' + dir + '/package.json');
if (pkg.version !== '$version') fail('installed version ' + pkg.version + ', expected $version');
const resolved = require('./package-lock.json').packages['node_modules/cdk8s-llama-stack'].resolved;
if (resolved !== 'git+file://$work/origin.git#$commit') fail('resolved from ' + resolved);
for (const f of ['lib/index.js', 'lib/index.d.ts', 'lib/cli/bundle.js', '.jsii']) if (!fs.existsSync(dir + '/' + f)) fail(f + ' is missing: prepare did not build');
if (fs.existsSync(dir + '/src')) fail('src/ was packed (the .npmignore leaves it out)');
console.log('git URL: installed ' + pkg.name + '@' + pkg.version + ' built at install time (lib/, .jsii, the bundled command)');
"

node -e "
const { App, Chart, Yaml } = require('cdk8s');
const { LlamaStackDistribution, InferenceProvider } = require('cdk8s-llama-stack');
const app = new App({ outdir: 'dist' });
new LlamaStackDistribution(new Chart(app, 'git-app', { namespace: 'ai' }), 'llama', {
  inference: [InferenceProvider.ollama({ endpoint: 'http://ollama.models:11434/v1' })],
  models: ['llama3.2:3b'],
});
app.synth();
const kinds = Yaml.load('dist/git-app.k8s.yaml').map((o) => o.kind).join(' ');
if (kinds !== 'ConfigMap ServiceAccount Deployment Service') { console.error('git URL: synthesized ' + kinds); process.exit(1); }
console.log('git URL: cdk8s synth with the library: ok (dist/git-app.k8s.yaml: ' + kinds + ')');
"

got="$(npx --no-install cdk8s-llama-stack --version)"
[ "$got" = "$version" ] || { echo "git URL: cdk8s-llama-stack --version printed $got, expected $version" >&2; exit 1; }
echo "git URL: cdk8s-llama-stack --version: ok ($got); $((SECONDS - start)) s in all"
