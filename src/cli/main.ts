/**
 * `cdk8s-llama-stack`: LlamaStackDistribution manifests (llamastack.io/v1alpha2, or v1alpha1,
 * converted) in, the standalone Kubernetes objects that run them out.
 *
 * - `render [FILE... | -]`: to stdout, or one file per manifest with `--output-dir`.
 * - `argocd-generate` (alias `generate`): an Argo CD config management plugin; renders every
 *   *.yaml / *.yml of the current directory, other objects passed through.
 * - `krm`: a kustomize exec KRM function; a ResourceList in on stdin, one out on stdout.
 * - `--version`: the package's version, from its package.json.
 *
 * Exit codes: 0 ok, 1 invalid input (every problem listed on stderr), 2 usage or internal error.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { ConfigProblem, formatProblem, LlamaStackConfigError } from '../config/errors';
import { oneLine, quoteValue } from '../config/quote';
import {
  distributionFromParsed, isDistributionManifest, ManifestParseOptions, MAX_MANIFEST_DEPTH, parseDistribution, ParsedDistribution,
  readManifestDocuments,
} from '../interop/manifest';
import { manifestYaml } from '../kubernetes/manifest-yaml';
import { ServerTarget } from '../targets/server-target';
import { QUOTED_YAML_CONTEXT } from '../workload/plan';

const USAGE = `usage: cdk8s-llama-stack <command> [options]

Commands:
  render [FILE... | DIR... | -]
                         render LlamaStackDistribution manifests (several per file allowed;
                         a directory means its *.yaml / *.yml files; no FILE or '-' reads
                         stdin) to stdout, or to --output-dir
  argocd-generate        Argo CD config management plugin (alias: generate): render every
                         *.yaml / *.yml file of the current directory to stdout; other
                         objects are passed through, kustomization files skipped
  krm                    kustomize exec KRM function: reads a ResourceList on stdin, writes
                         one on stdout with every LlamaStackDistribution (item or
                         functionConfig) replaced by its objects

Options:
  --target ID            server line: ogx-0.8 (default), ogx-1.3, ogx-1.2, ogx-1.1, llama-stack-0.7, operator
  --namespace NS         namespace of manifests that name none; a manifest in another
                         namespace is an error
  --output-dir DIR       (render) write <name>.k8s.yaml per manifest instead of stdout
  --pass-through         (render) copy documents that are not LlamaStackDistributions
  --allow-empty          accept input with no objects (an error otherwise: an empty render
                         would delete everything a GitOps tool applied before)
  --allow-per-pod-state  render several replicas even with stores that live in the pod
                         (SQLite, faiss, sqlite-vec, local files): each pod keeps its own
  --allow-unrestricted-volumes
                         accept user volumes the restricted Pod Security Standard forbids
                         (hostPath, nfs…): the pod is then no longer restricted
  -h, --help             show this help
  --version              print the package version

Manifests: llamastack.io/v1alpha2 as is; llamastack.io/v1alpha1 converted to v1alpha2
(fields v1alpha2 cannot honour are errors). See docs/interop.md.
Environment (argocd-generate): ARGOCD_APP_NAMESPACE is the default namespace,
ARGOCD_ENV_LLAMA_STACK_TARGET the default target.
Documents may nest ${MAX_MANIFEST_DEPTH} levels. --output-dir file names come from object names
(DNS-1123 subdomains), checked before anything is written.
Exit codes: 0 ok, 1 invalid input (every problem listed), 2 usage or internal error.`;

const TARGETS: { [id: string]: ServerTarget } = {
  'ogx-0.8': ServerTarget.OGX_0_8,
  'ogx-1.3': ServerTarget.OGX_1_3,
  'ogx-1.2': ServerTarget.OGX_1_2,
  'ogx-1.1': ServerTarget.OGX_1_1,
  'llama-stack-0.7': ServerTarget.LLAMA_STACK_0_7,
  'operator': ServerTarget.OPERATOR,
};

/** Streams and environment the CLI uses (replaceable in tests). */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => string;
  /** @default process.cwd() */
  readonly cwd?: string;
  /** @default process.env */
  readonly env?: { [name: string]: string | undefined };
}

const PROCESS_IO: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stdin: () => fs.readFileSync(0, 'utf8'),
};

type Command = 'render' | 'argocd-generate' | 'krm';

interface Args {
  readonly command: Command;
  readonly files: string[];
  readonly outputDir?: string;
  readonly target?: ServerTarget;
  readonly namespace?: string;
  readonly passThrough: boolean;
  readonly allowPerPodState: boolean;
  readonly allowUnrestrictedVolumes: boolean;
  readonly allowEmpty: boolean;
}

class UsageError extends Error {}

const COMMANDS: { [name: string]: Command } = { 'render': 'render', 'argocd-generate': 'argocd-generate', 'generate': 'argocd-generate', 'krm': 'krm' };
const VALUE_OPTIONS = ['--output-dir', '--target', '--namespace'];

/**
 * The version in the package's package.json, read at run time: two levels up from this file
 * both in the sources (src/cli/) and compiled (lib/cli/, in a clone or an installed package).
 */
export function packageVersion(dir: string = __dirname): string {
  const file = path.resolve(dir, '..', '..', 'package.json');
  const version = JSON.parse(fs.readFileSync(file, 'utf8')).version;
  if (typeof version !== 'string' || version === '') throw new Error(`${file} has no version`);
  return version;
}

/** The parsed arguments, 'help' or 'version'. Throws UsageError. */
function parseArgs(argv: string[]): Args | 'help' | 'version' {
  if (argv.length === 0) throw new UsageError('');
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  if (argv.includes('--version')) return 'version';
  const command = COMMANDS[argv[0]];
  if (!command) throw new UsageError(`unknown command: ${argv[0]}`);
  const files: string[] = [];
  const values: { [option: string]: string } = {};
  let passThrough = false;
  let allowPerPodState = false;
  let allowUnrestrictedVolumes = false;
  let allowEmpty = false;
  for (let i = 1; i < argv.length; i++) {
    const eq = argv[i].startsWith('--') ? argv[i].indexOf('=') : -1;
    const [a, inline] = eq > 0 ? [argv[i].slice(0, eq), argv[i].slice(eq + 1)] : [argv[i], undefined];
    if (VALUE_OPTIONS.includes(a)) {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${a} needs a value`);
      values[a] = v;
    } else if (a === '--pass-through' && inline === undefined) {
      passThrough = true;
    } else if (a === '--allow-per-pod-state' && inline === undefined) {
      allowPerPodState = true;
    } else if (a === '--allow-unrestricted-volumes' && inline === undefined) {
      allowUnrestrictedVolumes = true;
    } else if (a === '--allow-empty' && inline === undefined) {
      allowEmpty = true;
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`unknown option: ${argv[i]}`);
    } else {
      files.push(a);
    }
  }
  if (command !== 'render') {
    const renderOnly = [
      files.length > 0 ? `file arguments (${files[0]})` : undefined,
      values['--output-dir'] !== undefined ? '--output-dir' : undefined,
      passThrough ? '--pass-through' : undefined,
    ].filter((x) => x !== undefined);
    if (renderOnly.length > 0) throw new UsageError(`${argv[0]} takes no ${renderOnly.join(', ')}`);
  }
  if (command === 'krm' && allowEmpty) throw new UsageError('krm takes no --allow-empty (a ResourceList without items is valid as it is)');
  const targetId = values['--target'];
  if (targetId !== undefined && !TARGETS[targetId]) throw new UsageError(`unknown target: ${targetId} (use ${Object.keys(TARGETS).join(', ')})`);
  return { command, files, outputDir: values['--output-dir'], target: targetId ? TARGETS[targetId] : undefined, namespace: values['--namespace'], passThrough, allowPerPodState, allowUnrestrictedVolumes, allowEmpty };
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** A document to render or pass on, with where it came from. */
interface Input {
  readonly source: string;
  readonly index: number;
  readonly value: unknown;
}

/**
 * What one input became: objects to write and, for --output-dir, what names its file: a rendered
 * distribution's name, or a passed-through object's kind and name (checked only when writing files).
 */
interface Output {
  readonly objects: any[];
  /** Where the input came from, for problems: `cr.yaml: document 2`. */
  readonly where: string;
  /** Rendered distributions: the (validated) manifest name. */
  readonly name?: string;
  /** Passed-through objects: the object itself, and its position when it has no name. */
  readonly passed?: { readonly object: any; readonly index: number };
}

interface RenderSettings {
  readonly target: ServerTarget;
  /** Explicit namespace: the default, and a manifest in another one is an error. */
  readonly namespace?: string;
  /** Default namespace only (Argo CD's destination namespace). */
  readonly defaultNamespace?: string;
  readonly passThrough: boolean;
  readonly allowPerPodState: boolean;
  readonly allowUnrestrictedVolumes: boolean;
}

class Renderer {
  readonly problems: string[] = [];
  readonly outputs: Output[] = [];

  constructor(private readonly settings: RenderSettings) {}

  /** Splits a YAML stream into inputs; syntax errors are problems. */
  read(text: string, source: string): Input[] {
    const inputs: Input[] = [];
    for (const d of readManifestDocuments(text)) {
      if (d.problems.length > 0) this.report(`${source}: document ${d.index}`, d.problems);
      else if (d.value !== null) inputs.push({ source, index: d.index, value: d.value });
    }
    return inputs;
  }

  add(input: Input): void {
    const v = input.value as any;
    if (this.settings.passThrough && !isDistributionManifest(v) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      this.outputs.push({ objects: [v], where: `${input.source}: document ${input.index}`, passed: { object: v, index: input.index } });
      return;
    }
    const name = typeof v?.metadata?.name === 'string' ? v.metadata.name : undefined;
    const where = name !== undefined ? `${input.source} (${shownName(name)})` : `${input.source}: document ${input.index}`;
    let parsed: ParsedDistribution;
    try {
      parsed = parseDistribution(v, this.parseOptions(v));
      this.outputs.push({ objects: render(parsed, this.settings), where, name: parsed.name });
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      const other = !isDistributionManifest(v) && v?.kind !== 'OGXServer' && typeof v?.kind === 'string';
      this.report(where, other
        ? e.problems.map((p) => (p.path === 'kind' ? { ...p, fix: 'add --pass-through to copy it unchanged, or remove it from the input' } : p))
        : e.problems);
    }
  }

  private parseOptions(v: any): ManifestParseOptions {
    if (this.settings.namespace !== undefined) return { namespace: this.settings.namespace };
    const own = v?.metadata?.namespace;
    return typeof own === 'string' && own !== '' ? {} : { namespace: this.settings.defaultNamespace };
  }

  report(where: string, problems: ConfigProblem[]): void {
    for (const p of problems) this.problems.push(`${where}: ${formatProblem(p)}`);
  }

  /** A problem of the run as a whole (an option, the input as a whole). */
  fail(p: ConfigProblem): void {
    this.problems.push(formatProblem(p));
  }

  /** Every object to write, in order. */
  * objects(): IterableIterator<any> {
    for (const o of this.outputs) yield* o.objects;
  }
}

/** A manifest name in `where` (`cr.yaml (my-stack)`): as is when short and printable, else quoted and cut. */
function shownName(name: string): string {
  return name.length <= 80 && /^[\x21-\x7e]*$/.test(name) ? name : quoteValue(name);
}

/** The objects of one distribution: synthesized in an app of its own, never written to disk. */
function render(parsed: ParsedDistribution, settings: RenderSettings): any[] {
  const app = new App({ outdir: path.join(os.tmpdir(), 'cdk8s-llama-stack-cli') });
  app.node.setContext(QUOTED_YAML_CONTEXT, true); // manifestYaml quotes what cdk8s's writer would not
  const chart = new Chart(app, 'render', { disableResourceNameHashes: true });
  distributionFromParsed(chart, parsed.name, parsed, {
    target: settings.target, allowPerPodState: settings.allowPerPodState, allowUnrestrictedVolumes: settings.allowUnrestrictedVolumes,
  });
  app.synthYaml(); // dependency order and construct validations, as `cdk8s synth`
  return chart.toJson();
}

/**
 * The problems as printed: one line each, whatever the input held (control characters escaped, so
 * a newline in a name cannot start a line that looks like another problem; long lines cut).
 */
function problemsText(problems: string[]): string {
  return `${problems.length} problem(s):\n${problems.map((p) => `- ${oneLine(p)}`).join('\n')}\n`;
}

/**
 * Writes YAML documents one at a time, `---` between them, in chunks of about `chunkSize`
 * characters: the output is never one string (which V8 caps at about 512 MB, and `Yaml.stringify`
 * with one argument per object at about 120,000 objects). Byte for byte `manifestYaml(...docs)`
 * (`serialize` is for tests). Returns the number of documents.
 */
export function writeDocuments(docs: Iterable<unknown>, write: (text: string) => void, chunkSize: number = 1_048_576,
  serialize: (doc: unknown) => string = (doc) => manifestYaml(doc)): number {
  let buffer = '';
  let count = 0;
  for (const doc of docs) {
    if (count > 0) buffer += '---\n';
    buffer += serialize(doc);
    count++;
    if (buffer.length >= chunkSize) {
      write(buffer);
      buffer = '';
    }
  }
  if (buffer !== '') write(buffer);
  return count;
}

function settingsFor(args: Args, env: { [name: string]: string | undefined }): RenderSettings {
  const envTarget = args.command === 'argocd-generate' ? env.ARGOCD_ENV_LLAMA_STACK_TARGET : undefined;
  if (args.target === undefined && envTarget !== undefined && envTarget !== '' && !TARGETS[envTarget]) {
    throw new UsageError(`unknown target in ARGOCD_ENV_LLAMA_STACK_TARGET: ${envTarget} (use ${Object.keys(TARGETS).join(', ')})`);
  }
  return {
    target: args.target ?? (envTarget ? TARGETS[envTarget] : ServerTarget.OGX_0_8),
    namespace: args.namespace,
    defaultNamespace: args.command === 'argocd-generate' ? env.ARGOCD_APP_NAMESPACE || undefined : undefined,
    passThrough: args.passThrough || args.command !== 'render',
    allowPerPodState: args.allowPerPodState,
    allowUnrestrictedVolumes: args.allowUnrestrictedVolumes,
  };
}

// ---------------------------------------------------------------------------------------------
// Commands

function readSources(r: Renderer, files: string[], io: CliIo, cwd: string): Input[] {
  const inputs: Input[] = [];
  for (const f of files.length === 0 ? ['-'] : files) {
    const source = f === '-' ? 'stdin' : f;
    let text: string;
    try {
      if (f !== '-' && fs.statSync(path.resolve(cwd, f)).isDirectory()) {
        for (const input of readSources(r, manifestFiles(r, path.resolve(cwd, f)).map((name) => path.join(f, name)), io, cwd)) inputs.push(input);
        continue;
      }
      text = f === '-' ? io.stdin() : fs.readFileSync(path.resolve(cwd, f), 'utf8');
    } catch (e) {
      r.problems.push(`${source}: cannot read: ${(e as Error).message}`);
      continue;
    }
    // Not push(...): a stream of 100,000 documents would be as many arguments.
    for (const input of r.read(text, source)) inputs.push(input);
  }
  return inputs;
}

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The *.yaml / *.yml files of a directory (not its subdirectories), kustomization files aside, sorted. */
function manifestFiles(r: Renderer, dir: string): string[] {
  const files = fs.readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && !KUSTOMIZATION_FILES.includes(f) && fs.statSync(path.join(dir, f)).isFile())
    .sort();
  if (files.length === 0) r.problems.push(`${dir}: no *.yaml or *.yml files to render`);
  return files;
}

/** Kubernetes object names (DNS-1123 subdomains): what --output-dir file names are made of. */
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const OBJECT_NAME_MAX = 253;
/** Kinds: CamelCase identifiers (`ConfigMap`). */
const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;
const NO_FILE_FIX = 'or render to stdout (without --output-dir), where no file is named after it';

/** The file an output goes to (`<name>.k8s.yaml`, `<kind>-<name>.k8s.yaml`), or the problems with its name. */
function outputFile(o: Output): { file?: string; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  let kind: string | undefined;
  let name: unknown = o.name;
  /** A passed-through object without a name is written under its position in the input. */
  let position = false;
  if (o.passed) {
    const k = o.passed.object.kind;
    kind = typeof k === 'string' ? k : 'object';
    if (!KIND.test(kind)) {
      problems.push({ path: 'kind', message: `${quoteValue(k)} is not a Kubernetes kind (letters and digits), and --output-dir names files after it`, fix: `fix the kind, ${NO_FILE_FIX}` });
    }
    name = o.passed.object.metadata?.name ?? o.passed.index;
    position = (o.passed.object.metadata?.name ?? undefined) === undefined;
  }
  if (!position && (typeof name !== 'string' || name.length > OBJECT_NAME_MAX || !OBJECT_NAME.test(name))) {
    problems.push({
      path: 'metadata.name',
      message: typeof name === 'string'
        ? `${quoteValue(name)} is not a Kubernetes object name (lower-case letters, digits, '-' and '.', at most ${OBJECT_NAME_MAX} characters), and --output-dir names files after it`
        : `must be a string, not ${quoteValue(name)}`,
      fix: `use a DNS-1123 subdomain such as my-config, ${NO_FILE_FIX}`,
    });
  }
  if (problems.length > 0) return { problems };
  return { file: kind === undefined ? `${String(name)}.k8s.yaml` : `${kind.toLowerCase()}-${String(name)}.k8s.yaml`, problems };
}

/**
 * The files of --output-dir, every name checked before anything is written: names are validated
 * object names, and (a second guard) each resolved path must be a file directly in the directory.
 */
function plannedFiles(r: Renderer, dir: string): { file: string; objects: any[] }[] {
  const planned: { file: string; objects: any[] }[] = [];
  const seen = new Set<string>();
  for (const o of r.outputs) {
    const { file, problems } = outputFile(o);
    r.report(o.where, problems);
    if (file === undefined) continue;
    if (seen.has(file)) r.problems.push(`--output-dir: two documents would be written to ${file} (same name)`);
    seen.add(file);
    const target = path.resolve(dir, file);
    if (path.dirname(target) !== dir || path.basename(target) !== file) {
      r.fail({ path: '--output-dir', message: `${quoteValue(file)} would be written outside ${dir}`, fix: 'rename the object' });
      continue;
    }
    planned.push({ file: target, objects: o.objects });
  }
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    stat = undefined; // created below
  }
  if (stat !== undefined && !stat.isDirectory()) {
    r.fail({ path: '--output-dir', message: `${dir} exists and is not a directory`, fix: 'name a directory (it is created if missing), or move the file away' });
  }
  return planned;
}

function writeOutputs(r: Renderer, args: Args, io: CliIo, cwd: string): number {
  if (!args.outputDir) {
    writeDocuments(r.objects(), io.stdout);
    return 0;
  }
  const dir = path.resolve(cwd, args.outputDir);
  const planned = plannedFiles(r, dir);
  if (r.problems.length === 0) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      for (const p of planned) {
        const fd = fs.openSync(p.file, 'w');
        try {
          writeDocuments(p.objects, (text) => fs.writeSync(fd, text));
        } finally {
          fs.closeSync(fd);
        }
      }
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      r.fail({ path: '--output-dir', message: `cannot write to ${dir}: ${err.message}`, fix: 'name a directory you may write to (it is created if missing)' });
    }
  }
  if (r.problems.length > 0) {
    io.stderr(problemsText(r.problems));
    return 1;
  }
  return 0;
}

function argocdGenerate(r: Renderer, io: CliIo, cwd: string): Input[] {
  return readSources(r, manifestFiles(r, cwd), io, cwd);
}

const RESOURCE_LIST = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList' };

/** Same apiVersion, kind, name and namespace: the identity kustomize gives a resource. */
function sameObject(a: any, b: any): boolean {
  const id = (o: any) => JSON.stringify([o?.apiVersion, o?.kind, o?.metadata?.name, o?.metadata?.namespace ?? '']);
  return id(a) === id(b);
}

function krm(r: Renderer, io: CliIo): number {
  const docs = r.read(io.stdin(), 'stdin');
  const list = docs[0]?.value as any;
  if (docs.length !== 1 || list?.kind !== RESOURCE_LIST.kind || (list.items !== undefined && !Array.isArray(list.items))) {
    r.problems.push(`stdin: expected one ${RESOURCE_LIST.apiVersion} ${RESOURCE_LIST.kind} (items: [...], functionConfig: {...})`);
  } else {
    const items: unknown[] = list.items ?? [];
    items.forEach((item, i) => r.add({ source: `items[${i}]`, index: i + 1, value: item }));
    // kustomize 4.x also passes a generator's config among the items (marked local-config): render it once.
    const fc = list.functionConfig;
    if (isDistributionManifest(fc) && !items.some((item) => sameObject(item, fc))) {
      r.add({ source: 'functionConfig', index: 0, value: fc });
    }
  }
  const failed = r.problems.length > 0;
  if (failed) io.stderr(problemsText(r.problems));
  io.stdout(manifestYaml({
    ...RESOURCE_LIST,
    items: failed ? [] : r.outputs.flatMap((o) => o.objects),
    ...(failed ? { results: r.problems.map((message) => ({ message: oneLine(message), severity: 'error' })) } : {}),
  }));
  return failed ? 1 : 0;
}

function run(args: Args, io: CliIo): number {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const r = new Renderer(settingsFor(args, env));
  if (args.command === 'krm') return krm(r, io);
  const inputs = args.command === 'render' ? readSources(r, args.files, io, cwd) : argocdGenerate(r, io, cwd);
  for (const input of inputs) r.add(input);
  if (r.problems.length === 0 && !args.allowEmpty && r.outputs.every((o) => o.objects.length === 0)) {
    // An empty render applied by a GitOps tool (with pruning) deletes what it applied before.
    r.fail({
      path: inputName(args),
      message: 'no objects found: the input is empty, or holds only comments and empty documents',
      fix: 'check the input (a wrong file, an empty pipe), or pass --allow-empty to accept an empty result',
    });
  }
  if (r.problems.length > 0) {
    io.stderr(problemsText(r.problems));
    return 1;
  }
  return writeOutputs(r, args, io, cwd);
}

/** The input as a whole, for a problem about all of it. */
function inputName(args: Args): string {
  if (args.command === 'argocd-generate') return '.';
  const names = (args.files.length === 0 ? ['-'] : args.files).map((f) => (f === '-' ? 'stdin' : f));
  return names.length <= 3 ? names.join(', ') : `${names.length} inputs`;
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (args === 'version') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    return run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message ? `error: ${e.message}\n` : ''}${USAGE}\n`);
      return 2;
    }
    // A bug, not bad input: one line, no stack, and the usage error's code.
    let message: string;
    try {
      message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    } catch {
      message = 'an exception that cannot be shown';
    }
    io.stderr(`error: internal error: ${oneLine(message, 500)} (please report it, with the input)\n`);
    return 2;
  }
}
