import { LlamaStackConfigError } from '../../src/core/errors';
import { generateTargetConfig } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

/** The problems generating `spec` for `target` reports (none when it generates). */
export function generationProblems(spec: LlamaStackDistributionSpec, target: ServerTarget, baseConfigYaml?: string):
{ path: string; message: string; fix?: string }[] {
  try {
    generateTargetConfig(spec, target, { baseConfigYaml });
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems;
  }
  return [];
}
