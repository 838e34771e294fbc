import { hasEnvReference, parseHttpUrl, startsLikeHttpUrl } from '../../src/core/url';

test('parseHttpUrl: http(s) with a host and no whitespace', () => {
  expect(parseHttpUrl('https://idp.example.com/jwks')?.host).toBe('idp.example.com');
  expect(parseHttpUrl('http://10.0.0.1:8080')?.port).toBe('8080');
  for (const bad of ['ftp://x', 'idp.example.com', 'https://', 'https://a b', 'file:///etc/passwd', '']) expect(parseHttpUrl(bad)).toBeUndefined();
});

test('startsLikeHttpUrl and hasEnvReference', () => {
  expect(startsLikeHttpUrl('http://vllm:8000/v1')).toBe(true);
  expect(startsLikeHttpUrl('http:///x')).toBe(false);
  expect(startsLikeHttpUrl('vllm:8000')).toBe(false);
  expect(hasEnvReference('${env.VLLM_URL}')).toBe(true);
  expect(hasEnvReference('http://vllm')).toBe(false);
});
