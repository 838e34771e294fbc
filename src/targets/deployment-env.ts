/**
 * The env a Deployment sets for a server line, and the port the container listens on. The
 * start-up model substitutes config.yaml with exactly these values, so what it checks is what
 * the pod will read.
 */
import { ServerTarget } from './server-target';
import { ContainerEnv, EnvValue } from './startup';
import { GeneratedEnvVar } from '../config/reserved-env';
import { LlamaStackDistributionSpec } from '../config/spec';

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

/** Env vars of the server line: port, config dir and the shipped configs' store dirs. */
export function serverEnv(target: ServerTarget, spec: LlamaStackDistributionSpec): { name: string; value: string }[] {
  const port = String(containerPort(spec, target));
  if (target.isOperator) return [{ name: target.portEnvVar, value: port }];
  const mount = dataMountPath(target, spec);
  const distro = spec.distribution?.name ?? 'custom';
  return [
    { name: target.portEnvVar, value: port },
    { name: target.configDirEnvVar, value: mount },
    // The shipped configs keep their databases and files under these.
    { name: 'SQLITE_STORE_DIR', value: `${mount}/distributions/${distro}` },
    { name: 'FILES_STORAGE_DIR', value: `${mount}/distributions/${distro}/files` },
  ];
}

const DATA_FIX = 'remove it: it follows the data volume, which spec.workload.storage.mountPath moves';
const CA_FIX = 'remove it: with spec.networking.tls.caBundle it names the image\'s trust store plus your CAs';

/**
 * The server container's env vars the Deployment sets (workload/deployment.ts), but
 * `RUN_CONFIG_PATH` (always reserved), the `LLSD_` Secret references (a reserved prefix) and
 * `PYTHONPATH` (a user's replaces ours, and must keep the install path): a user env var must not
 * shadow them.
 */
export function generatedEnv(target: ServerTarget, spec: LlamaStackDistributionSpec): GeneratedEnvVar[] {
  const out: GeneratedEnvVar[] = serverEnv(target, spec).map(({ name }) => ({
    name,
    fix: name === target.portEnvVar ? 'remove it: the port is spec.networking.port' : DATA_FIX,
  }));
  out.push({ name: 'HF_HOME', fix: DATA_FIX }, { name: 'HOME', fix: DATA_FIX });
  if (spec.networking?.tls?.caBundle) out.push({ name: 'SSL_CERT_FILE', fix: CA_FIX }, { name: 'REQUESTS_CA_BUNDLE', fix: CA_FIX });
  return out;
}

/** Where the data volume is mounted. */
export function dataMountPath(target: ServerTarget, spec: LlamaStackDistributionSpec): string {
  return spec.workload?.storage?.mountPath || target.dataDir;
}

/**
 * The container's env as the server will see it: the server line's vars, the secret-backed
 * vars, then the user's (which Kubernetes lets win on a repeated name).
 */
export function containerEnv(target: ServerTarget, spec: LlamaStackDistributionSpec, secretEnvNames: readonly string[]): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const e of serverEnv(target, spec)) env.set(e.name, { kind: 'value', value: e.value });
  for (const name of secretEnvNames) env.set(name, { kind: 'secret', source: name });
  for (const e of spec.workload?.overrides?.env ?? []) {
    if (!e || typeof e.name !== 'string') continue;
    if (typeof e.value === 'string') env.set(e.name, { kind: 'value', value: e.value });
    else if (e.valueFrom !== undefined) env.set(e.name, { kind: 'secret', source: e.name });
    else env.set(e.name, { kind: 'value', value: '' });
  }
  return env;
}
