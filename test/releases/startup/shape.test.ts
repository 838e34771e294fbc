/**
 * Runs of one shape share a report (src/targets/startup/shape.ts): `checkStartup` must give
 * exactly what a full run (`runStartup`) gives, whatever the opaque values (hosts, model ids)
 * are, equal to each other, to a listed model, to a word the model looks for, or inside
 * another string of the config.
 */
import { deepFreeze, JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, ContainerEnv, runStartup, StartupOptions } from '../../../src/releases/startup';
import { KeptShape, RunText, sharable, textOf } from '../../../src/releases/startup/shape';
import { choices, seeded } from '../../support/seeded';

const SHARED = deepFreeze({
  inference: { provider_id: 'sentence-transformers', provider_type: 'inline::sentence-transformers', config: {} },
  stores: { metadata: { backend: 'kv_default', namespace: 'registry' }, inference: { backend: 'sql_default', table_name: 'inference_store' } },
} as JsonObject);

interface Model { id: string; pid: string; pmid?: string; type?: string }

function config(url: string, models: Model[], extra: JsonObject = {}, type = 'remote::vllm'): JsonObject {
  return {
    version: 2,
    distro_name: 'test',
    apis: ['inference', 'vector_io'],
    providers: {
      inference: [
        SHARED.inference,
        { provider_id: 'vllm', provider_type: type, config: { base_url: url } },
      ],
    },
    storage: {
      backends: { kv_default: { type: 'kv_sqlite', db_path: '/data/kv.db' }, sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } },
      stores: SHARED.stores,
    },
    registered_resources: {
      models: models.map((m) => ({
        model_id: m.id,
        provider_id: m.pid,
        model_type: m.type ?? 'llm',
        ...(m.pmid !== undefined ? { provider_model_id: m.pmid } : {}),
        ...(m.type === 'embedding' ? { metadata: { embedding_dimension: 768 } } : {}),
      })),
    },
    ...extra,
  };
}

const ENV: ContainerEnv = new Map([['HOME', { kind: 'value', value: '/' }]]);

function options(target: ServerTarget): StartupOptions {
  return { requiredWhenEnabled: target._data.requiredExtras, container: { home: '/', writableDirs: ['/data', '/tmp'], insecureFlag: true } };
}

function both(target: ServerTarget, c: JsonObject): [unknown, unknown] {
  const opts = options(target);
  return [checkStartup(c, target._release, ENV, opts), runStartup(c, target._release, ENV, opts)];
}

describe('the shape of a run', () => {
  const release = ServerTarget.OGX_1_3._release;
  /** The other config's opaque values when it has the kept one's shape. */
  const match = (kept: JsonObject, other: JsonObject): string[] | undefined => new KeptShape(release, kept).match(other);
  const opaque = (c: JsonObject) => new KeptShape(release, c).opaque;
  const text = (c: JsonObject): RunText => textOf(c, new KeptShape(release, c).places, 'facts', release, ENV);

  test('hosts and model ids are opaque: their values do not count, which of them are equal does', () => {
    const a = config('http://vllm-1:8000/v1', [{ id: 'model-1', pid: 'vllm', pmid: 'model-1' }]);
    expect(opaque(a)).toEqual(['vllm-1', 'model-1']);
    expect(match(a, config('http://vllm-2:8000/v1', [{ id: 'model-2', pid: 'vllm', pmid: 'model-2' }]))).toEqual(['vllm-2', 'model-2']);
    expect(match(a, config('http://vllm-2:8000/v1', [{ id: 'model-2', pid: 'vllm', pmid: 'model-3' }]))).toBeUndefined();
    expect(match(a, config('http://model-1:8000/v1', [{ id: 'model-1', pid: 'vllm', pmid: 'model-1' }]))).toBeUndefined();
    expect(match(config('http://h-1:1', [{ id: 'm-1', pid: 'vllm', pmid: 'm-2' }]), config('http://h-2:1', [{ id: 'h-2', pid: 'vllm', pmid: 'm-3' }]))).toBeUndefined();
  });

  test('what else the run reads must be equal: port, path, scheme, provider id, model type, frozen parts by identity', () => {
    const a = config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }]);
    for (const c of [
      config('http://vllm-1:8001/v1', [{ id: 'm', pid: 'vllm' }]),
      config('http://vllm-1:8000/v2', [{ id: 'm', pid: 'vllm' }]),
      config('https://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }]),
      config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'other' }]),
      config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm', type: 'embedding' }]),
      config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }, { id: 'n', pid: 'vllm' }]),
      config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }], { server: { port: 8321 } }),
      { ...config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }]), storage: { backends: {}, stores: deepFreeze({ ...SHARED.stores as JsonObject }) } },
      { ...config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }]), storage: { ...config('http://h', []).storage as JsonObject, stores: deepFreeze({ metadata: { backend: 'kv_default' } }) } },
    ]) expect(match(a, c)).toBeUndefined();
    expect(match(a, config('http://vllm-1:8000/v1', [{ id: 'm', pid: 'vllm' }]))).toEqual(['vllm-1', 'm']);
  });

  test('not opaque: a host that is not DNS-style, a model id with a slash or a word the model looks for', () => {
    expect(opaque(config('http://vllm_1:8000', []))).toEqual([]);
    expect(opaque(config('vllm:8000', []))).toEqual([]);
    expect(opaque(config('http://h', [{ id: 'a/b', pid: 'vllm' }, { id: 'auto', pid: 'vllm' }, { id: 'all', pid: 'vllm' }, { id: '${env.M}', pid: 'vllm' }]))).toEqual(['h']);
    expect(match(config('http://h', [{ id: 'x', pid: 'vllm' }]), config('http://h', [{ id: 'auto', pid: 'vllm' }]))).toBeUndefined();
  });

  test('a field of a type not declared to take only a string or URL keeps its value', () => {
    expect(opaque(config('http://h', [], {}, 'remote::no-such-type'))).toEqual([]);
  });

  test('sharable: no opaque value inside another one or inside what the run reads besides them', () => {
    const c = config('http://vllm-1:8000/v1', [{ id: 'model-1', pid: 'vllm' }], { vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: 'model-1' } } });
    const t = text(c);
    expect(sharable(opaque(c)!, t)).toBe(false);
    expect(sharable(['vllm-1', 'model-1'], t)).toBe(false);
    expect(sharable(['vllm-2', 'model-2'], t)).toBe(true);
    expect(sharable(['8000/v1', 'model-2'], t)).toBe(false);
    expect(sharable(['model', 'model-2'], new RunText(''))).toBe(false);
    expect(sharable(['nomic-embed-text-v1.5'], text(config('http://h', [])))).toBe(false);
  });
});

describe('RunText', () => {
  test('includes is String.includes: values shorter than three, triples all present but not the value', () => {
    const text = new RunText('abc-Xbcd vllm-1:8000 e1');
    expect(['abcd', 'bcd', 'vllm-1', 'vllm-2', 'e1', 'e2', '', 'x', 'abc-X', '8000 e1', 'llm-1:'].map((v) => text.includes(v)))
      .toEqual([false, true, true, false, true, false, true, false, true, true, true]);
    const alphabet = 'ab-1';
    const long = new RunText('ab-1a-b1ba--1b');
    for (let i = 0; i < 2000; i++) {
      let v = '';
      for (let n = i % 6, x = i; n > 0; n--, x = Math.floor(x / 4)) v += alphabet[x % 4];
      expect(long.includes(v)).toBe('ab-1a-b1ba--1b'.includes(v));
    }
  });
});

describe('checkStartup gives what a full run gives', () => {
  test('a shape shared by distributions that differ in host and model id', () => {
    const target = ServerTarget.OGX_1_3;
    for (let i = 0; i < 5; i++) {
      const [kept, full] = both(target, config(`http://vllm-${i}:8000/v1`, [{ id: `model-${i}`, pid: 'vllm', pmid: `model-${i}` }]));
      expect(kept).toEqual(full);
      expect(full).toEqual({ fatal: [], warnings: [] });
    }
  });

  test('a model id that another string refers to: each run its own findings', () => {
    const target = ServerTarget.OGX_1_3;
    const refers = { vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: 'emb-1' } } };
    const ok = both(target, config('http://host-three:1', [{ id: 'emb-1', pid: 'vllm', type: 'embedding' }], refers));
    expect(ok[0]).toEqual(ok[1]);
    expect(ok[1]).toEqual({ fatal: [], warnings: [] });
    const missing = both(target, config('http://host-four:1', [{ id: 'emb-2', pid: 'vllm', type: 'embedding' }], refers));
    expect(missing[0]).toEqual(missing[1]);
    expect((missing[1] as { fatal: unknown[] }).fatal).toHaveLength(1);
  });

  test('two models with one identifier after runs with two', () => {
    const target = ServerTarget.OGX_1_3;
    // Values that occur nowhere else, so the first run is kept for its shape.
    const two = both(target, config('http://host-one:1', [{ id: 'model-one', pid: 'vllm' }, { id: 'model-two', pid: 'vllm', type: 'embedding' }]));
    expect(two[0]).toEqual(two[1]);
    expect(two[1]).toEqual({ fatal: [], warnings: [] });
    const one = both(target, config('http://host-two:1', [{ id: 'model-three', pid: 'vllm' }, { id: 'model-three', pid: 'vllm', type: 'embedding' }]));
    expect(one[0]).toEqual(one[1]);
    expect((one[1] as { fatal: unknown[] }).fatal.length).toBeGreaterThan(0);
  });

  test('the reports are frozen: a caller cannot change what another run gets', () => {
    const target = ServerTarget.OGX_1_3;
    const report = checkStartup(config('http://h:1', [{ id: '', pid: 'nope' }]), target._release, ENV, options(target));
    expect(Object.isFrozen(report) && Object.isFrozen(report.fatal) && report.fatal.every((f) => Object.isFrozen(f))).toBe(true);
  });

  /** A small generator of the same: values that collide with each other, listed models, words and other strings. */

  test.each(['OGX_1_3', 'OGX_0_8', 'LLAMA_STACK_0_7'] as const)('%s: 2,000 runs with colliding values', (name) => {
    const target = ServerTarget[name];
    const rnd = seeded(name.length * 7919);
    const { pick } = choices(rnd);
    // Few structures, so shapes repeat; values that collide with each other, words and references.
    const hosts = ['h1', 'h2', 'e1', 'm1', 'vllm', 'data'];
    const ids = ['m1', 'm2', 'e1', 'e2', 'h1', 'auto', 'all', '', 'vllm', 'nomic-ai', 'a/b', '${env.X}'];
    const refs = ['e1', 'm1', 'nomic-ai/nomic-embed-text-v1.5'];
    let differ = 0;
    let shared = 0;
    let last = '';
    const seen = new Set<unknown>();
    for (let i = 0; i < 2000; i++) {
      const models: Model[] = [];
      for (let n = 1 + Math.floor(rnd() * 2); n > 0; n--) {
        models.push({ id: pick(ids), pid: pick(['vllm', 'vllm', 'sentence-transformers']), type: pick(['llm', 'embedding']), ...(rnd() < 0.2 ? { pmid: pick(ids) } : {}) });
      }
      const url = rnd() < 0.8 ? `http://${pick(hosts)}:8000/v1` : pick(['vllm:8000', `https://${pick(hosts)}`]);
      const extra: JsonObject = rnd() < 0.5
        ? { vector_stores: { default_embedding_model: { provider_id: pick(['vllm', 'sentence-transformers']), model_id: pick(refs) } } }
        : {};
      const [kept, full] = both(target, config(url, models, extra));
      expect(kept).toEqual(full);
      if (seen.has(kept)) shared++;
      seen.add(kept);
      const text = JSON.stringify(full);
      if (text !== last) differ++;
      last = text;
    }
    // The property is tested on clean and failing runs, and on many runs that share another's report.
    expect(differ).toBeGreaterThan(500);
    expect(shared).toBeGreaterThan(50);
  });
});
