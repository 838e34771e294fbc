/** The streams the command line writes to, and how it writes documents and problems. */
import { isAscii } from 'buffer';
import * as fs from 'fs';
import type { SpoolOptions } from './spool';
import { oneLine } from '../core/quote';
import { manifestYaml } from '../kubernetes/manifest-yaml';

/** Streams and environment the CLI uses (replaceable in tests). */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => string;
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
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stdin: () => utf8Text(fs.readFileSync(0)),
};

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
