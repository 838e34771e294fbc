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
  /** The Hugging Face home a model seed fills (`modelSeed`): `HF_HOME` then. */
  modelSeedDir: '/models',
};

/** Non-root ids for the restricted Pod Security Standard (the operator's fsGroup, and OGX 1.3's own user). */
export const NON_ROOT_USER = 1001;

/** System trees: a volume at or under one would hide what the image needs. */
const SYSTEM_TREES = ['/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/proc', '/run', '/sbin', '/sys', '/usr'];
/**
 * The image's own directories (its root, homes and application roots: the upstream images' `/`,
 * the UBI Python images' `/opt/app-root` and its home `/opt/app-root/src`, the RHOAI image's):
 * a volume there, or at a directory above one, would hide the image's files.
 */
const IMAGE_TREES = ['/', '/opt', '/opt/app-root', '/opt/app-root/src', '/home', '/root', '/var', '/srv', '/mnt', '/app'];

/**
 * True when the pod can give `dir` a volume of its own: a directory the server writes its data
 * into (a store's directory, a files provider's `storage_dir`), whatever the image's home, that
 * holds nothing of the image and none of the pod's own mounts.
 */
export function canMountDataDir(dir: string): boolean {
  if (!dir.startsWith('/') || dir.split('/').some((s, i) => i > 0 && (s === '' || s === '.' || s === '..'))) return false;
  if (SYSTEM_TREES.some((t) => dir === t || dir.startsWith(`${t}/`))) return false;
  if (IMAGE_TREES.includes(dir)) return false;
  const ours = [PATHS.configDir, PATHS.tlsDir, PATHS.authCaDir, PATHS.caBundleDir, PATHS.caBundleSourceDir, PATHS.dataDir, PATHS.cacheDir,
    PATHS.tmpDir, PATHS.defaultMountPath, PATHS.modelSeedDir];
  return !ours.some((m) => m === dir || m.startsWith(`${dir}/`));
}

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
