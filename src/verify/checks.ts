/**
 * The verification input's problems, every one at once, each at its field's path with a fix. No
 * problem quotes a value that may be secret: URLs go through `quoteUrl`, other values `quoteValue`.
 */
import { VerifyCheckOptions, VerifyInput, VerifyModel } from './input';
import { jobLabels, jobName } from './names';
import { CheckRoute, resolveRoute, routeTable, targetsWithRoutes } from './routes';
import { urlCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { childPath, indexPath } from '../core/path';
import { ProblemList } from '../core/problems';
import { quoteValue } from '../core/quote';
import { quoteUrl } from '../core/redact';
import { hasEnvReference, parseHttpUrl } from '../core/url';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const MODEL_TYPES = ['llm', 'embedding', 'rerank'];
const AUTH_MODES = ['none', 'token', 'serviceAccount'];

/** The routes the checks of `input` call. */
export function neededRoutes(input: VerifyInput): CheckRoute[] {
  const routes: CheckRoute[] = ['health', 'models'];
  const opts = input.options ?? {};
  if (input.models.some((m) => m.type === 'embedding')) routes.push('embeddings');
  if (opts.llmCompletion && input.models.some((m) => m.type === 'llm')) routes.push('chatCompletions');
  if (opts.vectorStore) routes.push('vectorStores', 'vectorStore');
  return routes;
}

/** The API a route's router belongs to, as the config's `apis` names it (undefined: always served). */
function servingApi(api: string): string | undefined {
  if (api === 'inspect') return undefined;
  return api === 'models' ? 'inference' : api;
}

/** Every problem of `input`, at paths below `at` (the caller's name for it, e.g. `props.verify`). */
export function verificationProblems(input: VerifyInput, at = 'verify'): ConfigProblem[] {
  const p = new ProblemList(100);
  const job = jobName(input.name);
  if (job.length > 63 || !DNS_LABEL.test(job)) {
    p.add(childPath(at, 'name'), `the Job name ${quoteValue(job)} is not a DNS label of at most 63 characters`, 'use a server name of at most 56 lower-case letters, digits and \'-\'');
  } else if (job.length > 52 && (input.options?.manualRuns ?? true)) {
    // The CronJob controller appends 11 characters to a CronJob's name for its Jobs.
    p.add(childPath(at, 'name'), `the CronJob name ${quoteValue(job)} is longer than 52 characters`, 'use a server name of at most 45 characters, or set options.manualRuns to false');
  }
  if (input.namespace !== undefined && !DNS_LABEL.test(input.namespace)) p.add(childPath(at, 'namespace'), `${quoteValue(input.namespace)} is not a namespace name`, 'use lower-case letters, digits and \'-\'');
  checkRoutes(p, input, at);
  checkUrl(p, input.serviceUrl, childPath(at, 'serviceUrl'), 'the Service URL, e.g. http://<name>-service.<namespace>.svc.cluster.local:8321', true);
  if (!Number.isInteger(input.serverPort) || input.serverPort < 1 || input.serverPort > 65535) {
    p.add(childPath(at, 'serverPort'), `${quoteValue(input.serverPort)} is not a port`, 'give the server container\'s port (1-65535)');
  }
  const own = jobLabels(input.name, input.labels, input.serverPodLabels);
  if (Object.keys(input.serverPodLabels).length > 0 && Object.entries(input.serverPodLabels).every(([k, v]) => own[k] === v)) {
    p.add(childPath(at, 'serverPodLabels'), 'the Job\'s own labels match them: the server\'s Service would send requests to the Job', 'give the full selector of the server Deployment (app: llama-stack and app.kubernetes.io/instance)');
  }
  if (Object.keys(input.serverPodLabels).length === 0) p.add(childPath(at, 'serverPodLabels'), 'no labels: the NetworkPolicy rules would select every pod', 'give the labels of the server Deployment\'s selector');
  if (input.image.trim() === '' || input.image !== input.image.trim()) p.add(childPath(at, 'image'), `${quoteValue(input.image)} is not an image reference`, 'give the server\'s image');
  checkModels(p, input.models, childPath(at, 'models'));
  checkProviders(p, input, childPath(at, 'providers'));
  checkAuth(p, input, childPath(at, 'auth'));
  checkOptions(p, input, childPath(at, 'options'));
  if (input.serverCa !== undefined) {
    const ca = childPath(at, 'serverCa');
    if (!DNS_SUBDOMAIN.test(input.serverCa.configMapName)) p.add(childPath(ca, 'configMapName'), `${quoteValue(input.serverCa.configMapName)} is not a ConfigMap name`, 'name the ConfigMap that holds the CA bundle');
    if (!CONFIG_KEY.test(input.serverCa.key)) p.add(childPath(ca, 'key'), `${quoteValue(input.serverCa.key)} is not a ConfigMap key`, 'name the key of the PEM bundle, e.g. ca.crt');
  }
  if (input.runAsUser !== undefined && (!Number.isInteger(input.runAsUser) || input.runAsUser < 1)) {
    p.add(childPath(at, 'runAsUser'), `${quoteValue(input.runAsUser)} is not a non-root uid`, 'give a uid above 0, or leave it unset on OpenShift');
  }
  if (input.serviceAccountName !== undefined && !DNS_SUBDOMAIN.test(input.serviceAccountName)) {
    p.add(childPath(at, 'serviceAccountName'), `${quoteValue(input.serviceAccountName)} is not a ServiceAccount name`, 'name an existing ServiceAccount');
  }
  (input.imagePullSecrets ?? []).forEach((s, i) => {
    if (!DNS_SUBDOMAIN.test(s)) p.add(indexPath(childPath(at, 'imagePullSecrets'), i), `${quoteValue(s)} is not a Secret name`, 'name an image pull Secret');
  });
  return p.finish(at);
}

function checkRoutes(p: ProblemList, input: VerifyInput, at: string): void {
  const table = routeTable(input.target);
  if (!table) {
    p.add(childPath(at, 'target'), `${quoteValue(input.target)} names no server line with a route table`, `use one of ${targetsWithRoutes().join(', ')}`);
    return;
  }
  for (const route of neededRoutes(input)) {
    const served = resolveRoute(table, route);
    if (!served) {
      p.add(childPath(at, 'target'), `the ${input.target} release serves no route for the ${route} check`, 'turn that check off (options), or verify a release that serves it');
      continue;
    }
    const api = servingApi(served.api);
    if (input.servedApis && api !== undefined && !input.servedApis.includes(api) && route !== 'models') {
      p.add(childPath(at, 'options'), `the ${route} check calls ${served.method} ${served.path}, and the server does not serve the ${api} API`,
        `turn the check off, or serve ${api}`);
    }
  }
}

function checkUrl(p: ProblemList, url: string, at: string, what: string, service: boolean): void {
  if (urlCredentials(url) !== undefined || (service && parseHttpUrl(url)?.username)) {
    p.add(at, `${quoteUrl(url)}: the Job's plan would hold credentials`, `give ${what} without user info or credential query parameters`);
    return;
  }
  const parsed = parseHttpUrl(url);
  if (!parsed) {
    p.add(at, `${quoteUrl(url)} is not an http:// or https:// URL`, `give ${what}`);
  } else if (service && (parsed.search !== '' || parsed.hash !== '')) {
    p.add(at, `${quoteUrl(url)} has a query or fragment`, `give ${what} (scheme, host, port and an optional path)`);
  }
}

function checkModels(p: ProblemList, models: readonly VerifyModel[], at: string): void {
  const seen = new Set<string>();
  models.forEach((m, i) => {
    const here = indexPath(at, i);
    if (typeof m.id !== 'string' || m.id.trim() === '') p.add(childPath(here, 'id'), 'the model has no id', 'give the identifier GET /v1/models lists');
    else if (seen.has(m.id)) p.add(childPath(here, 'id'), `${quoteValue(m.id)} is listed twice`, 'list each model once');
    seen.add(m.id);
    if (!MODEL_TYPES.includes(m.type)) p.add(childPath(here, 'type'), `${quoteValue(m.type)} is not a model type`, `use one of ${MODEL_TYPES.join(', ')}`);
    const dim = m.embeddingDimension;
    if (m.type === 'embedding' && (dim === undefined || !Number.isInteger(dim) || dim < 1)) {
      p.add(childPath(here, 'embeddingDimension'), `${dim === undefined ? 'missing' : `${quoteValue(dim)} is not a dimension`}: the check compares the embedding's length with it`, 'give the registered embedding dimension (a whole number above 0)');
    }
  });
}

function checkProviders(p: ProblemList, input: VerifyInput, at: string): void {
  const ids = new Set<string>();
  (input.providers ?? []).forEach((prov, i) => {
    const here = indexPath(at, i);
    if (typeof prov.id !== 'string' || prov.id === '') p.add(childPath(here, 'id'), 'the provider has no id', 'give the provider_id');
    else if (ids.has(prov.id)) p.add(childPath(here, 'id'), `${quoteValue(prov.id)} is listed twice`, 'list each provider once');
    ids.add(prov.id);
    if (prov.endpoint !== undefined && hasEnvReference(prov.endpoint)) {
      p.add(childPath(here, 'endpoint'), 'the endpoint is read from the server\'s env at start-up (a ${env.…} reference)', 'leave it out: the failure then names the provider without its endpoint');
    } else if (prov.endpoint !== undefined && !parseHttpUrl(prov.endpoint)) {
      p.add(childPath(here, 'endpoint'), `${quoteUrl(prov.endpoint)} is not an http:// or https:// URL`, 'give the base URL the server calls, or leave it out when it is not known at synth time');
    }
  });
}

function checkAuth(p: ProblemList, input: VerifyInput, at: string): void {
  const auth = input.auth ?? { mode: 'none' };
  if (!AUTH_MODES.includes(auth.mode)) {
    p.add(childPath(at, 'mode'), `${quoteValue(auth.mode)} is not an auth mode`, `use one of ${AUTH_MODES.join(', ')}`);
    return;
  }
  if (auth.mode === 'token') {
    if (auth.secretName === undefined || !DNS_SUBDOMAIN.test(auth.secretName)) p.add(childPath(at, 'secretName'), `${auth.secretName === undefined ? 'missing' : `${quoteValue(auth.secretName)} is not a Secret name`}: the token comes from a Secret`, 'name the Secret that holds the bearer token');
    if (auth.secretKey === undefined || !CONFIG_KEY.test(auth.secretKey)) p.add(childPath(at, 'secretKey'), `${auth.secretKey === undefined ? 'missing' : `${quoteValue(auth.secretKey)} is not a Secret key`}: the token comes from a Secret key`, 'name the key that holds the bearer token');
  } else if (auth.secretName !== undefined || auth.secretKey !== undefined) {
    p.add(childPath(at, auth.secretName !== undefined ? 'secretName' : 'secretKey'), `mode ${auth.mode} reads no Secret`, 'use mode token, or drop secretName and secretKey');
  }
}

function seconds(p: ProblemList, v: number | undefined, at: string, min: number, max: number): void {
  if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) p.add(at, `${quoteValue(v)} is not a whole number of seconds from ${min} to ${max}`, `give ${min} to ${max}`);
}

function checkOptions(p: ProblemList, input: VerifyInput, at: string): void {
  const o: VerifyCheckOptions = input.options ?? {};
  seconds(p, o.timeoutSeconds, childPath(at, 'timeoutSeconds'), 1, 600);
  seconds(p, o.readyWaitSeconds, childPath(at, 'readyWaitSeconds'), 0, 3600);
  seconds(p, o.activeDeadlineSeconds, childPath(at, 'activeDeadlineSeconds'), 1, 86400);
  if (!o.vectorStore && (o.vectorStoreProviderId !== undefined || o.vectorStoreEmbeddingModel !== undefined)) {
    p.add(childPath(at, o.vectorStoreProviderId !== undefined ? 'vectorStoreProviderId' : 'vectorStoreEmbeddingModel'), 'the vector store check is off', 'set vectorStore: true, or drop this option');
  }
  const model = o.vectorStoreEmbeddingModel;
  const known = input.models.find((m) => m.id === model);
  if (model !== undefined && known !== undefined && known.type !== 'embedding') {
    p.add(childPath(at, 'vectorStoreEmbeddingModel'), `${quoteValue(model)} is a ${known.type} model`, 'name an embedding model');
  }
}
