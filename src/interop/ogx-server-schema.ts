/**
 * The OGXServer spec field by field (`ogx.io/v1beta1`, as the newest OGX operator serves it), each
 * with what the reader does: mapped, warned as not carried, or refused (ogx-server-fields.ts).
 * The typed provider kinds are listed in the order the operator expands them (remote before
 * inline, the kinds in its own order, `custom` last), which is the order they are read in.
 */
import { Field, list, map, obj, ref, val, whole } from './ogx-server-fields';
import { ALL_PROVIDER_APIS, ProviderApi } from '../spec/apis';

/** A typed provider kind of `spec.providers`. */
export interface OgxProviderKind {
  /** The `spec.providers` field (`inference`, `vectorIo`…). */
  readonly field: string;
  readonly bucket: 'remote' | 'inline';
  /** The CRD's name of the kind (`vllm`, `doclingServe`…). */
  readonly kind: string;
  /** The server's provider type. */
  readonly type: string;
  /** A list of entries with ids (else one object, its id the operator's). */
  readonly list: boolean;
  /** The entry's fields (`id` of a list kind included). */
  readonly fields: { readonly [name: string]: Field };
  /** CRD field → server config key, where it is not the field in snake_case. */
  readonly renames?: { readonly [field: string]: string };
}

const vals = (...names: string[]): Field => obj(Object.fromEntries(names.map((n) => [n, val()])));

const NETWORK = obj({
  tls: obj({ verify: val(), minVersion: val(), ciphers: list(val()) }),
  proxy: obj({ url: val(), http: val(), https: val(), cacert: val(), noProxy: list(val()) }),
  timeout: vals('connect', 'read'),
  headers: map(val()),
});
const ROUTED = { allowedModels: list(val()), refreshModels: val(), network: NETWORK };
const MODEL_REF = vals('providerId', 'modelId', 'embeddingDimensions');
const VECTOR_STORES_CONFIG = obj({
  defaultProviderId: val(),
  defaultEmbeddingModel: MODEL_REF,
  defaultRerankerModel: vals('providerId', 'modelId'),
  annotationPromptParams: vals('enableAnnotations', 'annotationInstructionTemplate', 'chunkAnnotationTemplate'),
  chunkRetrievalParams: vals('chunkMultiplier', 'maxTokensInContext', 'defaultRerankerStrategy', 'rrfImpactFactor', 'weightedSearchAlpha', 'defaultSearchMode'),
  contextPromptParams: vals('chunkAnnotationTemplate', 'contextTemplate'),
  contextualRetrievalParams: obj({ model: MODEL_REF, defaultTimeoutSeconds: val(), defaultMaxConcurrency: val(), maxDocumentTokens: val() }),
  fileBatchParams: vals('maxConcurrentFilesPerBatch', 'fileBatchChunkSize', 'cleanupIntervalSeconds'),
  fileIngestionParams: vals('defaultChunkSizeTokens', 'defaultChunkOverlapTokens'),
  fileSearchParams: vals('headerTemplate', 'footerTemplate'),
  rewriteQueryParams: obj({ model: MODEL_REF, prompt: val(), maxTokens: val(), temperature: val() }),
});
const CHUNKS = { defaultChunkSizeTokens: val(), defaultChunkOverlapTokens: val() };
const id = { id: val() };

const kind = (field: string, bucket: 'remote' | 'inline', name: string, type: string, isList: boolean, fields: { [k: string]: Field },
  renames?: { [k: string]: string }): OgxProviderKind => ({
  field, bucket, kind: name, type, list: isList, fields: isList ? { ...id, ...fields } : fields, renames,
});

/** Every typed kind, in the operator's expansion order. */
export const OGX_PROVIDER_KINDS: readonly OgxProviderKind[] = [
  kind('inference', 'remote', 'vllm', 'remote::vllm', true, { endpoint: val(), apiToken: ref(), maxTokens: val(), ...ROUTED }, { endpoint: 'base_url' }),
  kind('inference', 'remote', 'openai', 'remote::openai', true, { endpoint: val(), apiKey: ref(), ...ROUTED }, { endpoint: 'base_url' }),
  kind('inference', 'remote', 'azure', 'remote::azure', true, { endpoint: val(), apiKey: ref(), apiType: val(), apiVersion: val(), ...ROUTED }, { endpoint: 'base_url' }),
  kind('inference', 'remote', 'bedrock', 'remote::bedrock', true, {
    region: val(),
    apiKey: ref(),
    awsAccessKeyId: ref(),
    awsSecretAccessKey: ref(),
    awsSessionToken: ref(),
    awsRoleArn: val(),
    awsRoleSessionName: val(),
    awsWebIdentityTokenFile: val(),
    profileName: val(),
    totalMaxAttempts: val(),
    retryMode: val(),
    connectTimeout: val(),
    readTimeout: val(),
    sessionTTL: val(),
    ...ROUTED,
  }, { region: 'region_name', apiKey: 'aws_bedrock_bearer_token', sessionTTL: 'session_ttl' }),
  kind('inference', 'remote', 'vertexai', 'remote::vertexai', true, { project: val(), location: val(), ...ROUTED }),
  kind('inference', 'remote', 'watsonx', 'remote::watsonx', true, { endpoint: val(), apiKey: ref(), projectId: val(), timeout: val(), ...ROUTED }, { endpoint: 'base_url' }),
  kind('vectorIo', 'remote', 'pgvector', 'remote::pgvector', true, {
    host: val(),
    port: val(),
    db: val(),
    user: val(),
    password: ref(),
    distanceMetric: val(),
    vectorIndex: obj({ hnsw: vals('m', 'efConstruction', 'efSearch'), ivfFlat: vals('nlist', 'nprobe') }),
  }),
  kind('vectorIo', 'remote', 'milvus', 'remote::milvus', true, { uri: val(), token: ref(), consistencyLevel: val() }),
  kind('vectorIo', 'remote', 'qdrant', 'remote::qdrant', true, {
    url: val(),
    host: val(),
    port: val(),
    apiKey: ref(),
    location: val(),
    grpcPort: val(),
    preferGrpc: val(),
    https: val(),
    prefix: val(),
    timeout: val(),
  }),
  kind('toolRuntime', 'remote', 'braveSearch', 'remote::brave-search', true, { apiKey: ref(), maxResults: val() }),
  kind('toolRuntime', 'remote', 'tavilySearch', 'remote::tavily-search', true, { apiKey: ref(), maxResults: val() }),
  kind('toolRuntime', 'remote', 'modelContextProtocol', 'remote::model-context-protocol', true, {}),
  kind('toolRuntime', 'inline', 'fileSearch', 'inline::file-search', true, { vectorStoresConfig: VECTOR_STORES_CONFIG }),
  kind('files', 'remote', 's3', 'remote::s3', false, { bucketName: val(), region: val(), endpointUrl: val(), autoCreateBucket: val(), awsAccessKeyId: ref(), awsSecretAccessKey: ref() }),
  kind('files', 'inline', 'localfs', 'inline::localfs', false, { ttlSecs: val() }),
  kind('batches', 'inline', 'reference', 'inline::reference', false, { maxConcurrentBatches: val(), maxConcurrentRequestsPerBatch: val() }),
  kind('responses', 'inline', 'builtin', 'inline::builtin', false, {
    vectorStoresConfig: VECTOR_STORES_CONFIG,
    compactionConfig: vals('summarizationModel', 'summarizationPrompt', 'summaryPrefix', 'defaultCompactThreshold', 'tokenizerEncoding'),
  }),
  kind('fileProcessors', 'remote', 'doclingServe', 'remote::docling-serve', false, { baseUrl: val(), apiKey: ref(), defaultChunkSizeTokens: val() }, { baseUrl: 'base_url' }),
  kind('fileProcessors', 'inline', 'auto', 'inline::auto', false, { ...CHUNKS, extractMetadata: val(), cleanText: val() }),
  kind('fileProcessors', 'inline', 'pypdf', 'inline::pypdf', false, { ...CHUNKS, extractMetadata: val(), cleanText: val() }),
  kind('fileProcessors', 'inline', 'markitdown', 'inline::markitdown', false, CHUNKS),
  kind('fileProcessors', 'inline', 'docling', 'inline::docling', false, { ...CHUNKS, doOcr: val() }),
];

/** The `spec.providers` fields, their config API (`spec/apis.ts`), in the operator's order. */
export const OGX_PROVIDER_APIS: readonly ProviderApi[] = (['inference', 'vectorIo', 'toolRuntime', 'files', 'batches', 'responses', 'fileProcessors'] as const)
  .map((field) => ALL_PROVIDER_APIS.find((a) => a.field === field)!);

const CUSTOM = list(obj({ id: val(), type: val(), secretRefs: map(ref()), settings: whole() }));

function providersSchema(): Field {
  const apis: { [field: string]: Field } = {};
  for (const { field } of OGX_PROVIDER_APIS) {
    const buckets: { [b: string]: Field } = {};
    for (const bucket of ['remote', 'inline'] as const) {
      const kinds: { [k: string]: Field } = {};
      for (const k of OGX_PROVIDER_KINDS.filter((x) => x.field === field && x.bucket === bucket)) {
        kinds[k.kind] = k.list ? list(obj(k.fields)) : obj(k.fields);
      }
      kinds.custom = CUSTOM;
      buckets[bucket] = obj(kinds);
    }
    apis[field] = obj(buckets);
  }
  return obj(apis);
}

const STORAGE_BACKEND = obj({
  type: val(),
  host: val(),
  port: val(),
  db: val(),
  user: val(),
  password: ref(),
  sslMode: val(),
  caCertPath: val(),
  tableName: val('refused'),
  poolSize: val(),
  maxOverflow: val(),
  commandTimeout: val(),
  poolRecycle: val('warned'),
  poolPrePing: val('warned'),
  poolPrePingEnv: val('warned'),
});
const SQL_STORE = obj({ backend: val(), tableName: val() });

/** The whole spec. */
export const OGX_SPEC: Field = obj({
  distribution: vals('name', 'image'),
  baseConfig: vals('name', 'key'),
  overrideConfig: vals('name', 'key'),
  providers: providersSchema(),
  resources: obj({ models: list(vals('name', 'provider', 'contextLength', 'modelType', 'quantization')) }),
  storage: obj({
    kv: obj({ type: val(), endpoint: val(), password: ref('warned') }),
    sql: obj({ type: val(), connectionString: ref('refused') }),
    backends: map(STORAGE_BACKEND),
    stores: obj({
      metadata: obj({ backend: val(), namespace: val() }),
      inference: obj({ backend: val(), tableName: val(), maxWriteQueueSize: val('warned'), numWriters: val('warned'), enabled: val() }),
      conversations: SQL_STORE,
      responses: obj({ backend: val('refused'), tableName: val('refused'), maxWriteQueueSize: val('refused'), numWriters: val('refused') }, 'refused'),
      prompts: SQL_STORE,
      connectors: SQL_STORE,
      vectorStores: obj({ backend: val('refused'), tableName: val('refused') }, 'refused'),
    }),
  }),
  disabledAPIs: list(val()),
  network: obj({
    port: val(),
    tls: vals('secretName'),
    externalAccess: obj({ enabled: val(), hostname: val(), tls: vals('secretName') }),
    policy: obj({ enabled: val(), policyTypes: list(val()), ingress: list(whole()), egress: list(whole('warned'), 'warned') }),
  }),
  tls: obj({
    identity: obj({ cert: ref('refused'), key: ref('refused') }, 'refused'),
    trust: obj({ caCertificates: list(ref()) }),
  }),
  workload: obj({
    replicas: val(),
    workers: val(),
    resources: whole(),
    autoscaling: whole(),
    storage: vals('size', 'mountPath'),
    podDisruptionBudget: whole(),
    topologySpreadConstraints: list(whole()),
    resourceClaims: list(whole('warned'), 'warned'),
    overrides: obj({
      serviceAccountName: val(), env: list(whole()), command: list(val()), args: list(val()), volumes: list(whole()), volumeMounts: list(whole()),
    }),
  }),
  monitoring: obj({ enabled: val(), metricsPort: val('warned') }, 'warned'),
  registryRefreshIntervalSeconds: val('warned'),
  // Praxis on is refused (ogx-server-network.ts); off, its selector and migration Job are warnings.
  praxisMode: obj({ enabled: val('refused'), praxisSelector: whole('warned'), migrationJob: whole('warned') }, 'refused'),
});
