import { allowedVolumeTypes, EXAMPLE_NAMESPACE, MCS, parseBlock, restrictedV2, restrictedV2Violations, SUPPLEMENTAL_GROUPS, UID_RANGE } from './openshift-scc';

// EXAMPLE_NAMESPACE: UIDs 1000680000..1000689999, fsGroup 1000680000, level s0:c26,c15.
const MIN = 1000680000;
const MAX = 1000689999;

/** A pod spec written for the restricted profile, leaving UID, fsGroup and SELinux to the SCC. */
function pod(over: Record<string, unknown> = {}, container: Record<string, unknown> = {}): any {
  return {
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [{
      name: 'server',
      image: 'example.com/ogx:1',
      ports: [{ containerPort: 8321 }],
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true, ...container },
    }],
    volumes: [{ name: 'config', configMap: { name: 'c' } }, { name: 'data', emptyDir: {} }],
    ...over,
  };
}

const verdict = (p: any, ns: any = EXAMPLE_NAMESPACE, release?: number) => restrictedV2(p, ns, { release });
const violations = (p: any, ns?: any, release?: number) => verdict(p, ns, release).violations;

describe('restricted-v2: what it fills in', () => {
  test('an empty pod spec is admitted with every default the SCC sets', () => {
    const v = verdict({ containers: [{ name: 'c', image: 'i' }] });
    expect(v.admitted).toBe(true);
    expect(v.defaults).toEqual([
      `spec.securityContext.fsGroup: ${MIN}`,
      'spec.securityContext.seLinuxOptions.level: s0:c26,c15',
      'spec.securityContext.seccompProfile.type: RuntimeDefault',
      `spec.containers[0].securityContext.runAsUser: ${MIN}`,
      'spec.containers[0].securityContext.runAsNonRoot: true',
      'spec.containers[0].securityContext.capabilities.drop: [ALL]',
      'spec.containers[0].securityContext.allowPrivilegeEscalation: false',
    ]);
    expect(v.pod.securityContext).toEqual({ fsGroup: MIN, seLinuxOptions: { level: 's0:c26,c15' }, seccompProfile: { type: 'RuntimeDefault' } });
    expect(v.pod.containers[0].securityContext).toEqual({ runAsUser: MIN, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, allowPrivilegeEscalation: false });
  });

  test('a restricted pod with no UID is admitted; only UID, fsGroup and SELinux level are filled in', () => {
    const v = verdict(pod());
    expect(v).toMatchObject({ admitted: true, violations: [], warnings: [] });
    expect(v.defaults).toEqual([
      `spec.securityContext.fsGroup: ${MIN}`,
      'spec.securityContext.seLinuxOptions.level: s0:c26,c15',
      `spec.containers[0].securityContext.runAsUser: ${MIN}`,
    ]);
  });

  test('the input is not changed', () => {
    const p = pod();
    const before = JSON.stringify(p);
    verdict(p);
    expect(JSON.stringify(p)).toBe(before);
  });

  test('a pod-level runAsUser is not overridden per container; the first UID of a <start>-<end> range is the default', () => {
    const ns = { annotations: { [UID_RANGE]: '2000-2999', [MCS]: 's0:c1,c2' } };
    expect(verdict(pod({ securityContext: { runAsUser: 2500, seccompProfile: { type: 'RuntimeDefault' } } }), ns).defaults).toEqual([
      'spec.securityContext.fsGroup: 2000',
      'spec.securityContext.seLinuxOptions.level: s0:c1,c2',
      'spec.containers[0].securityContext.runAsNonRoot: true',
    ]);
    expect(verdict({ containers: [{ name: 'c' }] }, ns).pod.containers[0].securityContext.runAsUser).toBe(2000);
  });

  test('capabilities: the container\'s own drops and allowed adds are kept, ALL is added to the drops', () => {
    const v = verdict(pod({}, { capabilities: { add: ['NET_BIND_SERVICE'], drop: ['NET_RAW'] } }));
    expect(v.admitted).toBe(true);
    expect(v.pod.containers[0].securityContext.capabilities).toEqual({ add: ['NET_BIND_SERVICE'], drop: ['ALL', 'NET_RAW'] });
  });
});

describe('restricted-v2: accepted', () => {
  test.each([
    ['a UID at the start of the range', { runAsUser: MIN }],
    ['a UID at the end of the range', { runAsUser: MAX }],
    ['readOnlyRootFilesystem false (not required)', { readOnlyRootFilesystem: false }],
    ['NET_BIND_SERVICE added', { capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] } }],
    ['no capabilities at all (ALL is dropped for it)', { capabilities: undefined }],
    ['allowPrivilegeEscalation unset (defaulted to false)', { allowPrivilegeEscalation: undefined }],
    ['a container seccomp RuntimeDefault', { seccompProfile: { type: 'RuntimeDefault' } }],
    ['the namespace\'s level with its categories in another order', { seLinuxOptions: { level: 's0:c15,c26' } }],
    ['privileged false', { privileged: false }],
  ])('%s', (_what, container) => {
    expect(violations(pod({}, container))).toEqual([]);
  });

  test('fsGroup equal to the first supplemental group', () => {
    expect(violations(pod({ securityContext: { fsGroup: MIN, seccompProfile: { type: 'RuntimeDefault' } } }))).toEqual([]);
  });

  test('supplementalGroups outside every range (restricted-v2 is RunAsAny for them)', () => {
    expect(violations(pod({ securityContext: { supplementalGroups: [0, 1001, 5], seccompProfile: { type: 'RuntimeDefault' } } }))).toEqual([]);
  });

  test('seccomp left unset (defaulted) and the deprecated docker/default annotation', () => {
    expect(violations(pod({ securityContext: {} }))).toEqual([]);
    expect(restrictedV2({ kind: 'Pod', metadata: { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default' } }, spec: pod({ securityContext: {} }) }).violations).toEqual([]);
  });

  test.each(['configMap', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'])('a %s volume', (type) => {
    expect(violations(pod({ volumes: [{ name: 'v', [type]: {} }] }))).toEqual([]);
  });

  test('csi volumes from 4.13 and image volumes from 4.20', () => {
    expect(violations(pod({ volumes: [{ name: 'v', csi: { driver: 'd' } }] }), EXAMPLE_NAMESPACE, 13)).toEqual([]);
    expect(violations(pod({ volumes: [{ name: 'v', image: { reference: 'r' } }] }), EXAMPLE_NAMESPACE, 20)).toEqual([]);
  });

  test('a safe sysctl', () => {
    expect(violations(pod({ securityContext: { sysctls: [{ name: 'net.ipv4.ip_unprivileged_port_start', value: '0' }], seccompProfile: { type: 'RuntimeDefault' } } }))).toEqual([]);
  });

  test('supplemental-groups absent: fsGroup comes from the uid-range', () => {
    const ns = { annotations: { [UID_RANGE]: '5000/100', [MCS]: 's0:c1,c2' } };
    expect(verdict(pod(), ns).pod.securityContext.fsGroup).toBe(5000);
    expect(violations(pod({ securityContext: { fsGroup: 5001 } }), ns)).toEqual(['spec.securityContext.fsGroup: 5001 is not an allowed group (the namespace allows 5000)']);
  });

  test('runAsNonRoot false is admitted, with a warning (Pod Security restricted refuses it)', () => {
    const v = verdict(pod({}, { runAsNonRoot: false }));
    expect(v.admitted).toBe(true);
    expect(v.warnings).toEqual(['spec.containers[0].securityContext.runAsNonRoot: false is admitted by restricted-v2 but refused by Pod Security "restricted"']);
  });
});

describe('restricted-v2: refused', () => {
  test('runAsUser 1001 on the pod: refused in every container, init containers first', () => {
    const p = pod({ securityContext: { runAsUser: 1001, fsGroup: 1001, seccompProfile: { type: 'RuntimeDefault' } }, initContainers: [{ name: 'init', image: 'i' }] });
    expect(violations(p)).toEqual([
      `spec.securityContext.fsGroup: 1001 is not an allowed group (the namespace allows ${MIN})`,
      `spec.initContainers[0].securityContext.runAsUser: 1001 must be in the ranges: [${MIN}, ${MAX}]`,
      `spec.containers[0].securityContext.runAsUser: 1001 must be in the ranges: [${MIN}, ${MAX}]`,
    ]);
  });

  test.each([
    ['a UID past the end of the range', { runAsUser: MAX + 1 }, `spec.containers[0].securityContext.runAsUser: ${MAX + 1} must be in the ranges: [${MIN}, ${MAX}]`],
    ['root', { runAsUser: 0 }, `spec.containers[0].securityContext.runAsUser: 0 must be in the ranges: [${MIN}, ${MAX}]`],
    ['privileged', { privileged: true }, 'spec.containers[0].securityContext.privileged: privileged containers are not allowed'],
    ['allowPrivilegeEscalation true', { allowPrivilegeEscalation: true }, 'spec.containers[0].securityContext.allowPrivilegeEscalation: allowing privilege escalation is not allowed'],
    ['SYS_ADMIN added', { capabilities: { add: ['SYS_ADMIN'], drop: ['ALL'] } }, 'spec.containers[0].securityContext.capabilities.add: SYS_ADMIN may not be added (allowed: NET_BIND_SERVICE)'],
    ['CAP_NET_BIND_SERVICE (the SCC compares names as written)', { capabilities: { add: ['CAP_NET_BIND_SERVICE'], drop: ['ALL'] } }, 'spec.containers[0].securityContext.capabilities.add: CAP_NET_BIND_SERVICE may not be added (allowed: NET_BIND_SERVICE)'],
    ['seccomp Unconfined on the container', { seccompProfile: { type: 'Unconfined' } }, 'spec.containers[0].securityContext.seccompProfile: unconfined is not an allowed seccomp profile (allowed: runtime/default)'],
    ['seccomp Localhost on the container', { seccompProfile: { type: 'Localhost', localhostProfile: 'p.json' } }, 'spec.containers[0].securityContext.seccompProfile: localhost/p.json is not an allowed seccomp profile (allowed: runtime/default)'],
    ['an SELinux type', { seLinuxOptions: { level: 's0:c26,c15', type: 'container_t' } }, 'spec.containers[0].securityContext.seLinuxOptions.type: must be unset (restricted-v2 allows no SELinux type), not container_t'],
    ['another SELinux level', { seLinuxOptions: { level: 's0:c1,c2' } }, 'spec.containers[0].securityContext.seLinuxOptions.level: must be s0:c26,c15, not s0:c1,c2'],
  ])('%s', (_what, container, message) => {
    expect(violations(pod({}, container))).toEqual([message]);
  });

  test('fsGroup inside the supplemental range but not its first group', () => {
    expect(violations(pod({ securityContext: { fsGroup: MIN + 1, seccompProfile: { type: 'RuntimeDefault' } } }))).toEqual([
      `spec.securityContext.fsGroup: ${MIN + 1} is not an allowed group (the namespace allows ${MIN})`,
    ]);
  });

  test('seccomp Unconfined on the pod: refused on the pod and on each container that inherits it', () => {
    expect(violations(pod({ securityContext: { seccompProfile: { type: 'Unconfined' } } }))).toEqual([
      'spec.securityContext.seccompProfile: unconfined is not an allowed seccomp profile (allowed: runtime/default)',
      'spec.containers[0].securityContext.seccompProfile: unconfined is not an allowed seccomp profile (allowed: runtime/default)',
    ]);
  });

  test('host namespaces and host ports', () => {
    const p = pod({ hostNetwork: true, hostPID: true, hostIPC: true });
    p.containers[0].ports = [{ containerPort: 8321, hostPort: 8321 }];
    expect(violations(p)).toEqual([
      'spec.hostNetwork: host namespaces are not allowed',
      'spec.hostPID: host namespaces are not allowed',
      'spec.hostIPC: host namespaces are not allowed',
      'spec.containers[0].ports[0].hostPort: host ports are not allowed',
    ]);
  });

  test.each([
    ['hostPath', { path: '/var' }, 'hostPath'],
    ['nfs', { server: 's', path: '/' }, 'nfs'],
    ['gitRepo', { repository: 'r' }, 'gitRepo'],
    ['cephfs', { monitors: ['m'] }, 'cephFS'],
    ['image', { reference: 'r' }, 'image'],
    ['csi', { driver: 'd' }, 'csi'],
  ])('a %s volume (before the release that allows it, if any)', (key, source, type) => {
    expect(violations(pod({ volumes: [{ name: 'v', [key]: source }] }))).toEqual([
      `spec.volumes[0]: ${type} volumes are not allowed (allowed: configMap, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected, secret)`,
    ]);
  });

  test('image volumes before 4.20 and ephemeral before 4.12', () => {
    expect(violations(pod({ volumes: [{ name: 'v', image: { reference: 'r' } }] }), EXAMPLE_NAMESPACE, 19)).toHaveLength(1);
    expect(violations(pod({ volumes: [{ name: 'v', ephemeral: {} }] }), EXAMPLE_NAMESPACE, 11)).toHaveLength(1);
  });

  test('a volume with no known source', () => {
    expect(violations(pod({ volumes: [{ name: 'v', madeUp: {} }, { name: 'w' }] }))).toEqual([
      'spec.volumes[0]: unknown volume type madeUp',
      'spec.volumes[1]: unknown volume type (none)',
    ]);
  });

  test('an unsafe sysctl', () => {
    expect(violations(pod({ securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '1' }], seccompProfile: { type: 'RuntimeDefault' } } }))).toEqual([
      'spec.securityContext.sysctls[0]: unsafe sysctl kernel.msgmax is not allowed',
    ]);
  });

  test('a pod that asks for another SCC by annotation', () => {
    expect(restrictedV2({ kind: 'Pod', metadata: { annotations: { 'openshift.io/required-scc': 'anyuid' } }, spec: pod() }).violations).toEqual([
      'metadata.annotations.openshift.io/required-scc: the pod asks for SCC anyuid, not restricted-v2',
    ]);
  });

  test('a namespace without the annotations OpenShift allocates', () => {
    expect(violations(pod(), { metadata: { annotations: {} } })).toEqual([
      `namespace: annotation ${UID_RANGE} is missing or empty`,
      `namespace: annotation ${MCS} is missing or empty`,
    ]);
    expect(violations(pod(), { annotations: { [UID_RANGE]: '1000/0', [MCS]: 's0:c1,c2', [SUPPLEMENTAL_GROUPS]: 'x' } })).toEqual([
      `namespace: annotation ${UID_RANGE} is not <start>/<size> or <start>-<end>: 1000/0`,
      `namespace: annotation ${SUPPLEMENTAL_GROUPS} is not a comma list of ranges: x`,
    ]);
  });

  test('every violation is listed at once, across containers', () => {
    const p = pod({ hostNetwork: true, volumes: [{ name: 'h', hostPath: { path: '/' } }], ephemeralContainers: [{ name: 'debug', securityContext: { privileged: true } }] }, { runAsUser: 1001, capabilities: { add: ['NET_ADMIN'] } });
    expect(violations(p)).toEqual([
      'spec.hostNetwork: host namespaces are not allowed',
      'spec.volumes[0]: hostPath volumes are not allowed (allowed: configMap, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected, secret)',
      `spec.containers[0].securityContext.runAsUser: 1001 must be in the ranges: [${MIN}, ${MAX}]`,
      'spec.containers[0].securityContext.capabilities.add: NET_ADMIN may not be added (allowed: NET_BIND_SERVICE)',
      'spec.ephemeralContainers[0].securityContext.privileged: privileged containers are not allowed',
    ]);
  });
});

describe('restricted-v2: objects', () => {
  test('the pod template of a Deployment, Job and CronJob; objects without pods are skipped', () => {
    const template = { metadata: { labels: { app: 'x' } }, spec: pod({}, { runAsUser: 1001 }) };
    const objects = [
      { kind: 'Deployment', metadata: { name: 'd' }, spec: { template } },
      { kind: 'Job', metadata: { name: 'j' }, spec: { template } },
      { kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: { spec: { template } } } },
      { kind: 'ConfigMap', metadata: { name: 'm' }, data: {} },
    ];
    const uid = `1001 must be in the ranges: [${MIN}, ${MAX}]`;
    expect(restrictedV2Violations(objects)).toEqual([
      `Deployment/d: spec.template.spec.containers[0].securityContext.runAsUser: ${uid}`,
      `Job/j: spec.template.spec.containers[0].securityContext.runAsUser: ${uid}`,
      `CronJob/c: spec.jobTemplate.spec.template.spec.containers[0].securityContext.runAsUser: ${uid}`,
    ]);
  });

  test('a per-container seccomp annotation on the template', () => {
    const d = { kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { metadata: { annotations: { 'container.seccomp.security.alpha.kubernetes.io/server': 'unconfined' } }, spec: pod({}, { seccompProfile: undefined }) } } };
    expect(restrictedV2(d).violations).toEqual(['spec.template.spec.containers[0].securityContext.seccompProfile: unconfined is not an allowed seccomp profile (allowed: runtime/default)']);
  });
});

describe('ranges and volume lists', () => {
  test('parseBlock', () => {
    expect(parseBlock('1000680000/10000')).toEqual({ min: 1000680000, max: 1000689999 });
    expect(parseBlock('10-20')).toEqual({ min: 10, max: 20 });
    for (const bad of ['', '10', '10/0', '20-10', '1/2/3', 'a/b', ' 1/2']) expect(parseBlock(bad)).toBeUndefined();
  });

  test('allowedVolumeTypes by release', () => {
    expect(allowedVolumeTypes(11)).toEqual(['configMap', 'downwardAPI', 'emptyDir', 'persistentVolumeClaim', 'projected', 'secret']);
    expect(allowedVolumeTypes()).toEqual(['configMap', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret']);
    expect(allowedVolumeTypes(20)).toEqual(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret']);
  });
});
