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
import { airGapProblems, airGapVolumeWarnings, mirroredImageProblems, pulledImage, resolveModelSeed, unseededModelWarnings } from './air-gap';
import { authProblems } from './auth-checks';
import { constructChecks, disruptionBudgetWarnings, labelChecks, missingEnvProblems, overrideConflicts, userConfigCredentials } from './checks';
import { connectorProblems } from './connector-checks';
import { emptyDirSizeLimitProblems } from './empty-dir-checks';
import { resolveImage } from './image';
import { platformProblems, platformWarnings, writesRoute } from './platform-checks';
import { planPodContainers } from './pod-container-checks';
import type { LlamaStackDistributionProps } from './props';
import { atPropsPaths } from './props-paths';
import { checkedDistributionProps } from './props-shape';
import { SPEC_EXCLUSIVE_PROPS, SpecOrigins, nonEmpty, specAndProblemsFromProps } from './spec-from-props';
import { trustedCaBundle, trustProblems, withTrustedCa } from './trusted-ca';
import { PlannedVerification, planVerification, verifyInputOf, verifyInputProblems, verifyOn, verifyPropProblems } from './verify-stage';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { DEFAULT_DISTRIBUTION } from '../generate/base-config';
import { generateOperatorConfig, sha256Hex } from '../generate/operator/config-generator';
import { checkOverrideConfig } from '../generate/override-config';
import { generateTargetConfigOutcome } from '../generate/target-config';
import { plainYamlInputProblems } from '../kubernetes/plain-yaml';
import { durationString } from '../kubernetes/units';
import { EMBEDDED_DISTRIBUTIONS, embeddedBaseConfig } from '../releases/embedded-configs';
import { imageLayoutOf } from '../releases/image-layouts';
import { containerPort, DEFAULT_PORT, metricsPort, podEnv } from '../releases/pod-env';
import { NON_ROOT_USER } from '../releases/pod-paths';
import { DEFAULT_TARGET, ServerTarget } from '../releases/server-target';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { snapshotSpec } from '../spec/spec-snapshot';
import { validateSpec } from '../spec/validate-spec';
import { ExposeOptions, exposeProblems, networkingProblems, resolveExposure } from '../values/expose';
import { Platform } from '../values/platform';
import { RenderedObjects, renderObjects, WorkloadPlan } from '../workload';
import { cacheSubPath } from '../workload/cache-seed';
import { podLayout } from '../workload/deployment';
import { serviceUrl } from '../workload/endpoint';
import { kubernetesInputProblems, kubernetesInputWarnings } from '../workload/kubernetes-checks';
import { resolveLoadScaling } from '../workload/load-scaling';
import { loadScalingProblems } from '../workload/load-scaling-checks';
import { networkOptionProblems } from '../workload/network-checks';
import { baseNameProblem, configMapName, objectNames } from '../workload/object-names';
import { PATHS, PodLayout, PodLayoutInput } from '../workload/plan';
import { podExtrasProblems } from '../workload/pod-extras';
import { resolveEmptyDirSizeLimits } from '../workload/volume-sizes';

/** What the planner needs from where it runs. */
export interface PlanContext {
  /** The construct id: the base name when `props.name` is not set. */
  readonly id: string;
  /** The chart's namespace (objects land there when `props.namespace` is not set). */
  readonly chartNamespace?: string;
  /** The objects are written by a writer that quotes ambiguous strings (the command line). */
  readonly quotedYaml?: boolean;
  /** Another distribution of the app already has this name in this namespace. */
  readonly duplicateName?: (name: string, namespace: string | undefined, path: string) => ConfigProblem | undefined;
  /** How `planDistribution` says problems and warnings (default: at props paths, `atPropsPaths`). */
  readonly words?: ProblemWords;
}

/**
 * Problems as found (spec paths for typed props, with where each spec location came from), said
 * in a caller's words: its paths and its fixes (`ConfigProblem.fixes`), each problem once.
 */
export type ProblemWords = (problems: readonly ConfigProblem[], origins: SpecOrigins | undefined) => ConfigProblem[];

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
  const outcome = resolvePlan(rawProps, context);
  const words = context.words ?? atPropsPaths;
  if ('problems' in outcome) throw new LlamaStackConfigError(words(outcome.problems, outcome.origins));
  return { ...outcome.plan, warnings: words(outcome.plan.warnings, outcome.plan.origins) };
}

/** The plan, or every problem at the path where it was found (its warnings too). */
export function resolvePlan(rawProps: LlamaStackDistributionProps, context: PlanContext): PlanOutcome {
  let origins: SpecOrigins | undefined;
  try {
    // The input boundary: past it, every prop has its declared type and is read only once.
    const props = checkedDistributionProps(rawProps);
    // Typed props become a spec, with the prop each spec location came from.
    const fromProps = props.spec === undefined ? specAndProblemsFromProps(props, props.name ?? context.id) : undefined;
    origins = fromProps?.origins;
    return plan(props, context, fromProps);
  } catch (e) {
    // What the layers below still throw (the input boundary, the rendered objects' checks): as found, for the edge to say.
    // The config generators return their problems (planConfig).
    if (e instanceof LlamaStackConfigError) return { problems: e.problems, origins };
    throw e;
  }
}

/** Typed props as a spec, its problems and origins (none for a `props.spec`). */
type FromProps = ReturnType<typeof specAndProblemsFromProps> | undefined;

function plan(props: LlamaStackDistributionProps, context: PlanContext, fromProps: FromProps): PlanOutcome {
  const origins = fromProps?.origins;
  const problems: ConfigProblem[] = [];
  const name = props.name ?? context.id;
  const namePath = props.name !== undefined ? 'props.name' : 'id';
  // The Service `N-service` makes it a DNS-1035 label (a letter first).
  const badName = baseNameProblem(name);
  if (badName) problems.push({ path: namePath, ...badName });
  if (props.spec !== undefined) {
    for (const k of SPEC_EXCLUSIVE_PROPS.filter((key) => props[key] !== undefined)) {
      problems.push({ path: `props.${k}`, message: 'cannot be combined with props.spec', fix: 'set it inside props.spec instead' });
    }
  }
  const declared = props.spec ?? fromProps!.spec;
  problems.push(...fromProps?.problems ?? []);
  const target = props.target ?? DEFAULT_TARGET;
  problems.push(...validateSpec(declared, {
    hasBaseConfig: props.baseConfigYaml !== undefined, disableableApis: target.disableableApis, kvPostgres: !target.isOperator,
  }));
  const platform = props.platform ?? Platform.KUBERNETES;
  const openShift = platform.isOpenShift;
  problems.push(...trustProblems(props, openShift));
  // The pod's view: the spec with the CAs it trusts, which the CRD carries only with serving TLS.
  const trust = trustedCaBundle(props, declared, name);
  const spec = withTrustedCa(declared, trust);
  const imageWarnings: ConfigProblem[] = [];
  const image = resolveImage(props, spec, target, problems, imageWarnings);
  const namespace = props.namespace ?? context.chartNamespace;
  problems.push(...constructChecks(spec, namespace, target));
  // The pod's own volumes and mounts, laid out once: the input checks read it, the Deployment renders it.
  const emptyDirSizeLimits = resolveEmptyDirSizeLimits(props.emptyDirSizeLimits, spec);
  // The model seed's image already on the mirror (a pure rewrite: airGapProblems says what is wrong with it).
  const modelSeed = resolveModelSeed(props);
  const layoutInput: PodLayoutInput = {
    name,
    spec,
    emptyDirSizeLimits,
    defaultMountPath: target.dataDir,
    legacyDataMount: target.isOperator,
    authCa: props.auth?.caCertificate,
    modelSeed: modelSeed?.seed,
    imagePullPolicy: props.imagePullPolicy,
  };
  const layout = layoutOf(layoutInput);
  problems.push(...kubernetesInputProblems(props, spec, namespace, target, layout));
  problems.push(...emptyDirSizeLimitProblems(props.emptyDirSizeLimits, spec));
  problems.push(...networkOptionProblems(props));
  problems.push(...loadScalingProblems(props, target.metricsEnvVars !== undefined, target.description));
  problems.push(...platformProblems(props, spec, openShift, name, namespace));
  problems.push(...connectorProblems(props.connectors, props.allowedTo, namespace));
  // The pod's extras, read once: checked here, rendered by the Deployment.
  const podExtras = {
    annotations: props.podAnnotations,
    imagePullSecrets: props.imagePullSecrets,
    affinity: props.affinity,
    priorityClassName: props.priorityClassName,
    resourceClaims: props.resourceClaims,
  };
  problems.push(...podExtrasProblems(podExtras, spec.overrideConfig === undefined));
  const pod = planPodContainers(props, { name, namespace, spec, target, openShift, layout });
  problems.push(...pod.problems);
  // The chart's namespace is written by cdk8s, not rendered here: checked on its own.
  const quotedYaml = context.quotedYaml === true;
  if (!quotedYaml) problems.push(...plainYamlInputProblems(props, namespace));
  const duplicate = context.duplicateName?.(name, namespace, namePath);
  if (duplicate) problems.push(duplicate);
  problems.push(...authProblems(props.auth, target, spec, PATHS.authCaDir));
  if (target.isOperator && props.vectorStores !== undefined) {
    problems.push({ path: 'props.vectorStores', message: 'the operator pipeline keeps its base config\'s vector store defaults', fix: 'remove vectorStores, or use a server target' });
  }
  if (target.isOperator) problems.push(...serverOnlyProps(props));
  if (target.isOperator && props.replaceBaseProviders !== undefined) {
    problems.push({ path: 'props.replaceBaseProviders', message: 'the operator pipeline always overlays providers by id', fix: 'remove replaceBaseProviders, or use a server target' });
  }
  problems.push(...overrideConflicts(props, spec));
  const labels = labelChecks(props.labels, name);
  problems.push(...labels.problems);
  problems.push(...userConfigCredentials(props));
  problems.push(...networkingProblems(spec));
  if (props.spec === undefined) problems.push(...exposeProblems(props.expose, spec, props.allowedFrom !== undefined, openShift));
  problems.push(...verifyPropProblems(props, target, openShift));
  // Air-gapped clusters: the mirror every image comes from, and the model seed.
  problems.push(...airGapProblems(props, spec, openShift));
  problems.push(...mirroredImageProblems(image, spec, props));
  if (problems.length > 0) return { problems, origins };

  const config = planConfig(props, spec, target, name, commandPassesInsecure(spec, image));
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
  if (props.strict === true && releaseWarnings.length > 0) {
    return { problems: releaseWarnings.map((w) => ({ ...w, message: `${w.message} (an error with strict)` })), origins };
  }
  // Asked for with allowUnrestrictedVolumes, so not an error with strict.
  const warnings = [...releaseWarnings, ...kubernetesInputWarnings(props, spec), ...airGapVolumeWarnings(props)];
  const tls = spec.networking?.tls?.enabled === true;
  const workload: WorkloadPlan = {
    name,
    namespace: props.namespace,
    image: pulledImage(image, props),
    spec,
    configMapName: config.configMapName,
    generatedConfig: config.configYaml !== undefined,
    configHash: config.contentHash,
    secretEnv: config.secretEnvVars,
    extraLabels: props.labels ?? {},
    storageClassName: props.persistentStorage?.storageClassName,
    ingressClassName: props.expose?.ingressClassName,
    // A spec's expose gets the defaults (with pod TLS: backend-protocol HTTPS; on OpenShift a Route), and the Secret it names.
    exposure: resolveExposure(name, props.expose ?? specExpose(spec), tls, writesRoute(props, spec, openShift)),
    nodeSelector: props.nodeSelector,
    tolerations: nonEmpty(props.tolerations),
    imagePullPolicy: props.imagePullPolicy,
    authCa: props.auth?.caCertificate,
    restartOnSecretChange: props.restartOnSecretChange === true,
    networkPolicy: { allowedTo: props.allowedTo, admitOwnNamespace: props.admitOwnNamespace !== false },
    serviceOptions: props.service,
    podExtras,
    podContainers: pod.podContainers,
    podTiming: pod.podTiming,
    monitoring: spec.monitoring && target.metricsEnvVars ? {
      metricsPort: metricsPort(spec),
      serviceMonitor: props.monitoring?.serviceMonitor === true,
      prometheusRule: props.monitoring?.prometheusRule === true,
      interval: props.monitoring?.interval !== undefined ? durationString(props.monitoring.interval) : undefined,
      labels: props.monitoring?.labels ?? {},
      // OpenShift's monitoring stacks are admitted by policy group (network.ts).
      namespaces: props.monitoring?.namespaces ?? (openShift ? [] : ['monitoring']),
      scaling: props.monitoring?.scaling && resolveLoadScaling(props.monitoring.scaling, name, namespace),
    } : undefined,
    emptyDirSizeLimits,
    // Undefined only for a spec the checks rejected above: then this throws what it is.
    layout: layout ?? podLayout(layoutInput),
    env: podEnv(target, spec, config.secretEnvVars, modelSeed?.env),
    // OpenShift's restricted-v2 assigns both from the namespace's range (the images are group-0 writable).
    runAsUser: openShift ? undefined : NON_ROOT_USER,
    fsGroup: openShift ? undefined : target.fsGroup ?? NON_ROOT_USER,
    openShift: openShift || undefined,
    servingCertSecret: openShift && props.tls?.serviceCa === true ? spec.networking?.tls?.secretName : undefined,
    injectedCaBundle: props.caBundle?.clusterInjected === true ? trust?.configMapName : undefined,
    bakedCacheDir: cacheSubPath(target.tiktokenCacheDir) !== undefined ? target.tiktokenCacheDir : undefined,
    defaultMountPath: target.dataDir,
    legacyDataMount: target.isOperator,
    dataDirs: config.dataDirs,
    containerPort: containerPort(spec, target),
    retainConfigMaps: props.retainConfigMaps,
    quotedYaml,
    libraryConfigText: libraryConfigText(props, spec, target),
    imageRegistry: props.imageRegistry,
    modelSeed: modelSeed?.seed,
  };
  const rendered = renderObjects(workload, config.configYaml);
  const serviceName = objectNames(name).service;
  const port = spec.networking?.port ?? DEFAULT_PORT;
  const url = serviceUrl(serviceName, namespace, port, tls);
  let verify: PlannedVerification | undefined;
  if (verifyOn(props)) {
    const facts = {
      name,
      namePath,
      namespace,
      target,
      spec,
      openShift,
      image: pulledImage(image, props),
      url,
      containerPort: workload.containerPort,
      serverPodLabels: rendered.deployment.spec?.selector?.matchLabels ?? {},
      serverRunAsUser: workload.runAsUser,
      configYaml: config.configYaml,
      trustedCa: trust,
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
    strict: props.strict === true,
    spec: declared,
    target,
    platform,
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

/** The edge settings a spec gives (`networking.expose.tlsSecretName`: the Secret the Ingress serves). */
function specExpose(spec: LlamaStackDistributionSpec): ExposeOptions {
  const expose = spec.networking?.expose;
  if (expose?.tlsSecretName === undefined) return {};
  return { hostname: expose.hostname, tls: { secretName: expose.tlsSecretName } };
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
function libraryConfigText(props: LlamaStackDistributionProps, spec: LlamaStackDistributionSpec, target: ServerTarget): string | undefined {
  if (props.baseConfigYaml !== undefined || props.overrideConfigYaml !== undefined || spec.overrideConfig) return undefined;
  const distribution = spec.distribution?.name ?? DEFAULT_DISTRIBUTION;
  if (!target.isOperator) return target._baseConfig(distribution);
  return EMBEDDED_DISTRIBUTIONS.includes(distribution) ? embeddedBaseConfig(distribution) : undefined;
}

/** The config the server runs: the user's ConfigMap, an override text, or a generated one; or the problems of the text or the generation. */
function planConfig(props: LlamaStackDistributionProps, spec: LlamaStackDistributionSpec, target: ServerTarget, name: string,
  entrypointInsecure: boolean | undefined): PlannedConfig | { readonly problems: ConfigProblem[] } {
  const serverTlsDir = spec.networking?.tls?.enabled === true ? PATHS.tlsDir : undefined;
  if (spec.overrideConfig) {
    return { configMapName: spec.overrideConfig.configMapName, secretEnvVars: [], warnings: [] };
  }
  if (props.overrideConfigYaml !== undefined) {
    const checked = checkOverrideConfig(props.overrideConfigYaml, spec, target, {
      serverTlsDir,
      scratchDirs: scratchDirs(spec),
      entrypointInsecure,
    }, props.allowPerPodState === true);
    if (checked.problems.length > 0) return { problems: checked.problems };
    const contentHash = sha256Hex(props.overrideConfigYaml);
    return {
      configYaml: props.overrideConfigYaml,
      contentHash,
      configMapName: configMapName(name, contentHash),
      secretEnvVars: [],
      warnings: checked.warnings,
      dataDirs: checked.dataDirs,
    };
  }
  // The generators return their problems; the operator pipeline reads its own copy of the spec, as ConfigGenerator.generate does.
  const outcome = target.isOperator
    ? generateOperatorConfig(snapshotSpec(spec), { baseConfigYaml: props.baseConfigYaml, rejectUnknownModelProviders: true, serverTlsDir })
    : generateTargetConfigOutcome(spec, target, {
      baseConfigYaml: props.baseConfigYaml,
      serverTlsDir,
      replaceBaseProviders: props.replaceBaseProviders,
      vectorStores: props.vectorStores,
      allowPerPodState: props.allowPerPodState,
      auth: props.auth,
      authCaFile: PATHS.authCaFile,
      serverTls: props.tls ? { ciphers: props.tls.ciphers, hstsMaxAgeSeconds: props.tls.hstsMaxAgeSeconds } : undefined,
      tenancy: props.tenancy,
      vectorStoresStorage: props.vectorStoresStorage,
      entrypointPassesInsecure: entrypointInsecure,
      scratchDirs: scratchDirs(spec),
      connectors: props.connectors,
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

/** What only the server targets write (OGX 1.x settings): the operator pipeline has no place for them. */
function serverOnlyProps(props: LlamaStackDistributionProps): ConfigProblem[] {
  const set: [string, unknown][] = [
    ['tls.ciphers', props.tls?.ciphers], ['tls.hstsMaxAgeSeconds', props.tls?.hstsMaxAgeSeconds],
    // A postgres vectorStoresStorage is spec.storage.stores.vectorStores, which the spec check refuses here.
    ['tenancy', props.tenancy], ['vectorStoresStorage', props.vectorStoresStorage?.type === 'postgres' ? undefined : props.vectorStoresStorage],
    ['connectors', props.connectors],
  ];
  return set.filter(([, v]) => v !== undefined).map(([k]) => ({
    path: `props.${k}`, message: 'the operator pipeline does not write it (an OGX 1.x server setting)', fix: `remove ${k}, or use a server target (ServerTarget.OGX_1_3)`,
  }));
}
