/**
 * v1alpha1.ts: a v1alpha1 LlamaStackDistribution spec (the operator's api/v1alpha1 types:
 * replicas, server.{distribution, containerSpec, workers, podOverrides, storage, userConfig,
 * tlsConfig…}, network.{exposeRoute, allowedFrom}) moved to its v1alpha2 places, each moved
 * field's source recorded, and what v1alpha2 cannot say refused with a fix.
 */
import { Problems } from '../../src/interop/manifest-problems';
import { V1Alpha1Converter } from '../../src/interop/v1alpha1';

function convert(raw: unknown, namespace?: string) {
  const p = new Problems();
  const c = new V1Alpha1Converter(p, namespace);
  const spec = c.convert(raw);
  return { spec, sources: c.sources, problems: p.problems.map((x) => `${x.path}: ${x.message}`) };
}

describe('V1Alpha1Converter', () => {
  test('every v1alpha1 field at its v1alpha2 place', () => {
    const resources = { limits: { memory: '4Gi' } };
    const env = [{ name: 'INFERENCE_MODEL', value: 'llama' }];
    const { spec, problems } = convert({
      replicas: 2,
      server: {
        distribution: { name: 'starter' },
        containerSpec: { name: 'llama-stack', port: 8000, resources, env, command: ['python'], args: ['-m', 'x'] },
        workers: 4,
        podOverrides: { serviceAccountName: 'sa', terminationGracePeriodSeconds: 60, volumes: [{ name: 'v', emptyDir: {} }], volumeMounts: [{ name: 'v', mountPath: '/v' }] },
        podDisruptionBudget: { minAvailable: 1 },
        autoscaling: { maxReplicas: 5 },
        storage: { size: '20Gi', mountPath: '/data' },
        userConfig: { configMapName: 'cfg' },
      },
      network: { exposeRoute: true, allowedFrom: { namespaces: ['gw'], labels: ['team'] } },
    });
    expect(problems).toEqual([]);
    expect(spec).toEqual({
      distribution: { name: 'starter' },
      overrideConfig: { configMapName: 'cfg' },
      networking: { port: 8000, expose: { enabled: true }, allowedFrom: { namespaces: ['gw'], labels: ['team'] } },
      workload: {
        replicas: 2,
        workers: 4,
        autoscaling: { maxReplicas: 5 },
        storage: { size: '20Gi', mountPath: '/data' },
        podDisruptionBudget: { minAvailable: 1 },
        resources,
        overrides: {
          env,
          command: ['python'],
          args: ['-m', 'x'],
          serviceAccountName: 'sa',
          terminationGracePeriodSeconds: 60,
          volumes: [{ name: 'v', emptyDir: {} }],
          volumeMounts: [{ name: 'v', mountPath: '/v' }],
        },
      },
    });
  });

  test('each moved field records where it came from', () => {
    const { sources } = convert({ replicas: 2, server: { distribution: { name: 'starter' }, containerSpec: { port: 8000, env: [{ name: 'A', value: '1' }] } }, network: { exposeRoute: false } });
    expect(sources).toEqual({
      'spec.distribution': 'spec.server.distribution',
      'spec.workload': 'spec.server',
      'spec.workload.replicas': 'spec.replicas',
      'spec.workload.overrides': 'spec.server.containerSpec',
      'spec.networking.port': 'spec.server.containerSpec.port',
      'spec.workload.overrides.env': 'spec.server.containerSpec.env',
      'spec.networking': 'spec.network',
      'spec.networking.expose': 'spec.network.exposeRoute',
      'spec.networking.expose.enabled': 'spec.network.exposeRoute',
    });
  });

  test('port 0 is the operator\'s unset (8321): not carried; empty lists are not carried', () => {
    expect(convert({ server: { distribution: { name: 'starter' }, containerSpec: { port: 0, env: [] } } }).spec).toEqual({ distribution: { name: 'starter' } });
  });

  test('a ConfigMap in the manifest\'s own namespace is fine; another namespace is refused', () => {
    expect(convert({ server: { distribution: { name: 'starter' }, userConfig: { configMapName: 'c', configMapNamespace: 'ai' } } }, 'ai').problems).toEqual([]);
    const other = { server: { distribution: { name: 'starter' }, userConfig: { configMapName: 'c', configMapNamespace: 'other' } } };
    expect(convert(other, 'ai').problems).toEqual([
      expect.stringMatching(/^spec\.server\.userConfig\.configMapNamespace: the ConfigMap is in namespace "other", not "ai": v1alpha2 overrideConfig only reads a ConfigMap of the server's own namespace/),
    ]);
    expect(convert(other).problems).toEqual([
      expect.stringMatching(/^spec\.server\.userConfig\.configMapNamespace: the ConfigMap is in namespace "other", and the manifest names no namespace/),
    ]);
    expect(convert(other).spec.overrideConfig).toEqual({ configMapName: 'c' });
  });

  test.each<[string, unknown, string[]]>([
    ['no server', {}, ['spec.server: Required value']],
    ['a container name other than llama-stack', { server: { distribution: { name: 'starter' }, containerSpec: { name: 'app' } } },
      ['spec.server.containerSpec.name: v1alpha2 has no container name: the server container is always "llama-stack", not the string "app"']],
    ['a CA bundle without serving TLS', { server: { distribution: { name: 'starter' }, tlsConfig: { caBundle: { configMapName: 'ca' } } } },
      ['spec.server.tlsConfig.caBundle: a v1alpha1 CA bundle adds trusted CAs for outbound calls without serving TLS; v1alpha2 only has networking.tls.caBundle, '
        + 'which its CRD accepts only with serving TLS (CEL: "caBundle is only valid when TLS is enabled")']],
    ['an unknown field', { server: { distribution: { name: 'starter' }, image: 'x' } }, ['spec.server.image: unknown field "image"']],
    ['a spec that is not an object', 'replicas: 2', ['spec: must be an object, not the string "replicas: 2"']],
  ])('refused: %s', (_what, raw, expected) => {
    expect(convert(raw).problems).toEqual(expected);
  });
});
