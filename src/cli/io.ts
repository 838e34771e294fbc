/** The streams the command line writes to, and how it writes documents and problems. */
import { isAscii } from 'buffer';
import * as fs from 'fs';
import { StringDecoder } from 'string_decoder';
import type { SpoolOptions } from './spool';
import { oneLine } from '../core/quote';
import { manifestYaml } from '../yaml/manifest-yaml';

/** Streams and environment the CLI uses (replaceable in tests). */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => string;
  /** stdin in pieces, for `render` (a long stream is never one string). @default - `stdin()`, whole */
  readonly stdinPieces?: () => Iterable<string>;
  /** @default process.cwd() */
  readonly cwd?: string;
  /** @default process.env */
  readonly env?: { [name: string]: string | undefined };
  /**
   * Where output waits until every input is checked.
   * @default 8 MiB in memory, then a file in os.tmpdir()
   */
  readonly spool?: SpoolOptions;
}

export const PROCESS_IO: CliIo = {
  // Written through before the next write: Node queues what a pipe does not take at once, so a
  // long render into a slow reader (`| kubectl apply -f -`) would hold all of its output.
  stdout: (t) => writeAll(1, t),
  stderr: (t) => process.stderr.write(t),
  stdin: () => utf8Text(fs.readFileSync(0)),
  stdinPieces: () => readPieces(0),
};

/** Waits a little (a non-blocking pipe that is not ready). */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
}

/** The reader went away (`| head`): what is left of the output is dropped, as other tools do. */
let readerGone = false;

/** Characters written at a time, through one buffer: at most 3 bytes each in UTF-8 (a surrogate pair 4 for 2). */
const WRITE_CHARS = 16_384;
const writeBuffer = Buffer.allocUnsafe(3 * WRITE_CHARS);

/** Writes all of `text` to `fd` before returning, waiting while a pipe is full. */
export function writeAll(fd: number, text: string): void {
  for (let start = 0; start < text.length && !readerGone;) {
    let end = Math.min(text.length, start + WRITE_CHARS);
    // Never between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const bytes = writeBuffer.write(text.slice(start, end), 0);
    writeBytes(fd, bytes);
    start = end;
  }
}

function writeBytes(fd: number, length: number): void {
  for (let done = 0; done < length;) {
    try {
      done += fs.writeSync(fd, writeBuffer, done, length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {pause();} else if (code === 'EPIPE') {
        readerGone = true;
        return;
      } else {throw e;}
    }
  }
}

/** How much is read at a time (as small as the parser's window: interop/documents.ts). */
const PIECE = 8_192;

/** UTF-8 text read from `fd` to its end, in pieces (a character cut between reads is kept whole). */
export function* readPieces(fd: number): Generator<string, void, undefined> {
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(PIECE);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(fd, buffer, 0, PIECE, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        pause();
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    const text = decoder.write(buffer.subarray(0, n));
    if (text !== '') yield text;
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/**
 * Bytes read as UTF-8. ASCII is taken byte for byte (latin1 reads it as UTF-8 does), which Node
 * keeps outside V8's heap when it is large: the heap, and how far V8 lets it grow before it
 * collects, is then that of the documents being read, not of the input.
 */
export function utf8Text(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * The problems as printed: one line each, whatever the input held (control characters escaped, so
 * a newline in a name cannot start a line that looks like another problem; long lines cut).
 */
export function problemsText(problems: string[]): string {
  return `${problems.length} problem(s):\n${problems.map((p) => `- ${oneLine(p)}`).join('\n')}\n`;
}

/** Warnings as printed: one line each, `warning: ` first; they do not change the exit code. */
export function warningsText(warnings: string[]): string {
  return warnings.map((w) => `warning: ${oneLine(w)}\n`).join('');
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
