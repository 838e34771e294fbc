/**
 * Labels and metadata. The selector is the operator's (`app: llama-stack` +
 * `app.kubernetes.io/instance`), so objects move between the operator and this library without a
 * selector change (selectors are immutable); the rest is the usual `app.kubernetes.io/*` set.
 */
import { WorkloadPlan } from './plan';

export function selectorLabels(name: string): { [k: string]: string } {
  return { 'app': 'llama-stack', 'app.kubernetes.io/instance': name };
}

export function commonLabels(name: string, version: string | undefined, extra: { [k: string]: string } = {}): { [k: string]: string } {
  const labels: { [k: string]: string } = {
    ...extra,
    ...selectorLabels(name),
    'app.kubernetes.io/name': 'llama-stack',
    'app.kubernetes.io/component': 'server',
    'app.kubernetes.io/part-of': 'llama-stack',
    'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
  };
  if (version) labels['app.kubernetes.io/version'] = version;
  return labels;
}

/** The image tag as a label value (`0.7.1`), when it is one. */
export function imageVersion(image: string): string | undefined {
  const at = image.indexOf('@');
  const ref = at >= 0 ? image.slice(0, at) : image;
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  if (colon <= slash) return undefined;
  const tag = ref.slice(colon + 1);
  return /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/.test(tag) ? tag : undefined;
}

/** `metadata` of an object of this distribution: its name, the namespace if set, common labels. */
export function objectMeta(plan: WorkloadPlan, name: string, labels: { [k: string]: string } = {}, version?: string): any {
  const common = commonLabels(plan.name, version, plan.extraLabels);
  const meta: any = { name };
  if (plan.namespace !== undefined) meta.namespace = plan.namespace;
  // commonLabels is a new object: used as it is when no labels are added.
  meta.labels = Object.keys(labels).length > 0 ? { ...common, ...labels } : common;
  return meta;
}
