/**
 * What a plan emits, in one order: the construct's children (`ApiObject`s with these ids) and
 * the command line's documents both come from `emittedObjects`. The command line writes each as
 * `cdk8s synth` would (`synthesizedJson`), without an App or a Chart.
 */
import type { DistributionPlan } from './planner';
import type { KubeManifest } from '../workload';

/** One object of a distribution: its construct id and its manifest. */
export interface EmittedObject {
  /** The child id under the construct (`Deployment`, `VerifyJob`…). */
  readonly id: EmittedId;
  readonly manifest: KubeManifest;
}

/** The construct ids, in the order the objects are emitted (the apply order). */
export const EMITTED_IDS = [
  'ConfigMap', 'TrustedCaBundle', 'ServiceAccount', 'PersistentVolumeClaim', 'Deployment', 'Service',
  'HorizontalPodAutoscaler', 'ScaledObject', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress', 'HTTPRoute', 'Route',
  'ServiceMonitor', 'PrometheusRule', 'VerifyConfigMap', 'VerifyNetworkPolicy', 'VerifyJob', 'VerifyCronJob',
] as const;
export type EmittedId = typeof EMITTED_IDS[number];

/** The objects a plan emits, in `EMITTED_IDS` order; absent ones were not asked for. */
export function emittedObjects(plan: Pick<DistributionPlan, 'objects' | 'verify'>): EmittedObject[] {
  const o = plan.objects;
  const v = plan.verify;
  const byId: { readonly [id in EmittedId]: KubeManifest | undefined } = {
    ConfigMap: o.configMap,
    TrustedCaBundle: o.trustedCaBundle,
    ServiceAccount: o.serviceAccount,
    PersistentVolumeClaim: o.pvc,
    Deployment: o.deployment,
    Service: o.service,
    HorizontalPodAutoscaler: o.hpa,
    ScaledObject: o.scaledObject,
    PodDisruptionBudget: o.pdb,
    NetworkPolicy: o.networkPolicy,
    Ingress: o.ingress,
    HTTPRoute: o.httpRoute,
    Route: o.route,
    ServiceMonitor: o.serviceMonitor,
    PrometheusRule: o.prometheusRule,
    VerifyConfigMap: v?.objects.configMap as KubeManifest | undefined,
    VerifyNetworkPolicy: v?.jobNetworkPolicy as KubeManifest | undefined,
    VerifyJob: v?.objects.job as KubeManifest | undefined,
    VerifyCronJob: v?.objects.cronJob as KubeManifest | undefined,
  };
  const out: EmittedObject[] = [];
  for (const id of EMITTED_IDS) {
    const manifest = byId[id];
    if (manifest !== undefined) out.push({ id, manifest });
  }
  return out;
}

/**
 * A manifest as cdk8s's `ApiObject.toJson()` writes it in a chart with no namespace and no
 * labels of its own (cdk8s 2.x): `apiVersion`, `kind` and `metadata` first, every mapping's keys
 * sorted, null and undefined members dropped; in `metadata`, empty lists and mappings dropped
 * too. The objects are plain JSON (the renderers write fresh values), so there is nothing to
 * resolve. `sortKeys` false: cdk8s's `CDK8S_DISABLE_SORT` (metadata's keys are sorted all the same).
 */
export function synthesizedJson(manifest: KubeManifest, sortKeys = true): any {
  const m: any = manifest;
  const meta: any = m.metadata ?? {};
  // ApiObjectMetadataDefinition: the manifest's metadata, then its own fields (copies; lists default to []).
  const metadata = sanitize({
    ...meta,
    name: meta.name,
    namespace: meta.namespace,
    annotations: { ...(meta.annotations ?? {}) },
    finalizers: meta.finalizers ? [...meta.finalizers] : [],
    ownerReferences: meta.ownerReferences ? [...meta.ownerReferences] : [],
    labels: { ...meta.labels },
  }, true, true);
  const json = sanitize({ ...m, metadata }, false, sortKeys);
  const result: any = {};
  for (const k of ['apiVersion', 'kind', 'metadata', ...Object.keys(json)]) if (k in json) result[k] = json[k];
  return result;
}

/** cdk8s's `sanitizeValue`; `dropEmpty`: its `filterEmptyArrays` and `filterEmptyObjects`. */
function sanitize(value: any, dropEmpty: boolean, sortKeys: boolean): any {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (dropEmpty && value.length === 0) return undefined;
    return value.map((x) => sanitize(x, dropEmpty, sortKeys));
  }
  const out: any = {};
  const keys = Object.keys(value);
  for (const key of sortKeys ? keys.sort() : keys) {
    const v = sanitize(value[key], dropEmpty, sortKeys);
    if (v !== null && v !== undefined) out[key] = v;
  }
  if (dropEmpty && Object.keys(out).length === 0) return undefined;
  return out;
}
