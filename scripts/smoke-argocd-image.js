#!/usr/bin/env node
// Builds the Argo CD plugin image of examples/gitops/argocd/Dockerfile without Docker, then runs the
// plugin in it as Argo CD does. The Dockerfile's instructions run in order against a directory that
// stands for the image's file system: WORKDIR and COPY (from a build context: the example's folder
// with the packed tarball beside it, as the Dockerfile's comment tells users to lay it out), RUN
// through /bin/sh with npm's global prefix at the image's /usr/local, ENV, USER; any other
// instruction, or a RUN that names an absolute path (it would reach this machine's), is refused, so
// the Dockerfile cannot drift from what is run here. Then, in a copy of the Application's path and
// with the environment Argo CD gives a plugin (ARGOCD_APP_NAMESPACE, ARGOCD_ENV_*), the plugin's
// own discover and generate commands (cmp-plugin.yaml) run with only the image's commands on PATH,
// as the Dockerfile's USER where this machine can switch to it (setpriv), with HOME=/. generate
// must print exactly what this repository's build prints for the same directory.
// Usage: node scripts/smoke-argocd-image.js WORKDIR TARBALL   (run by scripts/smoke-package.sh)
'use strict';
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const YAML = require('yaml');

const repo = path.join(__dirname, '..');
const example = path.join(repo, 'examples', 'gitops', 'argocd');
const [work, tarball] = process.argv.slice(2);
const started = Date.now();

function fail(message) {
  process.stderr.write(`argocd image: ${message}\n`);
  process.exit(1);
}
if (!work || !tarball) fail('usage: smoke-argocd-image.js WORKDIR TARBALL');

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines dropped. */
function instructions(text) {
  const out = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (!pending && (/^\s*#/.test(line) || !line.trim())) continue;
    pending += line.replace(/\\$/, ' ');
    if (line.endsWith('\\')) continue;
    const [, op, args] = /^\s*(\S+)\s*(.*)$/.exec(pending);
    out.push({ op: op.toUpperCase(), args: args.trim() });
    pending = '';
  }
  return out;
}

/** Files of `dir` that a Dockerfile source pattern (`*` and `?` only) matches. */
function glob(dir, pattern) {
  if (pattern.includes('/')) fail(`COPY ${pattern}: only names in the build context's top folder are supported`);
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return fs.readdirSync(dir).filter((f) => re.test(f)).sort();
}

// The build context: the example's files and the tarball, as a user lays them out.
const context = path.join(work, 'argocd-context');
fs.cpSync(example, context, { recursive: true });
fs.copyFileSync(tarball, path.join(context, path.basename(tarball)));

const image = path.join(work, 'argocd-image');
const prefix = path.join(image, 'usr', 'local');
fs.mkdirSync(prefix, { recursive: true });
const inImage = (dir, p) => (p.startsWith('/') ? path.join(image, p) : path.join(dir, p));
const env = {};
let cwd = image;
let from;
let user;
for (const { op, args } of instructions(fs.readFileSync(path.join(context, 'Dockerfile'), 'utf8'))) {
  if (op === 'FROM') {
    from = args;
    const major = /^node:(\d+)/.exec(args)?.[1];
    if (!major) fail(`FROM ${args}: the steps run here with this machine's Node.js, which stands for a node:<version> image only`);
    console.log(`argocd image: FROM ${args} (run here with Node.js ${process.version})`);
  } else if (op === 'WORKDIR') {
    cwd = inImage(cwd, args);
    fs.mkdirSync(cwd, { recursive: true });
  } else if (op === 'COPY') {
    const words = args.split(/\s+/);
    if (words.some((w) => w.startsWith('--'))) fail(`COPY ${args}: options are not supported`);
    const dest = inImage(cwd, words.pop());
    const files = words.flatMap((w) => {
      const found = glob(context, w);
      if (!found.length) fail(`COPY ${w}: no such file in the build context (put the packed tarball next to the Dockerfile)`);
      return found;
    });
    const toDir = args.endsWith('/') || files.length > 1 || (fs.existsSync(dest) && fs.statSync(dest).isDirectory());
    fs.mkdirSync(toDir ? dest : path.dirname(dest), { recursive: true });
    for (const f of files) fs.copyFileSync(path.join(context, f), toDir ? path.join(dest, f) : dest);
    console.log(`argocd image: COPY ${files.join(' ')}`);
  } else if (op === 'RUN') {
    if (args.startsWith('[')) fail(`RUN ${args}: only the shell form is supported`);
    if (/(^|[\s=:'"])\/(?!dev\/null)/.test(args)) fail(`RUN ${args}: names an absolute path, which would reach this machine's files; use a path relative to WORKDIR`);
    const t = Date.now();
    const run = spawnSync('/bin/sh', ['-c', args], { cwd, env: { ...process.env, ...env, npm_config_prefix: prefix }, encoding: 'utf8' });
    if (run.status !== 0) fail(`RUN ${args}: exit ${run.status}\n${run.stdout}${run.stderr}`);
    console.log(`argocd image: RUN ${args}: ok in ${Math.round((Date.now() - t) / 1000)} s`);
  } else if (op === 'ENV') {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:=|\s+)(.*)$/.exec(args);
    if (!m) fail(`ENV ${args}: expected NAME=value`);
    env[m[1]] = m[2];
  } else if (op === 'USER') {
    user = args;
  } else {
    fail(`${op} ${args}: this script runs FROM, WORKDIR, COPY, RUN, ENV and USER only; teach it ${op} or keep the Dockerfile to those`);
  }
}
if (!from) fail('the Dockerfile has no FROM');
const command = path.join(prefix, 'bin', 'cdk8s-llama-stack');
if (!fs.existsSync(command)) fail(`the steps installed no cdk8s-llama-stack command (${path.relative(image, command)})`);

// The plugin, as Argo CD runs it in the sidecar.
const plugin = YAML.parse(YAML.parse(fs.readFileSync(path.join(context, 'cmp-plugin.yaml'), 'utf8')).data['plugin.yaml']);
const application = YAML.parse(fs.readFileSync(path.join(context, 'application.yaml'), 'utf8'));
const appDir = path.join(work, 'argocd-app');
fs.cpSync(path.join(repo, application.spec.source.path), appDir, { recursive: true });
const pluginEnv = {
  PATH: [path.join(prefix, 'bin'), path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
  HOME: '/',
  ARGOCD_APP_NAMESPACE: application.spec.destination.namespace,
  ...Object.fromEntries((application.spec.source.plugin.env ?? []).map((e) => [`ARGOCD_ENV_${e.name}`, e.value])),
};
const uid = /^\d+$/.test(user ?? '') ? Number(user) : undefined;
const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));
const asUser = uid !== undefined && process.getuid?.() === 0 && setpriv;
if (asUser) {
  // The sidecar's user reads the image's files and the checkout, and writes nowhere.
  for (const dir of [work, image, appDir]) fs.chmodSync(dir, 0o755);
  execFileSync('chmod', ['-R', 'a+rX', image, appDir]);
}
function runPlugin([cmd, ...cmdArgs]) {
  const argv = asUser ? [setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', cmd, ...cmdArgs] : [cmd, ...cmdArgs];
  const run = spawnSync(argv[0], argv.slice(1), { cwd: appDir, env: pluginEnv, encoding: 'utf8' });
  if (run.status !== 0) fail(`${cmdArgs.length ? [cmd, ...cmdArgs].join(' ') : cmd}: exit ${run.status}\n${run.stderr}`);
  return run.stdout;
}
const who = asUser ? `as user ${uid}` : `as ${process.getuid?.()} (USER ${user ?? 'unset'} not switched to: no setpriv or not root)`;

const version = runPlugin(['cdk8s-llama-stack', '--version']).trim();
const expectedVersion = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version;
if (version !== expectedVersion) fail(`the image's cdk8s-llama-stack --version printed ${version}, expected ${expectedVersion}`);

const discovered = runPlugin(plugin.spec.discover.find.command).trim();
if (discovered !== 'llama-stack.yaml') fail(`discover printed ${JSON.stringify(discovered)}, expected "llama-stack.yaml"`);

const generated = runPlugin(plugin.spec.generate.command);
const [cmd, ...cmdArgs] = plugin.spec.generate.command;
if (cmd !== 'cdk8s-llama-stack') fail(`generate runs ${cmd}, not the package's command`);
const fromRepo = execFileSync(process.execPath, [path.join(repo, 'bin', 'cdk8s-llama-stack'), ...cmdArgs], { cwd: appDir, env: pluginEnv, encoding: 'utf8' });
if (generated !== fromRepo) fail('generate in the image printed other objects than this repository\'s build for the same directory');
const objects = YAML.parseAllDocuments(generated).map((d) => d.toJS()).filter(Boolean);
const kinds = objects.map((o) => o.kind).join(' ');
const expectedKinds = 'ConfigMap ServiceAccount PersistentVolumeClaim Deployment Service NetworkPolicy';
if (kinds !== expectedKinds) fail(`generate rendered ${kinds}; expected ${expectedKinds}`);
const namespaces = [...new Set(objects.map((o) => o.metadata.namespace))];
if (namespaces.join() !== pluginEnv.ARGOCD_APP_NAMESPACE) fail(`generate rendered into namespaces ${namespaces.join(', ')}`);

console.log(`argocd image: cdk8s-llama-stack ${version} from the image's /usr/local/bin, ${who}`);
console.log(`argocd image: discover in ${application.spec.source.path}: ok (${discovered})`);
console.log(`argocd image: generate: ok (${kinds}, namespace ${namespaces.join()}; the same bytes as this repository's build); ${Math.round((Date.now() - started) / 1000)} s in all`);
