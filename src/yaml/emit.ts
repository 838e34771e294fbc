/**
 * Writes YAML exactly as the operator does: `sigs.k8s.io/yaml.Marshal`, i.e. go-yaml v2's
 * emitter after a JSON round trip. Block style, 2-space indent, indentless sequences,
 * go-yaml's key order, its quoting rules and its folding of long scalars at 80 columns.
 */
import { formatGoYamlNumber } from './go-number';
import {
  BEST_WIDTH, CACHED_INDENTS, codePoints, newlinePadding, padding, scalarFacts, Style, Writer, writeStyled,
} from './scalar';
import { frozenMemo } from '../core/frozen-memo';
import { isJsonObject, JsonObject, JsonValue } from '../core/json';

/** Entries of each string cache; a full cache is emptied and refilled. */
const STRING_CACHE_LIMIT = 50_000;
/** Characters of remembered text (renderings, key lines) over all strings; more empties the caches. */
const REMEMBERED_CHARS_LIMIT = 4_000_000;
/** Renderings remembered per string (one per writer state it was written from). */
const RENDERS_PER_STRING = 8;
/** Keys whose indented lines are remembered, per key: indentation below this. */
const CACHED_KEY_INDENTS = 64;

/** A string's text as written from one writer state, and the state after it. */
interface Rendering {
  readonly text: string;
  readonly column: number;
  readonly indention: boolean;
  readonly whitespace: boolean;
}

/** What the writer needs to know about a string value, computed once per distinct string. */
interface ValueInfo {
  /** The string as written: lone surrogates replaced with U+FFFD, as Go's JSON decoder does. */
  readonly text: string;
  /** `' ' + text` (a plain scalar after a non-blank), when short enough to remember. */
  readonly spaced: string | undefined;
  readonly style: Style;
  /** Length in code points (the emitter's column unit). */
  readonly length: number;
  readonly hasSpace: boolean;
  /** Writings that are not one plain piece, by writer state (`renderingKey`). */
  renderings: Map<number, Rendering> | undefined;
}

/** What the writer needs to know about a map key, computed once per distinct key. */
interface KeyInfo {
  /** The key as in the object. */
  readonly source: string;
  /** go-yaml writes keys over 128 bytes or with line breaks as complex `? ` keys. */
  readonly simpleKeyOk: boolean;
  /** Lower-case letters and `_` only: go-yaml's natural order is byte order. */
  readonly byteOrder: boolean;
  /** A simple key as written after its indentation, with its `:`. */
  readonly keyColon: string;
  /** Columns of `keyColon`. */
  readonly keyColumns: number;
  /** `'\n' + indentation + keyColon`, by indentation. */
  readonly lines: string[];
}

const keyInfoCache = new Map<string, KeyInfo>();
const valueInfoCache = new Map<string, ValueInfo>();
let rememberedChars = 0;
/**
 * Frozen mappings and lists (a shared base config's: they never change) as written from each
 * writer state, so the parts of a config a generation did not change are written once
 * (core/frozen-memo.ts).
 */
const FROZEN_RENDERINGS = frozenMemo<'rendering', Rendering>('rendering', RENDERS_PER_STRING);
let stringCacheLimit = STRING_CACHE_LIMIT;
let rememberedCharsLimit = REMEMBERED_CHARS_LIMIT;

/** For tests: smaller cache limits (none given: the usual ones); empties the caches. */
export function setEmitterCacheLimitsForTests(strings = STRING_CACHE_LIMIT, chars = REMEMBERED_CHARS_LIMIT): void {
  stringCacheLimit = strings;
  rememberedCharsLimit = chars;
  clearCaches();
}

/** For tests: what the caches hold. */
export function emitterCacheSizesForTests(): { keys: number; values: number; rememberedChars: number } {
  return { keys: keyInfoCache.size, values: valueInfoCache.size, rememberedChars };
}

function clearCaches(): void {
  keyInfoCache.clear();
  valueInfoCache.clear();
  FROZEN_RENDERINGS.clear();
  rememberedChars = 0;
}

/** Accounts for `text` about to be remembered; false when it is too long to remember. */
function mayRemember(text: string): boolean {
  if (text.length > rememberedCharsLimit) return false;
  if (rememberedChars + text.length > rememberedCharsLimit) clearCaches();
  rememberedChars += text.length;
  return true;
}

/** Memoized analysis of a value (or complex key): configs repeat the same values many times. */
function valueInfo(s: string): ValueInfo {
  let info = valueInfoCache.get(s);
  if (info === undefined) {
    const { text, style, length, hasSpace } = scalarFacts(s, false);
    const spaced = ' ' + text;
    info = { text, spaced: mayRemember(spaced) ? spaced : undefined, style, length, hasSpace, renderings: undefined };
    if (valueInfoCache.size >= stringCacheLimit) clearCaches();
    valueInfoCache.set(s, info);
  }
  return info;
}

/** Lower-case letters and `_` only (every key the pipeline writes): go-yaml's natural order is byte order. */
const SIMPLE_KEY = /^[a-z_]*$/;

/** Memoized analysis of a map key, with its written text when it is a simple key. */
function keyInfo(key: string): KeyInfo {
  let info = keyInfoCache.get(key);
  if (info === undefined) {
    const { text, style, length, simpleKeyOk } = scalarFacts(key, true);
    let keyColon = '';
    let keyColumns = 0;
    if (simpleKeyOk && style === 'plain') {
      keyColon = text + ':';
      keyColumns = length + 1;
    } else if (simpleKeyOk) {
      // As written right after an indentation (blank, at a line start): never folded, no breaks.
      const w = new Writer();
      writeStyled(w, codePoints(key), style, false, 0);
      w.indicator(':', false, false);
      keyColon = w.text();
      keyColumns = w.column;
    }
    mayRemember(keyColon);
    info = { source: key, simpleKeyOk, byteOrder: SIMPLE_KEY.test(key), keyColon, keyColumns, lines: [] };
    if (keyInfoCache.size >= stringCacheLimit) clearCaches();
    keyInfoCache.set(key, info);
  }
  return info;
}

/** The writer state a rendering depends on, as one number (-1: too large to key). */
function renderingKey(w: Writer, indent: number, allowBreaks: boolean): number {
  if (w.column >= 0x100000 || indent >= 0x100000) return -1;
  return (w.column * 0x100000 + indent) * 8 + (w.indention ? 4 : 0) + (w.whitespace ? 2 : 0) + (allowBreaks ? 1 : 0);
}

/**
 * Writes a string that is not one plain piece. The result depends only on the string and the
 * writer state (column, the two flags, indent), so it is remembered per state.
 */
function writeRendered(w: Writer, s: string, info: ValueInfo, indent: number, allowBreaks: boolean): void {
  const key = renderingKey(w, indent, allowBreaks);
  let r = key >= 0 ? info.renderings?.get(key) : undefined;
  if (r === undefined) {
    const scratch = new Writer();
    scratch.column = w.column;
    scratch.indention = w.indention;
    scratch.whitespace = w.whitespace;
    writeStyled(scratch, codePoints(s), info.style, allowBreaks, indent);
    r = { text: scratch.text(), column: scratch.column, indention: scratch.indention, whitespace: scratch.whitespace };
    if (key >= 0 && (info.renderings?.size ?? 0) < RENDERS_PER_STRING && mayRemember(r.text)) {
      (info.renderings ??= new Map()).set(key, r);
    }
  }
  w.add(r.text);
  w.column = r.column;
  w.indention = r.indention;
  w.whitespace = r.whitespace;
}

/** Writes a string value; `indent` is where continuation lines and block content start. */
function writeString(w: Writer, s: string, indent: number): void {
  const info = valueInfo(s);
  if (info.style === 'plain' && (!info.hasSpace || w.column + 1 + info.length <= BEST_WIDTH + 1)) {
    // Nothing can fold: write it in one piece.
    if (w.whitespace) {
      w.add(info.text);
      w.column += info.length;
    } else {
      if (info.spaced !== undefined) {
        w.add(info.spaced);
      } else {
        w.add(' ');
        w.add(info.text);
      }
      w.column += info.length + 1;
    }
    w.whitespace = false;
    w.indention = false;
    return;
  }
  writeRendered(w, s, info, indent, true);
}

function writeScalar(w: Writer, v: null | boolean | number | string, indent: number): void {
  if (typeof v === 'string') return writeString(w, v, indent);
  const text = v === null ? 'null' : typeof v === 'boolean' ? (v ? 'true' : 'false') : formatGoYamlNumber(v);
  w.put(w.whitespace ? text : ' ' + text);
  w.whitespace = false;
  w.indention = false;
}

/**
 * Writes any node. `indent` is the indentation of the enclosing block; `inMapValue` tells a
 * sequence it may be indentless (go-yaml writes `key:\n- item`).
 */
function writeNode(w: Writer, v: JsonValue, indent: number, inMapValue: boolean): void {
  if (typeof v !== 'object' || v === null) return writeScalar(w, v, indent + 2);
  if (Object.isFrozen(v)) return writeFrozen(w, v, indent, inMapValue);
  writeCollection(w, v, indent, inMapValue);
}

/** A frozen node's text depends only on it and the writer state (column, the two flags, indent, inMapValue). */
function writeFrozen(w: Writer, v: JsonObject | JsonValue[], indent: number, inMapValue: boolean): void {
  const key = renderingKey(w, indent, inMapValue);
  let r = key >= 0 ? FROZEN_RENDERINGS.get(v, [key]) : undefined;
  if (r === undefined) {
    const scratch = new Writer();
    scratch.column = w.column;
    scratch.indention = w.indention;
    scratch.whitespace = w.whitespace;
    writeCollection(scratch, v, indent, inMapValue);
    r = { text: scratch.text(), column: scratch.column, indention: scratch.indention, whitespace: scratch.whitespace };
    if (key >= 0 && mayRemember(r.text)) FROZEN_RENDERINGS.set(v, [key], r);
  }
  w.add(r.text);
  w.column = r.column;
  w.indention = r.indention;
  w.whitespace = r.whitespace;
}

function writeCollection(w: Writer, v: JsonObject | JsonValue[], indent: number, inMapValue: boolean): void {
  if (Array.isArray(v)) {
    if (v.length === 0) return w.indicator('[]', true, false);
    return writeSequence(w, v, inMapValue && !w.indention ? indent : indent + 2);
  }
  const keys = Object.keys(v);
  if (keys.length === 0) return w.indicator('{}', true, false);
  writeMapping(w, v, keys, indent + 2);
}

/** `'\n' + indentation + '-'`, by indentation. */
const DASH_LINES: string[] = [];

function writeSequence(w: Writer, items: JsonValue[], indent: number): void {
  for (const item of items) {
    // go-yaml's write_indent then write_indicator('-', need_whitespace, is_indention).
    if (w.breaksLine(indent)) {
      w.add(indent < CACHED_INDENTS ? DASH_LINES[indent] ?? (DASH_LINES[indent] = newlinePadding(indent) + '-') : newlinePadding(indent) + '-');
    } else {
      if (w.column < indent) w.add(padding(indent - w.column));
      w.add('-');
    }
    w.column = indent + 1;
    w.whitespace = false;
    w.indention = true;
    writeNode(w, item, indent, false);
  }
}

/** The keys' infos in go-yaml's key order. */
function sortedKeyInfos(keys: string[]): KeyInfo[] {
  const infos = new Array<KeyInfo>(keys.length);
  let byteOrder = true;
  let sorted = true;
  for (let i = 0; i < keys.length; i++) {
    const info = keyInfo(keys[i]);
    infos[i] = info;
    if (!info.byteOrder) byteOrder = false;
    else if (sorted && i > 0 && !(keys[i - 1] < keys[i])) sorted = false;
  }
  if (!byteOrder) return sortKeysGoYaml(keys).map(keyInfo);
  if (sorted) return infos;
  // Byte order, and map keys are distinct. Maps are small: insertion sort.
  if (infos.length > 16) return infos.sort((a, b) => (a.source < b.source ? -1 : 1));
  for (let i = 1; i < infos.length; i++) {
    const info = infos[i];
    let j = i;
    for (; j > 0 && info.source < infos[j - 1].source; j--) infos[j] = infos[j - 1];
    infos[j] = info;
  }
  return infos;
}

/** `'\n' + indentation + key + ':'`, remembered for the usual indentations. */
function keyLine(info: KeyInfo, indent: number): string {
  const line = newlinePadding(indent) + info.keyColon;
  if (indent < CACHED_KEY_INDENTS && mayRemember(line)) info.lines[indent] = line;
  return line;
}

function writeMapping(w: Writer, obj: JsonObject, keys: string[], indent: number): void {
  for (const info of sortedKeyInfos(keys)) {
    const key = info.source;
    if (info.simpleKeyOk) {
      // go-yaml's write_indent, the key (never folded) and the ':' indicator.
      if (w.breaksLine(indent)) {
        w.add(info.lines[indent] ?? keyLine(info, indent));
      } else {
        if (w.column < indent) w.add(padding(indent - w.column));
        w.add(info.keyColon);
      }
      w.column = indent + info.keyColumns;
      w.whitespace = false;
      w.indention = false;
    } else {
      // go-yaml's complex key: `? key` then `: value` on its own line.
      w.indent(indent);
      w.indicator('?', true, true);
      writeString(w, key, indent + 2);
      w.indent(indent);
      w.indicator(':', true, true);
    }
    writeNode(w, obj[key], indent, true);
  }
}

/** The pieces array of the last emission, reused (most configs are alike in size). */
let spareParts: string[] | undefined;
const SPARE_PARTS_LIMIT = 65_536;

/** Serializes a JSON value as `sigs.k8s.io/yaml.Marshal` would. */
export function emitYaml(value: JsonValue): string {
  const parts = spareParts ?? [];
  spareParts = undefined;
  const w = new Writer(parts);
  if (Array.isArray(value)) {
    if (value.length === 0) w.put('[]');
    else writeSequence(w, value, 0);
  } else if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) w.put('{}');
    else writeMapping(w, value, keys, 0);
  } else {
    writeScalar(w, value, 0);
  }
  w.indent(0);
  const text = w.text();
  if (parts.length <= SPARE_PARTS_LIMIT) spareParts = parts;
  return text;
}

/*
 * go-yaml v2 sorts map keys in a "natural" order, not byte order: a letter sorts after a
 * non-letter, runs of digits compare by value (`k9` < `k10`), letters by code point.
 */
const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;

function isLetter(c: string): boolean {
  return LETTER.test(c);
}
function isDigit(c: string): boolean {
  return DIGIT.test(c);
}

/** Go's int64 arithmetic for a digit run: `n*10 + (digit - '0')`, wrapping on overflow. */
function digitRun(r: string[], from: number, start: bigint): { value: bigint; end: number } {
  let n = start;
  let i = from;
  while (i < r.length && isDigit(r[i])) {
    n = BigInt.asIntN(64, n * 10n + BigInt(r[i].codePointAt(0)! - 48));
    i++;
  }
  return { value: n, end: i };
}

/** True when key `a` sorts before key `b`. */
export function goKeyLess(a: string, b: string): boolean {
  // Lower-case letters and `_` only (every key the pipeline writes): natural order is byte order.
  if (SIMPLE_KEY.test(a) && SIMPLE_KEY.test(b)) return a < b;
  const ar = Array.from(a);
  const br = Array.from(b);
  const n = Math.min(ar.length, br.length);
  for (let i = 0; i < n; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let start = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      // A zero inside a longer number (`10` vs `1a`) is not a leading zero.
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          start = 1n;
          break;
        }
      }
    }
    const ra = digitRun(ar, i, start);
    const rb = digitRun(br, i, start);
    if (ra.value !== rb.value) return ra.value < rb.value;
    if (ra.end !== rb.end) return ra.end < rb.end;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}

/** Keys in go-yaml v2 order (insertion sort, as Go's sort does for short lists; stable). */
export function sortKeysGoYaml(keys: string[]): string[] {
  const out = keys.slice();
  // Every key simple (the usual case): natural order is byte order, and map keys are distinct.
  if (out.every((k) => SIMPLE_KEY.test(k))) return out.sort();
  if (out.length > 12) {
    return out.sort((x, y) => (goKeyLess(x, y) ? -1 : goKeyLess(y, x) ? 1 : 0));
  }
  for (let i = 1; i < out.length; i++) {
    for (let j = i; j > 0 && goKeyLess(out[j], out[j - 1]); j--) {
      [out[j], out[j - 1]] = [out[j - 1], out[j]];
    }
  }
  return out;
}
