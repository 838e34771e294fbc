/**
 * A parsed manifest planned: the props it stands for with the render options, and their plan
 * (distribution/planner.ts), problems and warnings at the manifest's paths. No construct: the
 * command line renders the plan's objects; interop/manifest.ts makes the construct from the same props.
 */
import { completeExternalProviders } from './external-providers';
import { ManifestRenderOptions, manifestProblem, ParsedDistribution, PLATFORM_PATH } from './manifest-read';
import { ConfigProblem, distinct, LlamaStackConfigError } from '../core/errors';
import type { ProblemWords } from '../distribution/intent';
import { DistributionPlan, planOutcome } from '../distribution/planner';
import type { LlamaStackDistributionProps } from '../distribution/props';

/** The props a parsed manifest stands for, with the render options; throws the problems of `propsOutcomeFromParsed`. */
export function propsFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions): LlamaStackDistributionProps {
  const outcome = propsOutcomeFromParsed(parsed, options);
  if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
  return outcome.props;
}

/** The props a parsed manifest stands for, with the render options, or what keeps it from standing for any (returned). */
export function propsOutcomeFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions):
{ readonly props: LlamaStackDistributionProps } | { readonly problems: ConfigProblem[] } {
  const completed = completeExternalProviders(parsed.spec, options.externalProviders);
  if (completed.problems.length > 0) return { problems: completed.problems };
  if (options.platform !== undefined && parsed.platform !== undefined && options.platform.id !== parsed.platform.id) {
    return {
      problems: [{
        path: PLATFORM_PATH,
        message: `the manifest is for ${parsed.platform.id}, and the render asks for ${options.platform.id}`,
        fix: `render it for ${parsed.platform.id} (--platform ${parsed.platform.id}), or change the annotation`,
      }],
    };
  }
  return { props: propsOf(parsed, options, completed.spec) };
}

function propsOf(parsed: ParsedDistribution, options: ManifestRenderOptions, spec: ParsedDistribution['spec']): LlamaStackDistributionProps {
  return {
    name: parsed.name,
    namespace: parsed.namespace,
    spec,
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

/** A manifest's plan, or every problem, at the manifest's paths. */
export type ManifestPlanOutcome = { readonly plan: DistributionPlan } | { readonly problems: ConfigProblem[] };

/**
 * The plan of a parsed manifest, as the construct makes it alone in a chart with no namespace
 * (the command line renders its objects without an App or a Chart), or every problem (returned):
 * problems and warnings at the manifest's paths, as `planDistribution` says them in these words.
 * `quotedYaml`: the objects are written by a writer that quotes ambiguous strings.
 */
export function planOutcomeFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions = {}, quotedYaml = false): ManifestPlanOutcome {
  const props = propsOutcomeFromParsed(parsed, options);
  if ('problems' in props) return props;
  return planOutcome(props.props, { id: parsed.name, quotedYaml, words: manifestWords(parsed) });
}

/** `planOutcomeFromParsed` said at an edge: throws `LlamaStackConfigError` listing every problem. */
export function planFromParsed(parsed: ParsedDistribution, options: ManifestRenderOptions = {}, quotedYaml = false): DistributionPlan {
  const outcome = planOutcomeFromParsed(parsed, options, quotedYaml);
  if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
  return outcome.plan;
}
