/**
 * Which names carry credentials, defined once: provider config keys (`settings`, `secretRefs`,
 * external providers' `config`), env var names and URL query parameters. The redaction rule
 * (redact.ts) and the plaintext-credential rule (validate-spec.ts) both read this list. Pure.
 */
import { setBounded } from './frozen-memo';

/**
 * Credential words, in snake_case. A name is a credential when, normalized (camelCase and
 * `-`/`.` become `_`, lower case), it is one of these or ends with `_<word>`: `api_key`, `apiKey`,
 * `OPENAI_API_KEY`, `x-api-key`, `db_password`, `hf_token`, `aws_secret_access_key`, `clientSecret`.
 */
export const CREDENTIAL_WORDS: readonly string[] = [
  'api_key', 'apikey', 'api_token', 'token', 'password', 'passwd', 'passphrase', 'secret', 'secret_key', 'access_key',
  'private_key', 'credentials', 'credential', 'authorization', 'connection_string',
];

/** Names that end like a credential but are not one (tokenizer special tokens). */
const NOT_CREDENTIALS = /^(pad|eos|bos|unk|sep|cls|mask|stop|start|end)_token$/;

/**
 * Query parameters that carry credentials besides the credential words: API keys (`key`), URL
 * signatures (`sig`, `signature`, S3 and GCS presigned URLs).
 */
const CREDENTIAL_QUERY_PARAMS: readonly string[] = [
  'key', 'sig', 'signature', 'x_amz_signature', 'x_amz_credential', 'x_amz_security_token', 'x_goog_signature', 'x_goog_credential',
];

/** `apiKey`, `API-Key`, `APIKey` → `api_key`. */
export function normalizeKey(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** True when `name` (a config key or an env var name) names a credential. Case-insensitive, suffixes too. */
export function isCredentialKey(name: string): boolean {
  if (typeof name !== 'string' || name.length > 200) return false;
  let hit = CREDENTIAL_KEYS.get(name);
  if (hit === undefined) {
    const n = normalizeKey(name);
    hit = !NOT_CREDENTIALS.test(n) && CREDENTIAL_WORDS.some((w) => n === w || n.endsWith(`_${w}`));
    setBounded(CREDENTIAL_KEYS, name, hit, CREDENTIAL_KEYS_MAX);
  }
  return hit;
}

/** Config keys and env names repeat across configs and distributions: each is judged once. */
const CREDENTIAL_KEYS = new Map<string, boolean>();
const CREDENTIAL_KEYS_MAX = 8192;

/** `${env.NAME}` (or `${env.NAME:=}`): a value the server reads from its env, not a plaintext one. */
export function isEnvReference(v: string): boolean {
  return /^\$\{env\.[A-Za-z_][A-Za-z0-9_]*(:=)?\}$/.test(v.trim());
}

/** What credentials a URL holds in its text. */
export type UrlCredentials = 'password' | 'query';

/**
 * Credentials written into a URL: a password in its user info (`scheme://user:password@host`), or
 * a query parameter that carries one (`?api_key=`, `token=`, `key=`, `access_token=`,
 * `password=`, `sig=`…). A `${env.X}` reference in their place is not one. Strings that are not
 * `scheme://` URLs hold none.
 */
export function urlCredentials(v: unknown): UrlCredentials | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\s*[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/.exec(v);
  if (!m) return undefined;
  if (userinfoPassword(m[1])) return 'password';
  const query = m[3];
  if (query !== undefined) {
    for (const pair of query.slice(1).split(/[&;]/)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = safeDecode(pair.slice(0, eq));
      const value = safeDecode(pair.slice(eq + 1));
      if (value === '' || isEnvReference(value)) continue;
      if (isCredentialKey(name) || CREDENTIAL_QUERY_PARAMS.includes(normalizeKey(name))) return 'query';
    }
  }
  return undefined;
}

/**
 * True for a host field that holds more than a host: user info (`user:password@db`) or a whole URL
 * with a password in it.
 */
export function hostHoldsCredentials(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  if (urlCredentials(v) !== undefined) return true;
  const authority = v.replace(/^\s*[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\//, '').split(/[/?#]/)[0];
  return userinfoPassword(authority);
}

/** True when an authority (`user:password@host:port`) has a non-empty password that is not a `${env.X}` reference. */
function userinfoPassword(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (at < 0) return false;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  const password = colon >= 0 ? userinfo.slice(colon + 1) : '';
  return password !== '' && !isEnvReference(password);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Well-known credential shapes: PEM blocks, provider key prefixes, JWTs, bearer headers. */
const CREDENTIAL_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z0-9 ]*-----/,
  /\b(?:sk|pk|rk)[-_](?:(?:live|test|proj|ant|or)[-_])?[A-Za-z0-9_-]{16,}/,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bglpat-[A-Za-z0-9_-]{16,}/,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  /\bhf_[A-Za-z0-9]{20,}/,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./,
  /^\s*Bearer\s+\S{8,}/i,
];

/**
 * True for text that looks like a key, a token or a PEM block, whatever field it was typed into:
 * a well-known credential shape, or a long random-looking run (24+ characters of base64 mixing
 * upper case, lower case and digits, or 32+ hex digits that are not an image digest). Messages
 * describe such a value, never quote it.
 */
export function looksLikeCredential(v: unknown): boolean {
  if (typeof v !== 'string' || v.length < 16) return false;
  const text = v.length > 4096 ? v.slice(0, 4096) : v;
  if (CREDENTIAL_SHAPES.some((re) => re.test(text))) return true;
  for (const run of text.match(/[A-Za-z0-9+/=]{24,}/g) ?? []) {
    if (/[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run)) return true;
  }
  const hex = text.replace(/sha(?:256|512):[0-9a-f]+/gi, '');
  return /[0-9a-f]{32,}/i.test(hex) && /(?:^|[^0-9a-z])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{32,}(?:$|[^0-9a-z])/i.test(hex);
}

/** `scheme://user:password@` anywhere in a text; the password is group 2. */
const URL_PASSWORD = /([A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s/?#@:]*:)([^\s/?#@]+)@/g;

/**
 * `text` with every URL password (`scheme://user:password@`, anywhere in it, not only at the
 * start) replaced by `***`. A `${env.X}` reference in its place is kept.
 */
export function maskUrlPasswords(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_PASSWORD, (whole, head: string, password: string) => (isEnvReference(password) ? whole : `${head}***@`));
}

/**
 * `${env.NAME}` with an optional default (`${env.NAME:=ogx}`, as the images' own configs write
 * them) whose default is no credential by its shape: a value the server reads from its env.
 */
export function isEnvReferenceWithPlainDefault(v: string): boolean {
  const m = /^\s*\$\{env\.[A-Za-z_][A-Za-z0-9_]*(?::[=+]([^}]*))?\}\s*$/.exec(v);
  if (!m) return false;
  const fallback = m[1] ?? '';
  return fallback === '' || (!looksLikeCredential(fallback) && urlCredentials(fallback) === undefined && maskUrlPasswords(fallback) === fallback);
}

/**
 * The one rule for a value typed into a slot that is not a credential's (an env value, a Secret's
 * key, an issuer, a model name): what credential it holds by its text, or undefined. A URL with a
 * password or a credential query parameter (at the start or anywhere in the text), a well-known
 * key or token shape, or a long random-looking run (looksLikeCredential). With `shapesOnly`, no
 * guess at random runs (a slot where long mixed-case paths are common: env values).
 */
export function credentialInText(v: unknown, shapesOnly = false): string | undefined {
  if (typeof v !== 'string' || v === '') return undefined;
  const url = urlCredentials(v);
  if (url === 'query') return 'a URL with a credential query parameter';
  if (url === 'password' || maskUrlPasswords(v) !== v) return 'a URL with a password (user:password@)';
  const looks = shapesOnly ? hasCredentialShape(v) : looksLikeCredential(v);
  return looks ? 'what looks like a key or a token' : undefined;
}

/** A private key block: a certificate (`BEGIN CERTIFICATE`) is public. */
const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/g;

/** CREDENTIAL_SHAPES as global patterns, for masking inside a text (the bearer one is anchored: left out). */
const SHAPES_IN_TEXT: readonly RegExp[] = CREDENTIAL_SHAPES.slice(0, -1).map((re) => new RegExp(re.source, 'g'));

/** The key and token shapes (SHAPES_IN_TEXT without the PEM header), and one pattern that finds whether any occurs. */
const KEY_SHAPES = SHAPES_IN_TEXT.slice(1);
const ANY_KEY_SHAPE = new RegExp(KEY_SHAPES.map((re) => `(?:${re.source})`).join('|'));

/**
 * The credentials `text` holds by a well-known shape (a provider key prefix, a JWT, a private
 * key block: CREDENTIAL_SHAPES without the guess at random runs, and without public
 * certificates) or as a URL password anywhere in it (`scheme://user:password@`), as found:
 * certain enough to refuse in any slot, a rendered object's text included.
 */
export function credentialsIn(text: string): string[] {
  if (typeof text !== 'string' || text.length < 8) return [];
  const found: string[] = [];
  // Each scan runs only where its pattern can match: most strings of an object hold none of these.
  if (text.includes('://') && text.includes('@')) {
    for (const m of text.matchAll(URL_PASSWORD)) if (!isEnvReference(m[2])) found.push(m[0]);
  }
  if (text.includes('-----BEGIN ')) for (const m of text.matchAll(PRIVATE_KEY_BLOCK)) found.push(m[0]);
  if (ANY_KEY_SHAPE.test(text)) for (const re of KEY_SHAPES) for (const m of text.matchAll(re)) found.push(m[0]);
  return found;
}

/** True when `text` holds a credential by its shape or a URL password (`credentialsIn`). */
export function hasCredentialShape(text: string): boolean {
  return credentialsIn(text).length > 0;
}


/**
 * `text` with every credential in it masked: URL passwords become `***`, and each run of a
 * well-known key or token shape becomes `<credential, not shown>`. For messages built from
 * free text the user wrote (a config key, a path through a config).
 */
export function maskCredentials(text: string): string {
  let out = maskUrlPasswords(text);
  for (const re of SHAPES_IN_TEXT) out = out.replace(re, '<credential, not shown>');
  return out;
}
