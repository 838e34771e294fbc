/**
 * The env a Deployment sets for a server line, and the port the container listens on. The
 * start-up model substitutes config.yaml with exactly these values, so what it checks is what
 * the pod will read.
 */
import { NON_ROOT_USER, PATHS } from './pod-paths';
import { noProxyOfPod, postgresTlsOfPod } from './provider-mounts';
import { ServerTarget } from './server-target';
import { ContainerEnv, EnvValue } from './startup';
import { EXTERNAL_PROVIDERS_PYTHONPATH, externalProviderEntries } from '../spec/external-providers';
import { GeneratedEnvVar, RUN_CONFIG_PATH_ENV } from '../spec/reserved-env';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';

export const DEFAULT_PORT = 8321;
/** StackConfig's `server.port` bound: a non-root server cannot take a privileged port either. */
export const MIN_SERVER_PORT = 1024;

/**
 * The port the server listens on: `networking.port`, or the default when that port is
 * privileged (the Service still exposes `networking.port` and targets this one).
 */
export function containerPort(spec: LlamaStackDistributionSpec, target: ServerTarget): number {
  const port = spec.networking?.port ?? DEFAULT_PORT;
  return target.isOperator || port >= MIN_SERVER_PORT ? port : DEFAULT_PORT;
}

/** Env vars of the server line: port, config dir, the shipped configs' store dirs, workers. */
export function serverEnv(target: ServerTarget, spec: LlamaStackDistributionSpec): { name: string; value: string }[] {
  const port = String(containerPort(spec, target));
  if (target.isOperator) return [{ name: target.portEnvVar, value: port }];
  const mount = dataMountPath(target, spec);
  const distro = spec.distribution?.name ?? 'custom';
  const out = [
    { name: target.portEnvVar, value: port },
    { name: target.configDirEnvVar, value: mount },
    // The shipped configs keep their databases and files under these.
    { name: 'SQLITE_STORE_DIR', value: `${mount}/distributions/${distro}` },
    { name: 'FILES_STORAGE_DIR', value: `${mount}/distributions/${distro}/files` },
  ];
  // OGX 1.2+ reads OGX_WORKERS over server.workers: the same value keeps the two in step.
  const workers = spec.workload?.workers;
  if (target.workersEnvVar !== undefined && workers !== undefined) out.push({ name: target.workersEnvVar, value: String(workers) });
  return out;
}

/**
 * `$HOME` of the server: the image's own where the image runs as the non-root user the pod runs
 * as (OGX 1.3: `/`, whose `.ogx` and `.cache` are the pod's writable mounts), else the data
 * volume (an image built for root has its home where a non-root pod cannot write).
 */
export function podHome(target: ServerTarget, spec: LlamaStackDistributionSpec): string {
  return target.runAsUser === NON_ROOT_USER ? target.home : dataMountPath(target, spec);
}

/**
 * A Hugging Face home the pod is seeded with (`modelSeed`, workload/model-seed.ts): `HF_HOME` is
 * `home`, the hub and transformers are offline (huggingface_hub reads `HF_HUB_OFFLINE`, and
 * `TRANSFORMERS_OFFLINE` as its older name), and with a read-only home the remote-code modules go
 * to `modulesCache` (transformers' `HF_MODULES_CACHE`).
 */
export interface PodModelCache {
  readonly home: string;
  readonly modulesCache?: string;
}

/** One env var of the server container, as the Deployment writes it. */
export interface PodEnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: unknown;
}

/**
 * Every env var of the server container, in the Deployment's order: the config path, the server
 * line's vars, the caches' home, the external providers' `PYTHONPATH`, the CA bundle, the
 * Secret references, then the user's (Kubernetes lets the last of a name win). The Deployment
 * renders this list and the start-up model substitutes config.yaml with it: one source.
 */
export function podEnv(
  target: ServerTarget, spec: LlamaStackDistributionSpec, secretEnv: readonly SecretEnvVar[], models?: PodModelCache,
): PodEnvVar[] {
  const mount = dataMountPath(target, spec);
  const userEnv = spec.workload?.overrides?.env ?? [];
  const list: PodEnvVar[] = [
    { name: RUN_CONFIG_PATH_ENV, value: PATHS.configFile },
    ...serverEnv(target, spec),
    { name: 'HF_HOME', value: models?.home ?? mount },
    { name: 'HOME', value: podHome(target, spec) },
  ];
  // Seeded models: nothing is downloaded (a model that is not there fails at once, not after a timeout).
  if (models !== undefined) {
    list.push({ name: 'HF_HUB_OFFLINE', value: '1' }, { name: 'TRANSFORMERS_OFFLINE', value: '1' });
    if (models.modulesCache !== undefined) list.push({ name: 'HF_MODULES_CACHE', value: models.modulesCache });
  }
  // spec 001: external packages take precedence; a user's PYTHONPATH (checked to include ours) replaces it.
  if (externalProviderEntries(spec).length > 0 && !userEnv.some((e) => e?.name === 'PYTHONPATH')) {
    list.push({ name: 'PYTHONPATH', value: EXTERNAL_PROVIDERS_PYTHONPATH });
  }
  // The image's trust store plus the user's CAs (workload/ca-bundle.ts): Python's ssl and httpx
  // read SSL_CERT_FILE, the requests library REQUESTS_CA_BUNDLE.
  if (spec.networking?.tls?.caBundle) {
    list.push({ name: 'SSL_CERT_FILE', value: PATHS.caBundleFile }, { name: 'REQUESTS_CA_BUNDLE', value: PATHS.caBundleFile });
  }
  // The Prometheus endpoint, reachable from the pod's network (the server's default host is loopback).
  const metrics = target.metricsEnvVars;
  if (spec.monitoring && metrics) {
    list.push(
      { name: metrics.enabled, value: 'true' },
      { name: metrics.host, value: '0.0.0.0' },
      { name: metrics.port, value: String(metricsPort(spec)) },
    );
  }
  // The SQL store's driver (asyncpg, libpq) and pgvector's read their TLS settings from these.
  if (!target.isOperator) {
    const pg = postgresTlsOfPod(spec);
    if (pg.sslMode !== undefined) list.push({ name: 'PGSSLMODE', value: pg.sslMode });
    if (pg.rootCertFile !== undefined) list.push({ name: 'PGSSLROOTCERT', value: pg.rootCertFile });
    // The providers' proxies leave these hosts alone (httpx reads the env; the releases never apply proxy.no_proxy).
    const noProxy = noProxyOfPod(spec);
    if (noProxy !== undefined) list.push({ name: 'NO_PROXY', value: noProxy }, { name: 'no_proxy', value: noProxy });
  }
  for (const e of secretEnv) {
    const ref = e.valueFrom.secretKeyRef;
    list.push({ name: e.name, valueFrom: { secretKeyRef: { name: ref.name, key: ref.key } } });
  }
  list.push(...userEnv);
  return list;
}

const DATA_FIX = 'remove it: it follows the data volume, which spec.workload.storage.mountPath moves';
const CA_FIX = 'remove it: with spec.networking.tls.caBundle it names the image\'s trust store plus your CAs';
const HOME_FIX = 'remove it: it is the image\'s own home, whose .ogx and .cache are the pod\'s writable volumes';
const WORKERS_FIX = 'remove it: the workers are spec.workload.workers';

/**
 * The server container's env vars the Deployment sets (`podEnv`), but `RUN_CONFIG_PATH` (always
 * reserved), the `LLSD_` Secret references (a reserved prefix) and `PYTHONPATH` (a user's
 * replaces ours, and must keep the install path): a user env var must not shadow them.
 */
export function generatedEnv(target: ServerTarget, spec: LlamaStackDistributionSpec): GeneratedEnvVar[] {
  const own = podEnv(target, { ...spec, workload: { ...spec.workload, overrides: { ...spec.workload?.overrides, env: [] } } }, []);
  const names = own.map((e) => e.name).filter((name) => name !== RUN_CONFIG_PATH_ENV && name !== 'PYTHONPATH');
  // Set or not, the workers var would override server.workers behind the CPU request's back.
  if (target.workersEnvVar !== undefined && !names.includes(target.workersEnvVar)) names.push(target.workersEnvVar);
  return names.map((name) => ({
    name,
    fix: name === target.portEnvVar ? 'remove it: the port is spec.networking.port'
      : name === target.workersEnvVar ? WORKERS_FIX
        : name === 'SSL_CERT_FILE' || name === 'REQUESTS_CA_BUNDLE' ? CA_FIX
          : Object.values(target.metricsEnvVars ?? {}).includes(name) ? 'remove it: monitoring turns the Prometheus endpoint on (monitoring.metricsPort sets its port)'
            : name === 'PGSSLMODE' || name === 'PGSSLROOTCERT' ? 'remove it: it is the SQL store\'s (StorageBackend.postgres) or pgvector\'s sslMode and caCertificate'
              : name === 'NO_PROXY' || name === 'no_proxy' ? 'remove it: it is the providers\' network.proxy.noProxy (with the cluster\'s domains)'
                : name === 'HOME' && podHome(target, spec) !== dataMountPath(target, spec) ? HOME_FIX : DATA_FIX,
  }));
}

export const DEFAULT_METRICS_PORT = 9464;

/** The port of the Prometheus endpoint. */
export function metricsPort(spec: LlamaStackDistributionSpec): number {
  return spec.monitoring?.metricsPort ?? DEFAULT_METRICS_PORT;
}

/** Where the data volume is mounted. */
export function dataMountPath(target: ServerTarget, spec: LlamaStackDistributionSpec): string {
  return spec.workload?.storage?.mountPath || target.dataDir;
}

/** The container's env as the server will see it (`podEnv`, the last of a name winning). */
export function containerEnv(target: ServerTarget, spec: LlamaStackDistributionSpec, secretEnv: readonly SecretEnvVar[]): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const e of podEnv(target, spec, secretEnv)) {
    if (!e || typeof e.name !== 'string') continue;
    if (typeof e.value === 'string') env.set(e.name, { kind: 'value', value: e.value });
    else if (e.valueFrom !== undefined) env.set(e.name, { kind: 'secret', source: e.name });
    else env.set(e.name, { kind: 'value', value: '' });
  }
  return env;
}
