/** The streams the command line writes to, and how it writes documents and problems. */
import { isAscii } from 'buffer';
import * as fs from 'fs';
import { TextDecoder } from 'util';
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

/**
 * Input that is not UTF-8, at `offset` (bytes from its start): refused, never read with U+FFFD in
 * place of what it holds (a YAML or Kubernetes reader would not read the same text).
 */
export class InvalidUtf8Error extends Error {
  constructor(readonly offset: number, readonly byte?: number) {
    super(`not UTF-8: the byte at offset ${offset}${byte !== undefined ? ` (0x${byte.toString(16).padStart(2, '0')})` : ''} starts no character`);
  }
}

/** UTF-8 that refuses what is not (a byte order mark is kept, as the YAML reader expects it). */
function strictDecoder(): TextDecoder {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
}

/**
 * The bytes at the end of `tail` that start a character not complete yet (0 to 3), in text that
 * decoded without error so far.
 */
function pendingLength(tail: Uint8Array): number {
  for (let k = 1; k <= Math.min(3, tail.length); k++) {
    const c = tail[tail.length - k];
    if (c < 0x80) return 0;
    if (c >= 0xc0) return (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2) > k ? k : 0;
  }
  return 0;
}

/**
 * Where the first byte sequence that is not UTF-8 starts in `b` (the WHATWG decoder's rules: no
 * overlong forms, no surrogates, nothing above U+10FFFF), or -1; a character cut short by the end
 * of `b` is an error only when `end` says no more bytes follow.
 */
export function invalidUtf8At(b: Uint8Array, end: boolean): number {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) {
      n = 1;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else {
      return i;
    }
    for (let k = 1; k <= n; k++) {
      if (i + k >= b.length) return end ? i : -1;
      const d = b[i + k];
      if (d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return -1;
}

/** The error for bytes `b` that failed to decode, `start` being the offset of `b[0]` in the input. */
function invalidAt(b: Uint8Array, start: number, end: boolean): InvalidUtf8Error {
  const i = Math.max(0, invalidUtf8At(b, end));
  return new InvalidUtf8Error(start + i, b[i]);
}

/** How much is read at a time (as small as the parser's window: interop/documents.ts). */
const PIECE = 8_192;

/**
 * UTF-8 text read from `fd` to its end, in pieces (a character cut between reads is kept whole).
 * Throws InvalidUtf8Error where it stops being UTF-8.
 */
export function* readPieces(fd: number): Generator<string, void, undefined> {
  const decoder = strictDecoder();
  const buffer = Buffer.allocUnsafe(PIECE);
  /** Bytes read before the current piece, and the last three of them (what the decoder may hold). */
  let offset = 0;
  let tail = Buffer.alloc(0);
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
    const piece = buffer.subarray(0, n);
    const pending = pendingLength(tail);
    let text: string;
    try {
      // ASCII (nothing held from the piece before) is taken byte for byte.
      text = pending === 0 && isAscii(piece) ? piece.toString('latin1') : decoder.decode(piece, { stream: true });
    } catch {
      throw invalidAt(Buffer.concat([tail.subarray(tail.length - pending), piece]), offset - pending, false);
    }
    offset += n;
    tail = Buffer.concat([tail, piece]).subarray(-3);
    if (text !== '') yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    const pending = pendingLength(tail);
    throw invalidAt(tail.subarray(tail.length - pending), offset - pending, true);
  }
  if (rest !== '') yield rest;
}

/**
 * Bytes read as UTF-8 (throws InvalidUtf8Error where they stop being UTF-8). ASCII is taken byte
 * for byte (latin1 reads it as UTF-8 does), which Node keeps outside V8's heap when it is large:
 * the heap, and how far V8 lets it grow before it collects, is then that of the documents being
 * read, not of the input.
 */
export function utf8Text(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  try {
    return strictDecoder().decode(bytes);
  } catch {
    throw invalidAt(bytes, 0, true);
  }
}

/**
 * The problems as printed: one line each, whatever the input held (control characters escaped, so
 * a newline in a name cannot start a line that looks like another problem; long lines cut).
 */
export function problemsText(problems: string[]): string {
  return `${problems.length} problem(s):\n${problems.map((p) => `- ${oneLine(p)}`).join('\n')}\n`;
}

/** With --strict, each warning as a problem. */
export function strictProblems(warnings: readonly string[]): string[] {
  return warnings.map((w) => `warning, an error with --strict: ${w}`);
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
