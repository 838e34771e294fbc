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
}

export function objectNames(name: string): ObjectNames {
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
  };
}

/** `N-config-<hash8>`: a new name for every config, so the Deployment rolls without a controller. */
export function configMapName(name: string, contentHash: string): string {
  return `${name}-config-${contentHash.slice(0, 8)}`;
}

/** Longest name whose derived names (`-network-policy` is the longest suffix) stay DNS labels. */
export const MAX_NAME_LENGTH = 63 - '-network-policy'.length;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** True for an RFC 1123 label (what Service and most object names must be). */
export function isDnsLabel(s: string, max = 63): boolean {
  return s.length <= max && DNS_LABEL.test(s);
}
