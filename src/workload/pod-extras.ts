/**
 * The pod's extras from props: annotations, image pull Secrets, affinity, priority class and DRA
 * resource claims (`resourceClaims`, each also claimed by the server container's
 * `resources.claims`), with the API server's checks at the props paths.
 */
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName, labelSelectorProblems, nameProblem, objectNameRule } from '../kubernetes/name-rules';
import { annotationBytes, annotationsSizeProblem } from '../kubernetes/object-checks';

/** A DRA resource claim of the pod (`spec.resourceClaims[]`): one of the two sources. */
export interface PodResourceClaim {
  /** Name of the claim in the pod (a DNS label); the server container claims it by this name. */
  readonly name: string;
  /** An existing ResourceClaim in the namespace. @default - none (give this or resourceClaimTemplateName) */
  readonly resourceClaimName?: string;
  /** A ResourceClaimTemplate: each pod gets a claim of its own. @default - none */
  readonly resourceClaimTemplateName?: string;
}

/** The extras, resolved for the renderer. */
export interface PodExtras {
  readonly annotations?: { [key: string]: string };
  readonly imagePullSecrets?: string[];
  readonly affinity?: any;
  readonly priorityClassName?: string;
  readonly resourceClaims?: PodResourceClaim[];
}

/** The annotation with the hash of the config the pod runs (a new config restarts the pods). */
export const CONFIG_HASH_ANNOTATION = 'llamastack.io/config-hash';

/** Annotations the Deployment writes itself. */
export const RESERVED_POD_ANNOTATIONS = [CONFIG_HASH_ANNOTATION];

/** A SHA-256 in hex: the config hash's length. */
const SHA256_HEX_LENGTH = 64;

/** The pod template's annotations: the user's, and the config hash when the pod runs a config the library wrote. */
export function podTemplateAnnotations(user: { [key: string]: string } | undefined, configHash: string | undefined): { [key: string]: string } {
  return { ...user, ...(configHash ? { [CONFIG_HASH_ANNOTATION]: configHash } : {}) };
}

const AFFINITY_KINDS = ['nodeAffinity', 'podAffinity', 'podAntiAffinity'];

/**
 * Every problem of the extras, at their props paths. `configHashed`: the pod will carry the config
 * hash annotation (a config the library writes), which counts towards the annotations' size.
 */
export function podExtrasProblems(x: PodExtras, configHashed = false): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const k of Object.keys(x.annotations ?? {})) {
    const at = childPath('props.podAnnotations', k);
    const errs = isQualifiedName(k);
    if (errs.length > 0) problems.push({ path: at, message: `annotation key ${quoteValue(k)} is not a qualified name: ${errs.join('; ')}`, fix: 'use an optional DNS subdomain prefix and \'/\', then a name (e.g. example.com/owner)' });
    if (RESERVED_POD_ANNOTATIONS.includes(k)) problems.push({ path: at, message: 'the Deployment writes this annotation (the config hash that restarts the pods on a config change)', fix: 'use another key' });
  }
  if (x.annotations !== undefined && !Object.keys(x.annotations).some((k) => RESERVED_POD_ANNOTATIONS.includes(k))) {
    // The final map, the library's annotation with a hash of its length: what the API server measures.
    const final = podTemplateAnnotations(x.annotations, configHashed ? '0'.repeat(SHA256_HEX_LENGTH) : undefined);
    const added = configHashed ? `${CONFIG_HASH_ANNOTATION}, ${annotationBytes(podTemplateAnnotations({}, '0'.repeat(SHA256_HEX_LENGTH)))} bytes` : undefined;
    const size = annotationsSizeProblem(final, 'props.podAnnotations', added);
    if (size) problems.push(size);
  }
  (x.imagePullSecrets ?? []).forEach((s, i) => {
    const p = nameProblem(s, `props.imagePullSecrets[${i}]`, objectNameRule('Secret'));
    if (p) problems.push(p);
  });
  if (x.priorityClassName !== undefined) {
    const p = nameProblem(x.priorityClassName, 'props.priorityClassName', objectNameRule('PriorityClass'));
    if (p) problems.push(p);
  }
  if (x.affinity !== undefined) {
    for (const k of Object.keys(x.affinity)) {
      if (!AFFINITY_KINDS.includes(k)) problems.push({ path: childPath('props.affinity', k), message: 'is not a field of Affinity', fix: `use ${AFFINITY_KINDS.join(', ')}` });
    }
    for (const kind of ['podAffinity', 'podAntiAffinity']) {
      const a = x.affinity[kind];
      const terms = a?.requiredDuringSchedulingIgnoredDuringExecution;
      (Array.isArray(terms) ? terms : []).forEach((t: any, i: number) => {
        const at = `props.affinity.${kind}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`;
        if (typeof t?.topologyKey !== 'string' || t.topologyKey === '') {
          problems.push({ path: `${at}.topologyKey`, message: 'is required', fix: 'set topologyKey, e.g. kubernetes.io/hostname' });
        }
        problems.push(...labelSelectorProblems(t?.labelSelector, `${at}.labelSelector`));
      });
    }
  }
  const seen = new Set<string>();
  (x.resourceClaims ?? []).forEach((c, i) => {
    const at = `props.resourceClaims[${i}]`;
    const errs = isDns1123Label(c.name);
    if (errs.length > 0) problems.push({ path: `${at}.name`, message: `${quoteValue(c.name)} is not a claim name: ${errs.join('; ')}`, fix: 'use a DNS label, e.g. gpu' });
    if (seen.has(c.name)) problems.push({ path: `${at}.name`, message: `Duplicate value: ${quoteValue(c.name)}`, fix: 'give each claim its own name' });
    seen.add(c.name);
    const sources = [c.resourceClaimName, c.resourceClaimTemplateName].filter((s) => s !== undefined);
    if (sources.length !== 1) {
      problems.push({ path: at, message: 'must specify exactly one of resourceClaimName or resourceClaimTemplateName', fix: 'name an existing ResourceClaim, or a ResourceClaimTemplate for a claim per pod' });
    }
    for (const f of ['resourceClaimName', 'resourceClaimTemplateName'] as const) {
      const v = c[f];
      if (v !== undefined && isDns1123Subdomain(v).length > 0) problems.push({ path: `${at}.${f}`, message: `${quoteValue(v)} is not an object name`, fix: 'use a DNS-1123 subdomain' });
    }
  });
  return problems;
}

/** The pod spec fields of the extras (the claims also go to the server container's `resources.claims`). */
export function podExtrasSpec(x: PodExtras | undefined): { [key: string]: unknown } {
  if (!x) return {};
  const out: { [key: string]: unknown } = {};
  if (x.imagePullSecrets && x.imagePullSecrets.length > 0) out.imagePullSecrets = x.imagePullSecrets.map((name) => ({ name }));
  if (x.priorityClassName !== undefined) out.priorityClassName = x.priorityClassName;
  if (x.resourceClaims && x.resourceClaims.length > 0) {
    out.resourceClaims = x.resourceClaims.map((c) => ({
      name: c.name,
      ...(c.resourceClaimName !== undefined ? { resourceClaimName: c.resourceClaimName } : {}),
      ...(c.resourceClaimTemplateName !== undefined ? { resourceClaimTemplateName: c.resourceClaimTemplateName } : {}),
    }));
  }
  return out;
}
