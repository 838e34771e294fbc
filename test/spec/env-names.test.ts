/** Env var names for secret references (`LLSD_<ID>_<FIELD>`, valid where the operator's are not) and Go's byte-wise string order. */
import {
  compareBytewise, envPlaceholder, envSegment, providerEnvName, providerHeaderEnvName,
  STORAGE_KV_PASSWORD_ENV, STORAGE_SQL_CONNECTION_STRING_ENV, STORAGE_SQL_PASSWORD_ENV,
} from '../../src/spec/env-names';

/** Kubernetes' C_IDENTIFIER, which ${env.X} substitution also needs. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

describe('envSegment', () => {
  test.each<[string, string]>([
    ['API_KEY', 'API_KEY'],
    ['api_key', 'API_KEY'],
    ['remote::vllm', 'REMOTE__VLLM'],
    ['my-provider.v2', 'MY_PROVIDER_V2'],
    ['tls.cert', 'TLS_CERT'],
    ['café', 'CAF_'],
    ['', ''],
  ])('%p → %p', (s, out) => {
    expect(envSegment(s)).toBe(out);
    expect(envSegment(s)).toBe(out); // the remembered answer is the same
  });
});

describe('names and placeholders', () => {
  test('providerEnvName and providerHeaderEnvName are valid env names where the operator\'s LLSD_REMOTE::VLLM_API_KEY is not', () => {
    expect(providerEnvName('remote::vllm', 'api_key')).toBe('LLSD_REMOTE__VLLM_API_KEY');
    expect(providerHeaderEnvName('vllm', 'X-Api-Key')).toBe('LLSD_VLLM_HEADER_X_API_KEY');
    expect([providerEnvName('remote::vllm', 'api_key'), providerHeaderEnvName('a.b', 'c-d')].every((n) => ENV_NAME.test(n))).toBe(true);
  });

  test('the storage secrets\' names and the ${env.} placeholder', () => {
    expect([STORAGE_KV_PASSWORD_ENV, STORAGE_SQL_CONNECTION_STRING_ENV, STORAGE_SQL_PASSWORD_ENV]).toStrictEqual([
      'LLSD_STORAGE_KV_PASSWORD', 'LLSD_STORAGE_SQL_CONNECTION_STRING', 'LLSD_STORAGE_SQL_PASSWORD',
    ]);
    expect(envPlaceholder('LLSD_X')).toBe('${env.LLSD_X}');
  });
});

describe('compareBytewise', () => {
  test('UTF-8 byte order, as Go\'s sort.Strings: upper case before lower, a prefix first, astral after the BMP', () => {
    const sorted = ['b', 'a', 'B', 'ab', 'a', '\u{1F600}', '\uFFFD', 'é', ''].sort(compareBytewise);
    expect(sorted).toStrictEqual(['', 'B', 'a', 'a', 'ab', 'b', 'é', '\uFFFD', '\u{1F600}']);
    // UTF-16 order would put the surrogate pair of U+1F600 (0xD83D…) before U+FFFD.
    expect(['\uFFFD', '\u{1F600}'].sort()).toStrictEqual(['\u{1F600}', '\uFFFD']);
    expect(Math.sign(compareBytewise('x\u{1F600}', 'x\uFFFD'))).toBe(1);
    expect(compareBytewise('same', 'same')).toBe(0);
  });
});
