/**
 * With more than one pod, every store the server uses must be shared: a SQLite backend, a local
 * vector index or a local files directory lives in one pod, so each replica would keep its own
 * models, conversations, files and vector stores, and answer differently. Reads the config as the
 * server will (with the container's env), so only enabled providers and used backends count.
 */
import { ConfigProblem, ProblemFixes } from '../core/errors';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { ServerTarget } from '../releases/server-target';
import { ContainerEnv } from '../releases/startup';
import { substituteEnv } from '../releases/startup/env-substitution';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** How to share each kind of per-pod store: in props, in a manifest, in an OGXServer (where it differs). */
const SHARED: { [what: string]: { props: string; manifest: string; ogxServer?: string } } = {
  kv: { props: 'kvStorage: StorageBackend.redis({ endpoint })', manifest: 'spec.storage.kv: {type: redis, endpoint: …}' },
  sql: {
    props: 'sqlStorage: StorageBackend.postgres({ host, db, user, password })',
    manifest: 'spec.storage.sql: {type: postgres, host, db, user, password}',
    ogxServer: 'spec.storage.backends: {<name>: {type: sql_postgres, host, db, user, password: {name, key}}}',
  },
  vector_io: {
    props: 'a remote vector store (VectorIoProvider.pgvector, qdrant, milvus, weaviate, elasticsearch, chromadb) with replaceBaseProviders: [\'vector_io\']',
    manifest: 'a remote vector store in spec.providers.vectorIo (pgvector, qdrant, milvus…) and no inline one',
  },
  files: {
    props: 'files: [FilesProvider.s3({ bucket, … })]',
    manifest: 'spec.providers.files: [{provider: s3, settings: {bucket_name: …}}]',
    ogxServer: 'spec.providers.files.remote.s3: {bucketName: …}',
  },
};

/** How to fix a per-pod store of `kind`, in each reader's words. */
function shareFix(kind: string): { fix: string; fixes: ProblemFixes } {
  const s = SHARED[kind];
  const manifest = (text: string) => `use ${text}, or pass --allow-per-pod-state`;
  return {
    fix: `use ${s.props}, or set allowPerPodState: true`,
    fixes: { manifest: manifest(s.manifest), ...(s.ogxServer !== undefined ? { ogxServer: manifest(s.ogxServer) } : {}) },
  };
}

/** Backend names referenced anywhere in the config (stores, provider configs). */
function referencedBackends(v: JsonValue, out: Set<string>): Set<string> {
  if (Array.isArray(v)) {v.forEach((x) => referencedBackends(x, out));} else if (isJsonObject(v)) {
    const b = getOwn(v, 'backend');
    if (typeof b === 'string') out.add(b);
    for (const k of Object.keys(v)) referencedBackends(v[k], out);
  }
  return out;
}

/** Where several pods are allowed (the path to report at), or undefined for one pod. */
export function severalPods(spec: LlamaStackDistributionSpec): string | undefined {
  if ((spec.workload?.autoscaling?.maxReplicas ?? 0) > 1) return 'spec.workload.autoscaling.maxReplicas';
  if ((spec.workload?.replicas ?? 1) > 1) return 'spec.workload.replicas';
  return undefined;
}

/** One problem per store that lives in the pod; `where` is the prop that allows several pods. */
export function perPodStores(config: JsonObject, target: ServerTarget, env: ContainerEnv, where: string): ConfigProblem[] {
  const { document } = substituteEnv(config, env);
  const problems: ConfigProblem[] = [];
  const note = 'with several pods, each keeps its own';
  const storage = getOwn(document, 'storage');
  const backends = isJsonObject(storage) ? getOwn(storage, 'backends') : undefined;
  const used = referencedBackends(document, new Set());
  for (const name of Object.keys(isJsonObject(backends) ? backends : {}).sort()) {
    const b = (backends as JsonObject)[name];
    const type = isJsonObject(b) ? getOwn(b, 'type') : undefined;
    if (!used.has(name) || (type !== 'kv_sqlite' && type !== 'sql_sqlite')) continue;
    const kind = type === 'kv_sqlite' ? 'kv' : 'sql';
    problems.push({
      path: where,
      message: `storage backend ${name} is SQLite in the pod (${kind === 'kv' ? 'registry, prompts, agent state' : 'conversations, responses, inference log, file metadata'}): ${note}`,
      ...shareFix(kind),
    });
  }
  const providers = getOwn(document, 'providers');
  const perPod = target._release.rules.perPodStateProviders;
  for (const api of Object.keys(perPod).filter((k) => !k.startsWith('_')).sort()) {
    const list = isJsonObject(providers) ? getOwn(providers, api) : undefined;
    for (const p of Array.isArray(list) ? list : []) {
      const id = isJsonObject(p) ? getOwn(p, 'provider_id') : undefined;
      const type = isJsonObject(p) ? getOwn(p, 'provider_type') : undefined;
      if (typeof id !== 'string' || id === '' || typeof type !== 'string' || !perPod[api].includes(type)) continue;
      problems.push({ path: where, message: `${api} provider ${id} (${type}) keeps its data in the pod: ${note}`, ...shareFix(api) });
    }
  }
  return problems;
}
