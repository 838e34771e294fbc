/**
 * OGX 1.2+ `containers` (the public Containers API, an internal API without implementation) and
 * `container_runtime` (the backends it delegates to: Docker/Podman or Kubernetes, none in-tree;
 * `core/distribution.py:25-39`, `providers/registry/container_runtime.py` at v1.3.0). A config
 * that turns them on cannot run in the pod this library renders: it is restricted (Pod Security
 * Standard `restricted`: non-root, no privilege escalation, no hostPath), so there is no Docker or
 * Podman socket to start containers with, and the pod's ServiceAccount has no rights to create pods.
 */
import { enabledProviderIds } from './providers';
import { ConfigProblem } from '../core/errors';
import { getOwn, JsonObject } from '../core/json';
import { ContainerEnv } from '../releases/startup';
import { StartupRules } from '../releases/startup/release';

const APIS = ['containers', 'container_runtime'];
const REASON = 'needs a container runtime: the releases ship no container_runtime backend, and one (Docker/Podman) needs a Docker socket that the restricted pod cannot mount (no hostPath, non-root, no privilege escalation)';
const FIX = 'remove containers and container_runtime from apis and providers.container_runtime; run sandboxed code in a service the tools call over HTTP (an MCP server, for example)';

/** Where `containers` / `container_runtime` are turned on, as config.yaml paths. */
export function containerApiPaths(rules: StartupRules, config: JsonObject, env: ContainerEnv): string[] {
  const known = [...rules.apis.plain, ...rules.apis.internal];
  if (!APIS.some((a) => known.includes(a))) return [];
  const out: string[] = [];
  const apis = getOwn(config, 'apis');
  (Array.isArray(apis) ? apis : []).forEach((a, i) => {
    if (typeof a === 'string' && APIS.includes(a)) out.push(`apis[${i}]`);
  });
  const enabled = enabledProviderIds(config, 'container_runtime', env).filter((id) => id !== '__disabled__');
  if (enabled.length > 0) out.push('providers.container_runtime');
  return out;
}

/** Each place that turns them on, as a problem at `where(path)`. */
export function containerApiProblems(rules: StartupRules, config: JsonObject, env: ContainerEnv,
  where: (configPath: string) => string): ConfigProblem[] {
  return containerApiPaths(rules, config, env).map((p) => ({
    path: where(p),
    message: `${p.startsWith('apis') ? `the ${String((getOwn(config, 'apis') as string[])[Number(/\d+/.exec(p)![0])])} API` : 'an enabled container_runtime provider'} ${REASON} [config.yaml ${p}]`,
    fix: FIX,
  }));
}
