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
