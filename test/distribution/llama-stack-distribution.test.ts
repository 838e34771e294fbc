import { ApiObject, App, Chart, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { ConfigGenerator } from '../../src/generate/operator/config-generator';

import { InferenceProvider, SafetyProvider, ToolRuntimeProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { StorageBackend } from '../../src/values/storage-backend';
import { schemaErrors } from '../support/k8s-schema';
import { problemsOf } from '../support/problems';

// These tests pin the operator-compatible target; test/releases and test/generate cover the server targets.
const OPERATOR = { target: ServerTarget.OPERATOR };

function synth(props: LlamaStackDistributionProps, chartProps: { namespace?: string } = { namespace: 'ai' }): any[] {
  const chart = Testing.chart();
  if (chartProps.namespace) (chart as any).namespace = chartProps.namespace;
  new LlamaStackDistribution(chart, 'llama', { ...OPERATOR, ...props });
  return Testing.synth(chart);
}

function byKind(manifests: any[], kind: string): any {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

function problems(props: LlamaStackDistributionProps): string[] {
  try {
    new LlamaStackDistribution(Testing.chart(), 'llama', { ...OPERATOR, ...props });
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

const VLLM = () => InferenceProvider.vllm({
  id: 'remote::vllm',
  endpoint: 'http://vllm:8000/v1',
  apiKey: SecretRef.fromSecretName('vllm-creds', 'token'),
});

describe('minimal distribution', () => {
  const manifests = synth({ inference: [VLLM()], models: ['llama3.2-8b', 'granite'] });
  const generated = ConfigGenerator.generate({
    distribution: { name: 'starter' },
    providers: { inference: [VLLM().toSpec()] },
    resources: { models: ['llama3.2-8b', 'granite'] },
  });

  test('creates ConfigMap, ServiceAccount, Deployment, Service and nothing else', () => {
    expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`)).toEqual([
      `ConfigMap/llama-config-${generated.contentHash.slice(0, 8)}`,
      'ServiceAccount/llama-sa',
      'Deployment/llama',
      'Service/llama-service',
    ]);
  });

  test('every object passes the Kubernetes schemas', () => {
    expect(schemaErrors(manifests)).toEqual([]);
  });

  test('the ConfigMap is immutable, hash-named and holds the generated config', () => {
    const cm = byKind(manifests, 'ConfigMap');
    expect(cm.immutable).toBe(true);
    expect(cm.metadata.namespace).toBe('ai');
    expect(cm.data).toEqual({ 'config.yaml': generated.configYaml });
    expect(cm.data['config.yaml']).toContain('api_key: ${env.LLSD_REMOTE__VLLM_API_KEY}');
  });

  test('the Deployment runs the pinned image with the operator labels and the config path', () => {
    const d = byKind(manifests, 'Deployment');
    expect(d.spec.replicas).toBe(1);
    expect(d.spec.strategy).toBeUndefined();
    expect(d.spec.selector.matchLabels).toEqual({ 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' });
    const pod = d.spec.template.spec;
    expect(pod.serviceAccountName).toBe('llama-sa');
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toEqual({ runAsNonRoot: true, runAsUser: 1001, runAsGroup: 1001, fsGroup: 1001, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.containers).toHaveLength(1);
    const c = pod.containers[0];
    expect(c.name).toBe('llama-stack');
    expect(c.image).toBe('docker.io/llamastack/distribution-starter:0.2.23');
    expect(c.command).toBeUndefined();
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8321, protocol: 'TCP' }]);
    expect(c.env).toEqual([
      { name: 'RUN_CONFIG_PATH', value: '/etc/llama-stack/config.yaml' },
      { name: 'LLAMA_STACK_PORT', value: '8321' },
      { name: 'HF_HOME', value: '/.llama' },
      { name: 'HOME', value: '/.llama' },
      { name: 'LLSD_REMOTE__VLLM_API_KEY', valueFrom: { secretKeyRef: { name: 'vllm-creds', key: 'token' } } },
    ]);
    expect(c.resources).toEqual({ requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '4Gi' } });
    expect(c.startupProbe.httpGet).toEqual({ path: '/v1/health', port: 'http', scheme: 'HTTP' });
    expect(c.readinessProbe.httpGet.path).toBe('/v1/health');
    expect(c.livenessProbe.httpGet.path).toBe('/v1/health');
    expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    expect(pod.volumes.find((v: any) => v.name === 'config')).toEqual({
      name: 'config', configMap: { name: `llama-config-${generated.contentHash.slice(0, 8)}`, items: [{ key: 'config.yaml', path: 'config.yaml' }] },
    });
    expect(pod.volumes.find((v: any) => v.name === 'lls-storage')).toEqual({ name: 'lls-storage', emptyDir: { sizeLimit: '10Gi' } });
    expect(pod.topologySpreadConstraints).toBeUndefined();
    expect(pod.affinity).toBeUndefined();
  });

  test('the Service targets the http port', () => {
    const s = byKind(manifests, 'Service');
    expect(s.metadata.name).toBe('llama-service');
    expect(s.spec).toEqual({
      type: 'ClusterIP',
      selector: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' },
      ports: [{ name: 'http', protocol: 'TCP', port: 8321, targetPort: 'http' }],
    });
  });

  test('two synths are byte-identical', () => {
    const once = () => {
      const app = new App({ outdir: '/tmp/unused' });
      new LlamaStackDistribution(new Chart(app, 'c'), 'llama', { ...OPERATOR, inference: [VLLM()], models: ['a', 'b'] });
      return app.synthYaml();
    };
    expect(once()).toBe(once());
  });
});

describe('secrets', () => {
  test('no secret value appears in any object', () => {
    const app = Testing.app();
    const secrets = new Chart(app, 'secrets');
    const secret = new kplus.Secret(secrets, 'creds', { stringData: { token: 'sk-SUPER-SECRET-VALUE' } });
    const chart = new Chart(app, 'llama');
    new LlamaStackDistribution(chart, 'llama', {
      ...OPERATOR,
      inference: [InferenceProvider.vllm({ id: 'remote::vllm', endpoint: 'http://vllm:8000/v1', apiKey: SecretRef.fromSecret(secret, 'token') })],
    });
    const manifests = Testing.synth(chart);
    expect(JSON.stringify(manifests)).not.toContain('sk-SUPER-SECRET-VALUE');
    expect(byKind(manifests, 'Deployment').spec.template.spec.containers[0].env).toContainEqual({
      name: 'LLSD_REMOTE__VLLM_API_KEY', valueFrom: { secretKeyRef: { name: secret.name, key: 'token' } },
    });
  });
});

describe('production distribution', () => {
  const manifests = synth({
    distribution: 'postgres-demo',
    inference: [
      InferenceProvider.vllm({ id: 'vllm-primary', endpoint: 'http://vllm:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'token') }),
      InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai', 'key') }),
    ],
    safety: [SafetyProvider.custom('llama-guard', { id: 'guard' })],
    toolRuntime: [ToolRuntimeProvider.braveSearch({ apiKey: SecretRef.fromSecretName('brave', 'key') })],
    models: [{ name: 'llama-70b', provider: 'vllm-primary', contextLength: 131072 }, { name: 'gpt-4o', provider: 'openai' }],
    tools: ['builtin::websearch'],
    shields: ['llama-guard'],
    kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379', password: SecretRef.fromSecretName('redis', 'password') }),
    sqlStorage: StorageBackend.postgres({ connectionString: SecretRef.fromSecretName('pg', 'uri') }),
    replicas: 3,
    workers: 2,
    autoscaling: { minReplicas: 3, maxReplicas: 10, targetCPUUtilizationPercentage: 70 },
    tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca', configMapKeys: ['root.crt', 'intermediate.crt'] } },
    expose: { hostname: 'llama.example.com', ingressClassName: 'nginx', controllerNamespace: 'ingress-nginx' },
    allowedFrom: { namespaces: ['ingress-nginx'], labels: ['team'] },
  });

  test('all objects, all valid', () => {
    expect(manifests.map((m) => m.kind)).toEqual([
      'ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress',
    ]);
    expect(schemaErrors(manifests)).toEqual([]);
  });

  test('replicas are the HPA\'s; spread and anti-affinity defaults; CPU request = workers', () => {
    const d = byKind(manifests, 'Deployment');
    expect(d.spec.replicas).toBeUndefined();
    const pod = d.spec.template.spec;
    expect(pod.topologySpreadConstraints.map((t: any) => t.topologyKey)).toEqual(['topology.kubernetes.io/region', 'topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    expect(pod.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey).toBe('kubernetes.io/hostname');
    expect(pod.containers[0].resources.requests.cpu).toBe('2');
  });

  test('HPA and PDB', () => {
    expect(byKind(manifests, 'HorizontalPodAutoscaler').spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'llama' },
      minReplicas: 3,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    });
    expect(byKind(manifests, 'PodDisruptionBudget').spec).toEqual({
      selector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
      maxUnavailable: 1,
    });
  });

  test('NetworkPolicy admits the namespace, listed namespaces and labelled namespaces', () => {
    expect(byKind(manifests, 'NetworkPolicy').spec).toEqual({
      podSelector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
      policyTypes: ['Ingress'],
      ingress: [{
        from: [
          { podSelector: {} },
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
          { namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Exists' }] } },
        ],
        ports: [{ protocol: 'TCP', port: 8321 }],
      }],
    });
  });

  test('Ingress routes the host to the Service\'s https port, and tells ingress-nginx the pod speaks HTTPS', () => {
    const ingress = byKind(manifests, 'Ingress');
    expect(ingress.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS' });
    expect(ingress.spec).toEqual({
      ingressClassName: 'nginx',
      rules: [{ host: 'llama.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'llama-service', port: { name: 'https' } } } }] } }],
    });
  });

  test('TLS: secret mounted, config points at it, probes use HTTPS', () => {
    const d = byKind(manifests, 'Deployment');
    const c = d.spec.template.spec.containers[0];
    expect(c.volumeMounts).toContainEqual({ name: 'tls', mountPath: '/etc/llama-stack/tls', readOnly: true });
    expect(d.spec.template.spec.volumes).toContainEqual({ name: 'tls', secret: { secretName: 'llama-tls' } });
    expect(c.startupProbe.httpGet.scheme).toBe('HTTPS');
    expect(byKind(manifests, 'ConfigMap').data['config.yaml']).toContain('tls_certfile: /etc/llama-stack/tls/tls.crt');
  });

  test('CA bundle: keys appended to the image\'s trust store by an init container, into SSL_CERT_FILE (test/workload/ca-bundle.test.ts runs it)', () => {
    const pod = byKind(manifests, 'Deployment').spec.template.spec;
    expect(pod.containers[0].env).toContainEqual({ name: 'SSL_CERT_FILE', value: '/etc/ssl/certs/ca-bundle/ca-bundle.crt' });
    expect(pod.containers[0].env).toContainEqual({ name: 'REQUESTS_CA_BUNDLE', value: '/etc/ssl/certs/ca-bundle/ca-bundle.crt' });
    expect(pod.initContainers[0].command.slice(3, 6)).toEqual(['ca-bundle', '/etc/ssl/certs/ca-bundle-source', '/etc/ssl/certs/ca-bundle/ca-bundle.crt']);
    expect(pod.volumes).toContainEqual({
      name: 'ca-bundle-source',
      configMap: { name: 'corp-ca', items: [{ key: 'root.crt', path: '00-root.crt' }, { key: 'intermediate.crt', path: '01-intermediate.crt' }] },
    });
  });

  test('secret env vars for every referenced secret, in the operator order', () => {
    const env = byKind(manifests, 'Deployment').spec.template.spec.containers[0].env.filter((e: any) => e.valueFrom);
    expect(env.map((e: any) => e.name)).toEqual([
      'LLSD_VLLM_PRIMARY_API_KEY', 'LLSD_OPENAI_API_KEY', 'LLSD_BRAVE_SEARCH_API_KEY', 'LLSD_STORAGE_KV_PASSWORD', 'LLSD_STORAGE_SQL_CONNECTION_STRING',
    ]);
  });
});

describe('persistent storage', () => {
  const manifests = synth({ persistentStorage: { size: Size.gibibytes(20), storageClassName: 'fast' } });
  test('PVC, Recreate strategy, volume from the claim', () => {
    expect(byKind(manifests, 'PersistentVolumeClaim').spec).toEqual({
      accessModes: ['ReadWriteOnce'], storageClassName: 'fast', resources: { requests: { storage: '20Gi' } },
    });
    const d = byKind(manifests, 'Deployment');
    expect(d.spec.strategy).toEqual({ type: 'Recreate' });
    expect(d.spec.template.spec.volumes).toContainEqual({ name: 'lls-storage', persistentVolumeClaim: { claimName: 'llama-pvc' } });
    expect(schemaErrors(manifests)).toEqual([]);
  });
  test('a PVC with several replicas is rejected', () => {
    expect(problems({ persistentStorage: {}, replicas: 2 })).toEqual([
      'props.persistentStorage: a ReadWriteOnce volume cannot be shared by several pods (replicas or autoscaling allow more than one)',
    ]);
  });
});

describe('override config and spec input', () => {
  test('overrideConfig mounts the user ConfigMap and generates nothing', () => {
    const manifests = synth({ overrideConfigMapName: 'my-config' });
    expect(manifests.find((m) => m.kind === 'ConfigMap')).toBeUndefined();
    const pod = byKind(manifests, 'Deployment').spec.template.spec;
    expect(pod.volumes[0]).toEqual({ name: 'config', configMap: { name: 'my-config', items: [{ key: 'config.yaml', path: 'config.yaml' }] } });
  });

  test('a v1alpha2 spec gives the same objects as the typed props', () => {
    const typed = synth({ inference: [VLLM()], models: ['m'], replicas: 2 });
    const chart = Testing.chart();
    (chart as any).namespace = 'ai';
    const d = new LlamaStackDistribution(Testing.chart(), 'x', { ...OPERATOR, inference: [VLLM()], models: ['m'], replicas: 2 });
    new LlamaStackDistribution(chart, 'llama', { ...OPERATOR, spec: d.spec });
    expect(Testing.synth(chart)).toEqual(typed);
  });

  test('a spec made of prototype-less objects (as some parsers return) gives the same objects', () => {
    const spec = {
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }] },
      workload: {
        resources: { requests: { cpu: '1', memory: '1Gi' } },
        overrides: { env: [{ name: 'LOG_LEVEL', value: 'debug' }], volumes: [{ name: 'x', emptyDir: {} }], volumeMounts: [{ name: 'x', mountPath: '/x' }] },
      },
    };
    const bare = (v: any): any => {
      if (Array.isArray(v)) return v.map(bare);
      if (v === null || typeof v !== 'object') return v;
      const out = Object.create(null);
      for (const k of Object.keys(v)) out[k] = bare(v[k]);
      return out;
    };
    const manifests = synth({ spec: bare(spec) });
    expect(manifests).toEqual(synth({ spec }));
    expect(byKind(manifests, 'Deployment').spec.template.spec.containers[0].env).toContainEqual({ name: 'LOG_LEVEL', value: 'debug' });
  });

  test('cdk8s gets the rendered objects uncopied: ordinary objects that share nothing with llama.spec', () => {
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', {
      ...OPERATOR,
      env: { LOG_LEVEL: 'debug' },
      command: ['python'],
      args: ['-m', 'server'],
      volumes: [{ name: 'x', emptyDir: {} }],
      volumeMounts: [{ name: 'x', mountPath: '/x' }],
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' }],
      nodeSelector: { disk: 'ssd' },
      tolerations: [{ key: 'k', operator: 'Exists' }],
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'Exists' }] }] } } },
    });
    const before = chart.toJson();
    // Every object of the spec the construct exposes, by identity.
    const specObjects = new Set<object>();
    const collect = (v: unknown) => {
      if (v === null || typeof v !== 'object') return;
      specObjects.add(v);
      for (const x of Object.values(v)) collect(x);
    };
    collect(d.spec);
    const held = d.node.children.filter((c): c is ApiObject => c instanceof ApiObject).map((o) => (o as any).props);
    expect(held.length).toBeGreaterThanOrEqual(4);
    const check = (v: unknown, path: string) => {
      if (v === null || typeof v !== 'object') {
        expect([typeof v, Object.is(v, -0)]).not.toEqual(['undefined', true]);
        return;
      }
      if (specObjects.has(v)) throw new Error(`${path} is an object of llama.spec`);
      expect(Object.getPrototypeOf(v)).toBe(Array.isArray(v) ? Array.prototype : Object.prototype);
      for (const [k, x] of Object.entries(v)) check(x, `${path}.${k}`);
    };
    held.forEach((m, i) => check(m, `objects[${i}]`));
    // Changing the spec afterwards changes nothing that is written.
    const o = d.spec.workload!.overrides! as any;
    o.env[0].value = 'changed';
    o.command.push('changed');
    o.args[0] = 'changed';
    o.volumes[0].name = 'changed';
    o.volumeMounts[0].mountPath = '/changed';
    (d.spec.workload!.topologySpreadConstraints![0] as any).maxSkew = 9;
    expect(chart.toJson()).toEqual(before);
  });

  test('a -0 in the props is written 0, as JSON has it', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    new LlamaStackDistribution(chart, 'llama', { ...OPERATOR, replicas: -0, terminationGracePeriodSeconds: -0 });
    const pod = byKind(chart.toJson(), 'Deployment').spec;
    expect(Object.is(pod.replicas, 0)).toBe(true);
    expect(Object.is(pod.template.spec.terminationGracePeriodSeconds, 0)).toBe(true);
    expect(app.synthYaml()).not.toContain('-0\n');
  });

  test('spec cannot be combined with typed props', () => {
    expect(problems({ spec: { distribution: { name: 'starter' } }, replicas: 2 })).toEqual(['props.replicas: cannot be combined with props.spec']);
  });
});

describe('CA bundle namespace', () => {
  const tls = (configMapNamespace: string) => ({ secretName: 'tls', caBundle: { configMapName: 'ca', configMapNamespace } });
  const error = (ns: string) => [{
    path: 'props.tls.caBundle.configMapNamespace',
    message: `a pod can only mount ConfigMaps of its own namespace (${ns})`,
  }];

  test('another namespace than props.namespace, or else the chart\'s, is an error', () => {
    expect(problemsOf(() => new LlamaStackDistribution(Testing.chart(), 'l', { ...OPERATOR, namespace: 'ai', tls: tls('certs') }))).toEqual(error('ai'));
    const chart = new Chart(Testing.app(), 'c', { namespace: 'team-a' });
    expect(problemsOf(() => new LlamaStackDistribution(chart, 'l', { ...OPERATOR, tls: tls('certs') }))).toEqual(error('team-a'));
  });

  test('the same namespace, or none known, is fine', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'certs' });
    expect(() => new LlamaStackDistribution(chart, 'l', { ...OPERATOR, tls: tls('certs') })).not.toThrow();
    expect(() => new LlamaStackDistribution(Testing.chart(), 'l', { ...OPERATOR, tls: tls('certs') })).not.toThrow();
  });
});

describe('validation: every problem, with its path', () => {
  test.each<[string, LlamaStackDistributionProps, string[]]>([
    ['name', { name: 'Bad_Name' }, ['props.name: "Bad_Name" is not a valid name: object names are derived from it (Bad_Name-network-policy…)']],
    ['unpinned image', { image: 'quay.io/x/llama:latest' }, ['props.image: image "quay.io/x/llama:latest" is not pinned']],
    ['untagged image', { image: 'quay.io/x/llama' }, ['props.image: image "quay.io/x/llama" is not pinned']],
    ['unknown distribution', { distribution: 'nope' }, [
      'props.distribution: the operator pipeline (v1alpha2) has no distribution "nope"',
    ]],
    ['override exclusive', { overrideConfigMapName: 'cm', models: ['m'] }, ['props: overrideConfig and resources are mutually exclusive']],
    ['disabled + configured', { inference: [VLLM()], disabledApis: ['inference'] }, ['props: inference cannot be both in providers and disabled']],
    ['pdb both', { podDisruptionBudget: { minAvailable: 1, maxUnavailable: 1 } }, ['props.podDisruptionBudget: minAvailable and maxUnavailable are mutually exclusive']],
    ['autoscaling bounds', { autoscaling: { minReplicas: 5, maxReplicas: 2 } }, ['props.autoscaling: maxReplicas must be greater than or equal to minReplicas']],
    ['unknown model provider', { models: [{ name: 'm', provider: 'ghost' }] }, []],
  ])('%s', (_what, props, want) => {
    if (want.length === 0) {
      expect(() => new LlamaStackDistribution(Testing.chart(), 'llama', { ...OPERATOR, ...props })).toThrow('names provider "ghost", which is not configured');
      return;
    }
    expect(problems(props)).toEqual(want);
  });

  test('several problems are reported together', () => {
    expect(problems({ name: 'X', image: 'a/b', replicas: -1 }).length).toBe(3);
  });
});
