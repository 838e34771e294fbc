import { ApiObject, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { Construct } from 'constructs';
import { authProblems } from './auth/construct-checks';
import { ServerAuth } from './auth/server-auth';
import { ALL_PROVIDER_APIS } from './config/apis';
import { ConfigGenerator, sha256Hex } from './config/config-generator';
import { isPinnedImage } from './config/images';
import { shadowedEnvProblems } from './config/reserved-env';
import { SecretEnvVar } from './config/secrets';
import { serverOnlyFields } from './config/server-extensions';
import {
  AllowedFromSpec, AutoscalingSpec, CABundleConfig, ExternalProviderRef, ExternalProvidersSpec, LlamaStackDistributionSpec, ModelConfig,
  PodDisruptionBudgetSpec, ProviderConfig, ShieldConfig,
} from './config/spec';
import { validateSpec } from './config/validate-spec';
import { ConfigProblem, formatProblem, LlamaStackConfigError } from './core/errors';
import { plainCopy } from './core/json-convert';
import { quoteValue } from './core/quote';
import { exposeProblems, ExposeOptions, networkingProblems, resolveExposure, withController } from './expose';
import { ExternalProvider } from './external-provider';
import { checkedDistributionProps } from './input/distribution-props';
import { atPropsPaths, propsLayout } from './input/props-paths';
import { plainYamlInputProblems } from './kubernetes/plain-yaml';
import { claimName, duplicateNameProblem } from './name-registry';
import {
  BatchesProvider, FileProcessorsProvider, FilesProvider, InferenceProvider, InteractionsProvider, MessagesProvider, Provider, ResponsesProvider,
  SafetyProvider, TelemetryProvider, ToolRuntimeProvider, VectorIoProvider,
} from './providers';
import { StorageBackend } from './storage-backend';
import { containerPort, generatedEnv, serverEnv } from './targets/deployment-env';
import { checkOverrideConfig } from './targets/override-config';
import { ServerTarget } from './targets/server-target';
import { generateTargetConfig } from './targets/target-config';
import { VectorStoreDefaults } from './targets/vector-stores';
import { KubeManifest, renderObjects, WorkloadPlan } from './workload';
import { EmptyDirSizeLimits, emptyDirSizeLimitProblems } from './workload/empty-dirs';
import { podSelectorConfig, serviceUrl } from './workload/endpoint';
import { externalProviderChecks } from './workload/external-providers';
import { kubernetesInputProblems, kubernetesInputWarnings } from './workload/kubernetes-checks';
import { baseNameProblem, configMapName, objectNames } from './workload/names';
import { DEFAULT_PORT, PATHS, QUOTED_YAML_CONTEXT } from './workload/plan';
import { resourceProblems } from './workload/resources';

/** Serving TLS: the server itself terminates HTTPS with a `kubernetes.io/tls` Secret. */
export interface TlsOptions {
  /** Secret of type `kubernetes.io/tls` (keys `tls.crt`, `tls.key`). */
  readonly secretName: string;
  /**
   * Extra CA certificates the server trusts for outbound calls (`SSL_CERT_FILE`).
   * @default - the image's trust store
   */
  readonly caBundle?: CABundleConfig;
}


/**
 * Container resources; any resource name works (e.g. `nvidia.com/gpu`). A default never exceeds
 * a limit you set, and a request above its limit is an error.
 */
export interface ResourceRequirements {
  /**
   * @default - `cpu: <workers>` and `memory: <2 × workers>Gi` (starter's in-process embedding
   * model), each lowered to your limit of that resource
   */
  readonly requests?: { [resource: string]: string };
  /**
   * @default - `memory: <4 × workers>Gi` (room for starter's in-process reranker), raised to the
   * memory request when that is higher
   */
  readonly limits?: { [resource: string]: string };
}

/** A PVC for the server's data directory. */
export interface PersistentStorageOptions {
  /** Size of the claim. @default "10Gi" */
  readonly size?: string;
  /**
   * Where the volume is mounted: the server's data directory.
   * @default - the target's data directory: `/.ogx` on OGX 0.8, `/.llama` on llama-stack 0.7 and the operator pipeline
   */
  readonly mountPath?: string;
  /** @default - the cluster's default StorageClass */
  readonly storageClassName?: string;
}

/** Props of `LlamaStackDistribution`. */
export interface LlamaStackDistributionProps {
  /**
   * Base name of every object (`N`, `N-service`, `N-config-<hash>`…): a DNS label of at most 48
   * characters.
   * @default - the construct id
   */
  readonly name?: string;
  /**
   * Namespace of every object.
   * @default - the chart's namespace
   */
  readonly namespace?: string;
  /**
   * A complete v1alpha2 `LlamaStackDistribution.spec`, as in an existing manifest. Exclusive with
   * the typed props that describe the same things (providers, models, storage, networking, workload).
   * @default - built from the typed props
   */
  readonly spec?: LlamaStackDistributionSpec;
  /**
   * The server line: its image, config schema, provider registry and data directory.
   * `ServerTarget.OPERATOR` writes the operator pipeline's output byte for byte instead (no
   * released server accepts it; for parity and migration).
   * @default ServerTarget.OGX_0_8
   */
  readonly target?: ServerTarget;
  /**
   * Distribution whose base config is used: one the target ships (`starter`, `postgres-demo`,
   * `ci-tests`, `nvidia`, `oci`, `open-benchmark`, `watsonx`), or with `ServerTarget.OPERATOR`
   * one of `starter`, `remote-vllm`, `meta-reference-gpu`, `postgres-demo`.
   * @default "starter"
   */
  readonly distribution?: string;
  /**
   * Container image (pinned: a tag other than `latest`, or a digest).
   * @default - the distribution's pinned image
   */
  readonly image?: string;
  /**
   * Base config text of the image (YAML or JSON), instead of an embedded one.
   * @default - the embedded config of `distribution`
   */
  readonly baseConfigYaml?: string;
  /**
   * Inference providers: where models run. Overlay the base config's by id (or replace them with `replaceBaseProviders`).
   * @default - the base config's inference providers
   */
  readonly inference?: InferenceProvider[];
  /**
   * Safety providers: they run shields. Overlay the base config's by id.
   * @default - the base config's safety providers
   */
  readonly safety?: SafetyProvider[];
  /**
   * Vector IO providers: where vector stores live. Overlay the base config's by id; the first becomes the vector store default.
   * @default - the base config's vector IO providers
   */
  readonly vectorIo?: VectorIoProvider[];
  /**
   * Tool runtime providers: tools the Responses API can call (web search, MCP…). Overlay the base config's by id.
   * @default - the base config's tool runtime providers
   */
  readonly toolRuntime?: ToolRuntimeProvider[];
  /**
   * Telemetry providers: the v1alpha2 API has them, servers since llama-stack 0.4 do not (an error on server targets; use OTEL_* env vars).
   * @default - the base config's telemetry providers
   */
  readonly telemetry?: TelemetryProvider[];
  /**
   * Where uploaded files live (`FilesProvider.s3` for several replicas). Server targets only;
   * replaces the base config's files provider (the API has one implementation).
   * @default - the base config's files provider (starter: localfs on the data volume)
   */
  readonly files?: FilesProvider[];
  /**
   * Document processors for vector store ingestion. Server targets only; replaces the base's.
   * @default - the base config's file processors (starter: pypdf)
   */
  readonly fileProcessors?: FileProcessorsProvider[];
  /**
   * The Responses API implementation and its settings. Server targets only; replaces the base's.
   * @default - the base config's (starter: inline::builtin)
   */
  readonly responses?: ResponsesProvider[];
  /**
   * The Batches API implementation and its settings. Server targets only; replaces the base's.
   * @default - the base config's (starter: inline::reference)
   */
  readonly batches?: BatchesProvider[];
  /**
   * The Messages API implementation (OGX 0.8). Replaces the base's.
   * @default - the base config's (starter: inline::builtin)
   */
  readonly messages?: MessagesProvider[];
  /**
   * The Interactions API implementation (OGX 0.8). Replaces the base's.
   * @default - the base config's (starter: inline::builtin)
   */
  readonly interactions?: InteractionsProvider[];
  /**
   * Models to register: names (served by the first inference provider, else the base config's
   * only enabled one) or objects (`provider`, `modelType`, `embeddingDimension`, `providerModelId`…).
   * @default - none
   */
  readonly models?: Array<string | ModelConfig>;
  /** Tool group ids. @default - none */
  readonly tools?: string[];
  /**
   * Shields: ids (on the first safety provider) or objects (`provider`, `providerShieldId`,
   * `params`). When the base config's default shield would not be registered (starter's
   * `llama-guard` needs `SAFETY_MODEL`), the first of these becomes the default.
   * @default - none
   */
  readonly shields?: Array<string | ShieldConfig>;
  /** Key-value store (`metadata_store`). @default - the base config's */
  readonly kvStorage?: StorageBackend;
  /** SQL store (`inference_store`). @default - the base config's */
  readonly sqlStorage?: StorageBackend;
  /**
   * APIs to remove: on a server target, the release's provider APIs (`ServerTarget.disableableApis`:
   * `batches`, `files`, `responses`, `safety`, `vector_io`…); with `ServerTarget.OPERATOR`, the
   * v1alpha2 CRD's names. An API that another enabled provider needs must be disabled with it.
   * @default - none
   */
  readonly disabledApis?: string[];
  /**
   * Name of an existing ConfigMap (key `config.yaml`) to run instead of a generated config.
   * Exclusive with providers, models, storage and disabled APIs. Its changes do not roll the pods
   * (the Deployment does not change): prefer `overrideConfigYaml`.
   * @default - generated
   */
  readonly overrideConfigMapName?: string;
  /**
   * The text of a complete config.yaml to run instead of a generated one. It is written as is into
   * the hash-named immutable ConfigMap (a change rolls the pods), and checked on a server target
   * by the release's start-up model with the env the Deployment sets; `workers` and `tls` must
   * agree with it. Exclusive with providers, models, storage, disabled APIs and the other ways to
   * shape a generated config.
   * @default - generated
   */
  readonly overrideConfigYaml?: string;
  /**
   * Keep previous config ConfigMaps: annotate the generated one so Argo CD
   * (`argocd.argoproj.io/sync-options: Prune=false`) and Flux (`kustomize.toolkit.fluxcd.io/prune:
   * disabled`) leave it in the cluster once a newer config replaces it. Then `kubectl rollout undo`
   * finds the ConfigMap its ReplicaSet mounts; old ConfigMaps pile up until you delete them.
   * @default false - pruned with the rest: roll back with a Git revert (it recreates the old ConfigMap)
   */
  readonly retainConfigMaps?: boolean;
  /**
   * The Service port. The server listens on it too, unless it is privileged (below 1024): then
   * the container listens on 8321 and the Service targets that.
   * @default 8321
   */
  readonly port?: number;
  /**
   * Serving TLS: the server terminates HTTPS with a `kubernetes.io/tls` Secret, and trusts extra CAs for outbound calls.
   * @default - plain HTTP
   */
  readonly tls?: TlsOptions;
  /**
   * External access through an Ingress (or a Gateway API HTTPRoute with `expose.gateway`).
   * @default - no Ingress
   */
  readonly expose?: ExposeOptions;
  /**
   * Namespaces (`*` for all) and namespace label keys allowed to reach the server; creates a
   * NetworkPolicy that also admits the distribution's own namespace.
   * @default - no NetworkPolicy
   */
  readonly allowedFrom?: AllowedFromSpec;
  /**
   * Pods of the Deployment. With more than one, every store must be shared (see `allowPerPodState`).
   * @default 1
   */
  readonly replicas?: number;
  /** Server workers; also the CPU request. @default 1 */
  readonly workers?: number;
  /**
   * Container resource requests and limits; any resource name works (e.g. `nvidia.com/gpu`).
   * @default - requests `cpu: <workers>`, `memory: <2 × workers>Gi`; limit `memory: <4 × workers>Gi` (defaults never exceed your limits)
   */
  readonly resources?: ResourceRequirements;
  /**
   * A HorizontalPodAutoscaler (autoscaling/v2) on CPU and/or memory utilization.
   * @default - no HPA
   */
  readonly autoscaling?: AutoscalingSpec;
  /**
   * A PersistentVolumeClaim (ReadWriteOnce) for the server's data directory: one pod only.
   * @default - an emptyDir (size limit: `emptyDirSizeLimits.data`)
   */
  readonly persistentStorage?: PersistentStorageOptions;
  /**
   * Size limits of the pod's emptyDirs: the data volume (without `persistentStorage`), `/.cache`,
   * `/tmp` and the external providers' volume.
   * @default - data 10Gi, cache 1Gi, tmp 1Gi, external providers 2Gi
   */
  readonly emptyDirSizeLimits?: EmptyDirSizeLimits;
  /**
   * A PodDisruptionBudget (`minAvailable` or `maxUnavailable`).
   * @default - `maxUnavailable: 1` when more than one pod can run, else none
   */
  readonly podDisruptionBudget?: PodDisruptionBudgetSpec;
  /** corev1.TopologySpreadConstraint objects. @default - spread over region, zone, host when replicas > 1 */
  readonly topologySpreadConstraints?: any[];
  /** An existing ServiceAccount. @default - `N-sa`, created */
  readonly serviceAccountName?: string;
  /** Extra env vars (plain values; use providers' secret references for secrets). @default - none */
  readonly env?: { [name: string]: string };
  /**
   * The container's command, instead of the image's entrypoint (which runs the config at RUN_CONFIG_PATH).
   * @default - the image's entrypoint
   */
  readonly command?: string[];
  /**
   * The container's arguments.
   * @default - none
   */
  readonly args?: string[];
  /** corev1.Volume objects. @default - none */
  readonly volumes?: any[];
  /** corev1.VolumeMount objects. @default - none */
  readonly volumeMounts?: any[];
  /**
   * Seconds a pod gets to stop after SIGTERM.
   * @default - Kubernetes default (30)
   */
  readonly terminationGracePeriodSeconds?: number;
  /**
   * Node labels the pods must run on (e.g. `nvidia.com/gpu.present: 'true'`).
   * @default - none
   */
  readonly nodeSelector?: { [key: string]: string };
  /** corev1.Toleration objects. @default - none */
  readonly tolerations?: any[];
  /**
   * `Always`, `IfNotPresent` or `Never`.
   * @default - Kubernetes default (IfNotPresent for pinned tags)
   */
  readonly imagePullPolicy?: string;
  /** Labels added to every object. @default - none */
  readonly labels?: { [key: string]: string };
  /**
   * Provider APIs (`inference`, `vector_io`…, or `*` for all) whose base-config providers your
   * providers replace instead of overlaying them by id, for a config with only what you
   * configured (a vLLM-only app gets one inference provider, not starter's dozen). Resources and
   * defaults that pointed at a dropped provider go with it. Server targets only.
   * @default - overlay by id (files, file processors, responses and batches are always replaced)
   */
  readonly replaceBaseProviders?: string[];
  /**
   * Defaults for new vector stores: the vector_io provider, embedding model and reranker model a
   * request gets when it names none. Server targets only.
   * @default - the first vectorIo provider and embedding model you configure, else the base config's
   */
  readonly vectorStores?: VectorStoreDefaults;
  /**
   * Allow stores that live in the pod (SQLite backends, local vector indexes such as faiss and
   * sqlite-vec, local files) when more than one pod can run. Each replica then keeps its own
   * models, conversations, files and vector stores. Server targets.
   * @default false - with replicas or autoscaling above 1, each such store is a synth error naming the shared alternative
   */
  readonly allowPerPodState?: boolean;
  /**
   * Server authentication and access rules (`server.auth`): `ServerAuth.kubernetes()`,
   * `oauth2Jwks`, `oauth2Introspection`, `githubToken`, `custom`, or `upstreamHeader` (OGX 0.8),
   * with what the mode needs in the pod (the cluster CA for kubernetes, a CA you name, secrets as
   * `secretKeyRef` env vars). Server targets only: the v1alpha2 API has no authentication.
   * @default - no authentication: every client that reaches the server is served
   */
  readonly auth?: ServerAuth;
  /**
   * Providers that are not in the server image, installed at deploy time from their own images
   * (spec 001): `ExternalProvider.fromImage({ id, image, api, providerType, module, config })`.
   * Init containers copy each image's wheels to a shared volume and install them with the server
   * image; the server imports them through `PYTHONPATH`, and config.yaml gets a `module:` entry.
   * A provider of the same API with the same id (base config or typed) is replaced, with a
   * warning. Server targets only.
   * @default - none
   */
  readonly externalProviders?: ExternalProvider[];
  /**
   * Turn warnings (legal but probably unintended props) into synth errors.
   * @default false
   */
  readonly strict?: boolean;
  /**
   * Accept user `volumes` of types the restricted Pod Security Standard forbids (it allows only
   * configMap, csi, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected and
   * secret; hostPath, nfs, iscsi, gitRepo… are forbidden). The pod then no longer meets the
   * restricted standard: a namespace that enforces it rejects the pod, and synth prints a warning
   * per such volume (not an error with `strict`: you asked for it). The CR constructs reject it
   * (the CRDs cannot carry it).
   * @default false - such a volume is a synth error
   */
  readonly allowUnrestrictedVolumes?: boolean;
}

const DEFAULT_DISTRIBUTION = 'starter';

/** Props that describe what `spec` describes; they cannot be combined with it. */
const SPEC_EXCLUSIVE_PROPS: (keyof LlamaStackDistributionProps)[] = [
  'distribution', 'inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry', 'files', 'fileProcessors', 'responses', 'batches',
  'messages', 'interactions', 'models', 'tools', 'shields',
  'kvStorage', 'sqlStorage', 'disabledApis', 'overrideConfigMapName', 'port', 'tls', 'expose', 'allowedFrom',
  'replicas', 'workers', 'resources', 'autoscaling', 'persistentStorage', 'podDisruptionBudget',
  'topologySpreadConstraints', 'serviceAccountName', 'env', 'command', 'args', 'volumes', 'volumeMounts',
  'terminationGracePeriodSeconds', 'externalProviders',
];

function nonEmpty<T>(list: T[] | undefined): T[] | undefined {
  return list && list.length > 0 ? list : undefined;
}

/**
 * The typed path knows each provider's id, so it writes it whenever the CRD would otherwise
 * ask for one (several providers in a list) or derive a wrong one (a prefixed type).
 */
function providerSpecs(list: Provider[] | undefined): ProviderConfig[] | undefined {
  return nonEmpty(list?.map((p) => {
    const spec = p.toSpec();
    const explicit = spec.id !== undefined || (list.length > 1 || spec.provider.includes('::'));
    return explicit ? { ...spec, id: p.id } : spec;
  }));
}

function pruned<T extends object>(obj: T): T | undefined {
  const out: any = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The v1alpha2 spec the typed props describe. */
export function specFromProps(props: LlamaStackDistributionProps): LlamaStackDistributionSpec {
  const env = props.env ? Object.keys(props.env).sort().map((name) => ({ name, value: props.env![name] })) : undefined;
  return pruned({
    distribution: props.baseConfigYaml !== undefined && props.image !== undefined && props.distribution === undefined
      ? { image: props.image }
      : { name: props.distribution ?? DEFAULT_DISTRIBUTION },
    providers: pruned({
      inference: providerSpecs(props.inference),
      safety: providerSpecs(props.safety),
      vectorIo: providerSpecs(props.vectorIo),
      toolRuntime: providerSpecs(props.toolRuntime),
      telemetry: providerSpecs(props.telemetry),
      files: providerSpecs(props.files),
      fileProcessors: providerSpecs(props.fileProcessors),
      responses: providerSpecs(props.responses),
      batches: providerSpecs(props.batches),
      messages: providerSpecs(props.messages),
      interactions: providerSpecs(props.interactions),
    }),
    resources: pruned({ models: nonEmpty(props.models), tools: nonEmpty(props.tools), shields: nonEmpty(props.shields) }),
    storage: pruned({ kv: props.kvStorage?.toKvSpec(), sql: props.sqlStorage?.toSqlSpec() }),
    disabled: nonEmpty(props.disabledApis),
    networking: pruned({
      port: props.port,
      tls: props.tls ? pruned({ enabled: true, secretName: props.tls.secretName, caBundle: props.tls.caBundle }) : undefined,
      expose: props.expose ? pruned({ enabled: true, hostname: props.expose.hostname }) : undefined,
      // The controller's namespace joins allowedFrom, so a CR carries it too.
      allowedFrom: withController(props.allowedFrom, props.expose),
    }),
    workload: pruned({
      replicas: props.replicas,
      workers: props.workers,
      resources: props.resources,
      autoscaling: props.autoscaling,
      storage: props.persistentStorage
        ? pruned({ size: props.persistentStorage.size, mountPath: props.persistentStorage.mountPath }) ?? {}
        : undefined,
      podDisruptionBudget: props.podDisruptionBudget,
      topologySpreadConstraints: nonEmpty(props.topologySpreadConstraints),
      overrides: pruned({
        serviceAccountName: props.serviceAccountName,
        terminationGracePeriodSeconds: props.terminationGracePeriodSeconds,
        env: nonEmpty(env),
        command: nonEmpty(props.command),
        args: nonEmpty(props.args),
        volumes: nonEmpty(props.volumes),
        volumeMounts: nonEmpty(props.volumeMounts),
      }),
    }),
    externalProviders: externalProviderSpecs(props.externalProviders),
    overrideConfig: props.overrideConfigMapName !== undefined ? { configMapName: props.overrideConfigMapName } : undefined,
  }) ?? {};
}

/** `spec.externalProviders`: each provider in the list of its API, in the props' order. */
function externalProviderSpecs(list: ExternalProvider[] | undefined): ExternalProvidersSpec | undefined {
  const out: { [field: string]: ExternalProviderRef[] } = {};
  for (const p of list ?? []) (out[p.specField] ??= []).push(p.toSpec());
  return pruned(out);
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
  /** @default - only when more than one pod can run, or when asked */
  public readonly podDisruptionBudget?: ApiObject;
  /** @default - only with `allowedFrom` */
  public readonly networkPolicy?: ApiObject;
  /** @default - only with `expose` (without `expose.gateway`) */
  public readonly ingress?: ApiObject;
  /** @default - only with `expose.gateway` */
  public readonly httpRoute?: ApiObject;

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
    // The input boundary: past it, every prop has its declared type and is read only once.
    props = checkedDistributionProps(props);
    const layout = propsLayout(props);
    try {
      const problems: ConfigProblem[] = [];
      this.name = props.name ?? id;
      // The Service `N-service` makes it a DNS-1035 label (a letter first).
      const badName = baseNameProblem(this.name);
      if (badName) problems.push({ path: props.name !== undefined ? 'props.name' : 'id', ...badName });
      if (props.spec !== undefined) {
        const clashing = SPEC_EXCLUSIVE_PROPS.filter((k) => props[k] !== undefined);
        for (const k of clashing) {
          problems.push({ path: `props.${k}`, message: 'cannot be combined with props.spec', fix: 'set it inside props.spec instead' });
        }
      }
      this.spec = props.spec ?? specFromProps(props);
      this.target = props.target ?? ServerTarget.OGX_0_8;
      const hasBase = props.baseConfigYaml !== undefined;
      problems.push(...validateSpec(this.spec, { hasBaseConfig: hasBase, disableableApis: this.target.disableableApis }));
      this.image = this.resolveImage(props, problems);
      // The namespace the objects land in: props.namespace, else the chart's.
      const namespace = props.namespace ?? Chart.of(this).namespace;
      problems.push(...constructChecks(this.spec, namespace, this.target));
      problems.push(...kubernetesInputProblems(props, this.spec, namespace, this.target, this.name));
      problems.push(...emptyDirSizeLimitProblems(props.emptyDirSizeLimits, this.spec));
      // The chart's namespace is written by cdk8s, not rendered here: checked on its own.
      const quotedYaml = this.node.tryGetContext(QUOTED_YAML_CONTEXT) === true;
      if (!quotedYaml) problems.push(...plainYamlInputProblems(props, namespace));
      const duplicate = duplicateNameProblem(this, this.name, namespace, props.name !== undefined ? 'props.name' : 'id');
      if (duplicate) problems.push(duplicate);
      problems.push(...authProblems(props.auth, this.target, this.spec, PATHS.authCaDir));
      if (this.target.isOperator && props.vectorStores !== undefined) {
        problems.push({ path: 'props.vectorStores', message: 'the operator pipeline keeps its base config\'s vector store defaults', fix: 'remove vectorStores, or use a server target' });
      }
      if (this.target.isOperator && props.replaceBaseProviders !== undefined) {
        problems.push({ path: 'props.replaceBaseProviders', message: 'the operator pipeline always overlays providers by id', fix: 'remove replaceBaseProviders, or use a server target' });
      }
      problems.push(...overrideConflicts(props, this.spec));
      problems.push(...networkingProblems(this.spec));
      if (props.spec === undefined) problems.push(...exposeProblems(props.expose, this.spec, props.allowedFrom !== undefined));
      if (problems.length > 0) throw new LlamaStackConfigError(problems);

      const tls = this.spec.networking?.tls?.enabled === true;
      let configYaml: string | undefined;
      if (this.spec.overrideConfig) {
        this.configMapName = this.spec.overrideConfig.configMapName;
        this.secretEnvVars = [];
        this.warnings = [];
      } else if (props.overrideConfigYaml !== undefined) {
        const checked = checkOverrideConfig(props.overrideConfigYaml, this.spec, this.target, {
          serverTlsDir: tls ? PATHS.tlsDir : undefined,
          scratchDirs: [PATHS.tmpDir, PATHS.cacheDir],
        }, props.allowPerPodState === true);
        if (checked.problems.length > 0) throw new LlamaStackConfigError(checked.problems);
        configYaml = props.overrideConfigYaml;
        this.configYaml = configYaml;
        this.contentHash = sha256Hex(configYaml);
        this.configMapName = configMapName(this.name, this.contentHash);
        this.secretEnvVars = [];
        this.warnings = checked.warnings;
      } else {
        const serverTlsDir = tls ? PATHS.tlsDir : undefined;
        const generated = this.target.isOperator
          ? ConfigGenerator.generate(this.spec, { baseConfigYaml: props.baseConfigYaml, rejectUnknownModelProviders: true, serverTlsDir })
          : generateTargetConfig(this.spec, this.target, {
            baseConfigYaml: props.baseConfigYaml,
            serverTlsDir,
            replaceBaseProviders: props.replaceBaseProviders,
            vectorStores: props.vectorStores,
            allowPerPodState: props.allowPerPodState,
            auth: props.auth,
            authCaFile: PATHS.authCaFile,
          });
        configYaml = generated.configYaml;
        this.configYaml = generated.configYaml;
        this.contentHash = generated.contentHash;
        this.configMapName = configMapName(this.name, generated.contentHash);
        this.secretEnvVars = generated.envVars;
        this.warnings = 'warnings' in generated ? generated.warnings : [];
      }

      if (configYaml !== undefined && this.target.isOperator) {
        // Server targets run the release's start-up model, which substitutes the container's env.
        const missing = requiredEnvVars(configYaml).filter((v) => !providedEnv(this.secretEnvVars, this.spec, this.target).has(v));
        if (missing.length > 0) {
          throw new LlamaStackConfigError(missing.map((v) => ({
            path: 'config',
            message: `the config reads \${env.${v}} with no default, and nothing sets ${v} (the server would not start)`,
            fix: `set env: { ${v}: ... } (or point the base config's value elsewhere)`,
          })));
        }
      }
      if (props.strict === true && this.warnings.length > 0) {
        throw new LlamaStackConfigError(this.warnings.map((w) => ({ ...w, message: `${w.message} (an error with strict)` })));
      }
      // Asked for with allowUnrestrictedVolumes, so not an error with strict.
      this.warnings = [...this.warnings, ...kubernetesInputWarnings(props, this.spec)];
      // Printed when the app synthesizes (cdk8s validates then, once per app and once per chart,
      // so the first validation prints).
      let printed = false;
      this.node.addValidation({
        validate: () => {
          if (!printed) reportWarnings(this.node.path, this.warnings);
          printed = true;
          return [];
        },
      });

      const plan: WorkloadPlan = {
        name: this.name,
        namespace: props.namespace,
        image: this.image,
        spec: this.spec,
        configMapName: this.configMapName,
        generatedConfig: configYaml !== undefined,
        configHash: this.contentHash,
        secretEnv: this.secretEnvVars,
        extraLabels: props.labels ?? {},
        storageClassName: props.persistentStorage?.storageClassName,
        ingressClassName: props.expose?.ingressClassName,
        // A spec's expose gets the defaults (with pod TLS: backend-protocol HTTPS).
        exposure: resolveExposure(this.name, props.expose ?? {}, this.spec.networking?.tls?.enabled === true),
        nodeSelector: props.nodeSelector,
        tolerations: nonEmpty(props.tolerations),
        imagePullPolicy: props.imagePullPolicy,
        authCa: props.auth?.caCertificate,
        emptyDirSizeLimits: props.emptyDirSizeLimits,
        ...serverSettings(this.target, this.spec),
        containerPort: containerPort(this.spec, this.target),
        retainConfigMaps: props.retainConfigMaps,
        quotedYaml,
      };
      const objects = renderObjects(plan, configYaml);
      const make = (childId: string, m: KubeManifest | undefined) => (m ? new ApiObject(this, childId, plainCopy(m)) : undefined);
      this.configMap = make('ConfigMap', objects.configMap);
      this.serviceAccount = make('ServiceAccount', objects.serviceAccount);
      this.persistentVolumeClaim = make('PersistentVolumeClaim', objects.pvc);
      this.deployment = make('Deployment', objects.deployment)!;
      this.service = make('Service', objects.service)!;
      this.horizontalPodAutoscaler = make('HorizontalPodAutoscaler', objects.hpa);
      this.podDisruptionBudget = make('PodDisruptionBudget', objects.pdb);
      this.networkPolicy = make('NetworkPolicy', objects.networkPolicy);
      this.ingress = make('Ingress', objects.ingress);
      this.httpRoute = make('HTTPRoute', objects.httpRoute);
      this.node.defaultChild = this.deployment;
      claimName(this, this.name, namespace);
      this.namespace = namespace;
      this.serviceName = objectNames(this.name).service;
      this.port = this.spec.networking?.port ?? DEFAULT_PORT;
      this.containerPort = plan.containerPort;
      this.url = serviceUrl(this.serviceName, namespace, this.port, tls);
      this.warnings = atPropsPaths(this.warnings, layout);
    } catch (e) {
      // Typed props: each problem at the props path the user wrote, and once.
      if (e instanceof LlamaStackConfigError) throw new LlamaStackConfigError(atPropsPaths(e.problems, layout));
      throw e;
    }
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

  private resolveImage(props: LlamaStackDistributionProps, problems: ConfigProblem[]): string {
    const name = this.spec.distribution?.name;
    const known = this.target.distributions;
    const shipped = name !== undefined && known.includes(name);
    const defaultImage = name !== undefined ? this.target.imageFor(name) : undefined;
    const image = props.image ?? this.spec.distribution?.image ?? defaultImage;
    if (image === undefined || (!shipped && name !== undefined && props.baseConfigYaml === undefined)) {
      problems.push({
        path: 'spec.distribution.name',
        message: `${this.target.description} has no distribution ${quoteValue(name)}`,
        fix: `use one of ${known.join(', ')}, or set props.image and props.baseConfigYaml`,
      });
      return image ?? '';
    }
    if (!isPinnedImage(image)) {
      problems.push({
        path: props.image !== undefined ? 'props.image' : 'spec.distribution.image',
        message: `image "${image}" is not pinned`,
        fix: 'use an exact version tag (not latest) or a digest, so every synth deploys the same server',
      });
    }
    return image;
  }
}

/** Writes warnings to stderr (`strict` turned them into errors already). */
function reportWarnings(where: string, warnings: readonly ConfigProblem[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${where}: ${formatProblem(w)}\n`);
}

/** `${env.X}` references without a default: the server fails to start unless X is set. */
function requiredEnvVars(configYaml: string): string[] {
  const names = new Set<string>();
  for (const m of configYaml.matchAll(/\$\{env\.([A-Z0-9_]+)\}/g)) names.add(m[1]);
  return [...names].sort();
}

function providedEnv(secretEnv: SecretEnvVar[], spec: LlamaStackDistributionSpec, target: ServerTarget): Set<string> {
  const names = new Set(secretEnv.map((e) => e.name));
  for (const e of spec.workload?.overrides?.env ?? []) if (e && typeof e.name === 'string') names.add(e.name);
  for (const e of serverEnv(target, spec)) names.add(e.name);
  return names;
}

/** Env vars and paths of the server line. */
function serverSettings(target: ServerTarget, spec: LlamaStackDistributionSpec): Pick<WorkloadPlan, 'serverEnv' | 'defaultMountPath' | 'legacyDataMount'> {
  return { serverEnv: serverEnv(target, spec), defaultMountPath: target.dataDir, legacyDataMount: target.isOperator };
}

/** An override config text replaces everything that shapes a generated config. */
function overrideConflicts(props: LlamaStackDistributionProps, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (props.overrideConfigYaml === undefined) return [];
  if (typeof props.overrideConfigYaml !== 'string') {
    return [{ path: 'props.overrideConfigYaml', message: 'must be the text of a config.yaml', fix: 'pass a string, e.g. fs.readFileSync(\'config.yaml\', \'utf8\')' }];
  }
  const shaping: [string, unknown][] = [
    ['overrideConfigMapName', props.overrideConfigMapName], ['baseConfigYaml', props.baseConfigYaml], ['replaceBaseProviders', props.replaceBaseProviders],
    ['vectorStores', props.vectorStores], ['auth', props.auth], ['externalProviders', props.externalProviders],
    ['spec.providers', spec.providers], ['spec.resources', spec.resources], ['spec.storage', spec.storage], ['spec.disabled', spec.disabled],
  ];
  return shaping.filter(([, v]) => v !== undefined).map(([name]) => ({
    path: name.startsWith('spec.') ? name : `props.${name}`,
    message: 'cannot be combined with overrideConfigYaml (the override is the whole config)',
    fix: `write it into the override config, or remove ${name.startsWith('spec.') ? `the props that set ${name}` : name}`,
  }));
}

/** What only the server targets write: the operator pipeline would write something else. */
function serverTargetOnly(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { field } of ALL_PROVIDER_APIS) {
    (spec.providers?.[field] ?? []).forEach((p, i) => {
      if (typeof p.provider === 'string' && p.provider.includes('::')) {
        problems.push({ path: `spec.providers.${field}[${i}].provider`, message: 'the operator pipeline writes every provider as remote::<provider>', fix: 'use a server target for inline or prefixed provider types' });
      }
    });
  }
  // External providers get one error of their own (constructChecks).
  return [...problems, ...serverOnlyFields(spec).filter((p) => !p.path.startsWith('spec.externalProviders'))];
}

/** Checks that only matter once the spec becomes objects in one namespace. */
function constructChecks(spec: LlamaStackDistributionSpec, namespace: string | undefined, target: ServerTarget): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const sql = spec.storage?.sql;
  if (target.isOperator && sql?.type === 'postgres' && !sql.connectionString) {
    problems.push({
      path: 'spec.storage.sql.connectionString',
      message: 'the operator pipeline only writes a connection string',
      fix: 'add connectionString, or use a server target (they take host, db, user and password)',
    });
  }
  const ca = spec.networking?.tls?.caBundle;
  if (ca?.configMapNamespace && namespace !== undefined && ca.configMapNamespace !== namespace) {
    problems.push({
      path: 'spec.networking.tls.caBundle.configMapNamespace',
      message: `a pod can only mount ConfigMaps of its own namespace (${namespace})`,
      fix: `copy the CA bundle ConfigMap into ${namespace}, or drop configMapNamespace`,
    });
  }
  const w = spec.workload;
  if (w?.storage && ((w.replicas ?? 1) > 1 || (w.autoscaling?.maxReplicas ?? 0) > 1)) {
    problems.push({
      path: 'spec.workload.storage',
      message: 'a ReadWriteOnce volume cannot be shared by several pods (replicas or autoscaling allow more than one)',
      fix: 'keep state in postgres/redis storage and drop the PVC, or run a single replica',
    });
  }
  if (target.isOperator) problems.push(...serverTargetOnly(spec));
  problems.push(...externalProviderChecks(spec, target.isOperator));
  problems.push(...shadowedEnvProblems(spec.workload?.overrides?.env, generatedEnv(target, spec)));
  problems.push(...resourceProblems(spec.workload));
  return problems;
}
