/**
 * The JSON plan the verification script reads (`/verify/plan.json`): the Service URL, the
 * release's routes, the auth (where the token is, never the token), the models, the providers'
 * endpoints (without credentials) and the options. Keys in a fixed order: same input, same bytes.
 */
import { neededRoutes } from './checks';
import { VERIFY_DEFAULTS, VerifyInput, VerifyProvider } from './input';
import { CheckRoute, resolveRoute, routeTable } from './routes';
import { JsonObject } from '../core/json';

/** The plan format the script reads (its PLAN_VERSION). */
export const PLAN_VERSION = 1;
/** Where the Job mounts the ConfigMap, and the files in it. */
export const VERIFY_DIR = '/verify';
export const SCRIPT_KEY = 'ogx_verify.py';
export const PLAN_KEY = 'plan.json';
/** Where the Job mounts the server's CA, and the env var that carries a Secret's token. */
export const CA_DIR = '/verify-ca';
export const CA_FILE = 'ca.crt';
export const TOKEN_ENV = 'OGX_VERIFY_TOKEN';
export const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** `scheme://host:port/path`: a URL without user info, query or fragment (they may hold credentials). */
export function publicEndpoint(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

function provider(p: VerifyProvider): JsonObject {
  return p.endpoint === undefined ? { id: p.id, type: p.type } : { id: p.id, type: p.type, endpoint: publicEndpoint(p.endpoint) };
}

function auth(input: VerifyInput): JsonObject {
  const a = input.auth ?? { mode: 'none' };
  if (a.mode === 'token') return { mode: 'bearer', tokenEnv: TOKEN_ENV, describe: `the token in Secret ${a.secretName}, key ${a.secretKey}` };
  if (a.mode === 'serviceAccount') {
    return { mode: 'serviceAccount', tokenFile: SERVICE_ACCOUNT_TOKEN, describe: `the service-account token of ${input.serviceAccountName ?? 'the namespace\'s default ServiceAccount'}` };
  }
  return { mode: 'none' };
}

function vectorStore(input: VerifyInput): JsonObject | false {
  const o = input.options ?? {};
  if (!o.vectorStore) return false;
  const out: JsonObject = {};
  if (o.vectorStoreProviderId !== undefined) out.providerId = o.vectorStoreProviderId;
  if (o.vectorStoreEmbeddingModel !== undefined) {
    out.embeddingModel = o.vectorStoreEmbeddingModel;
    const dim = input.models.find((m) => m.id === o.vectorStoreEmbeddingModel)?.embeddingDimension;
    if (dim !== undefined) out.embeddingDimension = dim;
  }
  return out;
}

/** The release's path for each route the checks call (the input is checked: every one resolves). */
function routes(input: VerifyInput): JsonObject {
  const table = routeTable(input.target)!;
  const out: JsonObject = {};
  const skipModels = input.servedApis !== undefined && !input.servedApis.includes('inference') && input.models.length === 0;
  for (const route of neededRoutes(input)) {
    out[route] = route === 'models' && skipModels ? null : resolveRoute(table, route as CheckRoute)!.path;
  }
  return out;
}

/** The request count the deadline allows for: health, models, per model its call and a probe, the store's two. */
function requestCount(input: VerifyInput): number {
  const o = input.options ?? {};
  const embeddings = input.models.filter((m) => m.type === 'embedding').length;
  const llms = o.llmCompletion ? input.models.filter((m) => m.type === 'llm').length : 0;
  return 2 + 2 * (embeddings + llms) + (o.vectorStore ? 2 : 0);
}

/** The Job's activeDeadlineSeconds: the wait for the server, every request at its timeout, and a minute. */
export function activeDeadline(input: VerifyInput): number {
  const o = input.options ?? {};
  if (o.activeDeadlineSeconds !== undefined) return o.activeDeadlineSeconds;
  const wait = o.readyWaitSeconds ?? VERIFY_DEFAULTS.readyWaitSeconds;
  return wait + (o.timeoutSeconds ?? VERIFY_DEFAULTS.timeoutSeconds) * requestCount(input) + 60;
}

/** The plan of a checked input. */
export function verifyPlan(input: VerifyInput): JsonObject {
  const o = input.options ?? {};
  const plan: JsonObject = {
    planVersion: PLAN_VERSION,
    server: { name: input.name, ...(input.namespace !== undefined ? { namespace: input.namespace } : {}), target: input.target },
    baseUrl: input.serviceUrl.replace(/\/+$/, ''),
    routes: routes(input),
    auth: auth(input),
  };
  if (input.serverCa !== undefined) plan.caFile = `${CA_DIR}/${CA_FILE}`;
  plan.models = input.models.map((m) => ({
    id: m.id,
    ...(m.providerId !== undefined ? { providerId: m.providerId } : {}),
    type: m.type,
    ...(m.type === 'embedding' ? { embeddingDimension: m.embeddingDimension! } : {}),
  }));
  plan.providers = (input.providers ?? []).map(provider);
  plan.options = {
    llmCompletion: o.llmCompletion ?? VERIFY_DEFAULTS.llmCompletion,
    vectorStore: vectorStore(input),
    timeoutSeconds: o.timeoutSeconds ?? VERIFY_DEFAULTS.timeoutSeconds,
    readyWaitSeconds: o.readyWaitSeconds ?? VERIFY_DEFAULTS.readyWaitSeconds,
    probeProviders: o.probeProviders ?? VERIFY_DEFAULTS.probeProviders,
  };
  return plan;
}
