/**
 * `render [FILE... | DIR... | -]`: manifests to stdout, or one file per manifest with
 * `--output-dir` (every file name checked before anything is written).
 *
 * The input is streamed (read in pieces, sources.ts): each document is read, checked and (passed through) spooled as output
 * text, then let go, so that memory holds one document's values at a time, not the stream's;
 * manifests to render are kept, and rendered once every ConfigMap of the input is known. Nothing
 * is written until every document is checked: a problem anywhere writes nothing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Args } from './args';
import { CliIo, problemsText, writeDocuments } from './io';
import { outputFile, writeFiles } from './output-dir';
import { Input, Prepared, Renderer } from './renderer';
import { fileSource, Source, SourceReadError, stdinSource, TextSource } from './sources';
import { Spool, SpoolRange } from './spool';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { manifestDocumentsFromPieces, ManifestDocument, readManifestDocuments } from '../interop/documents';
import { manifestYaml } from '../yaml/manifest-yaml';

/** The inputs of FILEs, DIRs (their manifest files) and `-` (stdin), in order, to be read in pieces. */
export function readSources(files: string[], io: CliIo, cwd: string): Source[] {
  return readEach(files.length === 0 ? ['-'] : files, io, cwd);
}

/** Each of `files` (a directory's files: none read none, never stdin). */
function readEach(files: string[], io: CliIo, cwd: string): Source[] {
  const sources: Source[] = [];
  for (const f of files) {
    if (f === '-') {
      sources.push(stdinSource(io, io.spool));
      continue;
    }
    try {
      const file = path.resolve(cwd, f);
      if (fs.statSync(file).isDirectory()) {
        // Not push(...): a directory of 100,000 files would be as many arguments.
        for (const s of directorySources(manifestFiles(file), f)) sources.push(s);
        continue;
      }
      sources.push(fileSource(f, file));
    } catch (e) {
      sources.push({ problem: `${f}: cannot read: ${(e as Error).message}` });
    }
  }
  return sources;
}

/** A directory's manifest files as sources, named under `shownDir` (as the user named the directory; '' for the current one). */
export function directorySources(dir: ManifestFiles, shownDir: string): Source[] {
  const shown = (name: string) => (shownDir === '' ? name : path.join(shownDir, name));
  const sources: Source[] = dir.problem !== undefined ? [{ problem: dir.problem }] : [];
  for (const f of dir.files) sources.push('problem' in f ? { problem: `${shown(f.name)}: ${f.problem}` } : fileSource(shown(f.name), f.file));
  return sources;
}

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** A directory's manifest files, sorted: each one's real path, or why it is not read. */
export interface ManifestFiles {
  readonly files: ({ readonly name: string; readonly file: string } | { readonly name: string; readonly problem: string })[];
  /** There are none. */
  readonly problem?: string;
}

/**
 * The *.yaml / *.yml files of a directory (not its subdirectories), kustomization files aside.
 * A symbolic link is followed only to a file inside the directory (a repository's link to
 * `/etc/…` or another team's files is never read, and nothing of that file is shown).
 */
export function manifestFiles(dir: string): ManifestFiles {
  const real = fs.realpathSync(dir);
  const files: ManifestFiles['files'] = [];
  for (const name of fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && !KUSTOMIZATION_FILES.includes(f)).sort()) {
    const file = path.join(real, name);
    if (!fs.lstatSync(file).isSymbolicLink()) {
      if (fs.statSync(file).isFile()) files.push({ name, file });
      continue;
    }
    let target: string;
    try {
      target = fs.realpathSync(file);
    } catch {
      files.push({ name, problem: 'a symbolic link to a file that does not exist — remove the link, or restore its file' });
      continue;
    }
    if (!target.startsWith(real + path.sep)) {
      files.push({
        name,
        problem: 'a symbolic link to a file outside the directory: not read (nothing of it is shown)'
          + ' — copy the file into the directory, or name it on the command line (render FILE)',
      });
    } else if (fs.statSync(target).isFile()) {
      files.push({ name, file: target });
    }
  }
  return { files, problem: files.length === 0 ? `${dir}: no *.yaml or *.yml files to render` : undefined };
}

/**
 * What the output holds, in input order: spooled documents (a run of passed-through documents on
 * stdout; with --output-dir, one document and its file), or a manifest, rendered last.
 */
interface Part {
  range?: SpoolRange;
  /** Documents in `range`. */
  count: number;
  /** A manifest: its place in `Streamed.manifests`. */
  readonly manifest?: number;
  /** --output-dir: the file, or the problems with its name (and where the document came from). */
  file?: string;
  where?: string;
  problems?: ConfigProblem[];
}

/** An input read through: the output spooled, or problems in the renderer. */
export interface Streamed {
  readonly spool: Spool;
  readonly parts: Part[];
  /** Objects to write. */
  readonly count: number;
}

/**
 * Reads every source document by document: problems reported in input order, passed-through
 * documents spooled as output text (while there is no problem: a run with one writes nothing),
 * manifests kept. Then every manifest is checked against the input's ConfigMaps and rendered.
 * `sources` is emptied and closed; `spool` is the caller's to close.
 */
export function streamSources(r: Renderer, sources: Source[], spool: Spool, outputDir: boolean): Streamed {
  const parts: Part[] = [];
  const manifests: Input[] = [];
  /** A ConfigMap was read: manifests that name ConfigMaps take a second read for them. */
  let configMaps = false;
  let passed = 0;
  /** Sources read from their whole text (not document by document): a syntax error, with its line. */
  const whole = new Set<number>();

  const take = (source: string, d: ManifestDocument): void => {
    if (d.problems.length > 0) {
      r.report(`${source}: document ${d.index}`, d.problems);
      return;
    }
    if (d.value === null) return;
    const v = d.value as any;
    if (v?.kind === 'ConfigMap') configMaps = true;
    if (!r.passesThrough(v)) {
      parts.push({ manifest: manifests.length, count: 0 });
      manifests.push({ source, index: d.index, value: v });
      return;
    }
    passed++;
    if (r.problems.length > 0) return; // nothing will be written
    const last = parts[parts.length - 1];
    if (outputDir) {
      const where = `${source}: document ${d.index}`;
      const { file, problems } = outputFile({ passed: { object: v, index: d.index } });
      parts.push({ range: spool.append(manifestYaml(v)), count: 1, file, ...(problems.length > 0 ? { where, problems } : {}) });
    } else if (last?.range !== undefined && last.range.end === spool.size) {
      last.range = { start: last.range.start, end: spool.append(`---\n${manifestYaml(v)}`).end };
      last.count++;
    } else {
      parts.push({ range: spool.append(manifestYaml(v)), count: 1 });
    }
  };

  /** Reads a source; one that cannot be read to its end is a problem, in its place. */
  const reading = (read: () => void): void => {
    try {
      read();
    } catch (e) {
      if (!(e instanceof SourceReadError)) throw e;
      if (!r.problems.includes(e.message)) r.problems.push(e.message);
    }
  };

  sources.forEach((s, i) => {
    if ('problem' in s) {
      r.problems.push(s.problem);
      return;
    }
    reading(() => {
      // What this source adds, to be taken back if it does not read cleanly document by document.
      const mark = { problems: r.problems.length, parts: parts.length, manifests: manifests.length, passed, last: lastRun(parts) };
      const docs = manifestDocumentsFromPieces(s.pieces());
      for (let next = docs.next(); ; next = docs.next()) {
        if (next.done) {
          if (next.value) return;
          break;
        }
        take(s.source, next.value);
      }
      r.problems.length = mark.problems;
      parts.length = mark.parts;
      manifests.length = mark.manifests;
      passed = mark.passed;
      if (mark.last !== undefined) Object.assign(parts[mark.parts - 1], mark.last);
      whole.add(i);
      // Read whole, to word a syntax error with its line: this source's text is in memory.
      for (const d of readManifestDocuments(wholeText(s))) take(s.source, d);
    });
  });

  const prepared: Prepared[] = manifests.map((input) => r.prepare(input));
  const wanted = new Set(prepared.flatMap((p) => r.configMapNames(p)));
  if (wanted.size > 0 && configMaps) {
    // The ConfigMaps the manifests name, wherever they are in the input: read again (files from
    // disk, stdin from its spool), their values kept this time.
    const add = (d: ManifestDocument): void => {
      const v = d.value as any;
      if (v?.kind === 'ConfigMap' && typeof v.metadata?.name === 'string' && wanted.has(v.metadata.name)) r.addConfigMap(v);
    };
    sources.forEach((s, i) => {
      if ('problem' in s) return;
      reading(() => {
        if (!whole.has(i)) {
          const docs = manifestDocumentsFromPieces(s.pieces());
          let next = docs.next();
          for (; !next.done; next = docs.next()) add(next.value);
          if (next.value) return;
        }
        // Read whole: the same documents (those added again are set to the same values, in the same order).
        for (const d of readManifestDocuments(wholeText(s))) add(d);
      });
    });
  }
  for (const s of sources) if (!('problem' in s)) s.close();
  sources.length = 0;
  let count = passed;
  for (const part of parts) {
    if (part.manifest === undefined) continue;
    const output = r.complete(prepared[part.manifest]);
    if (output === undefined) continue;
    count += output.objects.length;
    if (r.problems.length > 0) continue;
    const start = spool.size;
    writeDocuments(output.objects, (text) => spool.append(text));
    part.range = { start, end: spool.size };
    part.count = output.objects.length;
    if (outputDir) {
      const { file, problems } = outputFile(output);
      Object.assign(part, { file, ...(problems.length > 0 ? { where: output.where, problems } : {}) });
    }
  }
  return { spool, parts, count };
}

/** A source's whole text (a stream with a syntax error is read whole, to word it with its line). */
function wholeText(s: TextSource): string {
  let text = '';
  for (const piece of s.pieces()) text += piece;
  return text;
}

/** The last part when it is a run that documents may still be added to: its range and count, to put back. */
function lastRun(parts: Part[]): { range: SpoolRange; count: number } | undefined {
  const last = parts[parts.length - 1];
  return last?.range !== undefined ? { range: last.range, count: last.count } : undefined;
}

/**
 * The files of --output-dir, every name checked before anything is written: names are validated
 * object names, and (a second guard) each resolved path must be a file directly in the directory.
 */
function plannedFiles(r: Renderer, streamed: Streamed, dir: string): { file: string; range: SpoolRange }[] {
  const planned: { file: string; range: SpoolRange }[] = [];
  const seen = new Set<string>();
  for (const part of streamed.parts) {
    if (part.range === undefined && part.problems === undefined) continue; // a manifest that rendered nothing
    if (part.problems !== undefined) r.report(part.where!, part.problems);
    const file = part.file;
    if (file === undefined) continue;
    if (seen.has(file)) r.problems.push(`--output-dir: two documents would be written to ${file} (same name)`);
    seen.add(file);
    const target = path.resolve(dir, file);
    if (path.dirname(target) !== dir || path.basename(target) !== file) {
      r.fail({ path: '--output-dir', message: `${quoteValue(file)} would be written outside ${dir}`, fix: 'rename the object' });
      continue;
    }
    planned.push({ file: target, range: part.range! });
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

/** Writes the spooled output: to stdout in chunks of about 1 MiB, or one file per part with --output-dir. */
export function writeOutputs(r: Renderer, streamed: Streamed, args: Args, io: CliIo, cwd: string): number {
  if (!args.outputDir) {
    let written = 0;
    const out = new Chunks(io.stdout);
    for (const part of streamed.parts) {
      if (part.range === undefined || part.count === 0) continue;
      if (written > 0) out.write('---\n');
      for (const text of streamed.spool.read(part.range)) out.write(text);
      written += part.count;
    }
    out.end();
    return 0;
  }
  const dir = path.resolve(cwd, args.outputDir);
  const planned = plannedFiles(r, streamed, dir);
  if (r.problems.length === 0) for (const p of writeFiles(dir, planned, streamed.spool)) r.fail(p);
  if (r.problems.length > 0) {
    io.stderr(problemsText(r.problems));
    return 1;
  }
  return 0;
}

/**
 * Text written on in chunks of about `size` characters (64 Ki: strings that small are
 * young-generation garbage; larger ones stay in V8's heap until a full collection).
 */
class Chunks {
  private buffer: string[] = [];
  private length = 0;

  constructor(private readonly write_: (text: string) => void, private readonly size = 65_536) {}

  write(text: string): void {
    this.buffer.push(text);
    this.length += text.length;
    if (this.length >= this.size) this.end();
  }

  end(): void {
    if (this.length === 0) return;
    const text = this.buffer.join('');
    this.buffer = [];
    this.length = 0;
    this.write_(text);
  }
}
