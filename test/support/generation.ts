import { generateTargetConfigOutcome } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

/** The problems generating `spec` for `target` returns (none when it generates). */
export function generationProblems(spec: LlamaStackDistributionSpec, target: ServerTarget, baseConfigYaml?: string):
{ path: string; message: string; fix?: string }[] {
  const outcome = generateTargetConfigOutcome(spec, target, { baseConfigYaml });
  return 'problems' in outcome ? outcome.problems : [];
}
