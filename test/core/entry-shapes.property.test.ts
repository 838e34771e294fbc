/**
 * Damage at every public entry point (fast-check, fixed seeds: every run is the same): typed props
 * of the constructs, the CR constructs, every static factory, ConfigGenerator,
 * TargetConfigGenerator, the manifest reader and the command line, fed what plain JavaScript, jsii languages and
 * `any` can pass — wrong types, null, BigInt, Symbols, functions, cycles, very deep data,
 * getters that change or throw, look-alike objects, and secrets in secret-bearing positions.
 *
 * For every input: only LlamaStackConfigError escapes; every problem has a path, a message and a
 * fix, each one line; no secret string appears in any error; and every object of every
 * successful synth passes a Kubernetes validity check written from the API server's rules
 * (test/support/k8s-validity.ts) and the Kubernetes schemas, and holds no secret either.
 */
import { App, Chart, Size, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import * as YAML from 'yaml';
import * as L from '../../src';
import { main } from '../../src/cli/main';
import { ConfigProblem, LlamaStackConfigError } from '../../src/core/errors';
import { crdSchemaErrors } from '../support/crd-schema';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { restrictedViolationsOf } from '../support/pod-security';

/** A recognisable secret: it must never appear in an error or an object. */
const SECRET = 'sk-live-0123456789abcdef';
const SEED = 20261123;

// ---------------------------------------------------------------------------------------------
// Damage: fresh values per use (cycles and getters must not be shared between runs)

function circular(): unknown {
  const o: any = { name: 'x' };
  o.self = o;
  return o;
}

function deep(): unknown {
  const root: any = {};
  let at = root;
  for (let i = 0; i < 3000; i++) at = at.x = {};
  return root;
}

function flipping(): unknown {
  let reads = 0;
  return { get name() { reads++; return reads % 2 ? 'm' : 5; } };
}

function throwing(): unknown {
  return new Proxy({}, { get() { throw new TypeError('trap'); }, ownKeys() { throw new RangeError('trap'); } });
}

/** A damage kind: makes a fresh value; its label is what fast-check prints for a counterexample. */
type Damage = () => unknown;

function labelled(label: string, make: () => unknown): Damage {
  const d = () => make();
  Object.defineProperty(d, fc.toStringMethod, { value: () => label });
  return d;
}

const DAMAGE: ReadonlyArray<Damage> = ([
  ['null', () => null], ['undefined', () => undefined], ['5', () => 5], ['-1', () => -1], ['1.5', () => 1.5], ['NaN', () => NaN],
  ['Infinity', () => Infinity], ["''", () => ''], ["' x '", () => ' x '], ["'ogx-0.8'", () => 'ogx-0.8'], ['[]', () => []],
  ['{}', () => ({})], ['[null]', () => [null]], ['[5]', () => [5]], ['[{}]', () => [{}]], ["['a','b']", () => ['a', 'b']],
  ['Symbol', () => Symbol('s')], ['10n', () => 10n], ['[10n]', () => [10n]], ['{a:10n}', () => ({ a: 10n })],
  ['circular', circular], ['deep', deep], ['function', () => () => 1], ['flipping getter', flipping], ['throwing Proxy', throwing],
  ['Date', () => new Date(0)], ['Map', () => new Map([['a', 1]])],
  ['provider look-alike', () => ({ toSpec: () => ({ provider: 'vllm' }), id: 'vllm', api: 'inference' })], ['{type:redis}', () => ({ type: 'redis' })],
  ['true', () => true], ['100k string', () => 'x'.repeat(100_000)], ['newlines', () => 'a\nb: c\n- d'],
] as Array<[string, () => unknown]>).map(([label, make]) => labelled(label, make));

const damageArb = fc.constantFrom(...DAMAGE);

/** Secrets typed where a reference belongs (or inside a URL): none may reach an error or object. */
const SECRET_DAMAGE: ReadonlyArray<Damage> = ([
  ['secret string', () => SECRET],
  ['{api_key: secret}', () => ({ api_key: SECRET })],
  ['{password: secret}', () => ({ password: SECRET })],
  ['userinfo URL', () => `http://user:${SECRET}@host:80/v1`],
  ['credential query', () => `http://host/v1?api_key=${SECRET}`],
] as Array<[string, () => unknown]>).map(([label, make]) => labelled(label, make));

const secretArb = fc.constantFrom(...SECRET_DAMAGE);

// ---------------------------------------------------------------------------------------------
// Valid starting points, then damage at a prop or inside one

const VLLM = () => L.InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1', apiKey: L.SecretRef.fromSecretName('vllm', 'token') });

const BASES: ReadonlyArray<() => Record<string, unknown>> = [
  () => ({ inference: [VLLM()], models: ['m'] }),
  () => ({
    inference: [VLLM()],
    models: [{ name: 'm', contextLength: 8192 }],
    tls: { secretName: 'tls' },
    expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx', annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '100m' } },
    allowedFrom: { namespaces: ['team-a'] },
    monitoring: { serviceMonitor: true, prometheusRule: true, labels: { release: 'prometheus' } },
    podAnnotations: { 'example.com/owner': 'ai' },
    imagePullSecrets: ['registry-creds'],
    priorityClassName: 'high',
    restartOnSecretChange: true,
    allowedTo: { namespaces: ['databases'], cidrs: ['0.0.0.0/0'], ports: [443, 5432] },
    service: { type: 'ClusterIP', annotations: { 'example.com/owner': 'ai' } },
    resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'single-gpu' }],
    resources: { memory: { limit: Size.gibibytes(8) } },
    labels: { team: 'ai' },
    env: { LOG_LEVEL: 'info', HF_TOKEN: L.SecretRef.fromSecretName('hf', 'token') },
    volumes: [{ name: 'extra', configMap: { name: 'extra' } }],
    volumeMounts: [{ name: 'extra', mountPath: '/extra' }],
    tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }],
    nodeSelector: { pool: 'cpu' },
  }),
  () => ({
    target: L.ServerTarget.LLAMA_STACK_0_7,
    inference: [VLLM()],
    models: ['m'],
    replicas: 2,
    kvStorage: L.StorageBackend.redis({ endpoint: 'redis://redis:6379' }),
    sqlStorage: L.StorageBackend.postgres({ host: 'pg', db: 'llama', user: 'llama', password: L.SecretRef.fromSecretName('pg', 'password') }),
    allowPerPodState: true,
  }),
  () => ({ target: L.ServerTarget.OPERATOR, inference: [VLLM()], models: ['m'] }),
  // Postgres for both stores over TLS (kv_postgres), an affinity, only the named namespaces admitted.
  () => {
    const pg = () => L.StorageBackend.postgres({
      host: 'pg',
      db: 'llama',
      user: 'llama',
      password: L.SecretRef.fromSecretName('pg', 'password'),
      sslMode: 'verify-full',
      caCertificate: { configMapName: 'pg-ca' },
      poolSize: 4,
    });
    return {
      inference: [VLLM()],
      models: ['m'],
      kvStorage: pg(),
      sqlStorage: pg(),
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['gpu'] }] }] } } },
      allowedFrom: { namespaces: ['team-a'] },
      admitOwnNamespace: false,
    };
  },
];

const PROP_KEYS = [
  'name', 'namespace', 'spec', 'target', 'distribution', 'image', 'inference', 'safety', 'vectorIo', 'files', 'models', 'tools',
  'shields', 'kvStorage', 'sqlStorage', 'disabledApis', 'port', 'tls', 'expose', 'allowedFrom', 'replicas', 'workers',
  'resources', 'autoscaling', 'persistentStorage', 'emptyDirSizeLimits', 'podDisruptionBudget', 'serviceAccountName', 'env',
  'command', 'volumes', 'volumeMounts', 'nodeSelector', 'tolerations', 'imagePullPolicy', 'labels', 'replaceBaseProviders',
  'vectorStores', 'auth', 'externalProviders', 'strict', 'unknownProp',
];

/** Puts the damage at a prop, or at a random place inside a prop's plain data. */
function damageProps(base: Record<string, unknown>, choices: Array<[number, number, () => unknown]>): Record<string, unknown> {
  const props: Record<string, unknown> = { ...base };
  for (const [keyIndex, depthPick, damage] of choices) {
    const key = PROP_KEYS[keyIndex % PROP_KEYS.length];
    const current = props[key];
    if (depthPick % 3 !== 0 && current !== null && typeof current === 'object' && !isLibraryObject(current)) {
      const copy: any = Array.isArray(current) ? [...current] : { ...current };
      const keys = Object.keys(copy);
      const inner = keys.length > 0 ? keys[depthPick % keys.length] : 'extra';
      copy[inner] = damage();
      props[key] = copy;
    } else {
      props[key] = damage();
    }
  }
  return props;
}

function isLibraryObject(v: object): boolean {
  return Array.isArray(v) ? v.some((x) => typeof x === 'object' && x !== null && Object.getPrototypeOf(x) !== Object.prototype) : Object.getPrototypeOf(v) !== Object.prototype;
}

/** Props with a secret typed into a secret-bearing place (built inside the attempt: factories may reject it). */
const SECRET_PROPS: ReadonlyArray<(secret: unknown) => Record<string, unknown>> = [
  (v) => ({ inference: [L.InferenceProvider.vllm({ endpoint: v as string })], models: ['m'] }),
  (v) => ({ inference: [L.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', apiKey: v as any })], models: ['m'] }),
  (v) => ({ inference: [L.InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', settings: { api_key: v } })], models: ['m'] }),
  (v) => ({ inference: [L.InferenceProvider.custom('vllm', { endpoint: 'http://vllm:8000/v1', secretRefs: { api_token: v as any } })], models: ['m'] }),
  // A secret typed as a Secret's name is a valid name: only its errors are checked (the factory test).
  (v) => ({ kvStorage: L.StorageBackend.redis({ endpoint: v as string }) }),
  (v) => ({ sqlStorage: L.StorageBackend.postgres({ host: v as string, db: 'd', user: 'u', password: L.SecretRef.fromSecretName('pg', 'p') }) }),
  (v) => ({ sqlStorage: L.StorageBackend.postgres({ connectionString: v as any }) }),
  (v) => ({ spec: { distribution: { name: 'starter' }, providers: { inference: [{ provider: 'vllm', endpoint: 'http://v:8000/v1', secretRefs: { api_token: v } }] } } }),
  (v) => ({ spec: { distribution: { name: 'starter' }, storage: { kv: { type: 'redis', endpoint: v } } } }),
  // A credential-named env var with a plain value is refused, never quoted.
  (v) => ({ env: { OPENAI_API_KEY: v } }),
];

/** Places that take a host or URL: a bare secret there is a valid host name, so only URLs that carry one count. */
const URL_PLACES = [0, 4, 5, 8];

const secretPropsArb = fc.tuple(fc.nat(), secretArb).map(([n, chosen]) => {
  const i = n % SECRET_PROPS.length;
  const secret = URL_PLACES.includes(i) && chosen === SECRET_DAMAGE[0] ? SECRET_DAMAGE[3] : chosen;
  const make = () => SECRET_PROPS[i](secret());
  Object.defineProperty(make, fc.toStringMethod, { value: () => `SECRET_PROPS[${i}](${fc.stringify(secret)})` });
  return make;
});

const propsArb = fc.tuple(
  fc.integer({ min: 0, max: BASES.length - 1 }),
  fc.array(fc.tuple(fc.nat(), fc.nat(), damageArb), { minLength: 1, maxLength: 3 }),
).map(([b, choices]) => {
  const make = () => damageProps(BASES[b](), choices);
  const label = choices.map(([k, depth, d]) => `${PROP_KEYS[k % PROP_KEYS.length]}${depth % 3 !== 0 ? '.<inner>' : ''} = ${fc.stringify(d)}`);
  Object.defineProperty(make, fc.toStringMethod, { value: () => `BASES[${b}] with ${label.join(', ')}` });
  return make;
});

// ---------------------------------------------------------------------------------------------
// What must hold

function checkError(e: unknown, secret = SECRET): ConfigProblem[] {
  if (!(e instanceof LlamaStackConfigError)) throw e;
  expect(e.problems.length).toBeGreaterThan(0);
  for (const p of e.problems) {
    expect(typeof p.path).toBe('string');
    expect(p.path.length).toBeGreaterThan(0);
    expect(typeof p.message === 'string' && p.message.length > 0).toBe(true);
    expect(typeof p.fix === 'string' && p.fix.length > 0).toBe(true);
    for (const text of [p.path, p.message, p.fix!]) {
      expect(text).not.toMatch(/[\n\r]/);
      expect(text.length).toBeLessThan(2000);
    }
  }
  expect(e.message).not.toContain(secret);
  expect(JSON.stringify(e.problems)).not.toContain(secret);
  return e.problems;
}

const CUSTOM_KINDS = ['LlamaStackDistribution', 'OGXServer'];

function checkObjects(objects: any[]): void {
  expect(k8sValidityProblems(objects)).toEqual([]);
  expect(restrictedViolationsOf(objects)).toEqual([]);
  expect(schemaErrors(objects.filter((o) => !CUSTOM_KINDS.includes(o.kind)))).toEqual([]); // HTTPRoutes: against their CRD
  expect(crdSchemaErrors(...objects.filter((o) => CUSTOM_KINDS.includes(o.kind)))).toEqual([]);
  expect(JSON.stringify(objects)).not.toContain(SECRET);
}

/** Synthesizes with `make`; the objects when it worked, else the checked problems. */
function attempt(make: (chart: Chart) => void): { objects?: any[]; problems?: ConfigProblem[] } {
  const chart = new Chart(new App(), 'c', { namespace: 'ai' });
  try {
    make(chart);
  } catch (e) {
    return { problems: checkError(e) };
  }
  return { objects: Testing.synth(chart) };
}

const quietly = <T>(fn: () => T): T => {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return fn();
  } finally {
    spy.mockRestore();
  }
};

// ---------------------------------------------------------------------------------------------

describe('damaged props at the constructs', () => {
  test.each<[string, (c: Chart, p: any) => unknown]>([
    ['LlamaStackDistribution', (c, p) => new L.LlamaStackDistribution(c, 'llama', p)],
    ['LlamaStackDistributionResource', (c, p) => new L.LlamaStackDistributionResource(c, 'llama', p)],
    ['OgxServerResource', (c, p) => new L.OgxServerResource(c, 'llama', p)],
  ])('%s: only the library error, with paths and fixes; what synthesizes is valid', (_name, make) => {
    let synthesized = 0;
    fc.assert(fc.property(propsArb, (props) => {
      const r = quietly(() => attempt((chart) => make(chart, props())));
      if (r.objects) {
        synthesized++;
        checkObjects(r.objects);
      }
    }), { seed: SEED, numRuns: 250 });
    // The damage is not all fatal: some runs synthesize and so reach the object checks.
    expect(synthesized).toBeGreaterThan(0);
  });

  test.each<[string, (c: Chart, p: any) => unknown]>([
    ['LlamaStackDistribution', (c, p) => new L.LlamaStackDistribution(c, 'llama', p)],
    ['LlamaStackDistributionResource', (c, p) => new L.LlamaStackDistributionResource(c, 'llama', p)],
  ])('%s: a secret typed into a secret-bearing place reaches no error and no object', (_name, make) => {
    fc.assert(fc.property(secretPropsArb, (props) => {
      const r = quietly(() => attempt((chart) => make(chart, props())));
      if (r.objects) expect(JSON.stringify(r.objects)).not.toContain(SECRET);
    }), { seed: SEED, numRuns: 200 });
  });

  test('the undamaged starting points synthesize valid objects', () => {
    for (const base of BASES) {
      const r = quietly(() => attempt((chart) => new L.LlamaStackDistribution(chart, 'llama', base())));
      expect(r.problems).toBeUndefined();
      checkObjects(r.objects!);
    }
  });
});

describe('damaged options at every static factory', () => {
  const CLASSES: Record<string, any> = {
    InferenceProvider: L.InferenceProvider,
    SafetyProvider: L.SafetyProvider,
    VectorIoProvider: L.VectorIoProvider,
    ToolRuntimeProvider: L.ToolRuntimeProvider,
    TelemetryProvider: L.TelemetryProvider,
    FilesProvider: L.FilesProvider,
    FileProcessorsProvider: L.FileProcessorsProvider,
    ResponsesProvider: L.ResponsesProvider,
    BatchesProvider: L.BatchesProvider,
    MessagesProvider: L.MessagesProvider,
    InteractionsProvider: L.InteractionsProvider,
    StorageBackend: L.StorageBackend,
    SecretRef: L.SecretRef,
    ServerAuth: L.ServerAuth,
    ExternalProvider: L.ExternalProvider,
    AccessRule: L.AccessRule,
    RouteRule: L.RouteRule,
    ServerTarget: L.ServerTarget,
  };
  const FACTORIES: Array<[string, string]> = Object.entries(CLASSES).flatMap(([name, cls]) =>
    Object.getOwnPropertyNames(cls).filter((m) => typeof cls[m] === 'function' && !['length', 'name', 'prototype'].includes(m)).map((m): [string, string] => [name, m]));
  const OPTION_KEYS = ['id', 'endpoint', 'apiKey', 'secretRefs', 'settings', 'region', 'projectId', 'password', 'connectionString',
    'host', 'db', 'user', 'image', 'api', 'providerType', 'module', 'config', 'audience', 'issuer', 'jwksUri', 'bucket', 'url', 'name', 'key'];
  /** Options whose value is a credential or may carry one (a URL). */
  const SECRET_BEARING = ['apiKey', 'secretRefs', 'settings', 'password', 'connectionString', 'endpoint', 'host', 'url', 'jwksUri'];
  const GOOD: ReadonlyArray<Damage> = ([
    ["'http://x:80/v1'", () => 'http://x:80/v1'], ["'us-east-1'", () => 'us-east-1'], ["'m'", () => 'm'],
    ['SecretRef', () => L.SecretRef.fromSecretName('s', 'k')], ['{a:1}', () => ({ a: 1 })],
  ] as Array<[string, () => unknown]>).map(([label, make]) => labelled(label, make));

  test('every factory: only the library error; no secret in it', () => {
    expect(FACTORIES.length).toBeGreaterThan(60);
    const argArb = fc.oneof(
      damageArb,
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), damageArb, secretArb, fc.nat()), { maxLength: 5 }).map((fields) => {
        const parts = fields.map(([k, how, d, secret, g]): [string, Damage] => {
          const key = OPTION_KEYS[k % OPTION_KEYS.length];
          return [key, how === 0 ? GOOD[g % GOOD.length] : how === 1 && SECRET_BEARING.includes(key) ? secret : d];
        });
        return labelled(`{ ${parts.map(([k, d]) => `${k}: ${fc.stringify(d)}`).join(', ')} }`, () => {
          const o: Record<string, unknown> = {};
          for (const [k, d] of parts) o[k] = d();
          return o;
        });
      }),
    );
    fc.assert(fc.property(fc.constantFrom(...FACTORIES), argArb, argArb, ([cls, method], a, b) => {
      try {
        const made = CLASSES[cls][method](a(), b());
        if (made && typeof made.toSpec === 'function') made.toSpec();
      } catch (e) {
        checkError(e);
      }
    }), { seed: SEED, numRuns: 3000 });
  });
});

describe('damaged specs and options at the generators and the manifest reader', () => {
  const SPEC = () => ({
    distribution: { name: 'starter' },
    providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', secretRefs: { api_token: { name: 'vllm', key: 'token' } } }] },
    resources: { models: ['m'] },
  });
  const specArb = fc.tuple(fc.nat(), damageArb, secretArb, fc.boolean()).map(([where, damage, secret, secretly]) => labelled(`spec damage ${where % 6} with ${fc.stringify(secretly ? secret : damage)}`, () => {
    const spec: any = SPEC();
    // Secret-bearing places get a secret half of the time.
    const d = secretly ? secret : damage;
    switch (where % 6) {
      case 0: spec.providers.inference[0].secretRefs.api_token = d(); break;
      case 1: spec.providers.inference[0].settings = d(); break;
      case 2: spec.resources.models = damage(); break;
      case 3: spec.workload = damage(); break;
      case 4: spec.providers.inference[0].endpoint = d(); break;
      default: return damage();
    }
    return spec;
  }));
  const optionsArb = fc.oneof(damageArb, fc.tuple(fc.constantFrom('baseConfigYaml', 'replaceBaseProviders', 'auth', 'vectorStores', 'namespace', 'target', 'allowPerPodState'), damageArb)
    .map(([k, d]) => labelled(`{ ${k}: ${fc.stringify(d)} }`, () => ({ [k]: d() }))));

  test('ConfigGenerator.generate', () => {
    fc.assert(fc.property(specArb, optionsArb, (spec, options) => {
      try {
        // The operator pipeline writes what the operator writes (credentials included): the
        // constructs, CR constructs and command line reject them instead.
        L.ConfigGenerator.generate(spec() as any, options() as any);
      } catch (e) {
        checkError(e);
      }
    }), { seed: SEED, numRuns: 400 });
  });

  test('TargetConfigGenerator.generate', () => {
    const targets: ReadonlyArray<() => unknown> = [() => L.ServerTarget.OGX_0_8, () => L.ServerTarget.LLAMA_STACK_0_7, ...DAMAGE.slice(0, 8)];
    fc.assert(fc.property(specArb, fc.nat(), optionsArb, (spec, t, options) => {
      try {
        const out = L.TargetConfigGenerator.generate(spec() as any, targets[t % targets.length]() as any, options() as any);
        expect(out.configYaml).not.toContain(SECRET);
      } catch (e) {
        checkError(e);
      }
    }), { seed: SEED, numRuns: 300 });
  });

  test('LlamaStackDistributionManifest: text, objects and options', () => {
    const manifest = (spec: unknown) => ({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'm' }, spec });
    fc.assert(fc.property(specArb, optionsArb, damageArb, fc.nat(), (spec, options, d, how) => {
      const r = quietly(() => attempt((chart) => {
        switch (how % 4) {
          case 0: L.LlamaStackDistributionManifest.synthesize(chart, 'm', d() as any, options() as any); break;
          case 1: L.LlamaStackDistributionManifest.toDistribution(chart, 'm', d() as any, options() as any); break;
          case 2: L.LlamaStackDistributionManifest.toDistribution(chart, 'm', L.LlamaStackDistributionManifest.fromObject(manifest(spec())), options() as any); break;
          default: L.LlamaStackDistributionManifest.parseAll(d() as any, options() as any);
        }
      }));
      if (r.objects) checkObjects(r.objects);
    }), { seed: SEED, numRuns: 300 });
  });
});

describe('damaged manifests at the command line', () => {
  // JSON is YAML (and JSON.stringify writes very deep data the yaml writer would not).
  const MANIFEST = (spec: unknown) => JSON.stringify({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'm' }, spec });
  const SPEC = () => ({
    distribution: { name: 'starter' },
    providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', secretRefs: { api_token: { name: 'vllm', key: 'token' } } }] },
    resources: { models: ['m'] },
  });
  // JSON-representable damage only: the command reads text.
  const TEXT_DAMAGE = DAMAGE.filter((d) => {
    try {
      const v = d();
      return v !== undefined && JSON.stringify(v) !== undefined && typeof v !== 'number';
    } catch {
      return false;
    }
  });

  test('render: exit 0 or 1, one line per problem, no secret on stdout or stderr', async () => {
    await fc.assert(fc.asyncProperty(fc.nat(), fc.constantFrom(...TEXT_DAMAGE), secretArb, fc.boolean(), async (where, damage, secret, secretly) => {
      const spec: any = SPEC();
      const d = secretly ? secret : damage;
      switch (where % 4) {
        case 0: spec.providers.inference[0].secretRefs.api_token = d(); break;
        case 1: spec.providers.inference[0].settings = d(); break;
        case 2: spec.providers.inference[0].endpoint = d(); break;
        default: spec.resources.models = damage();
      }
      let out = '';
      let err = '';
      const text = MANIFEST(spec);
      const code = await main(['render', '-'], { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, stdin: () => text, env: {} });
      expect([0, 1]).toContain(code);
      expect(out + err).not.toContain(SECRET);
      if (code === 1) {
        const lines = err.trimEnd().split('\n');
        expect(lines[0]).toMatch(/^\d+ problem\(s\):$/);
        for (const line of lines.slice(1)) expect(line).toMatch(/^- .+: .+ — .+$/);
      } else {
        checkObjects(YAML.parseAllDocuments(out).map((doc) => doc.toJS()));
      }
    }), { seed: SEED, numRuns: 150 });
  });
});
