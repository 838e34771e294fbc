/**
 * The planner's verify stage (`props.verify`, docs/verify.md): the props checks, then the
 * `VerifyInput` from what the plan already knows (the Service URL, the pod's port and selector,
 * the image, the models config.yaml registers with their identifiers, the providers' endpoints,
 * the auth), then the verification objects, with the Job's pods admitted by the server's
 * NetworkPolicy. Every problem at the props path the user wrote.
 */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { JsonObject } from '../core/json';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { verificationProblems, verifyObjects, VerifyInput, VerifyModel, VerifyObjects, VerifyProvider } from '../verify';
import { KubeManifest } from '../workload';
import { readBaseConfigSharedOutcome } from '../yaml/parse';

/** What the verify stage reads from the plan. */
export interface VerifyFacts {
  readonly name: string;
  /** Where `name` came from: `props.name` or `id`. */
  readonly namePath: string;
  readonly namespace?: string;
  readonly target: ServerTarget;
  readonly spec: LlamaStackDistributionSpec;
  readonly openShift: boolean;
  readonly image: string;
  readonly url: string;
  readonly containerPort: number;
  readonly serverPodLabels: { readonly [key: string]: string };
  /** The server pod's uid (undefined on OpenShift). */
  readonly serverRunAsUser?: number;
  readonly configYaml?: string;
  /** The CA bundle the server trusts, when the Service URL is https. */
  readonly trustedCa?: { readonly configMapName: string; readonly configMapKeys?: string[] };
  /** The server's NetworkPolicy, when written. */
  readonly networkPolicy?: KubeManifest;
}

/** The verification objects, and the server's NetworkPolicy with the Job admitted. */
export interface PlannedVerification {
  readonly objects: VerifyObjects;
  readonly networkPolicy?: KubeManifest;
  /** `<name>-verify`: the Job's egress policy, written when the server's egress is restricted (`allowedTo`). */
  readonly jobNetworkPolicy?: JsonObject;
}

/** Whether the props ask for the Job. */
export function verifyOn(props: LlamaStackDistributionProps): boolean {
  return props.verify !== undefined && props.verify.enabled !== false;
}

/** What the props alone make wrong (checked with the other props, before any config is made). */
export function verifyPropProblems(props: LlamaStackDistributionProps, target: ServerTarget, openShift: boolean): ConfigProblem[] {
  if (!verifyOn(props)) return [];
  const v = props.verify!;
  const problems: ConfigProblem[] = [];
  if (target.isOperator) {
    problems.push({ path: 'props.verify', message: 'the operator pipeline has no route table to check against', fix: 'remove verify, or use a server target (ServerTarget.OGX_1_3)' });
  }
  if (props.overrideConfigMapName !== undefined || props.spec?.overrideConfig !== undefined) {
    problems.push({ path: 'props.verify', message: 'the server reads a ConfigMap the library does not write, so the models to check are not known', fix: 'remove verify, or give the config as overrideConfigYaml or typed props' });
  }
  const kubernetesAuth = props.auth?.providerType === 'kubernetes';
  if (props.auth !== undefined && !kubernetesAuth && v.tokenSecret === undefined) {
    problems.push({
      path: 'props.verify.tokenSecret',
      message: `the server's auth (${props.auth.providerType}) needs a token, and the library never holds one`,
      fix: 'name a Secret key with a bearer token the server accepts: tokenSecret: SecretRef.fromSecretName(<secret>, <key>)',
    });
  }
  if (v.tokenSecret !== undefined && props.auth === undefined) {
    problems.push({ path: 'props.verify.tokenSecret', message: 'the server has no auth, so the Job sends no token', fix: 'remove tokenSecret, or turn on auth' });
  }
  if (v.tokenSecret !== undefined && kubernetesAuth) {
    problems.push({ path: 'props.verify.tokenSecret', message: 'with ServerAuth.kubernetes() the Job sends its pod\'s service-account token', fix: 'remove tokenSecret (set serviceAccountName for another identity)' });
  }
  if (openShift && v.runAsUser !== undefined) {
    problems.push({ path: 'props.verify.runAsUser', message: 'OpenShift\'s restricted-v2 assigns the pod\'s uid from the namespace\'s range', fix: 'remove runAsUser' });
  }
  return problems;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function record(v: unknown): JsonObject | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as JsonObject : undefined;
}

function plainString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' && !v.includes('${') ? v : undefined;
}

/** The models config.yaml registers, as `GET /v1/models` lists them on `target`. */
export function registeredModels(config: JsonObject, target: ServerTarget): VerifyModel[] {
  // As the release's registration names them (releases/startup/registration.ts).
  const byModelId = target._release.rules.modelIdentifier === 'model_id';
  const rr = record(config.registered_resources);
  const out: VerifyModel[] = [];
  for (const raw of [...list(rr?.models), ...list(config.models)]) {
    const m = record(raw);
    const modelId = plainString(m?.model_id);
    const pid = plainString(m?.provider_id);
    const type = m?.model_type ?? 'llm';
    if (m === undefined || modelId === undefined || pid === undefined || (type !== 'llm' && type !== 'embedding' && type !== 'rerank')) continue;
    const providerModelId = plainString(m.provider_model_id) ?? modelId;
    const id = byModelId ? (modelId.startsWith(`${pid}/`) ? modelId : `${pid}/${modelId}`) : `${pid}/${providerModelId}`;
    if (out.some((o) => o.id === id)) continue;
    const dim = record(m.metadata)?.embedding_dimension;
    out.push({ id, providerId: pid, type, ...(type === 'embedding' && typeof dim === 'number' ? { embeddingDimension: dim } : {}) });
  }
  return out;
}

/** The remote inference providers whose endpoint is known at synth time. */
function remoteProviders(spec: LlamaStackDistributionSpec): VerifyProvider[] {
  return (spec.providers?.inference ?? []).flatMap((p) => {
    const endpoint = plainString(p.endpoint);
    return endpoint === undefined ? [] : [{ id: p.id ?? p.provider, type: `remote::${p.provider}`, endpoint }];
  });
}

/** The verification input of a planned distribution. */
export function verifyInputOf(props: LlamaStackDistributionProps, facts: VerifyFacts): VerifyInput {
  const v = props.verify!;
  // The checks' options are the verify room's own (VerifyCheckOptions); the rest is how the Job runs.
  const { enabled: _enabled, tokenSecret: _token, serviceAccountName: _sa, runAsUser: _uid, ...checks } = v;
  // The config the plan runs (generated, or an override text the planner has read already).
  const read = facts.configYaml !== undefined ? readBaseConfigSharedOutcome(facts.configYaml) : undefined;
  const config = read !== undefined && 'value' in read && read.value !== null ? read.value : {};
  const auth = props.auth === undefined ? { mode: 'none' as const }
    : props.auth.providerType === 'kubernetes' ? { mode: 'serviceAccount' as const }
      : { mode: 'token' as const, secretName: v.tokenSecret?.secretName, secretKey: v.tokenSecret?.key };
  const https = facts.url.startsWith('https:');
  const ca = https ? facts.trustedCa : undefined;
  const serverEgress = list(record(facts.networkPolicy?.spec)?.egress).filter((r) => record(r)?.to !== undefined) as JsonObject[];
  const apis = list(config.apis).filter((a): a is string => typeof a === 'string');
  return {
    name: facts.name,
    namespace: facts.namespace,
    target: facts.target.id,
    serviceUrl: facts.url,
    serverPort: facts.containerPort,
    serverPodLabels: facts.serverPodLabels,
    image: facts.image,
    imagePullPolicy: props.imagePullPolicy,
    imagePullSecrets: props.imagePullSecrets,
    models: registeredModels(config, facts.target),
    providers: remoteProviders(facts.spec),
    auth,
    options: checks,
    ...(ca !== undefined ? { serverCa: { configMapName: ca.configMapName, key: ca.configMapKeys?.[0] ?? 'ca-bundle.crt' } } : {}),
    ...(apis.length > 0 ? { servedApis: apis } : {}),
    runAsUser: facts.openShift ? undefined : v.runAsUser ?? facts.serverRunAsUser,
    serviceAccountName: v.serviceAccountName,
    labels: props.labels,
    providerEgress: serverEgress,
  };
}

/** Where a problem of the input is in the user's props. */
function propsPath(path: string, namePath: string): string {
  const rules: [RegExp, string][] = [
    [/^props\.verify\.options(?=\.|$)/, 'props.verify'],
    [/^props\.verify\.auth(\.[A-Za-z]+)?$/, 'props.verify.tokenSecret'],
    [/^props\.verify\.name$/, namePath],
    [/^props\.verify\.target$/, 'props.target'],
    [/^props\.verify\.models(?=\[|$)/, 'props.models'],
    [/^props\.verify\.(namespace|image|imagePullSecrets)(?=\[|\.|$)/, 'props.$1'],
  ];
  for (const [re, to] of rules) if (re.test(path)) return path.replace(re, to);
  return path;
}

/** The input's problems at props paths. */
export function verifyInputProblems(input: VerifyInput, namePath: string): ConfigProblem[] {
  return verificationProblems(input, 'props.verify').map((p) => ({ ...p, path: propsPath(p.path, namePath) }));
}

/** The objects of an input `verifyInputProblems` found nothing wrong with, and the server's NetworkPolicy admitting the Job's pods. */
export function planVerification(input: VerifyInput, facts: VerifyFacts): PlannedVerification {
  const objects = verifyObjects(input);
  const policy = facts.networkPolicy;
  const types = list(record(policy?.spec)?.policyTypes);
  const networkPolicy = policy !== undefined && types.includes('Ingress')
    ? { ...policy, spec: { ...policy.spec, ingress: [...list(policy.spec.ingress), objects.network.serverIngressRule] } }
    : policy;
  const restricted = types.includes('Egress');
  return { objects, networkPolicy, ...(restricted ? { jobNetworkPolicy: jobPolicy(objects, facts.openShift) } : {}) };
}

/** The Job's egress policy; on OpenShift DNS is reached on the DNS pods' port 5353 too. */
function jobPolicy(objects: VerifyObjects, openShift: boolean): JsonObject {
  const policy = objects.network.jobNetworkPolicy;
  if (!openShift) return policy;
  const spec = policy.spec as JsonObject;
  const egress = (spec.egress as JsonObject[]).map((rule, i) => i === 0
    ? { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }, { protocol: 'UDP', port: 5353 }, { protocol: 'TCP', port: 5353 }] }
    : rule);
  return { ...policy, spec: { ...spec, egress } };
}
