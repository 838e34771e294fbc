/**
 * A remote inference provider's `network` (`NetworkConfig`: `tls`, `proxy`, `timeout`, `headers`,
 * and `limits` from OGX 1.3) as the release validates it when it builds the provider's config at
 * start-up. The parts and their fields are the release's data (`networkConfig` in startup.json);
 * the validators are the same in every modelled release (`providers/utils/inference/
 * model_registry.py` at v0.7.3 … v1.2.2, `network_config.py` at v1.3.0):
 * - `TLSConfig`: `verify` is a boolean or the path of an existing file; `client_cert` and
 *   `client_key` are existing files, and come together (mTLS); `min_version` is TLSv1.2 or TLSv1.3;
 * - `ProxyConfig`: `url`, `http` and `https` are http(s) URLs, `url` excludes the other two,
 *   `cacert` is an existing file; `no_proxy` is read but never applied (`http_client.py` mounts
 *   the proxy for every `http://` and `https://` URL);
 * - `timeout` is a number of seconds or `{connect, read}`; `headers` maps names to strings;
 * - `LimitsConfig` (1.3): `max_connections` ≥ 1, `max_keepalive_connections` ≥ 0,
 *   `keepalive_expiry` ≥ 0.
 * Keys a part does not have are ignored by pydantic: a warning.
 */
import { EnabledProvider, show, StartupContext } from './context';
import { typeError } from './field-types';
import { networkFields } from './release';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';

/** Each part's fields the model checks, with their pydantic types (the same in every release). */
const TYPES: { readonly [part: string]: { readonly [field: string]: string } } = {
  network: { headers: 'dict[str, str] | None' },
  tls: { min_version: "Literal['TLSv1.2', 'TLSv1.3'] | None", ciphers: 'list[str] | None' },
  proxy: { url: 'HttpUrl | None', http: 'HttpUrl | None', https: 'HttpUrl | None', no_proxy: 'list[str] | None' },
  timeout: { connect: 'float | None', read: 'float | None' },
  limits: { max_connections: 'int | None', max_keepalive_connections: 'int | None', keepalive_expiry: 'float | None' },
};

/** `LimitsConfig` bounds (`ge`). */
const LOWER_BOUNDS: { readonly [field: string]: number } = { max_connections: 1, max_keepalive_connections: 0, keepalive_expiry: 0 };

/** The provider's `network`, when its config class has one (every remote inference provider). */
export function checkNetworkConfig(c: StartupContext, p: EnabledProvider): void {
  if (!p.known?.keys.includes('network') || !c.rules.networkConfig) return;
  const network = getOwn(p.config, 'network');
  if (network === undefined || network === null) return;
  const at = `${p.path}.config.network`;
  if (!isJsonObject(network)) {
    c.findings.fatal(at, `${p.type} rejects network: ${show(network)} where the field takes a mapping (NetworkConfig)`, 'write network as a mapping (tls, proxy, timeout, headers…)');
    return;
  }
  if (!part(c, p, network, 'network', at)) return;
  const headers = getOwn(network, 'headers');
  if (isJsonObject(headers)) {
    for (const name of Object.keys(headers)) {
      if (typeof headers[name] !== 'string') {
        c.findings.fatal(`${at}.headers.${name}`, `${p.type} rejects network.headers.${name}: ${typeError('str', headers[name]) ?? 'not a string'}`,
          'write the header value as a string (a Secret value that reads as a number or a boolean is converted by substitution)', c.envAt(`${at}.headers.${name}`));
      }
    }
  }
  const tls = part(c, p, getOwn(network, 'tls'), 'tls', `${at}.tls`);
  if (tls) checkTls(c, p, tls, `${at}.tls`);
  const proxy = part(c, p, getOwn(network, 'proxy'), 'proxy', `${at}.proxy`);
  if (proxy) checkProxy(c, p, proxy, `${at}.proxy`);
  const timeout = getOwn(network, 'timeout');
  if (isJsonObject(timeout)) {
    part(c, p, timeout, 'timeout', `${at}.timeout`);
  } else if (timeout !== undefined && typeError('float | None', timeout) !== undefined) {
    c.findings.fatal(`${at}.timeout`, `${p.type} rejects network.timeout: ${show(timeout)} where the field takes seconds (a number) or {connect, read}`, 'write a number of seconds, or {connect: <seconds>, read: <seconds>}');
  }
  const limits = part(c, p, getOwn(network, 'limits'), 'limits', `${at}.limits`);
  if (limits) {
    for (const [field, min] of Object.entries(LOWER_BOUNDS)) {
      const v = getOwn(limits, field);
      if (typeof v === 'number' && v < min) {
        c.findings.fatal(`${at}.limits.${field}`, `${p.type} rejects network.limits.${field}: ${v} (Input should be greater than or equal to ${min})`, `use ${min} or more`);
      }
    }
  }
}

/**
 * One part of `network` (itself, `tls`, `proxy`, `timeout` or `limits`): a mapping whose keys
 * the release reads (others are ignored: a warning) with values of their types. Returns it when
 * it is a mapping the release has.
 */
function part(c: StartupContext, p: EnabledProvider, v: JsonValue | undefined, name: string, at: string): JsonObject | undefined {
  if (v === undefined || v === null) return undefined;
  const fields = networkFields(c.rules, name);
  if (fields === undefined) return undefined; // a part the release has not: the unknown key of `network` says so
  if (!isJsonObject(v)) {
    c.findings.fatal(at, `${p.type} rejects ${label(at)}: ${show(v)} where the field takes a mapping`, `write ${label(at)} as a mapping, or remove it`);
    return undefined;
  }
  for (const key of Object.keys(v)) {
    if (!fields.includes(key)) {
      c.findings.warn(`${at}.${key}`, `${p.type} has no ${label(at)}.${key} in ${c.release.description} (it is ignored)`,
        `remove ${key}; ${label(at)} reads ${fields.join(', ')}`);
      continue;
    }
    const type = TYPES[name]?.[key];
    const err = type === undefined ? undefined : typeError(type, v[key]);
    if (err !== undefined) c.findings.fatal(`${at}.${key}`, `${p.type} rejects ${label(at)}.${key}: ${err}`, `set ${key} to a valid value, or remove it`);
  }
  return v;
}

/** `network.tls.verify` → `tls.verify` for messages. */
function label(at: string): string {
  const i = at.indexOf('.config.');
  return i < 0 ? at : at.slice(i + '.config.'.length);
}

/** A path field: the file must exist in the container (`Path(v).resolve().exists()`). */
function fileField(c: StartupContext, p: EnabledProvider, o: JsonObject, key: string, at: string, what: string): boolean {
  const v = getOwn(o, key);
  if (v === undefined || v === null) return false;
  if (typeof v !== 'string') {
    c.findings.fatal(`${at}.${key}`, `${p.type} rejects ${label(at)}.${key}: ${show(v)} where the field takes a file path`, `write the path of a mounted ${what}`);
  } else if (!(c.facts.files ?? []).includes(v)) {
    c.findings.fatal(`${at}.${key}`, `${p.type} rejects ${label(at)}.${key}: the ${what} ${show(v)} does not exist in the container`, `mount the ${what} and write its path`);
  }
  return true;
}

function checkTls(c: StartupContext, p: EnabledProvider, tls: JsonObject, at: string): void {
  const verify = getOwn(tls, 'verify');
  if (verify !== undefined && typeof verify !== 'boolean') {
    if (typeof verify !== 'string') {
      c.findings.fatal(`${at}.verify`, `${p.type} rejects tls.verify: ${show(verify)} where the field takes a boolean or a CA file path`, 'write true, false, or the path of a mounted CA file');
    } else if (!(c.facts.files ?? []).includes(verify)) {
      c.findings.fatal(`${at}.verify`, `network.tls.verify is the string ${show(verify)}, which the server reads as a CA file path that does not exist in the container`, 'write a YAML boolean (true/false), or the path of a mounted CA file');
    }
  }
  const cert = fileField(c, p, tls, 'client_cert', at, 'client certificate');
  const key = fileField(c, p, tls, 'client_key', at, 'client key');
  if (cert !== key) {
    c.findings.fatal(`${at}.${cert ? 'client_key' : 'client_cert'}`, `${p.type} rejects tls: Both client_cert and client_key must be provided together for mTLS`, 'set both client_cert and client_key, or neither');
  }
}

function checkProxy(c: StartupContext, p: EnabledProvider, proxy: JsonObject, at: string): void {
  const set = (k: string): boolean => { const v = getOwn(proxy, k); return v !== undefined && v !== null && v !== ''; };
  if (set('url') && (set('http') || set('https'))) {
    c.findings.fatal(`${at}.url`, `${p.type} rejects proxy: Cannot specify both 'url' and 'http'/'https' proxy settings`, 'keep url, or http and https');
  }
  fileField(c, p, proxy, 'cacert', at, 'proxy CA file');
  const noProxy = getOwn(proxy, 'no_proxy');
  if (Array.isArray(noProxy) && noProxy.length > 0) {
    c.findings.warn(`${at}.no_proxy`, `${p.type} in ${c.release.description} reads proxy.no_proxy but never applies it: the proxy takes every http:// and https:// URL`,
      'list the hosts in the container\'s NO_PROXY env var instead (httpx honours it), and remove no_proxy');
  }
}
