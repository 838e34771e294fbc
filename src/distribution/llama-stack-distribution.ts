/**
 * The construct: plan (planner.ts), then turn the rendered objects into ApiObjects. Everything
 * it checks and resolves comes from the plan.
 */
import { ApiObject, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { Construct } from 'constructs';
import { destinations, egressIsolationWarnings } from './egress-isolation';
import { EmittedId, emittedObjects } from './emitted-objects';
import type { ProblemWords } from './intent';
import { claimName, duplicateNameProblem } from './name-registry';
import { planDistribution } from './planner';
import { LlamaStackDistributionProps } from './props';
import { atPropsPaths } from './props-paths';
import { secretKeyUses, secretObjectProblems } from './secret-objects';
import { ConfigProblem, formatProblem, LlamaStackConfigError } from '../core/errors';
import { ServerTarget } from '../releases/server-target';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { Platform } from '../values/platform';
import { podSelectorConfig } from '../workload/endpoint';
import { QUOTED_YAML_CONTEXT } from '../workload/plan';

/** Props given by a reader with words of its own (the manifest readers): problems are said in them. */
const READERS = new WeakMap<LlamaStackDistributionProps, ProblemWords>();

/**
 * `props`, whose problems and warnings the construct says in `words` (a manifest's paths and
 * fixes) instead of at props paths: the reader's edge, where its paths are mapped once.
 */
export function withReaderWords(props: LlamaStackDistributionProps, words: ProblemWords): LlamaStackDistributionProps {
  READERS.set(props, words);
  return props;
}

/**
 * A Llama Stack server: the generated config.yaml in an immutable, content-named ConfigMap, the
 * Deployment that runs it, its Service and ServiceAccount, and when asked a PVC, HPA, PDB,
 * NetworkPolicy and Ingress. Bad props fail synth with every problem listed.
 */
export class LlamaStackDistribution extends Construct implements kplus.IPodSelector, kplus.INetworkPolicyPeer {
  /** Base name of the objects. */
  public readonly name: string;
  /** The v1alpha2 spec this distribution was built from. */
  public readonly spec: LlamaStackDistributionSpec;
  /** The container image. */
  public readonly image: string;
  /** The server line the config is written for. */
  public readonly target: ServerTarget;
  /** The platform the objects are written for. */
  public readonly platform: Platform;
  /** The generated config.yaml (undefined with an override ConfigMap). */
  public readonly configYaml?: string;
  /** SHA-256 of `configYaml`. */
  public readonly contentHash?: string;
  /** Name of the ConfigMap the server reads config.yaml from. */
  public readonly configMapName: string;
  /** Secret-backed env vars the config refers to. */
  public readonly secretEnvVars: SecretEnvVar[];
  /**
   * What is legal but probably unintended (a disabled API the base config does not have, a model
   * on a provider the env switches on…), and what the release's start-up model expects the server
   * to log. Printed to stderr once per synth; errors with `strict`.
   */
  public readonly warnings: ConfigProblem[];
  public readonly deployment: ApiObject;
  public readonly service: ApiObject;
  /** @default - not created with an override ConfigMap */
  public readonly configMap?: ApiObject;
  /** @default - not created when `serviceAccountName` names an existing one */
  public readonly serviceAccount?: ApiObject;
  /** @default - only with `persistentStorage` */
  public readonly persistentVolumeClaim?: ApiObject;
  /** @default - only with `autoscaling` */
  public readonly horizontalPodAutoscaler?: ApiObject;
  /** KEDA's ScaledObject `N-scaler` (KEDA then writes the HPA). @default - only with `monitoring.scaling` on KEDA */
  public readonly scaledObject?: ApiObject;
  /** @default - only when more than one pod can run, or when asked */
  public readonly podDisruptionBudget?: ApiObject;
  /** @default - only with `allowedFrom` */
  public readonly networkPolicy?: ApiObject;
  /** @default - only with `expose` (without `expose.gateway`) */
  public readonly ingress?: ApiObject;
  /** @default - only with `expose.gateway` */
  public readonly httpRoute?: ApiObject;
  /** @default - only with `expose` on `Platform.OPENSHIFT` (without `expose.gateway`) */
  public readonly route?: ApiObject;
  /** @default - only with `caBundle.clusterInjected` (OpenShift) */
  public readonly trustedCaBundle?: ApiObject;
  /** @default - only with `monitoring.serviceMonitor` */
  public readonly serviceMonitor?: ApiObject;
  /** @default - only with `monitoring.prometheusRule` */
  public readonly prometheusRule?: ApiObject;
  /** The verification script and plan (`N-verify-<hash8>`). @default - only with `verify` */
  public readonly verifyConfigMap?: ApiObject;
  /** The verification Job `N-verify` (an Argo CD PostSync hook). @default - only with `verify` */
  public readonly verifyJob?: ApiObject;
  /** The suspended CronJob `N-verify` for runs by hand. @default - only with `verify` (and `manualRuns`) */
  public readonly verifyCronJob?: ApiObject;
  /** The Job's egress NetworkPolicy `N-verify`. @default - only with `verify` and `allowedTo` */
  public readonly verifyNetworkPolicy?: ApiObject;

  /**
   * The namespace of the objects: `props.namespace`, else the chart's.
   * @default - not known at synth time (the objects land in the namespace they are applied to)
   */
  public readonly namespace?: string;
  /** Name of the Service (`N-service`) other workloads connect to. */
  public readonly serviceName: string;
  /** The Service port (`props.port`, default 8321). */
  public readonly port: number;
  /**
   * The port the server's pods listen on: the port a NetworkPolicy admits
   * (`kplus.NetworkPolicyPort.tcp(llama.containerPort)`). The Service port, unless that one is
   * privileged (below 1024): then 8321.
   */
  public readonly containerPort: number;
  /**
   * The in-cluster URL of the Service, for other workloads' env:
   * `http://N-service.<namespace>.svc.cluster.local:<port>` (`https` with serving `tls`; the
   * default cluster domain). When the namespace is not known at synth time (neither
   * `props.namespace` nor the chart's): `http://N-service:<port>`, which resolves only from the
   * Service's own namespace.
   */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: LlamaStackDistributionProps = {}) {
    super(scope, id);
    const words = READERS.get(props) ?? atPropsPaths;
    const plan = planDistribution(props, {
      id,
      chartNamespace: Chart.of(this).namespace,
      quotedYaml: this.node.tryGetContext(QUOTED_YAML_CONTEXT) === true,
      duplicateName: (name, namespace, path) => duplicateNameProblem(this, name, namespace, path),
      words,
    });
    // Secrets this app defines: in the pod's namespace, with the keys the pod reads.
    const secretProblems = secretObjectProblems(this, secretKeyUses(plan.objects.deployment), plan.namespace);
    if (secretProblems.length > 0) throw new LlamaStackConfigError(words(secretProblems, plan.origins));
    this.name = plan.name;
    this.spec = plan.spec;
    this.image = plan.image;
    this.target = plan.target;
    this.platform = plan.platform;
    this.configYaml = plan.configYaml;
    this.contentHash = plan.contentHash;
    this.configMapName = plan.configMapName;
    this.secretEnvVars = plan.secretEnvVars;
    this.warnings = plan.warnings;
    // Printed when the app synthesizes (cdk8s validates then, once per app and once per chart,
    // so the first validation prints).
    let printed = false;
    // The validation keeps only what it reads, not the plan (an app may hold thousands of these).
    const podLabels = plan.objects.deployment.spec?.template?.metadata?.labels ?? {};
    const cutOff = destinations(plan.spec);
    const namespace = plan.namespace;
    const serviceHost = /^[a-z]+:\/\/([^:/]+)/.exec(plan.url)?.[1];
    const strict = plan.strict;
    this.node.addValidation({
      validate: () => {
        const egress = egressIsolationWarnings(this, this, podLabels, namespace, cutOff, serviceHost);
        // strict: every warning is an error, these too (the others failed at construction).
        if (strict) return egress.map((w) => formatProblem({ ...w, message: `${w.message} (an error with strict)` }));
        if (!printed) reportWarnings(this.node.path, [...this.warnings, ...egress]);
        printed = true;
        return [];
      },
    });
    // The renderers write fresh, ordinary JSON objects (user subtrees copied: workload/manifest.ts
    // userCopy), which nothing else holds or changes: cdk8s takes them as they are.
    const made: { [id in EmittedId]?: ApiObject } = {};
    for (const o of emittedObjects(plan)) made[o.id] = new ApiObject(this, o.id, o.manifest);
    this.configMap = made.ConfigMap;
    this.trustedCaBundle = made.TrustedCaBundle;
    this.serviceAccount = made.ServiceAccount;
    this.persistentVolumeClaim = made.PersistentVolumeClaim;
    this.deployment = made.Deployment!;
    this.service = made.Service!;
    this.horizontalPodAutoscaler = made.HorizontalPodAutoscaler;
    this.scaledObject = made.ScaledObject;
    this.podDisruptionBudget = made.PodDisruptionBudget;
    this.networkPolicy = made.NetworkPolicy;
    this.ingress = made.Ingress;
    this.httpRoute = made.HTTPRoute;
    this.route = made.Route;
    this.serviceMonitor = made.ServiceMonitor;
    this.prometheusRule = made.PrometheusRule;
    this.verifyConfigMap = made.VerifyConfigMap;
    this.verifyNetworkPolicy = made.VerifyNetworkPolicy;
    this.verifyJob = made.VerifyJob;
    this.verifyCronJob = made.VerifyCronJob;
    this.node.defaultChild = this.deployment;
    claimName(this, this.name, plan.namespace);
    this.namespace = plan.namespace;
    this.serviceName = plan.serviceName;
    this.port = plan.port;
    this.containerPort = plan.containerPort;
    this.url = plan.url;
  }

  /**
   * The server's pods, for cdk8s-plus: `new kplus.Service(chart, 'id', { selector: llama, … })`.
   * @see kplus.IPodSelector.toPodSelectorConfig()
   */
  public toPodSelectorConfig(): kplus.PodSelectorConfig {
    return podSelectorConfig(this.name, this.namespace);
  }

  /**
   * The server's pods as a NetworkPolicy peer: `web.connections.allowTo(llama, { ports:
   * [kplus.NetworkPolicyPort.tcp(llama.containerPort)] })`. Without `ports`, every port is allowed.
   * @see kplus.INetworkPolicyPeer.toNetworkPolicyPeerConfig()
   */
  public toNetworkPolicyPeerConfig(): kplus.NetworkPolicyPeerConfig {
    return { podSelector: this.toPodSelectorConfig() };
  }

  /** @see kplus.INetworkPolicyPeer.toPodSelector() */
  public toPodSelector(): kplus.IPodSelector | undefined {
    return this;
  }
}

/** Writes warnings to stderr (`strict` turned them into errors already). */
function reportWarnings(where: string, warnings: readonly ConfigProblem[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${where}: ${formatProblem(w)}\n`);
}
