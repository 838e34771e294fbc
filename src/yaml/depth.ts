/**
 * Nesting depth of YAML text, measured before the `yaml` package reads it. Its parser and composer
 * recurse once per level: some thousand nested collections exhaust the stack ("Maximum call stack
 * size exceeded", thrown from inside the parser, with no position), and deeper flow input can
 * exhaust the heap. So a stream is measured first, with nothing recursive, and a document nested
 * deeper than the limit is kept from the parser and reported with the path where it went too deep.
 *
 * Measuring is cheap for ordinary documents: a bound from the text (indentation, indicators, flow
 * brackets) clears them in one pass. Only a document whose bound exceeds the limit is lexed (the
 * `yaml` lexer is iterative) and its block and flow collections followed to the real depth.
 */
import { Lexer } from 'yaml';
import { quoteValue } from '../core/quote';

/** A document of a stream nested deeper than the limit. */
export interface TooDeepDocument {
  /** Offset of its content in the text: after its `---` or `...` marker, or 0 for the first. */
  readonly start: number;
  /** Offset after its content: the start of the next marker line, or the end of the text. */
  readonly end: number;
  /** Where it went too deep, e.g. `(document).spec.a[0].b` (cut in the middle when long). */
  readonly path: string;
}

/** A document region of the stream: between marker lines. */
interface Region {
  readonly start: number;
  readonly end: number;
  /** Column at which the region's first line starts (3 after a marker). */
  readonly column: number;
  /** An upper bound of the nesting depth inside it. */
  readonly bound: number;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === LF || Number.isNaN(c);
}

/** `---` or `...` at column 0, followed by a blank or the end: a document marker (never inside a scalar). */
function isMarker(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c !== 45 /* - */ && c !== 46 /* . */) return false;
  return text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c && isBlank(text.charCodeAt(i + 3));
}

/**
 * The document regions of a stream, each with a depth bound. A block collection nested in another
 * is indented further, or (a sequence in a mapping) as far, or starts on the same line after an
 * indicator (`- - a`); flow collections open with a bracket. So the depth inside a region is at
 * most 2 × (longest line prefix of blanks and indicators + 1) + 2 × (most indicators on a line)
 * + (its opening brackets): generous, and only used to skip the exact measure.
 */
function regions(text: string): Region[] {
  const out: Region[] = [];
  let start = 0;
  let column = 0;
  let maxPrefix = 0;
  let maxIndicators = 0;
  let openers = 0;
  let prefix = 0;
  let inPrefix = true;
  let indicators = 0;
  let lineStart = true;
  const close = (end: number) => {
    maxPrefix = Math.max(maxPrefix, prefix);
    maxIndicators = Math.max(maxIndicators, indicators);
    out.push({ start, end, column, bound: 2 * (maxPrefix + 1) + 2 * maxIndicators + openers + 2 });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (lineStart && isMarker(text, i)) {
      close(i);
      start = i + 3;
      column = 3;
      maxPrefix = maxIndicators = openers = prefix = indicators = 0;
      inPrefix = true;
      lineStart = false;
      i += 2;
      continue;
    }
    lineStart = false;
    if (c === LF) {
      maxPrefix = Math.max(maxPrefix, prefix);
      maxIndicators = Math.max(maxIndicators, indicators);
      prefix = indicators = 0;
      inPrefix = true;
      lineStart = true;
      continue;
    }
    const indicator = c === 45 /* - */ || c === 63 /* ? */ || c === 58 /* : */;
    if (inPrefix) {
      if (indicator || c === SPACE || c === TAB) prefix++;
      else inPrefix = false;
    }
    if (indicator && isBlank(text.charCodeAt(i + 1))) indicators++;
    else if (c === 91 /* [ */ || c === 123 /* { */) openers++;
  }
  close(text.length);
  return out;
}

/** One open collection while measuring: block (by indentation) or flow (by brackets). */
interface Level {
  readonly indent: number;
  readonly flow: boolean;
  readonly seq: boolean;
  /** Mappings: the key of the current entry. */
  key?: string;
  /** Sequences: the index of the current item. */
  index: number;
}

/** Keys written `.key`; others `["k-y"]`, as `childPath` writes them. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A path in the problems' style, cut in the middle when long (200 levels of keys are), between segments. */
export function depthPath(segments: readonly (string | number | undefined)[]): string {
  const parts = segments.map((s) => {
    if (typeof s === 'number') return `[${s}]`;
    if (s === undefined) return '[?]';
    return IDENTIFIER.test(s) && s.length <= 60 ? `.${s}` : `[${quoteValue(s)}]`;
  });
  const full = `(document)${parts.join('')}`;
  if (full.length <= 200) return full;
  let head = '(document)';
  let i = 0;
  while (i < parts.length && head.length + parts[i].length <= 100) head += parts[i++];
  let tail = '';
  let j = parts.length;
  while (j > i && tail.length + parts[j - 1].length <= 80) tail = parts[--j] + tail;
  return `${head}…${tail}`;
}

/** The text of a key token: quotes taken off (escapes as JSON has them decoded). */
function keyText(token: string): string {
  if (token.length >= 2 && token.startsWith("'") && token.endsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
  if (token.length >= 2 && token.startsWith('"') && token.endsWith('"')) {
    try {
      return JSON.parse(token) as string;
    } catch {
      return token.slice(1, -1);
    }
  }
  return token.trim();
}

/**
 * Follows the block and flow collections of one document's tokens; the path of the first
 * collection nested deeper than `max`, or undefined. Mirrors the YAML block rules closely enough
 * for a depth (and a path to show), not for meaning.
 */
function measure(source: string, column: number, max: number): string | undefined {
  const levels: Level[] = [];
  let col = column;
  let flows = 0;
  let nextIsScalar = false;
  /** Block context: where the node that could be an implicit key started on this line, and its text. */
  let nodeCol = -1;
  let nodeText: string | undefined;
  /** Flow context: the last scalar, a key if a `:` follows. */
  let flowScalar: string | undefined;

  const tooDeep = (): string | undefined => {
    if (levels.length <= max) return undefined;
    return depthPath(levels.slice(0, -1).map((l) => (l.seq ? l.index : l.key)));
  };
  const popTo = (indent: number, seqToo: boolean) => {
    const closes = (top: Level | undefined) => top && !top.flow && (top.indent > indent || (seqToo && top.indent === indent && top.seq));
    while (closes(levels[levels.length - 1])) levels.pop();
  };
  /** A block mapping entry whose key starts at `indent`. */
  const mapEntry = (indent: number, key: string | undefined, explicitValue: boolean): string | undefined => {
    popTo(indent, true);
    const top = levels[levels.length - 1];
    if (top && !top.flow && !top.seq && top.indent === indent) {
      if (!explicitValue) top.key = key;
      return undefined;
    }
    levels.push({ indent, flow: false, seq: false, key, index: 0 });
    return tooDeep();
  };
  const advance = (token: string) => {
    const nl = token.lastIndexOf('\n');
    if (nl < 0) {
      col += token.length;
    } else {
      col = token.length - nl - 1;
      nodeCol = -1;
    }
  };

  for (const token of new Lexer().lex(source)) {
    let found: string | undefined;
    const at = col;
    if (nextIsScalar) {
      nextIsScalar = false;
      if (flows > 0) flowScalar = token;
      else if (nodeCol < 0) [nodeCol, nodeText] = [at, token];
      else nodeText = token;
      advance(token);
      continue;
    }
    switch (token) {
      case '\x1f': nextIsScalar = true; continue;
      case '\x02': case '\ufeff': continue;
      case '\x18': // the lexer gave up on a flow collection
        while (levels.length > 0 && levels[levels.length - 1].flow) levels.pop();
        flows = 0;
        continue;
      case '': case '\n': case '\r\n':
        col = 0;
        nodeCol = -1;
        continue;
      case '-':
        col++;
        if (flows > 0) continue;
        popTo(at, false);
        {
          const top = levels[levels.length - 1];
          if (top && top.seq && !top.flow && top.indent === at) {
            top.index++;
          } else {
            levels.push({ indent: at, flow: false, seq: true, index: 0 });
            found = tooDeep();
          }
        }
        nodeCol = -1;
        break;
      case '?':
        col++;
        if (flows > 0) continue;
        found = mapEntry(at, '?', false);
        nodeCol = -1;
        break;
      case ':':
        col++;
        if (flows > 0) {
          const top = levels[levels.length - 1];
          if (top && !top.seq) top.key = flowScalar === undefined ? undefined : keyText(flowScalar);
          continue;
        }
        found = nodeCol >= 0 ? mapEntry(nodeCol, nodeText === undefined ? undefined : keyText(nodeText), false) : mapEntry(at, undefined, true);
        nodeCol = -1;
        break;
      case '{': case '[':
        col++;
        if (flows === 0 && nodeCol < 0) [nodeCol, nodeText] = [at, undefined];
        flows++;
        levels.push({ indent: at, flow: true, seq: token === '[', index: 0 });
        flowScalar = undefined;
        found = tooDeep();
        break;
      case '}': case ']':
        col++;
        if (flows > 0) {
          flows--;
          levels.pop();
        }
        flowScalar = undefined;
        continue;
      case ',':
        col++;
        if (flows > 0) {
          const top = levels[levels.length - 1];
          top.index++;
          top.key = undefined;
        }
        flowScalar = undefined;
        continue;
      default: {
        const c = token[0];
        if (c === ' ' || c === '\t' || c === '#' || c === '|' || c === '>' || c === '%' || token === '---' || token === '...') {
          advance(token);
          continue;
        }
        if (c === '&' || c === '!') {
          // Properties start the node they belong to.
          if (flows === 0 && nodeCol < 0) [nodeCol, nodeText] = [at, undefined];
          advance(token);
          continue;
        }
        // Quoted scalars and aliases.
        if (flows > 0) flowScalar = token;
        else if (nodeCol < 0) [nodeCol, nodeText] = [at, token];
        else nodeText = token;
        advance(token);
        continue;
      }
    }
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The documents of `text` nested deeper than `max` collections (a top-level mapping is depth 1),
 * in stream order. Never recursive; the regions it returns are between document marker lines.
 */
export function tooDeepDocuments(text: string, max: number): TooDeepDocument[] {
  const out: TooDeepDocument[] = [];
  for (const r of regions(text)) {
    if (r.bound <= max) continue;
    const path = measure(text.slice(r.start, r.end), r.column, max);
    if (path !== undefined) out.push({ start: r.start, end: r.end, path });
  }
  return out;
}

/**
 * `text` with the content of each given document replaced by a null (`~`) where its first node
 * started, keeping every line break so the other documents keep their line numbers; with the
 * offset of each `~`.
 */
export function withoutDocuments(text: string, docs: readonly TooDeepDocument[]): { text: string; placeholders: number[] } {
  let out = '';
  let from = 0;
  const placeholders: number[] = [];
  for (const d of docs) {
    out += text.slice(from, d.start);
    const region = text.slice(d.start, d.end);
    // The first line with more than blanks and a comment: its indentation stays, the rest goes.
    const first = /^[ \t]*(?=[^ \t\r\n#])/m.exec(region);
    const at = first ? first.index + first[0].length : 0;
    out += region.slice(0, at).replace(/[^\r\n]/g, ' ');
    placeholders.push(out.length);
    out += `~${(region.slice(at).match(/\r\n|\n/g) ?? []).join('')}`;
    from = d.end;
  }
  return { text: out + text.slice(from), placeholders };
}

/**
 * The path of the first array or object in `value` nested deeper than `max` (the value itself,
 * if an array or object, is depth 1), or undefined. Iterative: aliases can make parsed data
 * deeper than its text.
 */
export function valueTooDeep(value: unknown, max: number): string | undefined {
  interface Entry { readonly v: object; readonly depth: number; readonly parent?: Entry; readonly seg?: string | number }
  if (value === null || typeof value !== 'object') return undefined;
  // Aliased data is shared, or cyclic (an alias inside its own anchor): the walk stops past `max`.
  const stack: Entry[] = [{ v: value, depth: 1 }];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.depth > max) {
      const segs: (string | number)[] = [];
      for (let p: Entry | undefined = e; p?.parent; p = p.parent) segs.push(p.seg!);
      return depthPath(segs.reverse());
    }
    if (Array.isArray(e.v)) {
      for (let i = e.v.length - 1; i >= 0; i--) {
        const c = e.v[i];
        if (c !== null && typeof c === 'object') stack.push({ v: c, depth: e.depth + 1, parent: e, seg: i });
      }
    } else {
      const keys = Object.keys(e.v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const c = (e.v as Record<string, unknown>)[keys[i]];
        if (c !== null && typeof c === 'object') stack.push({ v: c, depth: e.depth + 1, parent: e, seg: keys[i] });
      }
    }
  }
  return undefined;
}
