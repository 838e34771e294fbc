/**
 * `server`: the port the container listens on, workers, the serving certificate and, on OGX 1.2+,
 * the TLS settings (`tls_config.ciphers`, `hsts_max_age`) and `tenancy`. On an OGX 1.2+ image
 * whose entrypoint does not pass `--insecure` (1.2.0), plain HTTP also needs
 * `server.insecure: true`, which is what the later entrypoints set.
 */
import { TargetGeneration } from './generation';
import { JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { mapOf } from '../core/writable-json';
import { containerPort } from '../releases/pod-env';
import { FIPS_CIPHERS } from '../releases/startup/server-tls';
import { TENANT_ID } from '../releases/startup/tenancy';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** How the server partitions data between tenants (`server.tenancy.mode`, OGX 1.2+). */
export enum TenancyMode {
  /** No partitioning (the release's default). */
  DISABLED = 'disabled',
  /** Every request belongs to `defaultTenantId`. */
  SINGLE = 'single',
  /**
   * The tenant comes from the caller's authentication: the auth provider's `tenantClaim`
   * (oauth2 and kubernetes tokens), `tenantField` (custom) or `tenantHeader` (upstream header).
   * A request whose tenant does not resolve is answered 401.
   */
  MULTI = 'multi',
}

/** Multi-tenancy isolation (`server.tenancy`, OGX 1.2+). */
export interface TenancyOptions {
  /** `disabled`, `single` or `multi`. */
  readonly mode: TenancyMode;
  /**
   * The tenant of every request in `single` mode (`default_tenant_id`, required there): lower-case
   * letters, digits, `-` and `_`, up to 128 characters, starting with a letter or digit.
   * @default - none
   */
  readonly defaultTenantId?: string;
}

/** The TLS settings of a server that serves HTTPS itself (OGX 1.2+). */
export interface ServerTlsSettings {
  /**
   * TLS 1.2 cipher suites (`server.tls_config.ciphers`, OpenSSL names): FIPS-approved AES-GCM
   * suites only, at least one. List them for FIPS on images whose entrypoint passes `--insecure`
   * (1.2.1 and later): the release skips its FIPS defaults there.
   * @default - the six FIPS suites where the release checks; Python's defaults under `--insecure`
   */
  readonly ciphers?: string[];
  /**
   * HSTS `max-age` in seconds (`server.hsts_max_age`, 0 turns HSTS off).
   * @default 31536000
   */
  readonly hstsMaxAgeSeconds?: number;
}

/** Where problems of the generation's options are found (the constructs say them at `props.tls`, `props.tenancy`). */
export const TLS_PATH = 'options.serverTls';
export const TENANCY_PATH = 'options.tenancy';

export function applyServer(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, serverTlsDir: string | undefined,
  tlsSettings?: ServerTlsSettings, entrypointInsecure: boolean = g.target.entrypointPassesInsecure): void {
  const server = mapOf(config, 'server');
  server.port = containerPort(spec, g.target);
  if (spec.networking?.port !== undefined) g.wrote('server.port', 'spec.networking.port');
  if (spec.workload?.workers) {
    server.workers = spec.workload.workers;
    g.wrote('server.workers', 'spec.workload.workers');
  }
  if (serverTlsDir) {
    server.tls_certfile = `${serverTlsDir}/tls.crt`;
    server.tls_keyfile = `${serverTlsDir}/tls.key`;
    g.wrote('server.tls_certfile', 'spec.networking.tls');
    g.wrote('server.tls_keyfile', 'spec.networking.tls');
  } else if (g.rules.strictTls && !entrypointInsecure && !(server.tls_certfile && server.tls_keyfile)) {
    server.insecure = true;
  }
  applyTlsSettings(g, server, serverTlsDir, tlsSettings);
}

const strictTlsTargets = (g: TargetGeneration, what: string, otherwise: string): string =>
  g.targetsFix((t) => t._release.rules.strictTls === true, what, otherwise);

function applyTlsSettings(g: TargetGeneration, server: JsonObject, serverTlsDir: string | undefined, s: ServerTlsSettings | undefined): void {
  if (!s || (s.ciphers === undefined && s.hstsMaxAgeSeconds === undefined)) return;
  const set = [...(s.ciphers !== undefined ? ['ciphers'] : []), ...(s.hstsMaxAgeSeconds !== undefined ? ['hstsMaxAgeSeconds'] : [])];
  if (!g.rules.strictTls) {
    for (const k of set) {
      g.problem(`${TLS_PATH}.${k}`, `${g.target.description} has no server TLS settings (tls_config, hsts_max_age are new in OGX 1.2)`,
        strictTlsTargets(g, 'the TLS settings', `remove ${k}`));
    }
    return;
  }
  if (!serverTlsDir) {
    for (const k of set) {
      g.problem(`${TLS_PATH}.${k}`, 'the server TLS settings only apply when the server serves HTTPS itself', 'set tls.secretName (a kubernetes.io/tls Secret), or remove it');
    }
    return;
  }
  if (s.ciphers !== undefined) {
    const path = `${TLS_PATH}.ciphers`;
    const invalid = [...new Set(s.ciphers)].filter((c) => !FIPS_CIPHERS.includes(c)).sort();
    if (s.ciphers.length === 0) {
      // The release refuses it (validate_fips_tls); under the entrypoint's --insecure it would
      // silently fall back to uvicorn's default ciphers instead.
      g.problem(path, 'At least one cipher suite must be specified (an empty list is fatal at start-up where the release checks it, and means the TLS library\'s defaults where it does not)',
        'leave ciphers out (the six FIPS suites), or list some of them');
    } else if (invalid.length > 0) {
      g.problem(path, `FIPS-approved ciphers required. Invalid: [${invalid.map((x) => `'${x}'`).join(', ')}] (${g.target.description} accepts only FIPS AES-GCM suites; an image whose entrypoint passes --insecure skips the check and would serve them)`,
        `use only: ${FIPS_CIPHERS.join(', ')}`);
    } else {
      mapOf(server, 'tls_config').ciphers = [...s.ciphers];
      g.wrote('server.tls_config', path);
    }
  }
  if (s.hstsMaxAgeSeconds !== undefined) {
    const path = `${TLS_PATH}.hstsMaxAgeSeconds`;
    if (!Number.isInteger(s.hstsMaxAgeSeconds) || s.hstsMaxAgeSeconds < 0) {
      g.problem(path, `hsts_max_age must be an integer ≥ 0, not ${s.hstsMaxAgeSeconds}`, 'write a number of seconds (0 turns HSTS off), or leave it out (31536000)');
    } else {
      server.hsts_max_age = s.hstsMaxAgeSeconds;
      g.wrote('server.hsts_max_age', path);
    }
  }
}

/** Auth provider type → the option that yields a tenant. */
const TENANT_OPTION: { [type: string]: string } = { oauth2_token: 'tenantClaim', kubernetes: 'tenantClaim', custom: 'tenantField', upstream_header: 'tenantHeader' };
const TENANT_KEY: { [type: string]: string } = { oauth2_token: 'tenant_claim', kubernetes: 'tenant_claim', custom: 'tenant_field', upstream_header: 'tenant_header' };

/** `server.tenancy`, once `server.auth` is written (`multi` needs a provider that yields a tenant). */
export function applyTenancy(g: TargetGeneration, config: JsonObject, t: TenancyOptions | undefined): void {
  if (!t) return;
  const server = mapOf(config, 'server');
  if (!g.rules.tenancy) {
    g.problem(TENANCY_PATH, `${g.target.description} has no tenancy (server.tenancy is new in OGX 1.2)`,
      g.targetsFix((x) => x._release.rules.tenancy === true, 'tenancy', 'remove tenancy'));
    return;
  }
  const modes = Object.values(TenancyMode) as string[];
  if (!modes.includes(t.mode)) {
    g.problem(`${TENANCY_PATH}.mode`, `${quoteValue(t.mode)} is not a tenancy mode`, 'use TenancyMode.DISABLED, TenancyMode.SINGLE or TenancyMode.MULTI');
    return;
  }
  const id = t.defaultTenantId;
  let ok = true;
  if (t.mode === TenancyMode.SINGLE && (id === undefined || id === '')) {
    g.problem(`${TENANCY_PATH}.defaultTenantId`, "default_tenant_id is required when tenancy mode is 'single'", 'name the tenant every request belongs to, e.g. defaultTenantId: \'team-a\'');
    ok = false;
  }
  if (id !== undefined && id !== '' && !TENANT_ID.test(id)) {
    g.problem(`${TENANCY_PATH}.defaultTenantId`, `tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: ${quoteValue(id)}`,
      'use lower-case letters, digits, - and _ (up to 128), starting with a letter or digit');
    ok = false;
  }
  if (t.mode === TenancyMode.MULTI) {
    const pc = server.auth && typeof server.auth === 'object' && !Array.isArray(server.auth) ? (server.auth as JsonObject).provider_config : undefined;
    const type = pc && typeof pc === 'object' && !Array.isArray(pc) ? (pc as JsonObject).type : undefined;
    const key = typeof type === 'string' ? TENANT_KEY[type] : undefined;
    const v = key ? (pc as JsonObject)[key] : undefined;
    if (typeof v !== 'string' || v === '') {
      g.problem(`${TENANCY_PATH}.mode`, "tenancy mode 'multi' answers 401 to every request whose tenant does not resolve from authentication, and no auth provider here yields a tenant",
        typeof type === 'string' && TENANT_OPTION[type]
          ? `set ${TENANT_OPTION[type]} on the ServerAuth factory (${key})`
          : 'set auth to a ServerAuth that yields a tenant (oauth2Jwks / oauth2Introspection / kubernetes with tenantClaim, custom with tenantField, upstreamHeader with tenantHeader), or use TenancyMode.SINGLE');
      ok = false;
    }
  }
  if (!ok) return;
  const out: JsonObject = { mode: t.mode };
  if (id !== undefined && id !== '') out.default_tenant_id = id;
  server.tenancy = out;
  g.wrote('server.tenancy', TENANCY_PATH);
}
