/** typeError: pydantic's lax validation of one provider config value, by the registry's type string. */
import { typeError } from '../../../src/releases/startup/field-types';

describe('typeError (pydantic lax validation)', () => {
  test('str rejects numbers, booleans and null; str | None accepts null', () => {
    expect(typeError('str', 'x')).toBeUndefined();
    expect(typeError('str', 123456)).toBe('the number 123456 where the field takes a str (str)');
    expect(typeError('str', true)).toBe('the boolean true where the field takes a str (str)');
    expect(typeError('str', null)).toBe('null where the field takes a str (str)');
    expect(typeError('str | None', null)).toBeUndefined();
    // A SecretStr (or a credential key) holds a secret: its value is not shown (issue 12).
    expect(typeError('SecretStr | None', 123456)).toBe('a number where the field takes a str or null (SecretStr | None)');
    expect(typeError('str | None', 123456, true)).toBe('a number where the field takes a str or null (str | None)');
    expect(typeError('str | None', 123456)).toBe('the number 123456 where the field takes a str or null (str | None)');
    expect(typeError('Optional[str]', null)).toBeUndefined();
  });

  test('int accepts integral numbers, booleans and digit strings; rejects other strings and fractions', () => {
    expect(typeError('int', 12)).toBeUndefined();
    expect(typeError('int', '12')).toBeUndefined();
    expect(typeError('int', ' -12 ')).toBeUndefined();
    expect(typeError('int', true)).toBeUndefined();
    expect(typeError('int', 'abc')).toBe('a string where the field takes a int (int)');
    expect(typeError('int', 1.5)).toBe('the number 1.5 where the field takes a int (int)');
    expect(typeError('int', null)).toBe('null where the field takes a int (int)');
  });

  test('float accepts numbers and numeric strings', () => {
    expect(typeError('float', 2)).toBeUndefined();
    expect(typeError('float', '0.5')).toBeUndefined();
    expect(typeError('float', 'fast')).toBe('a string where the field takes a float (float)');
  });

  test('bool accepts booleans, 0/1 and pydantic\'s boolean strings', () => {
    for (const v of [true, false, 0, 1, 'yes', 'NO', 'on', 'off', 't', 'f', 'y', 'n', '1', '0', 'True']) expect(typeError('bool', v)).toBeUndefined();
    expect(typeError('bool', 'maybe')).toBe('a string where the field takes a bool (bool)');
    expect(typeError('bool', 2)).toBe('the number 2 where the field takes a bool (bool)');
  });

  test('HttpUrl needs an http(s) URL with a host', () => {
    expect(typeError('HttpUrl', 'http://vllm:8000/v1')).toBeUndefined();
    expect(typeError('HttpUrl', 'HTTPS://example.com')).toBeUndefined();
    expect(typeError('HttpUrl', 'ftp://example.com')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl', 'vllm:8000')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl', 'http://')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl | None', null)).toBeUndefined();
  });

  test('Literal takes only its values', () => {
    expect(typeError("Literal['instance_principal', 'config_file']", 'config_file')).toBeUndefined();
    expect(typeError("Literal['instance_principal', 'config_file']", 'api_key')).toBe(
      "a string where the field takes one of instance_principal, config_file (Literal['instance_principal', 'config_file'])");
  });

  test('list and dict take a list and a mapping; nested config classes take any mapping', () => {
    expect(typeError('list[str]', ['a'])).toBeUndefined();
    expect(typeError('list[str]', 'a')).toBe('a string where the field takes a list (list[str])');
    expect(typeError('list[str] | None', null)).toBeUndefined();
    expect(typeError('dict[str, str] | None', { a: 'b' })).toBeUndefined();
    expect(typeError('dict[str, str]', ['a'])).toBe('a list where the field takes a dict (dict[str, str])');
    expect(typeError('KVStoreReference', { backend: 'kv_default', namespace: 'x' })).toBeUndefined();
    expect(typeError('KVStoreReference', 'kv_default')).toBe('a string where the field takes a mapping (KVStoreReference)');
  });

  test('bool | str | None takes a boolean, a string and null', () => {
    for (const v of [true, 'true', '/etc/ca.pem', null]) expect(typeError('bool | str | None', v)).toBeUndefined();
    expect(typeError('bool | str | None', 3)).toBe('the number 3 where the field takes a bool or a str or null (bool | str | None)');
  });
});
