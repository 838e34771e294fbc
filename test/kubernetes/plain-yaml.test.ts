/**
 * `misreadWhenPlain` skips most strings by their first character and length before it asks
 * the YAML readers; what it skips must be what the readers would have read as the string.
 */
import fc from 'fast-check';
import * as YAML from 'yaml';
import { libraryConstant } from '../../src/kubernetes/library-constants';
import { misreadWhenPlain, plainYamlProblems } from '../../src/kubernetes/plain-yaml';
import { plainReadsAsString } from '../../src/yaml/manifest-yaml';

/** The rule without shortcuts: cdk8s writes it plain (YAML 1.1) and another reader reads something else. */
function misreadByTheReaders(s: string): boolean {
  if (s.includes('\n') || plainReadsAsString(s)) return false;
  try {
    return YAML.parse(s, { version: '1.1' }) === s;
  } catch {
    return false;
  }
}

describe('misreadWhenPlain', () => {
  const samples = [
    '0o17', '0X1F', '1_0e1', '+12', '-0x1', '.5', '.inf', '1:20', '2001-12-14', '~', '~/data', '~tilde', '8321', '0755', '09', '1',
    'y', 'Y', 'n', 'yes', 'No', 'on', 'OFF', 'true', 'False', 'null', 'NULL', 'Nonesuch', 'nullable', 'offset', 'yesterday', 'Trueish', 'falsey',
  ];

  test.each(samples)('%j as the readers read it', (s) => {
    expect(misreadWhenPlain(s)).toBe(misreadByTheReaders(s));
  });

  test('the same for any short string of the characters that matter', () => {
    const chars = fc.constantFrom(...'-+.0123456789~nNtTfFyYoOeEaAlLsSuUrRxXbB_:'.split(''));
    const agrees = (s: string) => misreadWhenPlain(s) === misreadByTheReaders(s);
    fc.assert(fc.property(fc.string({ unit: chars, minLength: 1, maxLength: 8 }), agrees), { numRuns: 3000 });
  });

  test('a known misread stays one', () => {
    expect(['0o17', '0X1F', '0o1777777', 'y'].filter(misreadWhenPlain)).toEqual(['0o17', '0X1F', '0o1777777']);
  });
});

/**
 * plainYamlProblems reports every such value once, with its first object path: in a key or a
 * value, at any depth, in a list or a mapping, and never inside a library constant.
 */
describe('plainYamlProblems', () => {
  const misreadValues = ['0o17', '0X1F', '0o1777777', '1_0e1', '.inf', '1:20'].filter(misreadWhenPlain);
  const misread = fc.constantFrom(...misreadValues);
  const harmless = fc.constantFrom('llama', 'y', '8321', 'app.kubernetes.io/name', '10Gi', '-c');
  const tree = (leaf: fc.Arbitrary<string>, key: fc.Arbitrary<string>) => fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
  })).node;
  const clean = tree(harmless, harmless);

  test('objects without a misread value have no problem', () => {
    expect(misreadValues.length).toBeGreaterThanOrEqual(3);
    fc.assert(fc.property(fc.array(clean, { maxLength: 3 }), (objects) => plainYamlProblems(objects).length === 0), { numRuns: 500 });
  });

  test('one misread value anywhere, as a key or a value, is reported once with its object path', () => {
    const placed = fc.tuple(fc.array(clean, { maxLength: 3 }), misread, fc.boolean(), fc.array(fc.constantFrom('spec', 'env', 0, 1), { maxLength: 4 }), fc.boolean())
      .map(([objects, value, asKey, steps, constant]) => {
        let leaf: unknown = asKey ? { [value]: 'x' } : value;
        for (const step of [...steps].reverse()) leaf = typeof step === 'number' ? [leaf] : { [step]: leaf };
        const holder = { kind: 'ConfigMap', metadata: { name: 'm' }, data: constant ? libraryConstant({ held: leaf }) : { held: leaf } };
        return { objects: [...objects, holder], value, constant };
      });
    fc.assert(fc.property(placed, ({ objects, value, constant }) => {
      const problems = plainYamlProblems(objects);
      const found = problems.filter((p) => p.message.startsWith(JSON.stringify(value)));
      return constant ? found.length === 0 : found.length === 1 && found[0].path.startsWith('ConfigMap[m].data.held');
    }), { numRuns: 1000 });
  });
});
