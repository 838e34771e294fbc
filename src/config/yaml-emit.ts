/**
 * Writes YAML exactly as the operator does: `sigs.k8s.io/yaml.Marshal`, i.e. go-yaml v2's
 * emitter after a JSON round trip. Block style, 2-space indent, indentless sequences,
 * go-yaml's key order, its quoting rules and its folding of long scalars at 80 columns.
 */
import { sortKeysGoYaml } from './go-key-order';
import { formatGoYamlNumber } from './go-number';
import { readsBackAsString } from './yaml11-resolve';
import { isJsonObject, JsonObject, JsonValue } from '../core/json';

const BEST_WIDTH = 80;
const SIMPLE_KEY_MAX_BYTES = 128;

type Style = 'plain' | 'single' | 'double' | 'literal';

/** What go-yaml's scalar analysis allows for one string (block context). */
interface Analysis {
  readonly multiline: boolean;
  readonly plainAllowed: boolean;
  readonly singleAllowed: boolean;
  readonly blockAllowed: boolean;
}

function isBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** go-yaml v2's `is_printable` (it rejects tab, C1 controls and everything above U+FFFF). */
function isPrintable(c: number): boolean {
  return c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);
}

function isBlankOrEnd(cps: number[], i: number): boolean {
  return i >= cps.length || cps[i] === 0x20 || cps[i] === 0x09;
}

function analyze(cps: number[]): Analysis {
  if (cps.length === 0) return { multiline: false, plainAllowed: true, singleAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let prevSpace = false;
  let prevBreak = false;
  let precededByWhitespace = true;
  const ch = (i: number) => String.fromCodePoint(cps[i]);
  if (cps.length >= 3) {
    const head = ch(0) + ch(1) + ch(2);
    if (head === '---' || head === '...') blockIndicators = true;
  }
  for (let i = 0; i < cps.length; i++) {
    const c = ch(i);
    const followedByWhitespace = isBlankOrEnd(cps, i + 1) || (i + 1 < cps.length && isBreak(cps[i + 1]));
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === '#' && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isPrintable(cps[i])) special = true;
    if (cps[i] === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (prevBreak) breakSpace = true;
      prevSpace = true;
      prevBreak = false;
    } else if (isBreak(cps[i])) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (prevSpace) spaceBreak = true;
      prevSpace = false;
      prevBreak = true;
    } else {
      prevSpace = false;
      prevBreak = false;
    }
    precededByWhitespace = cps[i] === 0x20 || cps[i] === 0x09 || isBreak(cps[i]) || cps[i] === 0;
  }
  let plainAllowed = true;
  let singleAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) plainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    plainAllowed = false;
    singleAllowed = false;
  }
  if (spaceBreak || special) {
    plainAllowed = false;
    singleAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks || blockIndicators) plainAllowed = false;
  return { multiline: lineBreaks, plainAllowed, singleAllowed, blockAllowed };
}

function chooseStyle(s: string, a: Analysis, simpleKey: boolean): Style {
  let style: Style = s.includes('\n') ? 'literal' : readsBackAsString(s) ? 'plain' : 'double';
  if (style === 'plain' && !a.plainAllowed) style = 'single';
  if (style === 'plain' && s.length === 0 && simpleKey) style = 'single';
  if (style === 'single' && !a.singleAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

function hex(c: number, width: number): string {
  return c.toString(16).toUpperCase().padStart(width, '0');
}

const ESCAPES: { [c: number]: string } = {
  0x00: '0',
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
  0x1b: 'e',
  0x22: '"',
  0x5c: '\\',
  0x85: 'N',
  0xa0: '_',
  0x2028: 'L',
  0x2029: 'P',
};

function escapeChar(c: number): string {
  const named = ESCAPES[c];
  if (named !== undefined) return `\\${named}`;
  if (c <= 0xff) return `\\x${hex(c, 2)}`;
  if (c <= 0xffff) return `\\u${hex(c, 4)}`;
  return `\\U${hex(c, 8)}`;
}

const ASCII = /^[\x00-\x7f]*$/;

/** The string with lone surrogates replaced by U+FFFD. */
function sanitize(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Code points of a string, with lone surrogates replaced as Go's JSON decoder does. */
function codePoints(s: string): number[] {
  if (ASCII.test(s)) {
    const ascii = new Array<number>(s.length);
    for (let i = 0; i < s.length; i++) ascii[i] = s.charCodeAt(i);
    return ascii;
  }
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out.push(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
  }
  return out;
}

function utf8Length(cps: number[]): number {
  let n = 0;
  for (const c of cps) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  return n;
}

/** Emitter state that matters for output: the text, the current column, the line start flag. */
class Writer {
  public out = '';
  public column = 0;
  /** True while only indentation has been written on the current line. */
  public indention = true;
  /** True when the last character written is whitespace. */
  public whitespace = true;

  put(text: string, chars = text.length): void {
    this.out += text;
    this.column += chars;
  }

  char(c: number): void {
    this.put(String.fromCodePoint(c), 1);
  }

  newline(): void {
    this.out += '\n';
    this.column = 0;
  }

  /** go-yaml's write_indent: a new line unless already at a fresh indentation, then pad. */
  indent(indent: number): void {
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.newline();
    if (this.column < indent) this.put(' '.repeat(indent - this.column));
    this.whitespace = true;
    this.indention = true;
  }

  /** go-yaml's write_indicator. */
  indicator(text: string, needWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(text);
    this.whitespace = false;
    this.indention = this.indention && isIndention;
  }

  text(): string {
    return this.out;
  }
}

function writePlain(w: Writer, cps: number[], allowBreaks: boolean, indent: number): void {
  if (!w.whitespace) w.put(' ');
  let spaces = false;
  for (let i = 0; i < cps.length; i++) {
    if (cps[i] === 0x20) {
      if (allowBreaks && !spaces && w.column > BEST_WIDTH && cps[i + 1] !== 0x20) w.indent(indent);
      else w.char(0x20);
      spaces = true;
    } else {
      w.char(cps[i]);
      spaces = false;
    }
  }
  w.whitespace = false;
  w.indention = false;
}

function writeBreak(w: Writer, c: number): void {
  if (c === 0x0a) {w.newline();} else {
    w.out += String.fromCodePoint(c);
    w.column = 0;
  }
}

function writeSingle(w: Writer, cps: number[], allowBreaks: boolean, indent: number): void {
  w.indicator("'", true, false);
  let spaces = false;
  let breaks = false;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (c === 0x20) {
      if (allowBreaks && !spaces && w.column > BEST_WIDTH && i !== 0 && i !== cps.length - 1 && cps[i + 1] !== 0x20) w.indent(indent);
      else w.char(c);
      spaces = true;
    } else if (isBreak(c)) {
      if (!breaks && c === 0x0a) w.newline();
      writeBreak(w, c);
      w.indention = true;
      breaks = true;
    } else {
      if (breaks) w.indent(indent);
      if (c === 0x27) w.put("''");
      else w.char(c);
      w.indention = false;
      spaces = false;
      breaks = false;
    }
  }
  w.indicator("'", false, false);
}

function writeDouble(w: Writer, cps: number[], allowBreaks: boolean, indent: number): void {
  w.indicator('"', true, false);
  let spaces = false;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (!isPrintable(c) || c === 0xfeff || isBreak(c) || c === 0x22 || c === 0x5c) {
      w.put(escapeChar(c));
      spaces = false;
    } else if (c === 0x20) {
      if (allowBreaks && !spaces && w.column > BEST_WIDTH && i !== 0 && i !== cps.length - 1) {
        w.indent(indent);
        if (cps[i + 1] === 0x20) w.put('\\');
      } else {
        w.char(c);
      }
      spaces = true;
    } else {
      w.char(c);
      spaces = false;
    }
  }
  w.indicator('"', false, false);
}

function writeLiteral(w: Writer, cps: number[], indent: number): void {
  w.indicator('|', true, false);
  let hints = '';
  if (cps.length > 0 && (cps[0] === 0x20 || isBreak(cps[0]))) hints += '2';
  const last = cps.length - 1;
  // go-yaml marks `+` as open-ended, but writing the hint (an indicator) clears that again.
  if (cps.length === 0 || !isBreak(cps[last])) hints += '-';
  else if (last === 0 || isBreak(cps[last - 1])) hints += '+';
  if (hints) w.put(hints);
  w.newline();
  w.indention = true;
  w.whitespace = true;
  let breaks = true;
  for (const c of cps) {
    if (isBreak(c)) {
      writeBreak(w, c);
      w.indention = true;
      breaks = true;
    } else {
      if (breaks) w.indent(indent);
      w.char(c);
      w.indention = false;
      breaks = false;
    }
  }
}

const STYLE_CACHE_LIMIT = 50_000;

/** What the writer needs to know about a string, computed once per distinct string. */
interface StringInfo {
  /** The string as written: lone surrogates replaced with U+FFFD, as Go's JSON decoder does. */
  readonly text: string;
  readonly style: Style;
  /** Length in code points (the emitter's column unit). */
  readonly length: number;
  readonly hasSpace: boolean;
  /** go-yaml writes keys over 128 bytes or with line breaks as complex `? ` keys. */
  readonly simpleKeyOk: boolean;
}

const keyInfoCache = new Map<string, StringInfo>();
const valueInfoCache = new Map<string, StringInfo>();

/** Memoized analysis: configs repeat the same keys and values many times. */
function infoOf(s: string, simpleKey: boolean): StringInfo {
  const cache = simpleKey ? keyInfoCache : valueInfoCache;
  let info = cache.get(s);
  if (info === undefined) {
    const cps = codePoints(s);
    const analysis = analyze(cps);
    info = {
      text: sanitize(s),
      style: chooseStyle(s, analysis, simpleKey),
      length: cps.length,
      hasSpace: cps.includes(0x20),
      simpleKeyOk: utf8Length(cps) <= SIMPLE_KEY_MAX_BYTES && !analysis.multiline,
    };
    if (cache.size >= STYLE_CACHE_LIMIT) cache.clear();
    cache.set(s, info);
  }
  return info;
}

/** Writes a string scalar; `indent` is where continuation lines and block content start. */
function writeString(w: Writer, s: string, indent: number, simpleKey: boolean, info = infoOf(s, simpleKey)): void {
  const allowBreaks = !simpleKey;
  if (info.style === 'plain' && (!allowBreaks || !info.hasSpace || w.column + 1 + info.length <= BEST_WIDTH + 1)) {
    // Nothing can fold: write it in one piece.
    if (!w.whitespace) w.put(' ');
    w.put(info.text, info.length);
    w.whitespace = false;
    w.indention = false;
    return;
  }
  const cps = codePoints(s);
  switch (info.style) {
    case 'plain': return writePlain(w, cps, allowBreaks, indent);
    case 'single': return writeSingle(w, cps, allowBreaks, indent);
    case 'double': return writeDouble(w, cps, allowBreaks, indent);
    case 'literal': return writeLiteral(w, cps, indent);
  }
}

function writeScalar(w: Writer, v: null | boolean | number | string, indent: number): void {
  if (typeof v === 'string') return writeString(w, v, indent, false);
  const text = v === null ? 'null' : typeof v === 'boolean' ? String(v) : formatGoYamlNumber(v);
  if (!w.whitespace) w.put(' ');
  w.put(text);
  w.whitespace = false;
  w.indention = false;
}

function isEmptyCollection(v: JsonValue): v is [] | JsonObject {
  if (Array.isArray(v)) return v.length === 0;
  if (!isJsonObject(v)) return false;
  for (const k in v) if (Object.prototype.hasOwnProperty.call(v, k)) return false;
  return true;
}

/**
 * Writes any node. `indent` is the indentation of the enclosing block; `inMapValue` tells a
 * sequence it may be indentless (go-yaml writes `key:\n- item`).
 */
function writeNode(w: Writer, v: JsonValue, indent: number, inMapValue: boolean): void {
  if (isEmptyCollection(v)) {
    w.indicator(Array.isArray(v) ? '[]' : '{}', true, false);
    return;
  }
  if (Array.isArray(v)) return writeSequence(w, v, inMapValue && !w.indention ? indent : indent + 2);
  if (isJsonObject(v)) return writeMapping(w, v, indent + 2);
  writeScalar(w, v, indent + 2);
}

function writeSequence(w: Writer, items: JsonValue[], indent: number): void {
  for (const item of items) {
    w.indent(indent);
    w.indicator('-', true, true);
    writeNode(w, item, indent, false);
  }
}

function writeMapping(w: Writer, obj: JsonObject, indent: number): void {
  for (const key of sortKeysGoYaml(Object.keys(obj))) {
    w.indent(indent);
    const keyInfo = infoOf(key, true);
    if (keyInfo.simpleKeyOk) {
      writeString(w, key, indent + 2, true, keyInfo);
      w.indicator(':', false, false);
    } else {
      // go-yaml's complex key: `? key` then `: value` on its own line.
      w.indicator('?', true, true);
      writeString(w, key, indent + 2, false);
      w.indent(indent);
      w.indicator(':', true, true);
    }
    writeNode(w, obj[key], indent, true);
  }
}

/** Serializes a JSON value as `sigs.k8s.io/yaml.Marshal` would. */
export function emitYaml(value: JsonValue): string {
  const w = new Writer();
  if (isEmptyCollection(value)) {
    w.put(Array.isArray(value) ? '[]' : '{}');
  } else if (Array.isArray(value)) {
    writeSequence(w, value, 0);
  } else if (isJsonObject(value)) {
    writeMapping(w, value, 0);
  } else {
    writeScalar(w, value, 0);
  }
  w.indent(0);
  return w.text();
}
