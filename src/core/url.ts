/**
 * URL rules every layer shares. Credentials in URLs are found by credential-keys.ts
 * (`urlCredentials`) and described by redact.ts (`quoteUrl`); these say whether a string is a
 * URL the server can use at all.
 */

/** True when the text holds a `${env.X}` reference, which the server substitutes at start-up. */
export function hasEnvReference(v: string): boolean {
  return v.includes('${env.');
}

/** An http(s) URL with a host and no whitespace, parsed; undefined for anything else. */
export function parseHttpUrl(v: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.host === '' || /\s/.test(v)) return undefined;
  return parsed;
}

/** Starts like an http(s) URL: `http://` or `https://` and a host character (the providers' endpoint rule). */
export function startsLikeHttpUrl(v: string): boolean {
  return /^https?:\/\/[^\s/]/.test(v);
}

/** Four dot-separated groups of one to three digits, each captured: an IPv4 address's shape (the octets' range is the caller's). */
export const IPV4_SHAPE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
