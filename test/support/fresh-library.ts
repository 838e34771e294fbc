/**
 * A copy of the library with none of the state another run left (its own module instances, as
 * in a fresh process), and what one distribution comes to: its plan's output or its problems.
 */
import type * as Library from '../../src';
import type { planDistribution } from '../../src/distribution/planner';

export interface FreshLibrary {
  readonly lib: typeof Library;
  readonly plan: typeof planDistribution;
}

/** The library and its planner loaded anew (jest.isolateModules). */
export function freshLibrary(): FreshLibrary {
  let fresh: FreshLibrary | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    fresh = { lib: require('../../src'), plan: require('../../src/distribution/planner').planDistribution };
  });
  return fresh!;
}

/**
 * One distribution's outcome as text: the config, objects and warnings it plans to, or its
 * problems (path, message, fix), or the class and message of anything else it throws.
 */
export function outcomeOf(plan: typeof planDistribution, props: Library.LlamaStackDistributionProps): string {
  try {
    const p = plan(props, { id: 'llama', chartNamespace: 'ai' });
    return JSON.stringify({ configYaml: p.configYaml, objects: p.objects, warnings: p.warnings, secretEnvVars: p.secretEnvVars, image: p.image });
  } catch (e: any) {
    if (Array.isArray(e?.problems)) return JSON.stringify({ problems: e.problems });
    return `threw ${e?.constructor?.name}: ${e?.message}`;
  }
}
