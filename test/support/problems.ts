import { LlamaStackConfigError } from '../../src/config/errors';

/** The problems (path and message) of the LlamaStackConfigError `fn` throws; fails if it throws none. */
export function problemsOf(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => ({ path: p.path, message: p.message }));
    throw e;
  }
  throw new Error('expected a LlamaStackConfigError');
}

/** The same problems as `path: message — fix` lines. */
export function problemLines(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
    throw e;
  }
  throw new Error('expected a LlamaStackConfigError');
}
