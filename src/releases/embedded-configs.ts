/**
 * The operator's embedded base configs (`starter`, `remote-vllm`, `meta-reference-gpu`,
 * `postgres-demo`), shipped in the package under `data/operator/configs/<name>/config.yaml`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ConfigProblem } from '../core/errors';

const DATA_DIR = path.join(__dirname, '..', '..', 'data', 'operator', 'configs');

/** Names of the embedded base configs. */
export const EMBEDDED_DISTRIBUTIONS: readonly string[] = ['meta-reference-gpu', 'postgres-demo', 'remote-vllm', 'starter'];

const cache = new Map<string, string>();

/** The text of an embedded base config, or the problem of an unknown name (with the known ones). */
export function embeddedBaseConfig(name: string, fieldPath = 'spec.distribution.name'): { readonly text: string } | { readonly problems: ConfigProblem[] } {
  if (!EMBEDDED_DISTRIBUTIONS.includes(name)) {
    return {
      problems: [{
        path: fieldPath,
        message: `failed to load embedded config for distribution ${JSON.stringify(name)}: open configs/${name}/config.yaml: file does not exist`,
        fix: `use one of ${EMBEDDED_DISTRIBUTIONS.join(', ')}, or pass baseConfigYaml`,
      }],
    };
  }
  let text = cache.get(name);
  if (text === undefined) {
    text = fs.readFileSync(path.join(DATA_DIR, name, 'config.yaml'), 'utf8');
    cache.set(name, text);
  }
  return { text };
}
