/**
 * ConfigGenerator merges into a working copy of the cached base config (only what a stage changes
 * in place is copied), and the cache keeps failures too: pinned here, since the conformance
 * corpora would not notice a stage that edits the shared base for the next call.
 */
import { newObject, setOwn } from '../../../src/core/json';
import { ConfigGenerator, GenerateOptions } from '../../../src/generate/operator/config-generator';
import { compareBytewise } from '../../../src/spec/env-names';
import { LlamaStackDistributionSpec } from '../../../src/spec/spec';
import { readBaseConfig, readBaseConfigShared, YamlReadError } from '../../../src/yaml/parse';

const BASE = `version: 2
image_name: shared
apis: [inference, safety, vector_io, tool_runtime]
providers:
  inference:
  - provider_id: base-llm
    provider_type: remote::vllm
    config: {url: http://llm:8000}
  safety:
  - provider_id: guard
    provider_type: inline::llama-guard
    config: {}
  vector_io:
  - provider_id: faiss
    provider_type: inline::faiss
    config: {kvstore: {type: sqlite}}
  tool_runtime:
  - provider_id: rag
    provider_type: inline::rag-runtime
    config: {}
server:
  port: 8321
registered_resources:
- resource_type: model
  provider: {provider_id: base-llm, provider_type: remote::vllm}
  params: {model_id: base-model}
metadata_store: {type: sqlite, db_path: /x.db}
`;

/** Specs that touch everything a stage may change: providers, storage, disabled, resources, TLS. */
const RUNS: [LlamaStackDistributionSpec, GenerateOptions][] = [
  [{ providers: { inference: [{ id: 'base-llm', provider: 'ollama', settings: { extra: { deep: [1, 2] } } }] } }, {}],
  [{ disabled: ['vector_io', 'tool_runtime'], resources: { models: ['m1'], shields: ['s1'] } }, {}],
  [{ disabled: ['inference'], resources: { shields: ['s1'] } }, {}],
  [{ storage: { kv: { type: 'redis', endpoint: 'redis://r:6379' } }, resources: { tools: ['builtin::rag'] } }, { serverTlsDir: '/tls' }],
  [{ providers: { safety: [{ provider: 'nemo' }], vectorIo: [{ id: 'faiss', provider: 'chroma' }] }, disabled: ['inference'] }, { serverTlsDir: '/etc/certs' }],
];

function generate(spec: LlamaStackDistributionSpec, options: GenerateOptions, baseConfigYaml: string) {
  return ConfigGenerator.generate(spec, { ...options, baseConfigYaml });
}

test('generate never changes the cached base config: each result is the one a fresh base gives', () => {
  const before = JSON.stringify(readBaseConfigShared(BASE));
  RUNS.forEach(([spec, options], i) => {
    // A text the cache has not seen parses to the same base, fresh.
    const fresh = generate(spec, options, `${BASE}${'\n'.repeat(i + 1)}`);
    for (let round = 0; round < 2; round++) {
      expect(generate(spec, options, BASE)).toEqual(fresh);
    }
  });
  expect(JSON.stringify(readBaseConfigShared(BASE))).toBe(before);
  expect(readBaseConfigShared(BASE)).toEqual(readBaseConfig(`${BASE}\n\n\n\n\n\n`));
});

test('a base config that does not parse fails the same way every time (the failure is cached)', () => {
  const bad = 'version: 2\nproviders: [a\n';
  const first = (() => {
    try {
      readBaseConfigShared(bad);
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  expect(first).toBeInstanceOf(YamlReadError);
  for (let i = 0; i < 3; i++) {
    expect(() => readBaseConfigShared(bad)).toThrow(new YamlReadError((first as Error).message));
    expect(() => ConfigGenerator.generate({}, { baseConfigYaml: bad })).toThrow(`baseConfig: ${(first as Error).message}`);
  }
});

/** The definition: code points compared one by one, then lengths in code points. */
function codePointOrder(a: string, b: string): number {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < Math.min(ar.length, br.length); i++) {
    const d = ar[i].codePointAt(0)! - br[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ar.length - br.length;
}

test('compareBytewise is code point order, surrogates (paired or lone) included', () => {
  const alphabet = ['a', 'b', 'Z', '_', '-', '0', '\u00e9', '\u4e2d', '\uffff', '\ue000', '\ud83d\ude00', '\ud83d\ude01', '\ud800', '\udc00', '\ud83d'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const word = () => Array.from({ length: next() % 5 }, () => alphabet[next() % alphabet.length]).join('');
  const words = ['', 'a', 'ab', '\ud83d', '\ud83d\ude00', '\ue000', '\uffff', ...Array.from({ length: 300 }, word)];
  const wrong: [string, string][] = [];
  for (const a of words) {
    for (const b of words) if (compareBytewise(a, b) !== codePointOrder(a, b)) wrong.push([a, b]);
  }
  expect(wrong).toEqual([]);
});

test('newObject has no prototype: every key, __proto__ included, is an own key', () => {
  const o = newObject();
  expect(Object.getPrototypeOf(o)).toBeNull();
  setOwn(o, '__proto__', 1);
  setOwn(o, 'constructor', 2);
  expect(Object.keys(o)).toEqual(['__proto__', 'constructor']);
  expect(Object.getPrototypeOf(o)).toBeNull();
  expect('toString' in o).toBe(false);
});
