/**
 * The construct's own checks: what only matters once the spec becomes objects in one namespace,
 * what the operator pipeline cannot write, an override config next to what it replaces, and the
 * env the operator pipeline's config reads.
 */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { containerPort, DEFAULT_METRICS_PORT, generatedEnv, metricsPort, podEnv } from '../releases/pod-env';
import { ServerTarget } from '../releases/server-target';
import { ALL_PROVIDER_APIS } from '../spec/apis';
import { configCredentialProblems } from '../spec/credential-scan';
import { shadowedEnvProblems } from '../spec/reserved-env';
import { SecretEnvVar } from '../spec/secret-env';
import { serverOnlyFields } from '../spec/server-extensions';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { resourceProblems } from '../workload/container-resources';
import { externalProviderChecks } from '../workload/external-providers';
import { readBaseConfigSharedOutcome } from '../yaml/parse';

/** An override config text replaces everything that shapes a generated config. */
export function overrideConflicts(props: LlamaStackDistributionProps, spec: LlamaStackDistributionSpec): ConfigProblem[] {
  if (props.overrideConfigYaml === undefined) return [];
  if (typeof props.overrideConfigYaml !== 'string') {
    return [{ path: 'props.overrideConfigYaml', message: 'must be the text of a config.yaml', fix: 'pass a string, e.g. fs.readFileSync(\'config.yaml\', \'utf8\')' }];
  }
  const shaping: [string, unknown][] = [
    ['overrideConfigMapName', props.overrideConfigMapName], ['baseConfigYaml', props.baseConfigYaml], ['replaceBaseProviders', props.replaceBaseProviders],
    ['vectorStores', props.vectorStores], ['auth', props.auth], ['externalProviders', props.externalProviders],
    ['tenancy', props.tenancy], ['vectorStoresStorage', props.vectorStoresStorage],
    ['tls.ciphers', props.tls?.ciphers], ['tls.hstsMaxAgeSeconds', props.tls?.hstsMaxAgeSeconds],
    ['spec.providers', spec.providers], ['spec.resources', spec.resources], ['spec.storage', spec.storage], ['spec.disabled', spec.disabled],
  ];
  return shaping.filter(([, v]) => v !== undefined).map(([name]) => ({
    path: name.startsWith('spec.') ? name : `props.${name}`,
    message: 'cannot be combined with overrideConfigYaml (the override is the whole config)',
    fix: `write it into the override config, or remove ${name.startsWith('spec.') ? `the props that set ${name}` : name}`,
  }));
}

/** What the operator pipeline has no place for: its vector store defaults and provider overlay are fixed, and the OGX 1.x server settings. */
export function operatorPipelineProblems(props: LlamaStackDistributionProps, target: ServerTarget): ConfigProblem[] {
  if (!target.isOperator) return [];
  const problems: ConfigProblem[] = [];
  if (props.vectorStores !== undefined) {
    problems.push({ path: 'props.vectorStores', message: 'the operator pipeline keeps its base config\'s vector store defaults', fix: 'remove vectorStores, or use a server target' });
  }
  const serverOnly: [string, unknown][] = [
    ['tls.ciphers', props.tls?.ciphers], ['tls.hstsMaxAgeSeconds', props.tls?.hstsMaxAgeSeconds],
    // A postgres vectorStoresStorage is spec.storage.stores.vectorStores, which the spec check refuses here.
    ['tenancy', props.tenancy], ['vectorStoresStorage', props.vectorStoresStorage?.type === 'postgres' ? undefined : props.vectorStoresStorage],
    ['connectors', props.connectors],
  ];
  for (const [k] of serverOnly.filter(([, v]) => v !== undefined)) {
    problems.push({
      path: `props.${k}`, message: 'the operator pipeline does not write it (an OGX 1.x server setting)', fix: `remove ${k}, or use a server target (ServerTarget.OGX_1_3)`,
    });
  }
  if (props.replaceBaseProviders !== undefined) {
    problems.push({ path: 'props.replaceBaseProviders', message: 'the operator pipeline always overlays providers by id', fix: 'remove replaceBaseProviders, or use a server target' });
  }
  return problems;
}

/**
 * Plaintext credentials in the configs given as text (`baseConfigYaml`, `overrideConfigYaml`): they
 * would be written as is into the ConfigMap. A text that is not YAML is reported where it is read.
 */
export function userConfigCredentials(props: LlamaStackDistributionProps): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [prop, text] of [['props.baseConfigYaml', props.baseConfigYaml], ['props.overrideConfigYaml', props.overrideConfigYaml]] as const) {
    if (typeof text !== 'string') continue;
    // A text that is not YAML is reported where it is read.
    const read = readBaseConfigSharedOutcome(text);
    if ('value' in read) problems.push(...configCredentialProblems(read.value, prop));
  }
  return problems;
}

/** What only the server targets write: the operator pipeline would write something else. */
function serverTargetOnly(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { field } of ALL_PROVIDER_APIS) {
    (spec.providers?.[field] ?? []).forEach((p, i) => {
      if (typeof p.provider === 'string' && p.provider.includes('::')) {
        problems.push({ path: `spec.providers.${field}[${i}].provider`, message: 'the operator pipeline writes every provider as remote::<provider>', fix: 'use a server target for inline or prefixed provider types' });
      }
    });
  }
  // External providers get one error of their own (constructChecks).
  return [...problems, ...serverOnlyFields(spec).filter((p) => !p.path.startsWith('spec.externalProviders'))];
}

/** Checks that only matter once the spec becomes objects in one namespace. */
export function constructChecks(spec: LlamaStackDistributionSpec, namespace: string | undefined, target: ServerTarget): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const sql = spec.storage?.sql;
  if (target.isOperator && sql?.type === 'postgres' && !sql.connectionString) {
    problems.push({
      path: 'spec.storage.sql.connectionString',
      message: 'the operator pipeline only writes a connection string',
      fix: 'add connectionString, or use a server target (they take host, db, user and password)',
    });
  }
  const ca = spec.networking?.tls?.caBundle;
  if (ca?.configMapNamespace && namespace !== undefined && ca.configMapNamespace !== namespace) {
    problems.push({
      path: 'spec.networking.tls.caBundle.configMapNamespace',
      message: `a pod can only mount ConfigMaps of its own namespace (${namespace})`,
      fix: `copy the CA bundle ConfigMap into ${namespace}, or drop configMapNamespace`,
    });
  }
  const w = spec.workload;
  if (w?.storage && ((w.replicas ?? 1) > 1 || (w.autoscaling?.maxReplicas ?? 0) > 1)) {
    problems.push({
      path: 'spec.workload.storage',
      message: 'a ReadWriteOnce volume cannot be shared by several pods (replicas or autoscaling allow more than one)',
      fix: 'keep state in postgres/redis storage and drop the PVC, or run a single replica',
    });
  }
  if (spec.monitoring && !target.metricsEnvVars) {
    problems.push({
      path: 'spec.monitoring',
      message: `${target.description} serves no Prometheus metrics (OGX 1.2+ does, with OGX_METRICS_ENDPOINT_ENABLED, OGX_METRICS_HOST and OGX_METRICS_PORT)`,
      fix: 'use ServerTarget.OGX_1_2 or later, or remove monitoring (OTEL_EXPORTER_OTLP_* env vars export telemetry on older lines)',
    });
  } else if (spec.monitoring && metricsPort(spec) === containerPort(spec, target)) {
    problems.push({
      path: 'spec.monitoring.metricsPort',
      message: `the metrics port ${metricsPort(spec)} is the server's port`,
      // The default itself when the server took it (port: 9464).
      fix: `use another port, e.g. ${metricsPort(spec) === DEFAULT_METRICS_PORT ? DEFAULT_METRICS_PORT + 1 : DEFAULT_METRICS_PORT}`,
    });
  }
  if (target.isOperator) problems.push(...serverTargetOnly(spec));
  problems.push(...externalProviderChecks(spec, target.isOperator));
  // The library's own env vars are worked out only when there is a user env var to compare.
  const userEnv = spec.workload?.overrides?.env;
  if (Array.isArray(userEnv) && userEnv.length > 0) problems.push(...shadowedEnvProblems(userEnv, generatedEnv(target, spec)));
  problems.push(...resourceProblems(spec.workload));
  return problems;
}

/**
 * The operator pipeline's config is not run through a start-up model: each `${env.X}` it reads
 * without a default must be set by the Deployment (server targets substitute the container's env
 * in their model instead).
 */
export function missingEnvProblems(
  configYaml: string, secretEnv: SecretEnvVar[], spec: LlamaStackDistributionSpec, target: ServerTarget,
): ConfigProblem[] {
  const provided = providedEnv(secretEnv, spec, target);
  return requiredEnvVars(configYaml).filter((v) => !provided.has(v)).map((v) => ({
    path: 'config',
    message: `the config reads \${env.${v}} with no default, and nothing sets ${v} (the server would not start)`,
    fix: `set env: { ${v}: ... } (or point the base config's value elsewhere)`,
  }));
}

/** `${env.X}` references without a default: the server fails to start unless X is set. */
function requiredEnvVars(configYaml: string): string[] {
  const names = new Set<string>();
  for (const m of configYaml.matchAll(/\$\{env\.([A-Z0-9_]+)\}/g)) names.add(m[1]);
  return [...names].sort();
}

function providedEnv(secretEnv: SecretEnvVar[], spec: LlamaStackDistributionSpec, target: ServerTarget): Set<string> {
  return new Set(podEnv(target, spec, secretEnv).filter((e) => e && typeof e.name === 'string').map((e) => e.name));
}

/** Labels the library writes on every object: the user's value for one of them would be dropped. */
const SELECTOR_KEYS = ['app', 'app.kubernetes.io/instance'];
const LIBRARY_LABELS: { readonly [key: string]: string } = {
  'app.kubernetes.io/name': 'llama-stack',
  'app.kubernetes.io/component': 'server',
  'app.kubernetes.io/part-of': 'llama-stack',
  'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
  'app.kubernetes.io/version': 'the image tag',
};

/** What `labelChecks` finds. */
export interface LabelChecks {
  readonly problems: ConfigProblem[];
  readonly warnings: ConfigProblem[];
}

/**
 * `props.labels` keys the library writes itself: a selector key is refused (the Deployment's
 * selector is immutable and shared with the operator), another is warned as not carried.
 */
export function labelChecks(labels: { readonly [key: string]: string } | undefined, name: string): LabelChecks {
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  for (const key of Object.keys(labels ?? {})) {
    const path = childPath('props.labels', key);
    if (SELECTOR_KEYS.includes(key)) {
      problems.push({
        path,
        message: `the pod selector owns ${JSON.stringify(key)} (app: llama-stack, app.kubernetes.io/instance: <name>), and a Deployment's selector cannot change: your value would be dropped`,
        fix: `select the pods with app.kubernetes.io/instance: ${name} (or app: llama-stack), and put your own value under another key, e.g. team`,
      });
    } else if (Object.prototype.hasOwnProperty.call(LIBRARY_LABELS, key)) {
      const value = LIBRARY_LABELS[key];
      warnings.push({
        path,
        message: `the library writes ${JSON.stringify(key)} itself (${value.includes(' ') ? value : JSON.stringify(value)}), so your value is not carried`,
        fix: 'remove it, or put your value under another key',
      });
    }
  }
  return { problems, warnings };
}

/** The pods a PodDisruptionBudget must keep, of `pods` (a percentage rounds up, as the eviction API does). */
function keptPods(v: unknown, pods: number): number | undefined {
  if (typeof v === 'number') return v;
  const m = typeof v === 'string' ? /^(\d+)%$/.exec(v) : null;
  return m ? Math.ceil(pods * Number(m[1]) / 100) : undefined;
}

/**
 * A PodDisruptionBudget that lets no pod be evicted with the replicas there are (the HPA's
 * minimum with autoscaling): every node drain and cluster upgrade waits on it forever.
 */
export function disruptionBudgetWarnings(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  const pdb = spec.workload?.podDisruptionBudget;
  if (!pdb) return [];
  const pods = spec.workload?.autoscaling?.minReplicas ?? spec.workload?.replicas ?? 1;
  const replicas = `${pods} ${pods === 1 ? 'replica' : 'replicas'}`;
  let setting: string | undefined;
  if (pdb.minAvailable !== undefined && pdb.minAvailable !== null) {
    const kept = keptPods(pdb.minAvailable, pods);
    if (kept !== undefined && kept >= pods) setting = `minAvailable: ${JSON.stringify(pdb.minAvailable)}`;
  } else if (pdb.maxUnavailable !== undefined && pdb.maxUnavailable !== null) {
    const allowed = keptPods(pdb.maxUnavailable, pods);
    if (allowed === 0) setting = `maxUnavailable: ${JSON.stringify(pdb.maxUnavailable)}`;
  }
  if (!setting) return [];
  return [{
    path: 'spec.workload.podDisruptionBudget',
    message: `with ${replicas}, ${setting} lets no pod be evicted: node drains and cluster upgrades hang on this pod`,
    fix: `run at least ${Math.max(2, pods + 1)} replicas, or use maxUnavailable: 1`,
  }];
}
