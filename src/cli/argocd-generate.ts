/**
 * `argocd-generate` (alias `generate`): an Argo CD config management plugin. Renders every *.yaml /
 * *.yml file of the current directory; other objects pass through.
 */
import { directorySources, manifestFiles } from './render';
import { Source } from './sources';

export function argocdGenerate(cwd: string): Source[] {
  return directorySources(manifestFiles(cwd), '');
}
