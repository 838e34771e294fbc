import { brand, isMadeBy } from './brand';

/** One thing wrong with the input: where, what, and how to fix it. */
export interface ConfigProblem {
  /** Field path, e.g. `spec.providers.inference[1].id` or `baseConfig`. */
  readonly path: string;
  /** What is wrong (the operator's or the CRD's wording where it has one). */
  readonly message: string;
  /** How to fix it (every problem has one), in the words of the construct's props. */
  readonly fix: string;
  /**
   * The fix in the words of the other readers, where they differ from `fix` (a manifest's user
   * writes spec fields and command-line flags, not props). Each reader reports the one in its own
   * words as `fix` and leaves this out: nothing rewrites a fix's text.
   * @default - `fix` in every reader's words
   */
  readonly fixes?: ProblemFixes;
}

/** A fix as each reader of a problem writes it. */
export interface ProblemFixes {
  /**
   * For a LlamaStackDistribution manifest (the manifest reader and the command line): spec fields and flags.
   * @default - the problem's `fix`
   */
  readonly manifest?: string;
  /**
   * For an `ogx.io/v1beta1 OGXServer` manifest: its fields.
   * @default - the `manifest` fix
   */
  readonly ogxServer?: string;
}

/** The readers a problem is said to, each in its own words. */
export type Reader = 'props' | 'manifest' | 'ogxServer';

/** The fix of `p` in `reader`'s words. */
export function fixFor(p: ConfigProblem, reader: Reader): string {
  if (reader === 'props') return p.fix;
  if (reader === 'manifest') return p.fixes?.manifest ?? p.fix;
  return p.fixes?.ogxServer ?? p.fixes?.manifest ?? p.fix;
}

/** Each problem once, as its reader is told it: the first of equal path and message wins. */
export function distinct(problems: readonly ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Renders one problem as `path: message — fix`. */
export function formatProblem(p: ConfigProblem): string {
  return `${p.path}: ${p.message} — ${p.fix}`;
}

/**
 * The only error the library throws for bad input. `problems` lists every problem found;
 * the message lists them one per line.
 *
 * TypeScript and JavaScript: `import { LlamaStackConfigError } from 'cdk8s-llama-stack'` and
 * `instanceof`. jsii cannot carry a subclass of `Error` to other languages: there the exception
 * is the runtime's JavaScript error whose message starts with the first problem (or
 * `N problems:`), one `path: message — fix` line per problem.
 *
 * @jsii ignore a subclass of Error has no jsii form; other languages see the message
 */
export class LlamaStackConfigError extends Error {
  /**
   * `instanceof LlamaStackConfigError` holds for an error thrown by any copy of this library (an
   * app may load two).
   * @internal
   */
  public static [Symbol.hasInstance]<T>(this: { prototype: T }, x: unknown): x is T {
    return (this as unknown) === LlamaStackConfigError ? isMadeBy(x, 'LlamaStackConfigError') : Function.prototype[Symbol.hasInstance].call(this, x);
  }

  /** Every problem found, in a stable order. */
  public readonly problems!: ConfigProblem[];

  constructor(problems: ConfigProblem[]) {
    const lines = problems.map(formatProblem);
    super(lines.length === 1 ? lines[0] : `${lines.length} problems:\n${lines.map((l) => `- ${l}`).join('\n')}`);
    // Not enumerable: Node prints an uncaught error with its own enumerable properties, which
    // would list every problem a second time (a failed `npx cdk8s synth`).
    Object.defineProperty(this, 'name', { value: 'LlamaStackConfigError', enumerable: false, writable: true, configurable: true });
    Object.defineProperty(this, 'problems', { value: problems, enumerable: false, writable: false, configurable: true });
    Object.setPrototypeOf(this, LlamaStackConfigError.prototype);
    brand(this, 'LlamaStackConfigError');
    const stack = withoutLibraryFrames(this.stack);
    if (stack !== undefined) Object.defineProperty(this, 'stack', { value: stack, enumerable: false, writable: true, configurable: true });
  }
}

/** The library's source folder (`src/` or the compiled `lib/`): this file is in its `core/`. */
const LIBRARY_DIR = __dirname.replace(/[\\/]core$/, '');

/**
 * The stack without the frames inside the library: what is left starts at the user's call (the
 * construct, factory or command that was given the input).
 */
function withoutLibraryFrames(stack: string | undefined): string | undefined {
  if (typeof stack !== 'string' || LIBRARY_DIR === __dirname) return undefined;
  const lines = stack.split('\n');
  const first = lines.findIndex((l) => /^\s+at /.test(l));
  if (first < 0) return undefined;
  const frames = lines.slice(first).filter((l) => !l.includes(`${LIBRARY_DIR}/`) && !l.includes(`${LIBRARY_DIR}\\`));
  return [...lines.slice(0, first), ...frames].join('\n');
}

/** Throws a `LlamaStackConfigError` with a single problem. */
export function fail(path: string, message: string, fix: string): never {
  throw new LlamaStackConfigError([{ path, message, fix }]);
}
