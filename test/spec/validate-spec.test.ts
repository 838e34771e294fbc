import * as fs from 'fs';
import * as path from 'path';
import * as fc from 'fast-check';
import { ConfigProblem } from '../../src/core/errors';
import { validateSpec } from '../../src/spec/validate-spec';

const BASE = { distribution: { name: 'starter' } };
// The CRD's message, naming the list by its path (each reader says the path in its own words).
const DISABLED_MESSAGE = 'spec.disabled must contain valid API names (agents, datasetio, eval, inference, safety, scoring, telemetry, tool_runtime, vector_io)';

/** Every problem must carry a path under `spec`, a message and a concrete fix. */
function checked(spec: unknown, options?: { hasBaseConfig?: boolean }): ConfigProblem[] {
  const problems = validateSpec(spec, options);
  for (const p of problems) {
    expect(p.path.startsWith('spec')).toBe(true);
    expect(typeof p.message).toBe('string');
    expect(p.message.length).toBeGreaterThan(0);
    expect(typeof p.fix).toBe('string');
    expect((p.fix ?? '').length).toBeGreaterThan(0);
  }
  return problems;
}

function pathsAndMessages(spec: unknown, options?: { hasBaseConfig?: boolean }): Array<[string, string]> {
  return checked(spec, options).map((p) => [p.path, p.message]);
}

const FULL_SPEC = {
  distribution: { name: 'starter' },
  providers: {
    inference: [
      {
        id: 'vllm-main',
        provider: 'vllm',
        endpoint: 'http://vllm:8000/v1',
        apiKey: { name: 'vllm-creds', key: 'token' },
        secretRefs: { 'db-user': { name: 'db', key: 'user' }, 'password': { name: 'db', key: 'password' } },
        settings: { max_tokens: 4096, tls_verify: false, nested: { a: [1, 'two', null] } },
      },
      { id: 'ollama', provider: 'ollama', settings: 'free JSON: any value is admitted' },
    ],
    safety: [{ provider: 'llama-guard' }],
    vectorIo: [{ provider: 'pgvector', settings: [1, 2, 3] }],
    toolRuntime: [{ id: 'search', provider: 'brave-search', apiKey: { name: 'brave', key: 'key' } }],
    telemetry: [{ provider: 'otel', settings: null }],
  },
  resources: {
    models: ['llama3.2-8b', { name: 'gpt-4o', provider: 'vllm-main', contextLength: 128000, modelType: 'llm', quantization: 'int4' }],
    tools: ['builtin::websearch'],
    shields: ['llama-guard'],
  },
  storage: {
    kv: { type: 'redis', endpoint: 'redis://redis:6379', password: { name: 'redis', key: 'password' } },
    sql: { type: 'postgres', connectionString: { name: 'pg', key: 'dsn' } },
  },
  disabled: ['agents', 'eval', 'scoring', 'datasetio'],
  networking: {
    port: 8321,
    tls: {
      enabled: true,
      secretName: 'llsd-tls',
      caBundle: { configMapName: 'ca', configMapNamespace: 'certs', configMapKeys: ['ca-bundle.crt', 'extra.pem'] },
    },
    expose: { enabled: true, hostname: 'llama.example.com' },
    allowedFrom: { namespaces: ['*'], labels: ['team'] },
  },
  workload: {
    replicas: 2,
    workers: 4,
    resources: { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '4Gi' } },
    autoscaling: { minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 80, targetMemoryUtilizationPercentage: 70 },
    storage: { size: '10Gi', mountPath: '/.llama' },
    podDisruptionBudget: { maxUnavailable: '25%' },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway' }],
    overrides: {
      serviceAccountName: 'llsd',
      terminationGracePeriodSeconds: 30,
      env: [{ name: 'LOG_LEVEL', value: 'debug' }],
      command: ['python'],
      args: ['-m', 'llama_stack.core.server.server'],
      volumes: [{ name: 'cache', emptyDir: {} }],
      volumeMounts: [{ name: 'cache', mountPath: '/cache' }],
    },
  },
  externalProviders: { inference: [{ providerId: 'custom', image: 'quay.io/acme/provider:1.0' }] },
};

const OVERRIDE_SPEC = {
  distribution: { image: 'quay.io/acme/llama-stack:0.2.0' },
  networking: { port: 9000 },
  workload: { podDisruptionBudget: { minAvailable: 1 } },
  overrideConfig: { configMapName: 'my-config' },
};

describe('valid specs', () => {
  test('a spec using every field yields no problems', () => {
    expect(checked(FULL_SPEC)).toEqual([]);
  });

  test('overrideConfig with the fields it allows yields no problems', () => {
    expect(checked(OVERRIDE_SPEC)).toEqual([]);
  });

  test('the smallest spec yields no problems', () => {
    expect(checked(BASE)).toEqual([]);
    expect(checked({ distribution: { image: 'quay.io/x/y:1' } })).toEqual([]);
  });

  test('null fields count as absent, as the API server prunes them', () => {
    expect(checked({ ...BASE, providers: null, networking: { tls: null, port: null } })).toEqual([]);
  });

  test('a single provider needs no id', () => {
    expect(checked({ ...BASE, providers: { inference: [{ provider: 'vllm' }] } })).toEqual([]);
  });

  test('storage type defaults to sqlite', () => {
    expect(checked({ ...BASE, storage: { kv: {}, sql: {} } })).toEqual([]);
  });

  test('quantities and IntOrStrings accept integers', () => {
    expect(checked({ ...BASE, workload: { storage: { size: 1073741824 }, podDisruptionBudget: { minAvailable: 0 } } })).toEqual([]);
    expect(checked({ ...BASE, workload: { storage: { size: '1.5e3' }, podDisruptionBudget: { minAvailable: '100%' } } })).toEqual([]);
  });
});

/** [name, spec, path, message]: each spec breaks exactly one rule. */
const CEL_CASES: Array<[string, object, string, string]> = [
  // spec
  ['overrideConfig vs providers', { ...OVERRIDE_SPEC, providers: { inference: [{ provider: 'vllm' }] } }, 'spec', 'overrideConfig and providers are mutually exclusive'],
  ['overrideConfig vs resources', { ...OVERRIDE_SPEC, resources: { tools: ['websearch'] } }, 'spec', 'overrideConfig and resources are mutually exclusive'],
  ['overrideConfig vs storage', { ...OVERRIDE_SPEC, storage: { kv: {} } }, 'spec', 'overrideConfig and storage are mutually exclusive'],
  ['overrideConfig vs disabled', { ...OVERRIDE_SPEC, disabled: ['eval'] }, 'spec', 'overrideConfig and disabled are mutually exclusive'],
  ['inference disabled', { ...BASE, providers: { inference: [{ provider: 'vllm' }] }, disabled: ['inference'] }, 'spec', 'inference cannot be both in providers and disabled'],
  ['safety disabled', { ...BASE, providers: { safety: [{ provider: 'llama-guard' }] }, disabled: ['safety'] }, 'spec', 'safety cannot be both in providers and disabled'],
  ['vector_io disabled', { ...BASE, providers: { vectorIo: [{ provider: 'pgvector' }] }, disabled: ['vector_io'] }, 'spec', 'vectorIo cannot be both in providers and disabled'],
  ['tool_runtime disabled', { ...BASE, providers: { toolRuntime: [{ provider: 'brave-search' }] }, disabled: ['tool_runtime'] }, 'spec', 'toolRuntime cannot be both in providers and disabled'],
  ['telemetry disabled', { ...BASE, providers: { telemetry: [{ provider: 'otel' }] }, disabled: ['telemetry'] }, 'spec', 'telemetry cannot be both in providers and disabled'],
  ['invalid disabled name', { ...BASE, disabled: ['agents', 'eval', 'postTraining'] }, 'spec.disabled[2]', DISABLED_MESSAGE],
  // distribution
  ['name and image', { distribution: { name: 'starter', image: 'x:1' } }, 'spec.distribution', 'only one of name or image can be specified'],
  ['neither name nor image', { distribution: {} }, 'spec.distribution', 'one of name or image must be specified'],
  // providers
  ['multiple providers without ids', { ...BASE, providers: { inference: [{ id: 'a', provider: 'vllm' }, { provider: 'ollama' }] } },
    'spec.providers.inference[1]', 'each provider must have an explicit id when multiple providers are specified'],
  ['duplicate ids in one list', { ...BASE, providers: { safety: [{ id: 'a', provider: 'x' }, { id: 'a', provider: 'y' }] } },
    'spec.providers.safety[1].id', 'duplicate provider ids'],
  ['empty id', { ...BASE, providers: { vectorIo: [{ id: '', provider: 'pgvector' }] } }, 'spec.providers.vectorIo[0]', 'id must not be empty if specified'],
  // models
  ['empty model provider', { ...BASE, resources: { models: [{ name: 'm', provider: '' }] } }, 'spec.resources.models[0]', 'provider must not be empty if specified'],
  ['empty modelType', { ...BASE, resources: { models: ['a', { name: 'm', modelType: '' }] } }, 'spec.resources.models[1]', 'modelType must not be empty if specified'],
  ['empty quantization', { ...BASE, resources: { models: [{ name: 'm', quantization: '' }] } }, 'spec.resources.models[0]', 'quantization must not be empty if specified'],
  // storage
  ['redis without endpoint', { ...BASE, storage: { kv: { type: 'redis' } } }, 'spec.storage.kv', 'endpoint is required when type is redis'],
  ['endpoint with sqlite', { ...BASE, storage: { kv: { type: 'sqlite', endpoint: 'redis://r:6379' } } }, 'spec.storage.kv', 'endpoint is only valid when type is redis'],
  ['endpoint with default type', { ...BASE, storage: { kv: { endpoint: 'redis://r:6379' } } }, 'spec.storage.kv', 'endpoint is only valid when type is redis'],
  ['password with sqlite', { ...BASE, storage: { kv: { password: { name: 's', key: 'k' } } } }, 'spec.storage.kv', 'password is only valid when type is redis'],
  ['postgres without connectionString', { ...BASE, storage: { sql: { type: 'postgres' } } }, 'spec.storage.sql', 'connectionString is required when type is postgres'],
  ['connectionString with sqlite', { ...BASE, storage: { sql: { type: 'sqlite', connectionString: { name: 's', key: 'k' } } } },
    'spec.storage.sql', 'connectionString is only valid when type is postgres'],
  // networking
  ['TLS without secretName', { ...BASE, networking: { tls: { enabled: true } } }, 'spec.networking.tls', 'secretName is required when TLS is enabled'],
  ['secretName with TLS off', { ...BASE, networking: { tls: { enabled: false, secretName: 's' } } }, 'spec.networking.tls', 'secretName is only valid when TLS is enabled'],
  ['secretName without enabled', { ...BASE, networking: { tls: { secretName: 's' } } }, 'spec.networking.tls', 'secretName is only valid when TLS is enabled'],
  ['caBundle with TLS off', { ...BASE, networking: { tls: { caBundle: { configMapName: 'ca' } } } }, 'spec.networking.tls', 'caBundle is only valid when TLS is enabled'],
  ['empty configMapNamespace', { ...BASE, networking: { tls: { enabled: true, secretName: 's', caBundle: { configMapName: 'ca', configMapNamespace: '' } } } },
    'spec.networking.tls.caBundle', 'configMapNamespace must not be empty if specified'],
  ['empty hostname', { ...BASE, networking: { expose: { enabled: true, hostname: '' } } }, 'spec.networking.expose', 'hostname must not be empty if specified'],
  // workload
  ['maxReplicas below minReplicas', { ...BASE, workload: { autoscaling: { minReplicas: 3, maxReplicas: 2 } } },
    'spec.workload.autoscaling', 'maxReplicas must be greater than or equal to minReplicas'],
  ['empty mountPath', { ...BASE, workload: { storage: { mountPath: '' } } }, 'spec.workload.storage', 'mountPath must not be empty if specified'],
  ['empty PDB', { ...BASE, workload: { podDisruptionBudget: {} } }, 'spec.workload.podDisruptionBudget', 'at least one of minAvailable or maxUnavailable must be specified'],
  ['PDB with both', { ...BASE, workload: { podDisruptionBudget: { minAvailable: 1, maxUnavailable: 1 } } },
    'spec.workload.podDisruptionBudget', 'minAvailable and maxUnavailable are mutually exclusive'],
  ['empty serviceAccountName', { ...BASE, workload: { overrides: { serviceAccountName: '' } } }, 'spec.workload.overrides', 'serviceAccountName must not be empty if specified'],
];

describe('CEL rules (verbatim messages, object paths)', () => {
  test.each(CEL_CASES)('%s', (_name, spec, p, message) => {
    expect(pathsAndMessages(spec)).toEqual([[p, message]]);
  });
});

describe('intent fixes', () => {
  test('disabled-vs-providers fires for the snake_case names the CRD misses', () => {
    const problems = checked({ ...BASE, providers: { toolRuntime: [{ provider: 'brave-search' }] }, disabled: ['tool_runtime'] });
    expect(problems).toEqual([{
      path: 'spec',
      message: 'toolRuntime cannot be both in providers and disabled',
      fix: 'remove "tool_runtime" from spec.disabled, or remove spec.providers.toolRuntime',
    }]);
  });

  test('disabled-vs-providers does not fire for an empty provider list (only minItems does)', () => {
    expect(pathsAndMessages({ ...BASE, providers: { safety: [] }, disabled: ['safety'] }))
      .toEqual([['spec.providers.safety', 'must have at least 1 item']]);
  });

  test('all conflicts are listed in API order', () => {
    const providers = Object.fromEntries(['inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry']
      .map((api) => [api, [{ id: `${api}-p`, provider: 'x' }]]));
    const problems = checked({ ...BASE, providers, disabled: ['telemetry', 'tool_runtime', 'vector_io', 'safety', 'inference'] });
    expect(problems.map((p) => p.message)).toEqual(['inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry']
      .map((api) => `${api} cannot be both in providers and disabled`));
  });

  test('explicit ids must be unique across lists', () => {
    const problems = checked({
      ...BASE,
      providers: { inference: [{ id: 'shared', provider: 'vllm' }], toolRuntime: [{ id: 'shared', provider: 'brave-search' }] },
    });
    expect(problems).toEqual([{
      path: 'spec.providers.toolRuntime[0].id',
      message: 'duplicate provider ids',
      fix: 'id "shared" is already used by spec.providers.inference[0]; give each provider a unique id',
    }]);
  });

  test('an implicit id (the provider) counts too', () => {
    const problems = checked({ ...BASE, providers: { inference: [{ provider: 'vllm' }], safety: [{ provider: 'vllm' }] } });
    expect(problems).toEqual([{
      path: 'spec.providers.safety[0]',
      message: 'duplicate provider ids',
      fix: 'its id defaults to its provider "vllm", which spec.providers.inference[0] already uses; add id: <unique name>',
    }]);
  });

  test('an explicit id may clash with an implicit one', () => {
    expect(pathsAndMessages({ ...BASE, providers: { inference: [{ provider: 'vllm' }], safety: [{ id: 'vllm', provider: 'llama-guard' }] } }))
      .toEqual([['spec.providers.safety[0].id', 'duplicate provider ids']]);
  });

  test('the same provider type in two lists is fine with distinct ids', () => {
    expect(checked({ ...BASE, providers: { inference: [{ provider: 'vllm' }], safety: [{ id: 'guard', provider: 'vllm' }] } })).toEqual([]);
  });

  test('every later duplicate is reported, each pointing at the first use', () => {
    const problems = checked({
      ...BASE,
      providers: { inference: [{ id: 'a', provider: 'x' }, { id: 'a', provider: 'y' }], telemetry: [{ id: 'a', provider: 'z' }] },
    });
    expect(problems.map((p) => [p.path, p.fix])).toEqual([
      ['spec.providers.inference[1].id', 'id "a" is already used by spec.providers.inference[0]; give each provider a unique id'],
      ['spec.providers.telemetry[0].id', 'id "a" is already used by spec.providers.inference[0]; give each provider a unique id'],
    ]);
  });

  test('multi-provider lists need ids, with the design\'s fix', () => {
    const problems = checked({ ...BASE, providers: { inference: [{ provider: 'vllm' }, { provider: 'ollama' }] } });
    expect(problems).toEqual([0, 1].map((i) => ({
      path: `spec.providers.inference[${i}]`,
      message: 'each provider must have an explicit id when multiple providers are specified',
      fix: 'add id: <unique name>',
    })));
  });

  test('maxReplicas may equal minReplicas; the check needs both', () => {
    expect(checked({ ...BASE, workload: { autoscaling: { minReplicas: 2, maxReplicas: 2 } } })).toEqual([]);
    expect(checked({ ...BASE, workload: { autoscaling: { maxReplicas: 1 } } })).toEqual([]);
  });

  test('a missing TLS enabled counts as false', () => {
    expect(checked({ ...BASE, networking: { tls: {} } })).toEqual([]);
    expect(pathsAndMessages({ ...BASE, networking: { tls: { secretName: 's', caBundle: { configMapName: 'ca' } } } })).toEqual([
      ['spec.networking.tls', 'secretName is only valid when TLS is enabled'],
      ['spec.networking.tls', 'caBundle is only valid when TLS is enabled'],
    ]);
  });
});

describe('distribution and the base config', () => {
  test('distribution is required without a base config', () => {
    expect(pathsAndMessages({})).toEqual([['spec.distribution', 'Required value']]);
  });

  test('with a base config, distribution may be absent or empty', () => {
    expect(checked({}, { hasBaseConfig: true })).toEqual([]);
    expect(checked({ distribution: {} }, { hasBaseConfig: true })).toEqual([]);
    expect(checked({ distribution: { image: 'x:1' } }, { hasBaseConfig: true })).toEqual([]);
  });

  test('with a base config, name and image together are still rejected', () => {
    expect(pathsAndMessages({ distribution: { name: 'starter', image: 'x:1' } }, { hasBaseConfig: true }))
      .toEqual([['spec.distribution', 'only one of name or image can be specified']]);
  });
});

/** [name, spec, path, message]: schema checks (required, minItems, minLength, enum, bounds). */
const SCHEMA_CASES: Array<[string, object, string, string]> = [
  ['provider required', { ...BASE, providers: { inference: [{ id: 'a' }] } }, 'spec.providers.inference[0].provider', 'Required value'],
  ['provider not empty', { ...BASE, providers: { inference: [{ provider: '' }] } }, 'spec.providers.inference[0].provider', 'must not be empty'],
  ['provider list minItems', { ...BASE, providers: { telemetry: [] } }, 'spec.providers.telemetry', 'must have at least 1 item'],
  ['secret name required', { ...BASE, providers: { inference: [{ provider: 'v', apiKey: { key: 'k' } }] } }, 'spec.providers.inference[0].apiKey.name', 'Required value'],
  ['secret key not empty', { ...BASE, providers: { inference: [{ provider: 'v', apiKey: { name: 'n', key: '' } }] } },
    'spec.providers.inference[0].apiKey.key', 'must not be empty'],
  ['secretRefs minProperties', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: {} }] } }, 'spec.providers.inference[0].secretRefs', 'must have at least 1 entry'],
  // The API server gets JSON: a key whose value is undefined is not there.
  ['secretRefs minProperties, an undefined entry', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: { k: undefined } }] } },
    'spec.providers.inference[0].secretRefs', 'must have at least 1 entry'],
  ['secretRefs key path', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: { 'db-name': { name: 's' } } }] } },
    'spec.providers.inference[0].secretRefs["db-name"].key', 'Required value'],
  ['secretRefs identifier key path', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: { host: { name: 's' } } }] } },
    'spec.providers.inference[0].secretRefs.host.key', 'Required value'],
  ['model name required', { ...BASE, resources: { models: [{ provider: 'p' }] } }, 'spec.resources.models[0].name', 'Required value'],
  ['short-form model not empty', { ...BASE, resources: { models: [''] } }, 'spec.resources.models[0]', 'must not be empty'],
  ['models minItems', { ...BASE, resources: { models: [] } }, 'spec.resources.models', 'must have at least 1 item'],
  ['tools item minLength', { ...BASE, resources: { tools: ['a', ''] } }, 'spec.resources.tools[1]', 'must not be empty'],
  ['shields minItems', { ...BASE, resources: { shields: [] } }, 'spec.resources.shields', 'must have at least 1 item'],
  ['kv type enum', { ...BASE, storage: { kv: { type: 'postgres' } } }, 'spec.storage.kv.type', 'Unsupported value: "postgres": supported values: "sqlite", "redis"'],
  ['sql type enum', { ...BASE, storage: { sql: { type: 'redis' } } }, 'spec.storage.sql.type', 'Unsupported value: "redis": supported values: "sqlite", "postgres"'],
  ['port minimum', { ...BASE, networking: { port: 0 } }, 'spec.networking.port', 'must be greater than or equal to 1'],
  ['port maximum', { ...BASE, networking: { port: 65536 } }, 'spec.networking.port', 'must be less than or equal to 65535'],
  ['caBundle configMapName required', { ...BASE, networking: { tls: { enabled: true, secretName: 's', caBundle: {} } } },
    'spec.networking.tls.caBundle.configMapName', 'Required value'],
  ['configMapKeys maxItems', { ...BASE, networking: { tls: { enabled: true, secretName: 's', caBundle: { configMapName: 'c', configMapKeys: Array(51).fill('k') } } } },
    'spec.networking.tls.caBundle.configMapKeys', 'must have at most 50 items'],
  ['allowedFrom namespaces minItems', { ...BASE, networking: { allowedFrom: { namespaces: [] } } }, 'spec.networking.allowedFrom.namespaces', 'must have at least 1 item'],
  ['replicas minimum', { ...BASE, workload: { replicas: -1 } }, 'spec.workload.replicas', 'must be greater than or equal to 0'],
  ['replicas int32', { ...BASE, workload: { replicas: 2 ** 31 } }, 'spec.workload.replicas', 'must be less than or equal to 2147483647'],
  ['workers minimum', { ...BASE, workload: { workers: 0 } }, 'spec.workload.workers', 'must be greater than or equal to 1'],
  ['maxReplicas required', { ...BASE, workload: { autoscaling: { minReplicas: 1 } } }, 'spec.workload.autoscaling.maxReplicas', 'Required value'],
  ['target CPU maximum', { ...BASE, workload: { autoscaling: { maxReplicas: 2, targetCPUUtilizationPercentage: 101 } } },
    'spec.workload.autoscaling.targetCPUUtilizationPercentage', 'must be less than or equal to 100'],
  ['quantity pattern', { ...BASE, workload: { storage: { size: '10 GB' } } }, 'spec.workload.storage.size', 'must be a quantity, e.g. 10Gi, not "10 GB"'],
  ['PDB percentage', { ...BASE, workload: { podDisruptionBudget: { maxUnavailable: 'half' } } },
    'spec.workload.podDisruptionBudget.maxUnavailable', 'must be an integer or a percentage like "50%", not "half"'],
  ['PDB negative', { ...BASE, workload: { podDisruptionBudget: { minAvailable: -1 } } }, 'spec.workload.podDisruptionBudget.minAvailable', 'must be greater than or equal to 0'],
  ['PDB over 100%', { ...BASE, workload: { podDisruptionBudget: { minAvailable: '150%' } } }, 'spec.workload.podDisruptionBudget.minAvailable', 'must not be greater than 100%'],
  ['grace period minimum', { ...BASE, workload: { overrides: { terminationGracePeriodSeconds: -5 } } },
    'spec.workload.overrides.terminationGracePeriodSeconds', 'must be greater than or equal to 0'],
  ['contextLength beyond exact integers', { ...BASE, resources: { models: [{ name: 'm', contextLength: 2 ** 60 }] } },
    'spec.resources.models[0].contextLength', 'must be less than or equal to 9007199254740991'],
  ['topologySpreadConstraints minItems', { ...BASE, workload: { topologySpreadConstraints: [] } }, 'spec.workload.topologySpreadConstraints', 'must have at least 1 item'],
  ['command item minLength', { ...BASE, workload: { overrides: { command: [''] } } }, 'spec.workload.overrides.command[0]', 'must not be empty'],
  ['env minItems', { ...BASE, workload: { overrides: { env: [] } } }, 'spec.workload.overrides.env', 'must have at least 1 item'],
  ['external provider image required', { ...BASE, externalProviders: { inference: [{ providerId: 'p' }] } }, 'spec.externalProviders.inference[0].image', 'Required value'],
  ['overrideConfig configMapName', { ...BASE, overrideConfig: { configMapName: '' } }, 'spec.overrideConfig.configMapName', 'must not be empty'],
  // Stricter than the CRD, which lets an empty Secret name through to a Pod that cannot mount it.
  ['tls secretName empty', { ...BASE, networking: { tls: { enabled: true, secretName: '' } } }, 'spec.networking.tls.secretName', 'must not be empty'],
];

describe('schema checks', () => {
  test.each(SCHEMA_CASES)('%s', (_name, spec, p, message) => {
    expect(pathsAndMessages(spec)).toEqual([[p, message]]);
  });
});

/** [name, spec, path, message]: a wrong type at each kind of field. */
const TYPE_CASES: Array<[string, object, string, string]> = [
  ['distribution', { distribution: 'starter' }, 'spec.distribution', 'must be an object'],
  ['distribution.name', { distribution: { name: 3 } }, 'spec.distribution.name', 'must be a string'],
  ['providers', { ...BASE, providers: [] }, 'spec.providers', 'must be an object'],
  ['provider list', { ...BASE, providers: { inference: { provider: 'vllm' } } }, 'spec.providers.inference', 'must be an array'],
  ['provider entry', { ...BASE, providers: { inference: ['vllm'] } }, 'spec.providers.inference[0]', 'must be an object'],
  ['provider id', { ...BASE, providers: { inference: [{ id: 7, provider: 'vllm' }] } }, 'spec.providers.inference[0].id', 'must be a string'],
  ['endpoint', { ...BASE, providers: { inference: [{ provider: 'vllm', endpoint: { url: 'x' } }] } }, 'spec.providers.inference[0].endpoint', 'must be a string'],
  ['secretRefs', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: [] }] } }, 'spec.providers.inference[0].secretRefs', 'must be an object'],
  ['secretRefs value', { ...BASE, providers: { inference: [{ provider: 'v', secretRefs: { k: 'secret' } }] } }, 'spec.providers.inference[0].secretRefs.k', 'must be an object'],
  ['model item', { ...BASE, resources: { models: [42] } }, 'spec.resources.models[0]', 'must be a string or an object'],
  ['contextLength float', { ...BASE, resources: { models: [{ name: 'm', contextLength: 1.5 }] } }, 'spec.resources.models[0].contextLength', 'must be an integer'],
  ['contextLength string', { ...BASE, resources: { models: [{ name: 'm', contextLength: '4096' }] } }, 'spec.resources.models[0].contextLength', 'must be an integer'],
  ['tools', { ...BASE, resources: { tools: 'websearch' } }, 'spec.resources.tools', 'must be an array'],
  ['kv type', { ...BASE, storage: { kv: { type: 1 } } }, 'spec.storage.kv.type', 'must be a string'],
  ['disabled', { ...BASE, disabled: 'eval' }, 'spec.disabled', 'must be an array'],
  ['disabled item', { ...BASE, disabled: ['eval', 3] }, 'spec.disabled[1]', 'must be a string'],
  ['port', { ...BASE, networking: { port: '8321' } }, 'spec.networking.port', 'must be an integer'],
  ['tls.enabled', { ...BASE, networking: { tls: { enabled: 'yes', secretName: 's' } } }, 'spec.networking.tls.enabled', 'must be a boolean'],
  ['replicas', { ...BASE, workload: { replicas: 1.5 } }, 'spec.workload.replicas', 'must be an integer'],
  ['workload.resources', { ...BASE, workload: { resources: 'big' } }, 'spec.workload.resources', 'must be an object'],
  ['env item', { ...BASE, workload: { overrides: { env: ['A=1'] } } }, 'spec.workload.overrides.env[0]', 'must be an object'],
  ['storage size', { ...BASE, workload: { storage: { size: true } } }, 'spec.workload.storage.size', 'must be an integer or a string'],
  ['PDB value', { ...BASE, workload: { podDisruptionBudget: { minAvailable: 0.5 } } }, 'spec.workload.podDisruptionBudget.minAvailable', 'must be an integer or a string'],
  ['grace period', { ...BASE, workload: { overrides: { terminationGracePeriodSeconds: '30' } } }, 'spec.workload.overrides.terminationGracePeriodSeconds', 'must be an integer'],
  ['overrideConfig', { ...BASE, overrideConfig: 'cm' }, 'spec.overrideConfig', 'must be an object'],
];

describe('type errors', () => {
  test.each(TYPE_CASES)('%s', (_name, spec, p, message) => {
    expect(pathsAndMessages(spec)).toEqual([[p, message]]);
  });

  test('fixes name the likely slip', () => {
    const fixOf = (spec: object) => checked(spec)[0].fix;
    expect(fixOf({ ...BASE, networking: { port: '8321' } })).toBe('remove the quotes: 8321');
    expect(fixOf({ distribution: { name: 3 } })).toBe('quote the value: "3"');
    expect(fixOf({ ...BASE, workload: { replicas: 1.5 } })).toBe('use a whole number instead of 1.5');
    expect(fixOf({ ...BASE, networking: { expose: { enabled: 'yes' } } })).toBe('use true or false without quotes instead of the string "yes"');
    expect(fixOf({ ...BASE, providers: { inference: { provider: 'vllm' } } })).toBe('replace an object with an array');
  });

  test('a bad type does not also trigger the rules that read it', () => {
    expect(pathsAndMessages({ ...BASE, networking: { tls: { enabled: 'true', secretName: 's' } } }))
      .toEqual([['spec.networking.tls.enabled', 'must be a boolean']]);
    expect(pathsAndMessages({ ...BASE, storage: { kv: { type: 'Redis', endpoint: 'redis://r' } } }))
      .toEqual([['spec.storage.kv.type', 'Unsupported value: "Redis": supported values: "sqlite", "redis"']]);
    expect(pathsAndMessages({ ...BASE, workload: { autoscaling: { minReplicas: '3', maxReplicas: 2 } } }))
      .toEqual([['spec.workload.autoscaling.minReplicas', 'must be an integer']]);
  });
});

describe('unknown fields', () => {
  test('are reported at every schema level, with a suggestion', () => {
    const problems = checked({ ...BASE, networking: { tls: { enable: true } } });
    expect(problems).toEqual([{
      path: 'spec.networking.tls.enable',
      message: 'unknown field "enable"',
      fix: 'did you mean "enabled"?; known fields: enabled, secretName, caBundle',
    }]);
  });

  test('snake_case provider APIs get a camelCase hint', () => {
    const problems = checked({ ...BASE, providers: { tool_runtime: [{ provider: 'x' }] } });
    expect(problems.map((p) => [p.path, p.message])).toEqual([['spec.providers.tool_runtime', 'unknown field "tool_runtime"']]);
    expect(problems[0].fix).toMatch(/^providers use camelCase: write "toolRuntime"/);
  });

  test('a whole manifest gets a hint to pass only its spec', () => {
    const problems = checked({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', spec: BASE });
    expect(problems.map((p) => p.path)).toEqual(['spec.distribution', 'spec.apiVersion', 'spec.kind', 'spec.spec']);
    expect(problems[1].fix).toMatch(/^pass only the manifest's spec/);
  });

  test('non-identifier keys are quoted in paths', () => {
    expect(pathsAndMessages({ ...BASE, 'my-field': 1 })).toEqual([['spec["my-field"]', 'unknown field "my-field"']]);
  });

  test('are not reported inside settings (free-form provider config)', () => {
    expect(checked({ ...BASE, providers: { inference: [{ provider: 'vllm', settings: { anything: { goes: [1] } } }] } })).toEqual([]);
  });

  test('inside the core/v1 types the CRD embeds, the CRD\'s schema for them applies', () => {
    expect(checked({
      ...BASE,
      workload: {
        resources: { request: { cpu: '1' }, limits: { cpu: '2 cores', memory: true } },
        overrides: {
          env: [{ anyKey: 1 }, { name: 'A', valueFrom: { secretKeyRef: { name: 's' } } }],
          volumes: [{ emptyDir: {} }],
          volumeMounts: [{ name: 'v', mountPath: 1 }],
        },
        topologySpreadConstraints: [{ maxSkew: '1', topologyKey: 'zone' }],
      },
    })).toEqual([
      { path: 'spec.workload.resources.request', message: 'unknown field "request"', fix: 'remove it; known fields: claims, limits, requests' },
      {
        path: 'spec.workload.resources.limits.cpu',
        message: '"2 cores" does not match ^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
        fix: 'use a Kubernetes quantity such as 500m, 2 or 4Gi',
      },
      { path: 'spec.workload.resources.limits.memory', message: 'must be an integer or a string, not a boolean', fix: 'use an integer or a string' },
      { path: 'spec.workload.topologySpreadConstraints[0].whenUnsatisfiable', message: 'Required value', fix: 'add whenUnsatisfiable' },
      { path: 'spec.workload.topologySpreadConstraints[0].maxSkew', message: 'must be an integer, not a string', fix: 'use an integer' },
      { path: 'spec.workload.overrides.env[0].name', message: 'Required value', fix: 'add name' },
      { path: 'spec.workload.overrides.env[0].anyKey', message: 'unknown field "anyKey"', fix: 'remove it; known fields: name, value, valueFrom' },
      { path: 'spec.workload.overrides.env[1].valueFrom.secretKeyRef.key', message: 'Required value', fix: 'add key' },
      { path: 'spec.workload.overrides.volumes[0].name', message: 'Required value', fix: 'add name' },
      { path: 'spec.workload.overrides.volumeMounts[0].mountPath', message: 'must be a string, not an integer', fix: 'use a string' },
    ]);
  });

  test('undefined-valued keys are ignored, as JSON would drop them', () => {
    expect(checked({ ...BASE, extra: undefined })).toEqual([]);
  });

  test('invalid disabled names get a suggestion', () => {
    const problems = checked({ ...BASE, disabled: ['toolRuntime', 'vectorIo', 'postTraining'] });
    expect(problems.map((p) => [p.path, p.fix])).toEqual([
      ['spec.disabled[0]', 'use "tool_runtime"'],
      ['spec.disabled[1]', 'use "vector_io"'],
      ['spec.disabled[2]', 'remove "postTraining" (the message lists the API names)'],
    ]);
  });
});

describe('every problem is listed, in a stable order', () => {
  const MANY = {
    bogus: 1,
    distribution: { name: 'a', image: 'b' },
    providers: { inference: [{ provider: 'vllm' }, { id: '', provider: 3 }] },
    disabled: ['inference', 'nope'],
    networking: { port: 0, tls: { enabled: true } },
    workload: { autoscaling: { minReplicas: 5, maxReplicas: 1 } },
  };

  test('walks the spec in schema order, each object before its fields', () => {
    expect(pathsAndMessages(MANY)).toEqual([
      ['spec.bogus', 'unknown field "bogus"'],
      ['spec', 'inference cannot be both in providers and disabled'],
      ['spec.distribution', 'only one of name or image can be specified'],
      ['spec.providers.inference[0]', 'each provider must have an explicit id when multiple providers are specified'],
      ['spec.providers.inference[1]', 'id must not be empty if specified'],
      ['spec.providers.inference[1].provider', 'must be a string'],
      ['spec.disabled[1]', DISABLED_MESSAGE],
      ['spec.networking.port', 'must be greater than or equal to 1'],
      ['spec.networking.tls', 'secretName is required when TLS is enabled'],
      ['spec.workload.autoscaling', 'maxReplicas must be greater than or equal to minReplicas'],
    ]);
  });

  test('is deterministic', () => {
    expect(validateSpec(MANY)).toEqual(validateSpec(JSON.parse(JSON.stringify(MANY))));
  });
});

describe('garbage input never throws', () => {
  test.each<[string, unknown, string, string]>([
    ['null', null, 'spec', 'Required value'],
    ['undefined', undefined, 'spec', 'Required value'],
    ['a number', 42, 'spec', 'must be an object'],
    ['a string', 'spec', 'spec', 'must be an object'],
    ['an array', [], 'spec', 'must be an object'],
    ['a function', () => 1, 'spec', 'must be an object'],
  ])('%s', (_name, spec, p, message) => {
    expect(pathsAndMessages(spec)).toEqual([[p, message]]);
  });

  test('{providers: 5}', () => {
    expect(pathsAndMessages({ providers: 5 })).toEqual([
      ['spec.distribution', 'Required value'],
      ['spec.providers', 'must be an object'],
    ]);
  });

  test('wrong types everywhere', () => {
    const everything = ['distribution', 'providers', 'resources', 'storage', 'disabled', 'networking', 'workload', 'externalProviders', 'overrideConfig'];
    for (const bad of [0, 'x', true, [], [null], {}, { a: [] }]) {
      const spec = Object.fromEntries(everything.map((k) => [k, bad]));
      expect(() => checked(spec)).not.toThrow();
      expect(() => checked({ ...BASE, providers: Object.fromEntries(['inference', 'safety'].map((k) => [k, [bad, { provider: bad, apiKey: bad, secretRefs: bad }]])) })).not.toThrow();
    }
  });

  test('null-prototype objects and __proto__ keys', () => {
    const spec = Object.assign(Object.create(null), { distribution: Object.assign(Object.create(null), { name: 'starter' }) });
    expect(checked(spec)).toEqual([]);
    expect(pathsAndMessages(JSON.parse('{"distribution": {"name": "starter"}, "__proto__": {"providers": 1}}')))
      .toEqual([['spec.__proto__', 'unknown field "__proto__"']]);
  });

  test('even an object whose getter throws yields a problem, not an exception', () => {
    const spec = { ...BASE, get providers(): unknown { throw new Error('boom'); } };
    expect(pathsAndMessages(spec)).toEqual([['spec', 'could not be validated: Error: boom']]);
  });

  test('arrays nested 10000 levels deep in settings are not walked', () => {
    let deep: unknown = [];
    for (let i = 0; i < 10000; i++) deep = [deep];
    expect(checked({ ...BASE, providers: { inference: [{ provider: 'vllm', settings: deep }] } })).toEqual([]);
    expect(pathsAndMessages({ ...BASE, disabled: deep })).toEqual([['spec.disabled[0]', 'must be a string']]);
  });

  test('a 1e6-element disabled list is checked, and its problems are capped at 1,000', () => {
    const valid = Array(1e6).fill('eval');
    expect(checked({ ...BASE, disabled: valid })).toEqual([]);

    const invalid = Array.from({ length: 1e6 }, (_, i) => `bogus-${i}`);
    const problems = checked({ ...BASE, disabled: invalid });
    expect(problems).toHaveLength(1001);
    expect(problems[1000]).toEqual({ path: 'spec', message: '999000 more problems not listed', fix: 'fix the problems listed above and validate again' });
  });

  test('random JSON never throws and always yields well-formed problems', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      checked(v);
      checked({ ...BASE, providers: v, resources: v, networking: { tls: v }, workload: { autoscaling: v } });
    }), { numRuns: 300 });
  });

  test('random edits of a valid spec never throw', () => {
    const keys = Object.keys(FULL_SPEC) as Array<keyof typeof FULL_SPEC>;
    fc.assert(fc.property(fc.constantFrom(...keys), fc.anything(), (key, value) => {
      checked({ ...FULL_SPEC, [key]: value });
    }), { numRuns: 300 });
  });
});

describe('conformance cases the operator accepted are valid', () => {
  const dir = path.join(__dirname, '..', 'fixtures', 'conformance');
  test.each(['public-realistic', 'public-adversarial'])('%s', (file) => {
    const cases: Array<{ name: string; spec: unknown; baseConfigYaml?: string }> = JSON.parse(fs.readFileSync(path.join(dir, `${file}.cases.json`), 'utf8'));
    const expected: Array<{ name: string; error?: string }> = JSON.parse(fs.readFileSync(path.join(dir, `${file}.expected.json`), 'utf8'));
    const failed = new Set(expected.filter((e) => e.error !== undefined).map((e) => e.name));
    const rejected = cases
      .filter((c) => !failed.has(c.name))
      // Some carry plaintext credentials in settings (api_key), which the operator accepts and the constructs refuse.
      .map((c) => ({
        name: c.name,
        problems: validateSpec(c.spec, { hasBaseConfig: c.baseConfigYaml !== undefined, allowPlaintextCredentials: true }),
      }))
      .filter((r) => r.problems.length > 0);
    expect(cases.length).toBeGreaterThan(200);
    expect(rejected).toEqual([]);
  });
});
