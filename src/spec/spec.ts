/**
 * The v1alpha2 `LlamaStackDistribution.spec`, in the CRD's JSON shape (camelCase).
 *
 * These types mirror `llamastack.io/v1alpha2` field for field so that a spec copied out of a
 * manifest can be passed to `ConfigGenerator.generate` unchanged.
 */

/** A reference to one key of a Kubernetes Secret (flat, as in the v1alpha2 CRD). */
export interface SecretKeyRef {
  /** Name of the Secret. */
  readonly name: string;
  /** Key inside the Secret. */
  readonly key: string;
}

/** One provider entry of `spec.providers.<api>`. */
export interface ProviderConfig {
  /**
   * Unique provider id. Required when a list holds more than one provider.
   * @default - the `provider` value (single-element lists only)
   */
  readonly id?: string;
  /** Provider type without the `remote::` prefix, e.g. `vllm`. */
  readonly provider: string;
  /**
   * Endpoint URL, written as `config.url`.
   * @default - no url
   */
  readonly endpoint?: string;
  /**
   * API key held in a Secret; becomes `config.api_key: ${env.LLSD_<ID>_API_KEY}`.
   * @default - no api key
   */
  readonly apiKey?: SecretKeyRef;
  /**
   * Further secret-backed config keys; each becomes `config.<key>: ${env.LLSD_<ID>_<KEY>}`.
   * @default - none
   */
  readonly secretRefs?: { [key: string]: SecretKeyRef };
  /**
   * Free-form provider config, merged shallowly into `config` (must be a JSON object).
   * @default - none
   */
  readonly settings?: any;
  /**
   * The HTTP client of a remote inference provider (`config.network`): TLS with a CA from a
   * ConfigMap and a client certificate from a Secret (both mounted read-only), a proxy, timeouts,
   * headers (Secret-backed ones as `${env.LLSD_<ID>_HEADER_<NAME>}`) and, OGX 1.3, connection
   * limits. Library extension (server targets only).
   * @default - the release's defaults
   */
  readonly network?: ProviderNetworkSpec;
  /**
   * TLS of the pgvector provider's Postgres connections. The release's pgvector config has no TLS
   * keys: its driver reads `PGSSLMODE` and `PGSSLROOTCERT`, which the pod sets (shared with the
   * SQL store's). Library extension (server targets only).
   * @default - the driver's (sslmode prefer)
   */
  readonly postgresTls?: PostgresTls;
}

/** A ConfigMap key holding PEM certificates for a provider's client (mounted read-only). */
export interface ProviderCaCertificate {
  /** Name of the ConfigMap (in the server's namespace). */
  readonly configMapName: string;
  /** Key holding the certificate(s). @default "ca.crt" */
  readonly key?: string;
}

/** TLS of a remote provider's HTTP client (`network.tls`). */
export interface ProviderTls {
  /**
   * Verify the provider's certificate (`verify`); `false` turns verification off.
   * @default true - against `caCertificate` when it is given, else the image's trust store
   */
  readonly verify?: boolean;
  /**
   * The CA that signs the provider's certificate, e.g. a self-signed vLLM's: mounted read-only,
   * and `verify` becomes its path (the client then trusts this CA only).
   * @default - the image's trust store
   */
  readonly caCertificate?: ProviderCaCertificate;
  /** Lowest TLS version (`min_version`): `TLSv1.2` or `TLSv1.3`. @default - the system's */
  readonly minVersion?: string;
  /** OpenSSL cipher suites (`ciphers`), e.g. `['ECDHE+AESGCM']`. @default - the system's */
  readonly ciphers?: string[];
  /**
   * A `kubernetes.io/tls` Secret whose `tls.crt` and `tls.key` the client presents (mutual TLS,
   * `client_cert` and `client_key`), mounted read-only.
   * @default - no client certificate
   */
  readonly clientCertificateSecret?: string;
}

/** A remote provider's proxy (`network.proxy`). */
export interface ProviderProxy {
  /** One proxy for http and https URLs (`url`). @default - none */
  readonly url?: string;
  /** Proxy for http URLs (`http`). @default - none */
  readonly http?: string;
  /** Proxy for https URLs (`https`). @default - none */
  readonly https?: string;
  /**
   * The CA of an intercepting proxy (`cacert`), mounted read-only: requests through the proxy
   * verify against it instead of `tls`.
   * @default - the image's trust store
   */
  readonly caCertificate?: ProviderCaCertificate;
  /**
   * Hosts that bypass the proxy: `.example.com` (the domain and its subdomains), `host`, or a
   * single address. The releases read `proxy.no_proxy` but never apply it, so they go to the
   * pod's `NO_PROXY` (which httpx applies, for every provider of the pod).
   * @default - none besides the cluster's domains
   */
  readonly noProxy?: string[];
  /**
   * Keep the cluster's own services off the proxy: `.svc` and `.cluster.local` join `NO_PROXY`.
   * Pod and Service addresses are not covered (the cluster's ranges are not known at synth time):
   * list any that providers use in `noProxy`.
   * @default true
   */
  readonly noProxyClusterDomains?: boolean;
}

/** Separate connect and read timeouts (`network.timeout: {connect, read}`). */
export interface ProviderTimeouts {
  /** Seconds to open a connection. @default - none */
  readonly connectSeconds?: number;
  /** Seconds to wait for data. @default - none */
  readonly readSeconds?: number;
}

/** The HTTP client's connection pool (`network.limits`, OGX 1.3). */
export interface ProviderConnectionLimits {
  /** `max_connections` (at least 1). @default 100 */
  readonly maxConnections?: number;
  /** `max_keepalive_connections` (0 or more). @default 20 */
  readonly maxKeepaliveConnections?: number;
  /** `keepalive_expiry`, seconds (0 or more). @default 5 */
  readonly keepaliveExpirySeconds?: number;
}

/** A remote provider's HTTP client (`config.network`), as the v1alpha2 spec extension holds it. */
export interface ProviderNetworkSpec {
  /** TLS. @default - verify against the image's trust store */
  readonly tls?: ProviderTls;
  /** A proxy. @default - none */
  readonly proxy?: ProviderProxy;
  /** One timeout, in seconds, for connect, read, write and pool (`timeout: <seconds>`). @default - the client's */
  readonly timeoutSeconds?: number;
  /** Connect and read timeouts apart (`timeout: {connect, read}`). @default - the client's */
  readonly timeouts?: ProviderTimeouts;
  /** Headers sent with every request, plain values. @default - none */
  readonly headers?: { [name: string]: string };
  /** Headers whose values come from Secrets (`${env.LLSD_<ID>_HEADER_<NAME>}`). @default - none */
  readonly secretHeaders?: { [name: string]: SecretKeyRef };
  /** The connection pool (OGX 1.3). @default - the release's */
  readonly limits?: ProviderConnectionLimits;
}

/** Postgres TLS of a vector store provider (pgvector). */
export interface PostgresTls {
  /** libpq `sslmode`: disable, allow, prefer, require, verify-ca or verify-full. @default - the driver's (prefer) */
  readonly sslMode?: string;
  /** ConfigMap holding the CA that signs the database's certificate (mounted read-only). @default - none */
  readonly caCertificate?: PostgresCaCertificate;
}

/** `spec.providers`: one list per API. */
export interface ProvidersSpec {
  /** @default - none */
  readonly inference?: ProviderConfig[];
  /** @default - none */
  readonly safety?: ProviderConfig[];
  /** @default - none */
  readonly vectorIo?: ProviderConfig[];
  /** @default - none */
  readonly toolRuntime?: ProviderConfig[];
  /** @default - none */
  readonly telemetry?: ProviderConfig[];
  /** Files providers (library extension, server targets only). @default - none */
  readonly files?: ProviderConfig[];
  /** File processors providers (library extension, server targets only). @default - none */
  readonly fileProcessors?: ProviderConfig[];
  /** Responses providers (library extension, server targets only). @default - none */
  readonly responses?: ProviderConfig[];
  /** Batches providers (library extension, server targets only). @default - none */
  readonly batches?: ProviderConfig[];
  /** Messages providers (library extension, OGX 0.8). @default - none */
  readonly messages?: ProviderConfig[];
  /** Interactions providers (library extension, OGX 0.8). @default - none */
  readonly interactions?: ProviderConfig[];
  /** Skills providers (library extension, OGX 1.1+). @default - none */
  readonly skills?: ProviderConfig[];
}

/** A model to register. */
export interface ModelConfig {
  /** Model id as the provider knows it. */
  readonly name: string;
  /**
   * Provider id that serves the model.
   * @default - the first inference provider
   */
  readonly provider?: string;
  /** @default - not set */
  readonly contextLength?: number;
  /** @default - not set */
  readonly modelType?: string;
  /** @default - not set */
  readonly quantization?: string;
  /**
   * Vector size of an embedding model (`metadata.embedding_dimension`); the server refuses to
   * register an embedding model without it. Library extension (server targets only).
   * @default - none (required when modelType is embedding)
   */
  readonly embeddingDimension?: number;
  /**
   * The model's id at the provider (`provider_model_id`), when it differs from `name` (e.g. an
   * Azure deployment name). Library extension (server targets only).
   * @default - `name`
   */
  readonly providerModelId?: string;
}

/**
 * A shield to register, with what some safety providers need (bedrock reads
 * `params.guardrailVersion`). Library extension (server targets only): the v1alpha2 API has
 * shield ids only.
 */
export interface ShieldConfig {
  /** Shield id (`shield_id`). */
  readonly name: string;
  /**
   * Id of the safety provider that runs it.
   * @default - the first safety provider
   */
  readonly provider?: string;
  /**
   * The shield's id at the provider (`provider_shield_id`), e.g. a bedrock guardrail id.
   * @default - `name`
   */
  readonly providerShieldId?: string;
  /**
   * Provider parameters (`params`), e.g. `{ guardrailVersion: '1' }` for bedrock.
   * @default - none
   */
  readonly params?: { [key: string]: any };
}

/** `spec.resources`. */
export interface ResourcesSpec {
  /**
   * Models, as names (short form) or objects.
   * @default - none
   */
  readonly models?: Array<string | ModelConfig>;
  /** Tool group ids. @default - none */
  readonly tools?: string[];
  /** Shields: ids, or objects with a provider and params (library extension). @default - none */
  readonly shields?: Array<string | ShieldConfig>;
}

/** `spec.storage.kv`. */
export interface KVStorageSpec {
  /** `sqlite` or `redis` (`postgres` on server targets: a library extension). @default "sqlite" */
  readonly type?: string;
  /** Redis endpoint (redis only). @default - none */
  readonly endpoint?: string;
  /** Redis or postgres password. @default - none */
  readonly password?: SecretKeyRef;
  /** Postgres host (extension: `kv_postgres`, server targets). @default - none */
  readonly host?: string;
  /** Postgres port (extension). @default 5432 */
  readonly port?: number;
  /** Postgres database (extension). @default "llamastack" */
  readonly db?: string;
  /** Postgres user (extension). @default - none */
  readonly user?: string;
  /** Postgres TLS, pool and timeouts (extension). @default - the release's defaults */
  readonly tuning?: PostgresTuning;
}

/** A ConfigMap key holding a PEM CA certificate. */
export interface PostgresCaCertificate {
  /** Name of the ConfigMap (in the server's namespace). */
  readonly configMapName: string;
  /** Key holding the certificate(s). @default "ca.crt" */
  readonly key?: string;
}

/** Postgres TLS, pool and timeouts (library extension, server targets). */
export interface PostgresTuning {
  /** libpq `sslmode`: disable, allow, prefer, require, verify-ca or verify-full. @default - the driver's (prefer) */
  readonly sslMode?: string;
  /** ConfigMap holding the CA that signs the server's certificate (mounted read-only). @default - none */
  readonly caCertificate?: PostgresCaCertificate;
  /** Connections kept in the pool (OGX 1.0+). @default 5 */
  readonly poolSize?: number;
  /** Connections beyond the pool (OGX 1.0+). @default 10 */
  readonly maxOverflow?: number;
  /** Seconds a statement may run (kv_postgres, OGX 1.1+). @default 30 */
  readonly commandTimeout?: number;
}

/** `spec.storage.sql`. */
export interface SQLStorageSpec {
  /** `sqlite` or `postgres`. @default "sqlite" */
  readonly type?: string;
  /** Postgres connection string (postgres only; the operator pipeline). @default - none */
  readonly connectionString?: SecretKeyRef;
  /**
   * Postgres host (library extension of the v1alpha2 API: real servers read host, port, db, user
   * and password, never a connection string).
   * @default - none
   */
  readonly host?: string;
  /** Postgres port (extension). @default 5432 */
  readonly port?: number;
  /** Postgres database (extension). @default "llamastack" */
  readonly db?: string;
  /** Postgres user (extension). @default - none */
  readonly user?: string;
  /** Postgres password held in a Secret (extension). @default - none */
  readonly password?: SecretKeyRef;
  /** Postgres TLS, pool and timeouts (extension). @default - the release's defaults */
  readonly tuning?: PostgresTuning;
}

/**
 * A store's write queue (library extension, server targets): completions wait in a queue of at
 * most `maxWriteQueueSize` and `numWriters` background writers drain it. The release runs the
 * queue on a Postgres SQL store only.
 */
export interface StoreWriteQueue {
  /** Writes that may wait (`max_write_queue_size`); a full queue holds the request until there is room. @default 10000 */
  readonly maxWriteQueueSize?: number;
  /** Background writers (`num_writers`). @default 4 */
  readonly numWriters?: number;
}

/** `spec.storage.stores` (library extension, server targets): settings of the release's named stores. */
export interface StoresSpec {
  /** `storage.stores.inference`'s write queue. @default - the release's */
  readonly inference?: StoreWriteQueue;
  /**
   * A Postgres for `storage.stores.vector_stores` (OGX 1.1+), field by field: the one of
   * `spec.storage.sql` (the same fields: `sql_default`), or another (its own backend,
   * `sql_vector_stores`, with its password from a Secret).
   * @default - none (see `vectorStoresStorage`)
   */
  readonly vectorStores?: SQLStorageSpec;
}

/** `spec.storage`. */
export interface StorageSpec {
  /** @default - base config's metadata store */
  readonly kv?: KVStorageSpec;
  /** @default - base config's inference store */
  readonly sql?: SQLStorageSpec;
  /** Store settings (extension, server targets). @default - the release's */
  readonly stores?: StoresSpec;
}

/** `spec.distribution`: exactly one of name or image. */
export interface DistributionSpec {
  /** @default - none */
  readonly name?: string;
  /** @default - none */
  readonly image?: string;
}

/** `spec.networking.tls.caBundle`. */
export interface CABundleConfig {
  readonly configMapName: string;
  /** @default - the CR's namespace */
  readonly configMapNamespace?: string;
  /** @default ["ca-bundle.crt"] */
  readonly configMapKeys?: string[];
}

/** `spec.networking.tls`. */
export interface TLSSpec {
  /** @default - not set */
  readonly enabled?: boolean;
  /** @default - none */
  readonly secretName?: string;
  /** @default - none */
  readonly caBundle?: CABundleConfig;
}

/** `spec.networking.expose`. */
export interface ExposeConfig {
  /** @default - not specified (no Ingress) */
  readonly enabled?: boolean;
  /** @default - generated */
  readonly hostname?: string;
  /**
   * The `kubernetes.io/tls` Secret the Ingress serves for `hostname` (TLS at the Ingress).
   * Library extension: the v1alpha2 CRD has no field for it (an OGXServer's
   * `network.externalAccess.tls.secretName` is read into it).
   * @default - no TLS at the Ingress
   */
  readonly tlsSecretName?: string;
}

/** `spec.networking.allowedFrom`. */
export interface AllowedFromSpec {
  /** @default - none */
  readonly namespaces?: string[];
  /** @default - none */
  readonly labels?: string[];
}

/** `spec.networking`. */
export interface NetworkingSpec {
  /** @default 8321 */
  readonly port?: number;
  /** @default - no TLS */
  readonly tls?: TLSSpec;
  /** @default - not exposed */
  readonly expose?: ExposeConfig;
  /** @default - no NetworkPolicy */
  readonly allowedFrom?: AllowedFromSpec;
}

/** `spec.workload.autoscaling`. */
export interface AutoscalingSpec {
  /** @default - not set */
  readonly minReplicas?: number;
  readonly maxReplicas: number;
  /** @default - not set */
  readonly targetCPUUtilizationPercentage?: number;
  /** @default - not set */
  readonly targetMemoryUtilizationPercentage?: number;
}

/** `spec.workload.storage`. */
export interface PVCStorageSpec {
  /** Quantity, e.g. `10Gi`. @default - not set */
  readonly size?: string;
  /**
   * Where the volume is mounted.
   * @default - the target's data directory (`/.ogx` on OGX 0.8, `/.llama` on llama-stack 0.7 and the operator pipeline)
   */
  readonly mountPath?: string;
}

/** `spec.workload.podDisruptionBudget` (int or percentage string). */
export interface PodDisruptionBudgetSpec {
  /** @default - not set */
  readonly minAvailable?: any;
  /** @default - not set */
  readonly maxUnavailable?: any;
}

/** `spec.workload.overrides`. Kubernetes-typed fields are plain JSON objects. */
export interface WorkloadOverrides {
  /** @default - generated service account */
  readonly serviceAccountName?: string;
  /** @default - Kubernetes default */
  readonly terminationGracePeriodSeconds?: number;
  /** corev1.EnvVar list. @default - none */
  readonly env?: any[];
  /** @default - image entrypoint */
  readonly command?: string[];
  /** @default - image defaults */
  readonly args?: string[];
  /** corev1.Volume list. @default - none */
  readonly volumes?: any[];
  /** corev1.VolumeMount list. @default - none */
  readonly volumeMounts?: any[];
}

/** `spec.workload`. */
export interface WorkloadSpec {
  /** @default 1 */
  readonly replicas?: number;
  /** @default - server default */
  readonly workers?: number;
  /** corev1.ResourceRequirements. @default - library defaults */
  readonly resources?: any;
  /** @default - no HPA */
  readonly autoscaling?: AutoscalingSpec;
  /** @default - emptyDir */
  readonly storage?: PVCStorageSpec;
  /** @default - none */
  readonly podDisruptionBudget?: PodDisruptionBudgetSpec;
  /** corev1.TopologySpreadConstraint list. @default - none */
  readonly topologySpreadConstraints?: any[];
  /** @default - none */
  readonly overrides?: WorkloadOverrides;
}

/**
 * `spec.externalProviders.<api>[]`: a provider installed at deploy time from its image (spec 001:
 * `/lls-provider/lls-provider-spec.yaml` and `/lls-provider/packages/*.whl`). The CRD has
 * `providerId` and `image`; what the image declares cannot be read at synth time, so the server
 * targets also need `providerType` and `module` (library extensions, as are `config` and
 * `secretRefs`).
 */
export interface ExternalProviderRef {
  /** Provider id (`provider_id`). */
  readonly providerId: string;
  /** The provider image (pinned). */
  readonly image: string;
  /**
   * Provider type the image declares (`spec.providerType` of its lls-provider-spec.yaml), e.g.
   * `remote::acme-llm` (library extension).
   * @default - required on the server targets
   */
  readonly providerType?: string;
  /**
   * Python package the server imports `<module>.provider` from (`spec.packageName` of its
   * lls-provider-spec.yaml), optionally with `==<version>` (library extension).
   * @default - required on the server targets
   */
  readonly module?: string;
  /**
   * The provider's `config` (a JSON object; library extension).
   * @default - {}
   */
  readonly config?: any;
  /**
   * Config keys whose values come from Secrets; each becomes `<key>: ${env.LLSD_<ID>_<KEY>}`
   * (library extension).
   * @default - none
   */
  readonly secretRefs?: { [key: string]: SecretKeyRef };
}

/**
 * `spec.externalProviders`: one list per API. The CRD has `inference`; the other lists are
 * library extensions (server targets only).
 */
export interface ExternalProvidersSpec {
  /** @default - none */
  readonly inference?: ExternalProviderRef[];
  /** @default - none */
  readonly safety?: ExternalProviderRef[];
  /** @default - none */
  readonly vectorIo?: ExternalProviderRef[];
  /** @default - none */
  readonly toolRuntime?: ExternalProviderRef[];
  /** @default - none */
  readonly files?: ExternalProviderRef[];
  /** @default - none */
  readonly fileProcessors?: ExternalProviderRef[];
  /** @default - none */
  readonly responses?: ExternalProviderRef[];
  /** @default - none */
  readonly batches?: ExternalProviderRef[];
}

/** `spec.overrideConfig`. */
export interface OverrideConfigSpec {
  readonly configMapName: string;
}

/** The whole v1alpha2 spec. */
export interface LlamaStackDistributionSpec {
  /**
   * Which distribution: by name or by image.
   * @default - required unless a base config is passed to the generator
   */
  readonly distribution?: DistributionSpec;
  /** @default - base providers only */
  readonly providers?: ProvidersSpec;
  /** @default - none */
  readonly resources?: ResourcesSpec;
  /** @default - base storage */
  readonly storage?: StorageSpec;
  /** API names to remove. @default - none */
  readonly disabled?: string[];
  /** @default - defaults */
  readonly networking?: NetworkingSpec;
  /** @default - defaults */
  readonly workload?: WorkloadSpec;
  /** @default - none */
  readonly externalProviders?: ExternalProvidersSpec;
  /** @default - generated config */
  readonly overrideConfig?: OverrideConfigSpec;
  /**
   * The Prometheus endpoint (library extension, OGX 1.2+): present means on.
   * @default - off
   */
  readonly monitoring?: MonitoringSpec;
}

/** The server's Prometheus endpoint (library extension of the v1alpha2 API, OGX 1.2+). */
export interface MonitoringSpec {
  /** The port the endpoint listens on (container port `metrics`). @default 9464 */
  readonly metricsPort?: number;
}
