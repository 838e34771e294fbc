/**
 * The files a spec's providers need in the pod, read-only: each remote provider's CA, its proxy's
 * CA and its client certificate (`network`, at `providerNetworkFiles`), and pgvector's Postgres
 * CA; and the pod-wide settings that stand in for what the releases' provider configs lack:
 * `PGSSLMODE` / `PGSSLROOTCERT` (pgvector has no TLS keys; its driver reads these, as the SQL
 * store's does) and `NO_PROXY` (the releases read `proxy.no_proxy` but never apply it; httpx
 * applies the env var). The Deployment mounts and sets them, config.yaml names the paths, and the
 * start-up model is told the files exist: one source.
 */
import { PATHS, providerNetworkFiles } from './pod-paths';
import { isObject } from '../core/json';
import { ALL_PROVIDER_APIS } from '../spec/apis';
import { LlamaStackDistributionSpec, PostgresCaCertificate, ProviderConfig, ProviderProxy } from '../spec/spec';

/** One read-only volume the server container mounts for a provider. */
export interface ProviderMount {
  /** The volume's name, e.g. `inference-0-ca`. */
  readonly volume: string;
  readonly mountPath: string;
  /** A ConfigMap key, written as `file` (the name under `mountPath`). */
  readonly configMap?: { readonly name: string; readonly key: string };
  /** A `kubernetes.io/tls` Secret: its `tls.crt` and `tls.key`. */
  readonly tlsSecret?: string;
  /** The files it holds, absolute. */
  readonly files: readonly string[];
}

const CLUSTER_DOMAINS = ['.svc', '.cluster.local'];

/**
 * A provider list of the spec, or none: the pod's env is worked out for specs not checked yet
 * too (the shadowing check of user env vars), so nothing here may assume their shape.
 */
function providersOf(spec: LlamaStackDistributionSpec, field: string): readonly (ProviderConfig | undefined)[] {
  const list: unknown = isObject(spec?.providers) ? (spec.providers as { [k: string]: unknown })[field] : undefined;
  return Array.isArray(list) ? list.map((p) => (isObject(p) ? p as unknown as ProviderConfig : undefined)) : [];
}

/** Every provider's network files, in spec order (`spec.providers.<field>[<i>]`). */
export function providerMounts(spec: LlamaStackDistributionSpec): ProviderMount[] {
  const out: ProviderMount[] = [];
  for (const { field } of ALL_PROVIDER_APIS) {
    providersOf(spec, field).forEach((p, i) => {
      const n = p?.network;
      if (!isObject(n)) return;
      const f = providerNetworkFiles(field, i);
      const ca = n.tls?.caCertificate;
      if (isObject(ca)) out.push({ volume: `${f.slot}-ca`, mountPath: f.caDir, configMap: { name: ca.configMapName, key: ca.key ?? 'ca.crt' }, files: [f.caFile] });
      const proxyCa = n.proxy?.caCertificate;
      if (isObject(proxyCa)) {
        out.push({ volume: `${f.slot}-proxy-ca`, mountPath: f.proxyCaDir, configMap: { name: proxyCa.configMapName, key: proxyCa.key ?? 'ca.crt' }, files: [f.proxyCaFile] });
      }
      const client = n.tls?.clientCertificateSecret;
      if (typeof client === 'string') out.push({ volume: `${f.slot}-client-tls`, mountPath: f.clientDir, tlsSecret: client, files: [f.clientCertFile, f.clientKeyFile] });
    });
  }
  const pg = postgresTlsOfPod(spec);
  if (pg.mountPgvectorCa) {
    const dir = PATHS.pgvectorCaFile.slice(0, PATHS.pgvectorCaFile.lastIndexOf('/'));
    out.push({ volume: 'postgres-pgvector-ca', mountPath: dir, configMap: { name: pg.mountPgvectorCa.configMapName, key: pg.mountPgvectorCa.key ?? 'ca.crt' }, files: [PATHS.pgvectorCaFile] });
  }
  return out;
}

/** The pod's Postgres TLS env: the SQL store's settings, else the first pgvector provider's. */
export function postgresTlsOfPod(spec: LlamaStackDistributionSpec):
{ sslMode?: string; rootCertFile?: string; mountPgvectorCa?: PostgresCaCertificate } {
  const sql = spec.storage?.sql;
  const tuning = sql?.type === 'postgres' ? sql.tuning : undefined;
  const pgvector = providersOf(spec, 'vectorIo').find((p) => isObject(p?.postgresTls))?.postgresTls;
  const sslMode = tuning?.sslMode ?? (typeof pgvector?.sslMode === 'string' ? pgvector.sslMode : undefined);
  if (tuning?.caCertificate) return { sslMode, rootCertFile: PATHS.postgresSqlCaFile };
  if (isObject(pgvector?.caCertificate)) return { sslMode, rootCertFile: PATHS.pgvectorCaFile, mountPgvectorCa: pgvector.caCertificate };
  return { sslMode };
}

/** The pod's `NO_PROXY`: the cluster's domains (unless every proxy says otherwise), then each proxy's `noProxy`; undefined without a proxy. */
export function noProxyOfPod(spec: LlamaStackDistributionSpec): string | undefined {
  const proxies = ALL_PROVIDER_APIS.flatMap(({ field }) => providersOf(spec, field).map((p) => p?.network?.proxy))
    .filter(isObject) as ProviderProxy[];
  if (proxies.length === 0) return undefined;
  const hosts = [
    ...(proxies.some((x) => x.noProxyClusterDomains !== false) ? CLUSTER_DOMAINS : []),
    ...proxies.flatMap((x) => (Array.isArray(x.noProxy) ? x.noProxy.filter((h) => typeof h === 'string') : [])),
  ];
  const unique = [...new Set(hosts)];
  return unique.length > 0 ? unique.join(',') : undefined;
}
