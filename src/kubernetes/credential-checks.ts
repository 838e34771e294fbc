/**
 * The last guard against a credential in the rendered objects: every string (and map key) of
 * every object is read for a credential by its shape (core/credential-keys.ts
 * `hasCredentialShape`: a provider key prefix, a JWT, a private key, a URL password), the
 * ConfigMap's config.yaml text included. The input checks refuse the slots they know (env values,
 * Secret keys, auth options, configs given as text) at the user's paths; this is the safety net
 * for every other slot (a model name, an annotation, a label, a host name), with object paths.
 * Secret reference positions (`secretKeyRef`, `secretRef`, `secretName`, `imagePullSecrets`) hold
 * names the user gave as references and are not read. Pure.
 */
import { credentialsIn, hasCredentialShape } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath, indexPath } from '../core/path';

/** Keys whose values name Secrets (references, not values). */
const REFERENCE_KEYS = new Set(['secretKeyRef', 'secretRef', 'secretName', 'imagePullSecrets']);

const MAX_NODES = 200000;

const FIX = 'find the prop or field that sets it and keep the credential in a Secret: '
  + 'env: { <NAME>: SecretRef.fromSecretName(<secret>, <key>) }, apiKey or secretRefs for a provider, ${env.<NAME>} inside a config';

/**
 * Problems for each credential-looking string in `manifests`, never quoting it. What also
 * occurs in `libraryText` (the base config the library ships, whose demo configs hold a
 * `postgres:postgres@localhost` connection string) is the library's, not the user's.
 */
export function credentialLeakProblems(manifests: readonly unknown[], libraryText = ''): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const budget = { nodes: MAX_NODES };
  const found = (path: string, what: string, length: number): void => {
    problems.push({ path, message: `${what} looks like a credential (a string of ${length} characters, not shown): it would be written into the object as is`, fix: FIX });
  };
  const visit = (v: unknown, path: string): void => {
    if (--budget.nodes < 0) return;
    if (typeof v === 'string') {
      if (credentialsIn(v).some((c) => !libraryText.includes(c))) found(path, 'the value', v.length);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, indexPath(path, i)));
      return;
    }
    if (!isObject(v)) return;
    for (const key of Object.keys(v)) {
      if (REFERENCE_KEYS.has(key)) continue;
      if (hasCredentialShape(key)) found(childPath(path, key), 'the key', key.length);
      else visit(v[key], childPath(path, key));
    }
  };
  for (const m of manifests) {
    if (!isObject(m)) continue;
    visit(m, `${String(m.kind)}[${String(isObject(m.metadata) ? m.metadata.name : undefined)}]`);
  }
  return problems;
}
