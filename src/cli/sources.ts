/**
 * The inputs of `render` and `argocd-generate`, read in pieces of 8 KiB: a file as often as it
 * is read (from disk each time), stdin once, kept in a spool (memory up to its limit, then a
 * temporary file) for a second read. The texts are never whole in memory, only a piece at a time.
 */
import * as fs from 'fs';
import { CliIo, InvalidUtf8Error, readPieces } from './io';
import { Spool, SpoolOptions } from './spool';

/** An input in order: pieces of its text and where it came from, or why it could not be read. */
export type Source = TextSource | { readonly problem: string };

export interface TextSource {
  /** `stdin` or the file as named on the command line. */
  readonly source: string;
  /** The text, in pieces; each call reads it from the start. Throws `SourceReadError`. */
  pieces(): Iterable<string>;
  /** Lets go of what reading kept (stdin's spool). */
  close(): void;
}

/** A source that could not be read to its end. */
export class SourceReadError extends Error {}

/** A file, read from disk each time its pieces are asked for. */
export function fileSource(source: string, file: string): TextSource {
  return {
    source,
    * pieces() {
      let fd: number;
      try {
        fd = fs.openSync(file, 'r');
      } catch (e) {
        throw new SourceReadError(`${source}: cannot read: ${(e as Error).message}`);
      }
      try {
        yield* readOrFail(source, readPieces(fd));
      } finally {
        fs.closeSync(fd);
      }
    },
    close() {},
  };
}

function* readOrFail(source: string, pieces: Iterable<string>): Generator<string, void, undefined> {
  const it = pieces[Symbol.iterator]();
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = it.next();
    } catch (e) {
      throw new SourceReadError(`${source}: ${readErrorText(e)}`);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** Why a source could not be read, worded for a problem line (after its name). */
export function readErrorText(e: unknown): string {
  if (e instanceof InvalidUtf8Error) return `${e.message} — save the file as UTF-8 (YAML and Kubernetes read UTF-8 only)`;
  return `cannot read: ${(e as Error).message}`;
}

/**
 * stdin (io.stdinPieces, else io.stdin whole): read once, each piece spooled as it is read, so
 * a second read, or one that stopped early and starts again, reads the spool and then goes on.
 */
export function stdinSource(io: CliIo, spoolOptions: SpoolOptions | undefined): TextSource {
  let live: Iterator<string> | undefined;
  let ended = false;
  let spool: Spool | undefined;
  return {
    source: 'stdin',
    * pieces() {
      spool ??= new Spool(spoolOptions);
      if (spool.size > 0) yield* spool.read({ start: 0, end: spool.size });
      if (ended) return;
      live ??= readOrFail('stdin', io.stdinPieces ? io.stdinPieces() : [io.stdin()])[Symbol.iterator]();
      for (let next = live.next(); !next.done; next = live.next()) {
        spool.append(next.value);
        yield next.value;
      }
      ended = true;
    },
    close() {
      spool?.close();
      spool = undefined;
    },
  };
}
