/** The verification input's problems (src/verify/checks.ts): every one at once, at its path, with a fix, no secret quoted. */
import { verificationProblems } from '../../src/verify';
import { renderVerification, verifyInput } from '../support/verify-input';

test('a good input has no problem', () => {
  expect(verificationProblems(verifyInput())).toEqual([]);
});

test('every problem at once, at the caller\'s path', () => {
  const input = verifyInput({
    name: 'a-server-name-that-is-far-too-long-for-a-job-name-of-63-chars',
    target: 'ogx-9.9',
    serviceUrl: 'demo-service:8321',
    serverPort: 0,
    image: ' ',
    models: [
      { id: 'x/a', type: 'embedding' },
      { id: 'x/a', type: 'llm' },
      { id: '', type: 'chat' as any },
    ],
    providers: [{ id: 'p', type: 'remote::vllm', endpoint: '${env.VLLM_URL}' }],
    auth: { mode: 'token', secretName: 'Bad_Name' },
    options: { timeoutSeconds: 0, readyWaitSeconds: 1.5, vectorStoreProviderId: 'faiss' },
  });
  expect(verificationProblems(input, 'props.verify').map((p) => `${p.path}: ${p.message}`)).toEqual([
    'props.verify.name: the Job name "a-server-name-that-is-far-too-long-for-a-job-name-of-63-char…" (68 characters) is not a DNS label of at most 63 characters',
    'props.verify.target: "ogx-9.9" names no server line with a route table',
    'props.verify.serviceUrl: a string of 17 characters without a scheme:// (not shown) is not an http:// or https:// URL',
    'props.verify.serverPort: the number 0 is not a port',
    'props.verify.image: " " is not an image reference',
    'props.verify.models[0].embeddingDimension: missing: the check compares the embedding\'s length with it',
    'props.verify.models[1].id: "x/a" is listed twice',
    'props.verify.models[2].id: the model has no id',
    'props.verify.models[2].type: "chat" is not a model type',
    'props.verify.providers[0].endpoint: the endpoint is read from the server\'s env at start-up (a ${env.…} reference)',
    'props.verify.auth.secretName: "Bad_Name" is not a Secret name: the token comes from a Secret',
    'props.verify.auth.secretKey: missing: the token comes from a Secret key',
    'props.verify.options.timeoutSeconds: the number 0 is not a whole number of seconds from 1 to 600',
    'props.verify.options.readyWaitSeconds: the number 1.5 is not a whole number of seconds from 0 to 3600',
    'props.verify.options.vectorStoreProviderId: the vector store check is off',
  ]);
  expect(verificationProblems(input).every((p) => p.fix.length > 0)).toBe(true);
  expect(verificationProblems(input)[1].fix).toBe('use one of llama-stack-0.7, ogx-0.8, ogx-1.1, ogx-1.2, ogx-1.3');
});

test('a Service URL with credentials is refused without quoting them', () => {
  const problems = verificationProblems(verifyInput({ serviceUrl: 'http://admin:pa55word-x@demo-service:8321' }));
  expect(problems.map((p) => p.message)).toEqual(['a URL of 41 characters with a password in it (not shown): the Job\'s plan would hold credentials']);
  expect(JSON.stringify(problems)).not.toContain('pa55word');
  expect(verificationProblems(verifyInput({ serviceUrl: 'http://demo-service:8321/?x=1' })).map((p) => p.message)).toEqual(['"http://demo-service:8321/?x=1" has a query or fragment']);
});

test('a check of an API the server does not serve, and an embedding model of the wrong type', () => {
  const input = verifyInput({ servedApis: ['inference'], options: { vectorStore: true, vectorStoreEmbeddingModel: 'vllm/llama-3' } });
  expect(verificationProblems(input).map((p) => `${p.path}: ${p.message}`)).toEqual([
    'verify.options: the vectorStores check calls POST /v1/vector_stores, and the server does not serve the vector_io API',
    'verify.options: the vectorStore check calls DELETE /v1/vector_stores/{vector_store_id}, and the server does not serve the vector_io API',
    'verify.options.vectorStoreEmbeddingModel: "vllm/llama-3" is a llm model',
  ]);
});

test('a server without inference and no models: the models check is skipped by the plan', () => {
  const { plan } = renderVerification(verifyInput({ servedApis: ['vector_io'], models: [], options: { vectorStore: true } }));
  expect(plan.routes).toEqual({ health: '/v1/health', models: null, vectorStores: '/v1/vector_stores', vectorStore: '/v1/vector_stores/{vector_store_id}' });
});

test('server pod labels the Job\'s own labels would match', () => {
  expect(verificationProblems(verifyInput({ serverPodLabels: { 'app.kubernetes.io/instance': 'demo' } })).map((p) => p.path)).toEqual(['verify.serverPodLabels']);
  expect(verificationProblems(verifyInput({ serverPodLabels: {} })).map((p) => p.path)).toEqual(['verify.serverPodLabels']);
});

test('a name too long for the manual-run CronJob (52 characters), fine without it', () => {
  const name = 'a'.repeat(46);
  expect(verificationProblems(verifyInput({ name, serverPodLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': name } })).map((p) => `${p.path}: ${p.message} — ${p.fix}`)).toEqual([
    `verify.name: the CronJob name "${name}-verify" is longer than 52 characters — use a server name of at most 45 characters, or set options.manualRuns to false`,
  ]);
  expect(verificationProblems(verifyInput({ name, serverPodLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': name }, options: { manualRuns: false } }))).toEqual([]);
});
