/**
 * `emptyDirSizeLimits`: each limit is a positive quantity, and applies to a volume the pod has.
 */
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { QUANTITY } from '../core/struct-check';
import { parseQuantity, quantitySign } from '../kubernetes/quantity';
import { externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { hasPvc } from '../workload/plan';
import { EmptyDirSizeLimits } from '../workload/volume-sizes';

const FIELDS: (keyof EmptyDirSizeLimits)[] = ['data', 'cache', 'tmp', 'externalProviders'];

/** Each limit is a positive quantity, and applies to a volume the pod has. */
export function emptyDirSizeLimitProblems(given: EmptyDirSizeLimits | undefined, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (given === undefined) return [];
  const problems: ConfigProblem[] = [];
  for (const field of FIELDS) {
    const v: unknown = given[field];
    if (v === undefined) continue;
    const path = `props.emptyDirSizeLimits.${field}`;
    const q = parseQuantity(v);
    if (typeof v !== 'string' || !QUANTITY.test(v)) {
      problems.push({ path, message: `must be a quantity, e.g. 10Gi, not ${quoteValue(v)}`, fix: 'use a Kubernetes quantity such as 10Gi or 500Mi' });
    } else if (q === undefined) {
      problems.push({ path, message: `${quoteValue(v)} is not a quantity the API server parses (an exponent must be a whole number)`, fix: 'write it with a suffix, e.g. 512Mi or 4Gi' });
    } else if (quantitySign(q) <= 0) {
      problems.push({ path, message: `must be greater than 0, not ${quoteValue(v)}`, fix: 'use a positive quantity such as 1Gi, or remove it for the default' });
    }
  }
  if (given.data !== undefined && hasPvc({ spec })) {
    problems.push({
      path: 'props.emptyDirSizeLimits.data',
      message: 'the data volume is a PersistentVolumeClaim (spec.workload.storage), not an emptyDir: a size limit would not apply to it',
      fix: 'size the PVC with spec.workload.storage.size, and remove emptyDirSizeLimits.data',
    });
  }
  if (given.externalProviders !== undefined && externalProviderEntries(spec).length === 0) {
    problems.push({
      path: 'props.emptyDirSizeLimits.externalProviders',
      message: 'there are no external providers, so the pod has no volume to install them into',
      fix: 'remove emptyDirSizeLimits.externalProviders, or add externalProviders',
    });
  }
  return problems;
}
