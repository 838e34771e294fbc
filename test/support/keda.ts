/**
 * A validator of KEDA ScaledObjects (keda.sh/v1alpha1), written for the tests from the rules of
 * KEDA v2.20.2: the structural schema of its CRD (config/crd/bases/keda.sh_scaledobjects.yaml:
 * fields, types, minimums, required fields, enums and the CEL rule on the replica bounds) and the
 * checks of its admission webhook (apis/keda/v1alpha1/scaledobject_webhook.go,
 * scaledobject_types.go, scaletriggers_types.go) and of the scalers the library uses
 * (pkg/scalers/prometheus_scaler.go, cpu_memory_scaler.go, scaler.go). It shares no code with
 * src/: a bug there must not hide here.
 *
 * The webhook's checks against the cluster are made against the other objects given: a workload
 * already scaled by an HPA the ScaledObject does not own, or by another ScaledObject, and cpu or
 * memory triggers on a Deployment whose containers request neither (with no LimitRange known).
 *
 * `scaledObjectProblems(objects)` returns one line per problem: `ScaledObject/name: path: what`.
 */

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const INT32_MAX = 2147483647;
/** The webhook's limit on the ScaledObject's name and its HPA's: both are label values. */
const MAX_LABEL_VALUE = 63;
/** KEDA's default when maxReplicaCount is not set (defaultHPAMaxReplicas). */
const DEFAULT_MAX = 100;

const SPEC_FIELDS = [
  'scaleTargetRef', 'pollingInterval', 'initialCooldownPeriod', 'cooldownPeriod', 'idleReplicaCount', 'minReplicaCount',
  'maxReplicaCount', 'advanced', 'triggers', 'fallback',
];
const TRIGGER_FIELDS = ['type', 'name', 'useCachedMetrics', 'metadata', 'authenticationRef', 'metricType'];
const METRIC_TARGET_TYPES = ['Utilization', 'Value', 'AverageValue'];
const FALLBACK_BEHAVIORS = ['static', 'currentReplicas', 'currentReplicasIfHigher', 'currentReplicasIfLower', 'scalingModifiers'];
/** The prometheus scaler's metadata (prometheusMetadata): required ones first. */
const PROMETHEUS_REQUIRED = ['serverAddress', 'query', 'threshold'];
const PROMETHEUS_FLOATS = ['threshold', 'activationThreshold'];
const PROMETHEUS_BOOLS = ['ignoreNullValues', 'unsafeSsl'];

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt32 = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= -INT32_MAX - 1 && v <= INT32_MAX;
/** Go's strconv.ParseFloat on the text KEDA reads (no empty string, no trailing text). */
const isFloatText = (v: unknown) => typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim()) && v.trim() === v;
const isBoolText = (v: unknown) => typeof v === 'string' && ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v);

/** The apiVersion and kind KEDA resolves a scaleTargetRef to (empty ones mean apps/v1 Deployment). */
function targetKey(ref: any, namespace: unknown): string {
  return `${String(namespace ?? '')}/${ref?.apiVersion || 'apps/v1'}/${ref?.kind || 'Deployment'}/${String(ref?.name)}`;
}

/** The HPA KEDA writes for a ScaledObject (getHpaName). */
export function kedaHpaName(so: any): string {
  const given = so?.spec?.advanced?.horizontalPodAutoscalerConfig?.name;
  return typeof given === 'string' && given !== '' ? given : `keda-hpa-${String(so?.metadata?.name)}`;
}

function only(o: Record<string, unknown>, keys: readonly string[], where: string, err: (p: string, m: string) => void): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) err(`${where}${where ? '.' : ''}${k}`, 'unknown field (the structural schema prunes it)');
}

/** Every problem of every ScaledObject in `objects`, checked against the others. */
export function scaledObjectProblems(objects: readonly any[]): string[] {
  const out: string[] = [];
  for (const so of objects.filter((o) => o?.apiVersion === 'keda.sh/v1alpha1' && o?.kind === 'ScaledObject')) {
    const at = `ScaledObject/${String(so.metadata?.name)}`;
    check(so, objects, (path, msg) => out.push(`${at}: ${path}: ${msg}`));
  }
  return out;
}

function check(so: any, objects: readonly any[], err: (path: string, msg: string) => void): void {
  only(so, ['apiVersion', 'kind', 'metadata', 'spec', 'status'], '', err);
  const name = so.metadata?.name;
  if (typeof name !== 'string' || name.length > 253 || !DNS1123_SUBDOMAIN.test(name)) err('metadata.name', 'not a DNS-1123 subdomain');
  // verifyName: the name is the scaledobject.keda.sh/name label's value, and so is the HPA's.
  else if (name.length > MAX_LABEL_VALUE) err('metadata.name', `longer than ${MAX_LABEL_VALUE} characters (it is a label value)`);
  const hpaName = kedaHpaName(so);
  if (hpaName.length > MAX_LABEL_VALUE) err('spec.advanced.horizontalPodAutoscalerConfig.name', `the HPA name ${hpaName} is longer than ${MAX_LABEL_VALUE} characters`);
  const spec = so.spec;
  if (!isObject(spec)) {
    err('spec', 'required');
    return;
  }
  only(spec, SPEC_FIELDS, 'spec', err);
  scaleTargetRefRules(spec.scaleTargetRef, err);
  const ints: [string, number][] = [['pollingInterval', 1], ['initialCooldownPeriod', 0], ['cooldownPeriod', 0], ['idleReplicaCount', 0], ['minReplicaCount', 0], ['maxReplicaCount', 1]];
  for (const [f, min] of ints) {
    const v = spec[f];
    if (v === undefined) continue;
    if (!isInt32(v)) err(`spec.${f}`, 'must be an int32');
    else if (v < min) err(`spec.${f}`, `must be at least ${min}`);
  }
  replicaRules(spec, err);
  const triggers = spec.triggers;
  if (!Array.isArray(triggers)) {
    err('spec.triggers', 'required: a list');
  } else {
    // ValidateTriggers / MinItems=1
    if (triggers.length === 0) err('spec.triggers', 'no triggers defined (at least one)');
    triggerRules(triggers, spec, so, objects, err);
  }
  advancedRules(spec, err);
  fallbackRules(spec, err);
  crossObjectRules(so, objects, err);
}

function scaleTargetRefRules(ref: unknown, err: (p: string, m: string) => void): void {
  if (!isObject(ref)) {
    err('spec.scaleTargetRef', 'required');
    return;
  }
  only(ref, ['name', 'apiVersion', 'kind', 'envSourceContainerName'], 'spec.scaleTargetRef', err);
  if (typeof ref.name !== 'string' || ref.name.length < 1) err('spec.scaleTargetRef.name', 'required: a non-empty string');
  for (const f of ['apiVersion', 'kind', 'envSourceContainerName']) if (ref[f] !== undefined && typeof ref[f] !== 'string') err(`spec.scaleTargetRef.${f}`, 'must be a string');
}

/** The CRD's CEL rule and CheckReplicaCountBoundsAreValid. */
function replicaRules(spec: Record<string, any>, err: (p: string, m: string) => void): void {
  const min = spec.minReplicaCount;
  const max = spec.maxReplicaCount;
  // An object the schema refuses never reaches the CEL rule or the webhook.
  if (!isInt32(min ?? 0) || !isInt32(max ?? 1) || !isInt32(spec.idleReplicaCount ?? 0) || (min ?? 0) < 0 || (max ?? 1) < 1) return;
  if (min !== undefined && min > (max ?? DEFAULT_MAX)) err('spec', 'minReplicaCount must be less than or equal to maxReplicaCount');
  // The webhook reads an unset minimum as 0, and a 0 one as KEDA's HPA minimum, 1.
  const webhookMin = min === undefined ? 0 : min > 0 ? min : 1;
  if (webhookMin > (max ?? DEFAULT_MAX)) err('spec', `MinReplicaCount=${webhookMin} must be less than MaxReplicaCount=${max ?? DEFAULT_MAX}`);
  if (spec.idleReplicaCount !== undefined && spec.idleReplicaCount >= webhookMin) {
    err('spec.idleReplicaCount', `IdleReplicaCount=${spec.idleReplicaCount} must be less than MinReplicaCount=${webhookMin}`);
  }
}

function triggerRules(triggers: any[], spec: Record<string, any>, so: any, objects: readonly any[], err: (p: string, m: string) => void): void {
  const names = new Set<string>();
  triggers.forEach((t, i) => {
    const at = `spec.triggers[${i}]`;
    if (!isObject(t)) {
      err(at, 'must be an object');
      return;
    }
    only(t, TRIGGER_FIELDS, at, err);
    if (typeof t.type !== 'string' || t.type.length < 1) err(`${at}.type`, 'required: a non-empty string');
    if (!isObject(t.metadata)) err(`${at}.metadata`, 'required: a map of strings');
    else for (const [k, v] of Object.entries(t.metadata)) if (typeof v !== 'string') err(`${at}.metadata.${k}`, 'must be a string');
    if (t.name !== undefined && typeof t.name !== 'string') err(`${at}.name`, 'must be a string');
    if (typeof t.name === 'string' && t.name !== '') {
      if (names.has(t.name)) err(`${at}.name`, `triggerName "${t.name}" is defined multiple times, but it must be unique`);
      names.add(t.name);
    }
    if (t.useCachedMetrics !== undefined && typeof t.useCachedMetrics !== 'boolean') err(`${at}.useCachedMetrics`, 'must be a boolean');
    if (t.useCachedMetrics === true && ['cpu', 'memory', 'cron'].includes(t.type)) err(`${at}.useCachedMetrics`, `not supported for the "${t.type}" scaler`);
    if (t.metricType !== undefined && !METRIC_TARGET_TYPES.includes(t.metricType)) err(`${at}.metricType`, `must be one of ${METRIC_TARGET_TYPES.join(', ')}`);
    if (t.authenticationRef !== undefined) {
      const a = t.authenticationRef;
      if (!isObject(a) || typeof a.name !== 'string') err(`${at}.authenticationRef.name`, 'required');
      else if (a.kind !== undefined && !['TriggerAuthentication', 'ClusterTriggerAuthentication'].includes(a.kind)) err(`${at}.authenticationRef.kind`, 'must be TriggerAuthentication or ClusterTriggerAuthentication');
    }
    if (!isObject(t.metadata)) return;
    if (t.type === 'prometheus') prometheusRules(t, at, err);
    if (t.type === 'cpu' || t.type === 'memory') resourceTriggerRules(t, at, spec, so, objects, err);
  });
  // verifyCPUMemoryScalers: only cpu/memory triggers never scale to zero.
  const resourceOnly = triggers.length > 0 && triggers.every((t) => t?.type === 'cpu' || t?.type === 'memory');
  if (resourceOnly && (spec.minReplicaCount === undefined || spec.minReplicaCount === 0)) {
    err('spec.minReplicaCount', 'with only cpu/memory triggers it must be above 0 (scale to zero does not work then)');
  }
}

function prometheusRules(t: Record<string, any>, at: string, err: (p: string, m: string) => void): void {
  for (const k of PROMETHEUS_REQUIRED) if (t.metadata[k] === undefined || t.metadata[k] === '') err(`${at}.metadata.${k}`, 'required by the prometheus scaler');
  for (const k of PROMETHEUS_FLOATS) if (typeof t.metadata[k] === 'string' && t.metadata[k] !== '' && !isFloatText(t.metadata[k])) err(`${at}.metadata.${k}`, 'must be a number');
  for (const k of PROMETHEUS_BOOLS) if (typeof t.metadata[k] === 'string' && !isBoolText(t.metadata[k])) err(`${at}.metadata.${k}`, 'must be a boolean');
  const url = t.metadata.serverAddress;
  if (typeof url === 'string' && url !== '' && !/^https?:\/\/[^\s/?#]+/.test(url)) err(`${at}.metadata.serverAddress`, 'must be an http(s) URL');
  // GetMetricTargetType: Utilization is for cpu and memory only.
  if (t.metricType === 'Utilization') err(`${at}.metricType`, 'Utilization is not supported by the prometheus scaler (use AverageValue or Value)');
}

type Err = (path: string, msg: string) => void;

function resourceTriggerRules(t: Record<string, any>, at: string, spec: Record<string, any>, so: any, objects: readonly any[], err: Err): void {
  if (t.metadata.type !== undefined) err(`${at}.metadata.type`, 'removed in KEDA 2.18: use the trigger\'s metricType');
  if (t.metricType !== 'Utilization' && t.metricType !== 'AverageValue') err(`${at}.metricType`, 'must be Utilization or AverageValue');
  const v = t.metadata.value;
  if (typeof v !== 'string' || v === '') err(`${at}.metadata.value`, 'required');
  else if (t.metricType === 'Utilization' && !/^[+-]?\d+$/.test(v)) err(`${at}.metadata.value`, 'must be a whole number (a utilization percentage)');
  // verifyCPUMemoryScalers: each container (or the named one) must request or limit the resource.
  const ref = spec.scaleTargetRef;
  const kind = ref?.kind || 'Deployment';
  const workload = objects.find((o) => o?.kind === kind && (kind === 'Deployment' || kind === 'StatefulSet')
    && o.metadata?.name === ref?.name && (o.metadata?.namespace ?? '') === (so.metadata?.namespace ?? ''));
  if (workload === undefined) return;
  for (const c of workload.spec?.template?.spec?.containers ?? []) {
    if (t.metadata.containerName && c.name !== t.metadata.containerName) continue;
    const r = c.resources ?? {};
    const set = [r.requests?.[t.type], r.limits?.[t.type]].some((q) => q !== undefined && !/^0+(\.0*)?[a-zA-Z]*$/.test(String(q)));
    if (!set) err(`${at}`, `the container ${c.name} has no ${t.type} request (and no LimitRange is known)`);
  }
}

function advancedRules(spec: Record<string, any>, err: (p: string, m: string) => void): void {
  const adv = spec.advanced;
  if (adv === undefined) return;
  if (!isObject(adv)) {
    err('spec.advanced', 'must be an object');
    return;
  }
  only(adv, ['horizontalPodAutoscalerConfig', 'restoreToOriginalReplicaCount', 'scalingModifiers'], 'spec.advanced', err);
  const hpa = adv.horizontalPodAutoscalerConfig;
  if (hpa !== undefined) {
    if (!isObject(hpa)) {
      err('spec.advanced.horizontalPodAutoscalerConfig', 'must be an object');
    } else {
      only(hpa, ['behavior', 'name'], 'spec.advanced.horizontalPodAutoscalerConfig', err);
      if (hpa.name !== undefined && (typeof hpa.name !== 'string' || !DNS1123_SUBDOMAIN.test(hpa.name))) err('spec.advanced.horizontalPodAutoscalerConfig.name', 'not a DNS-1123 subdomain');
    }
  }
  const sm = adv.scalingModifiers;
  if (isObject(sm) && Object.keys(sm).length > 0) {
    only(sm, ['formula', 'target', 'activationTarget', 'metricType'], 'spec.advanced.scalingModifiers', err);
    if (!sm.formula) err('spec.advanced.scalingModifiers.formula', 'required when scalingModifiers are set');
    else if (!sm.target) err('spec.advanced.scalingModifiers.target', 'required with a formula');
    if (sm.target && !(isFloatText(sm.target) && Number(sm.target) > 0)) err('spec.advanced.scalingModifiers.target', 'must be a number above 0');
    if (sm.metricType !== undefined && !['AverageValue', 'Value'].includes(sm.metricType)) err('spec.advanced.scalingModifiers.metricType', 'must be AverageValue or Value');
  }
}

/** The CRD's fallback schema and CheckFallbackValid. */
function fallbackRules(spec: Record<string, any>, err: (p: string, m: string) => void): void {
  const f = spec.fallback;
  if (f === undefined) return;
  if (!isObject(f)) {
    err('spec.fallback', 'must be an object');
    return;
  }
  only(f, ['failureThreshold', 'replicas', 'behavior'], 'spec.fallback', err);
  for (const k of ['failureThreshold', 'replicas']) {
    if (f[k] === undefined) err(`spec.fallback.${k}`, 'required');
    else if (!isInt32(f[k]) || f[k] < 0) err(`spec.fallback.${k}`, 'must be an int32 of 0 or more');
  }
  if (f.behavior !== undefined && !FALLBACK_BEHAVIORS.includes(f.behavior)) err('spec.fallback.behavior', `must be one of ${FALLBACK_BEHAVIORS.join(', ')}`);
  const modifiers = isObject(spec.advanced?.scalingModifiers) && Object.keys(spec.advanced.scalingModifiers).length > 0;
  const triggers: any[] = Array.isArray(spec.triggers) ? spec.triggers : [];
  if (!modifiers && !triggers.some((t) => t?.type !== 'cpu' && t?.type !== 'memory')) {
    err('spec.fallback', 'at least one trigger that is not cpu or memory is needed for a fallback');
  }
  if (f.behavior === 'scalingModifiers' && !(modifiers && spec.advanced.scalingModifiers.formula)) {
    err('spec.fallback.behavior', 'scalingModifiers needs spec.advanced.scalingModifiers.formula');
  }
}

/** verifyHpas and verifyScaledObjects, against the other objects given. */
function crossObjectRules(so: any, objects: readonly any[], err: (p: string, m: string) => void): void {
  const ns = so.metadata?.namespace;
  const key = targetKey(so.spec?.scaleTargetRef, ns);
  for (const hpa of objects.filter((o) => o?.apiVersion?.startsWith('autoscaling/') && o?.kind === 'HorizontalPodAutoscaler')) {
    if (hpa.metadata?.annotations?.['validations.keda.sh/hpa-ownership'] === 'false') continue;
    if (targetKey(hpa.spec?.scaleTargetRef, hpa.metadata?.namespace) !== key) continue;
    const owned = (hpa.metadata?.ownerReferences ?? []).some((r: any) => r.kind === 'ScaledObject' && r.name === so.metadata?.name);
    if (owned) continue;
    const transfer = so.metadata?.annotations?.['scaledobject.keda.sh/transfer-hpa-ownership'] === 'true';
    if (transfer && so.spec?.advanced?.horizontalPodAutoscalerConfig?.name === hpa.metadata?.name) continue;
    err('spec.scaleTargetRef', transfer
      ? `the existing hpa '${hpa.metadata?.name}' must be named in spec.advanced.horizontalPodAutoscalerConfig.name to transfer its ownership`
      : `the workload '${so.spec?.scaleTargetRef?.name}' is already managed by the hpa '${hpa.metadata?.name}'`);
  }
  for (const other of objects.filter((o) => o !== so && o?.kind === 'ScaledObject' && o?.apiVersion === 'keda.sh/v1alpha1')) {
    if ((other.metadata?.namespace ?? '') !== (ns ?? '') || other.metadata?.name === so.metadata?.name) continue;
    if (targetKey(other.spec?.scaleTargetRef, other.metadata?.namespace) === key) {
      err('spec.scaleTargetRef', `the workload '${so.spec?.scaleTargetRef?.name}' is already managed by the ScaledObject '${other.metadata?.name}'`);
    }
    if (kedaHpaName(other) === kedaHpaName(so)) err('spec.advanced.horizontalPodAutoscalerConfig.name', `the HPA '${kedaHpaName(so)}' is already managed by the ScaledObject '${other.metadata?.name}'`);
  }
}
