import { CliIo, main } from '../../src/cli/main';

/** What one run of the command line printed, and its exit code. */
export interface CliRun { code: number; out: string; err: string }

/** The command line, on the sources and in process, with `stdin` and no environment unless given. */
export async function runCli(argv: string[], stdin = '', io: Partial<CliIo> = {}): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, stdin: () => stdin, env: {}, ...io });
  return { code, out, err };
}
