/**
 * `argocd-generate` (alias `generate`): an Argo CD config management plugin. Renders every *.yaml /
 * *.yml file of the current directory; other objects pass through.
 */
import { CliIo } from './io';
import { manifestFiles, readSources } from './render';
import { Source } from './sources';

export function argocdGenerate(io: CliIo, cwd: string): Source[] {
  const { files, problem } = manifestFiles(cwd);
  const sources = readSources(files, io, cwd);
  return problem === undefined ? sources : [{ problem }, ...sources];
}
