/**
 * OGXServer out: a provider entry (`{id, type, secretRefs, settings}` in the server's config keys)
 * as the CRD's typed field where one exists (`inference.remote.vllm[]`, `vectorIo.remote.pgvector[]`,
 * `files.remote.s3`…), so the operator's own field checks apply; `custom` only for the rest.
 * An entry goes to `custom` when any of its keys has no typed field, when a single-object kind
 * (no `id` field) would change its id, and for a pgvector index (the operator writes it as
 * `vector_index: {hnsw: …}`, which the server rejects).
 */
type Obj = Record<string, any>;

interface TypedKind {
  readonly field: string;
  readonly bucket: 'inline' | 'remote';
  readonly kind: string;
  /** A list of entries with an `id` (else one object, its id the operator's). */
  readonly list: boolean;
  /** CRD fields holding plain values. */
  readonly plain: readonly string[];
  /** CRD fields holding a Secret key reference. */
  readonly secret: readonly string[];
  /** CRD fields the CRD requires (else the entry stays `custom`). */
  readonly required?: readonly string[];
  /** Server config key → CRD field, where it is not the key in camelCase. */
  readonly renames?: { readonly [configKey: string]: string };
}

const ROUTED = ['allowedModels', 'refreshModels', 'network'];
const CHUNKS = ['defaultChunkSizeTokens', 'defaultChunkOverlapTokens'];

const KINDS: { [type: string]: TypedKind } = {
  'remote::vllm': { field: 'inference', bucket: 'remote', kind: 'vllm', list: true, required: ['endpoint'], plain: [...ROUTED, 'endpoint', 'maxTokens'], secret: ['apiToken'], renames: { base_url: 'endpoint' } },
  'remote::openai': { field: 'inference', bucket: 'remote', kind: 'openai', list: true, required: ['apiKey'], plain: [...ROUTED, 'endpoint'], secret: ['apiKey'], renames: { base_url: 'endpoint' } },
  'remote::azure': {
    field: 'inference', bucket: 'remote', kind: 'azure', list: true, required: ['apiKey', 'endpoint'], plain: [...ROUTED, 'endpoint', 'apiType', 'apiVersion'], secret: ['apiKey'], renames: { base_url: 'endpoint' },
  },
  'remote::watsonx': {
    field: 'inference', bucket: 'remote', kind: 'watsonx', list: true, required: ['apiKey'], plain: [...ROUTED, 'endpoint', 'projectId', 'timeout'], secret: ['apiKey'], renames: { base_url: 'endpoint' },
  },
  'remote::vertexai': { field: 'inference', bucket: 'remote', kind: 'vertexai', list: true, required: ['project'], plain: [...ROUTED, 'project', 'location'], secret: [] },
  'remote::bedrock': {
    field: 'inference',
    bucket: 'remote',
    kind: 'bedrock',
    list: true,
    required: ['region'],
    plain: [...ROUTED, 'region', 'awsRoleArn', 'awsRoleSessionName', 'awsWebIdentityTokenFile', 'profileName', 'totalMaxAttempts', 'retryMode', 'connectTimeout', 'readTimeout', 'sessionTTL'],
    secret: ['apiKey', 'awsAccessKeyId', 'awsSecretAccessKey', 'awsSessionToken'],
    renames: { region_name: 'region', aws_bedrock_bearer_token: 'apiKey', session_ttl: 'sessionTTL' },
  },
  'remote::pgvector': { field: 'vectorIo', bucket: 'remote', kind: 'pgvector', list: true, required: ['password'], plain: ['host', 'port', 'db', 'user', 'distanceMetric'], secret: ['password'] },
  'remote::milvus': { field: 'vectorIo', bucket: 'remote', kind: 'milvus', list: true, required: ['uri'], plain: ['uri', 'consistencyLevel'], secret: ['token'] },
  'remote::qdrant': {
    field: 'vectorIo', bucket: 'remote', kind: 'qdrant', list: true, plain: ['url', 'host', 'port', 'grpcPort', 'preferGrpc', 'https', 'location', 'prefix', 'timeout'], secret: ['apiKey'],
  },
  'inline::localfs': { field: 'files', bucket: 'inline', kind: 'localfs', list: false, plain: ['ttlSecs'], secret: [] },
  'remote::s3': {
    field: 'files', bucket: 'remote', kind: 's3', list: false, required: ['bucketName'], plain: ['bucketName', 'region', 'endpointUrl', 'autoCreateBucket'], secret: ['awsAccessKeyId', 'awsSecretAccessKey'],
  },
  'inline::auto': { field: 'fileProcessors', bucket: 'inline', kind: 'auto', list: false, plain: [...CHUNKS, 'extractMetadata', 'cleanText'], secret: [] },
  'inline::pypdf': { field: 'fileProcessors', bucket: 'inline', kind: 'pypdf', list: false, plain: [...CHUNKS, 'extractMetadata', 'cleanText'], secret: [] },
  'inline::markitdown': { field: 'fileProcessors', bucket: 'inline', kind: 'markitdown', list: false, plain: CHUNKS, secret: [] },
  'inline::docling': { field: 'fileProcessors', bucket: 'inline', kind: 'docling', list: false, plain: [...CHUNKS, 'doOcr'], secret: [] },
  'remote::docling-serve': {
    field: 'fileProcessors', bucket: 'remote', kind: 'doclingServe', list: false, required: ['baseUrl'], plain: ['baseUrl', 'defaultChunkSizeTokens'], secret: ['apiKey'],
  },
  'inline::reference': { field: 'batches', bucket: 'inline', kind: 'reference', list: false, plain: ['maxConcurrentBatches', 'maxConcurrentRequestsPerBatch'], secret: [] },
  'remote::brave-search': { field: 'toolRuntime', bucket: 'remote', kind: 'braveSearch', list: true, required: ['apiKey'], plain: ['maxResults'], secret: ['apiKey'] },
  'remote::tavily-search': { field: 'toolRuntime', bucket: 'remote', kind: 'tavilySearch', list: true, required: ['apiKey'], plain: ['maxResults'], secret: ['apiKey'] },
  'remote::model-context-protocol': { field: 'toolRuntime', bucket: 'remote', kind: 'modelContextProtocol', list: true, plain: [], secret: [] },
};

function camel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A nested settings value in the CRD's spelling (header names kept). */
function camelValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelValue);
  if (v !== null && typeof v === 'object') {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v as Obj)) out[camel(k)] = k === 'headers' ? x : camelValue(x);
    return out;
  }
  return v;
}

/** The operator's id for an entry without one: the type with '::' as '-'. */
export function operatorId(type: string): string {
  return type.replace('::', '-');
}

/** Where the entry goes: a typed field with its value, or undefined for `custom`. */
export function typedEntry(entry: { id: string; type: string; secretRefs?: Obj; settings?: Obj }):
{ field: string; bucket: 'inline' | 'remote'; kind: string; list: boolean; value: Obj } | undefined {
  const k = KINDS[entry.type];
  if (!k) return undefined;
  if (!k.list && entry.id !== operatorId(entry.type)) return undefined;
  if (entry.type === 'remote::pgvector' && entry.settings?.vector_index !== undefined) return undefined;
  const name = (configKey: string) => k.renames?.[configKey] ?? camel(configKey);
  const value: Obj = k.list ? { id: entry.id } : {};
  for (const [key, v] of Object.entries(entry.settings ?? {})) {
    const f = name(key);
    if (!k.plain.includes(f)) return undefined;
    value[f] = camelValue(v);
  }
  for (const [key, ref] of Object.entries(entry.secretRefs ?? {})) {
    const f = name(key);
    if (!k.secret.includes(f)) return undefined;
    value[f] = ref;
  }
  if ((k.required ?? []).some((f) => value[f] === undefined)) return undefined;
  return { field: k.field, bucket: k.bucket, kind: k.kind, list: k.list, value };
}
