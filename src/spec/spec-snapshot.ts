/** The v1alpha2 spec at the entry points that take one (ConfigGenerator, TargetConfigGenerator). */
import { LlamaStackDistributionSpec } from './spec';
import { snapshotJson } from '../core/checked';
import { LlamaStackConfigError } from '../core/errors';
import { describeValue } from '../core/shape';

/** The spec as JSON, read once: values JSON cannot hold (BigInt, functions, cycles) are problems. */
export function snapshotSpec(raw: unknown, path = 'spec'): LlamaStackDistributionSpec {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new LlamaStackConfigError([{ path, message: `must be an object, got ${describeValue(raw)}`, fix: 'pass a v1alpha2 spec object, e.g. { distribution: { name: "starter" } }' }]);
  }
  return snapshotJson(raw, path) as LlamaStackDistributionSpec;
}
