/**
 * The verification script (data/verify/ogx_verify.py) run with python3 against a fake OGX server
 * (test/support/fake-ogx.ts) that answers the routes and fails them on purpose. Each test asserts
 * the exact lines and the exit status, and that nothing went to stderr (no stack trace).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { VerifyInput } from '../../src/verify';
import { FakeHandler, FakeModel, FakeOgx, closedPort, runScript, startFakeOgx } from '../support/fake-ogx';
import { renderVerification } from '../support/verify-input';

const MODELS: FakeModel[] = [
  { id: 'vllm/llama-3', providerId: 'vllm', type: 'llm' },
  { id: 'st/minilm', providerId: 'st', type: 'embedding', dimension: 384 },
];

const servers: FakeOgx[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler?: FakeHandler, models: FakeModel[] = MODELS): Promise<FakeOgx> {
  const s = await startFakeOgx(models, handler);
  servers.push(s);
  return s;
}

function input(url: string, over: Partial<VerifyInput> = {}): VerifyInput {
  return {
    name: 'demo',
    namespace: 'ai',
    target: 'ogx-1.3',
    serviceUrl: url,
    serverPort: 8321,
    serverPodLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'demo' },
    image: 'docker.io/ogxai/distribution-starter:1.3.0',
    models: [
      { id: 'vllm/llama-3', providerId: 'vllm', type: 'llm' },
      { id: 'st/minilm', providerId: 'st', type: 'embedding', embeddingDimension: 384 },
    ],
    providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://vllm.ai.svc.cluster.local:8000/v1' }],
    options: { llmCompletion: true, vectorStore: true, vectorStoreProviderId: 'faiss', timeoutSeconds: 5, readyWaitSeconds: 0 },
    ...over,
  };
}

function planOf(url: string, over: Partial<VerifyInput> = {}): any {
  return renderVerification(input(url, over)).plan;
}

const NOT_RUN_AFTER_MODELS = 'not run: embeddings, completion, vector-store';

test('a good server: every check passes, one line each, exit 0', async () => {
  const s = await serve();
  const run = await runScript(planOf(s.url));
  expect(run.lines).toEqual([
    'PASS health: GET /v1/health: status OK',
    'SKIP auth: the plan sends no token',
    'PASS models: vllm/llama-3 is listed (llm, provider vllm)',
    'PASS models: st/minilm is listed (embedding, provider st)',
    'PASS embeddings: st/minilm answered 384 dimensions',
    'PASS completion: vllm/llama-3 answered a chat completion',
    'PASS vector-store: created vs_fake1 (provider faiss)',
    'PASS vector-store: deleted vs_fake1',
    'RESULT pass: 7 checks passed',
  ]);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    'GET /v1/health', 'GET /v1/models', 'POST /v1/embeddings', 'POST /v1/chat/completions', 'POST /v1/vector_stores', 'DELETE /v1/vector_stores/vs_fake1',
  ]);
  // The request bodies the release's models accept (OpenAIEmbeddingsRequestWithExtraBody, …).
  expect(s.requests[2].body).toEqual({ model: 'st/minilm', input: 'ogx verification', encoding_format: 'float' });
  expect(s.requests[3].body).toEqual({ model: 'vllm/llama-3', messages: [{ role: 'user', content: 'Reply with OK.' }], max_tokens: 16, stream: false });
  expect(s.requests[4].body).toEqual({ name: 'ogx-verify-demo', metadata: { created_by: 'ogx-verify' }, provider_id: 'faiss' });
});

test('optional checks off: SKIP lines, and their routes are not called', async () => {
  const s = await serve();
  const run = await runScript(planOf(s.url, { options: { timeoutSeconds: 5, readyWaitSeconds: 0 } }));
  expect(run.lines.slice(4)).toEqual([
    'PASS embeddings: st/minilm answered 384 dimensions',
    'SKIP completion: off in the plan',
    'SKIP vector-store: off in the plan',
    'RESULT pass: 4 checks passed',
  ]);
  expect(run.code).toBe(0);
  expect(s.requests.map((r) => r.path)).toEqual(['/v1/health', '/v1/models', '/v1/embeddings']);
});

test('a model missing from /v1/models: FAIL naming it and what is listed; later groups do not run', async () => {
  const s = await serve(undefined, [MODELS[1]]);
  const run = await runScript(planOf(s.url));
  expect(run.lines.slice(2)).toEqual([
    'FAIL models: vllm/llama-3 is not listed by GET /v1/models (it lists st/minilm)',
    'PASS models: st/minilm is listed (embedding, provider st)',
    `RESULT fail: the models checks failed; ${NOT_RUN_AFTER_MODELS}`,
  ]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
  expect(s.requests.map((r) => r.path)).toEqual(['/v1/health', '/v1/models']);
});

test('an empty model registry: every registered model fails', async () => {
  const s = await serve(undefined, []);
  const run = await runScript(planOf(s.url));
  expect(run.lines.slice(2, 4)).toEqual([
    'FAIL models: vllm/llama-3 is not listed by GET /v1/models (it lists no model)',
    'FAIL models: st/minilm is not listed by GET /v1/models (it lists no model)',
  ]);
  expect(run.code).toBe(1);
});

test('a model listed on another provider, or as another type', async () => {
  const s = await serve(undefined, [{ ...MODELS[0], providerId: 'ollama' }, { ...MODELS[1], type: 'llm' }]);
  const run = await runScript(planOf(s.url));
  expect(run.lines.slice(2, 4)).toEqual([
    'FAIL models: vllm/llama-3 is listed on provider ollama, registered on vllm',
    'FAIL models: st/minilm is listed as llm, registered as embedding',
  ]);
});

test('a wrong embedding dimension', async () => {
  const s = await serve(undefined, [MODELS[0], { ...MODELS[1], dimension: 768 }]);
  const run = await runScript(planOf(s.url));
  expect(run.lines.slice(4)).toEqual([
    'FAIL embeddings: st/minilm answered 768 dimensions, registered 384 (register the dimension the model serves)',
    'RESULT fail: the embeddings checks failed; not run: completion, vector-store',
  ]);
  expect(run.code).toBe(1);
});

test('a base64 embedding is measured in float32 values', async () => {
  const b64 = Buffer.alloc(384 * 4).toString('base64');
  const s = await serve((r) => (r.path === '/v1/embeddings' ? { body: { object: 'list', data: [{ object: 'embedding', embedding: b64, index: 0 }], model: 'st/minilm', usage: {} } } : undefined));
  const run = await runScript(planOf(s.url));
  expect(run.lines[4]).toBe('PASS embeddings: st/minilm answered 384 dimensions');
});

test('a 500 with the server\'s message', async () => {
  const s = await serve((r) => (r.path === '/v1/models' ? { status: 500, body: { error: { message: 'Internal server error: An unexpected error occurred.' } } } : undefined));
  const run = await runScript(planOf(s.url));
  expect(run.lines.slice(2)).toEqual([
    'FAIL models: GET /v1/models answered 500: "Internal server error: An unexpected error occurred."',
    `RESULT fail: the models checks failed; ${NOT_RUN_AFTER_MODELS}`,
  ]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
});

test('malformed JSON', async () => {
  const s = await serve((r) => (r.path === '/v1/health' ? { raw: '{"status": "OK"' } : undefined));
  const run = await runScript(planOf(s.url));
  expect(run.lines).toEqual([
    'FAIL health: GET /v1/health answered 200 with a body that is not JSON: "{"status": "OK""',
    'RESULT fail: the health checks failed; not run: auth, models, embeddings, completion, vector-store',
  ]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
});

test('JSON of the wrong shape: no data list, no embedding, no choices', async () => {
  let s = await serve((r) => (r.path === '/v1/models' ? { body: { object: 'list' } } : undefined));
  expect((await runScript(planOf(s.url))).lines[2]).toBe('FAIL models: GET /v1/models: the answer has no "data" list');
  await s.close();
  s = await serve((r) => (r.path === '/v1/embeddings' ? { body: { data: [] } } : r.path === '/v1/chat/completions' ? { body: { choices: [] } } : undefined));
  expect((await runScript(planOf(s.url))).lines[4]).toBe('FAIL embeddings: st/minilm: POST /v1/embeddings: the answer has no data[0].embedding');
  await s.close();
  s = await serve((r) => (r.path === '/v1/chat/completions' ? { body: { choices: [] } } : undefined));
  expect((await runScript(planOf(s.url))).lines[5]).toBe('FAIL completion: vllm/llama-3: POST /v1/chat/completions: the answer has no choices[0].message');
});

test('a redirect is reported, not followed, and its query (where tokens hide) is not printed', async () => {
  const s = await serve((r) => (r.path === '/v1/models' ? { status: 302, headers: { Location: '/oauth/start?rd=x&token=abc' } } : undefined));
  const run = await runScript(planOf(s.url));
  expect(run.lines[2]).toBe(`FAIL models: GET /v1/models answered 302, a redirect to ${s.url}/oauth/start: the check talks to the Service directly (a proxy or a login page in front of the server?)`);
  expect(run.code).toBe(1);
  expect(s.requests.map((r) => r.path)).toEqual(['/v1/health', '/v1/models']);
});

test('a timeout (1 s)', async () => {
  const s = await serve((r) => (r.path === '/v1/embeddings' ? { hang: true } : undefined));
  const run = await runScript(planOf(s.url, { options: { timeoutSeconds: 1, readyWaitSeconds: 0 } }));
  expect(run.lines[4]).toBe(`FAIL embeddings: st/minilm: POST ${s.url}/v1/embeddings: no answer from 127.0.0.1:${s.port} within 1 s (timeout) (a NetworkPolicy may drop the Job's traffic: admit it to the server's port)`);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
});

test('the server unreachable: connection refused, with the wait off', async () => {
  const port = await closedPort();
  const run = await runScript(planOf(`http://127.0.0.1:${port}`));
  expect(run.lines).toEqual([
    `FAIL health: GET http://127.0.0.1:${port}/v1/health: connection refused by 127.0.0.1:${port} (nothing listens there) (is the server's pod ready, and is the Service's port right?)`,
    'RESULT fail: the health checks failed; not run: auth, models, embeddings, completion, vector-store',
  ]);
  expect(run.code).toBe(1);
});

test('the server\'s name does not resolve', async () => {
  const run = await runScript(planOf('http://demo-service.ai.invalid:8321'));
  expect(run.lines[0]).toBe('FAIL health: GET http://demo-service.ai.invalid:8321/v1/health: DNS: the name demo-service.ai.invalid does not resolve (is the Service\'s name and namespace in the plan right?)');
  expect(run.code).toBe(1);
});

test('the health check waits for the server to come up (503, then OK)', async () => {
  let calls = 0;
  const s = await serve((r) => (r.path === '/v1/health' && calls++ === 0 ? { status: 503, body: { detail: 'starting' } } : undefined));
  const run = await runScript(planOf(s.url, { options: { timeoutSeconds: 5, readyWaitSeconds: 30 } }));
  expect(run.lines[0]).toBe('PASS health: GET /v1/health: status OK');
  expect(s.requests.filter((r) => r.path === '/v1/health')).toHaveLength(2);
});

test('an unhealthy status, and a 503 after the wait', async () => {
  let s = await serve((r) => (r.path === '/v1/health' ? { body: { status: 'Error' } } : undefined));
  expect((await runScript(planOf(s.url))).lines[0]).toBe('FAIL health: GET /v1/health: status "Error" (the server reports itself unhealthy: see its log)');
  await s.close();
  s = await serve((r) => (r.path === '/v1/health' ? { status: 503, body: { detail: 'starting' } } : undefined));
  expect((await runScript(planOf(s.url, { options: { timeoutSeconds: 5, readyWaitSeconds: 1 } }))).lines[0])
    .toBe('FAIL health: GET /v1/health answered 503: "starting" (after waiting up to 1 s for the server)');
});

test('401 from the server: the Job\'s token is refused, and named by where it comes from', async () => {
  const s = await serve((r) => (r.path === '/v1/models' ? { status: 401, body: { error: { message: 'Authentication required' } } } : undefined));
  const plan = planOf(s.url, { auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' } });
  const run = await runScript(plan, { OGX_VERIFY_TOKEN: 'tok-123' });
  expect(run.lines.slice(0, 3)).toEqual([
    'PASS health: GET /v1/health: status OK',
    'PASS auth: a token read from the env var OGX_VERIFY_TOKEN (the token in Secret demo-token, key token)',
    'FAIL models: GET /v1/models answered 401: the server refused the Job\'s token (the token in Secret demo-token, key token)',
  ]);
  // The health route is public: no token; the others carry it.
  expect(s.requests.map((r) => r.authorization)).toEqual([undefined, 'Bearer tok-123']);
});

test('401 without auth in the plan, and 403 from the access policy', async () => {
  let s = await serve((r) => (r.path === '/v1/models' ? { status: 401, body: { error: { message: 'Authentication required' } } } : undefined));
  expect((await runScript(planOf(s.url))).lines[2]).toBe('FAIL models: GET /v1/models answered 401: the server requires a token and the plan sends none (set the verification\'s auth)');
  await s.close();
  s = await serve((r) => (r.path === '/v1/vector_stores' ? { status: 403, body: { error: { message: 'Permission denied' } } } : undefined));
  const plan = planOf(s.url, { auth: { mode: 'serviceAccount' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ogx-verify-sa-'));
  plan.auth.tokenFile = path.join(dir, 'token');
  fs.writeFileSync(plan.auth.tokenFile, 'sa-token\n');
  const run = await runScript(plan);
  fs.rmSync(dir, { recursive: true, force: true });
  expect(run.lines[1]).toBe(`PASS auth: a token read from the file ${plan.auth.tokenFile} (the service-account token of the namespace's default ServiceAccount)`);
  expect(run.lines[6]).toBe('FAIL vector-store: POST /v1/vector_stores answered 403: the server\'s access policy denies the Job\'s identity (the service-account token of the namespace\'s default ServiceAccount)');
  expect(s.requests[1].authorization).toBe('Bearer sa-token');
});

test('a missing token: the env var unset, the service-account file absent', async () => {
  const s = await serve();
  let run = await runScript(planOf(s.url, { auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' } }));
  expect(run.lines.slice(1)).toEqual([
    'FAIL auth: the env var OGX_VERIFY_TOKEN is unset or empty (the token in Secret demo-token, key token)',
    'RESULT fail: the auth checks failed; not run: models, embeddings, completion, vector-store',
  ]);
  const plan = planOf(s.url, { auth: { mode: 'serviceAccount' } });
  plan.auth.tokenFile = path.join(os.tmpdir(), 'ogx-verify-no-such-dir', 'token');
  run = await runScript(plan);
  expect(run.lines[1]).toBe(`FAIL auth: the token file ${plan.auth.tokenFile} cannot be read (No such file or directory) (is automountServiceAccountToken off?)`);
});

test('a planted token never appears in the output, even when the server echoes it', async () => {
  const token = 'sk-planted-4f9a2c7e1b';
  const s = await serve((r) => {
    if (r.path === '/v1/models') return { status: 401, body: { error: { message: `invalid token ${r.authorization ?? ''}` } } };
    return undefined;
  });
  const run = await runScript(planOf(s.url, { auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' } }), { OGX_VERIFY_TOKEN: token });
  expect(s.requests[1].authorization).toBe(`Bearer ${token}`);
  expect(run.stdout + run.stderr).not.toContain(token);
  expect(run.lines[2]).toBe('FAIL models: GET /v1/models answered 401: the server refused the Job\'s token (the token in Secret demo-token, key token)');
  const s2 = await serve((r) => (r.path === '/v1/embeddings' ? { status: 500, body: { error: { message: `boom ${r.authorization ?? ''}` } } } : undefined));
  const run2 = await runScript(planOf(s2.url, { auth: { mode: 'token', secretName: 'demo-token', secretKey: 'token' } }), { OGX_VERIFY_TOKEN: token });
  expect(run2.stdout).not.toContain(token);
  expect(run2.lines[4]).toBe('FAIL embeddings: st/minilm: POST /v1/embeddings answered 500: "boom Bearer <redacted>"');
});

// ---- remote providers: the failure names the provider, its endpoint and the likely cause ----

const UNEXPECTED = { status: 500, body: { error: { message: 'Internal server error: An unexpected error occurred.' } } };

function providerPlan(url: string, endpoint: string): any {
  return planOf(url, { providers: [{ id: 'vllm', type: 'remote::vllm', endpoint }] });
}

test('provider: connection refused (a closed port)', async () => {
  const port = await closedPort();
  const s = await serve((r) => (r.path === '/v1/chat/completions' ? UNEXPECTED : undefined));
  const run = await runScript(providerPlan(s.url, `http://127.0.0.1:${port}/v1`));
  expect(run.lines.slice(5)).toEqual([
    `FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 500: "Internal server error: An unexpected error occurred."; provider vllm (http://127.0.0.1:${port}/v1): connection refused by 127.0.0.1:${port} (nothing listens there)`,
    'RESULT fail: the completion checks failed; not run: vector-store',
  ]);
  expect(run.code).toBe(1);
});

test('provider: DNS failure (a .invalid host)', async () => {
  const s = await serve((r) => (r.path === '/v1/chat/completions' ? UNEXPECTED : undefined));
  const run = await runScript(providerPlan(s.url, 'http://vllm.ai.invalid:8000/v1'));
  expect(run.lines[5]).toBe('FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 500: "Internal server error: An unexpected error occurred."; provider vllm (http://vllm.ai.invalid:8000/v1): DNS: the name vllm.ai.invalid does not resolve');
});

test('provider: 404 on a base URL without /v1, from the server\'s answer and from the probe', async () => {
  // The server passes the provider's status through (openai's "Error code: 404 - ...").
  let s = await serve((r) => (r.path === '/v1/chat/completions' ? { status: 404, body: { error: { message: 'Error code: 404 - {\'detail\': \'Not Found\'}' } } } : undefined));
  let run = await runScript(providerPlan(s.url, 'http://vllm.ai.svc.cluster.local:8000'));
  expect(run.lines[5]).toBe('FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 404: "Error code: 404 - {\'detail\': \'Not Found\'}"; provider vllm (http://vllm.ai.svc.cluster.local:8000) answered 404: its base URL has no /v1 (try http://vllm.ai.svc.cluster.local:8000/v1)');
  await s.close();
  // A 500 from the server: the probe asks the endpoint (the fake plays the provider under /provider).
  s = await serve((r) => (r.path === '/v1/chat/completions' ? UNEXPECTED : r.path === '/provider/v1/models' ? { body: { data: [] } } : undefined));
  run = await runScript(providerPlan(s.url, `${s.url}/provider`));
  expect(run.lines[5]).toBe(`FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 500: "Internal server error: An unexpected error occurred."; provider vllm (${s.url}/provider): GET ${s.url}/provider/models answered 404: its base URL has no /v1 (try ${s.url}/provider/v1)`);
  expect(s.requests.map((r) => r.path)).toContain('/provider/models');
});

test('provider: 401 (the server\'s key for it is wrong), and a provider that answers the Job', async () => {
  let s = await serve((r) => (r.path === '/v1/embeddings' ? { status: 401, body: { error: { message: 'Error code: 401 - {\'error\': \'invalid api key\'}' } } } : undefined));
  let run = await runScript(planOf(s.url, { providers: [{ id: 'st', type: 'remote::openai', endpoint: 'https://api.example.com/v1' }] }));
  expect(run.lines[4]).toBe('FAIL embeddings: st/minilm: POST /v1/embeddings answered 401: "Error code: 401 - {\'error\': \'invalid api key\'}"; provider st (https://api.example.com/v1) refused the server\'s credentials (401): check the API key the server passes to it');
  await s.close();
  s = await serve((r) => (r.path === '/v1/chat/completions' ? UNEXPECTED : r.path === '/provider/v1/models' ? { body: { data: [] } } : undefined));
  run = await runScript(providerPlan(s.url, `${s.url}/provider/v1`));
  expect(run.lines[5]).toBe(`FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 500: "Internal server error: An unexpected error occurred."; provider vllm (${s.url}/provider/v1): it answers the Job, so the server fails to reach or use it: check the server's egress (NetworkPolicy) and its log`);
});

test('provider: no answer within the timeout', async () => {
  const s = await serve((r) => (r.path === '/v1/chat/completions' ? { status: 504, body: { error: { message: 'Operation timed out' } } } : r.path === '/slow/v1/models' ? { hang: true } : undefined));
  const run = await runScript(planOf(s.url, { providers: [{ id: 'vllm', type: 'remote::vllm', endpoint: `${s.url}/slow/v1` }], options: { llmCompletion: true, timeoutSeconds: 1, readyWaitSeconds: 0 } }));
  expect(run.lines[5]).toBe(`FAIL completion: vllm/llama-3: POST /v1/chat/completions answered 504: "Operation timed out"; provider vllm (${s.url}/slow/v1): no answer from 127.0.0.1:${s.port} within 1 s (timeout)`);
});

test('a bug in the script is one line and exit 3, never a stack trace', async () => {
  const s = await serve();
  const plan = planOf(s.url);
  plan.routes.health = 5;
  const run = await runScript(plan);
  expect(run.lines).toEqual(['FAIL internal: TypeError in the verification script (please report it)', 'RESULT fail: the verification script failed']);
  expect(run.code).toBe(3);
  expect(run.stderr).toBe('');
});

test('an endpoint\'s user info never reaches the output', async () => {
  const s = await serve((r) => (r.path === '/v1/chat/completions' ? UNEXPECTED : undefined));
  const plan = planOf(s.url);
  plan.providers = [{ id: 'vllm', type: 'remote::vllm', endpoint: 'http://admin:hunter2-secret@vllm.ai.invalid:8000/v1?api_key=k-secret' }];
  const run = await runScript(plan);
  expect(run.stdout).not.toMatch(/hunter2|k-secret|admin/);
  expect(run.lines[5]).toContain('provider vllm (http://vllm.ai.invalid:8000/v1): DNS: the name vllm.ai.invalid does not resolve');
});

test('the vector store: a create refused, a delete that fails', async () => {
  let s = await serve((r) => (r.path === '/v1/vector_stores' ? { status: 400, body: { error: { message: 'No vector_io providers available' } } } : undefined));
  let run = await runScript(planOf(s.url));
  expect(run.lines.slice(6)).toEqual(['FAIL vector-store: POST /v1/vector_stores answered 400: "No vector_io providers available"', 'RESULT fail: the vector-store checks failed']);
  await s.close();
  s = await serve((r) => (r.method === 'DELETE' ? { status: 500, body: { error: { message: 'Internal server error: An unexpected error occurred.' } } } : undefined));
  run = await runScript(planOf(s.url));
  expect(run.lines.slice(6)).toEqual([
    'PASS vector-store: created vs_fake1 (provider faiss)',
    'FAIL vector-store: DELETE /v1/vector_stores/vs_fake1 answered 500: "Internal server error: An unexpected error occurred." (delete vs_fake1 by hand)',
    'RESULT fail: the vector-store checks failed',
  ]);
});

test('a route the server does not serve (404 Not Found)', async () => {
  const s = await serve((r) => (r.path === '/v1/vector_stores' ? { status: 404, body: { detail: 'Not Found' } } : undefined));
  const run = await runScript(planOf(s.url));
  expect(run.lines[6]).toBe('FAIL vector-store: POST /v1/vector_stores answered 404: the server does not serve this route (is its API enabled, and is the target release right?)');
});

test('an unusable plan: exit 2, one line, no stack trace', async () => {
  let run = await runScript('{"planVersion": 1, "baseUrl": ');
  expect(run.lines[0]).toMatch(/^FAIL plan: .*plan\.json: not JSON \(Expecting value: line 1 column 31 \(char 30\)\)$/);
  expect(run.lines[1]).toBe('RESULT fail: the plan is unusable; no check ran');
  expect(run.code).toBe(2);
  expect(run.stderr).toBe('');
  run = await runScript({ planVersion: 1, baseUrl: 'ftp://x' });
  expect(run.lines[0]).toMatch(/plan\.json: baseUrl must be an http:\/\/ or https:\/\/ URL$/);
  run = await runScript({ planVersion: 1, baseUrl: 'http://x', options: { readyWaitSeconds: 'soon' } });
  expect(run.lines[0]).toMatch(/plan\.json: options\.readyWaitSeconds must be a non-negative number$/);
  run = await runScript({}, {}, []);
  expect(run.lines[0]).toBe('FAIL plan: no plan: pass its path (python3 ogx_verify.py plan.json) or set OGX_VERIFY_PLAN');
  expect(run.code).toBe(2);
});

test('the plan path from OGX_VERIFY_PLAN', async () => {
  const s = await serve();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ogx-verify-env-'));
  const file = path.join(dir, 'p.json');
  fs.writeFileSync(file, JSON.stringify(planOf(s.url)));
  const run = await runScript({}, { OGX_VERIFY_PLAN: file }, []);
  fs.rmSync(dir, { recursive: true, force: true });
  expect(run.code).toBe(0);
  expect(run.lines[run.lines.length - 1]).toBe('RESULT pass: 7 checks passed');
});
