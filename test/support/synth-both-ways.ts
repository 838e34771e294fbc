/** Synthesizes props directly, or as the LlamaStackDistribution CR they describe. */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';

/** The objects `LlamaStackDistribution` synthesizes for `props`. */
export function synthDirect(props: LlamaStackDistributionProps): any[] {
  const chart = Testing.chart();
  new LlamaStackDistribution(chart, 'llama', props);
  return Testing.synth(chart);
}

/** The one CR `LlamaStackDistributionResource` emits for `props`. */
export function emitCr(props: LlamaStackDistributionProps): any {
  const chart = Testing.chart();
  new LlamaStackDistributionResource(chart, 'llama', props);
  const out = Testing.synth(chart);
  expect(out).toHaveLength(1);
  return out[0];
}
