/**
 * The routes the verification script calls, per release: looked up in the release's route table
 * (`data/targets/<id>/routes.json`, written from the release's source by scripts/target-routes.py),
 * so a release that moves or drops a route is a problem at synth time, not a 404 after the sync.
 */
import * as fs from 'fs';
import * as path from 'path';

const TARGETS = path.join(__dirname, '..', '..', 'data', 'targets');

/** One route of a release's table. */
export interface ServedRoute {
  readonly method: string;
  readonly path: string;
  /** The API whose router serves it (`inspect`, `models`, `inference`, `vector_io`, …). */
  readonly api: string;
  readonly public?: boolean;
  readonly deprecated?: boolean;
}

/** The script's name for each route it calls (the plan's `routes` keys). */
export type CheckRoute = 'health' | 'models' | 'embeddings' | 'chatCompletions' | 'vectorStores' | 'vectorStore';

/** Each route the script calls: method and path below the API version prefix. */
export const CHECK_ROUTES: { readonly [K in CheckRoute]: { readonly method: string; readonly path: string } } = {
  health: { method: 'GET', path: '/health' },
  models: { method: 'GET', path: '/models' },
  embeddings: { method: 'POST', path: '/embeddings' },
  chatCompletions: { method: 'POST', path: '/chat/completions' },
  vectorStores: { method: 'POST', path: '/vector_stores' },
  vectorStore: { method: 'DELETE', path: '/vector_stores/{vector_store_id}' },
};

/** Where the OpenAI-compatible routes live, in order of preference (llama-stack before 0.3 served `/v1/openai/v1`). */
const PREFIXES = ['/v1', '/v1/openai/v1'];

const tables = new Map<string, readonly ServedRoute[] | undefined>();

/** The route table of a target id, or undefined when the id names no target with one. */
export function routeTable(target: string): readonly ServedRoute[] | undefined {
  if (!/^[a-z0-9][a-z0-9.-]{0,62}$/.test(target)) return undefined;
  if (!tables.has(target)) {
    const file = path.join(TARGETS, target, 'routes.json');
    tables.set(target, fs.existsSync(file) ? Object.freeze(JSON.parse(fs.readFileSync(file, 'utf8')).routes as ServedRoute[]) : undefined);
  }
  return tables.get(target);
}

/** The ids of the targets that have a route table (for a problem's fix). */
export function targetsWithRoutes(): string[] {
  return fs.readdirSync(TARGETS).filter((id) => fs.existsSync(path.join(TARGETS, id, 'routes.json'))).sort();
}

/** The release's route for a check: the first prefix under which the table serves it. */
export function resolveRoute(table: readonly ServedRoute[], route: CheckRoute): ServedRoute | undefined {
  const want = CHECK_ROUTES[route];
  for (const prefix of PREFIXES) {
    const hit = table.find((r) => r.method === want.method && r.path === prefix + want.path);
    if (hit) return hit;
  }
  return undefined;
}
