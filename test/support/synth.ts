/** A distribution synthesized quietly in a chart of its own: its objects, its warnings, or its problems. */
import { Chart, Testing } from 'cdk8s';
import { schemaErrors } from './k8s-schema';
import { startupFromObjects } from './startup-from-objects';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { readBaseConfig } from '../../src/yaml/parse';

/** The chart's objects and the distribution's warnings (`path: message`); stderr is kept quiet. */
export function synthDistribution(props: LlamaStackDistributionProps, chart: Chart = Testing.chart()): { objects: any[]; warnings: string[] } {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const d = new LlamaStackDistribution(chart, 'llama', props);
    return { objects: Testing.synth(chart), warnings: d.warnings.map((w) => `${w.path}: ${w.message}`) };
  } finally {
    spy.mockRestore();
  }
}

/** The chart's objects. */
export function synthObjects(props: LlamaStackDistributionProps, chart?: Chart): any[] {
  return synthDistribution(props, chart).objects;
}

/** `path: message` of each problem; none when it synthesizes. */
export function synthProblems(props: LlamaStackDistributionProps): string[] {
  try {
    synthDistribution(props);
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => `${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

/**
 * A distribution on `target` that must start clean: no warnings, schema-valid objects, and the
 * release's start-up model (from the objects alone) with nothing to say. Its config and objects.
 */
export function synthStarting(target: ServerTarget, props: LlamaStackDistributionProps): { config: any; manifests: any[] } {
  const chart = Testing.chart();
  const d = new LlamaStackDistribution(chart, 'llama', { target, ...props });
  const manifests = Testing.synth(chart);
  expect(d.warnings).toEqual([]);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
  return { config: readBaseConfig(d.configYaml!), manifests };
}
