/**
 * `--output-dir`: the file each output goes to, named only after valid object names, and the
 * files written all or none, only inside the directory. Every file is written to a temporary
 * directory inside the output directory, then renamed over its place (a rename replaces a name,
 * never follows a link); a symbolic link or anything but a file where a file goes is refused
 * before anything is written. A write that fails midway leaves the directory as it was: the
 * files renamed before it are put back (from hard links to the old ones, taken first), a
 * directory the run made is removed.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Output } from './renderer';
import { Spool, SpoolRange } from './spool';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';

/** Kubernetes object names (DNS-1123 subdomains): what --output-dir file names are made of. */
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const OBJECT_NAME_MAX = 253;
/** Kinds: CamelCase identifiers (`ConfigMap`). */
const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;
const NO_FILE_FIX = 'or render to stdout (without --output-dir), where no file is named after it';

/** The file an output goes to (`<name>.k8s.yaml`, `<kind>-<name>.k8s.yaml`), or the problems with its name. */
export function outputFile(o: Pick<Output, 'name' | 'passed'>): { file?: string; problems: ConfigProblem[] } {
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

/** A file to write: its path (directly in the output directory) and its text in the spool. */
export interface PlannedFile {
  readonly file: string;
  readonly range: SpoolRange;
}

/** Writes every planned file into `dir` (created when missing), or none: the problems, if any. */
export function writeFiles(dir: string, planned: readonly PlannedFile[], spool: Spool): ConfigProblem[] {
  const problems = planned.flatMap((p) => targetProblems(p.file));
  if (problems.length > 0) return problems;
  let made: string | undefined;
  let tmp: string | undefined;
  /** Where each planned file's new text is, and a hard link to its old file (when there was one). */
  const staged: { file: string; next: string; old?: string }[] = [];
  let renamed = 0;
  try {
    made = fs.mkdirSync(dir, { recursive: true });
    tmp = fs.mkdtempSync(path.join(dir, '.cdk8s-llama-stack-'));
    planned.forEach((p, i) => {
      const next = path.join(tmp!, `new-${i}`);
      const fd = fs.openSync(next, 'wx');
      try {
        for (const text of spool.read(p.range)) fs.writeSync(fd, text);
      } finally {
        fs.closeSync(fd);
      }
      staged.push({ file: p.file, next, old: keepOld(p.file, path.join(tmp!, `old-${i}`)) });
    });
    for (const s of staged) {
      fs.renameSync(s.next, s.file);
      renamed++;
    }
  } catch (e) {
    putBack(staged.slice(0, renamed));
    if (made !== undefined) removeQuietly(made);
    return [{ path: '--output-dir', message: `cannot write to ${dir}: ${(e as Error).message}`, fix: 'name a directory you may write to (it is created if missing)' }];
  } finally {
    if (tmp !== undefined) removeQuietly(tmp);
  }
  return [];
}

/** What stands where a file is to be written and may not be replaced: a link (never followed), a directory, a device. */
function targetProblems(file: string): ConfigProblem[] {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return []; // nothing there (or the directory is missing: made when writing)
  }
  if (stat.isFile()) return [];
  if (stat.isSymbolicLink()) {
    return [{ path: '--output-dir', message: `${file} is a symbolic link, where the file would be written: not followed`, fix: 'remove the link, or write to another directory' }];
  }
  return [{
    path: '--output-dir',
    message: `${file} is ${stat.isDirectory() ? 'a directory' : 'not a regular file'}, where the file would be written`,
    fix: 'move it away, or write to another directory',
  }];
}

/** A hard link to the file at `file` (when there is one) at `at`, to put it back: `at`, or undefined. */
function keepOld(file: string, at: string): string | undefined {
  try {
    fs.linkSync(file, at);
    return at;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    fs.copyFileSync(file, at, fs.constants.COPYFILE_EXCL); // a file system without hard links
    return at;
  }
}

/** The files renamed into place put back as they were: the old file again, or no file. */
function putBack(done: readonly { file: string; old?: string }[]): void {
  for (const s of done) {
    try {
      if (s.old !== undefined) fs.renameSync(s.old, s.file);
      else fs.unlinkSync(s.file);
    } catch {
      // as much as can be put back is
    }
  }
}

function removeQuietly(p: string): void {
  try {
    fs.rmSync(p, { recursive: true, force: true });
  } catch {
    // left behind: nothing else to do
  }
}
