/**
 * How go-yaml v2 (the library under sigs.k8s.io/yaml, which the operator uses) reads an
 * untagged plain scalar: YAML 1.1 booleans, nulls, ints in several bases, floats, and
 * timestamps. Both the parser (to type plain scalars in base configs) and the emitter (to
 * quote strings that would otherwise read back as something else) use these rules.
 */

/** What a plain scalar means. Timestamps stay strings when decoded into interface{}. */
export type Resolved =
  | { readonly kind: 'null' }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'int'; readonly value: bigint }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'timestamp' }
  | { readonly kind: 'str' };

const TABLE: { [s: string]: Resolved } = {};
function add(words: string, r: Resolved) {
  for (const w of words.split(' ')) TABLE[w] = r;
}
add('y Y yes Yes YES true True TRUE on On ON', { kind: 'bool', value: true });
add('n N no No NO false False FALSE off Off OFF', { kind: 'bool', value: false });
add('~ null Null NULL', { kind: 'null' });
add('.nan .NaN .NAN', { kind: 'float', value: NaN });
add('.inf .Inf .INF +.inf +.Inf +.INF', { kind: 'float', value: Infinity });
add('-.inf -.Inf -.INF', { kind: 'float', value: -Infinity });
TABLE[''] = { kind: 'null' };

const STR: Resolved = { kind: 'str' };
// First characters for which go-yaml tries more than "it is a string".
const TABLE_HINT = new Set('yYnNtTfFoO~'.split(''));
const FLOAT_RE = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT_RE = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** Resolves a plain scalar the way go-yaml v2 does (`resolve("", s)`). */
export function resolvePlain(s: string): Resolved {
  if (s === '') return TABLE[''];
  const c = s[0];
  if (TABLE_HINT.has(c)) return Object.prototype.hasOwnProperty.call(TABLE, s) ? TABLE[s] : STR;
  if (c === '.') {
    if (Object.prototype.hasOwnProperty.call(TABLE, s)) return TABLE[s];
    return DOT_FLOAT_RE.test(s) ? finiteFloat(Number(s)) : STR;
  }
  if (c === '+' || c === '-' || (c >= '0' && c <= '9')) {
    if (Object.prototype.hasOwnProperty.call(TABLE, s)) return TABLE[s];
    return resolveNumeric(s);
  }
  return STR;
}

function finiteFloat(v: number): Resolved {
  // strconv.ParseFloat reports out-of-range values as errors: the scalar stays a string.
  return Number.isFinite(v) ? { kind: 'float', value: v } : STR;
}

function resolveNumeric(s: string): Resolved {
  if (isTimestamp(s)) return { kind: 'timestamp' };
  const plain = s.split('_').join('');
  const i = parseGoInt(plain);
  if (i !== undefined && i >= INT64_MIN && i <= UINT64_MAX) {
    // ParseInt (signed range) or ParseUint (unsigned, no sign allowed).
    if (i <= INT64_MAX || !/^[-+]/.test(plain)) return { kind: 'int', value: i };
  }
  if (FLOAT_RE.test(plain)) return finiteFloat(Number(plain));
  return STR;
}

/**
 * Go's strconv.ParseInt(s, 0, 64) syntax (without the range check): optional sign, then
 * decimal, 0x hex, 0o / leading-0 octal, or 0b binary digits.
 */
function parseGoInt(s: string): bigint | undefined {
  const m = /^([-+]?)(.*)$/s.exec(s)!;
  const neg = m[1] === '-';
  const body = m[2];
  let digits: string;
  let prefix: string;
  if (/^0[xX][0-9a-fA-F]+$/.test(body)) {
    prefix = '0x'; digits = body.slice(2);
  } else if (/^0[oO][0-7]+$/.test(body)) {
    prefix = '0o'; digits = body.slice(2);
  } else if (/^0[bB][01]+$/.test(body)) {
    prefix = '0b'; digits = body.slice(2);
  } else if (/^0[0-7]+$/.test(body)) {
    prefix = '0o'; digits = body.slice(1);
  } else if (/^(0|[1-9][0-9]*)$/.test(body)) {
    prefix = ''; digits = body;
  } else {
    return undefined;
  }
  const v = BigInt(prefix + digits);
  return neg ? -v : v;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * go-yaml's timestamp check: `YYYY-` then one of Go's layouts `2006-1-2`,
 * `2006-1-2 15:4:5.999999999`, `2006-1-2T15:4:5.999999999Z07:00` (also lower-case t).
 */
export function isTimestamp(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(.*)$/s.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const maxDay = month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1];
  if (day > maxDay) return false;
  const rest = m[4];
  if (rest === '') return true;
  const clock = '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(\\.[0-9]+)?';
  const withZone = new RegExp(`^[Tt]${clock}(Z|[-+][0-9]{2}:[0-9]{2})$`).exec(rest);
  const spaced = new RegExp(`^ ${clock}$`).exec(rest);
  const t = withZone ?? spaced;
  if (!t) return false;
  if (Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3]) > 59) return false;
  if (withZone && withZone[5] !== 'Z') {
    const [hh, mm] = withZone[5].slice(1).split(':').map(Number);
    if (hh > 23 || mm > 59) return false;
  }
  return true;
}

/** The base-60 float pattern go-yaml refuses to write plain (`1:20`). */
export function isBase60Float(s: string): boolean {
  return /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(s);
}

/** True when a string can be written plain without reading back as another type. */
export function readsBackAsString(s: string): boolean {
  const r = resolvePlain(s);
  return r.kind === 'str' && !isBase60Float(s);
}
