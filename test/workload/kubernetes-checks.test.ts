/**
 * The Kubernetes input checks (src/workload/kubernetes-checks.ts): each field they read, at the
 * path the user wrote, and the library's own volumes and mounts never a problem of their own.
 */
import { volumeProblems } from '../../src/kubernetes/pod-checks';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { podLayout } from '../../src/workload/deployment';
import { KubernetesInputProps, kubernetesInputProblems } from '../../src/workload/kubernetes-checks';
import { PodLayout, PodLayoutInput } from '../../src/workload/plan';
import { resolveEmptyDirSizeLimits } from '../../src/workload/volume-sizes';
import { distributionProblems } from '../support/problems';

const TARGET = ServerTarget.OGX_1_3;

/** The planner's layout for `name` and `s` on TARGET (undefined for a spec it cannot lay out). */
function layoutFor(name: string, s: LlamaStackDistributionSpec): PodLayout | undefined {
  try {
    const emptyDirSizeLimits = resolveEmptyDirSizeLimits(undefined, s);
    return podLayout({ name, spec: s, emptyDirSizeLimits, defaultMountPath: TARGET.dataDir, legacyDataMount: TARGET.isOperator });
  } catch {
    return undefined;
  }
}

/** kubernetesInputProblems with the planner's layout. */
function inputProblems(props: KubernetesInputProps, s: LlamaStackDistributionSpec, namespace: string | undefined, name: string) {
  return kubernetesInputProblems(props, s, namespace, TARGET, layoutFor(name, s));
}

interface Parts {
  env?: unknown;
  volumes?: unknown;
  mounts?: unknown;
  mountPath?: string;
  size?: unknown;
  apiKey?: unknown;
  tls?: unknown;
  allowed?: string[];
  image?: string;
  external?: unknown;
}

function spec(i: number, parts: Parts = {}): LlamaStackDistributionSpec {
  return {
    distribution: { name: 'starter', image: parts.image },
    providers: {
      inference: [{ id: 'vllm', provider: 'vllm', endpoint: `http://vllm-${i}:8000/v1`, apiKey: (parts.apiKey ?? { name: 'vllm', key: 'token' }) as any }],
    },
    resources: { models: [`model-${i}`] },
    externalProviders: parts.external as any,
    networking: { expose: { hostname: `llama-${i}.example.com` }, tls: parts.tls as any, allowedFrom: parts.allowed ? { namespaces: parts.allowed } : undefined },
    workload: {
      overrides: { env: parts.env as any, volumes: parts.volumes as any, volumeMounts: parts.mounts as any, serviceAccountName: parts.sa },
      storage: { size: parts.size as any, mountPath: parts.mountPath },
      topologySpreadConstraints: parts.topology as any,
      resources: parts.resources as any,
    },
  } as LlamaStackDistributionSpec;
}

describe('kubernetesInputProblems', () => {
  test('what they read counts: the same labels in another namespace find one more problem', () => {
    const props: KubernetesInputProps = { labels: { 'bad key!': 'x' } };
    expect(inputProblems(props, spec(1), 'ai', 'llama-1').map((p) => p.path)).toEqual(['props.labels["bad key!"]']);
    expect(inputProblems({ labels: { ok: 'x' } }, spec(2), 'ai', 'other-name')).toEqual([]);
    expect(inputProblems(props, spec(2), 'Not A Namespace', 'other-name')).toHaveLength(2);
  });

  test('each field the checks read, varied alone from one base, finds a problem of its own', () => {
    type Variant = [KubernetesInputProps, Parts, string | undefined];
    const base: Variant = [{}, {}, 'ai'];
    const variants: Variant[] = [
      base,
      [{ labels: { a: '-bad' } }, {}, 'ai'], [{ nodeSelector: { '': 'x' } }, {}, 'ai'], [{ tolerations: [{ key: 'k', operator: 'Equal', effect: 'Sometimes' }] }, {}, 'ai'],
      [{ imagePullPolicy: 'Sometimes' }, {}, 'ai'], [{ image: ' img:1' }, {}, 'ai'], [{ persistentStorage: { storageClassName: 'Bad_Class' } }, {}, 'ai'],
      [{ expose: { ingressClassName: 'Bad_Class' } }, {}, 'ai'], [{ overrideConfigYaml: 'x'.repeat(1024 * 1024 + 1) }, {}, 'ai'],
      [{ allowedFrom: { namespaces: ['ok'] } }, { allowed: ['ok', 'Bad NS'] }, 'ai'], [{ spec: {} as any }, { allowed: ['ok', 'Bad NS'] }, 'ai'], [{ allowUnrestrictedVolumes: true }, { volumes: [{ name: 'h', hostPath: { path: '/x' } }] }, 'ai'],
      [{}, { volumes: [{ name: 'h', hostPath: { path: '/x' } }] }, 'ai'], [{}, { env: [{ name: '1A', value: 'x' }] }, 'ai'], [{}, { size: '-1Gi' }, 'ai'],
      [{}, { apiKey: { name: 'Bad_Secret', key: 'k' } }, 'ai'], [{}, { tls: { secretName: 'Bad_Name' } }, 'ai'], [{}, { volumes: [{ name: 'config', emptyDir: {} }] }, 'ai'],
      [{}, {}, 'Bad NS'], [{}, {}, undefined],
      [{ image: 'img:1' }, {}, 'ai'], [{}, { image: ' img:1' }, 'ai'], [{ spec: {} as any }, { allowed: ['ok'] }, 'ai'], [{ namespace: 'Bad NS' }, {}, 'Bad NS'],
      [{}, { volumes: [{ name: 'v', emptyDir: {} }], mounts: [{ name: 'v', mountPath: '/srv' }] }, 'ai'],
      [{}, { volumes: [{ name: 'v', emptyDir: {} }], mounts: [{ name: 'v', mountPath: '/srv' }], mountPath: '/srv' }, 'ai'],
      [{}, { volumes: [{ name: 'v', emptyDir: {} }], mounts: [{ name: 'w', mountPath: '/srv' }] }, 'ai'],
      [{}, { sa: 'Bad_SA' }, 'ai'], [{}, { topology: [{ maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }] }, 'ai'],
      [{}, { resources: { requests: { 'bad name!': '1' } } }, 'ai'],
      [{}, { external: { inference: [{ providerId: 'x', image: ' img:1' }] } }, 'ai'],
      [{}, { external: { inference: [{ providerId: 'x', image: 'img:1' }] } }, 'ai'],
      [{}, { external: { inference: [{ providerId: 'x', image: 'img:1', secretRefs: { k: { name: 'Bad_Secret', key: 'k' } } }] } }, 'ai'],
    ];
    const seen = new Set<string>();
    variants.forEach(([props, parts, namespace], i) => {
      seen.add(JSON.stringify(inputProblems(props, spec(i, parts), namespace, `llama-${i}`)));
    });
    // Every variant finds something of its own but seven that find nothing: the base, the namespace
    // left out, the hostPath allowed (a warning, not a problem), a bad namespace the props did not
    // write, a good image, good namespaces, a mount of the user's own and a good external provider.
    expect(seen.size).toBe(variants.length - 7);
  });


  test('without volumes, mounts or a storage mountPath of the user\'s, the library\'s own layout makes no problem', () => {
    const tls = { enabled: true, secretName: 'tls', caBundle: { configMapName: 'ca', configMapKeys: ['a.crt', 'b.crt'] } };
    const caCertificate = { configMapName: 'pg-ca' };
    const postgres = (type: string) => ({ type, host: 'pg', db: 'd', user: 'u', password: { name: 'pg', key: 'p' }, tuning: { caCertificate } });
    const external = { inference: [{ providerId: 'x', image: 'img:1' }], safety: [{ providerId: 'y', image: 'img:2' }] };
    let layouts = 0;
    for (const networking of [{}, { tls }]) {
      for (const storage of [{}, { kv: postgres('postgres'), sql: postgres('postgres') }]) {
        for (const workload of [{}, { storage: { size: '10Gi' } }]) {
          for (const externalProviders of [undefined, external]) {
            for (const authCa of [undefined, { configMapName: 'kube-root-ca.crt', key: 'ca.crt' }]) {
              for (const [defaultMountPath, legacyDataMount] of [['/.ogx', false], ['/.llama', true]] as const) {
                const s = { distribution: { name: 'starter' }, networking, storage, workload, externalProviders } as unknown as LlamaStackDistributionSpec;
                const input: PodLayoutInput = {
                  name: 'llama', spec: s, defaultMountPath, legacyDataMount, authCa, emptyDirSizeLimits: resolveEmptyDirSizeLimits(undefined, s),
                };
                const layout = podLayout(input);
                const checked = {
                  volumes: undefined,
                  volumesPath: 'v',
                  volumeMounts: undefined,
                  volumeMountsPath: 'm',
                  libraryVolumes: layout.volumes.map((v) => v.name),
                  libraryMounts: layout.mounts.map((m) => ({ name: m.name, mountPath: m.mountPath, path: undefined })),
                };
                expect(checked.libraryMounts.length).toBeGreaterThan(3);
                expect(volumeProblems(checked)).toEqual([]);
                layouts++;
              }
            }
          }
        }
      }
    }
    expect(layouts).toBe(64);
    // With a storage mountPath of the user's, it is checked against the library's mounts.
    expect(inputProblems({}, spec(1, { mountPath: '/tmp' }), 'ai', 'llama').map((p) => p.path)).toEqual(['spec.workload.storage.mountPath']);
  });
});

describe('NUL in env values, the command or its arguments', () => {
  const NUL = 'holds a NUL character (\\u0000): the API server accepts it, but the container runtime passes env and arguments as C strings and cannot start the container';

  test('at the spec paths', () => {
    const s = spec(1, { env: [{ name: 'A', value: 'x\u0000' }] });
    const withArgv = { ...s, workload: { ...s.workload, overrides: { ...s.workload!.overrides, command: ['llama', 'x\u0000'], args: ['\u0000'] } } };
    expect(inputProblems({}, withArgv, 'ai', 'llama').map((p) => `${p.path}: ${p.message}`)).toEqual([
      `spec.workload.overrides.env[0].value: ${NUL}`,
      `spec.workload.overrides.command[1]: ${NUL}`,
      `spec.workload.overrides.args[0]: ${NUL}`,
    ]);
  });

  test('at the props the user wrote', () => {
    expect(distributionProblems({ env: { MY_FLAG: 'on\u0000off' }, command: ['llama', 'stack\u0000'], args: ['--port', '\u00008321'] })).toEqual([
      `props.env.MY_FLAG: ${NUL}`,
      `props.command[1]: ${NUL}`,
      `props.args[1]: ${NUL}`,
    ]);
  });
});

describe('the layout the checks read is the one they are given (the planner\'s, which the Deployment renders)', () => {
  test('a user volume named as a volume of the layout is a duplicate, and not otherwise', () => {
    const s = spec(1, { volumes: [{ name: 'extra', emptyDir: {} }], mounts: [{ name: 'extra', mountPath: '/srv' }] });
    const layout = layoutFor('llama', s)!;
    expect(kubernetesInputProblems({}, s, 'ai', TARGET, layout)).toEqual([]);
    const withExtra: PodLayout = { ...layout, volumes: [...layout.volumes, { name: 'extra', emptyDir: {} }] };
    expect(kubernetesInputProblems({}, s, 'ai', TARGET, withExtra).map((p) => p.path)).toEqual(['spec.workload.overrides.volumes[0].name']);
  });

  test('without a layout (a spec the schema check rejects), the volumes are not checked against one', () => {
    const s = spec(1, { volumes: [{ name: 'config', emptyDir: {} }] });
    expect(kubernetesInputProblems({}, s, 'ai', TARGET, layoutFor('llama', s)).map((p) => p.path)).toEqual(['spec.workload.overrides.volumes[0].name']);
    expect(kubernetesInputProblems({}, s, 'ai', TARGET, undefined)).toEqual([]);
  });
});
