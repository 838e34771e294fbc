/**
 * The spec check once per shape (src/config/spec-shape.ts): `specProblems` must give exactly what
 * `validateSpec` gives, share a run only between specs that differ in endpoints, model names and
 * hostnames passing the same tests.
 */
import { specProblems } from '../../src/spec/spec-shape';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import * as validate from '../../src/spec/validate-spec';
import { ValidateSpecOptions } from '../../src/spec/validate-spec';
import { choices, seeded } from '../support/seeded';

const OPTIONS: ValidateSpecOptions = { kvPostgres: true };

interface Parts {
  endpoint?: unknown;
  model?: unknown;
  modelName?: unknown;
  hostname?: unknown;
  id?: unknown;
  provider?: unknown;
  port?: unknown;
}

function spec(p: Parts): LlamaStackDistributionSpec {
  return <LlamaStackDistributionSpec><unknown>{
    distribution: { name: 'starter' },
    providers: {
      inference: [
        { id: p.id ?? 'vllm', provider: p.provider ?? 'vllm', endpoint: p.endpoint ?? 'http://vllm-1:8000/v1', apiKey: { name: 'vllm', key: 'token' } },
        { id: 'openai', provider: 'openai', apiKey: { name: 'openai', key: 'key' } },
      ],
    },
    resources: { models: [p.model ?? 'model-1', { name: p.modelName ?? 'gpt-4o', provider: 'openai' }] },
    networking: { port: p.port ?? 8321, expose: { hostname: p.hostname ?? 'llama-1.example.com' } },
  };
}

describe('specProblems', () => {
  let full: jest.SpyInstance;
  beforeEach(() => {
    full = jest.spyOn(validate, 'validateSpec');
  });
  afterEach(() => full.mockRestore());

  test('specs that differ in endpoints, model names and hostnames share a clean run', () => {
    expect(specProblems(spec({ endpoint: 'http://a-1:8000/v1', model: 'm-1', modelName: 'x', hostname: 'h1.example.com' }), OPTIONS)).toEqual([]);
    expect(specProblems(spec({ endpoint: 'https://other:1/', model: 'another/model', modelName: 'y', hostname: 'not a host name' }), OPTIONS)).toEqual([]);
    expect(full).toHaveBeenCalledTimes(1);
  });

  test('what the check reads differs: a run of its own', () => {
    specProblems(spec({ hostname: 'sh.example.com' }), OPTIONS);
    const cases: [Parts, number][] = [
      [{ endpoint: 'http://user:secret@vllm:8000/v1' }, 1],
      [{ endpoint: 'http://vllm:8000/v1?api_key=abc' }, 1],
      [{ endpoint: 7 }, 1],
      [{ model: '' }, 1],
      [{ modelName: '' }, 1],
      [{ hostname: '' }, 1],
      [{ id: 'openai' }, 1],
      [{ port: 0 }, 1],
      [{ provider: 'ollama' }, 0],
    ];
    for (const [parts, count] of cases) {
      full.mockClear();
      const s = spec(parts);
      const problems = specProblems(s, OPTIONS);
      expect(full).toHaveBeenCalledTimes(1);
      expect(problems).toEqual(validate.validateSpec(s, OPTIONS));
      expect(problems).toHaveLength(count);
    }
  });

  test('options are part of the shape; a run with problems is never shared', () => {
    // An id no other test uses: a spec of its own shape.
    specProblems(spec({ id: 'opts' }), OPTIONS);
    specProblems(spec({ id: 'opts' }), { ...OPTIONS, hasBaseConfig: true });
    specProblems(spec({ id: 'opts' }), { kvPostgres: false });
    expect(full).toHaveBeenCalledTimes(3);
    full.mockClear();
    const bad = spec({ port: 70000 });
    expect(specProblems(bad, OPTIONS)).toHaveLength(1);
    expect(specProblems(bad, OPTIONS)).toHaveLength(1);
    expect(full).toHaveBeenCalledTimes(2);
  });

  test('a key whose value is undefined is absent, for the key as for the check (nothing else past the input boundary is not JSON)', () => {
    const ref = { name: 's', key: 'k' };
    const refs = (secretRefs: Record<string, unknown>) => {
      const s = spec({ id: 'undef' });
      (s.providers as any).inference[0].secretRefs = secretRefs;
      return s;
    };
    expect(specProblems(refs({ a: ref }), OPTIONS)).toEqual([]);
    expect(specProblems({ ...refs({ a: ref, b: undefined }), workload: undefined }, OPTIONS)).toEqual([]);
    expect(full).toHaveBeenCalledTimes(1);
    const empty = refs({ b: undefined });
    expect(specProblems(empty, OPTIONS)).toEqual(validate.validateSpec(empty, OPTIONS));
    expect(specProblems(empty, OPTIONS).map((p) => p.message)).toEqual(['must have at least 1 entry']);
  });

  test('3,000 generated specs of colliding values: the check\'s own problems every time', () => {
    const rnd = seeded(2026);
    const { pick, often } = choices(rnd, 0.8);
    let failing = 0;
    let shared = 0;
    for (let i = 0; i < 3000; i++) {
      const n = Math.floor(rnd() * 5);
      const parts: Parts = {
        endpoint: often(`http://vllm-${n}:8000/v1`, ['', 'http://u:p@h/v1', 'http://h/v1?token=x', 'http://h/v1?token=', '\u0000', 5, null]),
        model: often(`model-${n}`, ['', '\u0000', 3, null, { name: 'm' }]),
        modelName: often(`name-${n}`, ['', '\u0000', false]),
        hostname: often(`h-${n}.example.com`, ['', '\u0000', 1]),
        id: often('vllm', ['openai', '', 'other']),
        provider: often('vllm', ['', 'ollama']),
        port: often(8321, [0, 65536, '80', 443]),
      };
      const s = spec(parts);
      const options = pick<ValidateSpecOptions>([OPTIONS, { ...OPTIONS, allowPlaintextCredentials: true }, {}]);
      const expected = validate.validateSpec(s, options);
      full.mockClear();
      expect(specProblems(s, options)).toEqual(expected);
      failing += expected.length > 0 ? 1 : 0;
      shared += full.mock.calls.length === 0 ? 1 : 0;
    }
    expect(failing).toBeGreaterThan(1000);
    expect(failing).toBeLessThan(2500);
    expect(shared).toBeGreaterThan(300);
  });
});
