/**
 * Typed props become a spec, and the mapping records where each spec location came from: a
 * problem at a spec path is reported at the prop the user wrote because the place that writes the
 * spec says so, not through a second table kept in step by hand.
 */
import { Size } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import { ExternalProvider, InferenceProvider, LlamaStackDistributionProps, SecretRef, StorageBackend } from '../../src';
import { atPropsPaths, propsPath } from '../../src/distribution/props-paths';
import { PROP_NAMES } from '../../src/distribution/props-shape';
import { specAndProblemsFromProps } from '../../src/distribution/spec-from-props';

const external = (id: string, api: string) =>
  ExternalProvider.fromImage({ id, image: `quay.io/acme/${id}:1.0`, api, providerType: `remote::${id}`, module: id });

const PROPS: LlamaStackDistributionProps = {
  inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1' })],
  models: ['m'],
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
  disabledApis: ['telemetry'],
  port: 8080,
  tls: { secretName: 'llama-tls' },
  expose: { hostname: 'llama.example.com' },
  allowedFrom: { namespaces: ['apps'] },
  replicas: 2,
  workers: 2,
  resources: { cpu: { limit: Cpu.units(2) }, memory: { request: Size.mebibytes(512), limit: Size.gibibytes(4) }, extendedResources: { 'nvidia.com/gpu': 1 } },
  autoscaling: { minReplicas: 1, maxReplicas: 3 },
  persistentStorage: { size: Size.gibibytes(1) },
  podDisruptionBudget: { minAvailable: 1 },
  serviceAccountName: 'llama',
  terminationGracePeriodSeconds: 30,
  env: { 'LOG_LEVEL': 'info', 'API-KEY': SecretRef.fromSecretName('llama', 'api-key') },
  command: ['serve'],
  args: ['--port', '8080'],
  overrideConfigMapName: 'my-config',
  monitoring: { metricsPort: 9090 },
  externalProviders: [external('one', 'inference'), external('two', 'safety'), external('three', 'inference')],
};

/** Every location in the spec: objects, list items and leaves. */
function locations(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => locations(v, `${path}[${i}]`))];
  if (value !== null && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => locations(v, /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`))];
  }
  return [path];
}

describe('the spec mapping records the prop each spec location came from', () => {
  const { spec, origins } = specAndProblemsFromProps(PROPS);

  test('a few locations and their props', () => {
    expect(Object.fromEntries([
      'spec.workload.replicas', 'spec.workload.storage', 'spec.networking.tls.enabled', 'spec.distribution.image',
      'spec.storage.sql', 'spec.overrideConfig.configMapName', 'spec.workload.overrides.env[0]', 'spec.workload.overrides.env[1].value',
      'spec.externalProviders.inference', 'spec.externalProviders.inference[1]', 'spec.externalProviders.safety[0]',
      'spec.workload', 'spec.providers', 'spec.workload.resources', 'spec.workload.resources.limits.cpu',
      'spec.workload.resources.requests.memory', 'spec.workload.resources.limits["nvidia.com/gpu"]',
    ].map((at) => [at, origins.get(at)]))).toEqual({
      'spec.workload.replicas': 'props.replicas',
      'spec.workload.storage': 'props.persistentStorage',
      'spec.networking.tls.enabled': 'props.tls',
      'spec.distribution.image': 'props.image',
      'spec.storage.sql': 'props.sqlStorage',
      'spec.overrideConfig.configMapName': 'props.overrideConfigMapName',
      // env is sorted by name: API-KEY, then LOG_LEVEL.
      'spec.workload.overrides.env[0]': 'props.env["API-KEY"]',
      'spec.workload.overrides.env[1].value': 'props.env.LOG_LEVEL',
      'spec.externalProviders.inference': 'props.externalProviders[0]',
      'spec.externalProviders.inference[1]': 'props.externalProviders[2]',
      'spec.externalProviders.safety[0]': 'props.externalProviders[1]',
      'spec.workload': 'props',
      'spec.providers': 'props',
      // Each amount at the typed field it was rendered from.
      'spec.workload.resources': 'props.resources',
      'spec.workload.resources.limits.cpu': 'props.resources.cpu.limit',
      'spec.workload.resources.requests.memory': 'props.resources.memory.request',
      'spec.workload.resources.limits["nvidia.com/gpu"]': 'props.resources.extendedResources["nvidia.com/gpu"]',
    });
  });

  test('every location the mapping writes is at a prop the user can set, with no second edit anywhere', () => {
    const unmapped: string[] = [];
    const notAProp: string[] = [];
    for (const at of locations(spec, 'spec').slice(1)) {
      const path = propsPath(at, origins);
      if (!path.startsWith('props')) unmapped.push(at);
      else if (path !== 'props' && !PROP_NAMES.has(/^props\.([A-Za-z]+)/.exec(path)?.[1] ?? '')) notAProp.push(`${at} → ${path}`);
    }
    // `spec.resources` and `spec.storage` group several props and have no one prop to name.
    expect(unmapped).toEqual(['spec.resources', 'spec.storage']);
    expect(notAProp).toEqual([]);
    expect(propsPath('spec.workload.overrides.volumeMounts[0].name', origins)).toBe('props.volumeMounts[0].name');
    expect(propsPath('spec.workload.overrides.env[0].valueFrom.secretKeyRef.key', origins)).toBe('props.env["API-KEY"].valueFrom.secretKeyRef.key');
  });

  test('a location nothing was recorded for keeps its spec path; quoted paths use the same record', () => {
    expect(propsPath('spec.somethingNew.x', origins)).toBe('spec.somethingNew.x');
    expect(atPropsPaths([{
      path: 'spec.workload.resources.limits.cpu',
      message: 'above spec.workload.resources.limits.memory, in spec.providers, at spec.externalProviders.inference[1]',
      fix: 'lower spec.workload.resources.limits.cpu',
    }], origins)).toEqual([{
      path: 'props.resources.cpu.limit',
      message: 'above props.resources.memory.limit, in spec.providers, at props.externalProviders[2]',
      fix: 'lower props.resources.cpu.limit',
    }]);
  });

  test('a props.spec has no record: its spec paths stay', () => {
    expect(atPropsPaths([{ path: 'spec.workload.replicas', message: 'see spec.workload.replicas', fix: 'set spec.workload.replicas' }], undefined))
      .toEqual([{ path: 'spec.workload.replicas', message: 'see spec.workload.replicas', fix: 'set spec.workload.replicas' }]);
  });
});
