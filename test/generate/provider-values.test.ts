/**
 * Values the server takes as they are and that break only on the cluster: an endpoint on the pod's
 * own loopback, an endpoint with surrounding whitespace, a model id that repeats its provider id
 * (sent to the provider as is), an S3 bucket name S3 refuses.
 */
import { Testing } from 'cdk8s';
import { FilesProvider, InferenceProvider, LlamaStackConfigError, LlamaStackDistribution, LlamaStackDistributionProps } from '../../src';

function outcome(props: LlamaStackDistributionProps): { problems: string[]; warnings: string[] } {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const d = new LlamaStackDistribution(Testing.chart(), 'llama', props);
    return { problems: [], warnings: d.warnings.map((w) => `${w.path}: ${w.message} | ${w.fix}`) };
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return { problems: e.problems.map((p) => `${p.path}: ${p.message} | ${p.fix}`), warnings: [] };
  } finally {
    spy.mockRestore();
  }
}

describe('an endpoint on the pod\'s own loopback is an error', () => {
  test.each([
    'http://localhost:8000/v1',
    'http://LocalHost:8000/v1',
    'http://127.0.0.1:8000/v1',
    'http://127.1.2.3/v1',
    'http://[::1]:8000/v1',
    'http://0.0.0.0:8000/v1',
    'http://vllm.localhost:8000/v1',
  ])('%s', (endpoint) => {
    expect(outcome({ inference: [InferenceProvider.vllm({ endpoint })] }).problems).toEqual([
      'props.inference[0].endpoint: inside the pod this address is the OGX server itself, not the provider: every call fails to connect'
      + ' | use the provider\'s Service address, e.g. http://<service>.<namespace>.svc:<port>/v1',
    ]);
  });

  test('a Service address, or an env reference, is not', () => {
    expect(outcome({ inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.ai.svc:8000/v1' })] }).problems).toEqual([]);
    expect(outcome({ inference: [InferenceProvider.vllm({ endpoint: '${env.VLLM_URL}' })], env: { VLLM_URL: 'http://vllm:8000/v1' } }).problems).toEqual([]);
    expect(outcome({ inference: [InferenceProvider.vllm({ endpoint: 'http://localhost-proxy.ai.svc:8000/v1' })] }).problems).toEqual([]);
  });
});

describe('an endpoint with whitespace around it is an error', () => {
  // A leading space is refused by the factory (not an http(s) URL); a trailing one reached the server.
  test.each(['http://vllm:8000/v1 ', 'http://vllm:8000/v1\n', 'http://vllm:8000/v1\t'])('%j', (endpoint) => {
    expect(outcome({ inference: [InferenceProvider.vllm({ endpoint })] }).problems.join('\n'))
      .toMatch(/^props\.inference\[0\]\.endpoint: the endpoint has whitespace around it, which the server keeps in the URL \| remove the whitespace/m);
  });
});

describe('a model id that repeats its provider id', () => {
  test('is a warning saying what the provider is asked for', () => {
    const w = outcome({
      inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })],
      models: [{ name: 'vllm/meta-llama/Llama-3.1-8B-Instruct', provider: 'vllm' }],
    }).warnings;
    expect(w).toContain('props.models[0].name: model "vllm/meta-llama/Llama-3.1-8B-Instruct" starts with its provider id "vllm/":'
      + ' the server lists it under that id and sends "vllm/meta-llama/Llama-3.1-8B-Instruct" to the provider as the model name'
      + ' | name it "meta-llama/Llama-3.1-8B-Instruct" (the server lists it as "vllm/meta-llama/Llama-3.1-8B-Instruct"),'
      + ' or set providerModelId to the name the provider serves');
  });

  test('with providerModelId, or without the prefix, there is none', () => {
    const base = { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })] };
    expect(outcome({ ...base, models: [{ name: 'vllm/m', provider: 'vllm', providerModelId: 'm' }] }).warnings.join('\n')).not.toMatch(/starts with its provider id/);
    expect(outcome({ ...base, models: [{ name: 'meta-llama/m', provider: 'vllm' }] }).warnings.join('\n')).not.toMatch(/starts with its provider id/);
  });
});

describe('an S3 bucket name S3 refuses is an error', () => {
  test.each([
    ['ab', 'is 2 characters long; S3 takes 3 to 63'],
    ['a'.repeat(64), 'is 64 characters long; S3 takes 3 to 63'],
    ['My_Bucket', 'has characters S3 refuses; S3 takes lowercase letters, digits, dots and hyphens'],
    ['-bucket', 'must start and end with a lowercase letter or digit'],
    ['bucket-', 'must start and end with a lowercase letter or digit'],
    ['my..bucket', 'has two adjacent dots'],
    ['192.168.5.4', 'is formatted as an IP address'],
  ])('%s', (bucket, reason) => {
    const problems = outcome({ files: [FilesProvider.s3({ bucket })] }).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^props\.files\[0\]: the bucket name \(bucket_name\) "/);
    expect(problems[0]).toContain(`${reason} | name a bucket S3 accepts: 3 to 63 lowercase letters, digits, dots and hyphens,`
      + ' starting and ending with a letter or digit, e.g. ogx-files');
  });

  test('a valid name or an env reference passes', () => {
    expect(outcome({ files: [FilesProvider.s3({ bucket: 'ogx-files.prod' })] }).problems).toEqual([]);
    expect(outcome({ files: [FilesProvider.s3({ bucket: '${env.BUCKET}' })], env: { BUCKET: 'ogx-files' } }).problems).toEqual([]);
  });
});
