/**
 * An independent validity checker for synthesized Kubernetes objects, written from the API
 * server's own rules (k8s.io/apimachinery/pkg/util/validation, k8s.io/kubernetes/pkg/apis/core/validation,
 * apps/networking/policy/autoscaling validation) and the container runtime's mount rules. It
 * deliberately shares no code with src/ (src/kubernetes/ implements the same rules for the
 * library): a bug there must not hide here. The schema checks (kubernetes-models) cover types;
 * this covers the formats, enums, cross-field and cross-object rules the schemas do not.
 *
 * `k8sValidityProblems(objects)` returns one line per problem: `Kind/name: field.path: what`.
 */

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const IANA_SVC_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

const MAX_CONFIG_MAP_BYTES = 1024 * 1024;
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

const VOLUME_SOURCES = new Set([
  'awsElasticBlockStore', 'azureDisk', 'azureFile', 'cephfs', 'cinder', 'configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral',
  'fc', 'flexVolume', 'flocker', 'gcePersistentDisk', 'gitRepo', 'glusterfs', 'hostPath', 'image', 'iscsi', 'nfs',
  'persistentVolumeClaim', 'photonPersistentDisk', 'portworxVolume', 'projected', 'quobyte', 'rbd', 'scaleIO', 'secret',
  'storageos', 'vsphereVolume',
]);

const isLabel = (s: unknown) => typeof s === 'string' && s.length <= 63 && DNS1123_LABEL.test(s);
const isSubdomain = (s: unknown) => typeof s === 'string' && s.length <= 253 && DNS1123_SUBDOMAIN.test(s);
const isDns1035 = (s: unknown) => typeof s === 'string' && s.length <= 63 && DNS1035_LABEL.test(s);
const isLabelValue = (s: unknown) => typeof s === 'string' && s.length <= 63 && LABEL_VALUE.test(s);
const isConfigKey = (s: unknown) => typeof s === 'string' && s.length <= 253 && CONFIG_KEY.test(s) && s !== '.' && s !== '..' && !s.startsWith('..');
const isPort = (p: unknown) => typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 65535;

function isQualifiedName(s: unknown): boolean {
  if (typeof s !== 'string') return false;
  const parts = s.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1];
  if (parts.length === 2 && !isSubdomain(parts[0])) return false;
  return name.length > 0 && name.length <= 63 && QUALIFIED_NAME_PART.test(name);
}

/** IANA_SVC_NAME: at most 15 characters, a-z0-9 and '-', at least one letter, no '--'. */
function isPortName(s: unknown): boolean {
  return typeof s === 'string' && s.length <= 15 && IANA_SVC_NAME.test(s) && /[a-z]/.test(s) && !s.includes('--');
}

/** A Kubernetes quantity's value (approximate: a float is enough to compare amounts). */
function quantity(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const m = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/.exec(v);
  if (!m) return undefined;
  const binary: { [s: string]: number } = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
  const decimal: { [s: string]: number } = { n: 1e-9, u: 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
  const s = m[2];
  const factor = s === undefined ? 1 : binary[s] ?? decimal[s] ?? 10 ** Number(s.slice(1));
  return Number(m[1]) * factor;
}

class Report {
  readonly lines: string[] = [];
  constructor(private readonly where: string) {}
  add(path: string, what: string): void {
    this.lines.push(`${this.where}: ${path}: ${what}`);
  }
}

function labels(r: Report, map: unknown, path: string): void {
  if (map === undefined || map === null) return;
  if (typeof map !== 'object' || Array.isArray(map)) return r.add(path, 'must be a map');
  for (const [k, v] of Object.entries(map)) {
    if (!isQualifiedName(k)) r.add(`${path}[${k}]`, 'key is not a qualified name');
    if (!isLabelValue(v)) r.add(`${path}[${k}]`, `value ${JSON.stringify(v)} is not a label value`);
  }
}

function selector(r: Report, s: any, path: string): void {
  if (s === undefined || s === null) return;
  labels(r, s.matchLabels, `${path}.matchLabels`);
  (s.matchExpressions ?? []).forEach((e: any, i: number) => {
    const at = `${path}.matchExpressions[${i}]`;
    if (!isQualifiedName(e.key)) r.add(`${at}.key`, 'is not a qualified name');
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(e.operator)) r.add(`${at}.operator`, 'unsupported operator');
    const n = (e.values ?? []).length;
    if ((e.operator === 'In' || e.operator === 'NotIn') && n === 0) r.add(`${at}.values`, 'required for In/NotIn');
    if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && n > 0) r.add(`${at}.values`, 'must be empty for Exists/DoesNotExist');
    (e.values ?? []).forEach((v: unknown, j: number) => { if (!isLabelValue(v)) r.add(`${at}.values[${j}]`, 'is not a label value'); });
  });
}

function metadata(r: Report, o: any): void {
  const m = o.metadata ?? {};
  if (typeof m.name !== 'string' || m.name === '') {r.add('metadata.name', 'required');} else if (o.kind === 'Service' ? !isDns1035(m.name) : o.kind === 'Namespace' ? !isLabel(m.name) : !isSubdomain(m.name)) {
    r.add('metadata.name', `${JSON.stringify(m.name)} is not a valid ${o.kind} name`);
  }
  if (m.namespace !== undefined && !isLabel(m.namespace)) r.add('metadata.namespace', `${JSON.stringify(m.namespace)} is not a DNS-1123 label`);
  labels(r, m.labels, 'metadata.labels');
  let annotationBytes = 0;
  for (const [k, v] of Object.entries(m.annotations ?? {})) {
    if (!isQualifiedName(k.toLowerCase())) r.add(`metadata.annotations[${k}]`, 'key is not a qualified name');
    if (typeof v !== 'string') r.add(`metadata.annotations[${k}]`, 'value must be a string');
    annotationBytes += Buffer.byteLength(k) + Buffer.byteLength(String(v));
  }
  if (annotationBytes > MAX_ANNOTATIONS_BYTES) r.add('metadata.annotations', `${annotationBytes} bytes: must have at most ${MAX_ANNOTATIONS_BYTES}`);
}

function configMap(r: Report, o: any): void {
  let bytes = 0;
  for (const [k, v] of Object.entries(o.data ?? {})) {
    if (!isConfigKey(k)) r.add(`data[${k}]`, 'is not a valid config key');
    if (typeof v !== 'string') r.add(`data[${k}]`, 'must be a string');
    else bytes += Buffer.byteLength(v, 'utf8');
  }
  for (const [k, v] of Object.entries(o.binaryData ?? {})) {
    if (!isConfigKey(k)) r.add(`binaryData[${k}]`, 'is not a valid config key');
    if (k in (o.data ?? {})) r.add(`binaryData[${k}]`, 'duplicate of a data key');
    bytes += Buffer.from(String(v), 'base64').length;
  }
  if (bytes > MAX_CONFIG_MAP_BYTES) r.add('data', `${bytes} bytes: a ConfigMap holds at most ${MAX_CONFIG_MAP_BYTES} bytes`);
}

function normalize(p: string): string {
  return `/${p.split('/').filter((s) => s !== '' && s !== '.').join('/')}`;
}

function container(r: Report, c: any, path: string, volumes: Set<string>): void {
  if (!isLabel(c.name)) r.add(`${path}.name`, `${JSON.stringify(c.name)} is not a DNS-1123 label`);
  if (typeof c.image !== 'string' || c.image.trim() === '') r.add(`${path}.image`, 'required');
  else if (c.image !== c.image.trim()) r.add(`${path}.image`, 'must not have leading or trailing whitespace');
  if (c.imagePullPolicy !== undefined && !['Always', 'IfNotPresent', 'Never'].includes(c.imagePullPolicy)) r.add(`${path}.imagePullPolicy`, `unsupported value ${JSON.stringify(c.imagePullPolicy)}`);
  const portNames = new Set<string>();
  const portNumbers = new Set<string>();
  (c.ports ?? []).forEach((p: any, i: number) => {
    const at = `${path}.ports[${i}]`;
    if (!isPort(p.containerPort)) r.add(`${at}.containerPort`, 'must be between 1 and 65535');
    if (p.name !== undefined) {
      if (!isPortName(p.name)) r.add(`${at}.name`, `${JSON.stringify(p.name)} is not an IANA_SVC_NAME`);
      if (portNames.has(p.name)) r.add(`${at}.name`, 'duplicate port name');
      portNames.add(p.name);
    }
    const key = `${p.containerPort}/${p.protocol ?? 'TCP'}`;
    if (portNumbers.has(key)) r.add(`${at}.containerPort`, 'duplicate port and protocol');
    portNumbers.add(key);
    if (p.protocol !== undefined && !['TCP', 'UDP', 'SCTP'].includes(p.protocol)) r.add(`${at}.protocol`, 'unsupported protocol');
  });
  (c.env ?? []).forEach((e: any, i: number) => {
    const at = `${path}.env[${i}]`;
    if (typeof e.name !== 'string' || !ENV_NAME.test(e.name)) r.add(`${at}.name`, `${JSON.stringify(e.name)} is not a valid env var name`);
    if (e.valueFrom !== undefined) {
      if (e.value !== undefined && e.value !== '') r.add(`${at}.valueFrom`, 'may not be set with a non-empty value');
      const sources = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'].filter((k) => e.valueFrom[k] !== undefined);
      if (sources.length !== 1) r.add(`${at}.valueFrom`, 'must have exactly one source');
      for (const k of ['configMapKeyRef', 'secretKeyRef']) {
        const ref = e.valueFrom[k];
        if (!ref) continue;
        if (!isSubdomain(ref.name)) r.add(`${at}.valueFrom.${k}.name`, `${JSON.stringify(ref.name)} is not an object name`);
        if (!isConfigKey(ref.key)) r.add(`${at}.valueFrom.${k}.key`, `${JSON.stringify(ref.key)} is not a valid key`);
      }
    }
  });
  const mountPaths = new Set<string>();
  (c.volumeMounts ?? []).forEach((m: any, i: number) => {
    const at = `${path}.volumeMounts[${i}]`;
    if (!volumes.has(m.name)) r.add(`${at}.name`, `no volume ${JSON.stringify(m.name)}`);
    if (typeof m.mountPath !== 'string' || !m.mountPath.startsWith('/')) r.add(`${at}.mountPath`, 'must be an absolute path');
    else if (m.mountPath.includes(':')) r.add(`${at}.mountPath`, 'must not contain \':\'');
    else if (mountPaths.has(normalize(m.mountPath))) r.add(`${at}.mountPath`, `${m.mountPath} must be unique`);
    if (typeof m.mountPath === 'string') mountPaths.add(normalize(m.mountPath));
    if (m.subPath !== undefined && (m.subPath.startsWith('/') || m.subPath.split('/').includes('..'))) r.add(`${at}.subPath`, 'must be a relative path without \'..\'');
  });
  for (const probeName of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
    const port = c[probeName]?.httpGet?.port;
    if (port === undefined) continue;
    if (typeof port === 'string' ? !portNames.has(port) : !isPort(port)) r.add(`${path}.${probeName}.httpGet.port`, `${JSON.stringify(port)} names no container port`);
  }
  const requests = c.resources?.requests ?? {};
  const limits = c.resources?.limits ?? {};
  for (const [kind, amounts] of [['requests', requests], ['limits', limits]] as const) {
    for (const [name, v] of Object.entries(amounts)) {
      const q = quantity(v);
      if (q === undefined || q < 0) r.add(`${path}.resources.${kind}.${name}`, `${JSON.stringify(v)} is not a non-negative quantity`);
      if (!name.includes('/') && !['cpu', 'memory', 'ephemeral-storage'].includes(name) && !name.startsWith('hugepages-')) r.add(`${path}.resources.${kind}.${name}`, 'not a standard container resource');
    }
  }
  for (const [name, v] of Object.entries(requests)) {
    const q = quantity(v);
    const l = quantity(limits[name]);
    if (q !== undefined && l !== undefined && q > l) r.add(`${path}.resources.requests.${name}`, `${String(v)} is above the limit ${String(limits[name])}`);
  }
}

function podSpec(r: Report, pod: any, path: string): void {
  const volumes = new Set<string>();
  (pod.volumes ?? []).forEach((v: any, i: number) => {
    const at = `${path}.volumes[${i}]`;
    if (!isLabel(v.name)) r.add(`${at}.name`, `${JSON.stringify(v.name)} is not a DNS-1123 label`);
    if (volumes.has(v.name)) r.add(`${at}.name`, `duplicate volume ${JSON.stringify(v.name)}`);
    volumes.add(v.name);
    const sources = Object.keys(v).filter((k) => VOLUME_SOURCES.has(k));
    if (sources.length !== 1) r.add(at, `must have exactly one volume source, has ${sources.length}`);
    if (v.configMap && !isSubdomain(v.configMap.name)) r.add(`${at}.configMap.name`, 'is not a ConfigMap name');
    if (v.secret && !isSubdomain(v.secret.secretName)) r.add(`${at}.secret.secretName`, 'is not a Secret name');
    if (v.persistentVolumeClaim && !isSubdomain(v.persistentVolumeClaim.claimName)) r.add(`${at}.persistentVolumeClaim.claimName`, 'is not a claim name');
    for (const src of [v.configMap, v.secret]) {
      (src?.items ?? []).forEach((item: any, j: number) => {
        if (!isConfigKey(item.key)) r.add(`${at}.items[${j}].key`, 'is not a valid key');
        if (typeof item.path !== 'string' || item.path === '' || item.path.startsWith('/') || item.path.split('/').includes('..')) r.add(`${at}.items[${j}].path`, 'must be a relative path without \'..\'');
      });
    }
  });
  const all = [...(pod.initContainers ?? []), ...(pod.containers ?? [])];
  if ((pod.containers ?? []).length === 0) r.add(`${path}.containers`, 'required');
  const names = new Set<string>();
  all.forEach((c: any) => {
    if (names.has(c.name)) r.add(`${path}.containers`, `duplicate container name ${JSON.stringify(c.name)}`);
    names.add(c.name);
  });
  (pod.initContainers ?? []).forEach((c: any, i: number) => container(r, c, `${path}.initContainers[${i}]`, volumes));
  (pod.containers ?? []).forEach((c: any, i: number) => container(r, c, `${path}.containers[${i}]`, volumes));
  if (pod.serviceAccountName !== undefined && !isSubdomain(pod.serviceAccountName)) r.add(`${path}.serviceAccountName`, 'is not a ServiceAccount name');
  labels(r, pod.nodeSelector, `${path}.nodeSelector`);
  (pod.tolerations ?? []).forEach((t: any, i: number) => {
    const at = `${path}.tolerations[${i}]`;
    const op = t.operator ?? 'Equal';
    if (!['Equal', 'Exists'].includes(op)) r.add(`${at}.operator`, 'must be Equal or Exists');
    if ((t.key ?? '') === '' && op !== 'Exists') r.add(`${at}.operator`, 'must be Exists when key is empty');
    if ((t.key ?? '') !== '' && !isQualifiedName(t.key)) r.add(`${at}.key`, 'is not a qualified name');
    if (op === 'Exists' && (t.value ?? '') !== '') r.add(`${at}.value`, 'must be empty with Exists');
    if (op === 'Equal' && !isLabelValue(t.value ?? '')) r.add(`${at}.value`, 'is not a label value');
    if (t.effect !== undefined && t.effect !== '' && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) r.add(`${at}.effect`, 'unsupported effect');
    if (t.tolerationSeconds !== undefined && t.effect !== 'NoExecute') r.add(`${at}.effect`, 'must be NoExecute with tolerationSeconds');
  });
  const pairs = new Set<string>();
  (pod.topologySpreadConstraints ?? []).forEach((c: any, i: number) => {
    const at = `${path}.topologySpreadConstraints[${i}]`;
    if (!(c.maxSkew > 0)) r.add(`${at}.maxSkew`, 'must be greater than zero');
    if (!isQualifiedName(c.topologyKey)) r.add(`${at}.topologyKey`, 'is not a qualified name');
    if (!['DoNotSchedule', 'ScheduleAnyway'].includes(c.whenUnsatisfiable)) r.add(`${at}.whenUnsatisfiable`, 'unsupported value');
    const pair = `${c.topologyKey}/${c.whenUnsatisfiable}`;
    if (pairs.has(pair)) r.add(at, 'duplicate {topologyKey, whenUnsatisfiable}');
    pairs.add(pair);
    selector(r, c.labelSelector, `${at}.labelSelector`);
  });
  if (pod.terminationGracePeriodSeconds !== undefined && !(pod.terminationGracePeriodSeconds >= 0)) r.add(`${path}.terminationGracePeriodSeconds`, 'must be >= 0');
  if (pod.securityContext?.runAsUser !== undefined && !(pod.securityContext.runAsUser >= 0)) r.add(`${path}.securityContext.runAsUser`, 'must be >= 0');
}

function deployment(r: Report, o: any): void {
  const s = o.spec ?? {};
  const sel = s.selector?.matchLabels ?? {};
  const podLabels = s.template?.metadata?.labels ?? {};
  if (Object.keys(sel).length === 0 && (s.selector?.matchExpressions ?? []).length === 0) r.add('spec.selector', 'required (empty selectors match everything)');
  selector(r, s.selector, 'spec.selector');
  labels(r, podLabels, 'spec.template.metadata.labels');
  for (const [k, v] of Object.entries(sel)) if (podLabels[k] !== v) r.add('spec.template.metadata.labels', `selector ${k}=${String(v)} does not match the template`);
  if (s.replicas !== undefined && !(Number.isInteger(s.replicas) && s.replicas >= 0)) r.add('spec.replicas', 'must be a non-negative integer');
  if (s.strategy?.type !== undefined && !['Recreate', 'RollingUpdate'].includes(s.strategy.type)) r.add('spec.strategy.type', 'unsupported value');
  podSpec(r, s.template?.spec ?? {}, 'spec.template.spec');
}

/** batch/v1 Job (pkg/apis/batch/validation): the pod template, a restart policy a Job allows, its counters; the name goes into a pod label. */
function job(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (typeof o.metadata?.name === 'string' && o.metadata.name.length > 63) r.add('metadata.name', 'a Job name must be at most 63 characters (it is the pod label job-name)');
  labels(r, s.template?.metadata?.labels, 'spec.template.metadata.labels');
  if (s.selector !== undefined && !s.manualSelector) r.add('spec.selector', 'set by the Job controller unless manualSelector is true');
  if (!['Never', 'OnFailure'].includes(s.template?.spec?.restartPolicy)) r.add('spec.template.spec.restartPolicy', 'a Job\'s pod must have restartPolicy Never or OnFailure');
  for (const k of ['backoffLimit', 'completions', 'parallelism', 'ttlSecondsAfterFinished']) {
    if (s[k] !== undefined && !(Number.isInteger(s[k]) && s[k] >= 0)) r.add(`spec.${k}`, 'must be a non-negative integer');
  }
  if (s.activeDeadlineSeconds !== undefined && !(Number.isInteger(s.activeDeadlineSeconds) && s.activeDeadlineSeconds > 0)) r.add('spec.activeDeadlineSeconds', 'must be a positive integer');
  podSpec(r, s.template?.spec ?? {}, 'spec.template.spec');
}

/** batch/v1 CronJob: a name the controller can append its 11 characters to, a schedule, a Job template. */
function cronJob(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (typeof o.metadata?.name === 'string' && o.metadata.name.length > 52) r.add('metadata.name', 'a CronJob name must be at most 52 characters');
  if (typeof s.schedule !== 'string' || s.schedule.trim().split(/\s+/).length !== 5) r.add('spec.schedule', 'must be a five-field cron schedule');
  if (s.concurrencyPolicy !== undefined && !['Allow', 'Forbid', 'Replace'].includes(s.concurrencyPolicy)) r.add('spec.concurrencyPolicy', 'unsupported value');
  const template = new Report('');
  job(template, { metadata: { name: 'x' }, spec: s.jobTemplate?.spec });
  for (const line of template.lines) r.add('spec.jobTemplate', line.replace(/^: /, ''));
}

function service(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (s.type !== undefined && !['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'].includes(s.type)) r.add('spec.type', 'unsupported value');
  const ports: any[] = s.ports ?? [];
  if (ports.length === 0 && s.type !== 'ExternalName') r.add('spec.ports', 'required');
  const names = new Set<string>();
  const keys = new Set<string>();
  ports.forEach((p, i) => {
    const at = `spec.ports[${i}]`;
    if (!isPort(p.port)) r.add(`${at}.port`, 'must be between 1 and 65535');
    if (ports.length > 1 && p.name === undefined) r.add(`${at}.name`, 'required with several ports');
    if (p.name !== undefined && !isPortName(p.name)) r.add(`${at}.name`, 'is not an IANA_SVC_NAME');
    if (p.name !== undefined && names.has(p.name)) r.add(`${at}.name`, 'duplicate');
    names.add(p.name);
    const key = `${p.port}/${p.protocol ?? 'TCP'}`;
    if (keys.has(key)) r.add(`${at}.port`, 'duplicate port and protocol');
    keys.add(key);
    if (p.targetPort !== undefined && (typeof p.targetPort === 'string' ? !isPortName(p.targetPort) : !isPort(p.targetPort))) r.add(`${at}.targetPort`, 'is not a port');
  });
  labels(r, s.selector, 'spec.selector');
}

function pvc(r: Report, o: any): void {
  const s = o.spec ?? {};
  if ((s.accessModes ?? []).length === 0) r.add('spec.accessModes', 'at least 1 access mode is required');
  for (const m of s.accessModes ?? []) if (!['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'].includes(m)) r.add('spec.accessModes', `unsupported ${m}`);
  const size = quantity(s.resources?.requests?.storage);
  if (size === undefined || size <= 0) r.add('spec.resources.requests.storage', 'must be a positive quantity');
  if (s.storageClassName !== undefined && s.storageClassName !== '' && !isSubdomain(s.storageClassName)) r.add('spec.storageClassName', 'is not a StorageClass name');
}

function hpa(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (s.minReplicas !== undefined && !(s.minReplicas >= 1)) r.add('spec.minReplicas', 'must be at least 1');
  if (!(s.maxReplicas >= 1) || (s.minReplicas !== undefined && s.maxReplicas < s.minReplicas)) r.add('spec.maxReplicas', 'must be at least minReplicas');
  if (!isSubdomain(s.scaleTargetRef?.name)) r.add('spec.scaleTargetRef.name', 'is not an object name');
  (s.metrics ?? []).forEach((m: any, i: number) => {
    const u = m.resource?.target?.averageUtilization;
    if (u !== undefined && !(u > 0)) r.add(`spec.metrics[${i}]`, 'averageUtilization must be positive');
  });
}

function intOrPercent(r: Report, v: unknown, path: string): void {
  if (v === undefined) return;
  if (typeof v === 'number' ? !(Number.isInteger(v) && v >= 0) : !(typeof v === 'string' && /^([0-9]+)%$/.test(v) && Number(v.slice(0, -1)) <= 100)) r.add(path, 'must be a non-negative integer or a percentage up to 100%');
}

function pdb(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (s.minAvailable !== undefined && s.maxUnavailable !== undefined) r.add('spec', 'minAvailable and maxUnavailable are exclusive');
  intOrPercent(r, s.minAvailable, 'spec.minAvailable');
  intOrPercent(r, s.maxUnavailable, 'spec.maxUnavailable');
  selector(r, s.selector, 'spec.selector');
}

function networkPolicy(r: Report, o: any): void {
  const s = o.spec ?? {};
  selector(r, s.podSelector, 'spec.podSelector');
  for (const t of s.policyTypes ?? []) if (!['Ingress', 'Egress'].includes(t)) r.add('spec.policyTypes', `unsupported ${t}`);
  (s.ingress ?? []).forEach((rule: any, i: number) => {
    (rule.from ?? []).forEach((peer: any, j: number) => {
      selector(r, peer.namespaceSelector, `spec.ingress[${i}].from[${j}].namespaceSelector`);
      selector(r, peer.podSelector, `spec.ingress[${i}].from[${j}].podSelector`);
    });
    (rule.ports ?? []).forEach((p: any, j: number) => {
      if (p.port !== undefined && (typeof p.port === 'string' ? !isPortName(p.port) : !isPort(p.port))) r.add(`spec.ingress[${i}].ports[${j}].port`, 'is not a port');
    });
  });
}

function isHost(h: unknown): boolean {
  if (typeof h !== 'string') return false;
  const rest = h.startsWith('*.') ? h.slice(2) : h;
  return isSubdomain(rest) && rest.split('.').every((l) => l.length <= 63) && !/^\d{1,3}(\.\d{1,3}){3}$/.test(rest);
}

function ingress(r: Report, o: any): void {
  const s = o.spec ?? {};
  if (s.ingressClassName !== undefined && !isSubdomain(s.ingressClassName)) r.add('spec.ingressClassName', 'is not an IngressClass name');
  (s.rules ?? []).forEach((rule: any, i: number) => {
    if (rule.host !== undefined && !isHost(rule.host)) r.add(`spec.rules[${i}].host`, `${JSON.stringify(rule.host)} is not a host name`);
    (rule.http?.paths ?? []).forEach((p: any, j: number) => {
      const at = `spec.rules[${i}].http.paths[${j}]`;
      if (!['Exact', 'Prefix', 'ImplementationSpecific'].includes(p.pathType)) r.add(`${at}.pathType`, 'unsupported value');
      if (typeof p.path !== 'string' || !p.path.startsWith('/')) r.add(`${at}.path`, 'must be an absolute path');
      const svc = p.backend?.service;
      if (svc && !isDns1035(svc.name)) r.add(`${at}.backend.service.name`, 'is not a Service name');
      if (svc && (svc.port?.name !== undefined ? !isPortName(svc.port.name) : !isPort(svc.port?.number))) r.add(`${at}.backend.service.port`, 'is not a port');
    });
  });
  (s.tls ?? []).forEach((t: any, i: number) => {
    if (t.secretName !== undefined && !isSubdomain(t.secretName)) r.add(`spec.tls[${i}].secretName`, 'is not a Secret name');
    (t.hosts ?? []).forEach((h: unknown, j: number) => { if (!isHost(h)) r.add(`spec.tls[${i}].hosts[${j}]`, 'is not a host name'); });
  });
}

function httpRoute(r: Report, o: any): void {
  (o.spec?.hostnames ?? []).forEach((h: unknown, i: number) => { if (!isHost(h)) r.add(`spec.hostnames[${i}]`, 'is not a host name'); });
  (o.spec?.parentRefs ?? []).forEach((p: any, i: number) => {
    if (!isSubdomain(p.name)) r.add(`spec.parentRefs[${i}].name`, 'is not an object name');
    if (p.namespace !== undefined && !isLabel(p.namespace)) r.add(`spec.parentRefs[${i}].namespace`, 'is not a namespace name');
  });
}

const CHECKS: { [kind: string]: (r: Report, o: any) => void } = {
  ConfigMap: configMap,
  Deployment: deployment,
  Job: job,
  CronJob: cronJob,
  Service: service,
  PersistentVolumeClaim: pvc,
  HorizontalPodAutoscaler: hpa,
  PodDisruptionBudget: pdb,
  NetworkPolicy: networkPolicy,
  Ingress: ingress,
  HTTPRoute: httpRoute,
};

/** Objects that refer to each other: Service → pods, Ingress/HTTPRoute → Service and port, HPA → Deployment. */
function crossObject(objects: any[]): string[] {
  const out: string[] = [];
  const ns = (o: any) => o.metadata?.namespace ?? '';
  const find = (kind: string, name: string, namespace: string) =>
    objects.find((o) => o.kind === kind && o.metadata?.name === name && ns(o) === namespace);
  const seen = new Set<string>();
  for (const o of objects) {
    const id = `${o.apiVersion}/${o.kind}/${ns(o)}/${o.metadata?.name}`;
    if (seen.has(id)) out.push(`${o.kind}/${o.metadata?.name}: duplicate object`);
    seen.add(id);
    if (o.kind === 'Service' && o.spec?.selector) {
      const matches = objects.some((d) => d.kind === 'Deployment' && ns(d) === ns(o)
        && Object.entries(o.spec.selector).every(([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v));
      if (!matches) out.push(`Service/${o.metadata.name}: spec.selector: selects no Deployment's pods`);
    }
    const backends: [string, any][] = [];
    if (o.kind === 'Ingress') {
      for (const rule of o.spec?.rules ?? []) {
        for (const p of rule.http?.paths ?? []) if (p.backend?.service) backends.push([p.backend.service.name, p.backend.service.port]);
      }
    }
    if (o.kind === 'HTTPRoute') {
      for (const rule of o.spec?.rules ?? []) for (const b of rule.backendRefs ?? []) backends.push([b.name, { number: b.port }]);
    }
    for (const [name, port] of backends) {
      const svc = find('Service', name, ns(o));
      if (!svc) {
        out.push(`${o.kind}/${o.metadata?.name}: backend Service ${name} is not among the objects`);
      } else if (!(svc.spec?.ports ?? []).some((p: any) => (port?.name !== undefined ? p.name === port.name : p.port === port?.number))) {
        out.push(`${o.kind}/${o.metadata?.name}: backend port ${JSON.stringify(port)} is not a port of Service ${name}`);
      }
    }
    if (o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.kind === 'Deployment' && !find('Deployment', o.spec.scaleTargetRef.name, ns(o))) {
      out.push(`HorizontalPodAutoscaler/${o.metadata?.name}: scaleTargetRef names no Deployment among the objects`);
    }
  }
  return out;
}

/** One line per problem the API server (or the container runtime) would have with `objects`; empty when valid. */
export function k8sValidityProblems(objects: any[]): string[] {
  const out: string[] = [];
  for (const o of objects) {
    if (o === null || typeof o !== 'object') {
      out.push(`(document): not an object: ${JSON.stringify(o)}`);
      continue;
    }
    const r = new Report(`${o.kind}/${o.metadata?.name}`);
    metadata(r, o);
    CHECKS[o.kind]?.(r, o);
    out.push(...r.lines);
  }
  return [...out, ...crossObject(objects)];
}
