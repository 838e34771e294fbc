/**
 * `misreadWhenPlain` skips most strings by their first character and length before it asks
 * the YAML readers; what it skips must be what the readers would have read as the string.
 */
import fc from 'fast-check';
import * as YAML from 'yaml';
import { plainReadsAsString } from '../../src/kubernetes/manifest-yaml';
import { misreadWhenPlain } from '../../src/kubernetes/plain-yaml';

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
