/**
 * The planner: props in, a resolved plan (spec, image, config.yaml, env, the workload plan and
 * its rendered objects) out, or every problem found. Pure: no constructs, no cdk8s; the
 * construct, the CR constructs and the command line all call it.
 * Stages: props boundary → spec → checks → config (generated, override text or ConfigMap) →
 * workload plan → objects (checked as the API server would).
 * `resolvePlan` returns the plan or the problems, each at the path where it was found (a spec
 * path for typed props, with the prop each spec location came from); `planDistribution`, the
 * edge, says them once in its caller's words (props paths by default) and throws them.
 */
import { airGapProblems, airGapVolumeWarnings, mirroredImageProblems, pulledImage, unseededModelWarnings } from './air-gap';
import { authProblems } from './auth-checks';
import { constructChecks, disruptionBudgetWarnings, labelChecks, missingEnvProblems, operatorPipelineProblems, overrideConflicts, userConfigCredentials } from './checks';
import { connectorProblems } from './connector-checks';
import { emptyDirSizeLimitProblems } from './empty-dir-checks';
import { resolveImage } from './image';
import { DistributionIntent, PlanContext, resolveIntent } from './intent';
import { platformProblems, platformWarnings, writesRoute } from './platform-checks';
import { planPodContainers } from './pod-container-checks';
import type { LlamaStackDistributionProps } from './props';
import { atPropsPaths } from './props-paths';
import type { SpecOrigins } from './spec-from-props';
import { trustProblems } from './trusted-ca';
import { PlannedVerification, planVerification, verifyInputOf, verifyInputProblems, verifyPropProblems } from './verify-stage';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { DEFAULT_DISTRIBUTION } from '../generate/base-config';
import { generateOperatorConfig, sha256Hex } from '../generate/operator/config-generator';
import { checkOverrideConfig } from '../generate/override-config';
import { generateTargetConfigOutcome } from '../generate/target-config';
import { plainYamlInputProblems } from '../kubernetes/plain-yaml';
import { embeddedBaseConfig } from '../releases/embedded-configs';
import { imageLayoutOf } from '../releases/image-layouts';
import { containerPort, DEFAULT_PORT, metricsPort, podEnv } from '../releases/pod-env';
import { ServerTarget } from '../releases/server-target';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { snapshotSpec } from '../spec/spec-snapshot';
import { validateSpec } from '../spec/validate-spec';
import { exposeProblems, networkingProblems, resolveExposure } from '../values/expose';
import { Platform } from '../values/platform';
import { RenderedObjects, renderObjects, WorkloadPlan } from '../workload';
import { podLayout } from '../workload/deployment';
import { serviceUrl } from '../workload/endpoint';
import { kubernetesInputProblems, kubernetesInputWarnings } from '../workload/kubernetes-checks';
import { loadScalingProblems } from '../workload/load-scaling-checks';
import { networkOptionProblems } from '../workload/network-checks';
import { configMapName, objectNames } from '../workload/object-names';
import { PATHS, PodLayout, PodLayoutInput } from '../workload/plan';
import { podExtrasProblems } from '../workload/pod-extras';

/** A plan, or every problem found, at the paths where they were found. */
export type PlanOutcome = { readonly plan: DistributionPlan } | { readonly problems: ConfigProblem[]; readonly origins?: SpecOrigins };

/** Everything a distribution is, resolved and checked. */
export interface DistributionPlan {
  readonly name: string;
  /** `props.strict`: warnings found later (at synth) are errors too. */
  readonly strict: boolean;
  readonly spec: LlamaStackDistributionSpec;
  readonly target: ServerTarget;
  /** `props.platform`, else Kubernetes. */
  readonly platform: Platform;
  readonly image: string;
  /** `props.namespace`, else the chart's. */
  readonly namespace?: string;
  readonly configYaml?: string;
  readonly contentHash?: string;
  readonly configMapName: string;
  readonly secretEnvVars: SecretEnvVar[];
  /** From `planDistribution`, in its caller's words (props paths); `strict` turned them into errors already. */
  readonly warnings: ConfigProblem[];
  /** Typed props: the prop each spec location came from (none for a `props.spec`). */
  readonly origins?: SpecOrigins;
  readonly workload: WorkloadPlan;
  readonly objects: RenderedObjects;
  readonly serviceName: string;
  readonly port: number;
  readonly containerPort: number;
  readonly url: string;
  /** The verification objects (`props.verify`), and the server's NetworkPolicy admits the Job. */
  readonly verify?: PlannedVerification;
}

/** The config.yaml the server runs, and what came with it. */
interface PlannedConfig {
  readonly configYaml?: string;
  readonly contentHash?: string;
  readonly configMapName: string;
  readonly secretEnvVars: SecretEnvVar[];
  readonly warnings: ConfigProblem[];
  /** Data directories the config names that the pod gives a volume of their own. */
  readonly dataDirs?: string[];
}

/** The pod's writable directories besides the data volume: the scratch volumes and the user's writable mounts. */
function scratchDirs(spec: LlamaStackDistributionSpec): string[] {
  const user = (spec.workload?.overrides?.volumeMounts ?? [])
    .filter((m) => m && typeof m.mountPath === 'string' && m.readOnly !== true)
    .map((m) => m.mountPath.replace(/\/+$/, ''));
  return [PATHS.tmpDir, PATHS.cacheDir, ...user];
}

/**
 * Plans a distribution; throws one `LlamaStackConfigError` with every problem, said once in the
 * context's words (at its props path by default). The plan's warnings are said so too.
 */
export function planDistribution(rawProps: LlamaStackDistributionProps, context: PlanContext): DistributionPlan {
  const outcome = planOutcome(rawProps, context);
  if ('problems' in outcome) throw new LlamaStackConfigError(outcome.problems);
  return outcome.plan;
}

/** The plan or every problem, its problems and warnings said once in the context's words (at its props paths by default). */
export function planOutcome(rawProps: LlamaStackDistributionProps, context: PlanContext): PlanOutcome {
  const outcome = resolvePlan(rawProps, context);
  const words = context.words ?? atPropsPaths;
  if ('problems' in outcome) return { problems: words(outcome.problems, outcome.origins) };
  return { plan: { ...outcome.plan, warnings: words(outcome.plan.warnings, outcome.plan.origins) } };
}

/** The plan, or every problem at the path where it was found (its warnings too). */
export function resolvePlan(rawProps: LlamaStackDistributionProps, context: PlanContext): PlanOutcome {
  const resolved = resolveIntent(rawProps, context);
  if (!('intent' in resolved)) return { problems: resolved.problems };
  return plan(resolved.intent, resolved.problems, context);
}

/** The intent's checks, then its config and objects; `problems`: those found resolving it. */
function plan(intent: DistributionIntent, found: ConfigProblem[], context: PlanContext): PlanOutcome {
  const { props, name, namePath, namespace, target, openShift, declared, spec, origins } = intent;
  const problems = [...found];
  problems.push(...validateSpec(declared, {
    hasBaseConfig: intent.config.baseConfigYaml !== undefined, disableableApis: target.disableableApis, kvPostgres: !target.isOperator,
  }));
  problems.push(...trustProblems(props, openShift));
  const imageWarnings: ConfigProblem[] = [];
  const image = resolveImage(props, spec, target, problems, imageWarnings);
  problems.push(...constructChecks(spec, namespace, target));
  // The pod's own volumes and mounts, laid out once: the input checks read it, the Deployment renders it.
  const layoutInput: PodLayoutInput = { ...intent.workload, name, spec };
  const layout = layoutOf(layoutInput);
  problems.push(...kubernetesInputProblems(props, spec, namespace, target, layout));
  problems.push(...emptyDirSizeLimitProblems(props.emptyDirSizeLimits, spec));
  problems.push(...networkOptionProblems(props));
  problems.push(...loadScalingProblems(props, target.metricsEnvVars !== undefined, target.description));
  problems.push(...platformProblems(props, spec, openShift, name, namespace));
  problems.push(...connectorProblems(props.connectors, props.allowedTo, namespace));
  problems.push(...podExtrasProblems(intent.workload.podExtras!, spec.overrideConfig === undefined));
  const pod = planPodContainers(props, { name, namespace, spec, target, openShift, layout });
  problems.push(...pod.problems);
  // The chart's namespace is written by cdk8s, not rendered here: checked on its own.
  const quotedYaml = context.quotedYaml === true;
  if (!quotedYaml) problems.push(...plainYamlInputProblems(props, namespace));
  const duplicate = context.duplicateName?.(name, namespace, namePath);
  if (duplicate) problems.push(duplicate);
  problems.push(...authProblems(props.auth, target, spec, PATHS.authCaDir));
  problems.push(...operatorPipelineProblems(props, target));
  problems.push(...overrideConflicts(props, spec));
  const labels = labelChecks(props.labels, name);
  problems.push(...labels.problems);
  problems.push(...userConfigCredentials(props));
  problems.push(...networkingProblems(spec));
  if (!intent.specGiven) problems.push(...exposeProblems(props.expose, spec, props.allowedFrom !== undefined, openShift));
  problems.push(...verifyPropProblems(props, target, openShift));
  // Air-gapped clusters: the mirror every image comes from, and the model seed.
  problems.push(...airGapProblems(props, spec, openShift));
  problems.push(...mirroredImageProblems(image, spec, props));
  if (problems.length > 0) return { problems, origins };

  const config = planConfig(intent, commandPassesInsecure(spec, image));
  if ('problems' in config) return { problems: config.problems, origins };
  if (config.configYaml !== undefined && target.isOperator) {
    // Server targets run the release's start-up model, which substitutes the container's env.
    const missing = missingEnvProblems(config.configYaml, config.secretEnvVars, spec, target);
    if (missing.length > 0) return { problems: missing, origins };
  }
  const releaseWarnings = [
    ...imageWarnings, ...config.warnings, ...platformWarnings(props, spec, openShift), ...labels.warnings, ...disruptionBudgetWarnings(spec),
    ...unseededModelWarnings(props, config.configYaml),
    ...pod.warnings,
  ];
  if (intent.strict && releaseWarnings.length > 0) {
    return { problems: releaseWarnings.map((w) => ({ ...w, message: `${w.message} (an error with strict)` })), origins };
  }
  // Asked for with allowUnrestrictedVolumes, so not an error with strict.
  const warnings = [...releaseWarnings, ...kubernetesInputWarnings(props, spec), ...airGapVolumeWarnings(props)];
  const tls = spec.networking?.tls?.enabled === true;
  const workload: WorkloadPlan = {
    ...intent.workload,
    name,
    image: pulledImage(image, props),
    spec,
    configMapName: config.configMapName,
    generatedConfig: config.configYaml !== undefined,
    configHash: config.contentHash,
    secretEnv: config.secretEnvVars,
    // A spec's expose gets the defaults (with pod TLS: backend-protocol HTTPS; on OpenShift a Route), and the Secret it names.
    exposure: resolveExposure(name, intent.expose, tls, writesRoute(props, spec, openShift)),
    podContainers: pod.podContainers,
    podTiming: pod.podTiming,
    monitoring: spec.monitoring && target.metricsEnvVars ? { metricsPort: metricsPort(spec), ...intent.monitoring } : undefined,
    // Undefined only for a spec the checks rejected above: then this throws what it is.
    layout: layout ?? podLayout(layoutInput),
    env: podEnv(target, spec, config.secretEnvVars, intent.modelCacheEnv),
    servingCertSecret: openShift && intent.serviceCa ? spec.networking?.tls?.secretName : undefined,
    dataDirs: config.dataDirs,
    containerPort: containerPort(spec, target),
    quotedYaml,
    libraryConfigText: libraryConfigText(intent),
  };
  const render = renderObjects(workload, config.configYaml);
  if ('problems' in render) return { problems: render.problems, origins };
  const rendered = render.objects;
  const serviceName = objectNames(name).service;
  const port = spec.networking?.port ?? DEFAULT_PORT;
  const url = serviceUrl(serviceName, namespace, port, tls);
  let verify: PlannedVerification | undefined;
  if (intent.verify) {
    const facts = {
      name,
      namePath,
      namespace,
      target,
      spec,
      openShift,
      image: workload.image,
      url,
      containerPort: workload.containerPort,
      serverPodLabels: rendered.deployment.spec?.selector?.matchLabels ?? {},
      serverRunAsUser: workload.runAsUser,
      configYaml: config.configYaml,
      trustedCa: intent.trust,
      networkPolicy: rendered.networkPolicy,
    };
    const input = verifyInputOf(props, facts);
    const verifyProblems = verifyInputProblems(input, namePath);
    if (verifyProblems.length > 0) return { problems: verifyProblems, origins };
    verify = planVerification(input, facts);
  }
  const objects = verify?.networkPolicy !== undefined ? { ...rendered, networkPolicy: verify.networkPolicy } : rendered;
  const planned: DistributionPlan = {
    name,
    strict: intent.strict,
    spec: declared,
    target,
    platform: intent.platform,
    image: workload.image,
    namespace,
    configYaml: config.configYaml,
    contentHash: config.contentHash,
    configMapName: config.configMapName,
    secretEnvVars: config.secretEnvVars,
    warnings,
    origins,
    workload,
    objects,
    serviceName,
    port,
    containerPort: workload.containerPort,
    url,
    verify,
  };
  return { plan: planned };
}

/** The pod's layout, or undefined for a spec the schema check rejects (a list where an object goes…): its problems are reported there. */
function layoutOf(input: PodLayoutInput): PodLayout | undefined {
  try {
    return podLayout(input);
  } catch {
    return undefined;
  }
}

/**
 * Whether the container's command passes `--insecure` to the server: the image entrypoint's does
 * on OGX 1.2.1+ release images (it runs `stack run --insecure <config> "$@"`, so args keep it);
 * a custom command replaces the entrypoint and passes it only when it says so. Undefined: what
 * the target's release image does.
 */
function commandPassesInsecure(spec: LlamaStackDistributionSpec, image: string): boolean | undefined {
  const command = spec.workload?.overrides?.command;
  if (command && command.length > 0) return command.includes('--insecure');
  return imageLayoutOf(image)?.entrypointInsecure;
}

/**
 * The base config the library ships for this distribution, when the config is generated from it
 * (not from a user's base or override config): what the objects may hold that the user did not write.
 */
function libraryConfigText({ config, spec, target }: DistributionIntent): string | undefined {
  if (config.baseConfigYaml !== undefined || config.overrideConfigYaml !== undefined || spec.overrideConfig) return undefined;
  const distribution = spec.distribution?.name ?? DEFAULT_DISTRIBUTION;
  if (!target.isOperator) return target._baseConfig(distribution);
  const embedded = embeddedBaseConfig(distribution);
  return 'text' in embedded ? embedded.text : undefined;
}

/** The config the server runs: the user's ConfigMap, an override text, or a generated one; or the problems of the text or the generation. */
function planConfig({ config, spec, target, name }: DistributionIntent,
  entrypointInsecure: boolean | undefined): PlannedConfig | { readonly problems: ConfigProblem[] } {
  const serverTlsDir = spec.networking?.tls?.enabled === true ? PATHS.tlsDir : undefined;
  if (spec.overrideConfig) {
    return { configMapName: spec.overrideConfig.configMapName, secretEnvVars: [], warnings: [] };
  }
  if (config.overrideConfigYaml !== undefined) {
    const checked = checkOverrideConfig(config.overrideConfigYaml, spec, target, {
      serverTlsDir,
      scratchDirs: scratchDirs(spec),
      entrypointInsecure,
    }, config.allowPerPodState);
    if (checked.problems.length > 0) return { problems: checked.problems };
    const contentHash = sha256Hex(config.overrideConfigYaml);
    return {
      configYaml: config.overrideConfigYaml,
      contentHash,
      configMapName: configMapName(name, contentHash),
      secretEnvVars: [],
      warnings: checked.warnings,
      dataDirs: checked.dataDirs,
    };
  }
  // The generators return their problems; the operator pipeline reads its own copy of the spec, as ConfigGenerator.generate does.
  const outcome = target.isOperator
    ? generateOperatorConfig(snapshotSpec(spec), { baseConfigYaml: config.baseConfigYaml, rejectUnknownModelProviders: true, serverTlsDir })
    : generateTargetConfigOutcome(spec, target, {
      ...config.generation,
      baseConfigYaml: config.baseConfigYaml,
      serverTlsDir,
      authCaFile: PATHS.authCaFile,
      entrypointPassesInsecure: entrypointInsecure,
      scratchDirs: scratchDirs(spec),
    });
  if ('problems' in outcome) return { problems: outcome.problems };
  const generated = outcome.config;
  return {
    configYaml: generated.configYaml,
    contentHash: generated.contentHash,
    configMapName: configMapName(name, generated.contentHash),
    secretEnvVars: generated.envVars,
    warnings: 'warnings' in generated ? generated.warnings : [],
    dataDirs: 'dataDirs' in generated ? generated.dataDirs : undefined,
  };
}
