/**
 * The props of `LlamaStackDistribution`, one interface per concern (as cdk8s-plus composes
 * `DeploymentProps`): the server and its config source, providers, registered resources,
 * storage, networking and the pod. Types only: the shape that checks them is props-shape.ts.
 */
import type { Size } from 'cdk8s';
import type { CpuResources, EphemeralStorageResources, MemoryResources } from 'cdk8s-plus-28';
import type { AirGapProps } from './air-gap-props';
import type { PodContainerProps } from './pod-container-props';
import type { VerifyOptions } from './verify-options';
import type { ServerAuth } from '../auth/server-auth';
import type { ServerTlsSettings, TenancyOptions } from '../generate/server';
import type { VectorStoreDefaults } from '../generate/vector-stores';
import type {
  BatchesProvider, FileProcessorsProvider, FilesProvider, InferenceProvider, InteractionsProvider, MessagesProvider, ResponsesProvider,
  SafetyProvider, SkillsProvider, TelemetryProvider, ToolRuntimeProvider, VectorIoProvider,
} from '../providers';
import type { ServerTarget } from '../releases/server-target';
import type {
  AllowedFromSpec, AutoscalingSpec, CABundleConfig, LlamaStackDistributionSpec, ModelConfig, PodDisruptionBudgetSpec, ShieldConfig,
  StoreWriteQueue,
} from '../spec/spec';
import type { Connector } from '../values/connector';
import type { ExposeOptions } from '../values/expose';
import type { ExternalProvider } from '../values/external-provider';
import type { Platform } from '../values/platform';
import type { SecretRef } from '../values/secret-ref';
import type { StorageBackend } from '../values/storage-backend';
import type { MonitoringOptions } from '../workload/monitoring-options';
import type { EgressOptions, ServiceOptions } from '../workload/network-options';
import type { PodResourceClaim } from '../workload/pod-extras';
import type { EmptyDirSizeLimits } from '../workload/volume-sizes';

/**
 * Serving TLS: the server itself terminates HTTPS with a `kubernetes.io/tls` Secret (`secretName`,
 * or on OpenShift one the service CA writes: `serviceCa`). On OGX 1.2+ also its cipher suites
 * (FIPS AES-GCM only) and HSTS max-age (`ciphers`, `hstsMaxAgeSeconds`: an error on earlier
 * targets). With only `caBundle`, the server stays on plain HTTP and trusts the CAs (as the
 * top-level `caBundle` does).
 */
export interface TlsOptions extends ServerTlsSettings {
  /**
   * Secret of type `kubernetes.io/tls` (keys `tls.crt`, `tls.key`). With `serviceCa`: the name of
   * the Secret the service CA writes.
   * @default - `N-tls` with `serviceCa`; without it, no serving TLS
   */
  readonly secretName?: string;
  /**
   * OpenShift: the serving certificate comes from the service CA. The Service is annotated
   * `service.beta.openshift.io/serving-cert-secret-name: <secretName>`; the service CA operator
   * writes that Secret (for `N-service.<namespace>.svc`), the pod serves it, and a Route
   * re-encrypts to it (the router trusts the service CA). An error on `Platform.KUBERNETES`.
   * @default false
   */
  readonly serviceCa?: boolean;
  /**
   * Extra CA certificates the server trusts for outbound calls (`SSL_CERT_FILE`). The same as
   * the top-level `caBundle` (set one of the two).
   * @default - the image's trust store
   */
  readonly caBundle?: CABundleConfig;
}

/**
 * CA certificates the server trusts for its outbound calls (model servers, databases, MCP
 * servers, hosted APIs), added to the image's own trust store: `SSL_CERT_FILE` and
 * `REQUESTS_CA_BUNDLE` name the combined file. Independent of serving TLS. Give one of
 * `configMapName` and `clusterInjected`.
 */
export interface CaBundleOptions {
  /**
   * An existing ConfigMap of the distribution's namespace holding PEM CA certificates. ODH's
   * `odh-trusted-ca-bundle` (in every namespace Open Data Hub / OpenShift AI manages) is read from
   * both its keys, `ca-bundle.crt` (the cluster's trusted CAs) and `odh-ca-bundle.crt` (the ones the
   * DSCInitialization adds), unless `configMapKeys` names others.
   * @default - none
   */
  readonly configMapName?: string;
  /**
   * The ConfigMap's keys to read, each a PEM file.
   * @default ["ca-bundle.crt"] (`odh-trusted-ca-bundle`: ["ca-bundle.crt", "odh-ca-bundle.crt"])
   */
  readonly configMapKeys?: string[];
  /**
   * OpenShift: the cluster's trusted CAs (the proxy's and the ones the admin added). The library
   * writes a ConfigMap `N-trusted-ca` labelled `config.openshift.io/inject-trusted-cabundle:
   * "true"` and without data; the Cluster Network Operator fills its `ca-bundle.crt` and the
   * pod starts once it is there. An error on `Platform.KUBERNETES`.
   * @default false
   */
  readonly clusterInjected?: boolean;
}


/**
 * The server container's resources, as cdk8s-plus's `ContainerResources` with extended resources
 * (e.g. `nvidia.com/gpu`) beside them. A default never exceeds a limit you set, and a request
 * above its limit is an error.
 */
export interface ResourceRequirements {
  /**
   * CPU request and limit: `{ request: Cpu.units(2), limit: Cpu.millis(2500) }`.
   * @default - request `Cpu.units(<workers>)` (lowered to your limit); no limit
   */
  readonly cpu?: CpuResources;
  /**
   * Memory request and limit: `{ request: Size.gibibytes(4), limit: Size.gibibytes(8) }`. The
   * default limit leaves room for starter's in-process embedding model and reranker.
   * @default - request `<2 × workers>Gi` (lowered to your limit), limit `<4 × workers>Gi` (raised to your request)
   */
  readonly memory?: MemoryResources;
  /**
   * Ephemeral storage (the container's writable layer and logs; the emptyDirs have their own
   * `emptyDirSizeLimits`) request and limit.
   * @default - none
   */
  readonly ephemeralStorage?: EphemeralStorageResources;
  /**
   * Extended resources by name (`nvidia.com/gpu`, `amd.com/gpu`…), each a whole number of
   * devices. Written as the limit; Kubernetes sets the request to it (extended resources cannot
   * be overcommitted).
   * @default - none
   */
  readonly extendedResources?: { [resource: string]: number };
}

/** A PVC for the server's data directory. */
export interface PersistentStorageOptions {
  /** Size of the claim, e.g. `Size.gibibytes(20)`. @default Size.gibibytes(10) */
  readonly size?: Size;
  /**
   * Where the volume is mounted: the server's data directory.
   * @default - the target's data directory: `/.ogx` on OGX (0.8 to 1.3, the default), `/.llama` on llama-stack 0.7 and the operator pipeline
   */
  readonly mountPath?: string;
  /** @default - the cluster's default StorageClass */
  readonly storageClassName?: string;
}

/** Which server runs and where its config comes from. */
export interface ServerSourceProps {
  /**
   * The server line: its image, config schema, provider registry and data directory.
   * `ServerTarget.OPERATOR` writes the operator pipeline's output byte for byte instead (no
   * released server accepts it; for parity and migration).
   * @default ServerTarget.OGX_1_3
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
}

/** Providers of each API, and how they meet the base config's. */
export interface ProvidersProps {
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
   * The Skills API implementation (OGX 1.1+: `SkillsProvider.builtin()`). Replaces the base's;
   * an error on targets whose release has no skills API.
   * @default - the base config's (starter on OGX 1.x: inline::builtin)
   */
  readonly skills?: SkillsProvider[];
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
   * APIs to remove: on a server target, the release's provider APIs (`ServerTarget.disableableApis`:
   * `batches`, `files`, `responses`, `safety`, `vector_io`…); with `ServerTarget.OPERATOR`, the
   * v1alpha2 CRD's names. An API that another enabled provider needs must be disabled with it.
   * @default - none
   */
  readonly disabledApis?: string[];
  /**
   * MCP servers the server registers at start-up (`connectors` in config.yaml), each by URL or by
   * a cdk8s-plus Service: `Connector.mcp({ id: 'github', service: githubMcp, path: '/mcp' })`.
   * Ids are unique; with `allowedTo`, its rules must admit each. Server targets only.
   * @default - none
   */
  readonly connectors?: Connector[];
}

/** What the server registers at start-up. */
export interface RegisteredResourcesProps {
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
}

/** Where the server keeps its state. */
export interface StorageProps {
  /** Key-value store (`metadata_store`). @default - the base config's */
  readonly kvStorage?: StorageBackend;
  /** SQL store (`inference_store`). @default - the base config's */
  readonly sqlStorage?: StorageBackend;
  /**
   * Where the `vector_stores` store lives (`storage.stores.vector_stores`, OGX 1.1+; the release
   * fills every vector_io provider's `metadata_store` from it): `StorageBackend.sqlite()` (its own
   * file, backend `sql_vector_stores`) or the `StorageBackend.postgres(...)` of `sqlStorage`
   * (`sql_default`). An error on targets without the store.
   * @default - none, or on `sql_default` when access policies or tenancy `multi` need it
   */
  readonly vectorStoresStorage?: StorageBackend;
  /**
   * The inference store's write queue (`max_write_queue_size`, `num_writers` of
   * `storage.stores.inference`): chat completions wait in the queue and background writers store
   * them. The release runs the queue on a Postgres SQL store only, so this needs
   * `sqlStorage: StorageBackend.postgres(...)`; both counts are at least 1. Server targets.
   * @default - the release's (10000 queued writes, 4 writers)
   */
  readonly inferenceStore?: StoreWriteQueue;
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
   * Allow stores that live in the pod (SQLite backends, local vector indexes such as faiss and
   * sqlite-vec, local files) when more than one pod can run. Each replica then keeps its own
   * models, conversations, files and vector stores. Server targets.
   * @default false - with replicas or autoscaling above 1, each such store is a synth error naming the shared alternative
   */
  readonly allowPerPodState?: boolean;
}

/** How the server is reached, and who may call it. */
export interface NetworkingProps {
  /**
   * The Service port. The server listens on it too, unless it is privileged (below 1024): then
   * the container listens on 8321 and the Service targets that.
   * @default 8321
   */
  readonly port?: number;
  /**
   * Serving TLS: the server terminates HTTPS with a `kubernetes.io/tls` Secret (or on OpenShift
   * one from the service CA), and trusts extra CAs for outbound calls.
   * @default - plain HTTP
   */
  readonly tls?: TlsOptions;
  /**
   * CA certificates the server trusts for outbound calls, with or without serving TLS: a
   * ConfigMap of yours (e.g. ODH's `odh-trusted-ca-bundle`), or on OpenShift the cluster's
   * injected trusted CAs (`clusterInjected`). The same as `tls.caBundle` (set one of the two).
   * @default - the image's trust store
   */
  readonly caBundle?: CaBundleOptions;
  /**
   * External access through an Ingress (or a Gateway API HTTPRoute with `expose.gateway`); on
   * `Platform.OPENSHIFT` a `route.openshift.io/v1` Route instead of the Ingress.
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
   * With `allowedFrom`: admit every pod of the server's own namespace too. `false` admits only
   * what `allowedFrom` names.
   * @default true
   */
  readonly admitOwnNamespace?: boolean;
  /**
   * Egress: where the server may connect to (namespaces, pods, CIDRs, ports; DNS unless `dns:
   * false`). The generated NetworkPolicy then isolates the server's egress: name every provider,
   * database, S3 endpoint and hosted API it calls.
   * @default - egress open
   */
  readonly allowedTo?: EgressOptions;
  /** The Service's type (`ClusterIP`, `NodePort`, `LoadBalancer`) and annotations. @default - ClusterIP, no annotations */
  readonly service?: ServiceOptions;
  /**
   * Server authentication and access rules (`server.auth`): `ServerAuth.kubernetes()`,
   * `oauth2Jwks`, `oauth2Introspection`, `githubToken`, `custom`, or `upstreamHeader` (OGX 0.8),
   * with what the mode needs in the pod (the cluster CA for kubernetes, a CA you name, secrets as
   * `secretKeyRef` env vars). Server targets only: the v1alpha2 API has no authentication.
   * @default - no authentication: every client that reaches the server is served
   */
  readonly auth?: ServerAuth;
  /**
   * Multi-tenancy isolation (`server.tenancy`, OGX 1.2+): `{ mode: TenancyMode.SINGLE,
   * defaultTenantId }`, or `TenancyMode.MULTI` with an `auth` provider that yields the tenant
   * (`tenantClaim`, `tenantField` or `tenantHeader`). An error on earlier targets.
   * @default - none (the release's `disabled`)
   */
  readonly tenancy?: TenancyOptions;
}

/** The pod that runs the server. */
export interface PodProps {
  /**
   * Pods of the Deployment. With more than one, every store must be shared (see `allowPerPodState`).
   * @default 1
   */
  readonly replicas?: number;
  /** Server workers; also the CPU request. @default 1 */
  readonly workers?: number;
  /**
   * Container resource requests and limits: `cpu` (`Cpu`), `memory` and `ephemeralStorage`
   * (`Size`), and extended resources such as `nvidia.com/gpu` (counts).
   * @default - requests `cpu: <workers>`, `memory: <2 × workers>Gi`; limit `memory: <4 × workers>Gi` (defaults never exceed your limits)
   */
  readonly resources?: ResourceRequirements;
  /**
   * A HorizontalPodAutoscaler (autoscaling/v2) on CPU and/or memory utilization.
   * @default - no HPA
   */
  readonly autoscaling?: AutoscalingSpec;
  /**
   * A PodDisruptionBudget (`minAvailable` or `maxUnavailable`).
   * @default - `maxUnavailable: 1` when more than one pod can run, else none
   */
  readonly podDisruptionBudget?: PodDisruptionBudgetSpec;
  /** corev1.TopologySpreadConstraint objects. @default - spread over region, zone, host when replicas > 1 */
  readonly topologySpreadConstraints?: any[];
  /** An existing ServiceAccount. @default - `N-sa`, created */
  readonly serviceAccountName?: string;
  /**
   * Extra env vars: a plain value, or a `SecretRef` for a secret (`HF_TOKEN:
   * SecretRef.fromSecretName('hf', 'token')` becomes a `secretKeyRef` env var). A plain value
   * under a credential name (`OPENAI_API_KEY`, `PGPASSWORD`, `HF_TOKEN`…) is an error: it would
   * be written into the Deployment as is.
   * @default - none
   */
  readonly env?: { [name: string]: string | SecretRef };
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
   * Seconds a pod gets to stop after SIGTERM (or `terminationGracePeriod` as a Duration; set one of the two).
   * @default - Kubernetes default (30); with `preStopDrain`, the drain + 30
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
  /** Labels added to every object and to the pod template. @default - none */
  readonly labels?: { [key: string]: string };
  /**
   * Annotations of the pod template (e.g. a `kubectl.kubernetes.io/restartedAt` timestamp to
   * roll the pods by hand). `llamastack.io/config-hash` is the library's.
   * @default - none
   */
  readonly podAnnotations?: { [key: string]: string };
  /** Secrets holding registry credentials for the image (`imagePullSecrets`), by name. @default - none */
  readonly imagePullSecrets?: string[];
  /**
   * A Kubernetes Affinity (nodeAffinity, podAffinity, podAntiAffinity); replaces the generated
   * anti-affinity (several replicas spread over hosts).
   * @default - spread over hosts when more than one pod can run
   */
  readonly affinity?: any;
  /** The pod's PriorityClass. @default - the cluster's default priority */
  readonly priorityClassName?: string;
  /**
   * Dynamic Resource Allocation claims of the pod (`spec.resourceClaims`), each also claimed by
   * the server container (`resources.claims`), e.g. a GPU from a ResourceClaimTemplate.
   * @default - none
   */
  readonly resourceClaims?: PodResourceClaim[];
  /**
   * Annotate the Deployment for Stakater Reloader (`secret.reloader.stakater.com/reload`,
   * `configmap.reloader.stakater.com/reload`) with every Secret and ConfigMap the pod reads, so a
   * rotated API key or database password rolls the pods. Needs Reloader in the cluster; without
   * it, roll the pods by hand (`kubectl rollout restart`, or a changed
   * `podAnnotations['kubectl.kubernetes.io/restartedAt']`).
   * @default false
   */
  readonly restartOnSecretChange?: boolean;
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

/** Observability: the Prometheus endpoint and what scrapes it. */
export interface ObservabilityProps {
  /**
   * Prometheus metrics (OGX 1.2+): turns the server's endpoint on where the pod's network reaches
   * it (`OGX_METRICS_ENDPOINT_ENABLED`, `OGX_METRICS_HOST=0.0.0.0`, `OGX_METRICS_PORT`), adds a
   * `metrics` container and Service port, admits the monitoring namespaces in the generated
   * NetworkPolicy, and with `serviceMonitor: true` writes a ServiceMonitor (and optionally a
   * PrometheusRule). An error on lines without the endpoint. With several workers per pod each
   * worker binds the port (a start-up warning): scale with replicas instead.
   * @default - no metrics endpoint
   */
  readonly monitoring?: MonitoringOptions;
  /**
   * A verification Job that checks the deployed server end to end after each sync (an Argo CD
   * PostSync hook; a Flux health check; runnable by hand): health, the registered models,
   * embeddings, and optionally a completion and a vector store. See docs/verify.md.
   * @default - no verification Job
   */
  readonly verify?: VerifyOptions;
}

/** Props of `LlamaStackDistribution`, composed by concern. */
export interface LlamaStackDistributionProps
  extends ServerSourceProps, ProvidersProps, RegisteredResourcesProps, StorageProps, NetworkingProps, PodProps, PodContainerProps,
  ObservabilityProps, AirGapProps {
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
   * The cluster the objects are written for. `Platform.OPENSHIFT`: no UID, GID or fsGroup in the
   * pod (the `restricted-v2` SCC assigns them from the namespace's range), a Route for `expose`,
   * the router and the monitoring stack admitted by policy group; `tls.serviceCa` and
   * `caBundle.clusterInjected` become available. See docs/openshift.md.
   * @default Platform.KUBERNETES
   */
  readonly platform?: Platform;
  /**
   * A complete v1alpha2 `LlamaStackDistribution.spec`, as in an existing manifest. Exclusive with
   * the typed props that describe the same things (providers, models, storage, networking, workload).
   * @default - built from the typed props
   */
  readonly spec?: LlamaStackDistributionSpec;
  /**
   * Turn warnings (legal but probably unintended props) into synth errors.
   * @default false
   */
  readonly strict?: boolean;
}
