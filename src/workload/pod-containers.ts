/**
 * The pod's containers besides the server: the user's init containers and sidecars (native
 * sidecars: init containers with `restartPolicy: Always`, Kubernetes 1.29+), the server's
 * `envFrom` sources and the pod's `runtimeClassName`. Each container is checked as the server
 * container is (the restricted Pod Security profile, names, ports, mounts, image, env), at its
 * props path, and gets the library's restricted security context.
 */
import { INSTALL_CONTAINER } from './external-providers';
import { MODEL_SEED_VOLUME } from './model-seed';
import { CONTAINER_NAME } from './plan';
export type { PodContainers } from './plan';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath } from '../core/path';
import { argvProblems, envProblems, imageProblems, pullPolicyProblems, resourceNameProblems } from '../kubernetes/container-checks';
import { isDns1123Label, isEnvVarName, nameProblem, objectNameRule, shown } from '../kubernetes/name-rules';
import { mountPathProblem } from '../kubernetes/pod-checks';
import { plainEnvCredential } from '../spec/credential-scan';
import { GeneratedEnvVar, RESERVED_ENV_PREFIX, RUN_CONFIG_PATH_ENV } from '../spec/reserved-env';
import type { ResolvedEnvFrom } from '../values/env-from';

/** A core/v1 Container's fields. */
const CONTAINER_FIELDS = [
  'name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy',
  'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath',
  'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty',
];

/** Fields the API server refuses on an init container that is not a sidecar. */
const NOT_ON_INIT = ['livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'];

/** Names of the library's own containers (the server and its init containers), and a prefix of theirs. */
export const LIBRARY_CONTAINER_NAMES = [CONTAINER_NAME, 'ca-bundle', 'cache-seed', INSTALL_CONTAINER, MODEL_SEED_VOLUME];
const LIBRARY_CONTAINER_PREFIX = 'copy-provider-';

/** Capabilities the restricted profile lets a container add. */
const ADDABLE_CAPABILITIES = ['NET_BIND_SERVICE'];

/** What the container checks need to know of the pod. */
export interface ExtraContainerContext {
  /** The ports the server container listens on. */
  readonly serverPorts: readonly number[];
  /** Every volume of the pod (the library's and the user's). */
  readonly volumes: readonly string[];
  /** OpenShift: the SCC assigns the uid. */
  readonly openShift: boolean;
}

/** Every problem of the user's init containers and sidecars, at their props paths. */
export function extraContainerProblems(initContainers: unknown, sidecars: unknown, ctx: ExtraContainerContext): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = new Set<string>();
  const ports = new Map<string, string>();
  for (const p of ctx.serverPorts) ports.set(`${p}/TCP`, 'the server container');
  for (const [list, sidecar] of [[initContainers, false], [sidecars, true]] as const) {
    const at = sidecar ? 'props.sidecars' : 'props.initContainers';
    (Array.isArray(list) ? list : []).forEach((c: unknown, i: number) => {
      problems.push(...containerProblems(c, `${at}[${i}]`, sidecar, ctx, names, ports));
    });
  }
  return problems;
}

function containerProblems(c: unknown, at: string, sidecar: boolean, ctx: ExtraContainerContext, names: Set<string>,
  ports: Map<string, string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isObject(c)) return [{ path: at, message: 'must be a Kubernetes Container object', fix: "give { name, image, ... }, e.g. { name: 'proxy', image: 'quay.io/org/proxy:1.0' }" }];
  for (const k of Object.keys(c)) {
    if (!CONTAINER_FIELDS.includes(k)) problems.push({ path: childPath(at, k), message: 'is not a field of a Kubernetes Container', fix: `use ${CONTAINER_FIELDS.join(', ')}` });
  }
  const name = c.name;
  if (typeof name !== 'string' || name === '') {
    problems.push({ path: `${at}.name`, message: 'Required value: a container needs a name', fix: "give a DNS label, e.g. 'proxy'" });
  } else {
    const errs = isDns1123Label(name);
    if (errs.length > 0) problems.push({ path: `${at}.name`, message: `${shown(name)} is not a container name: ${errs.join('; ')}`, fix: 'use a DNS label: lower-case letters, digits and \'-\', at most 63 characters' });
    if (LIBRARY_CONTAINER_NAMES.includes(name) || name.startsWith(LIBRARY_CONTAINER_PREFIX)) {
      problems.push({ path: `${at}.name`, message: `${shown(name)} is the name of one of the library's containers`, fix: `use another name (${LIBRARY_CONTAINER_NAMES.join(', ')} and ${LIBRARY_CONTAINER_PREFIX}* are the library's)` });
    } else if (names.has(name)) {
      problems.push({ path: `${at}.name`, message: `Duplicate value: ${shown(name)}: container names are unique in the pod (init containers and sidecars included)`, fix: 'give each container its own name' });
    }
    names.add(name);
  }
  if (typeof c.image !== 'string' || c.image === '') {
    problems.push({ path: `${at}.image`, message: 'Required value: a container needs an image', fix: 'set an image reference, e.g. quay.io/org/image:1.0' });
  } else {
    problems.push(...imageProblems(c.image, `${at}.image`));
  }
  problems.push(...pullPolicyProblems(c.imagePullPolicy, `${at}.imagePullPolicy`));
  problems.push(...argvProblems(c.command, `${at}.command`));
  problems.push(...argvProblems(c.args, `${at}.args`));
  problems.push(...envProblems(c.env, `${at}.env`));
  (Array.isArray(c.env) ? c.env : []).forEach((e: unknown, j: number) => {
    if (!isObject(e) || typeof e.name !== 'string' || typeof e.value !== 'string' || e.valueFrom !== undefined) return;
    const found = plainEnvCredential(e.name, e.value);
    if (found) problems.push({ path: `${at}.env[${j}].value`, message: `${found}: it would be written into the Deployment as is`, fix: 'put it in a Secret and reference it: valueFrom: { secretKeyRef: { name, key } }' });
  });
  problems.push(...resourceNameProblems(c.resources, `${at}.resources`));
  if (c.restartPolicy !== undefined) {
    problems.push({
      path: `${at}.restartPolicy`,
      message: sidecar ? 'the library sets it (Always: a native sidecar)' : 'an init container with restartPolicy is a sidecar',
      fix: sidecar ? 'remove restartPolicy' : 'remove restartPolicy, or move the container to sidecars',
    });
  }
  if (!sidecar) {
    for (const k of NOT_ON_INIT) {
      if (c[k] !== undefined) problems.push({ path: `${at}.${k}`, message: 'Forbidden: may not be set for init containers (they run to completion before the server starts)', fix: `remove ${k}, or move the container to sidecars` });
    }
  }
  problems.push(...portProblems(c.ports, `${at}.ports`, ports, typeof name === 'string' ? name : at));
  problems.push(...mountProblems(c.volumeMounts, `${at}.volumeMounts`, ctx.volumes));
  problems.push(...securityProblems(c.securityContext, `${at}.securityContext`, ctx.openShift));
  return problems;
}

function portProblems(list: unknown, at: string, taken: Map<string, string>, owner: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  (Array.isArray(list) ? list : []).forEach((p: unknown, j: number) => {
    const pat = `${at}[${j}]`;
    if (!isObject(p)) {
      problems.push({ path: pat, message: 'must be a ContainerPort object', fix: 'give { containerPort: 8080 }' });
      return;
    }
    const port = p.containerPort;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push({ path: `${pat}.containerPort`, message: 'must be a port between 1 and 65535', fix: 'give the port the container listens on, e.g. 8080' });
      return;
    }
    if (p.hostPort !== undefined) problems.push({ path: `${pat}.hostPort`, message: 'host ports break the restricted Pod Security profile (and OpenShift\'s restricted-v2)', fix: 'remove hostPort: reach the container through a Service' });
    const key = `${port}/${typeof p.protocol === 'string' ? p.protocol : 'TCP'}`;
    const holder = taken.get(key);
    if (holder !== undefined) {
      problems.push({ path: `${pat}.containerPort`, message: `${key} is taken by ${holder}: containers of a pod share its network, so only one can listen on a port`, fix: 'use another port' });
    } else {
      taken.set(key, `container ${shown(owner)}`);
    }
  });
  return problems;
}

function mountProblems(list: unknown, at: string, volumes: readonly string[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  (Array.isArray(list) ? list : []).forEach((m: unknown, j: number) => {
    const mat = `${at}[${j}]`;
    if (!isObject(m)) {
      problems.push({ path: mat, message: 'must be a VolumeMount object', fix: 'give { name, mountPath }' });
      return;
    }
    if (typeof m.name !== 'string' || !volumes.includes(m.name)) {
      problems.push({ path: `${mat}.name`, message: `${typeof m.name === 'string' ? shown(m.name) : 'the name'} is no volume of the pod`, fix: `mount one of ${volumes.join(', ')}, or add the volume to props.volumes` });
    }
    const why = typeof m.mountPath === 'string' ? mountPathProblem(m.mountPath) : 'is required';
    if (why !== undefined) problems.push({ path: `${mat}.mountPath`, message: why, fix: 'use an absolute path, e.g. /var/run/proxy' });
  });
  return problems;
}

/**
 * A container's securityContext: the library's restricted one applies, and a user value that
 * breaks the restricted profile is refused; on OpenShift so is a uid or gid (restricted-v2
 * assigns them from the namespace's range).
 */
function securityProblems(sc: unknown, at: string, openShift: boolean): ConfigProblem[] {
  if (sc === undefined) return [];
  if (!isObject(sc)) return [{ path: at, message: 'must be a SecurityContext object', fix: 'remove it: the library applies the restricted one' }];
  const problems: ConfigProblem[] = [];
  const breaks = (field: string, why: string) => problems.push({ path: `${at}.${field}`, message: `${why}: the pod would break the restricted Pod Security profile`, fix: `remove ${field}: the library sets the restricted value` });
  if (sc.privileged === true) breaks('privileged', 'a privileged container');
  if (sc.allowPrivilegeEscalation === true) breaks('allowPrivilegeEscalation', 'privilege escalation');
  if (sc.runAsNonRoot === false) breaks('runAsNonRoot', 'a container that may run as root');
  if (sc.runAsUser === 0) breaks('runAsUser', 'uid 0 (root)');
  if (sc.procMount !== undefined && sc.procMount !== 'Default') breaks('procMount', `procMount ${String(sc.procMount)}`);
  if (isObject(sc.windowsOptions) && sc.windowsOptions.hostProcess === true) breaks('windowsOptions.hostProcess', 'a host process');
  const seccomp = isObject(sc.seccompProfile) ? sc.seccompProfile.type : undefined;
  if (sc.seccompProfile !== undefined && seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') breaks('seccompProfile', `seccomp profile ${String(seccomp)}`);
  if (isObject(sc.seLinuxOptions)) breaks('seLinuxOptions', 'custom SELinux options');
  if (sc.capabilities !== undefined) {
    const caps: any = sc.capabilities;
    const drop = isObject(caps) && Array.isArray(caps.drop) ? caps.drop : [];
    if (!drop.includes('ALL')) breaks('capabilities.drop', 'capabilities not dropping ALL');
    const add = isObject(caps) && Array.isArray(caps.add) ? caps.add : [];
    add.forEach((cap: unknown, k: number) => {
      if (typeof cap !== 'string' || !ADDABLE_CAPABILITIES.includes(cap)) breaks(`capabilities.add[${k}]`, `capability ${String(cap)}`);
    });
  }
  if (openShift) {
    for (const f of ['runAsUser', 'runAsGroup']) {
      if (sc[f] !== undefined && sc[f] !== 0) {
        problems.push({ path: `${at}.${f}`, message: 'on OpenShift the restricted-v2 SCC assigns the uid and gid from the namespace\'s range, and refuses others', fix: `remove ${f}` });
      }
    }
  }
  return problems;
}

/** `runtimeClassName`: the name of a RuntimeClass, a DNS-1123 subdomain. */
export function runtimeClassProblems(name: string | undefined): ConfigProblem[] {
  if (name === undefined) return [];
  const p = nameProblem(name, 'props.runtimeClassName', objectNameRule('RuntimeClass'));
  return p ? [p] : [];
}

/** What the envFrom checks need of the pod's env. */
export interface EnvFromContext {
  /** The env vars the Deployment sets itself (they win over envFrom). */
  readonly generated: readonly GeneratedEnvVar[];
  /** The user's env var names (props.env: they win over envFrom too). */
  readonly userEnv: readonly string[];
  /** Where the objects land. */
  readonly namespace?: string;
}

/**
 * Problems and warnings of the envFrom sources, at `props.envFrom[i]`. Kubernetes gives `env` the
 * last word over `envFrom`, so a key of a ConfigMap the library sees that one of the Deployment's
 * own env vars has is an error (the value would be silently lost), and one that `props.env` also
 * sets is a warning. A prefix in the reserved `LLSD_` space is an error whatever the source.
 */
export function envFromProblems(list: readonly ResolvedEnvFrom[], ctx: EnvFromContext): { problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const generated = new Map(ctx.generated.map((g) => [g.name, g.fix]));
  generated.set(RUN_CONFIG_PATH_ENV, 'remove the key: the server runs the generated config from there');
  const seen = new Set<string>();
  list.forEach((e, i) => {
    const at = `props.envFrom[${i}]`;
    if (e.problem !== undefined) {
      problems.push({ path: at, message: e.problem, fix: e.kind === 'Secret' ? 'pass a kplus.Secret, or use EnvFrom.fromSecretName(<name>)' : 'pass a kplus.ConfigMap, or use EnvFrom.fromConfigMapName(<name>)' });
      return;
    }
    const id = `${e.kind}/${e.name}/${e.prefix ?? ''}`;
    if (seen.has(id)) problems.push({ path: at, message: `the ${e.kind} ${shown(e.name)} is listed twice with the same prefix`, fix: 'list it once' });
    seen.add(id);
    if (e.prefix !== undefined && e.prefix.startsWith(RESERVED_ENV_PREFIX)) {
      problems.push({ path: `${at}.prefix`, message: `${shown(e.prefix)} puts the keys among the library's own env vars: names starting with ${RESERVED_ENV_PREFIX} are the Secret references it generates`, fix: 'use another prefix' });
    }
    if (e.namespace !== undefined && ctx.namespace !== undefined && e.namespace !== ctx.namespace) {
      problems.push({ path: at, message: `the ${e.kind} is in namespace ${shown(e.namespace)}, the server in ${shown(ctx.namespace)}: envFrom reads only its own namespace's`, fix: `create the ${e.kind} in ${shown(ctx.namespace)}` });
    }
    if (e.data === undefined) return;
    for (const key of Object.keys(e.data)) {
      const name = `${e.prefix ?? ''}${key}`;
      const kat = childPath(`${at}.data`, key);
      if (isEnvVarName(name).length > 0) {
        warnings.push({ path: kat, message: `${shown(name)} is not an env var name: the kubelet skips this key`, fix: "rename the key (letters, digits, '_', '-' and '.', not starting with a digit)" });
        continue;
      }
      const found = plainEnvCredential(name, e.data[key]);
      if (found !== undefined) {
        problems.push({ path: kat, message: `${found}: a ConfigMap is not a place for credentials (it would be written into the ConfigMap as is)`, fix: 'put it in a Secret and read that one: EnvFrom.fromSecretName(<secret>) or env: { NAME: SecretRef.fromSecretName(<secret>, <key>) }' });
      }
      if (name.startsWith(RESERVED_ENV_PREFIX) || generated.has(name)) {
        problems.push({
          path: kat,
          message: `${shown(name)} is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored`,
          fix: name.startsWith(RESERVED_ENV_PREFIX) ? 'rename the key: LLSD_ names are the library\'s Secret references' : generated.get(name)!,
        });
      } else if (ctx.userEnv.includes(name)) {
        warnings.push({ path: kat, message: `${shown(name)} is also set by props.env, which wins over envFrom: this value is ignored`, fix: 'remove the key or the env var' });
      }
    }
  });
  return { problems, warnings };
}

/** The server container's envFrom entries. */
export function envFromSpec(list: readonly ResolvedEnvFrom[] | undefined): any[] | undefined {
  if (!list || list.length === 0) return undefined;
  return list.map((e) => {
    const ref = { name: e.name, ...(e.optional !== undefined ? { optional: e.optional } : {}) };
    return { ...(e.prefix !== undefined ? { prefix: e.prefix } : {}), ...(e.kind === 'Secret' ? { secretRef: ref } : { configMapRef: ref }) };
  });
}

/**
 * The user's container with the library's restricted security context under the user's own
 * fields (checked above: they keep the profile); a sidecar gets `restartPolicy: Always`.
 */
export function extraContainer(c: any, restricted: { [key: string]: unknown }, sidecar: boolean): any {
  const sc = isObject(c.securityContext) ? c.securityContext : {};
  return {
    ...c,
    ...(sidecar ? { restartPolicy: 'Always' } : {}),
    securityContext: { ...restricted, ...sc },
  };
}
