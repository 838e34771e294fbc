/**
 * Where the server's pod has its files: the layout the workload renders, and the paths the
 * generated config and the start-up model refer to. One copy, so the two cannot drift.
 */
import { AUTH_CA_DIR, AUTH_CA_FILE } from '../auth/server-auth';

export const PATHS = {
  configDir: '/etc/llama-stack',
  configFile: '/etc/llama-stack/config.yaml',
  tlsDir: '/etc/llama-stack/tls',
  /** The auth provider's CA (`tls_cafile`), from its ConfigMap. */
  authCaDir: AUTH_CA_DIR,
  authCaFile: AUTH_CA_FILE,
  /** The postgres stores' CAs (`ca_cert_path`, `PGSSLROOTCERT`), from their ConfigMaps. */
  postgresKvCaFile: '/etc/postgres-ca/kv/ca.crt',
  postgresSqlCaFile: '/etc/postgres-ca/sql/ca.crt',
  /** pgvector's CA (`PGSSLROOTCERT`, when the SQL store names none), from its ConfigMap. */
  pgvectorCaFile: '/etc/postgres-ca/pgvector/ca.crt',
  caBundleDir: '/etc/ssl/certs/ca-bundle',
  caBundleFile: '/etc/ssl/certs/ca-bundle/ca-bundle.crt',
  caBundleSourceDir: '/etc/ssl/certs/ca-bundle-source',
  /** The operator pipeline's db paths (`/data/...`) live here. */
  dataDir: '/data',
  cacheDir: '/.cache',
  tmpDir: '/tmp',
  defaultMountPath: '/.llama',
};

/** Non-root ids for the restricted Pod Security Standard (the operator's fsGroup, and OGX 1.3's own user). */
export const NON_ROOT_USER = 1001;

/**
 * Where a provider's network files are mounted (`spec.providers.<field>[<index>].network`), each
 * from its own read-only volume: the CA (`tls.verify`), the proxy's CA (`proxy.cacert`) and the
 * client certificate Secret (`tls.client_cert`, `tls.client_key`). The slot (`inference-0`) names
 * the volumes too.
 */
export function providerNetworkFiles(field: string, index: number): ProviderNetworkFiles {
  const slot = `${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${index}`;
  const dir = `/etc/provider-network/${slot}`;
  return {
    slot,
    caDir: `${dir}/ca`,
    caFile: `${dir}/ca/ca.crt`,
    proxyCaDir: `${dir}/proxy-ca`,
    proxyCaFile: `${dir}/proxy-ca/ca.crt`,
    clientDir: `${dir}/client`,
    clientCertFile: `${dir}/client/tls.crt`,
    clientKeyFile: `${dir}/client/tls.key`,
  };
}

/** `providerNetworkFiles`: one provider's mount directories and files. */
export interface ProviderNetworkFiles {
  readonly slot: string;
  readonly caDir: string;
  readonly caFile: string;
  readonly proxyCaDir: string;
  readonly proxyCaFile: string;
  readonly clientDir: string;
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
}
