/**
 * Property-based tests of interop (fast-check, fixed seeds).
 * - Manifests in: a manifest damaged anywhere (a field replaced by any JSON value, removed, or an
 *   unknown one added) either renders or fails with LlamaStackConfigError problems that each name
 *   a path; never another error. The command line gives exit code 0 or 1 for any manifest and any
 *   text, and never a stack trace.
 * - Objects and CRs out: for a spec damaged in up to three places, whatever the constructs accept
 *   is valid: the workload against the Kubernetes schemas, the LlamaStackDistribution and
 *   OGXServer CRs against their CRDs (schema and CEL rules).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Testing } from 'cdk8s';
import * as fc from 'fast-check';
import * as YAML from 'yaml';
import { main } from '../../src/cli/main';
import { ConfigProblem, LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution } from '../../src/distribution';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { LlamaStackDistributionManifest } from '../../src/interop/manifest';
import { crdSchemaErrors, withoutKnownGaps } from '../support/crd-schema';
import { schemaErrors } from '../support/k8s-schema';

const SAMPLES_DIR = path.join(__dirname, '..', 'fixtures', 'samples-v1alpha1');

const V1ALPHA2 = {
  apiVersion: 'llamastack.io/v1alpha2',
  kind: 'LlamaStackDistribution',
  metadata: { name: 'my-stack', namespace: 'ai' },
  spec: {
    distribution: { name: 'starter' },
    providers: {
      inference: [{ id: 'vllm', provider: 'vllm', endpoint: 'http://vllm:8000/v1', apiKey: { name: 'vllm', key: 'token' } }],
      vectorIo: [{ provider: 'pgvector', settings: { host: 'pg', db: 'v', user: 'u' }, secretRefs: { password: { name: 'pg', key: 'p' } } }],
    },
    resources: { models: ['m', { name: 'n', provider: 'vllm', contextLength: 4096 }] },
    storage: { kv: { type: 'redis', endpoint: 'redis://r:6379' } },
    disabled: ['eval'],
    networking: { port: 8321, expose: { hostname: 'x.example.com' }, allowedFrom: { namespaces: ['a'], labels: ['b'] } },
    workload: {
      replicas: 2,
      workers: 2,
      resources: { requests: { cpu: '1' } },
      autoscaling: { minReplicas: 2, maxReplicas: 4 },
      podDisruptionBudget: { maxUnavailable: 1 },
      overrides: { env: [{ name: 'A', value: 'b' }], args: ['--x'], volumes: [{ name: 'v', emptyDir: {} }], volumeMounts: [{ name: 'v', mountPath: '/v' }] },
    },
  },
};

/** The operator's v1alpha1 samples, LlamaStackDistributions only. */
const V1ALPHA1 = fs.readdirSync(SAMPLES_DIR).filter((f) => f !== 'kustomization.yaml').sort()
  .flatMap((f) => YAML.parseAllDocuments(fs.readFileSync(path.join(SAMPLES_DIR, f), 'utf8')).map((d) => d.toJS()))
  .filter((o) => o?.kind === 'LlamaStackDistribution');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value of `v` (object keys and array indexes). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => paths(x, [...at, i])));
  if (v !== null && typeof v === 'object') return here.concat(...Object.keys(v).map((k) => paths(v[k], [...at, k])));
  return here;
}

type Damage = { kind: 'replace'; value: Json } | { kind: 'remove' } | { kind: 'add'; key: string; value: Json };

function damaged(base: Json, target: (string | number)[], damage: Damage): Json {
  const copy = structuredClone(base);
  if (target.length === 0) return damage.kind === 'replace' ? damage.value : copy;
  const parent = target.slice(0, -1).reduce((o: any, k) => o[k], copy) as any;
  const last = target[target.length - 1];
  if (damage.kind === 'replace') {parent[last] = damage.value;} else if (damage.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (parent[last] !== null && typeof parent[last] === 'object' && !Array.isArray(parent[last])) {
    parent[last][damage.key] = damage.value;
  }
  return copy;
}

const jsonArb: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  fc.constantFrom<Json>('', '*', 'starter', 'llama-stack', 0, -1, 65536, 1.5, true, [], {}, { name: 'x' }, ['inference']),
);

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  jsonArb.map((value): Damage => ({ kind: 'replace', value })),
  fc.constant<Damage>({ kind: 'remove' }),
  fc.tuple(fc.constantFrom('foo', '__proto__', 'constructor', 'name', 'enabled', 'type'), jsonArb)
    .map(([key, value]): Damage => ({ kind: 'add', key, value })),
);

const manifestArb: fc.Arbitrary<Json> = fc.constantFrom<Json>(V1ALPHA2, ...V1ALPHA1).chain((base) =>
  fc.tuple(fc.constantFrom(...paths(base)), damageArb).map(([target, damage]) => damaged(base, target, damage)));

/** Renders the manifest; returns the problems, [] when it rendered. Any other error escapes. */
function renderProblems(manifest: Json): ConfigProblem[] {
  try {
    const parsed = LlamaStackDistributionManifest.fromObject(manifest);
    // Hardening, not state: several replicas on SQLite are allowed here.
    LlamaStackDistributionManifest.toDistribution(Testing.chart(), 'x', parsed, { allowPerPodState: true });
    return [];
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    expect(e.problems.length).toBeGreaterThan(0);
    return e.problems;
  }
}

async function cli(argv: string[], stdin: string): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { stdout: () => undefined, stderr: (t) => { err += t; }, stdin: () => stdin, env: {} });
  return { code, err };
}

describe('manifests in, damaged anywhere', () => {
  test('the undamaged manifests render', () => {
    expect(renderProblems(V1ALPHA2)).toEqual([]);
    expect(V1ALPHA1.length).toBeGreaterThanOrEqual(5);
  });

  test('render, or LlamaStackConfigError problems that each name a path', () => {
    fc.assert(
      fc.property(manifestArb, (manifest) => {
        for (const p of renderProblems(manifest)) {
          expect(p.path).toMatch(/^\S/);
          expect(p.message).toMatch(/^\S/);
        }
      }),
      { seed: 51, numRuns: 400 },
    );
  });

  test('the command line: exit 0 or 1, problems listed, never a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(manifestArb, async (manifest) => {
        const r = await cli(['render', '--namespace', 'ai'], YAML.stringify(manifest));
        expect([0, 1]).toContain(r.code);
        expect(r.err).not.toMatch(/TypeError|RangeError|ReferenceError|\n\s+at /);
        if (r.code === 1) expect(r.err).toMatch(/^\d+ problem\(s\):\n- /);
      }),
      { seed: 52, numRuns: 150 },
    );
  });

  test('the command line on any text: exit 0 or 1, never a stack trace', async () => {
    const textArb = fc.oneof(
      fc.string({ maxLength: 200 }),
      manifestArb.map((m) => YAML.stringify(m)).chain((t) => fc.nat({ max: t.length }).map((cut) => t.slice(0, cut))),
    );
    await fc.assert(
      fc.asyncProperty(textArb, async (text) => {
        const r = await cli(['render'], text);
        expect([0, 1]).toContain(r.code);
        expect(r.err).not.toMatch(/TypeError|RangeError|ReferenceError|\n\s+at /);
      }),
      { seed: 53, numRuns: 300 },
    );
  });
});

/** A spec with up to three fields replaced or removed (values that often mean something here). */
const specArb: fc.Arbitrary<Json> = fc.array(
  fc.tuple(
    fc.constantFrom(...paths(V1ALPHA2.spec as Json).filter((p) => p.length > 0)),
    fc.oneof(
      jsonArb.map((value): Damage => ({ kind: 'replace', value })),
      fc.constantFrom<Json>('0', '10Gi', 'redis', 'sqlite', 'postgres', 'remote::x', ['safety'], ['inference'], { enabled: true })
        .map((value): Damage => ({ kind: 'replace', value })),
      fc.constant<Damage>({ kind: 'remove' }),
    ),
  ),
  { minLength: 1, maxLength: 3 },
).map((damages) => damages.reduce<Json>((spec, [target, damage]) => {
  // A later damage may aim below an earlier one that replaced its parent: then it has no target.
  const parent = target.slice(0, -1).reduce<any>((o, k) => (o !== null && typeof o === 'object' ? o[k] : undefined), spec);
  return parent !== null && typeof parent === 'object' ? damaged(spec, target, damage) : spec;
}, V1ALPHA2.spec as Json));

/** The construct's objects, or undefined when it rejects the spec with LlamaStackConfigError. */
function accepted(make: (chart: ReturnType<typeof Testing.chart>) => void): any[] | undefined {
  const chart = Testing.chart();
  try {
    make(chart);
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return undefined;
    throw e;
  }
  return Testing.synth(chart);
}

describe('objects and CRs out, from damaged specs', () => {
  test('what the constructs accept is valid Kubernetes and passes the CRDs', () => {
    let rendered = 0;
    fc.assert(
      fc.property(specArb, (spec) => {
        const props = { spec: spec as any, allowPerPodState: true };
        const workload = accepted((chart) => new LlamaStackDistribution(chart, 'x', props));
        if (workload) {
          rendered++;
          expect(schemaErrors(workload)).toEqual([]);
        }
        for (const cr of [
          accepted((chart) => new LlamaStackDistributionResource(chart, 'x', props)),
          accepted((chart) => new OgxServerResource(chart, 'x', props)),
        ]) {
          if (cr) expect(withoutKnownGaps(crdSchemaErrors(...cr.filter((o) => o.kind !== 'ConfigMap')))).toEqual([]);
        }
      }),
      { seed: 54, numRuns: 300 },
    );
    // Not a property that holds vacuously: a good share of the damaged specs still render.
    expect(rendered).toBeGreaterThan(30);
  });
});
