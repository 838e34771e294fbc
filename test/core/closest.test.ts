import { closest, editDistance } from '../../src/core/closest';

const FIELDS = ['distribution', 'providers', 'resources', 'storage', 'disabled', 'networking', 'workload'];

test('the same letters ignoring case, "_" and "-" win', () => {
  expect(closest('Providers', FIELDS)).toBe('providers');
  expect(closest('work_load', FIELDS)).toBe('workload');
  expect(closest('vector_io', ['vectorIo', 'inference'])).toBe('vectorIo');
});

test('else the nearest within edit distance 2, ignoring case', () => {
  expect(closest('provders', FIELDS)).toBe('providers');
  expect(closest('STORGAE', FIELDS)).toBe('storage');
  expect(closest('ab', ['abcd', 'abc'])).toBe('abc');
  expect(closest('zzzzzz', FIELDS)).toBeUndefined();
});

test('no suggestion for a long name', () => {
  expect(closest('p'.repeat(1_000_000), FIELDS)).toBeUndefined();
  expect(closest('providers'.padEnd(65, 's'), FIELDS)).toBeUndefined();
});

test('editDistance stops at 3', () => {
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(editDistance('abc', 'abc')).toBe(0);
  expect(editDistance('a', 'abcdef')).toBe(3);
});
