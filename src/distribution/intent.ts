/**
 * The planner's input: the props read once at the boundary and resolved into what the user
 * asked for (a `DistributionIntent`), with the defaults filled in and the spec the typed props
 * describe. The planner reads this and nothing else; the checks of the user's input read the
 * checked props it carries (`intent.props`) only to say a problem at the prop the user wrote.
 */
import { resolveModelSeed } from './air-gap';
import type { LlamaStackDistributionProps } from './props';
import { checkDistributionProps } from './props-shape';
import { SPEC_EXCLUSIVE_PROPS, SpecOrigins, nonEmpty, specAndProblemsFromProps } from './spec-from-props';
import { trustedCaBundle, withTrustedCa } from './trusted-ca';
import { verifyOn } from './verify-stage';
import { ConfigProblem } from '../core/errors';
import type { TargetConfigOptions } from '../generate/target-config';
import { durationString } from '../kubernetes/units';
import type { PodModelCache } from '../releases/pod-env';
import { NON_ROOT_USER } from '../releases/pod-paths';
import { DEFAULT_TARGET, ServerTarget } from '../releases/server-target';
import { CABundleConfig, LlamaStackDistributionSpec } from '../spec/spec';
import { ExposeOptions } from '../values/expose';
import { Platform } from '../values/platform';
import { cacheSubPath } from '../workload/cache-seed';
import { resolveLoadScaling } from '../workload/load-scaling';
import type { ResolvedMonitoring } from '../workload/monitoring-options';
import { baseNameProblem } from '../workload/object-names';
import type { WorkloadPlan } from '../workload/plan';
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

/** Where config.yaml comes from, and what a server target's generation is told besides the spec. */
export interface ConfigIntent {
  readonly baseConfigYaml?: string;
  readonly overrideConfigYaml?: string;
  readonly allowPerPodState: boolean;
  readonly generation: Pick<TargetConfigOptions, 'replaceBaseProviders' | 'vectorStores' | 'allowPerPodState' | 'auth' | 'serverTls'
  | 'tenancy' | 'vectorStoresStorage' | 'connectors'>;
}

/**
 * The prop each generation option comes from: a problem the generation finds at
 * `options.serverTls.ciphers` is the user's `props.tls.ciphers` (props-paths.ts). The compiler
 * checks that every option and prop named exists.
 */
export const GENERATION_OPTION_PROPS: { readonly [K in keyof Required<ConfigIntent['generation']>]: keyof LlamaStackDistributionProps } = {
  replaceBaseProviders: 'replaceBaseProviders',
  vectorStores: 'vectorStores',
  allowPerPodState: 'allowPerPodState',
  auth: 'auth',
  serverTls: 'tls',
  tenancy: 'tenancy',
  vectorStoresStorage: 'vectorStoresStorage',
  connectors: 'connectors',
};

/** What the workload plan takes from the intent as it is (the rest is derived from the checked spec and config). */
export type WorkloadIntent = Pick<WorkloadPlan, 'namespace' | 'extraLabels' | 'storageClassName' | 'ingressClassName' | 'nodeSelector'
| 'tolerations' | 'imagePullPolicy' | 'authCa' | 'restartOnSecretChange' | 'networkPolicy' | 'serviceOptions' | 'podExtras'
| 'retainConfigMaps' | 'imageRegistry' | 'modelSeed' | 'injectedCaBundle' | 'runAsUser' | 'fsGroup' | 'openShift' | 'bakedCacheDir'
| 'defaultMountPath' | 'legacyDataMount' | 'emptyDirSizeLimits'>;

/** Everything the user asked for, resolved once: the planner's only input. */
export interface DistributionIntent {
  /** The checked props: read by the input checks, to say a problem at the prop the user wrote. */
  readonly props: LlamaStackDistributionProps;
  readonly name: string;
  /** Where the name came from: `props.name`, or the construct's `id`. */
  readonly namePath: string;
  /** Where the objects land: `props.namespace`, else the chart's. */
  readonly namespace?: string;
  readonly target: ServerTarget;
  readonly platform: Platform;
  readonly openShift: boolean;
  /** `props.strict`: warnings are errors. */
  readonly strict: boolean;
  /** The spec the user gave (`props.spec`) or the typed props describe. */
  readonly declared: LlamaStackDistributionSpec;
  /** The spec was given whole (`props.spec`), not built from typed props. */
  readonly specGiven: boolean;
  /** Typed props: the prop each spec location came from (none for a `props.spec`). */
  readonly origins?: SpecOrigins;
  /** The CAs the pod trusts (`caBundle`, `tls.caBundle` or the spec's). */
  readonly trust?: CABundleConfig;
  /** The pod's view of the spec: the declared one with the CAs it trusts, which the CRD carries only with serving TLS. */
  readonly spec: LlamaStackDistributionSpec;
  readonly config: ConfigIntent;
  readonly workload: WorkloadIntent;
  /** How the server is reached from outside: `props.expose`, else what the spec's `networking.expose` says. */
  readonly expose: ExposeOptions;
  /** `tls.serviceCa`: on OpenShift the Service asks the service CA for the serving certificate. */
  readonly serviceCa: boolean;
  /** The model seed's env (`HF_HOME`, offline switches), with `workload.modelSeed`. */
  readonly modelCacheEnv?: PodModelCache;
  /** What scrapes the metrics and scales on load, when on and the release serves them (the port comes from the spec). */
  readonly monitoring: Omit<ResolvedMonitoring, 'metricsPort'>;
  /** `props.verify`: the verification objects are written. */
  readonly verify: boolean;
}

/** The intent, with the problems found on the way (checks go on); or the props' problems, when they cannot be read as declared. */
export type IntentOutcome = { readonly intent: DistributionIntent; readonly problems: ConfigProblem[] } | { readonly problems: ConfigProblem[] };

/** Reads the props once (the input boundary) and resolves what they ask for. */
export function resolveIntent(rawProps: LlamaStackDistributionProps, context: PlanContext): IntentOutcome {
  // The input boundary: past it, every prop has its declared type and is read only once.
  const checked = checkDistributionProps(rawProps);
  if (checked.props === undefined) return { problems: checked.problems };
  const props = checked.props;
  const problems: ConfigProblem[] = [];
  const name = props.name ?? context.id;
  const namePath = props.name !== undefined ? 'props.name' : 'id';
  // The Service `N-service` makes it a DNS-1035 label (a letter first).
  const badName = baseNameProblem(name);
  if (badName) problems.push({ path: namePath, ...badName });
  let declared: LlamaStackDistributionSpec;
  let origins: SpecOrigins | undefined;
  if (props.spec !== undefined) {
    for (const k of SPEC_EXCLUSIVE_PROPS.filter((key) => props[key] !== undefined)) {
      problems.push({ path: `props.${k}`, message: 'cannot be combined with props.spec', fix: 'set it inside props.spec instead' });
    }
    declared = props.spec;
  } else {
    // Typed props become a spec, with the prop each spec location came from.
    const fromProps = specAndProblemsFromProps(props, name);
    problems.push(...fromProps.problems);
    declared = fromProps.spec;
    origins = fromProps.origins;
  }
  const target = props.target ?? DEFAULT_TARGET;
  const platform = props.platform ?? Platform.KUBERNETES;
  const openShift = platform.isOpenShift;
  const namespace = props.namespace ?? context.chartNamespace;
  const trust = trustedCaBundle(props, declared, name);
  const spec = withTrustedCa(declared, trust);
  const modelSeed = resolveModelSeed(props);
  const monitoring = props.monitoring;
  const intent: DistributionIntent = {
    props,
    name,
    namePath,
    namespace,
    target,
    platform,
    openShift,
    strict: props.strict === true,
    declared,
    specGiven: props.spec !== undefined,
    origins,
    trust,
    spec,
    config: {
      baseConfigYaml: props.baseConfigYaml,
      overrideConfigYaml: props.overrideConfigYaml,
      allowPerPodState: props.allowPerPodState === true,
      generation: {
        replaceBaseProviders: props.replaceBaseProviders,
        vectorStores: props.vectorStores,
        allowPerPodState: props.allowPerPodState,
        auth: props.auth,
        serverTls: props.tls ? { ciphers: props.tls.ciphers, hstsMaxAgeSeconds: props.tls.hstsMaxAgeSeconds } : undefined,
        tenancy: props.tenancy,
        vectorStoresStorage: props.vectorStoresStorage,
        connectors: props.connectors,
      },
    },
    workload: {
      namespace: props.namespace,
      extraLabels: props.labels ?? {},
      storageClassName: props.persistentStorage?.storageClassName,
      ingressClassName: props.expose?.ingressClassName,
      nodeSelector: props.nodeSelector,
      tolerations: nonEmpty(props.tolerations),
      imagePullPolicy: props.imagePullPolicy,
      authCa: props.auth?.caCertificate,
      restartOnSecretChange: props.restartOnSecretChange === true,
      networkPolicy: { allowedTo: props.allowedTo, admitOwnNamespace: props.admitOwnNamespace !== false },
      serviceOptions: props.service,
      // The pod's extras, read once: checked by the planner, rendered by the Deployment.
      podExtras: {
        annotations: props.podAnnotations,
        imagePullSecrets: props.imagePullSecrets,
        affinity: props.affinity,
        priorityClassName: props.priorityClassName,
        resourceClaims: props.resourceClaims,
      },
      retainConfigMaps: props.retainConfigMaps,
      imageRegistry: props.imageRegistry,
      // The model seed's image already on the mirror (a pure rewrite: the air-gap checks say what is wrong with it).
      modelSeed: modelSeed?.seed,
      injectedCaBundle: props.caBundle?.clusterInjected === true ? trust?.configMapName : undefined,
      // OpenShift's restricted-v2 assigns both from the namespace's range (the images are group-0 writable).
      runAsUser: openShift ? undefined : NON_ROOT_USER,
      fsGroup: openShift ? undefined : target.fsGroup ?? NON_ROOT_USER,
      openShift: openShift || undefined,
      bakedCacheDir: cacheSubPath(target.tiktokenCacheDir) !== undefined ? target.tiktokenCacheDir : undefined,
      defaultMountPath: target.dataDir,
      legacyDataMount: target.isOperator,
      emptyDirSizeLimits: resolveEmptyDirSizeLimits(props.emptyDirSizeLimits, spec),
    },
    // A spec's expose gets the defaults (with pod TLS: backend-protocol HTTPS; on OpenShift a Route), and the Secret it names.
    expose: props.expose ?? specExpose(declared),
    serviceCa: props.tls?.serviceCa === true,
    modelCacheEnv: modelSeed?.env,
    monitoring: {
      serviceMonitor: monitoring?.serviceMonitor === true,
      prometheusRule: monitoring?.prometheusRule === true,
      interval: monitoring?.interval !== undefined ? durationString(monitoring.interval) : undefined,
      labels: monitoring?.labels ?? {},
      // OpenShift's monitoring stacks are admitted by policy group (network.ts).
      namespaces: monitoring?.namespaces ?? (openShift ? [] : ['monitoring']),
      scaling: monitoring?.scaling && resolveLoadScaling(monitoring.scaling, name, namespace),
    },
    verify: verifyOn(props),
  };
  return { intent, problems };
}

/** The edge settings a spec gives (`networking.expose.tlsSecretName`: the Secret the Ingress serves). */
function specExpose(spec: LlamaStackDistributionSpec): ExposeOptions {
  const expose = spec.networking?.expose;
  if (expose?.tlsSecretName === undefined) return {};
  return { hostname: expose.hostname, tls: { secretName: expose.tlsSecretName } };
}
