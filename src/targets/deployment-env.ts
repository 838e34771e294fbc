/**
 * The env a Deployment sets for a server line, and the port the container listens on. The
 * start-up model substitutes config.yaml with exactly these values, so what it checks is what
 * the pod will read.
 */
import { ServerTarget } from './server-target';
import { ContainerEnv, EnvValue } from './startup';
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
