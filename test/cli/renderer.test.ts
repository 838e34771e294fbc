/**
 * What the renderer refuses across documents: two manifests that would render the same objects,
 * on stdout, with --output-dir and through krm alike; and that the objects it writes are the
 * construct's, rendered without an App or a Chart.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import * as YAML from 'yaml';
import { ServerTarget } from '../../src';
import { writeDocuments } from '../../src/cli/io';
import { distributionFromManifest } from '../../src/interop/manifest';
import { QUOTED_YAML_CONTEXT } from '../../src/workload/plan';
import { runCli as run } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';

const CR = MINIMAL_CR;
const V1ALPHA1 = 'apiVersion: llamastack.io/v1alpha1\nkind: LlamaStackDistribution\nmetadata: {name: my-stack}\nspec:\n  server:\n    distribution: {name: starter}\n';

function duplicate(source: string, at: string, first: string, namespace: string): string {
  return `${source} (my-stack): metadata.name: ${at} and ${first} are both named "my-stack", in ${namespace}: they would render the same objects, `
    + 'and the one applied last would replace the other — rename one of them, or put them in different namespaces';
}

describe('two manifests with the same name and namespace', () => {
  const STREAM = `${CR}---\n${CR}`;

  test('on stdout: refused, naming both documents, and nothing written', async () => {
    const r = await run(['render'], STREAM);
    expect(r).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${duplicate('stdin', 'stdin: document 2', 'stdin: document 1', 'the same namespace (none given)')}\n` });
  });

  test('in two files, and a v1alpha1 manifest of the same name (the same object in Kubernetes)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-dup-'));
    fs.writeFileSync(path.join(dir, 'a.yaml'), CR);
    fs.writeFileSync(path.join(dir, 'b.yaml'), V1ALPHA1);
    const r = await run(['render', 'a.yaml', 'b.yaml', '--namespace', 'ai'], '', { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.err.split('\n').filter((l) => l.startsWith('- '))).toEqual([`- ${duplicate('b.yaml', 'b.yaml: document 1', 'a.yaml: document 1', 'namespace ai')}`]);
  });

  test('with --output-dir: the same problem, and nothing written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-dup-'));
    const r = await run(['render', '--output-dir', 'out'], STREAM, { cwd: dir });
    expect(r).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${duplicate('stdin', 'stdin: document 2', 'stdin: document 1', 'the same namespace (none given)')}\n` });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('through krm: the same problem, no items', async () => {
    const items = YAML.parseAllDocuments(STREAM).map((d) => d.toJS());
    const r = await run(['krm'], YAML.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items }));
    expect(r.code).toBe(1);
    const problem = duplicate('items[1]', 'items[1]', 'items[0]', 'the same namespace (none given)');
    expect(r.err).toBe(`1 problem(s):\n- ${problem}\n`);
    expect(YAML.parse(r.out)).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], results: [{ message: problem, severity: 'error' }] });
  });

  test('argocd-generate: the same problem', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-dup-'));
    fs.writeFileSync(path.join(dir, 'a.yaml'), CR);
    fs.writeFileSync(path.join(dir, 'b.yaml'), CR);
    const r = await run(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_APP_NAMESPACE: 'ai' } });
    expect(r).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${duplicate('b.yaml', 'b.yaml: document 1', 'a.yaml: document 1', 'namespace ai')}\n` });
  });

  test('the same name in two namespaces renders both', async () => {
    const r = await run(['render'], `${CR.replace('{name: my-stack}', '{name: my-stack, namespace: a}')}---\n${CR.replace('{name: my-stack}', '{name: my-stack, namespace: b}')}`);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const deployments = YAML.parseAllDocuments(r.out).map((d) => d.toJS()).filter((o) => o.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.namespace)).toEqual(['a', 'b']);
  });
});

describe('the objects are the construct\'s, without an App or a Chart', () => {
  // A manifest that makes most kinds of object: what the construct synthesizes in a chart of its
  // own (the way the command line rendered before) is what the command line writes, byte for byte.
  const MANY = `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: my-stack, namespace: ai, annotations: {cdk8s-llama-stack.io/platform: openshift}}
spec:
  distribution: {name: starter}
  workload:
    replicas: 1
    storage: {size: 5Gi}
  networking:
    allowedFrom: {namespaces: [apps]}
    expose: {hostname: llama.example.com}
`;

  test.each([['minimal', CR, []], ['many objects, with --verify', MANY, ['--verify']]])('%s', async (_name, text, flags) => {
    const r = await run(['render', '-', ...flags as string[]], text);
    expect(r.code).toBe(0);
    const app = new App();
    app.node.setContext(QUOTED_YAML_CONTEXT, true);
    const chart = new Chart(app, 'render', { disableResourceNameHashes: true });
    distributionFromManifest(chart, 'my-stack', text, {
      target: ServerTarget.OGX_1_3, allowPerPodState: false, allowUnrestrictedVolumes: false, verify: flags.length > 0 ? {} : undefined,
    });
    let expected = '';
    writeDocuments(chart.toJson(), (t) => { expected += t; });
    expect(r.out).toBe(expected);
    expect(r.out).toContain('kind: Deployment');
  });

  test('the command line does not load cdk8s\'s App and Chart to render', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../src/cli/renderer.ts'), 'utf8');
    expect(source).not.toMatch(/from 'cdk8s'/);
  });
});

describe('a manifest whose config is not generated', () => {
  test('the generator\'s problems, returned to the renderer, then the per-pod stores the config would have had', async () => {
    const text = 'apiVersion: llamastack.io/v1alpha2\nkind: LlamaStackDistribution\nmetadata: {name: s}\nspec:\n  distribution: {name: starter}\n'
      + '  workload: {replicas: 2}\n  resources:\n    models: [{name: m, provider: nope}]\n';
    const r = await run(['render'], text);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.split(' — ')[0])).toEqual([
      '- stdin (s): spec.resources.models[0].provider: model "m" names provider "nope", which is not an enabled inference provider',
      '- stdin (s): spec.workload.replicas: storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own',
      '- stdin (s): spec.workload.replicas: storage backend sql_default is SQLite in the pod (conversations, responses, inference log, file metadata): '
        + 'with several pods, each keeps its own',
    ]);
  });

  test('the renderer catches no LlamaStackConfigError: the plan\'s problems are returned to it', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../src/cli/renderer.ts'), 'utf8');
    expect(source).not.toMatch(/catch \(|LlamaStackConfigError/);
  });
});
