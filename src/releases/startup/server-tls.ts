/**
 * OGX 1.2+ strict TLS (#5603), in the order the release applies it:
 * - `StackConfig` time (`core/server_tls.py` `validate_fips_tls`, v1.3.0:37-54): with both TLS
 *   files set and `insecure` off, `tls_config.ciphers` must be FIPS AES-GCM suites (unset means
 *   all six; an empty list is fatal);
 * - the CLI launch (`cli/stack/run.py` `_uvicorn_run`, v1.3.0:199-219): without the pair, the
 *   server exits "TLS required" unless `server.insecure` is set or the image entrypoint passes
 *   `--insecure` (which writes `server.insecure: true` before parsing, v1.3.0:161-164; images
 *   from 1.2.1 do, 1.2.0 does not);
 * - the app factory (`core/server/server.py` `validate_auth_security`, v1.3.0:304-323):
 *   `verify_tls: false` on an auth provider is fatal unless insecure, then only a warning.
 */
import { mapping, show, StartupContext } from './context';
import { getOwn, JsonObject, JsonValue } from '../../core/json';

/** `FIPS_APPROVED_CIPHERS` (`core/server_tls.py`, v1.3.0:16-23). */
export const FIPS_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'DHE-RSA-AES128-GCM-SHA256',
  'DHE-RSA-AES256-GCM-SHA384',
];

const INSECURE_FIX = 'serve HTTPS (spec.networking.tls), or set server.insecure: true behind a gateway that terminates TLS, or use an image whose entrypoint passes --insecure (OGX 1.2.1 and later)';

/** pydantic's lax bool: true/false, 0/1, and the strings it accepts. */
export function laxBool(v: JsonValue | undefined): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  if (['1', 'true', 't', 'yes', 'y', 'on'].includes(s)) return true;
  if (['0', 'false', 'f', 'no', 'n', 'off'].includes(s)) return false;
  return undefined;
}

/** `server.insecure` as the server reads it, with the entrypoint's `--insecure`. */
export function runsInsecure(c: StartupContext): boolean {
  if (c.facts.insecureFlag === true) return true;
  const server = mapping(getOwn(c.doc, 'server'));
  return laxBool(server ? getOwn(server, 'insecure') : undefined) === true;
}

function bothTlsFiles(server: JsonObject | undefined): boolean {
  const set = (k: string) => { const v = server ? getOwn(server, k) : undefined; return typeof v === 'string' && v !== ''; };
  return set('tls_certfile') && set('tls_keyfile');
}

function modelFields(c: StartupContext, server: JsonObject): void {
  const insecure = getOwn(server, 'insecure');
  if (insecure !== undefined && laxBool(insecure) === undefined) {
    c.findings.fatal('server.insecure', `server.insecure must be a boolean, not ${show(insecure)}`, 'write insecure: true or false, or leave it out', c.envAt('server.insecure'));
  }
  const hsts = getOwn(server, 'hsts_max_age');
  // pydantic's lax int: an integral number or a string of digits.
  const hstsNumber = typeof hsts === 'number' ? hsts : typeof hsts === 'string' && /^\s*[+-]?\d+\s*$/.test(hsts) ? Number(hsts) : undefined;
  if (hsts !== undefined && !(hstsNumber !== undefined && Number.isInteger(hstsNumber) && hstsNumber >= 0)) {
    c.findings.fatal('server.hsts_max_age', `hsts_max_age must be an integer ≥ 0, not ${show(hsts)}`, 'write a number of seconds (0 turns HSTS off), or leave it out (31536000)');
  }
  const tlsConfig = getOwn(server, 'tls_config');
  if (tlsConfig === undefined || tlsConfig === null) return;
  const tc = mapping(tlsConfig);
  if (!tc) {
    c.findings.fatal('server.tls_config', `tls_config must be a mapping, not ${show(tlsConfig)}`, 'write tls_config: {ciphers: [...]}, or leave it out');
    return;
  }
  const ciphers = getOwn(tc, 'ciphers');
  if (ciphers === undefined || ciphers === null) return;
  if (!Array.isArray(ciphers) || ciphers.some((x) => typeof x !== 'string')) {
    c.findings.fatal('server.tls_config.ciphers', `ciphers must be a list of OpenSSL cipher names, not ${show(ciphers)}`, `list some of: ${FIPS_CIPHERS.join(', ')}`);
    return;
  }
  // validate_fips_tls only applies when the server would serve HTTPS with the FIPS rules on.
  if (c.facts.insecureFlag === true || laxBool(insecure) === true || !bothTlsFiles(server)) return;
  if (ciphers.length === 0) {
    c.findings.fatal('server.tls_config.ciphers', 'At least one cipher suite must be specified.', 'leave ciphers out (the six FIPS suites), or list some of them');
    return;
  }
  const invalid = [...new Set(ciphers as string[])].filter((x) => !FIPS_CIPHERS.includes(x)).sort();
  if (invalid.length > 0) {
    c.findings.fatal('server.tls_config.ciphers', `FIPS-approved ciphers required. Invalid: [${invalid.map((x) => `'${x}'`).join(', ')}]`, `use only: ${FIPS_CIPHERS.join(', ')}`);
  }
}

function cliGate(c: StartupContext, server: JsonObject | undefined): void {
  // One file of the pair is already fatal (see stack-config's server check).
  const set = (k: string) => { const v = server ? getOwn(server, k) : undefined; return typeof v === 'string' && v !== ''; };
  if (set('tls_certfile') || set('tls_keyfile') || runsInsecure(c)) return;
  c.findings.fatal('server', "TLS required: set tls_certfile/tls_keyfile in server config or pass '--insecure' to disable. (neither server.insecure nor the image entrypoint's --insecure is set)", INSECURE_FIX);
}

function authVerifyTls(c: StartupContext, server: JsonObject | undefined): void {
  const auth = server ? mapping(getOwn(server, 'auth')) : undefined;
  const pc = auth ? mapping(getOwn(auth, 'provider_config')) : undefined;
  // Only oauth2_token and kubernetes have the field (hasattr in the server).
  const type = pc ? getOwn(pc, 'type') : undefined;
  if (!pc || (type !== 'oauth2_token' && type !== 'kubernetes') || laxBool(getOwn(pc, 'verify_tls')) !== false) return;
  const path = 'server.auth.provider_config.verify_tls';
  if (runsInsecure(c)) {
    c.findings.warn(path, 'TLS verification is disabled in auth provider config (verify_tls=False): tokens are checked over an unverified connection', 'give the provider its CA (tls_cafile) and turn verify_tls back on');
  } else {
    c.findings.fatal(path, "FATAL: verify_tls=False in auth provider config. TLS verification is required. Use '--insecure' to override.", 'give the provider its CA (tls_cafile) and turn verify_tls on, or set server.insecure: true');
  }
}

/** Every strict-TLS rule of the release (nothing before OGX 1.2). */
export function checkStrictTls(c: StartupContext): void {
  if (!c.rules.strictTls) return;
  const server = mapping(getOwn(c.doc, 'server'));
  if (server) modelFields(c, server);
  cliGate(c, server);
  authVerifyTls(c, server);
}
