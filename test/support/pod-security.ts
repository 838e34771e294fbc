/**
 * The restricted Pod Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/),
 * baseline checks included, as the PodSecurity admission controller applies it to a pod spec:
 * every container (init containers too), the pod's own security context and its volumes.
 */

/** Volume types the restricted profile allows. */
const RESTRICTED_VOLUMES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];
/** Sysctls the baseline profile allows. */
const SAFE_SYSCTLS = [
  'kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.ip_unprivileged_port_start', 'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range', 'net.ipv4.ip_local_reserved_ports', 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes',
];
const SELINUX_TYPES = ['container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t'];

/** One message per violation of the restricted profile (empty when the pod passes). */
export function restrictedViolations(pod: any): string[] {
  const out: string[] = [];
  const psc = pod.securityContext ?? {};
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) out.push('pod: host namespaces (hostNetwork, hostPID, hostIPC) must not be used');
  for (const v of pod.volumes ?? []) {
    const type = Object.keys(v).find((k) => k !== 'name');
    if (!type || !RESTRICTED_VOLUMES.includes(type)) out.push(`volume ${v.name}: type ${type} is not allowed (hostPath and other host volumes are forbidden)`);
  }
  for (const s of psc.sysctls ?? []) if (!SAFE_SYSCTLS.includes(s.name)) out.push(`pod: sysctl ${s.name} is not allowed`);
  if (psc.runAsUser === 0) out.push('pod: runAsUser must not be 0');
  const containers = [
    ...(pod.initContainers ?? []).map((c: any) => ['initContainer', c]),
    ...(pod.containers ?? []).map((c: any) => ['container', c]),
    ...(pod.ephemeralContainers ?? []).map((c: any) => ['ephemeralContainer', c]),
  ] as [string, any][];
  for (const [kind, c] of containers) {
    const sc = c.securityContext ?? {};
    const at = `${kind} ${c.name}`;
    if (sc.privileged) out.push(`${at}: privileged`);
    if (sc.windowsOptions?.hostProcess || psc.windowsOptions?.hostProcess) out.push(`${at}: hostProcess`);
    if ((c.ports ?? []).some((p: any) => p.hostPort)) out.push(`${at}: hostPort`);
    if (sc.procMount !== undefined && sc.procMount !== 'Default') out.push(`${at}: procMount ${sc.procMount}`);
    const selinux = sc.seLinuxOptions ?? psc.seLinuxOptions;
    if (selinux && ((selinux.type && !SELINUX_TYPES.includes(selinux.type)) || selinux.user || selinux.role)) out.push(`${at}: seLinuxOptions`);
    const apparmor = sc.appArmorProfile?.type ?? psc.appArmorProfile?.type;
    if (apparmor !== undefined && apparmor !== 'RuntimeDefault' && apparmor !== 'Localhost') out.push(`${at}: appArmorProfile ${apparmor}`);
    if (sc.allowPrivilegeEscalation !== false) out.push(`${at}: allowPrivilegeEscalation must be false`);
    const nonRoot = sc.runAsNonRoot ?? psc.runAsNonRoot;
    if (nonRoot !== true) out.push(`${at}: runAsNonRoot must be true`);
    if (sc.runAsUser === 0) out.push(`${at}: runAsUser must not be 0`);
    const seccomp = sc.seccompProfile?.type ?? psc.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') out.push(`${at}: seccompProfile must be RuntimeDefault or Localhost`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) out.push(`${at}: capabilities must drop ALL`);
    for (const cap of sc.capabilities?.add ?? []) if (cap !== 'NET_BIND_SERVICE') out.push(`${at}: capability ${cap} must not be added`);
  }
  return out;
}

/** The violations of every workload object's pod template. */
export function restrictedViolationsOf(manifests: any[]): string[] {
  // A CronJob's pods come from its jobTemplate.
  const podOf = (m: any) => m.spec?.template?.spec ?? m.spec?.jobTemplate?.spec?.template?.spec;
  return manifests
    .filter((m) => podOf(m))
    .flatMap((m) => restrictedViolations(podOf(m)).map((v) => `${m.kind} ${m.metadata?.name}: ${v}`));
}
