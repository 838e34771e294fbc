/**
 * Typed props → the v1alpha2 spec they describe. The checks and the config generation read the
 * spec; problems found on it are reported at the props paths (props-paths.ts).
 */
import type { LlamaStackDistributionProps } from './props';
import { ExternalProviderRef, ExternalProvidersSpec, SecretKeyRef, LlamaStackDistributionSpec, ProviderConfig } from '../config/spec';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { withController } from '../expose';
import type { ExternalProvider } from '../external-provider';
import type { Provider } from '../providers';
import type { SecretRef } from '../secret-ref';

const DEFAULT_DISTRIBUTION = 'starter';

/** Props that describe what `spec` describes; they cannot be combined with it. */
export const SPEC_EXCLUSIVE_PROPS: (keyof LlamaStackDistributionProps)[] = [
  'distribution', 'inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry', 'files', 'fileProcessors', 'responses', 'batches',
  'messages', 'interactions', 'skills', 'models', 'tools', 'shields',
  'kvStorage', 'sqlStorage', 'disabledApis', 'overrideConfigMapName', 'port', 'tls', 'expose', 'allowedFrom',
  'replicas', 'workers', 'resources', 'autoscaling', 'persistentStorage', 'podDisruptionBudget',
  'topologySpreadConstraints', 'serviceAccountName', 'env', 'command', 'args', 'volumes', 'volumeMounts',
  'terminationGracePeriodSeconds', 'externalProviders', 'monitoring',
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
 * The v1alpha2 spec the typed props describe, with every problem found on the way (a storage
 * backend in the wrong role): it never stops midway, so the other checks still run.
 */
export function specAndProblemsFromProps(props: LlamaStackDistributionProps): { spec: LlamaStackDistributionSpec; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const env = props.env ? Object.keys(props.env).sort().map((name) => envVar(name, props.env![name])) : undefined;
  const spec = pruned({
    distribution: props.baseConfigYaml !== undefined && props.image !== undefined && props.distribution === undefined
      ? { image: props.image }
      : { name: props.distribution ?? DEFAULT_DISTRIBUTION },
    providers: pruned({
      inference: providerSpecs(props.inference),
      safety: providerSpecs(props.safety),
      vectorIo: providerSpecs(props.vectorIo),
      toolRuntime: providerSpecs(props.toolRuntime),
      telemetry: providerSpecs(props.telemetry),
      files: providerSpecs(props.files),
      fileProcessors: providerSpecs(props.fileProcessors),
      responses: providerSpecs(props.responses),
      batches: providerSpecs(props.batches),
      messages: providerSpecs(props.messages),
      interactions: providerSpecs(props.interactions),
      skills: providerSpecs(props.skills),
    }),
    resources: pruned({ models: nonEmpty(props.models), tools: nonEmpty(props.tools), shields: nonEmpty(props.shields) }),
    storage: pruned({
      kv: collect(problems, () => props.kvStorage?.toKvSpec()),
      sql: collect(problems, () => props.sqlStorage?.toSqlSpec()),
    }),
    disabled: nonEmpty(props.disabledApis),
    networking: pruned({
      port: props.port,
      tls: props.tls ? pruned({ enabled: true, secretName: props.tls.secretName, caBundle: props.tls.caBundle }) : undefined,
      expose: props.expose ? pruned({ enabled: true, hostname: props.expose.hostname }) : undefined,
      // The controller's namespace joins allowedFrom, so a CR carries it too.
      allowedFrom: withController(props.allowedFrom, props.expose),
    }),
    workload: pruned({
      replicas: props.replicas,
      workers: props.workers,
      resources: props.resources,
      autoscaling: props.autoscaling,
      storage: props.persistentStorage
        ? pruned({ size: props.persistentStorage.size, mountPath: props.persistentStorage.mountPath }) ?? {}
        : undefined,
      podDisruptionBudget: props.podDisruptionBudget,
      topologySpreadConstraints: nonEmpty(props.topologySpreadConstraints),
      overrides: pruned({
        serviceAccountName: props.serviceAccountName,
        terminationGracePeriodSeconds: props.terminationGracePeriodSeconds,
        env: nonEmpty(env),
        command: nonEmpty(props.command),
        args: nonEmpty(props.args),
        volumes: nonEmpty(props.volumes),
        volumeMounts: nonEmpty(props.volumeMounts),
      }),
    }),
    externalProviders: externalProviderSpecs(props.externalProviders),
    overrideConfig: props.overrideConfigMapName !== undefined ? { configMapName: props.overrideConfigMapName } : undefined,
    // Present means on (an empty object keeps the default port).
    monitoring: props.monitoring ? (props.monitoring.metricsPort !== undefined ? { metricsPort: props.monitoring.metricsPort } : {}) : undefined,
  }) ?? {};
  return { spec, problems };
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

/** A value, or undefined with its problems collected. */
function collect<T>(problems: ConfigProblem[], make: () => T): T | undefined {
  try {
    return make();
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    problems.push(...e.problems);
    return undefined;
  }
}

/** `spec.externalProviders`: each provider in the list of its API, in the props' order. */
function externalProviderSpecs(list: ExternalProvider[] | undefined): ExternalProvidersSpec | undefined {
  const out: { [field: string]: ExternalProviderRef[] } = {};
  for (const p of list ?? []) (out[p.specField] ??= []).push(p.toSpec());
  return pruned(out);
}
