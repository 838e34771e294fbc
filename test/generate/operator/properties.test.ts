/**
 * Property-based tests of the config pipeline (fast-check, fixed seeds so every run is the same):
 * determinism, no mutation of the input, only LlamaStackConfigError for bad input, and
 * emit/parse round trips.
 */
import * as fc from 'fast-check';
import { LlamaStackConfigError } from '../../../src/core/errors';
import { deepFreeze, JsonObject, JsonValue } from '../../../src/core/json';
import { ConfigGenerator, GeneratedConfig, GenerateOptions } from '../../../src/generate/operator/config-generator';
import { envSegment } from '../../../src/spec/env-names';
import { LlamaStackDistributionSpec } from '../../../src/spec/spec';
import { emitYaml, setEmitterCacheLimitsForTests } from '../../../src/yaml/emit';
import { readBaseConfig } from '../../../src/yaml/parse';

// ---------------------------------------------------------------------------------------------
// Strings, numbers and JSON values

/** Matches a lone surrogate only (with the `u` flag a pair is one code point outside the range). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Strings that stress go-yaml's resolver and the emitter's style analysis. */
const YAML_SPECIAL = [
  '', ' ', 'yes', 'Yes', 'on', 'OFF', 'y', 'n', 'N', 'true', 'False', 'null', 'Null', '~', '0755', '0x1F', '0o17',
  '0b101', '1_000', '08', '1e3', '.5', '-.inf', '.nan', '+1', '-1', '1:20', '190:20:30.15', '2024-01-01',
  '2001-12-14t21:59:43.10-05:00', '9223372036854775808', '1e400', ' x', 'x ', 'a: b', 'a:', ':', '?', '-', '- x',
  '-x', '?x', '#x', 'a #b', 'a#b', '---', '...', '--- x', '*', '&a', '!x', '%x', '@x', '`x', '"x', "'x", "it's",
  'say "hi"', '{x}', '[a]', '|x', '>x', ',x', 'a,b', '<x>&', '${env.FOO:=bar}', 'http://x/#frag', 'héllo', '🚀',
  '\u200b', '\u00a0', '\ufeff', 'a\tb', '\t', '\r', '\0', '\x7f', '\x80', '\u0085', 'a\nb', 'a\nb\n', 'a\nb\n\n',
  ' a\nb', 'a \nb', 'a\n b', '\n', '\n\n', 'a\r\nb', 'é\n🚀', `${'word '.repeat(20)}end`, `#${'word '.repeat(20)}`,
  `\t${'word '.repeat(20)}`, `${'x'.repeat(90)} y`, `${'x'.repeat(78)}  y`, `a\t${'b'.repeat(76)}  c`,
  'constructor', 'toString', 'hasOwnProperty',
];

const FRAGMENTS = [
  'a', 'b', 'word', ' ', '  ', '\n', '\t', '#', ':', '-', '?', "'", '"', '\\', ',', '[', '{', '&', '*', '!', '|',
  '>', '%', '@', '`', 'é', '日本', '🚀', '\u00a0', '\u200b', '\r', '0', '1', '.', '~', 'yes', 'on', 'null',
  'x'.repeat(40), '\u0085', '\u2028', '\u2029',
];

const composedString = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 25 }).map((parts) => parts.join(''));

/** Any text, including U+2028 / U+2029 (fine for the emitter). */
const anyTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...YAML_SPECIAL, 'a\u2028b', '\u2028\na', 'a\u2029', 'x\n\u2028') },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).filter((s) => !LONE_SURROGATE.test(s)) },
  { weight: 3, arbitrary: composedString },
);

/**
 * LIBRARY BUG (reported): go-yaml v2 (YAML 1.1) treats U+2028 and U+2029 as line breaks, and the
 * emitter writes them raw inside single-quoted and literal scalars, as go-yaml does. The parser
 * (the `yaml` package, YAML 1.2 rules) does not, so it misreads such text: `v: 'a\u2028  b'` gives
 * "a\u2028  b" (go-yaml: "a\u2028b"), and `v: |2-\n\u2028\n  a\n` fails to parse. Text that is
 * parsed back (base configs, round trips) leaves them out until this is fixed.
 */
const LINE_SEPARATOR = /[\u2028\u2029]/;

/** Text that survives emit + parse. */
const textArb: fc.Arbitrary<string> = anyTextArb.filter((s) => !LINE_SEPARATOR.test(s));

const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -1000, max: 100000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, 2 ** 53 + 2, 2 ** 63, 2 ** 64, -(2 ** 63), 1e21, 1e20, 1e-7, 1234567.5, 0.00001234, -0.5,
    9223372036854775807, 18446744073709551615, Number.MAX_VALUE, Number.MIN_VALUE),
);

/** Object keys: everything but `<<`, which go-yaml v2 writes plain and reads back as a merge key. */
function keysOf(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return text.filter((k) => k !== '<<');
}

function jsonArb(text: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> {
  return fc.letrec<{ value: JsonValue; array: JsonValue[]; object: JsonObject }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      numberArb,
      fc.boolean(),
      fc.constant(null),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(keysOf(text), tie('value'), { maxKeys: 5 }),
  })).value;
}

function jsonMapOf(text: fc.Arbitrary<string>): fc.Arbitrary<JsonObject> {
  return fc.dictionary(keysOf(text), jsonArb(text), { maxKeys: 8 });
}

const keyArb = keysOf(textArb);
const jsonValueArb = jsonArb(textArb);
const jsonMapArb = jsonMapOf(textArb);

/** The JSON data model: what survives encoding/json (`-0` becomes `0`). */
function asJson<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

// ---------------------------------------------------------------------------------------------
// Valid v1alpha2 specs

const FIELDS = ['inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry'] as const;
const API_OF: Record<(typeof FIELDS)[number], string> = {
  inference: 'inference', safety: 'safety', vectorIo: 'vector_io', toolRuntime: 'tool_runtime', telemetry: 'telemetry',
};
const DISABLEABLE = ['agents', 'datasetio', 'eval', 'inference', 'safety', 'scoring', 'telemetry', 'tool_runtime', 'vector_io'];
const EMBEDDED = ['starter', 'remote-vllm', 'meta-reference-gpu', 'postgres-demo'];
const BASE_IDS = ['remote::vllm', 'vllm', 'ollama', 'inline::meta-reference', 'llama-guard', 'inline::faiss', 'rag-runtime', 'inline::llama-guard'];

type Providers = { [field: string]: Array<{ [k: string]: unknown }> };
type Obj = { [k: string]: unknown };

function effectiveIds(providers: Providers): string[] {
  return FIELDS.flatMap((f) => (providers[f] ?? []).map((p) => (typeof p.id === 'string' ? p.id : (p.provider as string))));
}

function disabledArb(providers: Providers): fc.Arbitrary<string[]> {
  const configured = new Set(FIELDS.filter((f) => (providers[f] ?? []).length > 0).map((f) => API_OF[f]));
  return fc.subarray(DISABLEABLE.filter((a) => !configured.has(a)));
}

/** Every secret env var name the spec produces (the library fails when two coincide). */
function envNames(spec: { [k: string]: any }): string[] {
  const names: string[] = [];
  for (const f of FIELDS) {
    for (const p of spec.providers?.[f] ?? []) {
      const id = envSegment(typeof p.id === 'string' ? p.id : p.provider);
      if (p.apiKey) names.push(`LLSD_${id}_API_KEY`);
      for (const k of Object.keys(p.secretRefs ?? {})) names.push(`LLSD_${id}_${envSegment(k)}`);
    }
  }
  if (spec.storage?.kv?.password) names.push('LLSD_STORAGE_KV_PASSWORD');
  if (spec.storage?.sql?.connectionString) names.push('LLSD_STORAGE_SQL_CONNECTION_STRING');
  return names;
}

/** The parts of a valid spec, with every free string drawn from `text`. */
function specParts(text: fc.Arbitrary<string>) {
  const nonEmpty = text.filter((s) => s.length > 0);
  const shortText = text.filter((s) => s.length > 0 && s.length <= 12);

  const idArb = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), fc.constantFrom(...BASE_IDS), shortText);

  const secretRefArb = fc.record({ name: nonEmpty, key: nonEmpty });

  const secretRefsArb = fc
    .uniqueArray(
      fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/), shortText).filter((k) => envSegment(k) !== 'API_KEY'),
      { minLength: 1, maxLength: 3, selector: (k) => envSegment(k) },
    )
    .chain((keys) => fc.tuple(fc.constant(keys), fc.array(secretRefArb, { minLength: keys.length, maxLength: keys.length })))
    .map(([keys, refs]) => Object.fromEntries(keys.map((k, i) => [k, refs[i]])));

  const providerBodyArb = fc.record(
    {
      provider: nonEmpty,
      endpoint: fc.oneof(fc.webUrl(), text),
      apiKey: secretRefArb,
      secretRefs: secretRefsArb,
      settings: fc.oneof({ weight: 4, arbitrary: jsonMapOf(text) }, { weight: 1, arbitrary: fc.constant(null) }),
    },
    { requiredKeys: ['provider'] },
  );

  /** Ids unique across all lists (and by env var segment); lists with >1 entry have explicit ids. */
  const providersArb: fc.Arbitrary<Providers> = fc
    .uniqueArray(idArb, { maxLength: 7, selector: (s) => envSegment(s) })
    .chain((ids) => {
      const n = ids.length;
      return fc.tuple(
        fc.constant(ids),
        fc.array(fc.nat({ max: FIELDS.length - 1 }), { minLength: n, maxLength: n }),
        fc.array(providerBodyArb, { minLength: n, maxLength: n }),
        fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      );
    })
    .map(([ids, slots, bodies, omitId]) => {
      const out: Providers = {};
      FIELDS.forEach((field, f) => {
        const members = ids.map((id, i) => ({ id, i })).filter(({ i }) => slots[i] === f);
        if (members.length === 0) return;
        // A single provider may leave out its id: its provider string then is the id.
        out[field] = members.map(({ id, i }) => (members.length === 1 && omitId[i] ? { ...bodies[i], provider: id } : { id, ...bodies[i] }));
      });
      return out;
    });

  /** Models without a provider only with an inference provider; tools/shields only with theirs. */
  function resourcesArb(providers: Providers): fc.Arbitrary<Obj | undefined> {
    const ids = effectiveIds(providers);
    const hasInference = (providers.inference ?? []).length > 0;
    const modelProvider = ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), nonEmpty) : nonEmpty;
    const modelObject = fc.record(
      {
        name: nonEmpty,
        provider: modelProvider,
        contextLength: fc.maxSafeInteger(),
        modelType: fc.oneof(fc.constantFrom('llm', 'embedding'), nonEmpty),
        quantization: nonEmpty,
      },
      { requiredKeys: hasInference ? ['name'] : ['name', 'provider'] },
    );
    const model = hasInference ? fc.oneof(nonEmpty, modelObject) : modelObject;
    return fc.option(
      fc.record(
        {
          models: fc.array(model, { minLength: 1, maxLength: 4 }),
          ...((providers.toolRuntime ?? []).length > 0 ? { tools: fc.array(nonEmpty, { minLength: 1, maxLength: 3 }) } : {}),
          ...((providers.safety ?? []).length > 0 ? { shields: fc.array(nonEmpty, { minLength: 1, maxLength: 3 }) } : {}),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    );
  }

  const storageArb = fc.record(
    {
      kv: fc.oneof(
        fc.constant({}),
        fc.constant({ type: 'sqlite' }),
        fc.record({ type: fc.constant('redis'), endpoint: fc.oneof(fc.webUrl(), text), password: secretRefArb }, { requiredKeys: ['type', 'endpoint'] }),
      ),
      sql: fc.oneof(
        fc.constant({}),
        fc.constant({ type: 'sqlite' }),
        fc.record({ type: fc.constant('postgres'), connectionString: secretRefArb }),
      ),
    },
    { requiredKeys: [] },
  );

  return { idArb, providersArb, resourcesArb, storageArb };
}

// ---------------------------------------------------------------------------------------------
// Base configs

const baseIdArb = specParts(textArb).idArb;

const providerEntryArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ provider_id: fc.oneof(fc.constantFrom(...BASE_IDS), baseIdArb), provider_type: textArb, config: jsonMapArb }, { requiredKeys: ['provider_id'] }) },
  { weight: 1, arbitrary: jsonValueArb },
);

const resourceEntryArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      resource_type: fc.constantFrom('model', 'shield', 'tool_group'),
      provider: fc.record({ provider_id: fc.oneof(fc.constantFrom(...BASE_IDS), baseIdArb), provider_type: textArb }),
      params: fc.oneof(
        fc.record({ model_id: textArb }),
        fc.record({ shield_id: textArb }),
        fc.record({ tool_group_id: textArb }),
      ),
    }),
  },
  { weight: 1, arbitrary: jsonValueArb },
);

const baseConfigObjectArb: fc.Arbitrary<JsonObject> = fc
  .tuple(
    fc.record(
      {
        version: fc.constantFrom(2, 2.5),
        providers: fc.dictionary(
          fc.oneof(fc.constantFrom('inference', 'safety', 'vector_io', 'tool_runtime', 'telemetry', 'agents', 'eval'), keyArb),
          fc.array(providerEntryArb, { maxLength: 3 }),
          { maxKeys: 5 },
        ),
        apis: fc.array(fc.oneof(fc.constantFrom(...DISABLEABLE), jsonValueArb), { maxLength: 6 }),
        registered_resources: fc.array(resourceEntryArb, { maxLength: 4 }),
        metadata_store: jsonMapArb,
      },
      { requiredKeys: ['version', 'providers'] },
    ),
    jsonMapArb,
  )
  .map(([base, extra]) => ({ ...extra, ...base }) as JsonObject);

/** Base config text: go-yaml style YAML or JSON. */
const baseConfigTextArb = fc.tuple(baseConfigObjectArb, fc.boolean()).map(([base, json]) => (json ? JSON.stringify(base) : emitYaml(base)));

// ---------------------------------------------------------------------------------------------
// Whole cases

interface Case {
  readonly spec: LlamaStackDistributionSpec;
  readonly options: GenerateOptions;
}

function validCaseArb(text: fc.Arbitrary<string>): fc.Arbitrary<Case> {
  const { providersArb, resourcesArb, storageArb } = specParts(text);
  return providersArb
    .chain((providers) =>
      fc.record({
        providers: fc.constant(providers),
        emptyProviders: fc.boolean(),
        resources: resourcesArb(providers),
        storage: fc.option(storageArb, { nil: undefined }),
        disabled: disabledArb(providers),
        base: fc.option(baseConfigTextArb, { freq: 2, nil: undefined }),
        distribution: fc.constantFrom(...EMBEDDED),
        withDistribution: fc.boolean(),
      }),
    )
    .map((c) => {
      const spec: Obj = {};
      if (c.base === undefined || c.withDistribution) spec.distribution = { name: c.distribution };
      if (Object.keys(c.providers).length > 0 || c.emptyProviders) spec.providers = c.providers;
      if (c.resources !== undefined && Object.keys(c.resources).length > 0) spec.resources = c.resources;
      if (c.storage !== undefined) spec.storage = c.storage;
      if (c.disabled.length > 0) spec.disabled = c.disabled;
      const options: GenerateOptions = c.base === undefined ? {} : { baseConfigYaml: c.base };
      return { spec: spec as LlamaStackDistributionSpec, options };
    })
    .filter(({ spec }) => {
      const names = envNames(spec);
      return new Set(names).size === names.length;
    });
}

/** Valid cases with any text in the spec (U+2028 and U+2029 included). */
const anyValidCaseArb = validCaseArb(anyTextArb);
/** Valid cases whose config.yaml the parser can read back. */
const parseSafeValidCaseArb = validCaseArb(textArb);

/** The same data with every object's keys inserted in another order (arrays keep theirs). */
function reorderKeys<T>(v: T, seed: number): T {
  if (Array.isArray(v)) return v.map((x) => reorderKeys(x, seed)) as unknown as T;
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v).reverse();
  const shift = keys.length > 0 ? seed % keys.length : 0;
  const order = [...keys.slice(shift), ...keys.slice(0, shift)];
  const out = Object.create(Object.getPrototypeOf(v));
  for (const k of order) {
    Object.defineProperty(out, k, { value: reorderKeys((v as any)[k], seed), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Runs the generator; any error other than LlamaStackConfigError fails the property. */
function generateOrConfigError(spec: unknown, options?: unknown): GeneratedConfig | LlamaStackConfigError {
  try {
    return ConfigGenerator.generate(spec as LlamaStackDistributionSpec, options as GenerateOptions);
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e;
    throw new Error(`generate threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} instead of a LlamaStackConfigError`);
  }
}

function expectSuccess(r: GeneratedConfig | LlamaStackConfigError): GeneratedConfig {
  if (r instanceof LlamaStackConfigError) throw new Error(`a valid spec was rejected: ${r.message}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Properties

describe('pipeline properties', () => {
  test('determinism: same input, same output; key insertion order does not matter', () => {
    fc.assert(
      fc.property(anyValidCaseArb, fc.nat(), ({ spec, options }, seed) => {
        const a = expectSuccess(generateOrConfigError(spec, options));
        const b = expectSuccess(generateOrConfigError(spec, options));
        expect(b).toEqual(a);
        const c = expectSuccess(generateOrConfigError(reorderKeys(spec, seed), reorderKeys(options, seed)));
        expect(c.configYaml).toBe(a.configYaml);
        expect(c).toEqual(a);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('no mutation: a deep-frozen spec and options are accepted and left unchanged', () => {
    fc.assert(
      fc.property(anyValidCaseArb, ({ spec, options }) => {
        const before = structuredClone({ spec, options });
        deepFreeze(spec);
        deepFreeze(options);
        expectSuccess(generateOrConfigError(spec, options));
        expect({ spec, options }).toEqual(before);
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  test('no mutation of junk input either', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4, withNullPrototype: true }), (junk) => {
        const spec = { distribution: { name: 'starter' }, providers: { inference: [{ provider: 'x', settings: junk }] } };
        const before = structuredClone(spec);
        deepFreeze(spec);
        generateOrConfigError(spec);
        expect(spec).toEqual(before);
      }),
      { seed: 44, numRuns: 200 },
    );
  });

  describe('only LlamaStackConfigError escapes', () => {
    const SPEC_WORDS = [
      'distribution', 'name', 'image', 'providers', 'inference', 'safety', 'vectorIo', 'toolRuntime', 'telemetry', 'id',
      'provider', 'endpoint', 'apiKey', 'key', 'secretRefs', 'settings', 'resources', 'models', 'tools', 'shields',
      'contextLength', 'modelType', 'quantization', 'storage', 'kv', 'sql', 'type', 'password', 'connectionString',
      'disabled', 'networking', 'port', 'tls', 'enabled', 'workload', 'replicas', 'overrideConfig', 'configMapName',
      '__proto__', 'constructor', 'starter', 'redis', 'postgres', 'sqlite', 'vllm',
    ];
    const junkKey = fc.oneof(fc.constantFrom(...SPEC_WORDS), fc.string());
    const junk = fc.anything({
      key: junkKey,
      values: [fc.constantFrom(...SPEC_WORDS), fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)],
      maxDepth: 5,
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withObjectString: true,
    });

    test('arbitrary values as the spec', () => {
      fc.assert(
        fc.property(junk, fc.option(fc.oneof(anyTextArb, fc.string()), { nil: undefined }), (spec, base) => {
          generateOrConfigError(spec, base === undefined ? undefined : { baseConfigYaml: base });
        }),
        { seed: 45, numRuns: 300 },
      );
    });

    test('arbitrary values as the options', () => {
      fc.assert(
        fc.property(junk, (options) => {
          generateOrConfigError({ distribution: { name: 'starter' } }, options);
        }),
        { seed: 46, numRuns: 200 },
      );
    });

    test('arbitrary values as settings', () => {
      fc.assert(
        fc.property(junk, fc.boolean(), (settings, two) => {
          const inference: any[] = [{ id: 'a', provider: 'vllm', settings }];
          if (two) inference.push({ id: 'b', provider: 'ollama', settings: [settings] });
          generateOrConfigError({ distribution: { name: 'starter' }, providers: { inference } });
        }),
        { seed: 47, numRuns: 300 },
      );
    });

    const yamlishText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      composedString,
      fc.array(fc.constantFrom('version: 2', 'providers:', '  inference:', '  - provider_id: x', '    config: {}', '- a', 'a: &x', '*x',
        '<<: *x', '[', ']', '{', '}', ': ', '? ', '!!int', '!!str', '|', '>', '"', "'", '\t', '  ', '\n', '---', '...', '%YAML 1.1',
        '.inf', '0x1F', '~', 'on: yes', '#'), { maxLength: 20 }).map((a) => a.join('')),
      fc.tuple(baseConfigTextArb, fc.nat(), fc.nat(), fc.string()).map(([text, at, cut, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(Math.min(text.length, i + (cut % 8)));
      }),
    );

    test('arbitrary text as the base config', () => {
      fc.assert(
        fc.property(yamlishText, (base) => {
          generateOrConfigError({ providers: { inference: [{ provider: 'vllm', endpoint: 'http://x' }] }, resources: { models: ['m'] } }, { baseConfigYaml: base });
        }),
        { seed: 48, numRuns: 300 },
      );
    });
  });

  describe('round trips', () => {
    test('readBaseConfig(emitYaml(v)) equals v for JSON maps', () => {
      fc.assert(
        fc.property(jsonMapArb, (v) => {
          expect(readBaseConfig(emitYaml(v))).toEqual(Object.keys(v).length === 0 ? {} : asJson(v));
        }),
        { seed: 49, numRuns: 500 },
      );
    });

    test('readBaseConfig(emitYaml(v)) equals v for single values (all string styles)', () => {
      fc.assert(
        fc.property(fc.oneof(textArb, numberArb), (s) => {
          expect(readBaseConfig(emitYaml({ v: s }))).toEqual(asJson({ v: s }));
        }),
        { seed: 50, numRuns: 1000 },
      );
    });

    test('emitYaml remembers per string, never per position: warm output equals output from empty caches', () => {
      // A few strings, drawn from many times: each lands as a key and as a value, at several
      // indentations and columns, before and after one that is written in another style.
      const pooled = fc.array(anyTextArb, { minLength: 1, maxLength: 6 }).chain((pool) => {
        const s = fc.constantFrom(...pool);
        return fc.array(jsonArb(fc.oneof({ weight: 4, arbitrary: s }, { weight: 1, arbitrary: anyTextArb })), { minLength: 1, maxLength: 5 });
      });
      fc.assert(
        fc.property(pooled, (values) => {
          const cold = values.map((v) => {
            setEmitterCacheLimitsForTests();
            return emitYaml(v);
          });
          for (const v of [...values].reverse()) emitYaml(v);
          expect(values.map((v) => emitYaml(v))).toEqual(cold);
          expect(values.map((v) => emitYaml({ k: [v, { v }] }))).toEqual(values.map((v) => {
            setEmitterCacheLimitsForTests();
            return emitYaml({ k: [v, { v }] });
          }));
        }),
        { seed: 52, numRuns: 300 },
      );
    });

    test('emitYaml writes a frozen (shared) value as its plain copy, wherever it sits and however often', () => {
      fc.assert(
        fc.property(fc.array(jsonArb(anyTextArb), { minLength: 1, maxLength: 4 }), (values) => {
          const place = (vs: unknown[]): JsonValue => ({ a: vs, b: [{ c: vs[0] }, vs[vs.length - 1]], d: { e: { f: vs } } }) as JsonValue;
          const plain = emitYaml(place(values));
          const frozen = values.map((v) => deepFreeze(JSON.parse(JSON.stringify(v))));
          expect(emitYaml(place(frozen))).toBe(plain);
          expect(emitYaml(place(frozen))).toBe(plain);
        }),
        { seed: 53, numRuns: 300 },
      );
    });

    test('emitYaml(readBaseConfig(configYaml)) === configYaml for generated configs', () => {
      fc.assert(
        fc.property(parseSafeValidCaseArb, ({ spec, options }) => {
          const { configYaml } = expectSuccess(generateOrConfigError(spec, options));
          expect(emitYaml(readBaseConfig(configYaml)!)).toBe(configYaml);
        }),
        { seed: 51, numRuns: 200 },
      );
    });
  });
});
