import { commonLabels } from './labels';
import { WorkloadPlan } from './plan';

/** `metadata` of an object of this distribution: its name, the namespace if set, common labels. */
export function objectMeta(plan: WorkloadPlan, name: string, labels: { [k: string]: string } = {}, version?: string): any {
  const common = commonLabels(plan.name, version, plan.extraLabels);
  const meta: any = { name };
  if (plan.namespace !== undefined) meta.namespace = plan.namespace;
  // commonLabels is a new object: used as it is when no labels are added.
  meta.labels = Object.keys(labels).length > 0 ? { ...common, ...labels } : common;
  return meta;
}
