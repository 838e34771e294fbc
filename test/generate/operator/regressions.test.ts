/** Bugs found by the property and table tests, each pinned by its minimal input. */
import { LlamaStackConfigError } from '../../../src/core/errors';
import { ConfigGenerator } from '../../../src/generate/operator/config-generator';
import { emitYaml } from '../../../src/yaml/emit';
import { readBaseConfig, YamlReadError } from '../../../src/yaml/parse';

test('a digit-led string with \\r is double-quoted, not a TypeError', () => {
  expect(emitYaml({ v: '1\r' })).toBe('v: "1\\r"\n');
  const g = ConfigGenerator.generate({ distribution: { name: 'starter' }, providers: { inference: [{ provider: 'vllm', settings: { x: '1\r' } }] } });
  expect(g.configYaml).toContain('x: "1\\r"');
});

test('no document end marker after a |+ block', () => {
  expect(emitYaml({ a: 'x\n\n', b: 1 })).toBe('a: |+\n  x\n\nb: 1\n');
  expect(emitYaml({ z: 'a\n\n' })).toBe('z: |+\n  a\n\n');
});

test('lone surrogates become U+FFFD on every path', () => {
  expect(emitYaml({ s: '\uD800' })).toBe('s: \uFFFD\n');
  expect(emitYaml({ '\uDC00k': 1 })).toBe('\uFFFDk: 1\n');
});

test('a deeply nested JSON base config is a read error, not a RangeError', () => {
  const deep = '{"version":2,"a":' + '{"b":'.repeat(5000) + '1' + '}'.repeat(5001);
  expect(() => readBaseConfig(deep)).toThrow(YamlReadError);
  expect(() => ConfigGenerator.generate({}, { baseConfigYaml: deep })).toThrow(LlamaStackConfigError);
});

test('an alias bomb is rejected (the jest timeout catches a hang)', () => {
  let doc = 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
  for (let i = 1; i < 9; i++) {
    const name = String.fromCharCode(97 + i);
    doc += `${name}: &${name} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]\n`;
  }
  expect(() => readBaseConfig(doc)).toThrow('document is too large after expanding aliases');
});

test('an unknown anchor is an error, as in go-yaml', () => {
  expect(() => readBaseConfig('a: *nope\n')).toThrow("unknown anchor 'nope' referenced");
});

test('!!binary is decoded', () => {
  expect(readBaseConfig('a: !!binary aGVsbG8=\n')).toEqual({ a: 'hello' });
});

test('aliases and merges resolve to the anchored values', () => {
  expect(readBaseConfig('b: &x {c: 1}\nd: *x\ne:\n  <<: *x\n  f: 2\n')).toEqual({ b: { c: 1 }, d: { c: 1 }, e: { c: 1, f: 2 } });
});
