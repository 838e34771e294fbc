/**
 * Output text kept until every input is checked (a problem anywhere writes nothing): in memory
 * while it is small, in a temporary file past a limit, so that a long stream's output costs a
 * bounded amount of memory. Byte ranges of it are read back in the order the caller asks.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { StringDecoder } from 'string_decoder';

/** Where output is spooled (replaceable in tests). */
export interface SpoolOptions {
  /**
   * Bytes kept in memory before the text goes to a temporary file.
   * @default 8 MiB
   */
  readonly memoryBytes?: number;
  /**
   * Where the temporary file is made, in a directory of its own: both removed as soon as the file
   * is open where the system allows it (POSIX), else when the run ends; memory is used instead
   * when none can be made.
   * @default os.tmpdir()
   */
  readonly dir?: string;
}

/** A byte range of the spool: [start, end). */
export interface SpoolRange {
  readonly start: number;
  readonly end: number;
}

const CHUNK = 1_048_576;
/** Text is read back in pieces of this many bytes: strings this small are young-generation garbage. */
const PIECE = 65_536;

export class Spool {
  /** Bytes appended so far. */
  private bytes = 0;
  /**
   * Text appended since the last flush, as bytes: each text is copied in as it comes, so that the
   * strings themselves die young (strings kept until a flush would fill the heap's old space).
   */
  private pending = Buffer.allocUnsafe(CHUNK);
  private pendingBytes = 0;
  /** Flushed bytes held in memory (no file yet, or none could be made), from offset 0. */
  private memory: Buffer[] = [];
  private memoryBytes = 0;
  /** The temporary file, once there is one; flushed bytes are in it from offset 0. */
  private fd: number | undefined;
  private fileBytes = 0;
  private tmp: string | undefined;
  /** No file after all: it could not be made or written. */
  private memoryOnly = false;
  /** The last block read back from the file, for ranges read in order. */
  private block: { start: number; length: number; data: Buffer } | undefined;

  constructor(private readonly options: SpoolOptions = {}) {}

  /** The number of bytes appended so far: where the next text starts. */
  get size(): number {
    return this.bytes;
  }

  /** Appends text; returns where it is. */
  append(text: string): SpoolRange {
    const start = this.bytes;
    const n = Buffer.byteLength(text, 'utf8');
    if (this.pendingBytes + n > this.pending.length) this.flush();
    if (n > this.pending.length) this.store(Buffer.from(text, 'utf8'));
    else this.pendingBytes += this.pending.write(text, this.pendingBytes, 'utf8');
    this.bytes += n;
    return { start, end: this.bytes };
  }

  /** The text of `range`, in pieces of at most 64 KiB (never a character cut in two). */
  * read(range: SpoolRange): IterableIterator<string> {
    if (range.start >= range.end) return;
    this.flush();
    const decoder = new StringDecoder('utf8');
    for (let at = range.start; at < range.end;) {
      const piece = this.bytesAt(at, Math.min(range.end - at, PIECE));
      at += piece.length;
      const text = decoder.write(piece);
      if (text !== '') yield text;
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  }

  /** Closes and removes the temporary file, if any. */
  close(): void {
    if (this.fd !== undefined) {
      try {
        fs.closeSync(this.fd);
      } catch {
        // closed already
      }
      this.fd = undefined;
    }
    this.removeTmp();
    this.memory = [];
    this.pendingBytes = 0;
    this.block = undefined;
  }

  /** Stores the pending bytes. */
  private flush(): void {
    if (this.pendingBytes === 0) return;
    const data = Buffer.from(this.pending.subarray(0, this.pendingBytes)); // a copy: the buffer is used again
    this.pendingBytes = 0;
    this.store(data);
  }

  /** Stores bytes after those stored before: in the file, or in memory. */
  private store(data: Buffer): void {
    if (this.fd === undefined && !this.memoryOnly && this.memoryBytes + data.length > (this.options.memoryBytes ?? 8 * CHUNK)) this.open();
    if (this.fd !== undefined) {
      try {
        writeAll(this.fd, data, this.fileBytes);
        this.fileBytes += data.length;
        return;
      } catch {
        this.toMemory(); // a full disk: memory after all
      }
    }
    this.memory.push(data);
    this.memoryBytes += data.length;
  }

  /** Makes the temporary file and moves what memory holds into it; memory stays in use when that fails. */
  private open(): void {
    let written = 0;
    try {
      this.tmp = fs.mkdtempSync(path.join(this.options.dir ?? os.tmpdir(), 'cdk8s-llama-stack-'));
      this.fd = fs.openSync(path.join(this.tmp, 'output.yaml'), 'w+', 0o600);
      for (const data of this.memory) {
        writeAll(this.fd, data, written);
        written += data.length;
      }
    } catch {
      if (this.fd !== undefined) fs.closeSync(this.fd);
      this.fd = undefined;
      this.memoryOnly = true;
      this.removeTmp();
      return;
    }
    this.fileBytes = written;
    this.memory = [];
    this.memoryBytes = 0;
    // Removed now where the system allows it (POSIX): the file lives while it is open, and even a
    // killed process leaves nothing behind. Elsewhere it is removed by close().
    this.removeTmp();
  }

  /** Gives up the file: what it holds comes back into memory, and memory is used from now on. */
  private toMemory(): void {
    const fd = this.fd!;
    const data = Buffer.alloc(this.fileBytes);
    readAll(fd, data, 0);
    fs.closeSync(fd);
    this.fd = undefined;
    this.memory = [data];
    this.memoryBytes = data.length;
    this.fileBytes = 0;
    this.block = undefined;
    this.memoryOnly = true;
    this.removeTmp();
  }

  private removeTmp(): void {
    if (this.tmp === undefined) return;
    try {
      fs.rmSync(this.tmp, { recursive: true, force: true });
      this.tmp = undefined;
    } catch {
      // still open where the system does not remove open files: close() tries again
    }
  }

  /** Up to `length` flushed bytes from offset `at` (at least one). */
  private bytesAt(at: number, length: number): Buffer {
    if (this.fd === undefined) {
      let offset = 0;
      for (const data of this.memory) {
        if (at < offset + data.length) return data.subarray(at - offset, Math.min(data.length, at - offset + length));
        offset += data.length;
      }
      throw new Error(`spool: no byte at ${at}`);
    }
    const b = this.block;
    if (b === undefined || at < b.start || at >= b.start + b.length) {
      // One buffer, read into again: what was read from it before is text by now.
      const data = b?.data ?? Buffer.allocUnsafe(CHUNK);
      const n = Math.min(data.length, this.fileBytes - at);
      readAll(this.fd, data.subarray(0, n), at);
      this.block = { start: at, length: n, data };
    }
    const block = this.block!;
    return block.data.subarray(at - block.start, Math.min(block.length, at - block.start + length));
  }
}

function writeAll(fd: number, data: Buffer, position: number): void {
  for (let done = 0; done < data.length;) done += fs.writeSync(fd, data, done, data.length - done, position + done);
}

function readAll(fd: number, data: Buffer, position: number): void {
  for (let done = 0; done < data.length;) {
    const n = fs.readSync(fd, data, done, data.length - done, position + done);
    if (n === 0) throw new Error('spool: the temporary file is shorter than what was written to it');
    done += n;
  }
}
