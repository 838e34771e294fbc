/**
 * `argocd-generate` (alias `generate`): an Argo CD config management plugin. Renders every *.yaml /
 * *.yml file of the current directory; other objects pass through.
 */
import { CliIo } from './io';
import { manifestFiles, readSources } from './render';
import { Input, Renderer } from './renderer';

export function argocdGenerate(r: Renderer, io: CliIo, cwd: string): Input[] {
  return readSources(r, manifestFiles(r, cwd), io, cwd);
}
