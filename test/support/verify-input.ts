/** A verification input for the tests of src/verify/: a server "demo" in "ai" on OGX 1.3, two models, a remote vLLM. */
import { verificationProblems, VerifyInput, VerifyObjects, verifyObjects } from '../../src/verify';

export const SELECTOR = { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'demo' };

export function verifyInput(over: Partial<VerifyInput> = {}): VerifyInput {
  return {
    name: 'demo',
    namespace: 'ai',
    target: 'ogx-1.3',
    serviceUrl: 'http://demo-service.ai.svc.cluster.local:8321',
    serverPort: 8321,
    serverPodLabels: SELECTOR,
    image: 'docker.io/ogxai/distribution-starter:1.3.0',
    models: [
      { id: 'vllm/llama-3', providerId: 'vllm', type: 'llm' },
      { id: 'st/minilm', providerId: 'st', type: 'embedding', embeddingDimension: 384 },
    ],
    providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://vllm.ai.svc.cluster.local:8000/v1' }],
    ...over,
  };
}

/** The objects of an input the checks pass; the test fails with the problems otherwise. */
export function renderVerification(input: VerifyInput): VerifyObjects {
  expect(verificationProblems(input)).toEqual([]);
  return verifyObjects(input);
}
