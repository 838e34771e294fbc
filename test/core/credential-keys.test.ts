import {
  credentialInText, credentialsIn, hasCredentialShape, isEnvReferenceWithPlainDefault, looksLikeCredential, maskCredentials, maskUrlPasswords,
} from '../../src/core/credential-keys';
import { quoteValue } from '../../src/core/quote';

describe('looksLikeCredential (issue 19: never quoted, whichever field)', () => {
  test.each([
    '-----BEGIN PRIVATE KEY-----\nMIIE', 'sk-live-0123456789abcdefABCD', 'sk-proj-abcdefghijklmnop1234', 'ghp_abcdefABCDEF0123456789abcdefABCDEF01',
    'hf_abcdefghijklmnopqrstuvwxyz', 'AKIAIOSFODNN7EXAMPLE', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig', 'Bearer abcdefghijkl',
    'c2stbGl2ZS0wMTIzNDU2Nzg5YWJjZGVmZ2hpams', '0123456789abcdef0123456789abcdef',
  ])('%s is a credential', (s) => {
    expect(looksLikeCredential(s)).toBe(true);
    expect(quoteValue(s)).toMatch(/^a value that looks like a credential \(a string of \d+ characters, not shown\)$/);
  });

  test.each([
    'meta-llama/Llama-3.2-3B-Instruct', 'docker.io/ogxai/distribution-starter@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    'sentence-transformers/all-MiniLM-L6-v2', 'RedHatAI/Llama-3.1-8B-Instruct-FP8-dynamic', 'http://vllm.ai.svc.cluster.local:8000/v1', 'My_TLS',
  ])('%s is not', (s) => expect(looksLikeCredential(s)).toBe(false));
});

describe('credentials in free text (issue 29)', () => {
  test('maskUrlPasswords masks a URL password anywhere, and keeps ${env.X}', () => {
    expect(maskUrlPasswords('see postgres://app:s3cret@db:5432/x and https://u:p@h')).toBe('see postgres://app:***@db:5432/x and https://u:***@h');
    expect(maskUrlPasswords('postgres://app:${env.PGPASSWORD}@db')).toBe('postgres://app:${env.PGPASSWORD}@db');
    expect(maskUrlPasswords('https://user@host/x')).toBe('https://user@host/x');
    expect(maskUrlPasswords('no url here: a:b@c')).toBe('no url here: a:b@c');
  });

  test('credentialInText: a URL password or query credential, a key shape, else nothing', () => {
    expect(credentialInText('https://u:pw@idp.example.com')).toBe('a URL with a password (user:password@)');
    expect(credentialInText('jdbc postgres://u:pw@db')).toBe('a URL with a password (user:password@)');
    expect(credentialInText('https://h/x?api_key=abc')).toBe('a URL with a credential query parameter');
    expect(credentialInText('sk-0123456789abcdefghijkl')).toBe('what looks like a key or a token');
    expect(credentialInText('api-key')).toBeUndefined();
    expect(credentialInText('https://idp.example.com/realms/ai')).toBeUndefined();
    expect(credentialInText('')).toBeUndefined();
    expect(credentialInText(42)).toBeUndefined();
    // A long mixed-case path is a guess at a random run: not with shapesOnly (env values).
    expect(credentialInText('/data/HuggingFaceModels2024/cache')).toBe('what looks like a key or a token');
    expect(credentialInText('/data/HuggingFaceModels2024/cache', true)).toBeUndefined();
    expect(credentialInText('sk-0123456789abcdefghijkl', true)).toBe('what looks like a key or a token');
  });

  test('isEnvReferenceWithPlainDefault: the images\' own defaults pass, a key as a default does not', () => {
    expect(isEnvReferenceWithPlainDefault('${env.POSTGRES_PASSWORD:=ogx}')).toBe(true);
    expect(isEnvReferenceWithPlainDefault('${env.VLLM_API_TOKEN:=fake}')).toBe(true);
    expect(isEnvReferenceWithPlainDefault('${env.OPENAI_API_KEY:=}')).toBe(true);
    expect(isEnvReferenceWithPlainDefault('${env.OPENAI_API_KEY}')).toBe(true);
    expect(isEnvReferenceWithPlainDefault('${env.OPENAI_API_KEY:=sk-0123456789abcdefghijkl}')).toBe(false);
    expect(isEnvReferenceWithPlainDefault('${env.DB_URL:=postgres://u:pw@db}')).toBe(false);
    expect(isEnvReferenceWithPlainDefault('plain')).toBe(false);
  });

  test('credentialsIn: shapes and URL passwords as found, not certificates or random-looking digests', () => {
    expect(credentialsIn('a: sk-0123456789abcdefghijkl\nb: postgres://u:pw@db')).toEqual(['postgres://u:pw@', 'sk-0123456789abcdefghijkl']);
    expect(credentialsIn('-----BEGIN RSA PRIVATE KEY-----\nabc')).toEqual(['-----BEGIN RSA PRIVATE KEY-----']);
    expect(credentialsIn('-----BEGIN CERTIFICATE-----\nabc')).toEqual([]);
    expect(credentialsIn('checksum: 3f2a9c0e1b7d4f6a8c2e0b9d7f5a3c1e3f2a9c0e1b7d4f6a8c2e0b9d7f5a3c1e')).toEqual([]);
    expect(hasCredentialShape('ghp_0123456789abcdefghijKLMN')).toBe(true);
    expect(hasCredentialShape('postgres://u:${env.PW}@db')).toBe(false);
  });

  test('maskCredentials masks each credential inside a text', () => {
    expect(maskCredentials('providers.ghp_0123456789abcdefghijKLMN must be a list (https://u:pw@h)'))
      .toBe('providers.<credential, not shown> must be a list (https://u:***@h)');
  });
});
