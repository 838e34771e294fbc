/**
 * The verification objects, as plain objects: the ConfigMap and Job (and CronJob), and the
 * NetworkPolicy pieces. The Job runs the script in the server's own image under the restricted
 * pod profile (no pinned uid unless given, so OpenShift's restricted-v2 assigns one), once per
 * sync: an Argo CD PostSync hook recreated before each run, and an object Flux recreates when its
 * template changes (`kustomize.toolkit.fluxcd.io/force`).
 */
import { createHash } from 'crypto';
import { VerifyInput } from './input';
import { jobLabels, jobName, jobSelectorLabels, verifyConfigMapName } from './names';
import { CA_DIR, CA_FILE, PLAN_KEY, SCRIPT_KEY, TOKEN_ENV, VERIFY_DIR, activeDeadline } from './plan';
import { JsonObject } from '../core/json';

/** Argo CD: run after each sync (once every resource is healthy), and delete the last run's Job first. Flux: recreate the Job when it changes. */
export const JOB_ANNOTATIONS: { readonly [key: string]: string } = {
  'argocd.argoproj.io/hook': 'PostSync',
  'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
  'kustomize.toolkit.fluxcd.io/force': 'enabled',
};

/** The command the Job runs (the image's entrypoint starts the server; this replaces it). */
export const JOB_COMMAND = ['python3', `${VERIFY_DIR}/${SCRIPT_KEY}`, `${VERIFY_DIR}/${PLAN_KEY}`];

/** A few megabytes of Python's standard library: small, bounded. */
const RESOURCES = { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } };

function meta(input: VerifyInput, name: string): JsonObject {
  return {
    name,
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    labels: jobLabels(input.name, input.labels, input.serverPodLabels),
  };
}

/** The ConfigMap's content hash: the script and the plan (a changed check is a new name, so the Job template changes too). */
export function contentHash(script: string, planJson: string): string {
  return createHash('sha256').update(script, 'utf8').update('\0', 'utf8').update(planJson, 'utf8').digest('hex');
}

export function renderVerifyConfigMap(input: VerifyInput, script: string, planJson: string): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta(input, verifyConfigMapName(input.name, contentHash(script, planJson))),
    immutable: true,
    data: { [SCRIPT_KEY]: script, [PLAN_KEY]: planJson },
  };
}

function env(input: VerifyInput): JsonObject[] {
  const out: JsonObject[] = [
    // The script is read from a read-only volume, under a read-only root: no bytecode to write.
    { name: 'PYTHONDONTWRITEBYTECODE', value: '1' },
    { name: 'PYTHONUNBUFFERED', value: '1' },
  ];
  const auth = input.auth;
  if (auth?.mode === 'token') out.push({ name: TOKEN_ENV, valueFrom: { secretKeyRef: { name: auth.secretName!, key: auth.secretKey! } } });
  return out;
}

export function renderVerifyJob(input: VerifyInput, configMapName: string): JsonObject {
  const labels = jobLabels(input.name, input.labels, input.serverPodLabels);
  const mounts: JsonObject[] = [{ name: 'verify', mountPath: VERIFY_DIR, readOnly: true }];
  const volumes: JsonObject[] = [{ name: 'verify', configMap: { name: configMapName } }];
  if (input.serverCa !== undefined) {
    mounts.push({ name: 'server-ca', mountPath: CA_DIR, readOnly: true });
    volumes.push({ name: 'server-ca', configMap: { name: input.serverCa.configMapName, items: [{ key: input.serverCa.key, path: CA_FILE }] } });
  }
  const container: JsonObject = {
    name: 'verify',
    image: input.image,
    ...(input.imagePullPolicy !== undefined ? { imagePullPolicy: input.imagePullPolicy } : {}),
    command: [...JOB_COMMAND],
    env: env(input),
    resources: RESOURCES,
    securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
    volumeMounts: mounts,
  };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { ...meta(input, jobName(input.name)), annotations: { ...JOB_ANNOTATIONS } },
    spec: {
      // A failed check is an answer, not a flake: no retry.
      backoffLimit: 0,
      activeDeadlineSeconds: activeDeadline(input),
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          ...(input.serviceAccountName !== undefined ? { serviceAccountName: input.serviceAccountName } : {}),
          // Only the serviceAccount mode sends the pod's token; otherwise the pod has none.
          automountServiceAccountToken: input.auth?.mode === 'serviceAccount',
          ...(input.imagePullSecrets?.length ? { imagePullSecrets: input.imagePullSecrets.map((name) => ({ name })) } : {}),
          securityContext: {
            runAsNonRoot: true,
            ...(input.runAsUser !== undefined ? { runAsUser: input.runAsUser } : {}),
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [container],
          volumes,
        },
      },
    },
  };
}

/**
 * The suspended CronJob `<name>-verify`: the Job's template for runs by hand. Suspended, it never
 * schedules (the schedule is a placeholder); `kubectl create job --from=cronjob/…` copies its template.
 */
export function renderVerifyCronJob(input: VerifyInput, job: JsonObject): JsonObject {
  const spec = job.spec as JsonObject;
  const template = spec.template as JsonObject;
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: meta(input, jobName(input.name)),
    spec: {
      schedule: '0 0 1 1 *',
      suspend: true,
      concurrencyPolicy: 'Forbid',
      successfulJobsHistoryLimit: 1,
      failedJobsHistoryLimit: 1,
      jobTemplate: {
        metadata: { labels: jobLabels(input.name, input.labels, input.serverPodLabels) },
        spec: {
          backoffLimit: spec.backoffLimit,
          activeDeadlineSeconds: spec.activeDeadlineSeconds,
          template: JSON.parse(JSON.stringify(template)) as JsonObject,
        },
      },
    },
  };
}

/**
 * The NetworkPolicy pieces of the verification Job: what it needs from NetworkPolicies, as plain
 * data for the caller to merge. The server's pods admit the Job's pod on their port, and the Job's
 * pod may reach DNS, the server's pods on that port, and (for its provider probes) what the
 * caller adds.
 */
export interface VerifyNetwork {
  /** Selects the Job's pod (`podSelector` of a policy, or a peer of a rule). */
  readonly jobPodSelector: JsonObject;
  /** An ingress rule for the server's NetworkPolicy: the Job's pod to the server's port. */
  readonly serverIngressRule: JsonObject;
  /** The Job pod's egress: DNS, the server's pods on their port, then `providerEgress`. */
  readonly jobEgressRules: readonly JsonObject[];
  /** `<name>-verify`: an egress policy for the Job's pod with those rules, for namespaces that restrict egress. */
  readonly jobNetworkPolicy: JsonObject;
}

export function verifyNetwork(input: VerifyInput): VerifyNetwork {
  const port = { protocol: 'TCP', port: input.serverPort };
  const jobPodSelector = { matchLabels: jobSelectorLabels(input.name) };
  const jobEgressRules: JsonObject[] = [
    // DNS anywhere (the Service name is resolved first), as the server's own policy allows it.
    { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
    { to: [{ podSelector: { matchLabels: { ...input.serverPodLabels } } }], ports: [{ ...port }] },
    ...(input.providerEgress ?? []).map((rule) => JSON.parse(JSON.stringify(rule)) as JsonObject),
  ];
  return {
    jobPodSelector,
    serverIngressRule: { from: [{ podSelector: { matchLabels: jobSelectorLabels(input.name) } }], ports: [{ ...port }] },
    jobEgressRules,
    jobNetworkPolicy: {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: {
        name: jobName(input.name),
        ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
        labels: jobLabels(input.name, input.labels, input.serverPodLabels),
      },
      spec: { podSelector: { matchLabels: jobSelectorLabels(input.name) }, policyTypes: ['Egress'], egress: jobEgressRules.map((r) => JSON.parse(JSON.stringify(r)) as JsonObject) },
    },
  };
}
