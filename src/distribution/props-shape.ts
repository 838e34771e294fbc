/**
 * The input boundary of `LlamaStackDistribution` and the CR constructs: the props are read once
 * (a getter or Proxy is never read twice), plain data is snapshotted as JSON, every field is
 * checked against its declared type, and every problem comes back with its `props.…` path.
 * Code past this boundary sees only values of the declared types.
 */
import type { LlamaStackDistributionProps } from './props';
import { isMadeBy, isProviderOf } from '../core/brand';
import { plainJsonCopy, threwProblem } from '../core/checked';
import { CONNECTORS, PLATFORM, SERVER_TARGET, STORAGE_BACKEND, TENANCY, VECTOR_STORE_DEFAULTS, VERIFY_OPTIONS } from '../core/entry-shapes';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { childPath } from '../core/path';
import {
  anyJson, anyObject, bool, describeValue, either, instanceOf, int, listOf, mapOf, oneOf, Shape, str, struct, unknownKey,
} from '../core/shape';
import { CPU, DURATION, isCpu, isDuration, isSize, SIZE } from '../kubernetes/units';
import { ExposeTlsMode } from '../values/expose';
import { ModelSeedMode } from '../workload/model-seed-options';
import { LoadScalingEngine } from '../workload/monitoring-options';

/** A list of one API's providers, made by that class's factories, e.g. `InferenceProvider.vllm(...)`. */
function providerList(className: string, api: string, factories: string): Shape {
  const item = instanceOf(className, (v) => isProviderOf(v, api), `create it with ${factories}`);
  return listOf(item, `give a list of providers, e.g. [${factories}]`);
}

/**
 * A struct holding cdk8s values (`Size`, `Duration`, `Cpu`): copied field by field with the
 * values kept as they are (a JSON copy would drop their classes).
 */
function withValues(s: Shape): Shape {
  return { ...s, libraryObjects: true };
}

/** A request and a limit, as cdk8s-plus's `CpuResources` and `MemoryResources` hold them. */
const requestAndLimit = (name: string, value: Shape) => struct(name, { request: value, limit: value });

/** An extended resource's count: a whole number of devices. */
const deviceCount = int('give the number of devices as a whole number, e.g. 1');
const intOrPercent = either(int(), str('give a count or a percentage, e.g. 1 or "25%"'), (v) => typeof v === 'number');

const MODEL = struct('ModelConfig', {
  name: str(),
  provider: str(),
  contextLength: int(),
  modelType: str(),
  quantization: str(),
  embeddingDimension: int(),
  providerModelId: str(),
}, ['name']);

const SHIELD = struct('ShieldConfig', {
  name: str(),
  provider: str(),
  providerShieldId: str(),
  params: mapOf(anyJson(), 'give params as an object of name: value pairs'),
}, ['name']);

const isString = (v: unknown) => typeof v === 'string';

/** `props.env`: plain values or SecretRefs (kept as they are, so the map is copied item by item). */
const ENV: Shape = {
  ...mapOf(
    instanceOf('a string or a SecretRef', (v) => isString(v) || isMadeBy(v, 'SecretRef'), "give the value as a string, or a Secret's key as SecretRef.fromSecretName(<secret>, <key>)"),
    "give an object of NAME: 'value' (or NAME: SecretRef.fromSecretName(<secret>, <key>)) pairs, e.g. { LOG_LEVEL: 'info' }",
  ),
  libraryObjects: true,
};

/** A cdk8s `Duration` of pod timing, kept as it is: zero is allowed here, pod-timing.ts checks whole seconds and bounds. */
const TIMING: Shape = { ...instanceOf('a Duration', isDuration, 'use a cdk8s Duration, e.g. Duration.seconds(30)'), libraryObjects: true };
const PROBE_TIMING = struct('ProbeTiming', {
  initialDelay: TIMING, period: TIMING, timeout: TIMING, successThreshold: int(), failureThreshold: int(),
});
const CONTAINERS = listOf(anyObject('an object (a Kubernetes Container)'), "give a list of Kubernetes Containers, e.g. [{ name: 'proxy', image: 'quay.io/org/proxy:1.0' }]");

/** Every prop and its declared type (the compiler checks that none is missing). */
const PROPS: { readonly [K in keyof Required<LlamaStackDistributionProps>]: Shape } = {
  name: str(),
  namespace: str(),
  spec: anyObject('an object (a v1alpha2 spec)'),
  target: SERVER_TARGET,
  distribution: str(),
  image: str(),
  baseConfigYaml: str('give the text of a config.yaml'),
  inference: providerList('InferenceProvider', 'inference', 'InferenceProvider.vllm({ endpoint })'),
  safety: providerList('SafetyProvider', 'safety', 'SafetyProvider.llamaGuard()'),
  vectorIo: providerList('VectorIoProvider', 'vector_io', 'VectorIoProvider.pgvector({ ... })'),
  toolRuntime: providerList('ToolRuntimeProvider', 'tool_runtime', 'ToolRuntimeProvider.tavilySearch({ ... })'),
  telemetry: providerList('TelemetryProvider', 'telemetry', 'TelemetryProvider.otel({ ... })'),
  files: providerList('FilesProvider', 'files', 'FilesProvider.s3({ ... })'),
  fileProcessors: providerList('FileProcessorsProvider', 'file_processors', 'FileProcessorsProvider.pypdf()'),
  responses: providerList('ResponsesProvider', 'responses', 'ResponsesProvider.builtin()'),
  batches: providerList('BatchesProvider', 'batches', 'BatchesProvider.reference()'),
  messages: providerList('MessagesProvider', 'messages', 'MessagesProvider.builtin()'),
  interactions: providerList('InteractionsProvider', 'interactions', 'InteractionsProvider.builtin()'),
  skills: providerList('SkillsProvider', 'skills', 'SkillsProvider.builtin()'),
  models: listOf(either(str(), MODEL, isString), "give a list, e.g. ['meta-llama/Llama-3.2-3B-Instruct']"),
  tools: listOf(str(), "give a list of tool group ids, e.g. ['builtin::websearch']"),
  shields: listOf(either(str(), SHIELD, isString), "give a list, e.g. ['meta-llama/Llama-Guard-3-8B']"),
  kvStorage: instanceOf('a StorageBackend', (v) => isMadeBy(v, 'StorageBackend'), 'use StorageBackend.redis({ ... }) or StorageBackend.postgres({ ... })'),
  vectorStoresStorage: STORAGE_BACKEND,
  inferenceStore: struct('StoreWriteQueue', { maxWriteQueueSize: int(), numWriters: int() }),
  tenancy: TENANCY,
  sqlStorage: instanceOf('a StorageBackend', (v) => isMadeBy(v, 'StorageBackend'), 'use StorageBackend.postgres({ ... }) or StorageBackend.sqlite()'),
  disabledApis: listOf(str(), "give a list of API names, e.g. ['telemetry']"),
  overrideConfigMapName: str(),
  overrideConfigYaml: str('give the text of a complete config.yaml'),
  retainConfigMaps: bool(),
  port: int(),
  tls: struct('TlsOptions', {
    secretName: str(),
    serviceCa: bool(),
    ciphers: listOf(str(), "give a list of OpenSSL cipher names, e.g. ['ECDHE-RSA-AES256-GCM-SHA384']"),
    hstsMaxAgeSeconds: int(),
    caBundle: struct('CABundleConfig', { configMapName: str(), configMapNamespace: str(), configMapKeys: listOf(str()) }, ['configMapName']),
  }),
  caBundle: struct('CaBundleOptions', { configMapName: str(), configMapKeys: listOf(str()), clusterInjected: bool() }),
  platform: PLATFORM,
  expose: withValues(struct('ExposeOptions', {
    hostname: str(),
    ingressClassName: str(),
    tls: struct('IngressTlsOptions', { secretName: str(), clusterIssuer: str(), issuer: str() }),
    tlsMode: oneOf(Object.values(ExposeTlsMode)),
    gateway: struct('GatewayParentRef', { name: str(), namespace: str(), sectionName: str() }, ['name']),
    controllerNamespace: str(),
    controllerNamespaceLabels: listOf(str()),
    annotations: mapOf(str('give the annotation value as a string')),
    routeTimeout: DURATION,
  })),
  allowedFrom: struct('AllowedFromSpec', { namespaces: listOf(str()), labels: listOf(str()) }),
  admitOwnNamespace: bool(),
  allowedTo: struct('EgressOptions', {
    namespaces: listOf(str()), podSelectors: listOf(mapOf(str())), cidrs: listOf(str()), ports: listOf(int()), dns: bool(),
  }),
  service: struct('ServiceOptions', { type: oneOf(['ClusterIP', 'NodePort', 'LoadBalancer']), annotations: mapOf(str()) }),
  replicas: int(),
  workers: int(),
  resources: withValues(struct('ResourceRequirements', {
    cpu: requestAndLimit('CpuResources', CPU),
    memory: requestAndLimit('MemoryResources', SIZE),
    ephemeralStorage: requestAndLimit('EphemeralStorageResources', SIZE),
    extendedResources: mapOf(deviceCount, "give an object of resource: count pairs, e.g. { 'nvidia.com/gpu': 1 }"),
  })),
  autoscaling: struct('AutoscalingSpec', {
    minReplicas: int(), maxReplicas: int(), targetCPUUtilizationPercentage: int(), targetMemoryUtilizationPercentage: int(),
  }, ['maxReplicas']),
  persistentStorage: withValues(struct('PersistentStorageOptions', { size: SIZE, mountPath: str(), storageClassName: str() })),
  emptyDirSizeLimits: withValues(struct('EmptyDirSizeLimits', { data: SIZE, cache: SIZE, tmp: SIZE, externalProviders: SIZE })),
  podDisruptionBudget: struct('PodDisruptionBudgetSpec', { minAvailable: intOrPercent, maxUnavailable: intOrPercent }),
  topologySpreadConstraints: listOf(anyObject('an object (a Kubernetes TopologySpreadConstraint)')),
  serviceAccountName: str(),
  env: ENV,
  command: listOf(str()),
  args: listOf(str()),
  volumes: listOf(anyObject('an object (a Kubernetes Volume)'), 'give a list of Kubernetes Volumes, e.g. [{ name, configMap: { name } }]'),
  volumeMounts: listOf(anyObject('an object (a Kubernetes VolumeMount)'), 'give a list of Kubernetes VolumeMounts, e.g. [{ name, mountPath }]'),
  terminationGracePeriodSeconds: int(),
  nodeSelector: mapOf(str()),
  tolerations: listOf(anyObject('an object (a Kubernetes Toleration)'), 'give a list of Kubernetes Tolerations, e.g. [{ key, operator, effect }]'),
  imagePullPolicy: str(),
  labels: mapOf(str()),
  podAnnotations: mapOf(str('give the annotation value as a string')),
  imagePullSecrets: listOf(str('give the Secret\'s name'), "give a list of Secret names, e.g. ['registry-creds']"),
  affinity: anyObject('an object (a Kubernetes Affinity)'),
  priorityClassName: str(),
  restartOnSecretChange: bool(),
  resourceClaims: listOf(struct('PodResourceClaim', { name: str(), resourceClaimName: str(), resourceClaimTemplateName: str() }, ['name']),
    "give a list, e.g. [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }]"),
  replaceBaseProviders: listOf(str(), "give a list of API names, e.g. ['vector_io'] or ['*']"),
  vectorStores: VECTOR_STORE_DEFAULTS,
  allowPerPodState: bool(),
  auth: instanceOf('a ServerAuth', (v) => isMadeBy(v, 'ServerAuth'), 'use ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({ ... }) or another ServerAuth factory'),
  externalProviders: listOf(instanceOf('ExternalProvider', (v) => isMadeBy(v, 'ExternalProvider'), 'create it with ExternalProvider.fromImage({ ... })')),
  strict: bool(),
  monitoring: withValues(struct('MonitoringOptions', {
    metricsPort: int(),
    serviceMonitor: bool(),
    interval: DURATION,
    prometheusRule: bool(),
    labels: mapOf(str()),
    namespaces: listOf(str()),
    scaling: struct('LoadScalingOptions', {
      engine: oneOf(Object.values(LoadScalingEngine)),
      targetPerPod: int(),
      serverAddress: str(),
      query: str(),
      authenticationRef: str(),
      triggerMetadata: mapOf(str()),
      metricName: str(),
      external: bool(),
      metricSelector: mapOf(str()),
    }, ['engine']),
  })),
  allowUnrestrictedVolumes: bool(),
  connectors: CONNECTORS,
  verify: VERIFY_OPTIONS,
  imageRegistry: str('give the mirror as host[:port][/path], e.g. "registry.example.com/ogx"'),
  modelSeed: withValues(struct('ModelSeedOptions', {
    image: str(),
    models: listOf(str(), "give the Hugging Face ids, e.g. ['nomic-ai/nomic-embed-text-v1.5']"),
    path: str(),
    mode: oneOf(Object.values(ModelSeedMode)),
    sizeLimit: SIZE,
  }, ['image', 'models'])),
  airGapped: bool(),
  envFrom: {
    ...listOf(instanceOf('EnvFrom', (v) => isMadeBy(v, 'EnvFrom'), "create it with EnvFrom.fromSecretName('<secret>') or EnvFrom.fromConfigMap(<kplus ConfigMap>)")),
    libraryObjects: true,
  },
  initContainers: CONTAINERS,
  sidecars: CONTAINERS,
  probes: withValues(struct('ProbeOptions', { readiness: PROBE_TIMING, liveness: PROBE_TIMING, startupBudget: TIMING })),
  preStopDrain: TIMING,
  terminationGracePeriod: TIMING,
  runtimeClassName: str(),
};

/** The names of every prop. */
export const PROP_NAMES: ReadonlySet<string> = new Set(Object.keys(PROPS));

/** The checked props, or every problem found (`props` is then undefined). */
export interface CheckedProps {
  readonly props?: LlamaStackDistributionProps;
  readonly problems: ConfigProblem[];
}

/**
 * Reads the props once into a fresh object and checks every field's type. Plain data is copied
 * as JSON (so later reads see the same values); the library's objects are kept.
 */
export function checkDistributionProps(raw: unknown): CheckedProps {
  const problems: ConfigProblem[] = [];
  if (raw === undefined || raw === null) return { props: {}, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { problems: [{ path: 'props', message: `must be an object, got ${describeValue(raw)}`, fix: 'pass an object of props, e.g. { models: [...] }' }] };
  }
  const source = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const known = Object.keys(PROPS);
  for (const key of ownKeys(source, problems)) {
    if (!Object.prototype.hasOwnProperty.call(PROPS, key)) problems.push(unknownKey(childPath('props', key), key, known, 'LlamaStackDistributionProps'));
  }
  for (const key of known) {
    const path = `props.${key}`;
    const value = readOnce(source, key, path, problems);
    if (value === undefined) continue;
    // Primitives are immutable: only lists and objects need a copy. A number is read as JSON
    // reads it (no -0), like the numbers a snapshot copies: the objects are not copied again.
    const copy = (PROPS as Record<string, Shape>)[key].libraryObjects ? shallowCopy(value, path, problems)
      : typeof value === 'object' ? plainJsonCopy(value, path, problems) : value === 0 ? 0 : value;
    if (copy === undefined) continue;
    if ((PROPS as Record<string, Shape>)[key].check(copy, path, problems)) out[key] = copy;
  }
  return problems.length > 0 ? { problems } : { props: out as LlamaStackDistributionProps, problems };
}

/** The checked props; every problem found is thrown as one `LlamaStackConfigError`. */
export function checkedDistributionProps(raw: unknown): LlamaStackDistributionProps {
  const checked = checkDistributionProps(raw);
  if (checked.props === undefined) throw new LlamaStackConfigError(checked.problems);
  return checked.props;
}

function ownKeys(source: object, problems: ConfigProblem[]): string[] {
  try {
    return Object.keys(source);
  } catch (e) {
    problems.push(threwProblem('props', e));
    return [];
  }
}

/** One read of a user field: a getter or Proxy that throws becomes a problem. */
function readOnce(source: Record<string, unknown>, key: string, path: string, problems: ConfigProblem[]): unknown {
  try {
    return source[key];
  } catch (e) {
    problems.push(threwProblem(path, e));
    return undefined;
  }
}

/** How deep `shallowCopy` copies plain objects to reach the values it keeps (`resources.cpu.request`). */
const KEPT_VALUE_DEPTH = 2;

/** The library's objects and cdk8s's values: kept as they are, never copied as JSON. */
function isKept(v: unknown): boolean {
  return isMadeBy(v, 'SecretRef') || isSize(v) || isDuration(v) || isCpu(v);
}

/**
 * A list or map of the library's objects, read item by item once (the items are kept as they are;
 * plain items are copied as JSON, or, within KEPT_VALUE_DEPTH, item by item again so the cdk8s
 * values inside them are kept).
 */
function shallowCopy(value: unknown, path: string, problems: ConfigProblem[], depth = 0): unknown {
  try {
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      for (let i = 0; i < value.length; i++) copy.push(value[i]);
      return copy;
    }
    if (!isPlainObject(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[k];
      const at = childPath(path, k);
      const kept = isKept(item) || typeof item !== 'object' || item === null ? item
        : depth < KEPT_VALUE_DEPTH && isPlainObject(item) ? shallowCopy(item, at, problems, depth + 1) : plainJsonCopy(item, at, problems);
      Object.defineProperty(copy, k, { value: kept, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  } catch (e) {
    problems.push(threwProblem(path, e));
    return undefined;
  }
}

function isPlainObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));
}
