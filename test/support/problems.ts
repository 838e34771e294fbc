import { Chart, Testing } from 'cdk8s';
import { ConfigProblem, LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';

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

/** `path: message` of each problem of the LlamaStackConfigError `fn` throws; fails if it throws none or something else. */
export function pathMessages(fn: () => unknown): string[] {
  return problemsOf(fn).map((p) => `${p.path}: ${p.message}`);
}

/** `path: message` of each problem `LlamaStackDistribution` reports for `props`; none when it synthesizes. */
export function distributionProblems(props: LlamaStackDistributionProps, chart: Chart = Testing.chart(), id = 'llama'): string[] {
  return distributionReport(props, chart, id, (p) => `${p.path}: ${p.message}`);
}

/** The same as `path: fix` lines. */
export function distributionFixes(props: LlamaStackDistributionProps): string[] {
  return distributionReport(props, Testing.chart(), 'llama', (p) => `${p.path}: ${p.fix}`);
}

function distributionReport(props: LlamaStackDistributionProps, chart: Chart, id: string, line: (p: ConfigProblem) => string): string[] {
  try {
    new LlamaStackDistribution(chart, id, props);
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return e.problems.map(line);
  }
  return [];
}

/** The fix of each problem of the LlamaStackConfigError `fn` throws; fails if it throws none. */
export function fixesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => p.fix);
    throw e;
  }
  throw new Error('expected a LlamaStackConfigError');
}

/** The one problem of the LlamaStackConfigError `fn` throws, as a `path: message — fix` line; fails if there are more. */
export function problemLine(fn: () => unknown): string {
  const all = problemLines(fn);
  expect(all).toHaveLength(1);
  return all[0];
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

/**
 * The problems of the LlamaStackConfigError `fn` throws, checked to hold `secret` nowhere (message,
 * each problem's path, message and fix); fails if it throws nothing or something else.
 */
export function rejectedWithout(secret: string, fn: () => unknown): { path: string; message: string; fix?: string }[] {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (!(error instanceof LlamaStackConfigError)) throw new Error(`expected a LlamaStackConfigError, got ${error === undefined ? 'none' : String(error)}`);
  expect(error.message).not.toContain(secret);
  expect(String(error)).not.toContain(secret);
  for (const p of error.problems) {
    for (const text of [p.path, p.message, p.fix ?? '']) expect(text).not.toContain(secret);
  }
  expect(JSON.stringify(error.problems)).not.toContain(secret);
  return error.problems;
}
