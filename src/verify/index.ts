/**
 * The verification Job of a deployed server (issue 30, docs/verify.md): from a small explicit
 * input, the ConfigMap (script and plan), the Job and the NetworkPolicy pieces it needs. Pure:
 * same input, same objects; no secret value in any of them (the token stays in its Secret).
 */
import { VERIFY_DEFAULTS, VerifyInput } from './input';
import { renderVerifyConfigMap, renderVerifyCronJob, renderVerifyJob, VerifyNetwork, verifyNetwork } from './objects';
import { verifyPlan } from './plan';
import { verifyScript } from './script';
import { JsonObject } from '../core/json';

export { VerifyAuth, VerifyCaRef, VerifyCheckOptions, VerifyInput, VerifyModel, VerifyProvider, VERIFY_DEFAULTS } from './input';
export { VerifyNetwork } from './objects';
export { verificationProblems } from './checks';
export { JOB_ANNOTATIONS, JOB_COMMAND } from './objects';
export { jobName as verifyJobName, jobSelectorLabels as verifyJobSelectorLabels } from './names';

/** The verification objects of one server. */
export interface VerifyObjects {
  /** `<name>-verify-<hash8>`: immutable, holds `ogx_verify.py` and `plan.json`. */
  readonly configMap: JsonObject;
  /** `<name>-verify`: batch/v1 Job, an Argo CD PostSync hook. */
  readonly job: JsonObject;
  /** `<name>-verify`: a suspended batch/v1 CronJob with the Job's template, for runs by hand (undefined when `manualRuns` is false). */
  readonly cronJob?: JsonObject;
  /** The NetworkPolicy pieces, for the caller to merge where policies apply. */
  readonly network: VerifyNetwork;
  /** The plan the script reads (the ConfigMap's `plan.json`, parsed). */
  readonly plan: JsonObject;
}

/**
 * The verification objects of an input `verificationProblems` found nothing wrong with (the
 * planner checks it with the distribution's other problems first).
 */
export function verifyObjects(input: VerifyInput): VerifyObjects {
  const plan = verifyPlan(input);
  const planJson = `${JSON.stringify(plan, null, 2)}\n`;
  const configMap = renderVerifyConfigMap(input, verifyScript(), planJson);
  const job = renderVerifyJob(input, (configMap.metadata as JsonObject).name as string);
  const manual = input.options?.manualRuns ?? VERIFY_DEFAULTS.manualRuns;
  return { configMap, job, ...(manual ? { cronJob: renderVerifyCronJob(input, job) } : {}), network: verifyNetwork(input), plan };
}
