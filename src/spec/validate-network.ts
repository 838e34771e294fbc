/**
 * A provider's `network` and `postgresTls` (library extensions of the v1alpha2 spec for server
 * targets), checked by the spec check (validate-spec.ts) and by the provider factories
 * (`InferenceProvider.vllm({ network })`): types, enums, bounds, the CA ConfigMaps and client
 * certificate Secrets the pod mounts, HTTP header names, and headers that carry a credential in
 * plain text (a Secret-backed header is written as `${env.X}`).
 */
import { SECRET_KEY_REF, StorageCtx } from './validate-storage';
import { isCredentialKey, looksLikeCredential } from '../core/credential-keys';
import { isObject } from '../core/json';
import { childPath } from '../core/path';
import { describeSecretValue } from '../core/redact';
import * as t from '../core/struct-check';
import { bool, get, has, int, list, mapOf, Obj, report, show, str, struct, typeProblem } from '../core/struct-check';
import { configMapKeyErrors, dns1123SubdomainErrors } from '../kubernetes/name-rules';

type Shape = t.StructShape<StorageCtx>;
type Check = t.Check<StorageCtx>;

export const TLS_VERSIONS = ['TLSv1.2', 'TLSv1.3'];
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
/** RFC 9110 `token`: what an HTTP header name is made of. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A Kubernetes object name (a ConfigMap's or a Secret's): a DNS-1123 subdomain. */
function objectName(kind: string): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
    const errs = dns1123SubdomainErrors(v);
    if (errs.length > 0) report(ctx, path, `${show(v)} is not a valid ${kind} name: ${errs.join('; ')}`, `use the ${kind}'s name: lower-case letters, digits, '-' and '.'`);
  };
}

function configMapKey(): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
    const errs = configMapKeyErrors(v);
    if (errs.length > 0) report(ctx, path, `${show(v)} is not a valid ConfigMap key: ${errs.join('; ')}`, "use letters, digits, '-', '_' and '.' (e.g. ca.crt)");
  };
}

/** A number of seconds (or a count): finite, at least `min` (above it with `exclusive`). */
function seconds(min: number, exclusive: boolean): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      report(ctx, path, `must be a number, not ${typeof v === 'string' ? show(v) : t.describe(v)}`, 'write a number of seconds, e.g. 30');
    } else if (exclusive ? v <= min : v < min) {
      report(ctx, path, `must be ${exclusive ? 'greater than' : 'at least'} ${min}`, `use a number ${exclusive ? 'above' : 'of at least'} ${min}`);
    }
  };
}

function httpUrl(): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
    if (!/^https?:\/\/[^\s/:]+/i.test(v)) report(ctx, path, `${show(v)} is not an http(s) URL`, 'write the proxy URL with its scheme, e.g. http://proxy.example.com:3128');
  };
}

const CA_CERTIFICATE = struct<StorageCtx>({
  fields: [
    { name: 'configMapName', check: objectName('ConfigMap'), required: true, hint: '<ConfigMap name>' },
    { name: 'key', check: configMapKey() },
  ],
});

const TLS: Shape = {
  fields: [
    { name: 'verify', check: bool() },
    { name: 'caCertificate', check: CA_CERTIFICATE },
    { name: 'minVersion', check: str({ enum: TLS_VERSIONS }) },
    { name: 'ciphers', check: list(str({ minLength: 1, hint: 'an OpenSSL cipher suite, e.g. ECDHE+AESGCM' }), { minItems: 1 }) },
    { name: 'clientCertificateSecret', check: objectName('Secret') },
  ],
  rules: [(o, path, ctx) => {
    if (get(o, 'verify') === false && has(o, 'caCertificate')) {
      report(ctx, childPath(path, 'caCertificate'), 'a CA is of no use with verify: false', 'drop caCertificate, or drop verify: false');
    }
  }],
};

const PROXY: Shape = {
  fields: [
    { name: 'url', check: httpUrl() },
    { name: 'http', check: httpUrl() },
    { name: 'https', check: httpUrl() },
    { name: 'caCertificate', check: CA_CERTIFICATE },
    { name: 'noProxy', check: list(str({ minLength: 1, hint: 'a host, a .domain or an address' })) },
    { name: 'noProxyClusterDomains', check: bool() },
  ],
  rules: [(o, path, ctx) => {
    if (has(o, 'url') && (has(o, 'http') || has(o, 'https'))) {
      report(ctx, childPath(path, 'url'), "the release refuses url together with http or https ('Cannot specify both')", 'keep url (both schemes), or http and https');
    } else if (!has(o, 'url') && !has(o, 'http') && !has(o, 'https')) {
      report(ctx, path, 'a proxy needs url, http or https', 'add url: http://<proxy>:<port>');
    }
  }],
};

const TIMEOUTS: Shape = {
  fields: [
    { name: 'connectSeconds', check: seconds(0, true) },
    { name: 'readSeconds', check: seconds(0, true) },
  ],
  rules: [(o, path, ctx) => {
    if (!has(o, 'connectSeconds') && !has(o, 'readSeconds')) report(ctx, path, 'sets no timeout', 'add connectSeconds or readSeconds, or remove timeouts');
  }],
};

const LIMITS: Shape = {
  fields: [
    { name: 'maxConnections', check: int({ min: 1 }) },
    { name: 'maxKeepaliveConnections', check: int({ min: 0 }) },
    { name: 'keepaliveExpirySeconds', check: seconds(0, false) },
  ],
};

/** A header name, and a plain value without line breaks that is no credential in plain text. */
function plainHeader(v: unknown, path: string, ctx: StorageCtx): void {
  if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
  if (/[\r\n\0]/.test(v)) report(ctx, path, 'a header value cannot hold a line break', 'write the value on one line');
}

function headerRules(o: Obj, path: string, ctx: StorageCtx): void {
  const headers = get(o, 'headers');
  const secrets = get(o, 'secretHeaders');
  const seen = new Map<string, string>();
  for (const [field, map] of [['headers', headers], ['secretHeaders', secrets]] as const) {
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) {
      const at = childPath(childPath(path, field), name);
      if (!HEADER_NAME.test(name)) report(ctx, at, `${show(name)} is not an HTTP header name`, "use letters, digits and !#$%&'*+-.^_`|~ (e.g. X-Tenant)");
      const other = seen.get(name.toLowerCase());
      if (other !== undefined) report(ctx, at, `header ${show(name)} is also ${other} (header names ignore case)`, 'set each header once');
      else seen.set(name.toLowerCase(), at);
      const value = map[name];
      if (field === 'headers' && !ctx.allowPlaintextCredentials && typeof value === 'string' && value !== ''
        && (isCredentialKey(name) || /^(proxy-)?authorization$|^cookie$/i.test(name) || looksLikeCredential(value))) {
        report(ctx, at, `header ${show(name)} carries a credential in plain text (${describeSecretValue(value)}, not shown): it would be written as is into the generated config`,
          `put it in a Secret: headers: { ${show(name)}: SecretRef.fromSecretName(<secret>, <key>) } (secretHeaders in a v1alpha2 spec)`);
      }
    }
  }
}

/** `network` of a provider. */
export const PROVIDER_NETWORK: Check = struct<StorageCtx>({
  fields: [
    { name: 'tls', check: struct(TLS) },
    { name: 'proxy', check: struct(PROXY) },
    { name: 'timeoutSeconds', check: seconds(0, true) },
    { name: 'timeouts', check: struct(TIMEOUTS) },
    { name: 'headers', check: mapOf(plainHeader, 1) },
    { name: 'secretHeaders', check: mapOf(struct(SECRET_KEY_REF), 1) },
    { name: 'limits', check: struct(LIMITS) },
  ],
  rules: [headerRules, (o, path, ctx) => {
    if (has(o, 'timeoutSeconds') && has(o, 'timeouts')) {
      report(ctx, childPath(path, 'timeouts'), 'timeoutSeconds and timeouts both set the timeout', 'keep one: timeoutSeconds for all, or timeouts for connect and read');
    }
  }],
});

/** `postgresTls` of a provider (pgvector). */
export const POSTGRES_TLS: Check = struct<StorageCtx>({
  fields: [
    { name: 'sslMode', check: str({ enum: SSL_MODES }) },
    { name: 'caCertificate', check: CA_CERTIFICATE },
  ],
  rules: [(o, path, ctx) => {
    if (!has(o, 'sslMode') && !has(o, 'caCertificate')) report(ctx, path, 'sets nothing', 'add sslMode or caCertificate, or remove postgresTls');
  }],
});

/** `postgresTls` is pgvector's. */
export function providerNetworkRules(o: Obj, path: string, ctx: StorageCtx): void {
  const type = get(o, 'provider');
  if (has(o, 'postgresTls') && typeof type === 'string' && type !== 'pgvector' && type !== 'remote::pgvector') {
    report(ctx, childPath(path, 'postgresTls'), `postgresTls is for pgvector, not ${show(type)}`, 'remove postgresTls');
  }
}
