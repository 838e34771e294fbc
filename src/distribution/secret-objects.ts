/**
 * The Secrets the pod reads that this app defines (`SecretRef.fromSecret(secret, key)`): a
 * `secretKeyRef` cannot cross namespaces (the pod fails with CreateContainerConfigError), and a
 * key the Secret's data does not have stops the container too. The library holds the object, so
 * it can tell at synth time. Secrets imported by name (`Secret.fromSecretName`) are not checked.
 */
import type * as kplus from 'cdk8s-plus-28';
import { IConstruct } from 'constructs';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { secretObjectsNamed } from '../values/secret-ref';

/** One Secret key the pod reads, and what reads it (for the message). */
export interface SecretKeyUse {
  readonly secretName: string;
  readonly key?: string;
  /** e.g. `env var HF_TOKEN`, `volume tls`. */
  readonly usedBy: string;
}

/** What the app's object says: its namespace and keys (undefined when it cannot be read). */
function describe(secret: kplus.ISecret): { namespace?: string; keys?: string[] } | undefined {
  try {
    const api = (secret as unknown as { apiObject?: { toJson(): any } }).apiObject;
    if (api === undefined) return undefined; // imported by name: nothing to read
    const json = api.toJson();
    const keys = [...Object.keys(json?.data ?? {}), ...Object.keys(json?.stringData ?? {})];
    return { namespace: json?.metadata?.namespace, keys };
  } catch {
    return undefined;
  }
}

/** The pod's Secret key references in a Deployment manifest: env (all containers) and secret volumes. */
export function secretKeyUses(deployment: any): SecretKeyUse[] {
  const out: SecretKeyUse[] = [];
  const pod = deployment?.spec?.template?.spec ?? {};
  for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
    for (const e of c?.env ?? []) {
      const ref = e?.valueFrom?.secretKeyRef;
      if (ref?.name && ref.optional !== true) out.push({ secretName: ref.name, key: ref.key, usedBy: `env var ${e.name}` });
    }
  }
  for (const v of pod.volumes ?? []) {
    const s = v?.secret;
    if (!s?.secretName || s.optional === true) continue;
    if (Array.isArray(s.items) && s.items.length > 0) {
      for (const item of s.items) out.push({ secretName: s.secretName, key: item?.key, usedBy: `volume ${v.name}` });
    } else {
      out.push({ secretName: s.secretName, usedBy: `volume ${v.name}` });
    }
  }
  return out;
}

/**
 * Problems for each use of a Secret this app defines in another namespace, or without the key.
 * `scope` is the construct (only Secrets of its app count), `namespace` the pod's.
 */
export function secretObjectProblems(scope: IConstruct, uses: readonly SecretKeyUse[], namespace: string | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const root = scope.node.root;
  const seen = new Set<string>();
  for (const use of uses) {
    for (const secret of secretObjectsNamed(use.secretName)) {
      if (secret.node.root !== root) continue;
      const info = describe(secret);
      if (info === undefined) continue;
      const name = quoteValue(use.secretName);
      if (namespace !== undefined && info.namespace !== undefined && info.namespace !== namespace) {
        const id = `ns\u0000${use.secretName}\u0000${info.namespace}`;
        if (!seen.has(id)) {
          seen.add(id);
          problems.push({
            path: `SecretRef.fromSecret(${secret.node.path})`,
            message: `the Secret ${name} is in namespace ${quoteValue(info.namespace)} but the pod (${use.usedBy}) runs in ${quoteValue(namespace)}: a secretKeyRef cannot cross namespaces (the pod would fail with CreateContainerConfigError)`,
            fix: `create the Secret in namespace ${quoteValue(namespace)} (metadata: { namespace: ${quoteValue(namespace)} }, or the distribution's chart), or deploy the distribution in ${quoteValue(info.namespace)}`,
          });
        }
      }
      if (use.key !== undefined && info.keys !== undefined && !info.keys.includes(use.key)) {
        const id = `key\u0000${use.secretName}\u0000${use.key}`;
        if (seen.has(id)) continue;
        seen.add(id);
        problems.push({
          path: `SecretRef.fromSecret(${secret.node.path})`,
          message: `the Secret ${name} has no key ${quoteValue(use.key)} (${use.usedBy} reads it; its keys: ${info.keys.length > 0 ? info.keys.map(quoteValue).join(', ') : 'none'}): the container would not start`,
          fix: `add the key to the Secret (secret.addStringData(${quoteValue(use.key)}, …)), or reference one it has`,
        });
      }
    }
  }
  return problems;
}
