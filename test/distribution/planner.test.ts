/**
 * The planner (src/distribution/planner.ts): props in, the resolved plan or every problem out,
 * without a construct.
 */
import { Testing } from 'cdk8s';
import { InferenceProvider, LlamaStackDistribution, SecretRef, ServerTarget, StorageBackend } from '../../src';
import { planDistribution } from '../../src/distribution/planner';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { distributionProblems, problemsOf } from '../support/problems';

describe('a storage backend in the wrong role does not hide the other problems', () => {
  const props = {
    name: '9-bad',
    replicas: -1,
    kvStorage: StorageBackend.postgres({ connectionString: SecretRef.fromSecretName('pg', 'url') }),
  };

  test.each([ServerTarget.OPERATOR, ServerTarget.OGX_0_8])('%# on the construct', (target) => {
    const paths = distributionProblems({ ...props, target }).map((line) => line.slice(0, line.indexOf(':')));
    expect(paths).toEqual(expect.arrayContaining(['props.name', 'props.kvStorage', 'props.replicas']));
  });

  test('on the LlamaStackDistribution CR construct', () => {
    const paths = problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', props)).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['props.name', 'props.kvStorage', 'props.replicas']));
  });
});

test('the plan is what the construct renders', () => {
  const props = { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })], models: ['meta-llama/Llama-3.2-3B-Instruct'] };
  const plan = planDistribution(props, { id: 'llama', chartNamespace: 'ai' });
  const llama = new LlamaStackDistribution(Testing.chart(), 'llama', { ...props, namespace: 'ai' });
  expect(plan.configYaml).toBe(llama.configYaml);
  expect(plan.configMapName).toBe(llama.configMapName);
  expect(plan.url).toBe(llama.url);
  expect(plan.objects.deployment.spec).toEqual(llama.deployment.toJson().spec);
});

test('planning twice gives the same plan (no state between calls)', () => {
  const props = { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1' })], models: ['m'] };
  expect(planDistribution(props, { id: 'a' })).toEqual(planDistribution(props, { id: 'a' }));
});
