/**
 * Typed props → the v1alpha2 spec they describe. The checks and the config generation read the
 * spec; problems found on it are reported at the props paths recorded here (`origins`, read by
 * props-paths.ts).
 */
import type { LlamaStackDistributionProps, ResourceRequirements } from './props';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { childPath } from '../core/path';
import { cpuQuantity, sizeQuantity } from '../kubernetes/units';
import type { Provider } from '../providers';
import { ExternalProviderRef, ExternalProvidersSpec, SecretKeyRef, LlamaStackDistributionSpec, ProviderConfig, StoresSpec } from '../spec/spec';
import { withController } from '../values/expose';
import type { ExternalProvider } from '../values/external-provider';
import type { SecretRef } from '../values/secret-ref';
import type { StorageBackend } from '../values/storage-backend';
import { wholeSeconds } from '../workload/pod-timing';

const DEFAULT_DISTRIBUTION = 'starter';

/** Props that describe what `spec` describes; they cannot be combined with it. */
export const SPEC_EXCLUSIVE_PROPS: (keyof LlamaStackDistributionProps)[] = [
  'distribution', 'inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry', 'files', 'fileProcessors', 'responses', 'batches',
  'messages', 'interactions', 'skills', 'models', 'tools', 'shields',
  'kvStorage', 'sqlStorage', 'inferenceStore', 'disabledApis', 'overrideConfigMapName', 'port', 'tls', 'expose', 'allowedFrom',
  'replicas', 'workers', 'resources', 'autoscaling', 'persistentStorage', 'podDisruptionBudget',
  'topologySpreadConstraints', 'serviceAccountName', 'env', 'command', 'args', 'volumes', 'volumeMounts',
  'terminationGracePeriodSeconds', 'terminationGracePeriod', 'externalProviders', 'monitoring',
];

export function nonEmpty<T>(list: T[] | undefined): T[] | undefined {
  return list && list.length > 0 ? list : undefined;
}

/**
 * The typed path knows each provider's id, so it writes it whenever the CRD would otherwise
 * ask for one (several providers in a list) or derive a wrong one (a prefixed type).
 */
function providerSpecs(list: Provider[] | undefined): ProviderConfig[] | undefined {
  return nonEmpty(list?.map((p) => {
    const spec = p.toSpec();
    const explicit = spec.id !== undefined || (list.length > 1 || spec.provider.includes('::'));
    return explicit ? { ...spec, id: p.id } : spec;
  }));
}

function pruned<T extends object>(obj: T): T | undefined {
  const out: any = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `spec.storage.stores`: the inference write queue (`props.inferenceStore`), and a postgres
 * `vectorStoresStorage` (the one of `sqlStorage`, or one of its own with its own password).
 */
function storesSpec(props: LlamaStackDistributionProps, from: <T>(at: string, prop: string, value: T) => T): StoresSpec | undefined {
  const vs = props.vectorStoresStorage;
  const vectorStores = vs !== undefined && vs.type === 'postgres' ? vs.toSqlSpec() : undefined;
  if (props.inferenceStore === undefined && vectorStores === undefined) return undefined;
  // A group filled from two props: problems of the group itself are at props.
  return from('spec.storage.stores', vectorStores === undefined ? 'props.inferenceStore' : props.inferenceStore === undefined ? 'props.vectorStoresStorage' : 'props', pruned({
    inference: from('spec.storage.stores.inference', 'props.inferenceStore', props.inferenceStore),
    vectorStores: from('spec.storage.stores.vectorStores', 'props.vectorStoresStorage', vectorStores),
  }));
}

/**
 * Where each spec location came from: `spec.workload.overrides.env[1]` → `props.env.LOG_LEVEL`.
 * Written while the spec is built, one entry per location the mapping fills (a group filled from
 * several top-level props, `spec.workload`, maps to `props`); a problem's spec path is read at its
 * longest recorded prefix (props-paths.ts).
 */
export type SpecOrigins = ReadonlyMap<string, string>;

/** The typed provider lists, each `spec.providers.<list>` from `props.<list>`. */
const PROVIDER_LISTS = [
  'inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry', 'files', 'fileProcessors', 'responses', 'batches',
  'messages', 'interactions', 'skills',
] as const;

/**
 * The v1alpha2 spec the typed props describe, with every problem found on the way (a storage
 * backend in the wrong role): it never stops midway, so the other checks still run. `origins`
 * says which prop each spec location came from. `baseName`: the base name (`props.name`, else the
 * construct id), which names the service CA's Secret.
 */
export function specAndProblemsFromProps(props: LlamaStackDistributionProps, baseName: string = props.name ?? 'llama-stack'): {
  spec: LlamaStackDistributionSpec; problems: ConfigProblem[]; origins: SpecOrigins;
} {
  const problems: ConfigProblem[] = [];
  const origins = new Map<string, string>();
  /** `value`, written at `at`, came from `prop`. */
  const from = <T>(at: string, prop: string, value: T): T => {
    origins.set(at, prop);
    return value;
  };
  /** `props.<key>` copied to `<group>.<key>`. */
  const copied = <K extends keyof LlamaStackDistributionProps>(group: string, key: K): LlamaStackDistributionProps[K] =>
    from(`${group}.${key}`, `props.${key}`, props[key]);
  const envNames = Object.keys(props.env ?? {}).sort();
  const env = props.env ? envNames.map((name, i) => {
    const at = `spec.workload.overrides.env[${i}]`;
    // The name and value of an entry are the entry: `props.env.NAME`.
    for (const field of ['', '.name', '.value']) from(`${at}${field}`, childPath('props.env', name), undefined);
    return envVar(name, props.env![name]);
  }) : undefined;
  // Recorded whichever is written: a check of the distribution's image names props.image.
  const image = from('spec.distribution.image', 'props.image', props.image);
  const name = from('spec.distribution.name', 'props.distribution', props.distribution ?? DEFAULT_DISTRIBUTION);
  const imageOnly = props.baseConfigYaml !== undefined && image !== undefined && props.distribution === undefined;
  // Serving TLS needs a certificate: a Secret, or the service CA's. `tls` with only a CA bundle
  // (or nothing) serves plain HTTP; its CA bundle is the pod's trust (trusted-ca.ts).
  const servingSecret = servingSecretName(props, baseName);
  const tlsOn = from('spec.networking.tls.enabled', 'props.tls', servingSecret !== undefined);
  if (props.tls?.caBundle !== undefined) from('spec.networking.tls.caBundle', 'props.tls.caBundle', undefined);
  else if (props.caBundle !== undefined) from('spec.networking.tls.caBundle', 'props.caBundle', undefined);
  if (props.tls?.serviceCa === true && props.tls.secretName === undefined) from('spec.networking.tls.secretName', 'props.tls.serviceCa', undefined);
  const exposeOn = from('spec.networking.expose.enabled', 'props.expose', props.expose !== undefined);
  const configMapName = from('spec.overrideConfig.configMapName', 'props.overrideConfigMapName', props.overrideConfigMapName);
  // StorageBackend.postgres takes sslMode, poolSize… as its own options: the spec's `tuning` is not the user's word.
  from('spec.storage.kv.tuning', 'props.kvStorage', undefined);
  from('spec.storage.sql.tuning', 'props.sqlStorage', undefined);
  from('spec.storage.stores.vectorStores.tuning', 'props.vectorStoresStorage', undefined);
  const spec = pruned({
    distribution: from('spec.distribution', 'props.distribution', imageOnly ? { image } : { name }),
    providers: from('spec.providers', 'props', pruned(Object.fromEntries(PROVIDER_LISTS.map((list) =>
      [list, providerSpecs(copied('spec.providers', list))])) as NonNullable<LlamaStackDistributionSpec['providers']>)),
    resources: pruned({
      models: nonEmpty(copied('spec.resources', 'models')),
      tools: nonEmpty(copied('spec.resources', 'tools')),
      shields: nonEmpty(copied('spec.resources', 'shields')),
    }),
    storage: pruned({
      kv: from('spec.storage.kv', 'props.kvStorage', inRole(props.kvStorage, 'kv', problems)?.toKvSpec()),
      sql: from('spec.storage.sql', 'props.sqlStorage', inRole(props.sqlStorage, 'sql', problems)?.toSqlSpec()),
      // One prop today: the stores group and its inference entry are both props.inferenceStore.
      stores: storesSpec(props, from),
    }),
    disabled: from('spec.disabled', 'props.disabledApis', nonEmpty(props.disabledApis)),
    networking: from('spec.networking', 'props', pruned({
      port: copied('spec.networking', 'port'),
      tls: from('spec.networking.tls', 'props.tls', props.tls && tlsOn
        ? pruned({ enabled: tlsOn, secretName: servingSecret, caBundle: props.tls.caBundle })
        : undefined),
      expose: from('spec.networking.expose', 'props.expose', props.expose
        ? pruned({ enabled: exposeOn, hostname: props.expose.hostname })
        : undefined),
      // The controller's namespace joins allowedFrom, so a CR carries it too.
      allowedFrom: from('spec.networking.allowedFrom', 'props.allowedFrom', withController(props.allowedFrom, props.expose)),
    })),
    workload: from('spec.workload', 'props', pruned({
      replicas: copied('spec.workload', 'replicas'),
      workers: copied('spec.workload', 'workers'),
      resources: from('spec.workload.resources', 'props.resources', resourcesSpec(props.resources, problems, from)),
      autoscaling: copied('spec.workload', 'autoscaling'),
      storage: from('spec.workload.storage', 'props.persistentStorage', props.persistentStorage
        ? pruned({
          size: props.persistentStorage.size !== undefined ? sizeQuantity(props.persistentStorage.size) : undefined,
          mountPath: props.persistentStorage.mountPath,
        }) ?? {}
        : undefined),
      podDisruptionBudget: copied('spec.workload', 'podDisruptionBudget'),
      topologySpreadConstraints: nonEmpty(copied('spec.workload', 'topologySpreadConstraints')),
      overrides: from('spec.workload.overrides', 'props', pruned({
        serviceAccountName: copied('spec.workload.overrides', 'serviceAccountName'),
        terminationGracePeriodSeconds: gracePeriodSeconds(props, problems, from),
        env: from('spec.workload.overrides.env', 'props.env', nonEmpty(env)),
        command: nonEmpty(copied('spec.workload.overrides', 'command')),
        args: nonEmpty(copied('spec.workload.overrides', 'args')),
        volumes: nonEmpty(copied('spec.workload.overrides', 'volumes')),
        volumeMounts: nonEmpty(copied('spec.workload.overrides', 'volumeMounts')),
      })),
    })),
    externalProviders: from('spec.externalProviders', 'props.externalProviders', externalProviderSpecs(props.externalProviders, from)),
    overrideConfig: from('spec.overrideConfig', 'props.overrideConfigMapName', configMapName !== undefined ? { configMapName } : undefined),
    // Present means on (an empty object keeps the default port).
    monitoring: from('spec.monitoring', 'props.monitoring', props.monitoring
      ? (props.monitoring.metricsPort !== undefined ? { metricsPort: props.monitoring.metricsPort } : {})
      : undefined),
  }) ?? {};
  return { spec, problems, origins };
}

/**
 * The Secret the server serves TLS with: `tls.secretName`, or with `tls.serviceCa` the one the
 * service CA writes (`N-tls` by default); undefined without serving TLS.
 */
export function servingSecretName(props: Pick<LlamaStackDistributionProps, 'tls'>, name: string): string | undefined {
  if (props.tls?.secretName !== undefined) return props.tls.secretName;
  return props.tls?.serviceCa === true ? `${name}-tls` : undefined;
}

/** The v1alpha2 spec the typed props describe; every problem found is thrown at once. */
export function specFromProps(props: LlamaStackDistributionProps): LlamaStackDistributionSpec {
  const { spec, problems } = specAndProblemsFromProps(props);
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return spec;
}

/** One `props.env` entry as a Kubernetes EnvVar: a SecretRef becomes `valueFrom.secretKeyRef`. */
function envVar(name: string, value: string | SecretRef): { name: string; value?: string; valueFrom?: { secretKeyRef: SecretKeyRef } } {
  if (typeof value === 'string') return { name, value };
  return { name, valueFrom: { secretKeyRef: { name: value.secretName, key: value.key } } };
}

/**
 * `spec.workload.resources` (a corev1.ResourceRequirements): the typed requests and limits as the
 * quantities Kubernetes reads (`Cpu.millis(500)` → `500m`, `Size.gibibytes(4)` → `4Gi`), cpu,
 * memory and ephemeral-storage first, then the extended resources as limits. Each amount is
 * recorded at its props path (`spec.workload.resources.limits.cpu` → `props.resources.cpu.limit`).
 */
function resourcesSpec(
  given: ResourceRequirements | undefined, problems: ConfigProblem[], from: <T>(at: string, prop: string, value: T) => T,
): { requests?: { [name: string]: string }; limits?: { [name: string]: string } } | undefined {
  if (given === undefined) return undefined;
  const requests: { [name: string]: string } = {};
  const limits: { [name: string]: string } = {};
  const put = (kind: 'requests' | 'limits', name: string, prop: string, amount: string | undefined) => {
    if (amount === undefined) return;
    // Checks name an amount `….limits.nvidia.com/gpu`; a location is `….limits["nvidia.com/gpu"]`.
    from(`spec.workload.resources.${kind}.${name}`, prop, undefined);
    (kind === 'requests' ? requests : limits)[name] = from(childPath(`spec.workload.resources.${kind}`, name), prop, amount);
  };
  const pair = <T>(name: string, field: string, amounts: { request?: T; limit?: T } | undefined, quantity: (v: T) => string) => {
    put('requests', name, `props.resources.${field}.request`, amounts?.request !== undefined ? quantity(amounts.request) : undefined);
    put('limits', name, `props.resources.${field}.limit`, amounts?.limit !== undefined ? quantity(amounts.limit) : undefined);
  };
  pair('cpu', 'cpu', given.cpu, cpuQuantity);
  pair('memory', 'memory', given.memory, sizeQuantity);
  pair('ephemeral-storage', 'ephemeralStorage', given.ephemeralStorage, sizeQuantity);
  for (const name of Object.keys(given.extendedResources ?? {})) {
    const prop = childPath('props.resources.extendedResources', name);
    const typed = TYPED_RESOURCES.get(name) ?? (name.startsWith('hugepages-') ? 'hugepages' : undefined);
    if (typed !== undefined) {
      problems.push({
        path: prop,
        message: `is not an extended resource: ${name} is an amount, not a count of devices`,
        fix: typed === 'hugepages' ? 'hugepages cannot be set on typed props: give a complete spec (props.spec) with workload.resources' : `set resources.${typed} instead`,
      });
      continue;
    }
    put('limits', name, prop, String(given.extendedResources![name]));
  }
  return {
    ...(Object.keys(requests).length > 0 ? { requests } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
  };
}

/** The resources `ResourceRequirements` types, and the field that sets each. */
const TYPED_RESOURCES: ReadonlyMap<string, string> = new Map([['cpu', 'cpu'], ['memory', 'memory'], ['ephemeral-storage', 'ephemeralStorage']]);

/** The backend, or undefined with the problem that keeps it out of the role. */
function inRole(backend: StorageBackend | undefined, role: 'kv' | 'sql', problems: ConfigProblem[]): StorageBackend | undefined {
  const problem = backend?._roleProblem(role);
  if (problem) problems.push(problem);
  return problem ? undefined : backend;
}

/**
 * `spec.externalProviders`: each provider in the list of its API, in the props' order, recorded
 * at its props index (a whole list at its first provider).
 */
function externalProviderSpecs(
  list: ExternalProvider[] | undefined, from: <T>(at: string, prop: string, value: T) => T,
): ExternalProvidersSpec | undefined {
  const out: { [field: string]: ExternalProviderRef[] } = {};
  (list ?? []).forEach((p, i) => {
    const at = `spec.externalProviders.${p.specField}`;
    if (out[p.specField] === undefined) from(at, `props.externalProviders[${i}]`, undefined);
    const entries = (out[p.specField] ??= []);
    entries.push(from(`${at}[${entries.length}]`, `props.externalProviders[${i}]`, p.toSpec()));
  });
  return pruned(out);
}

/**
 * `spec.workload.overrides.terminationGracePeriodSeconds`: `terminationGracePeriodSeconds`, or
 * `terminationGracePeriod` in whole seconds (one of the two).
 */
function gracePeriodSeconds(props: LlamaStackDistributionProps, problems: ConfigProblem[],
  from: <T>(at: string, prop: string, value: T) => T): number | undefined {
  const at = 'spec.workload.overrides.terminationGracePeriodSeconds';
  if (props.terminationGracePeriod === undefined) return from(at, 'props.terminationGracePeriodSeconds', props.terminationGracePeriodSeconds);
  if (props.terminationGracePeriodSeconds !== undefined) {
    problems.push({ path: 'props.terminationGracePeriod', message: 'cannot be combined with terminationGracePeriodSeconds (the same setting)', fix: 'keep one of the two' });
  }
  return from(at, 'props.terminationGracePeriod', wholeSeconds(props.terminationGracePeriod, 'props.terminationGracePeriod', 0, problems));
}
