import { commonLabels } from './labels';
import { compact } from './manifest';
import { WorkloadPlan } from './plan';

/** `metadata` of an object of this distribution: its name, the namespace if set, common labels. */
export function objectMeta(plan: WorkloadPlan, name: string, labels: { [k: string]: string } = {}, version?: string): any {
  return compact({ name, namespace: plan.namespace, labels: { ...commonLabels(plan.name, version, plan.extraLabels), ...labels } });
}
