import { plainCopy } from '../core/json-convert';

/** A Kubernetes object as plain JSON: what the constructs wrap in an ApiObject. */
export interface KubeManifest {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { name: string; namespace?: string; labels?: { [k: string]: string }; annotations?: { [k: string]: string } };
  readonly [field: string]: any;
}

/** Drops keys whose value is undefined, so manifests only hold what was set. */
export function compact<T extends object>(obj: T): T {
  const out: any = {};
  for (const k of Object.keys(obj)) {
    const v = (obj as any)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * A subtree of the spec as an object holds it: a copy in ordinary objects. The construct hands
 * the rendered objects to cdk8s as they are, so they must share nothing with the spec it exposes
 * (`llama.spec`, which a user may change after construction), and cdk8s's resolver mistakes a
 * prototype-less `{name, value}` for one of its wrappers. The library's own parts are fresh
 * object literals already.
 */
export function userCopy<T>(v: T): T {
  return plainCopy(v);
}
