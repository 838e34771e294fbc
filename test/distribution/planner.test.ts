/**
 * The planner (src/distribution/planner.ts): props in, the resolved plan or every problem out,
 * without a construct.
 */
import { Size, Testing } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import { ExternalProvider, InferenceProvider, LlamaStackDistribution, SecretRef, ServerTarget, StorageBackend } from '../../src';
import { ConfigProblem } from '../../src/core/errors';
import { planDistribution } from '../../src/distribution/planner';
import { checkedDistributionProps } from '../../src/distribution/props-shape';
import { specAndProblemsFromProps } from '../../src/distribution/spec-from-props';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { FreshLibrary, freshLibrary } from '../support/fresh-library';
import { distributionProblems, problemsOf } from '../support/problems';

describe('a storage backend in the wrong role does not hide the other problems', () => {
  const props = {
    name: '9-bad',
    replicas: -1,
    kvStorage: StorageBackend.postgres({ connectionString: SecretRef.fromSecretName('pg', 'url') }),
  };

  test.each([ServerTarget.OPERATOR, ServerTarget.OGX_0_8])('%# on the construct', (target) => {
    const paths = distributionProblems({ ...props, target }).map((line) => line.slice(0, line.indexOf(':')));
    expect(paths).toEqual(expect.arrayContaining(['props.name', 'props.kvStorage', 'props.replicas']));
  });

  test('on the LlamaStackDistribution CR construct', () => {
    const paths = problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', props)).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['props.name', 'props.kvStorage', 'props.replicas']));
  });
});

test('the plan is what the construct renders', () => {
  const props = { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })], models: ['meta-llama/Llama-3.2-3B-Instruct'] };
  const plan = planDistribution(props, { id: 'llama', chartNamespace: 'ai' });
  const llama = new LlamaStackDistribution(Testing.chart(), 'llama', { ...props, namespace: 'ai' });
  expect(plan.configYaml).toBe(llama.configYaml);
  expect(plan.configMapName).toBe(llama.configMapName);
  expect(plan.url).toBe(llama.url);
  expect(plan.objects.deployment.spec).toEqual(llama.deployment.toJson().spec);
});

test('planning twice gives the same plan (no state between calls)', () => {
  const props = { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })], models: ['m'] };
  expect(planDistribution(props, { id: 'a' })).toEqual(planDistribution(props, { id: 'a' }));
});

/** Where `v` is not plain JSON data (a key left undefined in an object aside): the paths. */
function notPlain(v: unknown, path: string): string[] {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return [];
  if (typeof v === 'number') return Number.isFinite(v) ? [] : [path];
  if (typeof v !== 'object') return [path];
  const proto = Object.getPrototypeOf(v);
  if (Array.isArray(v)) {
    if (proto !== Array.prototype) return [path];
    return Array.from({ length: v.length }, (_, i) => (i in v && v[i] !== undefined ? notPlain(v[i], `${path}[${i}]`) : [`${path}[${i}]`])).flat();
  }
  if (proto !== Object.prototype && proto !== null) return [path];
  return Object.entries(Object.getOwnPropertyDescriptors(v)).flatMap(([k, d]) => {
    if (!('value' in d) || !d.enumerable) return [`${path}.${k}`];
    return d.value === undefined ? [] : notPlain(d.value, `${path}.${k}`);
  });
}

test('the spec the planner checks is plain JSON data', () => {
  const typed = checkedDistributionProps({
    inference: [
      InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', apiKey: SecretRef.fromSecretName('vllm', 'token'), settings: { max_tokens: 4096, nested: { a: [1, 'two', null] } } }),
      InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai', 'key'), secretRefs: { organization: SecretRef.fromSecretName('openai', 'org') } }),
    ],
    models: ['m', { name: 'e', provider: 'openai', modelType: 'embedding', embeddingDimension: 768 }],
    kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379', password: SecretRef.fromSecretName('redis', 'password') }),
    sqlStorage: StorageBackend.postgres({ host: 'pg', db: 'd', user: 'u', password: SecretRef.fromSecretName('pg', 'password') }),
    tls: { secretName: 'tls' },
    expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' },
    allowedFrom: { namespaces: ['apps'] },
    env: { LOG_LEVEL: 'info', TOKEN: SecretRef.fromSecretName('t', 'k') },
    persistentStorage: { size: Size.gibibytes(1) },
    resources: { cpu: { limit: Cpu.units(2) }, memory: { request: Size.gibibytes(1) }, extendedResources: { 'nvidia.com/gpu': 1 } },
    volumes: [{ name: 'extra', emptyDir: {} }],
    volumeMounts: [{ name: 'extra', mountPath: '/extra' }],
    externalProviders: [ExternalProvider.fromImage({ id: 'acme', image: 'quay.io/acme/p:1', api: 'inference', providerType: 'remote::acme', module: 'acme' })],
  });
  const fromTyped = specAndProblemsFromProps(typed);
  expect(fromTyped.problems).toEqual([]);
  expect(notPlain(fromTyped.spec, 'spec')).toEqual([]);
  const spec = { distribution: { name: 'starter' }, resources: { models: ['m'] }, workload: { replicas: 2 } };
  Object.defineProperty(spec, 'networking', { get: () => ({ port: 8080 }), enumerable: true });
  const snapshot = checkedDistributionProps({ spec }).spec;
  expect(notPlain(snapshot, 'spec')).toEqual([]);
  expect(snapshot).toEqual({ ...spec, networking: { port: 8080 } });
  // What notPlain finds, so it can fail.
  expect(notPlain({ a: [1, undefined], b: new Date(0), c: NaN, d: undefined, e: Object.create(null) }, 's')).toEqual(['s.a[1]', 's.b', 's.c']);
});

describe('no verdict carries from one distribution to the next (issue 29)', () => {
  const inference = (lib: FreshLibrary['lib']) => [lib.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })];
  const OLLAMA_BASE_URL = 'config.providers.inference[1].config.base_url';
  /** An env value that holds what a joined env text would read as a second variable. */
  const JOINED = { AAA: 'x\u0000OLLAMA_URL\u0001vnot-a-url' };
  const SEPARATE = { AAA: 'x', OLLAMA_URL: 'not-a-url' };

  test.each([['the joined-looking env first', [JOINED, SEPARATE]], ['the separate env first', [SEPARATE, JOINED]]])(
    'env values holding \\u0000 and \\u0001 get their own verdict: %s', (_order, envs) => {
      const { lib, plan } = freshLibrary();
      const verdicts = envs.map((env) => {
        const props = { target: lib.ServerTarget.OGX_1_3, inference: inference(lib), models: ['m'], env };
        try {
          plan(props, { id: 'llama' });
          return [];
        } catch (e: any) {
          return e.problems.map((p: ConfigProblem) => p.path);
        }
      });
      // The NUL is refused at its prop (no container could start with it); the other its own verdict.
      const expected = envs.map((env) => (env === SEPARATE ? [OLLAMA_BASE_URL] : ['props.env.AAA']));
      expect(verdicts).toEqual(expected);
    });

  test('factory options carrying a toJSON, after a valid twin: a problem at the option, the toJSON never called', () => {
    const { lib, plan } = freshLibrary();
    const password = lib.SecretRef.fromSecretName('pg', 'p');
    let calls = 0;
    const users: unknown[] = ['u', { toJSON: () => { calls++; return 'u'; } }, { toJSON: () => { throw new Error('boom'); } }];
    const outcomes = users.map((user) => {
      try {
        const sqlStorage = lib.StorageBackend.postgres({ host: 'pg', db: 'd', user: user as string, password });
        plan({ target: lib.ServerTarget.OGX_1_3, inference: inference(lib), models: ['m'], sqlStorage }, { id: 'llama' });
        return 'planned';
      } catch (e: any) {
        return Array.isArray(e.problems) ? e.problems.map((p: ConfigProblem) => `${p.path}: ${p.message}`) : `threw ${e.constructor.name}`;
      }
    });
    const refused = ['StorageBackend.postgres(options).user.toJSON: a value of type function is not plain data'];
    expect(outcomes).toEqual(['planned', refused, refused]);
    expect(calls).toBe(0);
  });
});

describe('a custom command replaces the entrypoint, and with it the entrypoint\'s --insecure', () => {
  // OGX 1.2.1+ images run `ogx stack run --insecure <config> "$@"`; without --insecure a plain-HTTP
  // server exits "TLS required" unless config.yaml sets server.insecure.
  const plan = (props: object) => planDistribution(props, { id: 'llama' });
  const server = (yaml: string | undefined) => (yaml ?? '').split('\nserver:\n')[1]?.split(/\n\S/)[0] ?? '';

  test('the image entrypoint: config.yaml does not need server.insecure', () => {
    expect(server(plan({}).configYaml)).not.toContain('insecure');
  });

  test('a command without --insecure: config.yaml sets server.insecure: true', () => {
    expect(server(plan({ command: ['ogx', 'stack', 'run', '/etc/ogx/config.yaml'] }).configYaml)).toContain('insecure: true');
  });

  test('a command that passes --insecure itself, or args (appended to the entrypoint): not needed', () => {
    expect(server(plan({ command: ['ogx', 'stack', 'run', '--insecure', '/etc/ogx/config.yaml'] }).configYaml)).not.toContain('insecure');
    expect(server(plan({ args: ['--port', '8321'] }).configYaml)).not.toContain('insecure');
  });
});

describe('the pod layout is laid out once', () => {
  test.each([['an emptyDir', {}], ['a PVC', { persistentStorage: { size: Size.gibibytes(5) } }]])('with %s: the Deployment renders the very layout the checks read, with the config\'s ConfigMap', (_name, props) => {
    const plan = planDistribution(props, { id: 'llama' });
    const pod = plan.objects.deployment.spec.template.spec;
    const layout = plan.workload.layout;
    expect(pod.volumes.map((v: any) => v.name)).toEqual(layout.volumes.map((v) => v.name));
    expect(pod.volumes[0]).toEqual({ name: 'config', configMap: { name: plan.configMapName, items: [{ key: 'config.yaml', path: 'config.yaml' }] } });
    // The same objects, not a second layout.
    pod.volumes.slice(1).forEach((v: any, i: number) => expect(v).toBe(layout.volumes[i + 1]));
    pod.containers[0].volumeMounts.forEach((m: any, i: number) => expect(m).toBe(layout.mounts[i]));
  });
});
