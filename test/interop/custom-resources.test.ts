/**
 * "To a CR": LlamaStackDistributionResource and OgxServerResource emit CRs their CRDs accept,
 * and a LlamaStackDistribution CR read back renders exactly what the props render directly.
 */
import { Chart, Size, Testing, Yaml } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import {
  Connector, InferenceProvider, LlamaStackDistributionProps, SafetyProvider, SecretRef, ServerTarget, StorageBackend,
  ToolRuntimeProvider, VectorIoProvider,
} from '../../src';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { LlamaStackDistributionManifest } from '../../src/interop/manifest';
import { crdSchemaErrors } from '../support/crd-schema';
import { schemaErrors } from '../support/k8s-schema';
import { problemsOf } from '../support/problems';
import { emitCr, synthDirect } from '../support/synth-both-ways';

const vllm = InferenceProvider.vllm({
  id: 'vllm-primary', endpoint: 'http://vllm.models.svc:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'token'),
});

/** Props every CR can carry (no postgres field by field, labels, node placement…). */
const CASES: [string, LlamaStackDistributionProps][] = [
  ['minimal, short-form models', { inference: [vllm], models: ['llama-3.1-8b', 'granite-3.3-8b'] }],
  // Safety providers and shields: OGX 0.8 (OGX 1.x has no safety API).
  ['production-like', {
    target: ServerTarget.OGX_0_8,
    namespace: 'ai-platform',
    inference: [vllm, InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai', 'api-key') })],
    safety: [SafetyProvider.nvidia({ id: 'guardrails', endpoint: 'http://nemo-guardrails.safety.svc:7331' })],
    vectorIo: [VectorIoProvider.pgvector({ host: 'pgvector.data.svc', db: 'vectors', user: 'llama', password: SecretRef.fromSecretName('pg', 'password') })],
    toolRuntime: [ToolRuntimeProvider.tavilySearch({ apiKey: SecretRef.fromSecretName('tavily', 'api-key') })],
    models: [{ name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm-primary', contextLength: 131072 }, { name: 'gpt-4o', provider: 'openai' }],
    shields: ['content-safety'],
    kvStorage: StorageBackend.redis({ endpoint: 'redis://redis-master.data.svc:6379' }),
    replicas: 3,
    workers: 2,
    resources: { cpu: { request: Cpu.units(2), limit: Cpu.units(4) }, memory: { request: Size.gibibytes(4), limit: Size.gibibytes(4) } },
    autoscaling: { minReplicas: 3, maxReplicas: 10, targetCPUUtilizationPercentage: 70 },
    tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corporate-ca', configMapKeys: ['root.crt', 'issuing.crt'] } },
    expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' },
    allowedFrom: { namespaces: ['ingress-nginx'], labels: ['team/llm'] },
  }],
  ['pod overrides, PVC, PDB, topology spread', {
    inference: [vllm],
    persistentStorage: { size: Size.gibibytes(20) },
    serviceAccountName: 'llama-runner',
    env: { LOG_LEVEL: 'debug' },
    args: ['--verbose'],
    volumes: [{ name: 'extra', configMap: { name: 'extra' } }],
    volumeMounts: [{ name: 'extra', mountPath: '/extra' }],
    terminationGracePeriodSeconds: 60,
    podDisruptionBudget: { minAvailable: 1 },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway' }],
    port: 9000,
  }],
  ['llama-stack 0.7, disabled APIs', { target: ServerTarget.LLAMA_STACK_0_7, inference: [vllm], disabledApis: ['eval', 'scoring'], replicas: 2 }],
  ['override ConfigMap', { overrideConfigMapName: 'my-config', replicas: 0 }],
  ['operator target, postgres connection string', {
    target: ServerTarget.OPERATOR,
    inference: [vllm],
    sqlStorage: StorageBackend.postgres({ connectionString: SecretRef.fromSecretName('pg', 'dsn') }),
  }],
  ['a whole spec', { spec: { distribution: { name: 'starter' }, providers: { inference: [{ provider: 'ollama', endpoint: 'http://ollama:11434/v1' }] } } }],
];


describe('round trip: props → LlamaStackDistribution CR → manifest → LlamaStackDistribution', () => {
  test.each(CASES)('%s', (_name, props) => {
    const cr = emitCr(props);
    expect(cr.apiVersion).toBe('llamastack.io/v1alpha2');
    expect(cr.kind).toBe('LlamaStackDistribution');
    expect(cr.metadata).toEqual(props.namespace ? { name: 'llama', namespace: props.namespace } : { name: 'llama' });
    expect(crdSchemaErrors(cr)).toEqual([]);

    // The CR has no allowPerPodState: both sides allow it, so replicas on starter's stores render.
    const direct = synthDirect({ ...props, allowPerPodState: true });
    expect(schemaErrors(direct)).toEqual([]);
    for (const parsed of [LlamaStackDistributionManifest.fromObject(cr), LlamaStackDistributionManifest.parse(Yaml.stringify(cr))]) {
      const chart = Testing.chart();
      LlamaStackDistributionManifest.toDistribution(chart, 'llama', parsed, { target: props.target, allowPerPodState: true });
      expect(Testing.synth(chart)).toEqual(direct);
    }
  });

  test('synthesize() reads the text and renders the same objects', () => {
    const props = CASES[0][1];
    const chart = Testing.chart();
    LlamaStackDistributionManifest.synthesize(chart, 'llama', Yaml.stringify(emitCr(props)));
    expect(Testing.synth(chart)).toEqual(synthDirect(props));
  });

  test('quantities stay plain values (the imported class would drop them)', () => {
    const cr = emitCr(CASES[1][1]);
    expect(cr.spec.workload.resources).toEqual({ requests: { cpu: '2', memory: '4Gi' }, limits: { memory: '4Gi', cpu: '4' } });
    expect(cr.spec.resources.models[0]).toEqual({ name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm-primary', contextLength: 131072 });
  });

  test('the CR takes the chart namespace like any object', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'team-a' });
    new LlamaStackDistributionResource(chart, 'llama', { inference: [vllm] });
    expect(Testing.synth(chart)[0].metadata).toEqual({ name: 'llama', namespace: 'team-a' });
  });
});


describe('LlamaStackDistributionResource checks', () => {
  test('the construct checks run (validateSpec, name, image)', () => {
    const paths = problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'Bad_Name', {
      inference: [vllm], replicas: -1, image: 'docker.io/ogxai/distribution-starter:latest',
    })).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['id', 'props.replicas', 'props.image']));
  });

  test('every prop the CRD cannot carry is an error with its path', () => {
    const problems = problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', {
      inference: [vllm],
      sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'llama', password: SecretRef.fromSecretName('pg', 'pw') }),
      labels: { team: 'a' },
      nodeSelector: { gpu: 'true' },
      tolerations: [{ key: 'gpu', operator: 'Exists' }],
      imagePullPolicy: 'Always',
      persistentStorage: { storageClassName: 'fast' },
      expose: { ingressClassName: 'nginx' },
      distribution: 'starter',
      image: 'docker.io/ogxai/distribution-starter:1.3.0',
      baseConfigYaml: 'version: 2\nproviders: {}\n',
    }));
    expect(problems.map((p) => p.path)).toEqual([
      'props.labels', 'props.nodeSelector', 'props.tolerations', 'props.imagePullPolicy', 'props.persistentStorage.storageClassName',
      'props.expose.ingressClassName', 'props.baseConfigYaml', 'props.image',
      'props.sqlStorage(host)', 'props.sqlStorage(port)', 'props.sqlStorage(db)', 'props.sqlStorage(user)', 'props.sqlStorage(password)',
    ]);
    expect(problems[0].message).toMatch(/llamastack.io\/v1alpha2 LlamaStackDistribution CRD has no field for labels/);
  });
});

describe('model fields the CRDs do not have', () => {
  // embeddingDimension and providerModelId are what a real server needs to register a model;
  // neither CRD has them, so an operator-managed CR would lose them.
  const models: LlamaStackDistributionProps['models'] = [
    'plain',
    { name: 'embed', modelType: 'embedding', embeddingDimension: 768, providerModelId: 'BAAI/bge-base-en-v1.5' },
  ];
  test.each<[string, (scope: Chart) => unknown]>([
    ['LlamaStackDistributionResource', (scope) => new LlamaStackDistributionResource(scope, 'llama', { inference: [vllm], models })],
    ['OgxServerResource', (scope) => new OgxServerResource(scope, 'llama', { inference: [vllm], models })],
  ])('%s: an error per field', (_kind, make) => {
    const problems = problemsOf(() => make(Testing.chart()));
    expect(problems.map((p) => p.path)).toEqual(['props.models[1].embeddingDimension', 'props.models[1].providerModelId']);
  });
});

const connectors = [Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse' })];

describe('provider fields the CRDs do not have: network, pgvector TLS', () => {
  // The CA and client certificate mounts, NO_PROXY and PGSSLMODE are this library's pod; an
  // operator-managed CR would lose them.
  const props: LlamaStackDistributionProps = {
    inference: [InferenceProvider.vllm({ id: 'vllm', endpoint: 'https://vllm.models.svc:8000/v1', network: { tls: { caCertificate: { configMapName: 'vllm-ca' } } } })],
    vectorIo: [VectorIoProvider.pgvector({ host: 'pg', password: SecretRef.fromSecretName('pg', 'password'), sslMode: 'verify-full' })],
  };
  test.each<[string, (scope: Chart) => unknown]>([
    ['LlamaStackDistributionResource', (scope) => new LlamaStackDistributionResource(scope, 'llama', props)],
    ['OgxServerResource', (scope) => new OgxServerResource(scope, 'llama', props)],
  ])('%s: an error per provider', (_kind, make) => {
    expect(problemsOf(() => make(Testing.chart())).map((p) => p.path)).toEqual(['props.inference[0].network', 'props.vectorIo[0].postgresTls']);
  });

  test.each<[string, (scope: Chart) => unknown]>([
    ['LlamaStackDistributionResource', (scope) => new LlamaStackDistributionResource(scope, 'llama', { inference: [vllm], connectors })],
    ['OgxServerResource', (scope) => new OgxServerResource(scope, 'llama', { inference: [vllm], connectors })],
  ])('%s: connectors are refused (the operator writes the config)', (_kind, make) => {
    expect(problemsOf(() => make(Testing.chart()))).toEqual([
      { path: 'props.connectors', message: expect.stringMatching(/CRD has no field for MCP connectors \(the operator writes the config\)$/) },
    ]);
  });
});

describe('OgxServerResource', () => {
  const props: LlamaStackDistributionProps = {
    namespace: 'ai',
    inference: [vllm, InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai', 'api-key') })],
    vectorIo: [VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', password: SecretRef.fromSecretName('pg', 'password') })],
    toolRuntime: [ToolRuntimeProvider.tavilySearch({ apiKey: SecretRef.fromSecretName('tavily', 'api-key') })],
    models: ['llama-3.1-8b', { name: 'gpt-4o', provider: 'openai', contextLength: 128000 }],
    kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
    sqlStorage: StorageBackend.sqlite(),
    disabledApis: ['eval', 'vector_io'].slice(0, 1),
    replicas: 3,
    workers: 2,
    resources: { cpu: { request: Cpu.units(2) }, memory: { request: Size.gibibytes(4) } },
    autoscaling: { minReplicas: 3, maxReplicas: 10 },
    podDisruptionBudget: { maxUnavailable: 1 },
    tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapKeys: ['a.crt', 'b.crt'] } },
    expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx', tls: { secretName: 'llama-tls' } },
    allowedFrom: { namespaces: ['front'], labels: ['team'] },
    serviceAccountName: 'runner',
    env: { LOG_LEVEL: 'debug' },
  };

  function emit(p: LlamaStackDistributionProps): any[] {
    const chart = Testing.chart();
    new OgxServerResource(chart, 'llama', p);
    return Testing.synth(chart);
  }

  test('maps the props field by field, and the CRD schema accepts it', () => {
    const [cr] = emit(props);
    expect(crdSchemaErrors(cr)).toEqual([]);
    expect(cr).toEqual({
      apiVersion: 'ogx.io/v1beta1',
      kind: 'OGXServer',
      metadata: { name: 'llama', namespace: 'ai' },
      spec: {
        distribution: { image: 'docker.io/ogxai/distribution-starter:1.3.0' },
        // The CRD's typed fields (issue #18): custom only where none exists.
        providers: {
          inference: {
            remote: {
              vllm: [{ id: 'vllm-primary', endpoint: 'http://vllm.models.svc:8000/v1', apiToken: { name: 'vllm', key: 'token' } }],
              openai: [{ id: 'openai', apiKey: { name: 'openai', key: 'api-key' } }],
            },
          },
          vectorIo: { remote: { pgvector: [{ id: 'pgvector', host: 'pg', db: 'v', user: 'u', password: { name: 'pg', key: 'password' } }] } },
          toolRuntime: { remote: { tavilySearch: [{ id: 'tavily-search', apiKey: { name: 'tavily', key: 'api-key' } }] } },
        },
        resources: { models: [{ name: 'llama-3.1-8b' }, { name: 'gpt-4o', provider: 'openai', contextLength: 128000 }] },
        storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379' }, sql: { type: 'sqlite' } },
        network: {
          tls: { secretName: 'tls' },
          externalAccess: { enabled: true, hostname: 'llama.example.com', tls: { secretName: 'llama-tls' } },
          policy: {
            enabled: true,
            ingress: [{
              from: [
                { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'front' } } },
                // expose.controllerNamespace joins allowedFrom: the operator admits it too.
                { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
                { namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Exists' }] } },
              ],
              ports: [{ protocol: 'TCP', port: 8321 }],
            }],
          },
        },
        tls: { trust: { caCertificates: [{ name: 'ca', key: 'a.crt' }, { name: 'ca', key: 'b.crt' }] } },
        workload: {
          replicas: 3,
          workers: 2,
          resources: { requests: { cpu: '2', memory: '4Gi' } },
          autoscaling: { minReplicas: 3, maxReplicas: 10 },
          podDisruptionBudget: { maxUnavailable: 1 },
          overrides: { serviceAccountName: 'runner', env: [{ name: 'LOG_LEVEL', value: 'debug' }] },
        },
        monitoring: { enabled: false },
        praxisMode: { enabled: false },
      },
    });
  });

  test('no allowedFrom: no NetworkPolicy (as LlamaStackDistribution); "*": all namespaces', () => {
    expect(emit({ inference: [vllm] })[0].spec.network).toEqual({ policy: { enabled: false } });
    const all = emit({ inference: [vllm], allowedFrom: { namespaces: ['*'] }, port: 9000 })[0];
    expect(all.spec.network).toEqual({ port: 9000, policy: { enabled: true, ingress: [{ from: [{ namespaceSelector: {} }], ports: [{ protocol: 'TCP', port: 9000 }] }] } });
    expect(crdSchemaErrors(all)).toEqual([]);
  });

  test('overrideConfig, disabled APIs, storage PVC', () => {
    const [cr] = emit({ overrideConfigMapName: 'my-config', persistentStorage: { size: Size.gibibytes(5) } });
    expect(cr.spec.overrideConfig).toEqual({ name: 'my-config', key: 'config.yaml' });
    expect(cr.spec.workload).toEqual({ storage: { size: '5Gi' } });
    expect(crdSchemaErrors(cr)).toEqual([]);
    // APIs OGX no longer has are left out (disabling them changes nothing).
    expect(emit({ inference: [vllm], disabledApis: ['eval', 'telemetry'] })[0].spec.disabledAPIs).toBeUndefined();
    const [d] = emit({
      image: 'registry.example.com/ogx-custom:1.2.3',
      baseConfigYaml: 'version: 2\ndistro_name: custom\napis: [inference, vector_io]\nproviders:\n  inference: []\n',
      inference: [vllm],
      disabledApis: ['vector_io', 'eval'],
    }).filter((o) => o.kind === 'OGXServer');
    expect(d.spec.disabledAPIs).toEqual(['vector_io']);
    expect(crdSchemaErrors(d)).toEqual([]);
  });

  test('baseConfigYaml becomes a watched ConfigMap referenced by baseConfig', () => {
    const base = 'version: 2\ndistro_name: custom\napis: [inference]\nproviders:\n  inference: []\n';
    const out = emit({ image: 'registry.example.com/ogx-custom:1.2.3', baseConfigYaml: base, inference: [vllm] });
    expect(out.map((o) => o.kind)).toEqual(['ConfigMap', 'OGXServer']);
    expect(out[0]).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'llama-base-config', labels: { 'ogx.io/watch': 'true' } },
      data: { 'config.yaml': base },
    });
    expect(out[1].spec.distribution).toEqual({ image: 'registry.example.com/ogx-custom:1.2.3' });
    expect(out[1].spec.baseConfig).toEqual({ name: 'llama-base-config', key: 'config.yaml' });
    expect(crdSchemaErrors(out[1])).toEqual([]);
  });

  test('what the OGXServer CRD cannot express: one error per path', () => {
    // OGX 0.8, the last release with the safety API: on OGX 1.x the dry run refuses safety and
    // shields first, and the mapping (which reads a checked spec only) never runs.
    const problems = problemsOf(() => new OgxServerResource(new Chart(Testing.app(), 'c'), 'llama', {
      target: ServerTarget.OGX_0_8,
      inference: [vllm],
      safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })],
      shields: ['content-safety'],
      sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password: SecretRef.fromSecretName('pg', 'pw') }),
      disabledApis: ['agents', 'scoring'],
      terminationGracePeriodSeconds: 30,
      tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapNamespace: 'certs', configMapKeys: ['.hidden'] } },
      labels: { a: 'b' },
      nodeSelector: { gpu: 'true' },
      expose: { ingressClassName: 'nginx' },
    }));
    expect(problems.map((p) => p.path)).toEqual([
      'props.labels', 'props.nodeSelector', 'props.expose.ingressClassName',
      'props.safety', 'props.sqlStorage', 'props.shields', 'props.expose',
      'props.tls.caBundle.configMapNamespace', 'props.tls.caBundle.configMapKeys[0].key',
      'props.terminationGracePeriodSeconds',
    ]);
    expect(problems.find((p) => p.path === 'props.safety')?.message).toBe(
      'the OGXServer CRD cannot express this: OGXServer has no safety API (removed upstream after OGX 0.8)');
  });

  test('on OGX 1.3 (the default) the dry run refuses safety first; without it, the mapping reports the rest', () => {
    const rest: LlamaStackDistributionProps = {
      inference: [vllm],
      sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password: SecretRef.fromSecretName('pg', 'pw') }),
      terminationGracePeriodSeconds: 30,
      tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapNamespace: 'certs', configMapKeys: ['.hidden'] } },
      labels: { a: 'b' },
    };
    const emitProblems = (p: LlamaStackDistributionProps) => problemsOf(() => new OgxServerResource(new Chart(Testing.app(), 'c'), 'llama', p));
    expect(emitProblems({ ...rest, safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })], shields: ['content-safety'] })).toEqual([
      { path: 'props.labels', message: 'the ogx.io/v1beta1 OGXServer CRD has no field for labels of the objects the operator creates (labels on the CR are not copied to them)' },
      { path: 'props.safety', message: 'the safety API was removed in OGX 1.0.0' },
      { path: 'props.shields', message: 'OGX 1.3.0 has no shields (the safety API was removed in OGX 1.0.0)' },
    ]);
    expect(emitProblems(rest).map((p) => p.path)).toEqual([
      'props.labels', 'props.sqlStorage', 'props.tls.caBundle.configMapNamespace', 'props.tls.caBundle.configMapKeys[0].key', 'props.terminationGracePeriodSeconds',
    ]);
  });

  test('only OGX targets', () => {
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { target: ServerTarget.OPERATOR, inference: [vllm] }))).toContainEqual({
      path: 'props.target', message: 'the OGX operator runs OGX servers, not the operator pipeline (v1alpha2)',
    });
  });

  test('the construct checks run too (dry run of LlamaStackDistribution)', () => {
    const problems = problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', {
      inference: [InferenceProvider.custom('nope', { endpoint: 'http://x' })],
      tools: ['builtin::websearch'],
      kvStorage: StorageBackend.redis({ endpoint: 'redis://r:6379', password: SecretRef.fromSecretName('r', 'pw') }),
    }));
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining([
      'props.inference[0].provider', 'props.tools', 'props.kvStorage.password',
    ]));
  });
});

describe('crdSchemaErrors (test support)', () => {
  test('reports types, required, enum, bounds, patterns and unknown fields', () => {
    const errors = crdSchemaErrors({
      apiVersion: 'ogx.io/v1beta1',
      kind: 'OGXServer',
      metadata: { name: 'x' },
      spec: {
        distribution: { name: 'starter', imageTypo: 'x' },
        disabledAPIs: ['safety'],
        network: { port: 70000 },
        workload: { replicas: 'two', storage: { size: '10 GB' }, podDisruptionBudget: { maxUnavailable: true } },
        storage: { kv: { password: { name: 'p', key: '.bad' } } },
        resources: { models: [] },
      },
    });
    expect(errors).toEqual([
      'OGXServer/x spec.distribution.imageTypo: unknown field "imageTypo"',
      'OGXServer/x spec.disabledAPIs[0]: "safety" is not one of ["batches","conversations","file_processors","inference","responses","tool_runtime","vector_io","files"]',
      'OGXServer/x spec.network.port: 70000 is greater than maximum 65535',
      'OGXServer/x spec.workload.replicas: must be an integer, not a string',
      'OGXServer/x spec.workload.storage.size: "10 GB" does not match ^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
      'OGXServer/x spec.workload.podDisruptionBudget.maxUnavailable: must be an integer or a string, not a boolean',
      'OGXServer/x spec.storage.kv.password.key: ".bad" does not match ^[a-zA-Z0-9]([a-zA-Z0-9\\-_.]*[a-zA-Z0-9])?$',
      'OGXServer/x spec.resources.models: fewer than minItems 1',
    ]);
    expect(crdSchemaErrors({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'x' } }))
      .toEqual(['LlamaStackDistribution/x spec: Required value']);
    expect(crdSchemaErrors({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } })).toEqual(['ConfigMap/x: no CRD in crds/ for v1 ConfigMap']);
  });
});

describe('OgxServerResource: the newest operator\'s fields', () => {
  const pg = (host: string) => StorageBackend.postgres({ host, user: 'ogx', password: SecretRef.fromSecretName('pg', 'password'), poolSize: 4 });

  test('praxisMode {enabled: false} always, so no operator\'s defaulting puts the server behind Praxis', () => {
    const [cr] = Testing.synth((() => {
      const chart = Testing.chart();
      new OgxServerResource(chart, 'llama', { inference: [vllm] });
      return chart;
    })());
    expect(cr.spec.praxisMode).toEqual({ enabled: false });
    expect(crdSchemaErrors(cr)).toEqual([]);
  });

  test('Postgres for both stores: the named backends, in the operator\'s default layout; read back, the same stores', () => {
    const chart = Testing.chart();
    new OgxServerResource(chart, 'llama', { inference: [vllm], kvStorage: pg('pg-kv'), sqlStorage: pg('pg-sql') });
    const [cr] = Testing.synth(chart);
    expect(cr.spec.storage).toEqual({
      backends: {
        kv_default: { type: 'kv_postgres', host: 'pg-kv', port: 5432, db: 'llamastack', user: 'ogx', password: { name: 'pg', key: 'password' }, poolSize: 4 },
        sql_default: { type: 'sql_postgres', host: 'pg-sql', port: 5432, db: 'llamastack', user: 'ogx', password: { name: 'pg', key: 'password' }, poolSize: 4 },
      },
    });
    expect(crdSchemaErrors(cr)).toEqual([]);
    const back = LlamaStackDistributionManifest.fromObject(cr);
    expect(back.spec.storage).toEqual({
      kv: { type: 'postgres', host: 'pg-kv', port: 5432, db: 'llamastack', user: 'ogx', password: { name: 'pg', key: 'password' }, tuning: { poolSize: 4 } },
      sql: { type: 'postgres', host: 'pg-sql', port: 5432, db: 'llamastack', user: 'ogx', password: { name: 'pg', key: 'password' }, tuning: { poolSize: 4 } },
    });
  });

  test('the inference store\'s write queue: the whole store layout written out (explicit stores leave none out), read back the same', () => {
    const chart = Testing.chart();
    new OgxServerResource(chart, 'llama', { inference: [vllm], kvStorage: pg('pg-kv'), sqlStorage: pg('pg-sql'), inferenceStore: { maxWriteQueueSize: 500, numWriters: 2 } });
    const [cr] = Testing.synth(chart);
    expect(cr.spec.storage.stores).toEqual({
      metadata: { backend: 'kv_default', namespace: 'registry' },
      inference: { backend: 'sql_default', tableName: 'inference_store', maxWriteQueueSize: 500, numWriters: 2 },
      conversations: { backend: 'sql_default', tableName: 'openai_conversations' },
      prompts: { backend: 'sql_default', tableName: 'prompts' },
      connectors: { backend: 'sql_default', tableName: 'connectors' },
    });
    expect(crdSchemaErrors(cr)).toEqual([]);
    expect(LlamaStackDistributionManifest.fromObject(cr).spec.storage?.stores).toEqual({ inference: { maxWriteQueueSize: 500, numWriters: 2 } });
    expect(problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', {
      inference: [vllm], kvStorage: StorageBackend.redis({ endpoint: 'redis://r:6379' }), sqlStorage: pg('pg-sql'), inferenceStore: { numWriters: 2 },
    }))).toEqual(expect.arrayContaining([{
      path: 'props.inferenceStore',
      message: 'the LlamaStackDistribution CRD has no store settings (the write queue is this library\'s extension for server targets)',
    }]));
  });

  test('vectorStoresStorage on a Postgres of its own: backend sql_vector_stores and stores.vectorStores; on the SQL Postgres, sql_default', () => {
    const chart = Testing.chart();
    const vectors = StorageBackend.postgres({ host: 'pg-vectors', user: 'vs', password: SecretRef.fromSecretName('vectors-db', 'password') });
    new OgxServerResource(chart, 'llama', { inference: [vllm], kvStorage: pg('pg-kv'), sqlStorage: pg('pg-sql'), vectorStoresStorage: vectors });
    const [cr] = Testing.synth(chart);
    expect(cr.spec.storage.backends.sql_vector_stores).toEqual({ type: 'sql_postgres', host: 'pg-vectors', port: 5432, db: 'llamastack', user: 'vs', password: { name: 'vectors-db', key: 'password' } });
    expect(cr.spec.storage.stores.vectorStores).toEqual({ backend: 'sql_vector_stores', tableName: 'vector_stores' });
    expect(crdSchemaErrors(cr)).toEqual([]);
    expect(LlamaStackDistributionManifest.fromObject(cr).spec.storage?.stores?.vectorStores).toEqual({
      type: 'postgres', host: 'pg-vectors', port: 5432, db: 'llamastack', user: 'vs', password: { name: 'vectors-db', key: 'password' },
    });
    const same = Testing.chart();
    new OgxServerResource(same, 'llama', { inference: [vllm], kvStorage: pg('pg-kv'), sqlStorage: pg('pg-sql'), vectorStoresStorage: pg('pg-sql') });
    expect(Testing.synth(same)[0].spec.storage.stores.vectorStores).toEqual({ backend: 'sql_default', tableName: 'vector_stores' });
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { inference: [vllm], vectorStoresStorage: StorageBackend.sqlite() })).map((p) => p.path))
      .toEqual(['props.vectorStoresStorage']);
  });

  test('Postgres for one store only, or TLS settings the operator\'s sql backend would not pass on: refused', () => {
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { inference: [vllm], sqlStorage: pg('pg') })).map((p) => p.path)).toEqual(['props.sqlStorage']);
    const tls = StorageBackend.postgres({ host: 'pg', user: 'ogx', password: SecretRef.fromSecretName('pg', 'password'), sslMode: 'verify-full' });
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { inference: [vllm], kvStorage: pg('pg'), sqlStorage: tls })).map((p) => p.path))
      .toEqual(['props.sqlStorage']);
  });

  test('external access: the host and the Secret its endpoint serves, both required by the CRD', () => {
    const chart = Testing.chart();
    new OgxServerResource(chart, 'llama', { inference: [vllm], expose: { hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } } });
    const [cr] = Testing.synth(chart);
    expect(cr.spec.network.externalAccess).toEqual({ enabled: true, hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } });
    expect(crdSchemaErrors(cr)).toEqual([]);
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { inference: [vllm], expose: {} }))).toEqual([{
      path: 'props.expose',
      message: 'the OGXServer CRD cannot express this: external access without a host name and without the TLS Secret of its endpoint (the operator requires both)',
    }]);
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { inference: [vllm], expose: { hostname: 'h.example.com', tls: { clusterIssuer: 'le' } } }))
      .map((p) => p.path)).toEqual(['props.expose.tls', 'props.expose']);
  });

  test('LlamaStackDistributionResource: the Ingress TLS Secret of a spec is this library\'s extension, refused', () => {
    expect(problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', {
      spec: { distribution: { name: 'starter' }, networking: { expose: { enabled: true, hostname: 'h.example.com', tlsSecretName: 't' } } },
    })).map((p) => p.path)).toEqual(['spec.networking.expose.tlsSecretName']);
  });
});
