import { looksLikeCredential } from '../../src/core/credential-keys';
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
