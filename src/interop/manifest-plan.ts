/**
 * A parsed manifest planned: the props it stands for with the render options, and their plan
 * (distribution/planner.ts), problems and warnings at the manifest's paths. No construct: the
 * command line renders the plan's objects; interop/manifest.ts makes the construct from the same props.
 */
import { completeExternalProviders } from './external-providers';
import { ManifestRenderOptions, manifestProblem, ParsedDistribution, PLATFORM_PATH } from './manifest-read';
import { ConfigProblem, distinct, LlamaStackConfigError } from '../core/errors';
import type { ProblemWords } from '../distribution/intent';
import { DistributionPlan, planDistribution } from '../distribution/planner';
import type { LlamaStackDistributionProps } from '../distribution/props';

/** The props a parsed manifest stands for, with the render options. */
export function propsFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions): LlamaStackDistributionProps {
  const completed = completeExternalProviders(parsed.spec, options.externalProviders);
  if (completed.problems.length > 0) throw new LlamaStackConfigError(completed.problems);
  if (options.platform !== undefined && parsed.platform !== undefined && options.platform.id !== parsed.platform.id) {
    throw new LlamaStackConfigError([{
      path: PLATFORM_PATH,
      message: `the manifest is for ${parsed.platform.id}, and the render asks for ${options.platform.id}`,
      fix: `render it for ${parsed.platform.id} (--platform ${parsed.platform.id}), or change the annotation`,
    }]);
  }
  return {
    name: parsed.name,
    namespace: parsed.namespace,
    spec: completed.spec,
    target: options.target ?? parsed.target,
    platform: options.platform ?? parsed.platform,
    caBundle: parsed.caBundle,
    image: options.image,
    baseConfigYaml: options.baseConfigYaml,
    replaceBaseProviders: parsed.replaceBaseProviders,
    allowPerPodState: options.allowPerPodState,
    allowUnrestrictedVolumes: options.allowUnrestrictedVolumes,
    imageRegistry: options.imageRegistry,
    verify: options.verify,
  };
}

/** How the construct and the planner say a manifest's problems: at the manifest's paths, in its words, each once. */
export function manifestWords(parsed: ParsedDistribution): ProblemWords {
  return (problems: readonly ConfigProblem[]) => distinct(problems.map((p) => manifestProblem(p, parsed)));
}

/**
 * The plan of a parsed manifest, as the construct makes it alone in a chart with no namespace
 * (the command line renders its objects without an App or a Chart): problems and warnings at the
 * manifest's paths. `quotedYaml`: the objects are written by a writer that quotes ambiguous strings.
 */
export function planFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions = {}, quotedYaml = false): DistributionPlan {
  return planDistribution(propsFromParsed(parsed, options), { id: parsed.name, quotedYaml, words: manifestWords(parsed) });
}
