/**
 * The Deployment: the operator's conventions where they are sound (labels, container name, port
 * `http`, defaults for replicas > 1, Recreate with an RWO PVC, CPU request = workers), and the
 * server's real start-up contract: the image's entrypoint, `RUN_CONFIG_PATH`, `/v1/health`.
 */
import { caBundleCommand, caBundleSourceItems } from './ca-bundle';
import { cacheSeedContainer } from './cache-seed';
import { containerResources } from './container-resources';
import {
  externalProviderInitContainers, externalProviderMounts, externalProviderVolumes,
} from './external-providers';
import { imageVersion, objectMeta, selectorLabels } from './labels';
import { compact, KubeManifest, userCopy } from './manifest';
import { modelSeedInitContainers, modelSeedMounts, modelSeedVolumes } from './model-seed';
import { METRICS_PORT_NAME } from './monitoring';
import { objectNames } from './object-names';
import {
  AUTH_CA_VOLUME, caBundleKeys, CONTAINER_NAME, hasPvc, mountPathOf, PATHS, PodLayout, PodLayoutInput, portName, replicasOf, tlsEnabled,
  WorkloadPlan,
} from './plan';
import { envFromSpec, extraContainer } from './pod-containers';
import { podExtrasSpec, podTemplateAnnotations } from './pod-extras';
import { ResolvedPodTiming, STARTUP_PERIOD_SECONDS } from './pod-timing';
import { CA_BUNDLE_SIZE_LIMIT } from './volume-sizes';
import { libraryConstant } from '../kubernetes/library-constants';
import { providerMounts } from '../releases/provider-mounts';

const TOPOLOGY_KEYS = ['topology.kubernetes.io/region', 'topology.kubernetes.io/zone', 'kubernetes.io/hostname'];

/** The library's mounts whose every field is a constant (the data volume's path may be the user's). */
const MOUNTS = libraryConstant({
  config: { name: 'config', mountPath: PATHS.configDir, readOnly: true },
  legacyData: { name: 'lls-storage', mountPath: PATHS.dataDir, subPath: 'data' },
  cache: { name: 'cache', mountPath: PATHS.cacheDir },
  tmp: { name: 'tmp', mountPath: PATHS.tmpDir },
  tls: { name: 'tls', mountPath: PATHS.tlsDir, readOnly: true },
  caBundle: { name: 'ca-bundle', mountPath: PATHS.caBundleDir, readOnly: true },
  authCa: { name: AUTH_CA_VOLUME, mountPath: PATHS.authCaDir, readOnly: true },
  caBundleSource: { name: 'ca-bundle-source', mountPath: PATHS.caBundleSourceDir, readOnly: true },
  caBundleInit: { name: 'ca-bundle', mountPath: PATHS.caBundleDir },
});

/**
 * The pod's own volumes and the server container's mounts, before the config exists: laid out
 * once by the planner; the input checks read it, and the Deployment adds the config's.
 */
export function podLayout(input: PodLayoutInput): PodLayout {
  return { volumes: libraryVolumes(input), mounts: libraryMounts(input) };
}

/** The server container's mounts the library adds (the user's follow them), but the config's data directories. */
function libraryMounts(plan: PodLayoutInput): any[] {
  const mounts: any[] = [
    MOUNTS.config,
    { name: 'lls-storage', mountPath: mountPathOf(plan) },
    // The operator pipeline's db paths are under /data: keep them on the same (persistent) volume.
    ...(plan.legacyDataMount ? [MOUNTS.legacyData] : []),
    MOUNTS.cache,
    MOUNTS.tmp,
  ];
  if (tlsEnabled(plan)) mounts.push(MOUNTS.tls);
  if (caBundleKeys(plan).length > 0) mounts.push(MOUNTS.caBundle);
  if (plan.authCa) mounts.push(MOUNTS.authCa);
  for (const ca of postgresCas(plan)) mounts.push({ name: ca.volume, mountPath: ca.file.slice(0, ca.file.lastIndexOf('/')), readOnly: true });
  for (const m of providerMounts(plan.spec)) mounts.push({ name: m.volume, mountPath: m.mountPath, readOnly: true });
  mounts.push(...externalProviderMounts(plan));
  mounts.push(...modelSeedMounts(plan));
  return mounts;
}

/** Where a data directory lives on the data PVC: `dirs/` and its absolute path. */
export function dataDirSubPath(dir: string): string {
  return `dirs${dir}`;
}

/** The layout's mounts and, after the scratch ones, the config's other data directories: a volume each, or a directory of the data PVC. */
function volumeMounts(plan: WorkloadPlan): any[] {
  const mounts: any[] = [];
  for (const m of plan.layout.mounts) {
    mounts.push(m);
    if (m.name !== 'tmp') continue;
    (plan.dataDirs ?? []).forEach((dir, i) => mounts.push(hasPvc(plan)
      ? { name: 'lls-storage', mountPath: dir, subPath: dataDirSubPath(dir) }
      : { name: `data-dir-${i}`, mountPath: dir }));
  }
  return [...mounts, ...userCopy(plan.spec.workload?.overrides?.volumeMounts ?? [])];
}

const CONFIG_ITEMS = libraryConstant([{ key: 'config.yaml', path: 'config.yaml' }]);
/** A `kubernetes.io/tls` Secret's certificate and key. */
const TLS_SECRET_ITEMS = libraryConstant([{ key: 'tls.crt', path: 'tls.crt' }, { key: 'tls.key', path: 'tls.key' }]);

/** The pod's volumes the library adds (the user's follow them), but what the config decides: its ConfigMap's name, its data directories. */
function libraryVolumes(plan: PodLayoutInput): any[] {
  const names = objectNames(plan.name);
  const limits = plan.emptyDirSizeLimits;
  const list: any[] = [
    { name: 'config' }, // its ConfigMap is the config's: `volumes` names it
    hasPvc(plan)
      ? { name: 'lls-storage', persistentVolumeClaim: { claimName: names.pvc } }
      : { name: 'lls-storage', emptyDir: { sizeLimit: limits.data } },
    { name: 'cache', emptyDir: { sizeLimit: limits.cache } },
    { name: 'tmp', emptyDir: { sizeLimit: limits.tmp } },
  ];
  if (tlsEnabled(plan)) list.push({ name: 'tls', secret: { secretName: plan.spec.networking!.tls!.secretName } });
  const keys = caBundleKeys(plan);
  const caMap = plan.spec.networking?.tls?.caBundle?.configMapName;
  if (keys.length > 0) {
    // One key or several: an init container appends them to the image's trust store (ca-bundle.ts).
    list.push({ name: 'ca-bundle', emptyDir: { sizeLimit: CA_BUNDLE_SIZE_LIMIT } });
    list.push({ name: 'ca-bundle-source', configMap: { name: caMap, items: caBundleSourceItems(keys) } });
  }
  // The auth provider's CA (for kubernetes, the cluster CA every namespace has): the
  // ServiceAccount token volume, which would carry it too, stays unmounted.
  if (plan.authCa) {
    list.push({ name: AUTH_CA_VOLUME, configMap: { name: plan.authCa.configMapName, items: [{ key: plan.authCa.key ?? 'ca.crt', path: 'ca.crt' }] } });
  }
  for (const ca of postgresCas(plan)) {
    list.push({ name: ca.volume, configMap: { name: ca.configMapName, items: [{ key: ca.key ?? 'ca.crt', path: 'ca.crt' }] } });
  }
  // Providers' CAs and client certificates (network), pgvector's CA: each file where config.yaml or the env names it.
  for (const m of providerMounts(plan.spec)) {
    list.push(m.configMap
      ? { name: m.volume, configMap: { name: m.configMap.name, items: [{ key: m.configMap.key, path: 'ca.crt' }] } }
      : { name: m.volume, secret: { secretName: m.tlsSecret, items: TLS_SECRET_ITEMS } });
  }
  list.push(...externalProviderVolumes(plan));
  list.push(...modelSeedVolumes(plan));
  return list;
}

/** The postgres stores' CA ConfigMaps (kv: `ca_cert_path`, sql: `PGSSLROOTCERT`), each mounted read-only. */
function postgresCas(plan: Pick<WorkloadPlan, 'spec'>): { volume: string; file: string; configMapName: string; key?: string }[] {
  const out: { volume: string; file: string; configMapName: string; key?: string }[] = [];
  const kv = plan.spec.storage?.kv;
  const sql = plan.spec.storage?.sql;
  if (kv?.type === 'postgres' && kv.tuning?.caCertificate) out.push({ volume: 'postgres-kv-ca', file: PATHS.postgresKvCaFile, ...kv.tuning.caCertificate });
  if (sql?.type === 'postgres' && sql.tuning?.caCertificate) out.push({ volume: 'postgres-sql-ca', file: PATHS.postgresSqlCaFile, ...sql.tuning.caCertificate });
  return out;
}

/** The layout's volumes with the config's: its ConfigMap, and an emptyDir for each data directory (without a PVC) after the scratch ones. */
function volumes(plan: WorkloadPlan): any[] {
  const list: any[] = [];
  for (const v of plan.layout.volumes) {
    list.push(v.name === 'config' ? { name: 'config', configMap: { name: plan.configMapName, items: CONFIG_ITEMS } } : v);
    if (v.name !== 'tmp' || hasPvc(plan)) continue;
    (plan.dataDirs ?? []).forEach((_dir, i) => list.push({ name: `data-dir-${i}`, emptyDir: { sizeLimit: plan.emptyDirSizeLimits.data } }));
  }
  return [...list, ...userCopy(plan.spec.workload?.overrides?.volumes ?? [])];
}

const RESTRICTED_CONTAINER_SECURITY = libraryConstant({
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
});

/** The small init containers' resources. */
const INIT_RESOURCES = libraryConstant({ requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi' } });
const CA_BUNDLE_COMMAND = libraryConstant(caBundleCommand());

const CA_BUNDLE_INIT_MOUNTS = libraryConstant([MOUNTS.caBundleSource, MOUNTS.caBundleInit]);

function caBundleInit(plan: WorkloadPlan): any[] {
  if (caBundleKeys(plan).length === 0) return [];
  return [{
    name: 'ca-bundle',
    image: plan.image,
    imagePullPolicy: plan.imagePullPolicy,
    command: CA_BUNDLE_COMMAND,
    resources: INIT_RESOURCES,
    securityContext: RESTRICTED_CONTAINER_SECURITY,
    volumeMounts: CA_BUNDLE_INIT_MOUNTS,
  }].map((c) => compact(c));
}

function initContainers(plan: WorkloadPlan): any[] | undefined {
  const list = [
    ...caBundleInit(plan),
    ...(plan.bakedCacheDir !== undefined
      ? [cacheSeedContainer(plan.image, plan.imagePullPolicy, plan.bakedCacheDir, RESTRICTED_CONTAINER_SECURITY)] : []),
    ...externalProviderInitContainers(plan, RESTRICTED_CONTAINER_SECURITY),
    ...modelSeedInitContainers(plan, RESTRICTED_CONTAINER_SECURITY),
    // The user's, after the library's; sidecars last, so each starts just before the server.
    ...(plan.podContainers?.initContainers ?? []).map((c) => extraContainer(userCopy(c), RESTRICTED_CONTAINER_SECURITY, false)),
    ...(plan.podContainers?.sidecars ?? []).map((c) => extraContainer(userCopy(c), RESTRICTED_CONTAINER_SECURITY, true)),
  ];
  return list.length > 0 ? list : undefined;
}

/** The server's probes on `/v1/health`, by port name (`https` with pod TLS). */
function probes(port: 'http' | 'https') {
  const httpGet = { path: '/v1/health', port, scheme: port === 'https' ? 'HTTPS' : 'HTTP' };
  return libraryConstant({
    // Start-up registers providers and models and can be slow: allow up to 10 minutes.
    startup: { httpGet, periodSeconds: STARTUP_PERIOD_SECONDS, timeoutSeconds: 5, failureThreshold: 60 },
    readiness: { httpGet, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
    liveness: { httpGet, periodSeconds: 20, timeoutSeconds: 5, failureThreshold: 3 },
  });
}
const PROBES = { http: probes('http'), https: probes('https') };

/** The probes with the user's timing over the library's (the library's constants when none is given). */
function timedProbes(port: 'http' | 'https', timing: ResolvedPodTiming | undefined) {
  const own = PROBES[port];
  if (!timing?.readiness && !timing?.liveness && timing?.startupFailureThreshold === undefined) return own;
  return {
    startup: timing.startupFailureThreshold === undefined ? own.startup : { ...own.startup, failureThreshold: timing.startupFailureThreshold },
    readiness: timing.readiness ? { ...own.readiness, ...timing.readiness } : own.readiness,
    liveness: timing.liveness ? { ...own.liveness, ...timing.liveness } : own.liveness,
  };
}

/** The preStop drain: the kubelet's own `sleep` action (no `sleep` binary needed in the image). */
function lifecycle(timing: ResolvedPodTiming | undefined): any {
  return timing?.preStopSeconds === undefined ? undefined : { preStop: { sleep: { seconds: timing.preStopSeconds } } };
}

function container(plan: WorkloadPlan): any {
  const overrides = plan.spec.workload?.overrides;
  const timed = timedProbes(portName(plan), plan.podTiming);
  return compact({
    name: CONTAINER_NAME,
    image: plan.image,
    imagePullPolicy: plan.imagePullPolicy,
    // The image's entrypoint is kept: it runs `stack run $RUN_CONFIG_PATH`.
    command: userCopy(overrides?.command),
    args: userCopy(overrides?.args),
    ports: [
      { name: portName(plan), containerPort: plan.containerPort, protocol: 'TCP' },
      ...(plan.monitoring ? [{ name: METRICS_PORT_NAME, containerPort: plan.monitoring.metricsPort, protocol: 'TCP' }] : []),
    ],
    envFrom: envFromSpec(plan.podContainers?.envFrom),
    env: serverEnv(plan),
    resources: withClaims(containerResources(plan.spec.workload), plan.podExtras?.resourceClaims),
    volumeMounts: volumeMounts(plan),
    startupProbe: timed.startup,
    readinessProbe: timed.readiness,
    livenessProbe: timed.liveness,
    lifecycle: lifecycle(plan.podTiming),
    securityContext: RESTRICTED_CONTAINER_SECURITY,
  });
}

/** The server container's env (`plan.env`), the spec's own entries copied. */
function serverEnv(plan: WorkloadPlan): any[] {
  const user: readonly unknown[] = plan.spec.workload?.overrides?.env ?? [];
  return user.length === 0 ? plan.env : plan.env.map((e) => (user.includes(e) ? userCopy(e) : e));
}

/** The operator's defaults for replicas > 1: spread over region, zone and host. */
function scheduling(plan: WorkloadPlan): { topologySpreadConstraints?: any[]; affinity?: any } {
  const given = plan.spec.workload?.topologySpreadConstraints;
  const many = replicasOf(plan) > 1 || (plan.spec.workload?.autoscaling?.maxReplicas ?? 0) > 1;
  const selector = { matchLabels: { 'app.kubernetes.io/instance': plan.name } };
  return {
    topologySpreadConstraints: given && given.length > 0 ? userCopy(given) : many
      ? TOPOLOGY_KEYS.map((topologyKey) => ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: selector }))
      : undefined,
    affinity: many ? {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: selector, topologyKey: 'kubernetes.io/hostname' } }],
      },
    } : undefined,
  };
}

const RECREATE = libraryConstant({ type: 'Recreate' });

/**
 * OpenShift: no UID, GID or fsGroup. `restricted-v2` assigns them from the namespace's range
 * (the pod runs in group 0, and the images make their writable paths group-0 writable); the
 * rest of the restricted profile stays.
 */
const SCC_ASSIGNED_POD_SECURITY = libraryConstant({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });

/** The pod's security context for a release's uid and fsGroup (the targets' data: a handful). */
function podSecurity(runAsUser: number | undefined, fsGroup: number | undefined): object {
  if (runAsUser === undefined || fsGroup === undefined) return SCC_ASSIGNED_POD_SECURITY;
  let byGroup = POD_SECURITY.get(runAsUser);
  if (byGroup === undefined) POD_SECURITY.set(runAsUser, byGroup = new Map());
  let found = byGroup.get(fsGroup);
  if (!found) {
    found = libraryConstant({ runAsNonRoot: true, runAsUser, runAsGroup: runAsUser, fsGroup, seccompProfile: { type: 'RuntimeDefault' } });
    byGroup.set(fsGroup, found);
  }
  return found;
}
/** By uid, then fsGroup: the releases' own numbers, so a few entries. */
const POD_SECURITY = new Map<number, Map<number, object>>();

function deploymentManifest(plan: WorkloadPlan): KubeManifest {
  const names = objectNames(plan.name);
  const autoscaled = plan.spec.workload?.autoscaling !== undefined && plan.spec.workload.autoscaling !== null;
  const overrides = plan.spec.workload?.overrides;
  const podAnnotations = podTemplateAnnotations(plan.podExtras?.annotations, plan.configHash);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(plan, names.deployment, {}, imageVersion(plan.image)),
    spec: compact({
      // With an HPA the replica count is the HPA's to set.
      replicas: autoscaled ? undefined : replicasOf(plan),
      // A ReadWriteOnce volume cannot be attached to the old and the new pod at once.
      strategy: hasPvc(plan) ? RECREATE : undefined,
      selector: { matchLabels: selectorLabels(plan.name) },
      template: {
        metadata: compact({
          // props.labels too (the selector's labels win).
          labels: { ...plan.extraLabels, ...selectorLabels(plan.name), 'app.kubernetes.io/name': 'llama-stack' },
          annotations: Object.keys(podAnnotations).length > 0 ? podAnnotations : undefined,
        }),
        spec: compact({
          serviceAccountName: overrides?.serviceAccountName ?? names.serviceAccount,
          automountServiceAccountToken: false,
          securityContext: podSecurity(plan.runAsUser, plan.fsGroup),
          // With a preStop drain and no grace period: the drain + the default 30 s.
          terminationGracePeriodSeconds: overrides?.terminationGracePeriodSeconds ?? plan.podTiming?.terminationGracePeriodSeconds,
          runtimeClassName: plan.podContainers?.runtimeClassName,
          nodeSelector: userCopy(plan.nodeSelector),
          tolerations: userCopy(plan.tolerations),
          ...scheduling(plan),
          // A given affinity replaces the generated anti-affinity.
          ...(plan.podExtras?.affinity !== undefined ? { affinity: userCopy(plan.podExtras.affinity) } : {}),
          ...podExtrasSpec(plan.podExtras),
          initContainers: initContainers(plan),
          containers: [container(plan)],
          volumes: volumes(plan),
        }),
      },
    }),
  };
}

export function renderDeployment(plan: WorkloadPlan): KubeManifest {
  const d = deploymentManifest(plan);
  if (!plan.restartOnSecretChange) return d;
  // The generated config is hash-named and immutable: a change rolls the pods already.
  const annotations = reloaderAnnotations(d.spec.template.spec, plan.generatedConfig ? [plan.configMapName] : []);
  if (Object.keys(annotations).length === 0) return d;
  return { ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, ...annotations } } };
}

/** The server container claims every DRA resource claim of the pod. */
function withClaims(resources: any, claims: readonly { name: string }[] | undefined): any {
  if (!claims || claims.length === 0) return resources;
  return { ...resources, claims: claims.map((c) => ({ name: c.name })) };
}

/** The Secrets and ConfigMaps a pod spec reads (env, envFrom, volumes, projected sources), sorted. */
export function referencedObjects(pod: any, skipConfigMaps: readonly string[] = []): { secrets: string[]; configMaps: string[] } {
  const secrets = new Set<string>();
  const configMaps = new Set<string>();
  for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
    for (const e of c?.env ?? []) {
      if (e?.valueFrom?.secretKeyRef?.name) secrets.add(e.valueFrom.secretKeyRef.name);
      if (e?.valueFrom?.configMapKeyRef?.name) configMaps.add(e.valueFrom.configMapKeyRef.name);
    }
    for (const f of c?.envFrom ?? []) {
      if (f?.secretRef?.name) secrets.add(f.secretRef.name);
      if (f?.configMapRef?.name) configMaps.add(f.configMapRef.name);
    }
  }
  for (const v of pod?.volumes ?? []) {
    if (v?.secret?.secretName) secrets.add(v.secret.secretName);
    if (v?.configMap?.name) configMaps.add(v.configMap.name);
    for (const s of v?.projected?.sources ?? []) {
      if (s?.secret?.name) secrets.add(s.secret.name);
      if (s?.configMap?.name) configMaps.add(s.configMap.name);
    }
  }
  for (const name of skipConfigMaps) configMaps.delete(name);
  return { secrets: [...secrets].sort(), configMaps: [...configMaps].sort() };
}

/**
 * Stakater Reloader's annotations (`secret.reloader.stakater.com/reload`,
 * `configmap.reloader.stakater.com/reload`) naming the Secrets and ConfigMaps the pod reads: a
 * rotated API key or database password rolls the pods. The generated config ConfigMap is
 * hash-named and immutable (a change rolls the pods already), so it is left out. None for a pod
 * that reads nothing.
 */
export function reloaderAnnotations(pod: any, skipConfigMaps: readonly string[]): { [key: string]: string } {
  const { secrets, configMaps } = referencedObjects(pod, skipConfigMaps);
  const out: { [key: string]: string } = {};
  if (secrets.length > 0) out['secret.reloader.stakater.com/reload'] = secrets.join(',');
  if (configMaps.length > 0) out['configmap.reloader.stakater.com/reload'] = configMaps.join(',');
  return out;
}
