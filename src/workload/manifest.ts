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
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out;
}
