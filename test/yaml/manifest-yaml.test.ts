/**
 * Manifest YAML: plain where YAML 1.1 (go-yaml v2) and YAML 1.2 (core schema) readers both read
 * the string back, double-quoted otherwise.
 */
import * as YAML from 'yaml';
import { manifestYaml, plainReadsAsString } from '../../src/yaml/manifest-yaml';

describe('plainReadsAsString', () => {
  test.each(['my-stack', 'llama-stack', 'v1', '1.2.3', 'a b', 'x_1'])('%j reads as a string in both', (s) => {
    expect(plainReadsAsString(s)).toBe(true);
  });

  test('the empty string is null when plain', () => {
    expect(plainReadsAsString('')).toBe(false);
  });

  test.each(['yes', 'on', 'y', '0x1F', '017', '1_000', '1:20', '2001-12-14'])('%j: a YAML 1.1 reader reads a non-string', (s) => {
    expect(plainReadsAsString(s)).toBe(false);
  });

  test.each(['0o17', 'true', '12', '-3', '1.5', '.inf', '.nan', 'null', '~'])('%j: a YAML 1.2 reader reads a non-string', (s) => {
    expect(plainReadsAsString(s)).toBe(false);
    expect(typeof YAML.parse(s)).not.toBe('string');
  });
});

describe('manifestYaml', () => {
  test('a one-line string either reader misreads is double-quoted; other strings stay plain', () => {
    expect(manifestYaml({ metadata: { name: 'my-stack', namespace: '0o17', labels: { on: 'yes', v: '1.2.3' } } })).toBe(
      'metadata:\n' +
      '  name: my-stack\n' +
      '  namespace: "0o17"\n' +
      '  labels:\n' +
      '    "on": "yes"\n' +
      '    v: 1.2.3\n',
    );
  });

  test('numbers and booleans stay plain; they are not strings', () => {
    expect(manifestYaml({ replicas: 1, enabled: true, ratio: 0.5 })).toBe('replicas: 1\nenabled: true\nratio: 0.5\n');
  });

  test('several documents are joined with ---, and an undefined document is an empty one', () => {
    expect(manifestYaml({ a: 'x' }, undefined, { b: '10' })).toBe('a: x\n---\n\n---\nb: "10"\n');
  });

  test('long lines are not folded', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(manifestYaml({ s: long })).toBe(`s: ${long}\n`);
  });

  test('a multi-line string is not forced into double quotes', () => {
    const out = manifestYaml({ s: 'line one\nline two\n' });
    expect(out).not.toContain('"');
    expect(YAML.parse(out)).toEqual({ s: 'line one\nline two\n' });
  });

  test('every string reads back as itself under YAML 1.1 and 1.2', () => {
    const doc = { 'k': ['yes', '0o17', '0x1F', '1_0e1', '2001-12-14', '1:20', '', 'null', 'plain'], '0o17': 'key' };
    const out = manifestYaml(doc);
    expect(YAML.parse(out, { version: '1.1' })).toEqual(doc);
    expect(YAML.parse(out, { version: '1.2' })).toEqual(doc);
  });
});
