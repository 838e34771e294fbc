/**
 * `cdk8s-llama-stack render [files...|-] [--output-dir DIR] [--target ogx-0.8|llama-stack-0.7|operator]`:
 * reads v1alpha2 LlamaStackDistribution manifests and writes the standalone objects.
 * Exit codes: 0 ok, 1 invalid manifest (every problem listed), 2 usage.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import * as YAML from 'yaml';
import { LlamaStackConfigError } from '../config/errors';
import { LlamaStackDistribution } from '../llama-stack-distribution';
import { ServerTarget } from '../targets/server-target';

const USAGE = `usage: cdk8s-llama-stack render [FILE... | -] [--output-dir DIR] [--target ogx-0.8|llama-stack-0.7|operator]

Reads LlamaStackDistribution manifests (llamastack.io/v1alpha2; several per file allowed; no file or
'-' reads stdin) and writes the Kubernetes objects that run them: to stdout, or one
<name>.k8s.yaml per manifest in DIR.`;

const TARGETS: { [id: string]: ServerTarget } = {
  'ogx-0.8': ServerTarget.OGX_0_8,
  'llama-stack-0.7': ServerTarget.LLAMA_STACK_0_7,
  'operator': ServerTarget.OPERATOR,
};

/** Streams the CLI writes to (replaceable in tests). */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => string;
}

const PROCESS_IO: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stdin: () => fs.readFileSync(0, 'utf8'),
};

interface Args { files: string[]; outputDir?: string; target: ServerTarget }

function parseArgs(argv: string[]): Args | string {
  if (argv[0] !== 'render') return argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' ? '' : `unknown command: ${argv[0]}`;
  const args: Args = { files: [], target: ServerTarget.OGX_0_8 };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--output-dir' || a === '--target') {
      const v = argv[++i];
      if (v === undefined) return `${a} needs a value`;
      if (a === '--output-dir') args.outputDir = v;
      else if (TARGETS[v]) args.target = TARGETS[v];
      else return `unknown target: ${v} (use ${Object.keys(TARGETS).join(', ')})`;
    } else if (a.startsWith('--')) {
      return `unknown option: ${a}`;
    } else {
      args.files.push(a);
    }
  }
  return args;
}

function documents(text: string, source: string, problems: string[]): any[] {
  const docs = YAML.parseAllDocuments(text);
  const out: any[] = [];
  docs.forEach((d, i) => {
    if (d.errors.length > 0) problems.push(`${source}: document ${i + 1}: ${d.errors[0].message.split('\n')[0]}`);
    else if (d.contents !== null) out.push(d.toJS());
  });
  return out;
}

function render(manifest: any, source: string, target: ServerTarget): { name: string; yaml: string } {
  const where = `${source}: ${manifest?.kind ?? '?'} ${manifest?.metadata?.name ?? '?'}`;
  if (manifest?.apiVersion !== 'llamastack.io/v1alpha2' || manifest?.kind !== 'LlamaStackDistribution') {
    throw new LlamaStackConfigError([{
      path: `${where} apiVersion/kind`,
      message: `expected llamastack.io/v1alpha2 LlamaStackDistribution, got ${manifest?.apiVersion}/${manifest?.kind}`,
      fix: 'pass v1alpha2 LlamaStackDistribution manifests (v1alpha1 is not converted yet)',
    }]);
  }
  const name = manifest.metadata?.name;
  const app = new App({ outdir: path.join(os.tmpdir(), 'cdk8s-llama-stack-cli') });
  const chart = new Chart(app, 'render', { namespace: manifest.metadata?.namespace, disableResourceNameHashes: true });
  new LlamaStackDistribution(chart, typeof name === 'string' && name !== '' ? name : 'unnamed', { name, spec: manifest.spec, target });
  return { name, yaml: app.synthYaml() };
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    if (args) io.stderr(`error: ${args}\n`);
    io.stderr(`${USAGE}\n`);
    return args ? 2 : 0;
  }
  const problems: string[] = [];
  const manifests: { manifest: any; source: string }[] = [];
  const files = args.files.length === 0 ? ['-'] : args.files;
  for (const f of files) {
    let text: string;
    try {
      text = f === '-' ? io.stdin() : fs.readFileSync(f, 'utf8');
    } catch (e) {
      problems.push(`${f}: cannot read: ${(e as Error).message}`);
      continue;
    }
    for (const m of documents(text, f === '-' ? 'stdin' : f, problems)) manifests.push({ manifest: m, source: f === '-' ? 'stdin' : f });
  }
  const rendered: { name: string; yaml: string }[] = [];
  for (const { manifest, source } of manifests) {
    try {
      rendered.push(render(manifest, source, args.target));
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      for (const p of e.problems) problems.push(`${source} (${manifest?.metadata?.name ?? '?'}): ${p.path}: ${p.message}${p.fix ? ` — ${p.fix}` : ''}`);
    }
  }
  if (problems.length > 0) {
    io.stderr(`${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}\n`);
    return 1;
  }
  if (args.outputDir) {
    fs.mkdirSync(args.outputDir, { recursive: true });
    for (const r of rendered) fs.writeFileSync(path.join(args.outputDir, `${r.name}.k8s.yaml`), r.yaml);
  } else {
    io.stdout(rendered.map((r) => r.yaml).join('---\n'));
  }
  return 0;
}
