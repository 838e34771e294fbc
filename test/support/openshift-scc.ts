/**
 * OpenShift's `restricted-v2` SecurityContextConstraints, applied to one pod the way the SCC
 * admission plugin applies it: first it fills in what the pod leaves unset, then it checks the
 * result. A pod template (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob) is judged
 * as the pods it will create. Written for the tests, sharing no code with src/.
 *
 * Where each rule comes from (our own summary; no code copied):
 * - The SCC itself: GitHub repository openshift/cluster-kube-apiserver-operator,
 *   `bindata/bootkube/scc-manifests/0000_20_kube-apiserver-operator_00_scc-restricted-v2.yaml`
 *   (branches release-4.11 … release-4.22 and main). No host network, PID, IPC, ports or host
 *   directories; not privileged; `allowPrivilegeEscalation: false`; `requiredDropCapabilities: [ALL]`;
 *   `allowedCapabilities: [NET_BIND_SERVICE]`; `runAsUser: MustRunAsRange` (no fixed range, so the
 *   namespace's); `fsGroup: MustRunAs` (no ranges, so the namespace's); `supplementalGroups: RunAsAny`;
 *   `seLinuxContext: MustRunAs` (no level, so the namespace's); `seccompProfiles: [runtime/default]`;
 *   `readOnlyRootFilesystem: false` (not required). Its volume list grew by release: 4.11 allows
 *   configMap, downwardAPI, emptyDir, persistentVolumeClaim, projected and secret; 4.12 adds
 *   ephemeral, 4.13 adds csi, 4.20 adds image (`release` below; default 12, so csi and image
 *   volumes count as refused unless the caller names a newer cluster).
 * - The field types and names: GitHub repository openshift/api, `security/v1/types.go`
 *   (SecurityContextConstraints, the strategy types, the FSType names a volume maps to) and
 *   `security/v1/consts.go` (the namespace annotations `openshift.io/sa.scc.uid-range`,
 *   `openshift.io/sa.scc.supplemental-groups`, `openshift.io/sa.scc.mcs`).
 * - How admission uses them: GitHub repository openshift/apiserver-library-go,
 *   `pkg/securitycontextconstraints/`:
 *   - `sccmatching/matcher.go`: the namespace must carry the uid-range and mcs annotations; a
 *     range is `<start>/<size>` or `<start>-<end>`; the supplemental-groups annotation (a comma
 *     list of ranges) falls back to the uid-range one; the fsGroup range is the single group that
 *     starts the first supplemental block. Defaults are set first, then everything is validated.
 *   - `sccmatching/provider.go`: pod defaults (fsGroup, seLinuxOptions, seccomp profile) and
 *     container defaults (runAsUser from the range's first UID, runAsNonRoot true when that UID is
 *     above 0, the required drops added to the container's own, allowPrivilegeEscalation false when
 *     unset); then the checks listed in `restrictedV2` below. A container's effective value is its
 *     own, else the pod's.
 *   - `user/mustrunasrange.go` (UID inside [min, max]), `group/mustrunas.go` (fsGroup in range),
 *     `capabilities/mustrunas.go` (an added capability must be allowed; every required drop must be
 *     dropped), `seccomp/strategy.go` (field ↔ `runtime/default`, `localhost/<file>`, `unconfined`;
 *     `docker/default` counts as `runtime/default`), `selinux/mustrunas.go` (the level must equal
 *     the namespace's, categories in any order; user, role and type must equal the SCC's, which are
 *     empty), `sysctl/mustmatchpatterns.go` (only the safe sysctls), `util/util.go` (volume source
 *     → FSType).
 *
 * What this does not model: choosing among several SCCs (only restricted-v2 is tried, as for a
 * service account with no other grant), and Kubernetes' Pod Security admission, which OpenShift runs
 * as well (test/support/pod-security.ts covers it). Where restricted-v2 admits something Pod
 * Security `restricted` refuses (an explicit `runAsNonRoot: false`), `warnings` says so.
 */

/** The namespace annotations restricted-v2 reads. */
export const UID_RANGE = 'openshift.io/sa.scc.uid-range';
export const SUPPLEMENTAL_GROUPS = 'openshift.io/sa.scc.supplemental-groups';
export const MCS = 'openshift.io/sa.scc.mcs';

/** A namespace as OpenShift annotates a new project (values of the kind it allocates). */
export const EXAMPLE_NAMESPACE = {
  metadata: {
    name: 'llama',
    annotations: { [UID_RANGE]: '1000680000/10000', [SUPPLEMENTAL_GROUPS]: '1000680000/10000', [MCS]: 's0:c26,c15' },
  },
};

export interface SccOptions {
  /** The OpenShift 4 minor release whose restricted-v2 volume list applies (default 12). */
  readonly release?: number;
}

export interface SccVerdict {
  /** True when restricted-v2 admits the pod. */
  readonly admitted: boolean;
  /** One `path: what` per violation, every one listed. */
  readonly violations: string[];
  /** One `path: value` per field the SCC fills in. */
  readonly defaults: string[];
  /** Admitted here, refused elsewhere (Pod Security `restricted`). */
  readonly warnings: string[];
  /** The pod spec as admission leaves it (a copy, with the defaults applied). */
  readonly pod: any;
}

interface Range { min: number; max: number }

/** Volume sources (the pod spec's key) → the SCC's FSType name: the same word but for three. */
const FS_TYPES: Record<string, string> = Object.fromEntries([
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap', 'quobyte',
  'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'csi', 'ephemeral', 'image',
].map((k) => [k, k]).concat([['cephfs', 'cephFS'], ['vsphereVolume', 'vsphere'], ['storageos', 'storageOS']]));

/** The volume types restricted-v2 allows on OpenShift 4.`release`. */
export function allowedVolumeTypes(release = 12): string[] {
  const out = ['configMap', 'downwardAPI', 'emptyDir', 'persistentVolumeClaim', 'projected', 'secret'];
  if (release >= 12) out.push('ephemeral');
  if (release >= 13) out.push('csi');
  if (release >= 20) out.push('image');
  return out.sort();
}

const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start', 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes', 'net.ipv4.ip_local_reserved_ports', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem',
]);
const ALLOWED_CAPABILITIES = ['NET_BIND_SERVICE'];
const REQUIRED_DROP = ['ALL'];
const ALLOWED_SECCOMP = ['runtime/default'];
const POD_SECCOMP_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const CONTAINER_SECCOMP_ANNOTATION = 'container.seccomp.security.alpha.kubernetes.io/';
const REQUIRED_SCC_ANNOTATION = 'openshift.io/required-scc';

/** `<start>/<size>` or `<start>-<end>`, as the namespace annotations write a block; undefined when malformed. */
export function parseBlock(text: string): Range | undefined {
  const sized = /^(\d+)\/(\d+)$/.exec(text);
  if (sized) {
    const size = Number(sized[2]);
    return size > 0 ? { min: Number(sized[1]), max: Number(sized[1]) + size - 1 } : undefined;
  }
  const spanned = /^(\d+)-(\d+)$/.exec(text);
  if (spanned && Number(spanned[2]) >= Number(spanned[1])) return { min: Number(spanned[1]), max: Number(spanned[2]) };
  return undefined;
}

/** The pod spec (and its path and annotations) of a Pod, a workload with a pod template, a CronJob or a bare pod spec. */
export function podOf(object: any): { spec: any; at: string; annotations: Record<string, string> } {
  if (object?.kind === 'Pod') return { spec: object.spec ?? {}, at: 'spec', annotations: object.metadata?.annotations ?? {} };
  if (object?.spec?.jobTemplate?.spec?.template) {
    const t = object.spec.jobTemplate.spec.template;
    return { spec: t.spec ?? {}, at: 'spec.jobTemplate.spec.template.spec', annotations: t.metadata?.annotations ?? {} };
  }
  if (object?.spec?.template) {
    return { spec: object.spec.template.spec ?? {}, at: 'spec.template.spec', annotations: object.spec.template.metadata?.annotations ?? {} };
  }
  return { spec: object ?? {}, at: 'spec', annotations: {} };
}

/** The ranges restricted-v2 takes from the namespace, or the reasons it cannot. */
function namespaceRanges(namespace: any): { uid?: Range; fsGroup?: Range; level?: string; problems: string[] } {
  const a: Record<string, string> = namespace?.metadata?.annotations ?? namespace?.annotations ?? {};
  const problems: string[] = [];
  let uid: Range | undefined;
  let fsGroup: Range | undefined;
  if (!a[UID_RANGE]) problems.push(`namespace: annotation ${UID_RANGE} is missing or empty`);
  else if (!(uid = parseBlock(a[UID_RANGE]))) problems.push(`namespace: annotation ${UID_RANGE} is not <start>/<size> or <start>-<end>: ${a[UID_RANGE]}`);
  if (!a[MCS]) problems.push(`namespace: annotation ${MCS} is missing or empty`);
  const groups = a[SUPPLEMENTAL_GROUPS] ?? a[UID_RANGE];
  if (groups) {
    const first = parseBlock(groups.split(',')[0]);
    const all = groups.split(',').every((b) => parseBlock(b) !== undefined);
    if (first && all) fsGroup = { min: first.min, max: first.min };
    else if (a[SUPPLEMENTAL_GROUPS] !== undefined) problems.push(`namespace: annotation ${SUPPLEMENTAL_GROUPS} is not a comma list of ranges: ${groups}`);
  }
  return { uid, fsGroup, level: a[MCS] || undefined, problems };
}

/** The annotation form of a seccompProfile field, as the SCC compares profiles. */
function profileName(field: any): string {
  switch (field?.type) {
    case 'Unconfined': return 'unconfined';
    case 'RuntimeDefault': return 'runtime/default';
    case 'Localhost': return typeof field.localhostProfile === 'string' ? `localhost/${field.localhostProfile}` : '';
    default: return '';
  }
}

/** The field form of an annotation profile; undefined for an unknown one. */
function profileField(name: string): any {
  if (name === 'unconfined') return { type: 'Unconfined' };
  if (name === 'runtime/default' || name === 'docker/default') return { type: 'RuntimeDefault' };
  if (name.startsWith('localhost/') && name.length > 'localhost/'.length) return { type: 'Localhost', localhostProfile: name.slice('localhost/'.length) };
  return undefined;
}

function seccompAllowed(profile: string): boolean {
  return ALLOWED_SECCOMP.includes(profile) || profile === 'docker/default';
}

/** SELinux levels are equal when the sensitivity matches and the categories are the same set. */
function sameLevel(want: string, got: string | undefined): boolean {
  if (want === got) return true;
  const [ws, wc, ...wx] = want.split(':');
  const [gs, gc, ...gx] = (got ?? '').split(':');
  if (wc === undefined || gc === undefined || wx.length || gx.length || ws !== gs) return false;
  return [...wc.split(',')].sort().join(',') === [...gc.split(',')].sort().join(',');
}

function checkSelinux(at: string, options: any, level: string, out: string[]): void {
  if (!sameLevel(level, options?.level)) out.push(`${at}.level: must be ${level}, not ${options?.level ?? '(unset)'}`);
  for (const k of ['user', 'role', 'type']) if ((options?.[k] ?? '') !== '') out.push(`${at}.${k}: must be unset (restricted-v2 allows no SELinux ${k}), not ${options[k]}`);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * restricted-v2's verdict on one pod (or the pods of one workload) in a namespace with the given
 * annotations (a Namespace object or `{annotations}`).
 */
export function restrictedV2(object: any, namespace: any = EXAMPLE_NAMESPACE, options: SccOptions = {}): SccVerdict {
  const { spec: original, at, annotations } = podOf(object);
  const pod = structuredClone(original);
  const violations: string[] = [];
  const defaults: string[] = [];
  const warnings: string[] = [];
  const ns = namespaceRanges(namespace);
  violations.push(...ns.problems);

  const required = annotations[REQUIRED_SCC_ANNOTATION];
  if (required !== undefined && required !== 'restricted-v2') violations.push(`metadata.annotations.${REQUIRED_SCC_ANNOTATION}: the pod asks for SCC ${required}, not restricted-v2`);

  // Pod-level defaults: supplementalGroups (RunAsAny: none), fsGroup, SELinux, seccomp.
  const psc = (pod.securityContext ??= {});
  if (psc.fsGroup === undefined && ns.fsGroup) {
    psc.fsGroup = ns.fsGroup.min;
    defaults.push(`${at}.securityContext.fsGroup: ${ns.fsGroup.min}`);
  }
  if (psc.seLinuxOptions === undefined && ns.level) {
    psc.seLinuxOptions = { level: ns.level };
    defaults.push(`${at}.securityContext.seLinuxOptions.level: ${ns.level}`);
  }
  const podAnnotationProfile = annotations[POD_SECCOMP_ANNOTATION];
  if (podAnnotationProfile) {
    const field = profileField(podAnnotationProfile);
    if (field && JSON.stringify(field) !== JSON.stringify(psc.seccompProfile)) psc.seccompProfile = field;
  } else if (psc.seccompProfile === undefined) {
    psc.seccompProfile = { type: 'RuntimeDefault' };
    defaults.push(`${at}.securityContext.seccompProfile.type: RuntimeDefault`);
  }

  // Pod-level checks.
  const sp = `${at}.securityContext`;
  if (ns.fsGroup) {
    if (!isInt(psc.fsGroup)) violations.push(`${sp}.fsGroup: required`);
    else if (psc.fsGroup < ns.fsGroup.min || psc.fsGroup > ns.fsGroup.max) violations.push(`${sp}.fsGroup: ${psc.fsGroup} is not an allowed group (the namespace allows ${ns.fsGroup.min})`);
  }
  const podProfile = podAnnotationProfile || profileName(psc.seccompProfile);
  if (!seccompAllowed(podProfile)) violations.push(`${sp}.seccompProfile: ${podProfile || '(none)'} is not an allowed seccomp profile (allowed: ${ALLOWED_SECCOMP.join(', ')})`);
  if (ns.level) checkSelinux(`${sp}.seLinuxOptions`, psc.seLinuxOptions, ns.level, violations);
  for (const k of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[k] === true) violations.push(`${at}.${k}: host namespaces are not allowed`);
  (psc.sysctls ?? []).forEach((s: any, i: number) => {
    if (!SAFE_SYSCTLS.has(s?.name)) violations.push(`${sp}.sysctls[${i}]: unsafe sysctl ${s?.name} is not allowed`);
  });
  const allowedVolumes = allowedVolumeTypes(options.release);
  (pod.volumes ?? []).forEach((v: any, i: number) => {
    const source = Object.keys(v ?? {}).find((k) => k !== 'name');
    const type = source === undefined ? undefined : FS_TYPES[source];
    if (type === undefined) violations.push(`${at}.volumes[${i}]: unknown volume type ${source ?? '(none)'}`);
    else if (!allowedVolumes.includes(type)) violations.push(`${at}.volumes[${i}]: ${type} volumes are not allowed (allowed: ${allowedVolumes.join(', ')})`);
  });

  // Containers: defaults, then checks, one container at a time.
  const lists: [string, any[]][] = [['initContainers', pod.initContainers ?? []], ['containers', pod.containers ?? []], ['ephemeralContainers', pod.ephemeralContainers ?? []]];
  for (const [list, containers] of lists) {
    containers.forEach((c: any, i: number) => {
      const cp = `${at}.${list}[${i}]`;
      const sc = (c.securityContext ??= {});
      const scp = `${cp}.securityContext`;
      if (sc.runAsUser === undefined && psc.runAsUser === undefined && ns.uid) {
        sc.runAsUser = ns.uid.min;
        defaults.push(`${scp}.runAsUser: ${ns.uid.min}`);
      }
      const uid = sc.runAsUser ?? psc.runAsUser;
      if (sc.runAsNonRoot === undefined && psc.runAsNonRoot === undefined && isInt(uid) && uid > 0) {
        sc.runAsNonRoot = true;
        defaults.push(`${scp}.runAsNonRoot: true`);
      }
      if ((sc.runAsNonRoot ?? psc.runAsNonRoot) === false) warnings.push(`${scp}.runAsNonRoot: false is admitted by restricted-v2 but refused by Pod Security "restricted"`);
      const add: string[] = sc.capabilities?.add ?? [];
      const drop: string[] = sc.capabilities?.drop ?? [];
      const missing = REQUIRED_DROP.filter((d) => !drop.includes(d));
      if (missing.length) {
        sc.capabilities = { ...(add.length ? { add: [...new Set(add)].sort() } : {}), drop: [...new Set([...drop, ...missing])].sort() };
        defaults.push(`${scp}.capabilities.drop: [${sc.capabilities.drop.join(', ')}]`);
      }
      const containerProfile = annotations[CONTAINER_SECCOMP_ANNOTATION + c.name];
      if (containerProfile !== undefined) sc.seccompProfile = profileField(containerProfile);
      if (sc.allowPrivilegeEscalation === undefined) {
        sc.allowPrivilegeEscalation = false;
        defaults.push(`${scp}.allowPrivilegeEscalation: false`);
      }

      if (ns.uid) {
        if (!isInt(uid)) violations.push(`${scp}.runAsUser: required`);
        else if (uid < ns.uid.min || uid > ns.uid.max) violations.push(`${scp}.runAsUser: ${uid} must be in the ranges: [${ns.uid.min}, ${ns.uid.max}]`);
      }
      if (ns.level) checkSelinux(`${scp}.seLinuxOptions`, sc.seLinuxOptions ?? psc.seLinuxOptions, ns.level, violations);
      const profile = sc.seccompProfile !== undefined ? profileName(sc.seccompProfile) : containerProfile ?? podProfile;
      if (!seccompAllowed(profile)) violations.push(`${scp}.seccompProfile: ${profile || '(none)'} is not an allowed seccomp profile (allowed: ${ALLOWED_SECCOMP.join(', ')})`);
      if (sc.privileged === true) violations.push(`${scp}.privileged: privileged containers are not allowed`);
      for (const cap of sc.capabilities?.add ?? []) if (!ALLOWED_CAPABILITIES.includes(cap)) violations.push(`${scp}.capabilities.add: ${cap} may not be added (allowed: ${ALLOWED_CAPABILITIES.join(', ')})`);
      (c.ports ?? []).forEach((p: any, j: number) => {
        if (isInt(p?.hostPort) && p.hostPort > 0) violations.push(`${cp}.ports[${j}].hostPort: host ports are not allowed`);
      });
      if (sc.allowPrivilegeEscalation === true) violations.push(`${scp}.allowPrivilegeEscalation: allowing privilege escalation is not allowed`);
    });
  }
  return { admitted: violations.length === 0, violations, defaults, warnings, pod };
}

/** `Kind/name: violation` for every pod-bearing object of `manifests` that restricted-v2 refuses. */
export function restrictedV2Violations(manifests: any[], namespace: any = EXAMPLE_NAMESPACE, options: SccOptions = {}): string[] {
  return manifests
    .filter((m) => m?.kind === 'Pod' || m?.spec?.template?.spec || m?.spec?.jobTemplate?.spec?.template?.spec)
    .flatMap((m) => restrictedV2(m, namespace, options).violations.map((v) => `${m.kind}/${m.metadata?.name}: ${v}`));
}
