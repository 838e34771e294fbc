/** The redaction rule: a value in a secret-bearing position is described by type and size, never quoted. */
import { describeSecretValue, isSecretPath, quoteUrl } from '../../src/core/redact';

describe('describeSecretValue', () => {
  test('strings by length only', () => {
    expect(describeSecretValue('')).toBe('an empty string');
    expect(describeSecretValue('x')).toBe('a string of 1 character');
    expect(describeSecretValue('hunter2-hunter2-hunter2!')).toBe('a string of 24 characters');
  });

  test('numbers by kind only', () => {
    expect(describeSecretValue(42)).toBe('an integer');
    expect(describeSecretValue(4.2)).toBe('a fractional number');
    expect(describeSecretValue(Infinity)).toBe('a number that is not finite');
    expect(describeSecretValue(NaN)).toBe('a number that is not finite');
    expect(describeSecretValue(42n)).toBe('a BigInt');
  });

  test('other types', () => {
    expect(describeSecretValue(null)).toBe('null');
    expect(describeSecretValue(undefined)).toBe('nothing');
    expect(describeSecretValue(false)).toBe('a boolean');
    expect(describeSecretValue(Symbol('s'))).toBe('a Symbol');
    expect(describeSecretValue(() => 0)).toBe('a function');
    expect(describeSecretValue([])).toBe('a list of 0 items');
    expect(describeSecretValue(['a'])).toBe('a list of 1 item');
    expect(describeSecretValue({ key: 'v' })).toBe('an object');
    expect(describeSecretValue(Object.create(null))).toBe('an object');
  });

  test('an instance is named by its class', () => {
    class InferenceProvider {}
    expect(describeSecretValue(new InferenceProvider())).toBe('an object of class InferenceProvider');
    expect(describeSecretValue(new Map())).toBe('an object of class Map');
  });

  test('a class name that is not an identifier is not shown', () => {
    const v = { constructor: { name: 'sk-secret value' } };
    Object.setPrototypeOf(v, { constructor: { name: 'not an identifier!' } });
    expect(describeSecretValue(v)).toBe('an object');
  });

  test('a Proxy whose traps throw is described without throwing', () => {
    const hostile = new Proxy({}, { getPrototypeOf() { throw new Error('boom'); } });
    expect(describeSecretValue(hostile)).toBe('a value that cannot be shown');
  });
});

describe('isSecretPath', () => {
  test.each([
    'spec.apiKey',
    'providers.inference[0].secretRefs.token',
    'storage.password',
    'storage.connectionString',
    'auth.jwksToken',
    'auth.clientSecret',
    'config.api_key',
    'config["api key"]',
    'env.OPENAI_API_KEY',
    'config.password',
    'inference(remote::vllm).apiToken',
  ])('%s is secret-bearing', (p) => {
    expect(isSecretPath(p)).toBe(true);
  });

  test.each(['spec.name', 'providers.inference[0].url', 'config.model', 'storage.host', 'apiKeyring.x', ''])('%j is not', (p) => {
    expect(isSecretPath(p)).toBe(false);
  });

  test('a quoted segment is one key, not split at its dots', () => {
    expect(isSecretPath('config["x.y"]')).toBe(false);
    expect(isSecretPath('config["password"]')).toBe(true);
  });

  test('a non-string is not a path', () => {
    expect(isSecretPath(undefined as unknown as string)).toBe(false);
  });
});

describe('quoteUrl', () => {
  test('a URL with a user-info password is described', () => {
    const url = 'postgres://app:hunter2@db:5432/stack';
    expect(quoteUrl(url)).toBe(`a URL of ${url.length} characters with a password in it (not shown)`);
  });

  test('a URL with a credential query parameter is described', () => {
    const url = 'https://api.example.com/v1?api_key=abc';
    expect(quoteUrl(url)).toBe(`a URL of ${url.length} characters with a credential query parameter in it (not shown)`);
  });

  test('an env reference in the password place is no credential', () => {
    expect(quoteUrl('postgres://app:${env.PGPASS}@db/x')).toBe('"postgres://app:${env.PGPASS}@db/x"');
  });

  test('a string without scheme:// is described', () => {
    expect(quoteUrl('abcdefghij')).toBe('a string of 10 characters without a scheme:// (not shown)');
    expect(quoteUrl('')).toBe('an empty string without a scheme:// (not shown)');
    expect(quoteUrl('localhost:8000')).toBe('a string of 14 characters without a scheme:// (not shown)');
  });

  test('a plain URL is quoted', () => {
    expect(quoteUrl('http://vllm:8000/v1')).toBe('"http://vllm:8000/v1"');
    expect(quoteUrl('https://user@host/')).toBe('"https://user@host/"');
  });

  test('a non-string is quoted as any value', () => {
    expect(quoteUrl(8000)).toBe('the number 8000');
    expect(quoteUrl(undefined)).toBe('nothing');
  });
});
