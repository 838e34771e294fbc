/** The JSON plan the script reads (src/verify/plan.ts): every field, in a fixed order, no secret. */
import { publicEndpoint } from '../../src/verify/plan';
import { renderVerification, verifyInput } from '../support/verify-input';

test('the plan of a server with every check on', () => {
  const { plan, configMap } = renderVerification(verifyInput({
    serviceUrl: 'http://demo-service.ai.svc.cluster.local:8321/',
    auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' },
    options: { llmCompletion: true, vectorStore: true, vectorStoreProviderId: 'faiss', vectorStoreEmbeddingModel: 'st/minilm', timeoutSeconds: 20, readyWaitSeconds: 60, probeProviders: false },
  }));
  expect(plan).toEqual({
    planVersion: 1,
    server: { name: 'demo', namespace: 'ai', target: 'ogx-1.3' },
    baseUrl: 'http://demo-service.ai.svc.cluster.local:8321',
    routes: {
      health: '/v1/health',
      models: '/v1/models',
      embeddings: '/v1/embeddings',
      chatCompletions: '/v1/chat/completions',
      vectorStores: '/v1/vector_stores',
      vectorStore: '/v1/vector_stores/{vector_store_id}',
    },
    auth: { mode: 'bearer', tokenEnv: 'OGX_VERIFY_TOKEN', describe: 'the token in Secret demo-token, key token' },
    models: [
      { id: 'vllm/llama-3', providerId: 'vllm', type: 'llm' },
      { id: 'st/minilm', providerId: 'st', type: 'embedding', embeddingDimension: 384 },
    ],
    providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://vllm.ai.svc.cluster.local:8000/v1' }],
    options: {
      llmCompletion: true,
      vectorStore: { providerId: 'faiss', embeddingModel: 'st/minilm', embeddingDimension: 384 },
      timeoutSeconds: 20,
      readyWaitSeconds: 60,
      probeProviders: false,
    },
  });
  // Key order is part of the bytes (and so of the ConfigMap's name).
  expect(Object.keys(plan)).toEqual(['planVersion', 'server', 'baseUrl', 'routes', 'auth', 'models', 'providers', 'options']);
  expect((configMap.data as any)['plan.json']).toBe(`${JSON.stringify(plan, null, 2)}\n`);
});

test('defaults: no auth, only the always-on checks, the wait and timeout', () => {
  const { plan } = renderVerification(verifyInput({ models: [{ id: 'vllm/llama-3', type: 'llm' }], providers: [] }));
  expect(plan.auth).toEqual({ mode: 'none' });
  expect(plan.routes).toEqual({ health: '/v1/health', models: '/v1/models' });
  expect(plan.models).toEqual([{ id: 'vllm/llama-3', type: 'llm' }]);
  expect(plan.options).toEqual({ llmCompletion: false, vectorStore: false, timeoutSeconds: 30, readyWaitSeconds: 300, probeProviders: true });
});

test('endpoints keep scheme, host, port and path only', () => {
  expect(publicEndpoint('http://u:p@vllm:8000/v1?key=x#f')).toBe('http://vllm:8000/v1');
  expect(publicEndpoint('https://api.example.com')).toBe('https://api.example.com');
  expect(publicEndpoint('http://[::1]:8000/v1/')).toBe('http://[::1]:8000/v1/');
});
