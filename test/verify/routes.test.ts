/**
 * The routes the verification script calls exist in each target's route table (data/targets/<id>/
 * routes.json, written from the release's source by scripts/target-routes.py), under the prefix
 * the release serves them at: the script runs against a fake server that serves only the
 * target's table, and every request it makes must match a route of that table.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { VerifyInput } from '../../src/verify';
import { CHECK_ROUTES, CheckRoute, ServedRoute, resolveRoute, routeTable } from '../../src/verify/routes';
import { FakeOgx, runScript, SCRIPT, startFakeOgx } from '../support/fake-ogx';
import { renderVerification } from '../support/verify-input';

const TARGETS = path.join(__dirname, '..', '..', 'data', 'targets');
const IDS = fs.readdirSync(TARGETS).filter((id) => fs.existsSync(path.join(TARGETS, id, 'target.json'))).sort();

/** A table path as a pattern: `{id}` one segment, `{id:path}` any rest. */
function matches(route: ServedRoute, method: string, url: string): boolean {
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}:]+:path\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+');
  return route.method === method && new RegExp(`^${pattern}$`).test(url.split('?')[0]);
}

function input(id: string, url: string): VerifyInput {
  return {
    name: 'demo',
    target: id,
    serviceUrl: url,
    serverPort: 8321,
    serverPodLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'demo' },
    image: 'example.com/ogx:latest',
    models: [{ id: 'vllm/m', providerId: 'vllm', type: 'llm' }, { id: 'st/e', providerId: 'st', type: 'embedding', embeddingDimension: 8 }],
    options: { llmCompletion: true, vectorStore: true, timeoutSeconds: 5, readyWaitSeconds: 0 },
  };
}

/** The script's own default routes (DEFAULT_ROUTES), read by importing it in python3. */
const SCRIPT_ROUTES = JSON.parse(execFileSync('python3', ['-B', '-c',
  'import importlib.util, json, sys; s = importlib.util.spec_from_file_location("v", sys.argv[1]); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); print(json.dumps(m.DEFAULT_ROUTES))',
  SCRIPT], { encoding: 'utf8' }));

test('every target has a route table, written from its image tag\'s source', () => {
  expect(IDS).toEqual(['llama-stack-0.7', 'ogx-0.8', 'ogx-1.1', 'ogx-1.2', 'ogx-1.3']);
  for (const id of IDS) {
    const table = JSON.parse(fs.readFileSync(path.join(TARGETS, id, 'routes.json'), 'utf8'));
    const target = JSON.parse(fs.readFileSync(path.join(TARGETS, id, 'target.json'), 'utf8'));
    expect([id, table.release]).toEqual([id, target.imageTag]);
    expect(table._source).toMatch(/^scripts\/target-routes\.py from the source of release /);
    expect(table.routes.length).toBeGreaterThan(50);
  }
});

describe.each(IDS)('%s', (id) => {
  let fake: FakeOgx | undefined;
  afterEach(async () => fake?.close());

  test('the plan\'s routes are the script\'s defaults, under /v1, each in the table', () => {
    const table = routeTable(id)!;
    const plan = renderVerification(input(id, 'http://demo-service:8321')).plan as any;
    expect(plan.routes).toEqual(SCRIPT_ROUTES);
    for (const [key, p] of Object.entries(plan.routes) as [CheckRoute, string][]) {
      expect(p.startsWith('/v1/')).toBe(true);
      expect(table.some((r) => r.method === CHECK_ROUTES[key].method && r.path === p)).toBe(true);
    }
    // The health check is public on every release: it needs no token.
    expect(resolveRoute(table, 'health')?.public).toBe(true);
  });

  test('every request the script makes matches a route of the table (a fake that serves only the table)', async () => {
    const table = routeTable(id)!;
    fake = await startFakeOgx(
      [{ id: 'vllm/m', providerId: 'vllm', type: 'llm' }, { id: 'st/e', providerId: 'st', type: 'embedding', dimension: 8 }],
      (r) => (table.some((route) => matches(route, r.method, r.path)) ? undefined : { status: 404, body: { detail: 'Not Found' } }),
    );
    const run = await runScript(renderVerification(input(id, fake.url)).plan);
    expect(run.lines.slice(-3)).toEqual(['PASS vector-store: created vs_fake1 (the server\'s default provider)', 'PASS vector-store: deleted vs_fake1', 'RESULT pass: 7 checks passed']);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(6);
    const unmatched = fake.requests.filter((r) => !table.some((route) => matches(route, r.method, r.path))).map((r) => `${r.method} ${r.path}`);
    expect(unmatched).toEqual([]);
  });
});

test('the matcher and the lookup can fail: a route missing from a table, a table under /v1/openai/v1', () => {
  const table: ServedRoute[] = [{ method: 'GET', path: '/v1/openai/v1/models', api: 'models' }, { method: 'DELETE', path: '/v1/vector_stores/{vector_store_id}', api: 'vector_io' }];
  expect(resolveRoute(table, 'health')).toBeUndefined();
  expect(resolveRoute(table, 'models')?.path).toBe('/v1/openai/v1/models');
  expect(matches(table[1], 'DELETE', '/v1/vector_stores/vs_1')).toBe(true);
  expect(matches(table[1], 'DELETE', '/v1/vector_stores/vs_1/files')).toBe(false);
  expect(matches(table[1], 'GET', '/v1/vector_stores/vs_1')).toBe(false);
  expect(routeTable('no-such-target')).toBeUndefined();
  expect(routeTable('../../etc')).toBeUndefined();
});
