/** The server container's env and port, per server line: what the Deployment sets and the start-up model substitutes with. */
import {
  containerEnv, containerPort, dataMountPath, DEFAULT_METRICS_PORT, DEFAULT_PORT, generatedEnv,
  metricsPort, MIN_SERVER_PORT, podEnv, podHome, serverEnv,
} from '../../src/releases/pod-env';
import { ServerTarget } from '../../src/releases/server-target';

const OGX = ServerTarget.OGX_1_3;
const LLAMA = ServerTarget.LLAMA_STACK_0_7;
const OPERATOR = ServerTarget.OPERATOR;
const STARTER = { distribution: { name: 'starter' } };
const SECRET = { name: 'LLSD_VLLM_API_KEY', valueFrom: { secretKeyRef: { name: 'creds', key: 'api-key' } } };
const DATA_FIX = 'remove it: it follows the data volume, which spec.workload.storage.mountPath moves';

const names = (env: { name: string }[]) => env.map((e) => e.name);

describe('containerPort', () => {
  test('networking.port, else 8321; a privileged port listens on 8321 (the operator\'s image: as given)', () => {
    expect([DEFAULT_PORT, MIN_SERVER_PORT]).toStrictEqual([8321, 1024]);
    expect(containerPort({}, OGX)).toBe(8321);
    expect(containerPort({ networking: { port: 9000 } }, OGX)).toBe(9000);
    expect(containerPort({ networking: { port: 1024 } }, OGX)).toBe(1024);
    expect(containerPort({ networking: { port: 80 } }, OGX)).toBe(8321);
    expect(containerPort({ networking: { port: 80 } }, OPERATOR)).toBe(80);
  });
});

describe('serverEnv', () => {
  test('OGX 1.3: its port and config dir vars, the shipped configs\' store dirs under the distribution, and the workers', () => {
    expect(serverEnv(OGX, { ...STARTER, workload: { workers: 2 } })).toStrictEqual([
      { name: 'OGX_PORT', value: '8321' },
      { name: 'OGX_CONFIG_DIR', value: '/.ogx' },
      { name: 'SQLITE_STORE_DIR', value: '/.ogx/distributions/starter' },
      { name: 'FILES_STORAGE_DIR', value: '/.ogx/distributions/starter/files' },
      { name: 'OGX_WORKERS', value: '2' },
    ]);
  });

  test('Llama Stack 0.7: its own names, no workers var; a distribution by image is custom; the mount path moves the dirs', () => {
    expect(serverEnv(LLAMA, { workload: { workers: 2, storage: { mountPath: '/data' } } })).toStrictEqual([
      { name: 'LLAMA_STACK_PORT', value: '8321' },
      { name: 'LLAMA_STACK_CONFIG_DIR', value: '/data' },
      { name: 'SQLITE_STORE_DIR', value: '/data/distributions/custom' },
      { name: 'FILES_STORAGE_DIR', value: '/data/distributions/custom/files' },
    ]);
  });

  test('the operator\'s image: only the port', () => {
    expect(serverEnv(OPERATOR, { ...STARTER, networking: { port: 80 } })).toStrictEqual([{ name: 'LLAMA_STACK_PORT', value: '80' }]);
  });
});

describe('podHome and dataMountPath', () => {
  test('an image that runs as the pod\'s non-root user keeps its home; a root image\'s home is the data volume', () => {
    expect([podHome(OGX, {}), dataMountPath(OGX, {})]).toStrictEqual(['/', '/.ogx']);
    expect([podHome(LLAMA, {}), dataMountPath(LLAMA, {})]).toStrictEqual(['/.llama', '/.llama']);
    const moved = { workload: { storage: { mountPath: '/data' } } };
    expect([podHome(OGX, moved), podHome(LLAMA, moved), dataMountPath(OGX, moved)]).toStrictEqual(['/', '/data', '/data']);
    expect(dataMountPath(OGX, { workload: { storage: { mountPath: '' } } })).toBe('/.ogx');
  });
});

describe('podEnv', () => {
  test('the config path, the server line\'s vars, the caches\' home, HOME, the Secret references, then the user\'s', () => {
    const user = [{ name: 'LOG_LEVEL', value: 'debug' }];
    expect(podEnv(OGX, { ...STARTER, workload: { overrides: { env: user } } }, [SECRET])).toStrictEqual([
      { name: 'RUN_CONFIG_PATH', value: '/etc/llama-stack/config.yaml' },
      { name: 'OGX_PORT', value: '8321' },
      { name: 'OGX_CONFIG_DIR', value: '/.ogx' },
      { name: 'SQLITE_STORE_DIR', value: '/.ogx/distributions/starter' },
      { name: 'FILES_STORAGE_DIR', value: '/.ogx/distributions/starter/files' },
      { name: 'HF_HOME', value: '/.ogx' },
      { name: 'HOME', value: '/' },
      { name: 'LLSD_VLLM_API_KEY', valueFrom: { secretKeyRef: { name: 'creds', key: 'api-key' } } },
      { name: 'LOG_LEVEL', value: 'debug' },
    ]);
  });

  test('a CA bundle: SSL_CERT_FILE and REQUESTS_CA_BUNDLE name the merged bundle', () => {
    const env = podEnv(OGX, { networking: { tls: { enabled: true, secretName: 't', caBundle: { configMapName: 'cas' } } } }, []);
    expect(env.filter((e) => e.name.endsWith('_FILE') || e.name.endsWith('_BUNDLE'))).toStrictEqual([
      { name: 'SSL_CERT_FILE', value: '/etc/ssl/certs/ca-bundle/ca-bundle.crt' },
      { name: 'REQUESTS_CA_BUNDLE', value: '/etc/ssl/certs/ca-bundle/ca-bundle.crt' },
    ]);
  });

  test('monitoring: the Prometheus endpoint on, on every interface, on its port (releases that have one)', () => {
    expect(metricsPort({})).toBe(DEFAULT_METRICS_PORT);
    expect(DEFAULT_METRICS_PORT).toBe(9464);
    expect(podEnv(OGX, { monitoring: { metricsPort: 9100 } } as any, []).slice(-3)).toStrictEqual([
      { name: 'OGX_METRICS_ENDPOINT_ENABLED', value: 'true' },
      { name: 'OGX_METRICS_HOST', value: '0.0.0.0' },
      { name: 'OGX_METRICS_PORT', value: '9100' },
    ]);
    expect(names(podEnv(LLAMA, { monitoring: {} } as any, []))).not.toContain('OGX_METRICS_PORT');
  });

  test('the operator\'s image: the port, HF_HOME and HOME only', () => {
    expect(names(podEnv(OPERATOR, STARTER, []))).toStrictEqual(['RUN_CONFIG_PATH', 'LLAMA_STACK_PORT', 'HF_HOME', 'HOME']);
  });
});

describe('generatedEnv', () => {
  test('what a user env var must not shadow, each with the prop that sets it; the workers var even when unset', () => {
    expect(generatedEnv(OGX, {})).toStrictEqual([
      { name: 'OGX_PORT', fix: 'remove it: the port is spec.networking.port' },
      { name: 'OGX_CONFIG_DIR', fix: DATA_FIX },
      { name: 'SQLITE_STORE_DIR', fix: DATA_FIX },
      { name: 'FILES_STORAGE_DIR', fix: DATA_FIX },
      { name: 'HF_HOME', fix: DATA_FIX },
      { name: 'HOME', fix: 'remove it: it is the image\'s own home, whose .ogx and .cache are the pod\'s writable volumes' },
      { name: 'OGX_WORKERS', fix: 'remove it: the workers are spec.workload.workers' },
    ]);
  });

  test('a root image\'s HOME follows the data volume; RUN_CONFIG_PATH, the Secret references and the user\'s own are not listed', () => {
    const env = generatedEnv(LLAMA, { workload: { overrides: { env: [{ name: 'X', value: '1' }] } } });
    expect(env.find((e) => e.name === 'HOME')?.fix).toBe(DATA_FIX);
    expect(names(env)).toStrictEqual(['LLAMA_STACK_PORT', 'LLAMA_STACK_CONFIG_DIR', 'SQLITE_STORE_DIR', 'FILES_STORAGE_DIR', 'HF_HOME', 'HOME']);
  });
});

describe('containerEnv', () => {
  test('values as values, Secret references as secrets, the last of a name winning', () => {
    const env = containerEnv(OGX, { workload: { overrides: { env: [{ name: 'OGX_PORT', value: '9999' }, { name: 'EMPTY' } as any] } } }, [SECRET]);
    expect(env.get('OGX_PORT')).toStrictEqual({ kind: 'value', value: '9999' });
    expect(env.get('LLSD_VLLM_API_KEY')).toStrictEqual({ kind: 'secret', source: 'LLSD_VLLM_API_KEY' });
    expect(env.get('EMPTY')).toStrictEqual({ kind: 'value', value: '' });
    expect(env.get('HOME')).toStrictEqual({ kind: 'value', value: '/' });
  });
});

describe('with a model seed (the Hugging Face home moves, the hub goes offline)', () => {
  const starter = STARTER;
  const hf = (env: { name: string; value?: string }[]) => env.filter((e) => /^(HF_|TRANSFORMERS_)/.test(e.name));

  test('without a seed: HF_HOME is the data volume, nothing offline', () => {
    expect(hf(podEnv(OGX, starter, []))).toEqual([{ name: 'HF_HOME', value: '/.ogx' }]);
  });

  test('a seed: HF_HOME is the seeded home, the hub and transformers offline', () => {
    expect(hf(podEnv(OGX, starter, [], { home: '/models' }))).toEqual([
      { name: 'HF_HOME', value: '/models' }, { name: 'HF_HUB_OFFLINE', value: '1' }, { name: 'TRANSFORMERS_OFFLINE', value: '1' },
    ]);
  });

  test('a read-only seed: the remote-code modules go to a writable directory', () => {
    expect(hf(podEnv(OGX, starter, [], { home: '/models', modulesCache: '/.cache/huggingface/modules' }))).toContainEqual(
      { name: 'HF_MODULES_CACHE', value: '/.cache/huggingface/modules' });
  });

  test('the user\'s env still comes last (Kubernetes lets the last of a name win)', () => {
    const env = podEnv(OGX, { ...starter, workload: { overrides: { env: [{ name: 'LOG', value: 'x' }] } } }, [], { home: '/models' });
    expect(env[env.length - 1]).toEqual({ name: 'LOG', value: 'x' });
  });

  test('generatedEnv is unchanged without a seed (HF_HOME follows the data volume)', () => {
    expect(generatedEnv(OGX, starter).find((e) => e.name === 'HF_HOME')?.fix).toMatch(/follows the data volume/);
  });
});
