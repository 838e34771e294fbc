/**
 * A provider's `network` in the keys the release reads (CA and client certificate paths where the
 * pod mounts them, Secret-backed headers as `${env.LLSD_<ID>_HEADER_<NAME>}`), the parts a
 * release lacks (`limits` before OGX 1.3), the pod-wide settings providers share (`PGSSLMODE`,
 * `PGSSLROOTCERT`, `NO_PROXY`), and `allowed_models` against the models registered on a provider.
 */
import { TargetGeneration } from './generation';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { listOf, mapOf } from '../core/writable-json';
import { providerNetworkFiles } from '../releases/pod-paths';
import { ProviderType } from '../releases/registry';
import { networkFields } from '../releases/startup/release';
import { ALL_PROVIDER_APIS } from '../spec/apis';
import { compareBytewise, envPlaceholder, providerHeaderEnvName } from '../spec/env-names';
import { effectiveId } from '../spec/provider-ids';
import { LlamaStackDistributionSpec, ModelConfig, PostgresCaCertificate, ProviderConfig, ProviderNetworkSpec } from '../spec/spec';

/** Option → the part of `network` it writes. */
const PARTS: ReadonlyArray<readonly [keyof ProviderNetworkSpec, string]> = [
  ['tls', 'tls'], ['proxy', 'proxy'], ['timeoutSeconds', 'timeout'], ['timeouts', 'timeout'], ['headers', 'headers'], ['secretHeaders', 'headers'], ['limits', 'limits'],
];

/**
 * `config.network` for the provider at `spec.providers.<field>[<index>]` (`path`), or undefined
 * (with a problem) when its release does not read what it sets.
 */
export function networkEntry(g: TargetGeneration, p: ProviderConfig, known: ProviderType, field: string, index: number, path: string):
JsonObject | undefined {
  const n = p.network;
  if (!n) return undefined;
  const at = `${path}.network`;
  if (!known.keys.includes('network')) {
    g.problem(at, `${known.type} has no network settings in ${g.target.description}`, 'remove network (only remote inference providers have an HTTP client to configure)');
    return undefined;
  }
  const fields = networkFields(g.rules, 'network') ?? [];
  let ok = true;
  for (const [option, part] of PARTS) {
    if (n[option] === undefined || fields.includes(part)) continue;
    ok = false;
    g.problem(`${at}.${option === 'secretHeaders' ? 'headers' : option}`, `${known.type} on ${g.target.description} has no network.${part} (the release would ignore it)`,
      g.targetsFix((t) => networkFields(t._release.rules, 'network')?.includes(part) === true, `network.${part}`, `remove ${option}`));
  }
  if (!ok) return undefined;
  const files = providerNetworkFiles(field, index);
  const out: JsonObject = {};
  const tls = n.tls;
  if (tls) {
    const t: JsonObject = {};
    if (tls.caCertificate) t.verify = files.caFile;
    else if (tls.verify !== undefined) t.verify = tls.verify;
    if (tls.minVersion !== undefined) t.min_version = tls.minVersion;
    if (tls.ciphers !== undefined) t.ciphers = [...tls.ciphers];
    if (tls.clientCertificateSecret !== undefined) {
      t.client_cert = files.clientCertFile;
      t.client_key = files.clientKeyFile;
    }
    if (Object.keys(t).length > 0) out.tls = t;
  }
  const proxy = n.proxy;
  if (proxy) {
    // noProxy goes to the pod's NO_PROXY (provider-mounts.ts): the releases never apply proxy.no_proxy.
    const x: JsonObject = {};
    for (const k of ['url', 'http', 'https'] as const) if (proxy[k] !== undefined) x[k] = proxy[k]!;
    if (proxy.caCertificate) x.cacert = files.proxyCaFile;
    out.proxy = x;
  }
  if (n.timeoutSeconds !== undefined) out.timeout = n.timeoutSeconds;
  if (n.timeouts) {
    const t: JsonObject = {};
    if (n.timeouts.connectSeconds !== undefined) t.connect = n.timeouts.connectSeconds;
    if (n.timeouts.readSeconds !== undefined) t.read = n.timeouts.readSeconds;
    out.timeout = t;
  }
  if (n.headers || n.secretHeaders) {
    const h: JsonObject = {};
    for (const name of Object.keys(n.headers ?? {})) h[name] = n.headers![name];
    const id = effectiveId(p);
    for (const name of Object.keys(n.secretHeaders ?? {}).sort(compareBytewise)) h[name] = envPlaceholder(providerHeaderEnvName(id, name));
    out.headers = h;
  }
  const limits = n.limits;
  if (limits) {
    const l: JsonObject = {};
    if (limits.maxConnections !== undefined) l.max_connections = limits.maxConnections;
    if (limits.maxKeepaliveConnections !== undefined) l.max_keepalive_connections = limits.maxKeepaliveConnections;
    if (limits.keepaliveExpirySeconds !== undefined) l.keepalive_expiry = limits.keepaliveExpirySeconds;
    out.limits = l;
  }
  return out;
}

function sameCa(a: PostgresCaCertificate | undefined, b: PostgresCaCertificate | undefined): boolean {
  return a?.configMapName === b?.configMapName && (a?.key ?? 'ca.crt') === (b?.key ?? 'ca.crt');
}

/**
 * What providers share through the pod's env: one `PGSSLMODE` / `PGSSLROOTCERT` for pgvector
 * and the SQL store's Postgres, one `NO_PROXY` for every proxy.
 */
export function checkPodWideNetwork(g: TargetGeneration, spec: LlamaStackDistributionSpec): void {
  const sql = spec.storage?.sql?.type === 'postgres' ? spec.storage.sql : undefined;
  let first: { tls: NonNullable<ProviderConfig['postgresTls']>; path: string } | undefined;
  (spec.providers?.vectorIo ?? []).forEach((p, i) => {
    const tls = p.postgresTls;
    if (!tls) return;
    const path = `spec.providers.vectorIo[${i}].postgresTls`;
    const host = typeof p.settings?.host === 'string' ? p.settings.host : undefined;
    for (const [k, mine, theirs] of [['sslMode', tls.sslMode, sql?.tuning?.sslMode], ['caCertificate', tls.caCertificate, sql?.tuning?.caCertificate]] as const) {
      if (mine === undefined || sql === undefined) continue;
      const same = k === 'sslMode' ? mine === theirs : sameCa(mine as PostgresCaCertificate, theirs as PostgresCaCertificate | undefined);
      if (same || (theirs === undefined && host !== undefined && host === sql.host)) continue;
      g.problem(`${path}.${k}`, theirs === undefined
        ? `the pod's ${k === 'sslMode' ? 'PGSSLMODE' : 'PGSSLROOTCERT'} would apply to the SQL store's Postgres at ${quoteValue(sql.host ?? '')} too (pgvector has no TLS keys: its driver and the SQL store's read the same env)`
        : `the pod has one ${k === 'sslMode' ? 'PGSSLMODE' : 'PGSSLROOTCERT'}, and the SQL store sets another ${k} (pgvector has no TLS keys: its driver and the SQL store's read the same env)`,
      `set the same ${k} on the SQL store (StorageBackend.postgres) and on pgvector, or keep both databases on one server`);
    }
    if (first && (first.tls.sslMode !== tls.sslMode || !sameCa(first.tls.caCertificate, tls.caCertificate))) {
      g.problem(path, `the pod has one PGSSLMODE and PGSSLROOTCERT, and ${first.path} sets others`, 'give every pgvector provider the same sslMode and caCertificate');
    }
    first ??= { tls, path };
  });
  const proxies = ALL_PROVIDER_APIS.flatMap(({ field }) => (spec.providers?.[field] ?? []).map((p, i) => ({ proxy: p.network?.proxy, path: `spec.providers.${field}[${i}].network.proxy` })))
    .filter((x) => x.proxy !== undefined);
  const direct = proxies.find((x) => x.proxy!.noProxyClusterDomains !== false);
  for (const x of proxies) {
    if (x.proxy!.noProxyClusterDomains === false && direct) {
      g.problem(`${x.path}.noProxyClusterDomains`, `the pod has one NO_PROXY, and ${direct.path} keeps the cluster's domains (.svc, .cluster.local) in it`,
        'set noProxyClusterDomains the same on every proxy');
    }
  }
}

/**
 * A model registered on a provider with `allowed_models` must be one of them: the release registers
 * it, leaves it out of the provider's model list and refuses every request to it (`_validate_model_allowed`
 * in providers/utils/inference/openai_mixin.py, every modelled release).
 */
export function checkAllowedModels(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec,
  registered: readonly { modelId: string; providerId: string; providerModelId: string }[]): void {
  const entries = listOf(mapOf(config, 'providers'), 'inference');
  const models = spec.resources?.models ?? [];
  for (const m of registered) {
    const entry = entries.find((e) => isJsonObject(e) && getOwn(e, 'provider_id') === m.providerId);
    const pc = isJsonObject(entry) ? getOwn(entry, 'config') : undefined;
    const allowed = isJsonObject(pc) ? getOwn(pc, 'allowed_models') : undefined;
    if (!Array.isArray(allowed) || allowed.includes(m.providerModelId)) continue;
    const i = models.findIndex((x: string | ModelConfig) => (typeof x === 'string' ? x : x.name) === m.modelId);
    const shown = m.providerModelId === m.modelId ? quoteValue(m.modelId) : `${quoteValue(m.modelId)} (provider model id ${quoteValue(m.providerModelId)})`;
    g.problem(i >= 0 ? `spec.resources.models[${i}]` : 'spec.resources.models', `model ${shown} is not in the allowed_models of provider ${quoteValue(m.providerId)}: ${g.target.description} registers it, then refuses every request to it ("not in the allowed models list") and leaves it out of the provider's model list`,
      `add ${quoteValue(m.providerModelId)} to allowedModels of provider ${m.providerId}, or register the model on another provider`);
  }
}
