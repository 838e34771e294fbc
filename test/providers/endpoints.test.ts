/** The endpoints props: OpenAI-style base URLs without /v1, and a model on an always-on provider without its API key. */
import { Testing } from 'cdk8s';
import { InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps, SecretRef } from '../../src';

function warnings(props: LlamaStackDistributionProps): string[] {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return new LlamaStackDistribution(Testing.chart(), 'llama', props).warnings.map((w) => `${w.path}: ${w.message}`);
  } finally {
    spy.mockRestore();
  }
}

describe('an OpenAI-style base URL without /v1 is a warning', () => {
  test.each([
    ['ollama', InferenceProvider.ollama({ endpoint: 'http://ollama:11434' })],
    ['vllm', InferenceProvider.vllm({ endpoint: 'http://vllm:8000' })],
  ])('%s', (_name, provider) => {
    const w = warnings({ inference: [provider] });
    expect(w).toEqual(expect.arrayContaining([expect.stringMatching(/^props\.inference\[0\]\.endpoint: .*without \/v1 every call gets a 404/)]));
  });

  test('with /v1 (or an env reference) there is none', () => {
    expect(warnings({ inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })] }).join('\n')).not.toMatch(/404/);
    expect(warnings({ inference: [InferenceProvider.ollama({ endpoint: 'http://ollama:11434/v1' })] }).join('\n')).not.toMatch(/404/);
  });
});

describe('a model on starter\'s always-on openai provider without an API key is a warning', () => {
  test('no OPENAI_API_KEY: warned', () => {
    expect(warnings({ models: [{ name: 'gpt-4o', provider: 'openai' }] }).join('\n'))
      .toMatch(/props\.models\[0\]\.provider: .*provider "openai", whose api_key is \$\{env\.OPENAI_API_KEY:=\} and OPENAI_API_KEY is not set/);
  });

  test('OPENAI_API_KEY from a Secret: not warned', () => {
    expect(warnings({ models: [{ name: 'gpt-4o', provider: 'openai' }], env: { OPENAI_API_KEY: SecretRef.fromSecretName('openai', 'key') } }).join('\n'))
      .not.toMatch(/OPENAI_API_KEY is not set/);
  });
});

describe('ServiceEndpoint.url: a cdk8s-plus Service where an endpoint is expected', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const kplus = require('cdk8s-plus-28');
  const { Chart } = jest.requireActual('cdk8s');
  const { ServiceEndpoint, LlamaStackConfigError } = jest.requireActual('../../src');

  test('the in-cluster URL with the port and path; usable as a provider endpoint', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    const svc = new kplus.Service(chart, 'vllm', { metadata: { name: 'vllm' }, ports: [{ port: 8000 }] });
    const url = ServiceEndpoint.url(svc, { path: '/v1' });
    expect(url).toBe('http://vllm.ai.svc.cluster.local:8000/v1');
    expect(warnings({ inference: [InferenceProvider.vllm({ endpoint: url })] }).join('\n')).not.toMatch(/404/);
  });

  test('several ports need one named; a wrong port or path is an error', () => {
    const chart = new Chart(Testing.app(), 'c');
    const svc = new kplus.Service(chart, 'x', { metadata: { name: 'x' }, ports: [{ port: 80 }, { port: 443 }] });
    expect(() => ServiceEndpoint.url(svc)).toThrow(LlamaStackConfigError);
    expect(ServiceEndpoint.url(svc, { port: 443, scheme: 'https' })).toBe('https://x:443');
    expect(() => ServiceEndpoint.url(svc, { port: 8080 })).toThrow(/has no port 8080/);
    expect(() => ServiceEndpoint.url(svc, { port: 80, path: 'v1' })).toThrow(/not a URL path/);
  });
});
