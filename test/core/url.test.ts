import { hasEnvReference, IPV4_SHAPE, parseHttpUrl, startsLikeHttpUrl } from '../../src/core/url';

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

test('IPV4_SHAPE: four dot-separated groups of 1–3 digits, captured (the range of each is the caller\'s)', () => {
  expect(IPV4_SHAPE.exec('10.0.255.7')?.slice(1)).toEqual(['10', '0', '255', '7']);
  expect(IPV4_SHAPE.test('999.1.1.1')).toBe(true);
  expect(['10.0.0', '10.0.0.0.1', '1234.0.0.1', 'a.b.c.d', ' 10.0.0.1', '10.0.0.1/8'].map((s) => IPV4_SHAPE.test(s))).toEqual([false, false, false, false, false, false]);
});
