/**
 * No state carries between distributions (issue 29; fast-check, a fixed seed): generated
 * distributions planned in one library, in the generated order and then backwards (so each runs
 * alone first or after the others), give each what it gives in a fresh copy of the library, as
 * in a process of its own. The choices are those a verdict shared between distributions would
 * confuse: names that differ in digits, env values holding separators, endpoints, models,
 * factory options with a `toJSON`, labels, hostnames, targets.
 */
import * as fc from 'fast-check';
import { FreshLibrary, freshLibrary, outcomeOf } from '../support/fresh-library';

/** One distribution, as plain choices (built with the library that plans it). */
interface Recipe {
  readonly target: 'OGX_1_3' | 'OGX_1_2' | 'LLAMA_STACK_0_7';
  readonly name: string;
  readonly env: { readonly [name: string]: string };
  readonly endpoint: string;
  readonly model: string;
  readonly user?: 'u' | 'toJSON' | 'number';
  readonly labels?: { readonly [key: string]: string };
  readonly hostname?: string;
}

const TARGETS = ['OGX_1_3', 'OGX_1_2', 'LLAMA_STACK_0_7'] as const;
const NAMES = ['llama-1', 'llama-2', 'llama-12', 'chat'];
const ENVS: Recipe['env'][] = [
  {}, { AAA: 'x\u0000OLLAMA_URL\u0001vnot-a-url' }, { AAA: 'x', OLLAMA_URL: 'not-a-url' },
  { OLLAMA_URL: 'http://ollama:11434/v1' }, { AAA: 'x\u0001', LOG_LEVEL: 'info' }, { AAA: 'x', LOG_LEVEL: 'info' },
];
const ENDPOINTS = ['http://vllm-1:8000/v1', 'http://vllm-2:8000/v1', 'http://vllm:8000', 'http://user:pw@vllm:8000/v1'];
const MODELS = ['m1', 'm2', 'auto', 'vllm/m1'];
const USERS: Recipe['user'][] = [undefined, 'u', 'toJSON', 'number'];
const LABELS: Recipe['labels'][] = [undefined, { team: 'ai' }, { 'bad key!': 'x' }];
const HOSTNAMES = [undefined, 'llama.example.com', 'llama-2.example.com'];

/** A distribution that plans, mostly: what a verdict kept for it could be shared from. */
const baseArb: fc.Arbitrary<Recipe> = fc.record({
  target: fc.constantFrom(...TARGETS),
  name: fc.constantFrom(...NAMES),
  env: fc.constantFrom(ENVS[0], ENVS[1], ENVS[5]),
  endpoint: fc.constantFrom(ENDPOINTS[0], ENDPOINTS[1]),
  model: fc.constantFrom(MODELS[0], MODELS[1]),
  user: fc.constantFrom(undefined, 'u' as const),
  labels: fc.constantFrom(undefined, LABELS[1]),
  hostname: fc.constantFrom(...HOSTNAMES),
});

/** The base with one choice changed: its near twin. */
function twinArb(base: Recipe): fc.Arbitrary<Recipe> {
  const one = <K extends keyof Recipe>(key: K, values: readonly Recipe[K][]) => fc.constantFrom(...values).map((v) => ({ ...base, [key]: v }));
  return fc.oneof(
    one('env', ENVS), one('user', USERS), one('name', NAMES), one('endpoint', ENDPOINTS), one('model', MODELS),
    one('labels', LABELS), one('hostname', HOSTNAMES), one('target', TARGETS),
  );
}

/** A base and two or three of its twins, in a generated order. */
const runArb: fc.Arbitrary<Recipe[]> = baseArb.chain((base) => fc.array(twinArb(base), { minLength: 2, maxLength: 3 })
  .chain((twins) => fc.shuffledSubarray([base, ...twins], { minLength: twins.length + 1 })));

function propsOf(lib: FreshLibrary['lib'], r: Recipe): any {
  const user = r.user === 'toJSON' ? { toJSON: () => 'u' } : r.user === 'number' ? 42 : r.user;
  return {
    name: r.name,
    target: lib.ServerTarget[r.target],
    inference: [lib.InferenceProvider.vllm({ endpoint: r.endpoint })],
    models: [r.model],
    env: r.env,
    ...(user === undefined ? {} : { sqlStorage: lib.StorageBackend.postgres({ host: 'pg', db: 'd', user: user as any, password: lib.SecretRef.fromSecretName('pg', 'p') }) }),
    ...(r.labels ? { labels: r.labels } : {}),
    ...(r.hostname ? { expose: { hostname: r.hostname, controllerNamespace: 'ingress-nginx' } } : {}),
  };
}

/** A distribution's outcome in a fresh library, or as a factory's problems; once per recipe. */
const alone = new Map<string, string>();
function aloneOutcome(r: Recipe): string {
  const key = JSON.stringify(r);
  let out = alone.get(key);
  if (out === undefined) {
    out = outcome(freshLibrary(), r);
    alone.set(key, out);
  }
  return out;
}

function outcome({ lib, plan }: FreshLibrary, r: Recipe): string {
  let props: any;
  try {
    props = propsOf(lib, r);
  } catch (e: any) {
    return `factory: ${Array.isArray(e?.problems) ? JSON.stringify(e.problems) : `threw ${e?.constructor?.name}`}`;
  }
  return outcomeOf(plan, props);
}

test('any order, alone or after others: each distribution as in a fresh library', () => {
  const kinds = new Set<string>();
  fc.assert(fc.property(runArb, (recipes) => {
    const shared = freshLibrary();
    for (const r of [...recipes, ...[...recipes].reverse()]) {
      const got = outcome(shared, r);
      expect(got).toBe(aloneOutcome(r));
      kinds.add(got.startsWith('factory') ? 'factory' : got.startsWith('{"problems"') ? 'problems' : got.startsWith('threw') ? 'threw' : 'planned');
    }
  }), { seed: 20261129, numRuns: 15 });
  // The choices reach every outcome but a raw exception.
  expect([...kinds].sort()).toEqual(['factory', 'planned', 'problems']);
});
