/**
 * The props boundary: damaged props from plain JavaScript, jsii languages or `any` give the
 * library's error with every problem at its props path, never a TypeError, and no value is
 * dropped silently. Each case here threw a raw error, or synthesized something else, before the
 * boundary existed.
 */
import { App, Chart, Size } from 'cdk8s';
import * as YAML from 'yaml';
import {
  ExternalProvider, InferenceProvider, LlamaStackConfigError, LlamaStackDistribution, LlamaStackDistributionResource, OgxServerResource,
  ServerTarget,
} from '../../src';
import { propsPath } from '../../src/distribution/props-paths';
import { specAndProblemsFromProps } from '../../src/distribution/spec-from-props';

const VLLM = () => InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1' });

function problemsOf(props: unknown, make: (c: Chart, p: any) => unknown = (c, p) => new LlamaStackDistribution(c, 'llama', p)): string[] {
  const chart = new Chart(new App(), 'c', { namespace: 'ai' });
  try {
    make(chart, props);
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return e.problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
  }
  return [];
}

describe('damaged props give the library error, with props paths', () => {
  test.each<[string, () => unknown, string[]]>([
    ['a string target', () => ({ target: 'ogx-0.8' }), [
      'props.target: must be a ServerTarget, got a string of 7 characters — use ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7 or ServerTarget.OPERATOR',
    ]],
    ['a number image', () => ({ image: 5 }), ['props.image: must be a string, got an integer — give a string']],
    ['null in a provider list', () => ({ inference: [null] }), [
      'props.inference[0]: must be InferenceProvider, got null — create it with InferenceProvider.vllm({ endpoint })',
    ]],
    ['a provider look-alike', () => ({ inference: [{ id: 'vllm', toSpec: () => ({ provider: 'vllm' }) }] }), [
      'props.inference[0]: must be InferenceProvider, got an object — create it with InferenceProvider.vllm({ endpoint })',
    ]],
    ['a provider of another API', () => ({ safety: [VLLM()] }), [
      'props.safety[0]: must be SafetyProvider, got an object of class InferenceProvider — create it with SafetyProvider.llamaGuard()',
    ]],
    ['a plain object as storage', () => ({ kvStorage: { type: 'redis' } }), [
      'props.kvStorage: must be a StorageBackend, got an object — use StorageBackend.redis({ ... }) or StorageBackend.postgres({ ... })',
    ]],
    ['a Symbol name', () => ({ name: Symbol('x') }), ['props.name: must be a string, got a Symbol — give a string']],
    ['a BigInt deep inside', () => ({ affinity: { nodeAffinity: { weight: 10n } } }), [
      'props.affinity.nodeAffinity.weight: a value of type bigint is not JSON — use strings, numbers, booleans, null, arrays and plain objects',
    ]],
    ['a BigInt where a Size goes', () => ({ resources: { memory: { limit: 10n } } }), [
      'props.resources.memory.limit: must be a Size, got a BigInt — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
    ]],
    ['a JSON copy of a Size (its class lost)', () => ({ persistentStorage: JSON.parse(JSON.stringify({ size: Size.gibibytes(10) })) }), [
      'props.persistentStorage.size: must be a Size, got an object — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
    ]],
    ['a cycle', () => {
      const labels: any = { team: 'a' };
      labels.self = labels;
      return { labels };
    }, ['props.labels.self: refers back to an object that contains it (a cycle) — pass a copy of the data, without cycles']],
    ['very deep data', () => {
      const deep: any = {};
      let at = deep;
      for (let i = 0; i < 5000; i++) at = at.x = {};
      return { shields: [{ name: 's', params: deep }] };
    }, [expect.stringMatching(/^props\.shields\[0\]\.params[.x]+…[.x]+: nesting deeper than 1000 levels — flatten the value$/) as any]],
    ['a getter that throws', () => ({ get replicas(): number { throw new RangeError('boom'); } }), [
      'props.replicas: reading the value threw RangeError — pass plain values (no getters or Proxies that throw)',
    ]],
    ['props that are not an object', () => 5, ['props: must be an object, got an integer — pass an object of props, e.g. { models: [...] }']],
    ['an unknown prop', () => ({ replica: 3 }), ['props.replica: is not a field of LlamaStackDistributionProps — did you mean replicas? Otherwise remove it']],
    ['an unknown nested field', () => ({ tls: { secretName: 'tls', caBundel: { configMapName: 'ca' } } }), [
      'props.tls.caBundel: is not a field of TlsOptions — did you mean caBundle? Otherwise remove it',
    ]],
  ])('%s', (_label, props, expected) => {
    expect(problemsOf(props())).toEqual(expected);
  });

  test('a getter is read once: a value that changes between reads cannot slip past the check', () => {
    let reads = 0;
    const props = { inference: [VLLM()], get models() { reads++; return reads === 1 ? ['m'] : 5; } };
    const chart = new Chart(new App(), 'c');
    const llama = new LlamaStackDistribution(chart, 'llama', props as any);
    expect(reads).toBe(1);
    expect(llama.configYaml).toContain('model_id: m');
  });

  test('the CR constructs pass through the same boundary', () => {
    const make = [
      (c: Chart, p: any) => new LlamaStackDistributionResource(c, 'llama', p),
      (c: Chart, p: any) => new OgxServerResource(c, 'llama', p),
    ];
    for (const m of make) {
      expect(problemsOf({ image: 5, inference: [null] }, m)).toEqual([
        'props.image: must be a string, got an integer — give a string',
        'props.inference[0]: must be InferenceProvider, got null — create it with InferenceProvider.vllm({ endpoint })',
      ]);
    }
  });
});

describe('nothing is dropped silently', () => {
  test.each<[string, unknown, string]>([
    ['models as an object', { models: { name: 'm' } }, "props.models: must be a list, got an object — give a list, e.g. ['meta-llama/Llama-3.2-3B-Instruct']"],
    ['volumes as an object', { volumes: { name: 'v' } }, 'props.volumes: must be a list, got an object — give a list of Kubernetes Volumes, e.g. [{ name, configMap: { name } }]'],
    ['volumeMounts as an object', { volumeMounts: { name: 'v' } }, 'props.volumeMounts: must be a list, got an object — give a list of Kubernetes VolumeMounts, e.g. [{ name, mountPath }]'],
    ['tolerations as an object', { tolerations: { key: 'gpu' } }, 'props.tolerations: must be a list, got an object — give a list of Kubernetes Tolerations, e.g. [{ key, operator, effect }]'],
    ['env as a list', { env: ['a', 'b'] }, "props.env: must be an object of name: value pairs, got a list of 2 items — give an object of NAME: 'value' (or NAME: SecretRef.fromSecretName(<secret>, <key>)) pairs, e.g. { LOG_LEVEL: 'info' }"],
    ['a number env value', { env: { LOG_LEVEL: 3 } }, "props.env.LOG_LEVEL: must be a string or a SecretRef, got an integer — give the value as a string, or a Secret's key as SecretRef.fromSecretName(<secret>, <key>)"],
  ])('%s', (_label, props, expected) => {
    expect(problemsOf(props)).toEqual([expected]);
  });
});

describe('problems of typed props are reported at the props path, once', () => {
  test('spec-level checks name the prop the user set', () => {
    expect(problemsOf({ inference: [VLLM()], models: ['m'], replicas: 2, persistentStorage: {}, allowPerPodState: true })).toEqual([
      'props.persistentStorage: a ReadWriteOnce volume cannot be shared by several pods (replicas or autoscaling allow more than one) — keep state in postgres/redis storage and drop the PVC, or run a single replica',
    ]);
    expect(problemsOf({ autoscaling: { minReplicas: 5, maxReplicas: 2 } })[0]).toMatch(/^props\.autoscaling: /);
    expect(problemsOf({ inference: [VLLM()], models: [{ name: 'm', provider: 'nope' }] })[0]).toMatch(/^props\.models\[0\]\.provider: /);
  });

  test('env entries map to their names; external providers to their props index', () => {
    const external = (id: string, api: string) => ExternalProvider.fromImage({ id, image: `quay.io/acme/${id}:1.0`, api, providerType: `remote::${id}`, module: id });
    const layout = specAndProblemsFromProps({
      env: { 'B-x': 'b', 'A': 'a' },
      externalProviders: [external('one', 'inference'), external('two', 'safety'), external('three', 'inference')],
    }).origins;
    expect(propsPath('spec.workload.overrides.env[1].name', layout)).toBe('props.env["B-x"]');
    expect(propsPath('spec.workload.overrides.env[0]', layout)).toBe('props.env.A');
    expect(propsPath('spec.externalProviders.inference[1].image', layout)).toBe('props.externalProviders[2].image');
    expect(propsPath('spec.externalProviders.safety', layout)).toBe('props.externalProviders[1]');
    expect(propsPath('spec.providers.vectorIo[3].settings.x', layout)).toBe('props.vectorIo[3].settings.x');
    expect(propsPath('spec.workload.overrides.volumeMounts[0].name', layout)).toBe('props.volumeMounts[0].name');
    expect(propsPath('spec.storage.sql.password', layout)).toBe('props.sqlStorage.password');
    expect(propsPath('spec.networking.expose.hostname', layout)).toBe('props.expose.hostname');
    expect(propsPath('vectorStores.provider', layout)).toBe('props.vectorStores.provider');
    expect(propsPath('config.providers.inference[0]', layout)).toBe('config.providers.inference[0]');
  });

  test('a problem reached from two checks is listed once', () => {
    const problems = problemsOf({ podDisruptionBudget: { minAvailable: 1, maxUnavailable: 1 } });
    expect(new Set(problems).size).toBe(problems.length);
  });

  test('a props.spec keeps its spec paths', () => {
    expect(problemsOf({ spec: { distribution: { name: 'starter' }, workload: { autoscaling: { minReplicas: 5, maxReplicas: 2 } } } })[0])
      .toMatch(/^spec\.workload\.autoscaling: /);
  });
});

describe('suggestion lists name only the API in question', () => {
  /** The provider ids config.yaml enables per API, for the undamaged props. */
  function providerIds(props: Record<string, unknown>): Map<string, string[]> {
    const llama = new LlamaStackDistribution(new Chart(new App(), 'c'), 'llama', props as any);
    const config = YAML.parse(llama.configYaml!);
    return new Map(Object.entries(config.providers as Record<string, any[]>).map(([api, list]) => [api, list.map((p) => p.provider_id)]));
  }

  /** The names a fix offers after "use one of:". */
  function offered(problem: string): string[] {
    return /use one of:? (.*)$/.exec(problem)![1].split(', ').map((s) => s.replace(/^"|"$/g, ''));
  }

  test.each<[string, string, Record<string, unknown>]>([
    ['a model\'s provider', 'inference', { models: [{ name: 'm', provider: 'nope' }] }],
    // Shields exist on the releases with the safety API only (OGX 1.0 removed it).
    ['a shield\'s provider on OGX 0.8', 'safety', { target: ServerTarget.OGX_0_8, shields: [{ name: 's', provider: 'nope' }] }],
    ['a shield\'s provider on llama-stack 0.7', 'safety', { target: ServerTarget.LLAMA_STACK_0_7, shields: [{ name: 's', provider: 'nope' }] }],
    ['the vector store default provider', 'vector_io', { vectorStores: { provider: 'nope' } }],
  ])('%s: only %s providers', (_label, api, bad) => {
    const base = { inference: [VLLM()], models: ['m'], ...(bad.target ? { target: bad.target } : {}) };
    const ids = providerIds(base).get(api)!;
    const problem = problemsOf({ ...base, ...bad }).find((p) => p.includes('use one of'))!;
    expect(offered(problem).length).toBeGreaterThan(0);
    for (const id of offered(problem)) expect(ids).toContain(id);
  });
});
