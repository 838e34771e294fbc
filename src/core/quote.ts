/**
 * User values in messages: short, escaped, one line. A problem echoes what the user wrote, and the
 * user may have written 50 MB, a newline that would start a fake problem line, or a terminal
 * escape sequence; these helpers never throw and never return more than a few hundred characters.
 */
import { looksLikeCredential, maskUrlPasswords } from './credential-keys';

/** Characters of a string shown before it is cut (its total length is given after the cut). */
export const QUOTE_MAX = 60;

/** Longest line `oneLine` returns (longer lines keep their start and end). */
export const LINE_MAX = 2000;

/**
 * Control characters (C0, DEL, C1), the Unicode line and paragraph separators, lone surrogates
 * and the bidirectional controls: escaped so a printed line stays one line and shows what it holds.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT_ESCAPES: { [c: string]: string } = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function escapeChar(c: string): string {
  return SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` with control and line-breaking characters escaped JSON-style (`\n`, `\u001b`); the rest as is. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** The first `max` UTF-16 units of `s`, not splitting a surrogate pair. */
function head(s: string, max: number): string {
  const cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** The last `max` UTF-16 units of `s`, not splitting a surrogate pair. */
function tail(s: string, max: number): string {
  if (max <= 0) return '';
  const cut = s.slice(-max);
  const first = cut.charCodeAt(0);
  return first >= 0xdc00 && first <= 0xdfff ? cut.slice(1) : cut;
}

/** JSON-style quoting, with the separators and bidi controls JSON.stringify leaves raw escaped too. */
function quoteString(s: string): string {
  return JSON.stringify(s).replace(UNSAFE, escapeChar);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      // A key, a token or a PEM block is never quoted, whichever field it was typed into.
      if (looksLikeCredential(value)) return `a value that looks like a credential (a string of ${plural(value.length, 'character', 'characters')}, not shown)`;
      // Nor is a URL's password (`scheme://user:password@`), wherever it is in the text.
      const masked = maskUrlPasswords(value);
      if (masked.length <= QUOTE_MAX) return quoteString(masked);
      // Character by character: escaping lengthens some (a control character becomes six).
      let shown = '';
      for (const c of head(masked, QUOTE_MAX)) {
        const escaped = quoteString(c).slice(1, -1);
        if (shown.length + escaped.length > QUOTE_MAX) break;
        shown += escaped;
      }
      return `"${shown}…" (${value.length} characters)`;
    }
    case 'number': return `the number ${String(value)}`;
    case 'boolean': return `the boolean ${String(value)}`;
    case 'bigint': {
      const digits = value.toString();
      return digits.length <= 30 ? `the integer ${digits}` : `an integer of ${digits.length} digits`;
    }
    case 'undefined': return 'nothing';
    case 'symbol': return 'a symbol';
    case 'function': return 'a function';
    default:
      if (value === null) return 'null';
      if (Array.isArray(value)) return `an array of ${plural(value.length, 'item', 'items')}`;
      return `an object with ${plural(Object.keys(value as object).length, 'key', 'keys')}`;
  }
}

/**
 * A user value for a message: a string quoted and escaped as JSON would (`"my-stack"`), cut after
 * QUOTE_MAX characters with an ellipsis and its length (`"xxxx…" (52428800 characters)`); any other
 * value described (`the number 3`, `an object with 2 keys`, `an array of 4 items`). Never throws,
 * not for BigInts, symbols, proxies or cyclic data.
 */
export function quoteValue(value: unknown): string {
  try {
    return describeValue(value);
  } catch {
    return 'a value that cannot be shown';
  }
}

/**
 * `text` as one printable line: control characters escaped, and a line longer than `max` cut in
 * the middle (start and end kept, the number of characters left out said).
 */
export function oneLine(text: string, max: number = LINE_MAX): string {
  if (text.length <= max) return escapeControls(text);
  const keepHead = Math.ceil(max * 0.6);
  const keepTail = max - keepHead;
  const start = head(text, keepHead);
  const end = tail(text, keepTail);
  const omitted = text.length - start.length - end.length;
  return `${escapeControls(start)} …[${omitted} ${omitted === 1 ? 'character' : 'characters'} left out]… ${escapeControls(end)}`;
}
