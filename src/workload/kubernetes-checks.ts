/**
 * Kubernetes' own validation rules (src/kubernetes/) applied to every field the library writes
 * from user input, at the path the user wrote (`props.…`, or `spec.…` for what the spec carries:
 * the construct reports those at the props they came from). Runs with the construct's other
 * checks, so the CR constructs (which dry-run the construct) and the CLI get them too.
 */
import { EXTERNAL_PROVIDERS_VOLUME } from './external-providers';
import { AUTH_CA_VOLUME, PATHS, PodLayout } from './plan';
import type { ServerAuth } from '../auth/server-auth';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { argvProblems, envProblems, imageProblems, keyRefProblems, pullPolicyProblems, resourceNameProblems } from '../kubernetes/container-checks';
import {
  isConfigMapKey, labelMapProblems, NAMESPACE_NAME, NameRule, nameProblem, objectNameRule, shown,
} from '../kubernetes/name-rules';
import { CONFIG_MAP_MAX_BYTES } from '../kubernetes/object-checks';
import {
  LibraryMount, nodeSelectorProblems, restrictedVolumeProblems, tolerationProblems, topologySpreadProblems, volumeProblems,
} from '../kubernetes/pod-checks';
import { parseQuantity, quantitySign } from '../kubernetes/quantity';
import type { ServerTarget } from '../releases/server-target';
import { EXTERNAL_PROVIDERS_MOUNT, ExternalProviderEntry, externalProviderEntries } from '../spec/external-providers';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** The props these checks read (a structural subset of `LlamaStackDistributionProps`). */
export interface KubernetesInputProps {
  readonly name?: string;
  readonly namespace?: string;
  readonly spec?: LlamaStackDistributionSpec;
  readonly image?: string;
  readonly labels?: { [key: string]: string };
  readonly nodeSelector?: { [key: string]: string };
  readonly tolerations?: any[];
  readonly imagePullPolicy?: string;
  readonly persistentStorage?: { readonly storageClassName?: string };
  readonly expose?: { readonly ingressClassName?: string };
  readonly allowedFrom?: { readonly namespaces?: string[] };
  readonly auth?: ServerAuth;
  readonly allowUnrestrictedVolumes?: boolean;
  readonly overrideConfigYaml?: string;
}

/** A name rule applied where the value is a non-empty string (empty ones are the schema check's). */
function named(problems: ConfigProblem[], v: unknown, path: string, rule: NameRule): void {
  if (v === '') return;
  const p = nameProblem(v, path, rule);
  if (p) problems.push(p);
}

const VOLUMES = 'spec.workload.overrides.volumes';
const VOLUME_MOUNTS = 'spec.workload.overrides.volumeMounts';
const STORAGE_MOUNT_PATH = 'spec.workload.storage.mountPath';

/** The library's own volume names and server mounts: the pod's layout (what the Deployment will have, but the config's data directories). */
function libraryLayout(layout: PodLayout | undefined, spec: LlamaStackDistributionSpec): { volumes: string[]; mounts: LibraryMount[] } | undefined {
  // A spec the schema check rejects (a list where an object goes…) has none: its problems are reported there.
  if (layout === undefined) return undefined;
  const userMountPath = spec.workload?.storage?.mountPath;
  const custom = typeof userMountPath === 'string' && userMountPath !== '';
  return {
    volumes: layout.volumes.map((v) => v.name),
    // A mountPath of the wrong type is the schema check's.
    mounts: layout.mounts.filter((m) => typeof m.mountPath === 'string').map((m) => ({
      name: m.name,
      mountPath: m.mountPath,
      path: custom && m.name === 'lls-storage' && m.subPath === undefined ? STORAGE_MOUNT_PATH : undefined,
    })),
  };
}

/** Every `{name, key}` Secret reference of the spec (`external`: its external providers), with its path. */
function secretRefs(spec: LlamaStackDistributionSpec, external: readonly ExternalProviderEntry[]): [unknown, string][] {
  const out: [unknown, string][] = [];
  const providers: unknown = spec.providers;
  if (isObject(providers)) {
    for (const field of Object.keys(providers)) {
      const list = providers[field];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const p: any = list[i];
        if (isObject(p?.apiKey)) out.push([p.apiKey, `spec.providers.${field}[${i}].apiKey`]);
        if (isObject(p?.secretRefs)) {
          for (const k of Object.keys(p.secretRefs)) out.push([p.secretRefs[k], `spec.providers.${field}[${i}].secretRefs.${k}`]);
        }
        if (isObject(p?.network?.secretHeaders)) {
          for (const k of Object.keys(p.network.secretHeaders)) out.push([p.network.secretHeaders[k], `spec.providers.${field}[${i}].network.secretHeaders.${k}`]);
        }
      }
    }
  }
  const kv: any = spec.storage?.kv;
  const sql: any = spec.storage?.sql;
  if (isObject(kv?.password)) out.push([kv.password, 'spec.storage.kv.password']);
  if (isObject(sql?.connectionString)) out.push([sql.connectionString, 'spec.storage.sql.connectionString']);
  if (isObject(sql?.password)) out.push([sql.password, 'spec.storage.sql.password']);
  const vectorStores: any = (spec.storage as any)?.stores?.vectorStores;
  if (isObject(vectorStores?.password)) out.push([vectorStores.password, 'spec.storage.stores.vectorStores.password']);
  for (const e of external) {
    for (const [k, ref] of Object.entries(isObject(e.ref.secretRefs) ? e.ref.secretRefs : {})) out.push([ref, `${e.path}.secretRefs.${k}`]);
  }
  return out;
}

/** What the checks below read, and nothing else: gathered from the props and the spec first. */
interface KubernetesInput {
  readonly namespace?: string;
  readonly namespaceFromChart: boolean;
  readonly labels: unknown;
  readonly nodeSelector: unknown;
  readonly tolerations: unknown;
  readonly imagePullPolicy: unknown;
  readonly image: unknown;
  readonly imageFromProps: boolean;
  readonly externalImages: readonly { readonly path: string; readonly image?: unknown }[];
  readonly storageClassName: unknown;
  readonly ingressClassName: unknown;
  readonly tls: unknown;
  readonly overrideConfigMapName: unknown;
  readonly overrideConfigYamlBytes?: number;
  readonly allowedNamespaces: unknown;
  /** How many of them the props wrote (typed props: the controller's namespace joins them), -1 for all. */
  readonly ownNamespaces: number;
  readonly secretRefs: readonly (readonly [unknown, string])[];
  readonly serviceAccountName: unknown;
  readonly env: unknown;
  readonly command: unknown;
  readonly args: unknown;
  readonly topologySpreadConstraints: unknown;
  readonly resources: unknown;
  readonly storageSize: unknown;
  /** The library's volume names and mounts; absent when the spec is rejected (the schema check reports it). */
  readonly layout?: { volumes: string[]; mounts: LibraryMount[] };
  readonly skipVolumes: readonly string[];
  readonly skipMountPaths: readonly string[];
  readonly volumes: unknown;
  readonly volumeMounts: unknown;
  readonly allowUnrestrictedVolumes: boolean;
}

function inputOf(props: KubernetesInputProps, spec: LlamaStackDistributionSpec, namespace: string | undefined, target: ServerTarget,
  layout: PodLayout | undefined): KubernetesInput {
  const w: any = spec.workload;
  const overrides: any = w?.overrides;
  const tls: any = spec.networking?.tls;
  const external = externalProviderEntries(spec);
  const skipVolumes: string[] = [];
  const skipMountPaths: string[] = [];
  // externalProviderChecks and authProblems report these with messages of their own.
  if (external.length > 0 && !target.isOperator) {
    skipVolumes.push(EXTERNAL_PROVIDERS_VOLUME);
    skipMountPaths.push(EXTERNAL_PROVIDERS_MOUNT);
  }
  if (props.auth?.caCertificate) {
    skipVolumes.push(AUTH_CA_VOLUME);
    skipMountPaths.push(PATHS.authCaDir);
  }
  return {
    namespace,
    namespaceFromChart: props.namespace === undefined,
    labels: props.labels,
    nodeSelector: props.nodeSelector,
    tolerations: props.tolerations,
    imagePullPolicy: props.imagePullPolicy,
    image: props.image ?? spec.distribution?.image,
    imageFromProps: props.image !== undefined,
    externalImages: external.map((e) => ({ path: `${e.path}.image`, image: e.ref.image })),
    storageClassName: props.persistentStorage?.storageClassName,
    ingressClassName: props.expose?.ingressClassName,
    tls: { secretName: tls?.secretName, caBundle: tls?.caBundle },
    overrideConfigMapName: (spec.overrideConfig as any)?.configMapName,
    overrideConfigYamlBytes: typeof props.overrideConfigYaml === 'string' ? Buffer.byteLength(props.overrideConfigYaml, 'utf8') : undefined,
    allowedNamespaces: spec.networking?.allowedFrom?.namespaces,
    ownNamespaces: props.spec === undefined ? props.allowedFrom?.namespaces?.length ?? 0 : -1,
    secretRefs: secretRefs(spec, external),
    serviceAccountName: overrides?.serviceAccountName,
    env: overrides?.env,
    command: overrides?.command,
    args: overrides?.args,
    topologySpreadConstraints: w?.topologySpreadConstraints,
    resources: w?.resources,
    storageSize: w?.storage?.size,
    layout: libraryLayout(layout, spec),
    skipVolumes,
    skipMountPaths,
    volumes: overrides?.volumes,
    volumeMounts: overrides?.volumeMounts,
    allowUnrestrictedVolumes: props.allowUnrestrictedVolumes === true,
  };
}

/**
 * What the API server (or the kubelet, for references no object can satisfy) would reject in the
 * objects these props become. `namespace`: where they land (props.namespace, else the chart's);
 * `layout`: the pod's own volumes and mounts (the planner's; undefined for a spec the schema check rejects).
 */
export function kubernetesInputProblems(props: KubernetesInputProps, spec: LlamaStackDistributionSpec, namespace: string | undefined,
  target: ServerTarget, layout: PodLayout | undefined): ConfigProblem[] {
  return inputProblems(inputOf(props, spec, namespace, target, layout));
}

function inputProblems(input: KubernetesInput): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (typeof input.namespace === 'string') {
    const fromChart = input.namespaceFromChart;
    const p = nameProblem(input.namespace, fromChart ? 'chart.namespace' : 'props.namespace', NAMESPACE_NAME);
    if (p) {
      problems.push(fromChart
        ? {
          ...p,
          message: `${p.message} (the chart's namespace, which every object gets)`,
          fix: `${p.fix}; set it on the chart (new Chart(app, id, { namespace })) or set props.namespace`,
          fixes: { manifest: `${p.fix}; set metadata.namespace or pass --namespace` },
        }
        : p);
    }
  }
  problems.push(...labelMapProblems(input.labels, 'props.labels'));
  problems.push(...nodeSelectorProblems(input.nodeSelector, 'props.nodeSelector'));
  problems.push(...tolerationProblems(input.tolerations, 'props.tolerations'));
  problems.push(...pullPolicyProblems(input.imagePullPolicy, 'props.imagePullPolicy'));
  problems.push(...imageProblems(input.image, input.imageFromProps ? 'props.image' : 'spec.distribution.image'));
  for (const { path, image } of input.externalImages) problems.push(...imageProblems(image, path));
  named(problems, input.storageClassName, 'props.persistentStorage.storageClassName', objectNameRule('StorageClass'));
  named(problems, input.ingressClassName, 'props.expose.ingressClassName', objectNameRule('IngressClass'));

  const tls: any = input.tls;
  named(problems, tls?.secretName, 'spec.networking.tls.secretName', objectNameRule('Secret'));
  const ca: any = tls?.caBundle;
  if (isObject(ca)) {
    named(problems, ca.configMapName, 'spec.networking.tls.caBundle.configMapName', objectNameRule('ConfigMap'));
    named(problems, ca.configMapNamespace, 'spec.networking.tls.caBundle.configMapNamespace', NAMESPACE_NAME);
    (Array.isArray(ca.configMapKeys) ? ca.configMapKeys : []).forEach((k: unknown, i: number) => {
      if (typeof k !== 'string' || k === '') return;
      const errs = isConfigMapKey(k);
      if (errs.length > 0) {
        problems.push({ path: `spec.networking.tls.caBundle.configMapKeys[${i}]`, message: `${shown(k)} is not a ConfigMap key: ${errs.join('; ')}`, fix: 'use a key of the ConfigMap: letters, digits, \'-\', \'_\' and \'.\'' });
      }
    });
  }
  named(problems, input.overrideConfigMapName, 'spec.overrideConfig.configMapName', objectNameRule('ConfigMap'));
  // Written as is into the ConfigMap (a generated config is measured once generated: object-checks.ts).
  const bytes = input.overrideConfigYamlBytes;
  if (bytes !== undefined && bytes > CONFIG_MAP_MAX_BYTES) {
    problems.push({
      path: 'props.overrideConfigYaml',
      message: `is ${bytes.toLocaleString('en-US')} bytes: the API server rejects a ConfigMap whose data is above ${CONFIG_MAP_MAX_BYTES.toLocaleString('en-US')} bytes (1 MiB)`,
      fix: 'make the config smaller (comments, unused providers and models), or mount large files from ConfigMaps of your own',
    });
  }
  // Typed props: the controller's namespace joins allowedFrom.namespaces, and expose checks it.
  const namespaces = input.allowedNamespaces;
  const own = input.ownNamespaces < 0 ? Infinity : input.ownNamespaces;
  (Array.isArray(namespaces) ? namespaces : []).forEach((ns: unknown, i: number) => {
    if (ns !== '*' && i < own) named(problems, ns, `spec.networking.allowedFrom.namespaces[${i}]`, NAMESPACE_NAME);
  });
  for (const [ref, path] of input.secretRefs) problems.push(...keyRefProblems(ref, path, 'Secret'));

  named(problems, input.serviceAccountName, 'spec.workload.overrides.serviceAccountName', objectNameRule('ServiceAccount'));
  problems.push(...envProblems(input.env, 'spec.workload.overrides.env'));
  problems.push(...argvProblems(input.command, 'spec.workload.overrides.command'));
  problems.push(...argvProblems(input.args, 'spec.workload.overrides.args'));
  problems.push(...topologySpreadProblems(input.topologySpreadConstraints, 'spec.workload.topologySpreadConstraints'));
  problems.push(...resourceNameProblems(input.resources, 'spec.workload.resources'));
  const size = input.storageSize;
  const q = parseQuantity(size);
  if (q && quantitySign(q) <= 0) {
    problems.push({ path: 'spec.workload.storage.size', message: `${shown(String(size))} must be greater than zero`, fix: 'use a positive size such as 10Gi' });
  }
  if (input.layout) {
    problems.push(...volumeProblems({
      volumes: input.volumes,
      volumesPath: VOLUMES,
      volumeMounts: input.volumeMounts,
      volumeMountsPath: VOLUME_MOUNTS,
      libraryVolumes: input.layout.volumes,
      libraryMounts: input.layout.mounts,
      reportedElsewhere: { volumes: input.skipVolumes, mountPathPrefixes: input.skipMountPaths },
    }));
  }
  problems.push(...restrictedVolumeProblems(input.volumes, VOLUMES, input.allowUnrestrictedVolumes).problems);
  return problems;
}

/** With `allowUnrestrictedVolumes`: a warning per volume the restricted Pod Security Standard forbids. */
export function kubernetesInputWarnings(props: KubernetesInputProps, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (props.allowUnrestrictedVolumes !== true) return [];
  return restrictedVolumeProblems(spec.workload?.overrides?.volumes, VOLUMES, true).warnings;
}
