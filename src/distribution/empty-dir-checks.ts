/**
 * `emptyDirSizeLimits`: each limit is greater than 0 (the props boundary has checked that each is
 * a `Size` written as a quantity), and applies to a volume the pod has.
 */
import { ConfigProblem } from '../core/errors';
import { parseQuantity, quantitySign } from '../kubernetes/quantity';
import { sizeQuantity } from '../kubernetes/units';
import { externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { hasPvc } from '../workload/plan';
import { EmptyDirSizeLimits } from '../workload/volume-sizes';

const FIELDS: (keyof EmptyDirSizeLimits)[] = ['data', 'cache', 'tmp', 'externalProviders'];

/** Each limit is greater than 0, and applies to a volume the pod has. */
export function emptyDirSizeLimitProblems(given: EmptyDirSizeLimits | undefined, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (given === undefined) return [];
  const problems: ConfigProblem[] = [];
  for (const field of FIELDS) {
    const size = given[field];
    if (size === undefined) continue;
    const v = sizeQuantity(size);
    const q = parseQuantity(v);
    if (q !== undefined && quantitySign(q) <= 0) {
      problems.push({ path: `props.emptyDirSizeLimits.${field}`, message: `must be greater than 0, not ${v}`, fix: 'use a positive size such as Size.gibibytes(1), or remove it for the default' });
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
