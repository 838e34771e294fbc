import { envFromProblems, envFromSpec, extraContainer, extraContainerProblems, runtimeClassProblems } from '../../src/workload/pod-containers';

const ctx = { serverPorts: [8321, 9464], volumes: ['config', 'lls-storage', 'cache', 'tmp', 'shared'], openShift: false };
const lines = (ps: { path: string; message: string }[]) => ps.map((p) => `${p.path}: ${p.message}`);

describe('init containers and sidecars', () => {
  test('a valid init container and sidecar: no problem', () => {
    expect(extraContainerProblems(
      [{ name: 'wait-db', image: 'quay.io/org/wait:1.0', volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }] }],
      [{
        name: 'proxy',
        image: 'quay.io/org/proxy@sha256:' + 'a'.repeat(64),
        ports: [{ containerPort: 8080 }],
        readinessProbe: { tcpSocket: { port: 8080 } },
        securityContext: { readOnlyRootFilesystem: false, runAsUser: 2000, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } },
      }],
      ctx)).toEqual([]);
  });

  test('names: required, DNS labels, unique across init containers and sidecars, not the library\'s', () => {
    expect(lines(extraContainerProblems(
      [{ image: 'a:1' }, { name: 'Proxy', image: 'a:1' }, { name: 'llama-stack', image: 'a:1' }, { name: 'copy-provider-x', image: 'a:1' }, { name: 'side', image: 'a:1' }],
      [{ name: 'side', image: 'a:1' }],
      ctx))).toEqual([
      'props.initContainers[0].name: Required value: a container needs a name',
      'props.initContainers[1].name: "Proxy" is not a container name: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\', or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
      'props.initContainers[2].name: "llama-stack" is the name of one of the library\'s containers',
      'props.initContainers[3].name: "copy-provider-x" is the name of one of the library\'s containers',
      'props.sidecars[0].name: Duplicate value: "side": container names are unique in the pod (init containers and sidecars included)',
    ]);
  });

  test('image: required and a reference the kubelet can pull; fields that are no Container field', () => {
    expect(lines(extraContainerProblems([{ name: 'a' }, { name: 'b', image: 'Quay.io/UPPER:1' }, { name: 'c', image: 'a:1', imag: 'x' }], [], ctx))).toEqual([
      'props.initContainers[0].image: Required value: a container needs an image',
      expect.stringMatching(/^props\.initContainers\[1\]\.image: "Quay\.io\/UPPER:1" is not an image reference the kubelet can pull: /),
      'props.initContainers[2].imag: is not a field of a Kubernetes Container',
    ]);
  });

  test('ports: the server\'s (and the metrics port) and another container\'s are taken; host ports break the profile', () => {
    expect(lines(extraContainerProblems([], [
      { name: 'a', image: 'a:1', ports: [{ containerPort: 8321 }, { containerPort: 9464 }, { containerPort: 8080 }] },
      { name: 'b', image: 'a:1', ports: [{ containerPort: 8080 }, { containerPort: 8080, protocol: 'UDP' }, { containerPort: 70000 }, { containerPort: 9000, hostPort: 9000 }] },
    ], ctx))).toEqual([
      'props.sidecars[0].ports[0].containerPort: 8321/TCP is taken by the server container: containers of a pod share its network, so only one can listen on a port',
      'props.sidecars[0].ports[1].containerPort: 9464/TCP is taken by the server container: containers of a pod share its network, so only one can listen on a port',
      'props.sidecars[1].ports[0].containerPort: 8080/TCP is taken by container "a": containers of a pod share its network, so only one can listen on a port',
      'props.sidecars[1].ports[2].containerPort: must be a port between 1 and 65535',
      'props.sidecars[1].ports[3].hostPort: host ports break the restricted Pod Security profile (and OpenShift\'s restricted-v2)',
    ]);
  });

  test('mounts: only volumes of the pod, at absolute paths', () => {
    expect(lines(extraContainerProblems([{ name: 'a', image: 'a:1', volumeMounts: [{ name: 'nope', mountPath: '/x' }, { name: 'shared', mountPath: 'rel' }] }], [], ctx))).toEqual([
      'props.initContainers[0].volumeMounts[0].name: "nope" is no volume of the pod',
      'props.initContainers[0].volumeMounts[1].mountPath: must be an absolute path (the container runtime rejects a relative mount destination)',
    ]);
  });

  test('restartPolicy is the library\'s; probes and lifecycle are refused on init containers as the API server does', () => {
    expect(lines(extraContainerProblems(
      [{ name: 'a', image: 'a:1', restartPolicy: 'Always', livenessProbe: {}, lifecycle: {} }],
      [{ name: 'b', image: 'a:1', restartPolicy: 'Always', lifecycle: { preStop: { sleep: { seconds: 1 } } } }],
      ctx))).toEqual([
      'props.initContainers[0].restartPolicy: an init container with restartPolicy is a sidecar',
      'props.initContainers[0].livenessProbe: Forbidden: may not be set for init containers (they run to completion before the server starts)',
      'props.initContainers[0].lifecycle: Forbidden: may not be set for init containers (they run to completion before the server starts)',
      'props.sidecars[0].restartPolicy: the library sets it (Always: a native sidecar)',
    ]);
  });

  test('a securityContext that breaks the restricted profile is refused field by field', () => {
    expect(lines(extraContainerProblems([{
      name: 'a',
      image: 'a:1',
      securityContext: {
        privileged: true,
        allowPrivilegeEscalation: true,
        runAsNonRoot: false,
        runAsUser: 0,
        procMount: 'Unmasked',
        seccompProfile: { type: 'Unconfined' },
        seLinuxOptions: { type: 'spc_t' },
        capabilities: { add: ['SYS_ADMIN'] },
      },
    }], [], ctx))).toEqual([
      'props.initContainers[0].securityContext.privileged: a privileged container: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.allowPrivilegeEscalation: privilege escalation: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.runAsNonRoot: a container that may run as root: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.runAsUser: uid 0 (root): the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.procMount: procMount Unmasked: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.seccompProfile: seccomp profile Unconfined: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.seLinuxOptions: custom SELinux options: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.capabilities.drop: capabilities not dropping ALL: the pod would break the restricted Pod Security profile',
      'props.initContainers[0].securityContext.capabilities.add[0]: capability SYS_ADMIN: the pod would break the restricted Pod Security profile',
    ]);
  });

  test('on OpenShift a uid or gid is refused (restricted-v2 assigns them)', () => {
    expect(lines(extraContainerProblems([], [{ name: 'a', image: 'a:1', securityContext: { runAsUser: 1001, runAsGroup: 1001 } }], { ...ctx, openShift: true }))).toEqual([
      'props.sidecars[0].securityContext.runAsUser: on OpenShift the restricted-v2 SCC assigns the uid and gid from the namespace\'s range, and refuses others',
      'props.sidecars[0].securityContext.runAsGroup: on OpenShift the restricted-v2 SCC assigns the uid and gid from the namespace\'s range, and refuses others',
    ]);
  });

  test('env: the API server\'s rules, and a plain credential as for the server\'s env', () => {
    expect(lines(extraContainerProblems([], [{
      name: 'a', image: 'a:1', env: [{ name: '1BAD', value: 'x' }, { name: 'OPENAI_API_KEY', value: 'sk-proj-abcdefghijklmnop' }, { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
    }], ctx))).toEqual([
      expect.stringMatching(/^props\.sidecars\[0\]\.env\[0\]\.name: "1BAD" is not an env var name: /),
      'props.sidecars[0].env[1].value: "OPENAI_API_KEY" is a credential in plain text (a string of 24 characters, not shown): it would be written into the Deployment as is',
    ]);
  });

  test('not an object', () => {
    expect(lines(extraContainerProblems(['proxy'], [], ctx))).toEqual(['props.initContainers[0]: must be a Kubernetes Container object']);
  });

  test('rendered: the restricted context under the user\'s own fields; a sidecar restarts Always', () => {
    const restricted = { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true };
    expect(extraContainer({ name: 'p', image: 'a:1', securityContext: { readOnlyRootFilesystem: false } }, restricted, true)).toEqual({
      name: 'p',
      image: 'a:1',
      restartPolicy: 'Always',
      securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: false },
    });
    expect(extraContainer({ name: 'w', image: 'a:1' }, restricted, false)).toEqual({ name: 'w', image: 'a:1', securityContext: restricted });
  });

  test('runtimeClassName: a DNS-1123 subdomain', () => {
    expect(runtimeClassProblems('nvidia')).toEqual([]);
    expect(lines(runtimeClassProblems('NVIDIA'))).toEqual([expect.stringMatching(/^props\.runtimeClassName: "NVIDIA" is not a RuntimeClass name/)]);
  });
});

describe('envFrom', () => {
  const generated = [{ name: 'OGX_PORT', fix: 'remove it: the port is spec.networking.port' }];
  const base = { kind: 'ConfigMap' as const, name: 'tuning' };

  test('rendered: prefix, secretRef or configMapRef, optional only when given', () => {
    expect(envFromSpec([{ kind: 'Secret', name: 'keys' }, { ...base, prefix: 'APP_', optional: false }])).toEqual([
      { secretRef: { name: 'keys' } },
      { prefix: 'APP_', configMapRef: { name: 'tuning', optional: false } },
    ]);
    expect(envFromSpec([])).toBeUndefined();
  });

  test('a ConfigMap the library sees: credentials, keys the Deployment sets (env wins: an error), keys props.env sets (a warning), keys the kubelet skips', () => {
    const r = envFromProblems([{
      ...base,
      data: {
        'MODE': 'fast',
        'HF_TOKEN': 'hf_abcdefghijklmnopqrstuvwxyz',
        'NOTE': 'sk-proj-abcdefghijklmnopqrstuv',
        'OGX_PORT': '9000',
        'RUN_CONFIG_PATH': '/x',
        'LLSD_X': 'y',
        'LOG_LEVEL': 'debug',
        '1ST': 'a',
      },
    }], { generated, userEnv: ['LOG_LEVEL'] });
    expect(lines(r.problems)).toEqual([
      'props.envFrom[0].data.HF_TOKEN: "HF_TOKEN" is a credential in plain text (a string of 29 characters, not shown): a ConfigMap is not a place for credentials (it would be written into the ConfigMap as is)',
      'props.envFrom[0].data.NOTE: the value of "NOTE" holds what looks like a key or a token (a string of 30 characters, not shown): a ConfigMap is not a place for credentials (it would be written into the ConfigMap as is)',
      'props.envFrom[0].data.OGX_PORT: "OGX_PORT" is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored',
      'props.envFrom[0].data.RUN_CONFIG_PATH: "RUN_CONFIG_PATH" is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored',
      'props.envFrom[0].data.LLSD_X: "LLSD_X" is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored',
    ]);
    expect(lines(r.warnings)).toEqual([
      'props.envFrom[0].data.LOG_LEVEL: "LOG_LEVEL" is also set by props.env, which wins over envFrom: this value is ignored',
      'props.envFrom[0].data["1ST"]: "1ST" is not an env var name: the kubelet skips this key',
    ]);
    expect(r.problems[2].fix).toBe('remove it: the port is spec.networking.port');
  });

  test('the prefix joins the key: APP_ + PORT is no library var, OGX_ + PORT is', () => {
    expect(envFromProblems([{ ...base, prefix: 'APP_', data: { PORT: '1' } }], { generated, userEnv: [] }).problems).toEqual([]);
    expect(lines(envFromProblems([{ ...base, prefix: 'OGX_', data: { PORT: '1' } }], { generated, userEnv: [] }).problems)).toEqual([
      'props.envFrom[0].data.PORT: "OGX_PORT" is an env var the Deployment sets itself: env wins over envFrom, so this value would be silently ignored',
    ]);
  });

  test('a ConfigMap only named is taken as it is; an LLSD_ prefix, a duplicate, another namespace and an unreadable object are errors', () => {
    expect(envFromProblems([base], { generated, userEnv: [] })).toEqual({ problems: [], warnings: [] });
    expect(lines(envFromProblems([
      { kind: 'Secret', name: 'keys', prefix: 'LLSD_' },
      { kind: 'Secret', name: 'keys', prefix: 'LLSD_' },
      { ...base, namespace: 'other', data: {} },
      { kind: 'Secret', name: '', problem: 'is not a cdk8s-plus Secret' },
    ], { generated, userEnv: [], namespace: 'ai' }).problems)).toEqual([
      'props.envFrom[0].prefix: "LLSD_" puts the keys among the library\'s own env vars: names starting with LLSD_ are the Secret references it generates',
      'props.envFrom[1]: the Secret "keys" is listed twice with the same prefix',
      'props.envFrom[1].prefix: "LLSD_" puts the keys among the library\'s own env vars: names starting with LLSD_ are the Secret references it generates',
      'props.envFrom[2]: the ConfigMap is in namespace "other", the server in "ai": envFrom reads only its own namespace\'s',
      'props.envFrom[3]: is not a cdk8s-plus Secret',
    ]);
  });
});
