/**
 * `render [FILE... | DIR... | -]`: manifests to stdout, or one file per manifest with
 * `--output-dir` (every file name checked before anything is written).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Args } from './args';
import { CliIo, problemsText, writeDocuments } from './io';
import { Input, Output, Renderer } from './renderer';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';

export function readSources(r: Renderer, files: string[], io: CliIo, cwd: string): Input[] {
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
export function manifestFiles(r: Renderer, dir: string): string[] {
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

export function writeOutputs(r: Renderer, args: Args, io: CliIo, cwd: string): number {
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
