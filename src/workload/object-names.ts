import { looksLikeCredential } from '../core/credential-keys';
import type { ProblemFixes } from '../core/errors';
import { quoteValue } from '../core/quote';
import { isDns1035Name } from '../kubernetes/name-rules';

/**
 * Object names, derived from the distribution's name the way the operator derives them
 * (`N`, `N-service`, `N-sa`, …), plus the generated ConfigMap `N-config-<first 8 hex of hash>`.
 */
export interface ObjectNames {
  readonly deployment: string;
  readonly service: string;
  readonly serviceAccount: string;
  readonly pvc: string;
  readonly networkPolicy: string;
  readonly hpa: string;
  readonly pdb: string;
  readonly ingress: string;
  /** The Gateway API HTTPRoute (when exposed through a Gateway). */
  readonly httpRoute: string;
  /** The OpenShift Route: the base name, so the router's default host reads `N-<namespace>.<apps domain>`. */
  readonly route: string;
  /** The OpenShift ConfigMap the cluster's trusted CAs are injected into. */
  readonly trustedCa: string;
}

export function objectNames(name: string): ObjectNames {
  // Every renderer of one distribution asks for the same name in turn: the last answer is kept.
  if (last?.name !== name) last = { name, names: Object.freeze(derivedNames(name)) };
  return last.names;
}
let last: { readonly name: string; readonly names: ObjectNames } | undefined;

function derivedNames(name: string): ObjectNames {
  return {
    deployment: name,
    service: `${name}-service`,
    serviceAccount: `${name}-sa`,
    pvc: `${name}-pvc`,
    networkPolicy: `${name}-network-policy`,
    hpa: `${name}-hpa`,
    pdb: `${name}-pdb`,
    ingress: `${name}-ingress`,
    httpRoute: `${name}-route`,
    route: name,
    trustedCa: `${name}-trusted-ca`,
  };
}

/** `N-config-<hash8>`: a new name for every config, so the Deployment rolls without a controller. */
export function configMapName(name: string, contentHash: string): string {
  return `${name}-config-${contentHash.slice(0, 8)}`;
}

/** Longest name whose derived names (`-network-policy` is the longest suffix) stay DNS labels. */
export const MAX_NAME_LENGTH = 63 - '-network-policy'.length;

/**
 * Why `name` cannot be the base name of the objects, or undefined: the longest derived name
 * (`N-network-policy`) must stay a DNS label, and the Service `N-service` a DNS-1035 label, which
 * starts with a letter (Kubernetes' `IsDNS1035Label`).
 */
export function baseNameProblem(name: string): { message: string; fix: string; fixes: ProblemFixes } | undefined {
  if (isDns1035Name(name, MAX_NAME_LENGTH)) return undefined;
  // A key or token typed as the name is described, never quoted.
  const secret = looksLikeCredential(name);
  const quoted = secret ? quoteValue(name) : `"${name}"`;
  const base = secret ? '<name>' : name;
  if (/^[A-Za-z]/.test(name)) {
    return {
      message: `${quoted} is not a valid name: object names are derived from it (${base}-network-policy…)`,
      fix: `use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set props.name)`,
      fixes: { manifest: `use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set metadata.name)` },
    };
  }
  return {
    message: `${quoted} is not a valid name: the Service is named after it (${base}-service), and a Service name must be a DNS-1035 label, which starts with a letter`,
    fix: `start it with a lower-case letter, then use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set props.name)`,
    fixes: { manifest: `start it with a lower-case letter, then use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set metadata.name)` },
  };
}
