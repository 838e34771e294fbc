/**
 * Reading LlamaStackDistribution manifests: v1alpha2 as is, v1alpha1 converted with the
 * migration table (operator-rules.md §5.5); what cannot be honoured is an error with its path.
 */
import { Testing, Yaml } from 'cdk8s';
import { LlamaStackDistribution, Platform } from '../../src';
import { distributionFromManifest, LlamaStackDistributionManifest, readDistribution } from '../../src/interop/manifest';
import { ServerTarget } from '../../src/releases/server-target';
import { schemaErrors } from '../support/k8s-schema';
import { problemsOf } from '../support/problems';

function v1(spec: any, metadata: any = { name: 'my-stack', namespace: 'ai' }): any {
  return { apiVersion: 'llamastack.io/v1alpha1', kind: 'LlamaStackDistribution', metadata, spec };
}


describe('v1alpha2', () => {
  const cr = {
    apiVersion: 'llamastack.io/v1alpha2',
    kind: 'LlamaStackDistribution',
    metadata: { name: 'my-stack', namespace: 'ai', labels: { team: 'a' }, uid: 'x', resourceVersion: '1' },
    spec: { distribution: { name: 'starter' }, providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }] } },
    status: { phase: 'Ready' },
  };

  test('is taken as is (status and server-set metadata ignored)', () => {
    expect(LlamaStackDistributionManifest.fromObject(cr)).toEqual({
      name: 'my-stack', namespace: 'ai', spec: cr.spec, apiVersion: 'llamastack.io/v1alpha2', sourcePaths: undefined,
    });
  });

  test('the namespace option: a default, and a different namespace is an error', () => {
    const { namespace: _ns, ...meta } = cr.metadata;
    expect(LlamaStackDistributionManifest.fromObject({ ...cr, metadata: meta }, { namespace: 'team' }).namespace).toBe('team');
    expect(problemsOf(() => LlamaStackDistributionManifest.fromObject(cr, { namespace: 'team' }))).toEqual([{
      path: 'metadata.namespace', message: 'the manifest is in namespace "ai", not "team" (the namespace asked for)',
    }]);
  });

  test('distributionFromManifest accepts text or an object', () => {
    const a = Testing.chart();
    distributionFromManifest(a, 'x', cr);
    const b = Testing.chart();
    distributionFromManifest(b, 'x', Yaml.stringify(cr));
    expect(Testing.synth(a)).toEqual(Testing.synth(b));
    expect(schemaErrors(Testing.synth(a))).toEqual([]);
  });
});

describe('v1alpha1 → v1alpha2', () => {
  test('every field of the migration table', () => {
    const parsed = LlamaStackDistributionManifest.fromObject(v1({
      replicas: 2,
      server: {
        distribution: { name: 'starter' },
        containerSpec: {
          name: 'llama-stack',
          port: 8322,
          resources: { requests: { cpu: '2' }, limits: { memory: '2Gi' } },
          env: [{ name: 'A', value: 'b' }],
          command: ['python'],
          args: ['-m', 'server'],
        },
        workers: 2,
        podOverrides: {
          serviceAccountName: 'runner',
          terminationGracePeriodSeconds: 60,
          volumes: [{ name: 'v', emptyDir: {} }],
          volumeMounts: [{ name: 'v', mountPath: '/v' }],
        },
        podDisruptionBudget: { maxUnavailable: 1 },
        topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }],
        autoscaling: { minReplicas: 2, maxReplicas: 4, targetCPUUtilizationPercentage: 80 },
        storage: { size: '20Gi', mountPath: '/data' },
        userConfig: { configMapName: 'my-config', configMapNamespace: 'ai' },
        tlsConfig: {},
      },
      network: { exposeRoute: true, allowedFrom: { namespaces: ['front'], labels: ['team'] } },
    }));
    expect(parsed.apiVersion).toBe('llamastack.io/v1alpha1');
    expect(parsed.spec).toEqual({
      distribution: { name: 'starter' },
      networking: { port: 8322, expose: { enabled: true }, allowedFrom: { namespaces: ['front'], labels: ['team'] } },
      workload: {
        replicas: 2,
        workers: 2,
        resources: { requests: { cpu: '2' }, limits: { memory: '2Gi' } },
        autoscaling: { minReplicas: 2, maxReplicas: 4, targetCPUUtilizationPercentage: 80 },
        storage: { size: '20Gi', mountPath: '/data' },
        podDisruptionBudget: { maxUnavailable: 1 },
        topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }],
        overrides: {
          env: [{ name: 'A', value: 'b' }],
          command: ['python'],
          args: ['-m', 'server'],
          serviceAccountName: 'runner',
          terminationGracePeriodSeconds: 60,
          volumes: [{ name: 'v', emptyDir: {} }],
          volumeMounts: [{ name: 'v', mountPath: '/v' }],
        },
      },
      overrideConfig: { configMapName: 'my-config' },
    });
  });

  test('v1alpha1 defaults and empty values mean "not set"', () => {
    const parsed = LlamaStackDistributionManifest.fromObject(v1({
      server: {
        distribution: { name: 'starter' },
        containerSpec: { port: 0, env: [], command: [], args: [] },
        podOverrides: { volumes: [] },
        topologySpreadConstraints: [],
        userConfig: { configMapName: 'c', configMapNamespace: '' },
      },
      network: { exposeRoute: false, allowedFrom: { namespaces: [], labels: [] } },
    }));
    expect(parsed.spec).toEqual({
      distribution: { name: 'starter' },
      networking: { expose: { enabled: false }, allowedFrom: {} },
      overrideConfig: { configMapName: 'c' },
    });
  });

  test('YAML 1.1 scalars read as kubectl reads them', () => {
    const parsed = LlamaStackDistributionManifest.parse(`
apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: s, creationTimestamp: 2025-01-01T00:00:00Z}
spec:
  server: {distribution: {name: starter}}
  network: {exposeRoute: yes}
`);
    expect(parsed.spec.networking).toEqual({ expose: { enabled: true } });
  });

  test('what v1alpha2 cannot honour is an error with its path', () => {
    const problems = problemsOf(() => LlamaStackDistributionManifest.fromObject({
      ...v1({
        'replica': 1,
        'server': {
          distribution: { name: 'starter' },
          containerSpec: { name: 'server', port: 8321, envFrom: [] },
          podOverrides: { affinity: {} },
          userConfig: { configMapName: 'cfg', configMapNamespace: 'shared' },
          tlsConfig: { caBundle: { configMapName: 'ca' } },
        },
        'network': 'open',
        'a b': 1,
      }),
      'extra': true,
      'x:y': true,
    }));
    expect(problems).toEqual([
      { path: 'extra', message: 'unknown field "extra"' },
      { path: '["x:y"]', message: 'unknown field "x:y"' },
      { path: 'spec.replica', message: 'unknown field "replica"' },
      { path: 'spec["a b"]', message: 'unknown field "a b"' },
      { path: 'spec.server.containerSpec.envFrom', message: 'unknown field "envFrom"' },
      { path: 'spec.server.containerSpec.name', message: 'v1alpha2 has no container name: the server container is always "llama-stack", not the string "server"' },
      { path: 'spec.server.podOverrides.affinity', message: 'unknown field "affinity"' },
      {
        path: 'spec.server.userConfig.configMapNamespace',
        message: 'the ConfigMap is in namespace "shared", not "ai": v1alpha2 overrideConfig only reads a ConfigMap of the server\'s own namespace (the v1alpha1 operator could not mount it either)',
      },
      {
        path: 'spec.server.tlsConfig.caBundle',
        message: 'a v1alpha1 CA bundle adds trusted CAs for outbound calls without serving TLS; v1alpha2 only has networking.tls.caBundle, which its CRD accepts only with serving TLS (CEL: "caBundle is only valid when TLS is enabled")',
      },
      { path: 'spec.network', message: 'must be an object, not the string "open"' },
    ]);
  });

  test('userConfig in another namespace, and the manifest names none', () => {
    const [p] = problemsOf(() => LlamaStackDistributionManifest.fromObject(v1(
      { server: { distribution: { name: 'starter' }, userConfig: { configMapName: 'c', configMapNamespace: 'shared' } } }, { name: 's' })));
    expect(p.path).toBe('spec.server.userConfig.configMapNamespace');
    expect(p.message).toMatch(/the manifest names no namespace/);
    // Rendered into that namespace, it is fine.
    expect(LlamaStackDistributionManifest.fromObject(v1(
      { server: { distribution: { name: 'starter' }, userConfig: { configMapName: 'c', configMapNamespace: 'shared' } } }, { name: 's' }),
    { namespace: 'shared' }).spec.overrideConfig).toEqual({ configMapName: 'c' });
  });

  test('problems found while synthesizing are reported at the v1alpha1 paths', () => {
    const parsed = LlamaStackDistributionManifest.fromObject(v1({
      replicas: -1,
      server: {
        distribution: { name: 'starter' },
        workers: 0,
        containerSpec: { port: 70000, command: [''] },
        podDisruptionBudget: { minAvailable: 1, maxUnavailable: 1 },
        podOverrides: { serviceAccountName: '' },
      },
      network: { exposeRoute: 'yes please' },
    }, { name: 'My_Stack' }));
    const problems = problemsOf(() => LlamaStackDistributionManifest.toDistribution(Testing.chart(), 'x', parsed));
    expect(problems.map((p) => p.path)).toEqual([
      'metadata.name',
      'spec.server.containerSpec.port',
      'spec.network.exposeRoute',
      'spec.replicas',
      'spec.server.workers',
      'spec.server.podDisruptionBudget',
      'spec.server.podOverrides',
      'spec.server.containerSpec.command[0]',
    ]);
    expect(problems[3].message).toBe('must be greater than or equal to 0 (as v1alpha2 spec.workload.replicas)');
  });

  test('a converted sample renders valid objects', () => {
    const chart = Testing.chart();
    LlamaStackDistributionManifest.synthesize(chart, 'x', Yaml.stringify(v1({
      server: { distribution: { name: 'starter' }, containerSpec: { env: [{ name: 'OLLAMA_URL', value: 'http://ollama:11434/v1' }] } },
    })));
    const objects = Testing.synth(chart);
    expect(schemaErrors(objects)).toEqual([]);
    const deployment = objects.find((o) => o.kind === 'Deployment');
    expect(deployment.metadata.namespace).toBe('ai');
    expect(deployment.spec.template.spec.containers[0].env).toContainEqual({ name: 'OLLAMA_URL', value: 'http://ollama:11434/v1' });
  });
});

describe('the envelope', () => {
  test.each<[string, any, { path: string; message: string }[]]>([
    ['not an object', [1, 2], [{ path: '(document)', message: 'must be a Kubernetes object, not a list' }]],
    ['wrong kind', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } },
      [{ path: 'kind', message: 'expected llamastack.io/v1alpha2 LlamaStackDistribution or ogx.io/v1beta1 OGXServer, got v1/ConfigMap' }]],
    ['wrong version', { apiVersion: 'llamastack.io/v1beta1', kind: 'LlamaStackDistribution', metadata: { name: 'x' }, spec: {} },
      [{ path: 'apiVersion', message: 'expected llamastack.io/v1alpha2 LlamaStackDistribution or ogx.io/v1beta1 OGXServer, got llamastack.io/v1beta1/LlamaStackDistribution' }]],
    ['no metadata, no spec', { apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution' },
      [{ path: 'metadata', message: 'Required value' }, { path: 'spec', message: 'Required value' }]],
    ['generateName only, unknown metadata', { apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { generateName: 'x-', nmae: 'x' }, spec: {} },
      [{ path: 'metadata.nmae', message: 'unknown field "nmae"' }, { path: 'metadata.name', message: 'Required value' }]],
    ['v1alpha1 without server', v1({}), [{ path: 'spec.server', message: 'Required value' }]],
  ])('%s', (_what, obj, expected) => {
    expect(problemsOf(() => LlamaStackDistributionManifest.fromObject(obj))).toEqual(expected);
  });

  test('parse wants exactly one manifest; parseAll reads a stream and numbers the documents', () => {
    const one = Yaml.stringify(v1({ server: { distribution: { name: 'starter' } } }));
    expect(problemsOf(() => LlamaStackDistributionManifest.parse(`${one}---\n${one}`))).toEqual([{ path: '(document)', message: 'expected one LlamaStackDistribution manifest, found 2' }]);
    expect(LlamaStackDistributionManifest.parseAll(`${one}---\n# nothing\n---\n${one}`)).toHaveLength(2);
    expect(problemsOf(() => LlamaStackDistributionManifest.parseAll(`${one}---\nkind: ConfigMap\n---\na: [\n`))).toEqual([
      { path: 'document 2: kind', message: 'expected llamastack.io/v1alpha2 LlamaStackDistribution or ogx.io/v1beta1 OGXServer, got undefined/ConfigMap' },
      { path: 'document 3: (yaml)', message: expect.stringMatching(/^Flow sequence in block collection must be sufficiently indented/) },
    ]);
    expect(problemsOf(() => LlamaStackDistributionManifest.parse('a: .inf\n'))).toEqual([{ path: '(document).a', message: 'Infinity is not a JSON number' }]);
    expect(LlamaStackDistributionManifest.isDistribution(v1({}))).toBe(true);
    expect(LlamaStackDistributionManifest.isDistribution({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer' })).toBe(true);
    expect(LlamaStackDistributionManifest.isDistribution({ apiVersion: 'v1', kind: 'OGXServer' })).toBe(false);
  });

  test('the construct renders what a manifest built from its own spec renders', () => {
    const a = Testing.chart();
    const direct = new LlamaStackDistribution(a, 'stack', { namespace: 'ai', models: [{ name: 'm', provider: 'openai' }], inference: [] });
    const b = Testing.chart();
    LlamaStackDistributionManifest.toDistribution(b, 'stack', LlamaStackDistributionManifest.fromObject({
      apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'stack', namespace: 'ai' }, spec: direct.spec,
    }));
    expect(Testing.synth(b)).toEqual(Testing.synth(a));
  });
});

describe('the platform annotation (cdk8s-llama-stack.io/platform)', () => {
  const manifest = (annotations?: any, kind = 'v2') => (kind === 'v2'
    ? { apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'my-stack', namespace: 'ai', annotations }, spec: { distribution: { name: 'starter' } } }
    : { apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer', metadata: { name: 'my-stack', namespace: 'ai', annotations }, spec: { distribution: { name: 'starter' } } });

  test.each(['v2', 'ogx'])('is read into the parsed manifest (%s)', (kind) => {
    expect(LlamaStackDistributionManifest.fromObject(manifest({ 'cdk8s-llama-stack.io/platform': 'openshift' }, kind)).platform).toBe(Platform.OPENSHIFT);
    expect(LlamaStackDistributionManifest.fromObject(manifest({ 'cdk8s-llama-stack.io/platform': 'kubernetes' }, kind)).platform).toBe(Platform.KUBERNETES);
    expect(LlamaStackDistributionManifest.fromObject(manifest({ other: 'x' }, kind)).platform).toBeUndefined();
  });

  test('an annotated manifest renders for its platform; render options that disagree are an error', () => {
    const d = distributionFromManifest(Testing.chart(), 'x', manifest({ 'cdk8s-llama-stack.io/platform': 'openshift' }));
    expect(d.platform).toBe(Platform.OPENSHIFT);
    expect(d.deployment.toJson().spec.template.spec.securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(distributionFromManifest(Testing.chart(), 'x', manifest(), { platform: Platform.OPENSHIFT }).platform).toBe(Platform.OPENSHIFT);
    expect(problemsOf(() => distributionFromManifest(Testing.chart(), 'x', manifest({ 'cdk8s-llama-stack.io/platform': 'openshift' }), { platform: Platform.KUBERNETES })))
      .toEqual([{ path: 'metadata.annotations["cdk8s-llama-stack.io/platform"]', message: 'the manifest is for openshift, and the render asks for kubernetes' }]);
  });

  test.each([['OpenShift', 'the string "OpenShift"'], [true, 'the boolean true'], [{}, 'an object']])('%p is refused', (value, shown) => {
    expect(problemsOf(() => LlamaStackDistributionManifest.fromObject(manifest({ 'cdk8s-llama-stack.io/platform': value }))))
      .toEqual([{ path: 'metadata.annotations["cdk8s-llama-stack.io/platform"]', message: `${shown} is not a platform` }]);
  });
});

describe('problems in the manifest\'s words, said once at the reader', () => {
  const manifest = (spec: object, name = 'my-stack') => ({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name, namespace: 'ai' }, spec });
  const lines = (fn: () => unknown) => {
    try {
      fn();
    } catch (e: any) {
      return (e.problems as { path: string; fix: string }[]).map((p) => `${p.path}: ${p.fix}`);
    }
    throw new Error('expected problems');
  };

  test('a fix in props words has a manifest form: every word of it (the table rewrote "use a server target (…)" and left "image and baseConfigYaml")', () => {
    const spec = { distribution: { name: 'starter' }, externalProviders: { inference: [{ providerId: 'x', image: 'quay.io/x/y@sha256:' + 'a'.repeat(64), providerType: 'remote::x', module: 'x' }] } };
    expect(lines(() => distributionFromManifest(Testing.chart(), 'd', manifest(spec), { target: ServerTarget.OPERATOR }))).toEqual([
      'spec.externalProviders: use a server target (--target ogx-1.3, the default, or another release), which installs them, or bake the provider into a custom image '
        + '(spec.distribution.image, and its base config with --base-config FILE)',
    ]);
  });

  test('the name\'s fix names metadata.name; warnings printed at synth are at the manifest\'s paths', () => {
    expect(lines(() => distributionFromManifest(Testing.chart(), 'd', manifest({ distribution: { name: 'starter' } }, '9lives')))).toEqual([
      'metadata.name: start it with a lower-case letter, then use lower-case letters, digits and \'-\', at most 48 characters (set metadata.name)',
    ]);
    const d = distributionFromManifest(Testing.chart(), 'd', manifest({ distribution: { name: 'starter' }, disabled: ['telemetry'] }));
    expect(d.warnings).toEqual([{ path: 'spec.disabled[0]', message: 'the base config has no telemetry API, so disabling it changes nothing', fix: 'remove "telemetry" from disabled' }]);
  });
});

test('the reader returns the manifest or its problems; parse, the edge, throws them', () => {
  expect(readDistribution('text')).toEqual({ problems: [{ path: '(document)', message: 'must be a Kubernetes object, not the string "text"', fix: 'pass a LlamaStackDistribution manifest' }] });
  expect(readDistribution({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'a' }, spec: {} }))
    .toEqual({ parsed: { name: 'a', spec: {}, apiVersion: 'llamastack.io/v1alpha2' } });
  expect(() => LlamaStackDistributionManifest.fromObject('text')).toThrow('(document): must be a Kubernetes object, not the string "text" — pass a LlamaStackDistribution manifest');
});
