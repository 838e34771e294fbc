/**
 * `cdk8s-llama-stack`: LlamaStackDistribution manifests (llamastack.io/v1alpha2, or v1alpha1,
 * converted) in, the standalone Kubernetes objects that run them out.
 *
 * - `render [FILE... | -]`: to stdout, or one file per manifest with `--output-dir`.
 * - `argocd-generate` (alias `generate`): an Argo CD config management plugin; renders every
 *   *.yaml / *.yml of the current directory, other objects passed through.
 * - `krm`: a kustomize exec KRM function; a ResourceList in on stdin, one out on stdout.
 * - `--version`: the package's version, from its package.json.
 *
 * Exit codes: 0 ok, 1 invalid input (every problem listed on stderr), 2 usage or internal error.
 */
import { argocdGenerate } from './argocd-generate';
import { Args, packageVersion, parseArgs, settingsFor, strictFor, USAGE, UsageError } from './args';
import { CliIo, PROCESS_IO, problemsText, strictProblems, warningsText } from './io';
import { krm } from './krm';
import { readSources, streamSources, writeOutputs } from './render';
import { Renderer } from './renderer';
import { Spool } from './spool';
import { oneLine } from '../core/quote';

export { CliIo, writeDocuments } from './io';
export { packageVersion } from './args';

function run(args: Args, io: CliIo): number {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const r = new Renderer(settingsFor(args, env, cwd));
  const strict = strictFor(args, env);
  if (args.command === 'krm') return krm(r, io, { strict, allowEmpty: args.allowEmpty });
  const sources = args.command === 'render' ? readSources(args.files, io, cwd) : argocdGenerate(cwd);
  const spool = new Spool(io.spool);
  try {
    const streamed = streamSources(r, sources, spool, args.outputDir !== undefined);
    if (r.problems.length === 0 && !args.allowEmpty && streamed.count === 0) {
      // An empty render applied by a GitOps tool (with pruning) deletes what it applied before.
      r.fail({
        path: inputName(args),
        message: 'no objects found: the input is empty, or holds only comments and empty documents',
        fix: 'check the input (a wrong file, an empty pipe), or pass --allow-empty to accept an empty result',
      });
    }
    if (strict) r.problems.push(...strictProblems(r.warnings.splice(0)));
    if (r.warnings.length > 0) io.stderr(warningsText(r.warnings));
    if (r.problems.length > 0) {
      io.stderr(problemsText(r.problems));
      return 1;
    }
    return writeOutputs(r, streamed, args, io, cwd);
  } finally {
    spool.close();
    for (const s of sources) if (!('problem' in s)) s.close();
  }
}

/** The input as a whole, for a problem about all of it. */
function inputName(args: Args): string {
  if (args.command === 'argocd-generate') return '.';
  const names = (args.files.length === 0 ? ['-'] : args.files).map((f) => (f === '-' ? 'stdin' : f));
  return names.length <= 3 ? names.join(', ') : `${names.length} inputs`;
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (args === 'version') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    return run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message ? `error: ${e.message}\n` : ''}${USAGE}\n`);
      return 2;
    }
    // A bug, not bad input: one line, no stack, and the usage error's code.
    let message: string;
    try {
      message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    } catch {
      message = 'an exception that cannot be shown';
    }
    io.stderr(`error: internal error: ${oneLine(message, 500)} (please report it, with the input)\n`);
    return 2;
  }
}
