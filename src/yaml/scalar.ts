/**
 * go-yaml v2's scalar analysis and scalar writers (block context): which style a string takes,
 * and how each style is written, folded at 80 columns. The emitter (yaml-emit.ts) remembers their
 * results per string.
 */
import { readsBackAsString } from './yaml11-resolve';

export const BEST_WIDTH = 80;
export const SIMPLE_KEY_MAX_BYTES = 128;

export type Style = 'plain' | 'single' | 'double' | 'literal';

/** What go-yaml's scalar analysis allows for one string (block context). */
export interface Analysis {
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
export function sanitize(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Code points of a string, with lone surrogates replaced as Go's JSON decoder does. */
export function codePoints(s: string): number[] {
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

export function utf8Length(cps: number[]): number {
  let n = 0;
  for (const c of cps) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  return n;
}

/** Indentation strings, made once: `SPACES[n]` is n spaces, `NEWLINE_SPACES[n]` a line break and n spaces. */
const SPACES: string[] = [];
const NEWLINE_SPACES: string[] = [];
export const CACHED_INDENTS = 256;

export function padding(n: number): string {
  if (n >= CACHED_INDENTS) return ' '.repeat(n);
  return SPACES[n] ?? (SPACES[n] = ' '.repeat(n));
}

export function newlinePadding(n: number): string {
  if (n >= CACHED_INDENTS) return '\n' + ' '.repeat(n);
  return NEWLINE_SPACES[n] ?? (NEWLINE_SPACES[n] = '\n' + ' '.repeat(n));
}

/** Emitter state that matters for output: the text, the current column, the line start flag. */
export class Writer {
  /** The text so far, in pieces (`count` of them); an emission may hand in a used array. */
  private readonly parts: string[];
  private count = 0;
  public column = 0;
  /** True while only indentation has been written on the current line. */
  public indention = true;
  /** True when the last character written is whitespace. */
  public whitespace = true;

  constructor(parts: string[] = []) {
    this.parts = parts;
  }

  /** Appends text without moving the column. */
  add(text: string): void {
    this.parts[this.count++] = text;
  }

  put(text: string, chars = text.length): void {
    this.add(text);
    this.column += chars;
  }

  char(c: number): void {
    this.put(String.fromCodePoint(c), 1);
  }

  newline(): void {
    this.add('\n');
    this.column = 0;
  }

  /** True when go-yaml's write_indent to `indent` starts a new line. */
  breaksLine(indent: number): boolean {
    return !this.indention || this.column > indent || (this.column === indent && !this.whitespace);
  }

  /** go-yaml's write_indent: a new line unless already at a fresh indentation, then pad. */
  indent(indent: number): void {
    if (this.breaksLine(indent)) this.add(newlinePadding(indent));
    else if (this.column < indent) this.add(padding(indent - this.column));
    this.column = indent;
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
    this.parts.length = this.count;
    return this.parts.join('');
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
    w.add(String.fromCodePoint(c));
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

/** What the emitter needs to know about one string scalar (a map key when `simpleKey`). */
export interface ScalarFacts {
  /** The string as written: lone surrogates replaced with U+FFFD, as Go's JSON decoder does. */
  readonly text: string;
  readonly style: Style;
  /** Length in code points (the emitter's column unit). */
  readonly length: number;
  readonly hasSpace: boolean;
  /** go-yaml writes keys over 128 bytes or with line breaks as complex `? ` keys. */
  readonly simpleKeyOk: boolean;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * `analyze`'s plain-scalar blockers for printable ASCII (no tab, no line break, nothing special):
 * a leading or trailing space, a flow or other indicator first, `?`/`:`/`-` then a space or the
 * end first, `---`/`...` first, `:` then a space or the end, `#` after a space.
 */
const ASCII_PLAIN_BLOCKED = /^[ #,[\]{}&*!|>'"%@`]|^[?:-](?: |$)|^(?:---|\.\.\.)|.:(?: |$)| #| $/;

/** `analyze` for printable ASCII, without the code points. */
export function analyzePrintableAscii(s: string): Analysis {
  if (s.length === 0) return { multiline: false, plainAllowed: true, singleAllowed: true, blockAllowed: false };
  return { multiline: false, plainAllowed: !ASCII_PLAIN_BLOCKED.test(s), singleAllowed: true, blockAllowed: s[s.length - 1] !== ' ' };
}

/** For tests: `analyze` on the code points. */
export function analyzeCodePoints(s: string): Analysis {
  return analyze(codePoints(s));
}

/** The style and the measures of a string scalar; printable ASCII (the usual case) takes a shortcut. */
export function scalarFacts(s: string, simpleKey: boolean): ScalarFacts {
  if (PRINTABLE_ASCII.test(s)) {
    const style = chooseStyle(s, analyzePrintableAscii(s), simpleKey);
    return { text: s, style, length: s.length, hasSpace: s.includes(' '), simpleKeyOk: s.length <= SIMPLE_KEY_MAX_BYTES };
  }
  const cps = codePoints(s);
  const analysis = analyze(cps);
  return {
    text: sanitize(s),
    style: chooseStyle(s, analysis, simpleKey),
    length: cps.length,
    hasSpace: cps.includes(0x20),
    simpleKeyOk: utf8Length(cps) <= SIMPLE_KEY_MAX_BYTES && !analysis.multiline,
  };
}

/** Writes a string in `style` from the code points (the styles that may fold or break lines). */
export function writeStyled(w: Writer, cps: number[], style: Style, allowBreaks: boolean, indent: number): void {
  switch (style) {
    case 'plain': return writePlain(w, cps, allowBreaks, indent);
    case 'single': return writeSingle(w, cps, allowBreaks, indent);
    case 'double': return writeDouble(w, cps, allowBreaks, indent);
    case 'literal': return writeLiteral(w, cps, indent);
  }
}
