/**
 * A YAML stream of manifests split into documents, each with its problems (syntax, nesting
 * deeper than the readers allow), before anything is interpreted.
 */
import * as YAML from 'yaml';
import { ConfigProblem } from '../core/errors';
import { plainCopy, toJsonValue } from '../core/json-convert';
import { oneLine, quoteValue } from '../core/quote';
import { resolvePlain } from '../yaml/yaml11-resolve';

/** One YAML document of a stream: its JSON value (null when empty), or what is wrong with it. */
export interface ManifestDocument {
  /** 1-based position in the stream. */
  readonly index: number;
  readonly value: unknown;
  readonly problems: ConfigProblem[];
}

/**
 * Deepest nesting of a manifest document: collections in collections, a top-level mapping being 1.
 * Manifests nest a few dozen levels. A document is measured once read (aliases followed), at the
 * path where it went too deep; the YAML parser recurses per level, and a document so deep that it
 * runs out of stack (some thousand levels down) is the `yaml` package's RESOURCE_EXHAUSTION error
 * (2.8.3 on), reported at `(document)`.
 */
export const MAX_MANIFEST_DEPTH = 200;

/**
 * Every untagged plain scalar resolved as go-yaml v2 resolves it (config/yaml11-resolve.ts): the
 * yaml package's YAML 1.1 schema reads more as numbers (`e1`, `.`, `-e1` as NaN, `1:20` as 80).
 * First in the schema, it answers every plain scalar; the package's own types answer explicit
 * tags only (`!!int "12"`).
 */
const GO_YAML_PLAIN: YAML.ScalarTag = {
  tag: 'tag:yaml.org,2002:go-yaml-plain',
  default: true,
  test: /^/,
  resolve(s: string): unknown {
    const r = resolvePlain(s);
    switch (r.kind) {
      case 'null': return null;
      case 'bool': case 'float': return r.value;
      case 'int': return Number(r.value);
      default: return s; // a string, or a timestamp (kept as written)
    }
  },
};

const YAML_OPTIONS: YAML.ParseOptions & YAML.DocumentOptions & YAML.SchemaOptions = {
  version: '1.1',
  customTags: (tags) => [GO_YAML_PLAIN, ...tags.filter((t) => (t as { tag?: string }).tag !== 'tag:yaml.org,2002:timestamp')],
};

function depthProblem(path: string): ConfigProblem {
  return {
    path,
    message: `nested deeper than ${MAX_MANIFEST_DEPTH} levels (collections in collections)`,
    fix: 'flatten the data: manifests nest a few dozen levels, and deeper input is refused',
  };
}

/** A RangeError of the stack (what a `yaml` before 2.8.3 threw from deep input, or a walk of aliased data). */
function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/**
 * YAML 1.1 as kubectl reads manifests (`sigs.k8s.io/yaml`: yes/on are booleans, 0755 is octal,
 * timestamps stay strings). Values JSON cannot hold (`.inf`) are problems, not silent nulls.
 * A lone CR ends a line (as in YAML 1.2 and go-yaml); documents nested deeper than
 * MAX_MANIFEST_DEPTH are problems with the path where they went too deep (`(document)` past what
 * the parser can read), the others are read.
 */
export function readManifestDocuments(text: string): ManifestDocument[] {
  const out: ManifestDocument[] = [];
  const streamed = manifestDocumentsFromPieces([text]);
  for (let next = streamed.next(); ; next = streamed.next()) {
    if (next.done) {
      if (next.value) return out;
      break;
    }
    out.push(next.value);
  }
  return wholeStream(text);
}

/**
 * How much text is parsed (and checked for nesting) at a time: small, so that a window and what
 * its parser makes die young (larger ones lived through collections and grew the heap: peak RSS
 * 152 MB at 260,000 objects with 64 KiB, 111 MB with 8 KiB, the same at 780,000).
 */
const WINDOW = 8_192;

/**
 * readManifestDocuments's documents one at a time, so that a caller can let each go before the
 * next is read (130,000 objects held as values took 1 GB), from a text given in pieces (a file or
 * stdin read 8 KiB at a time): the text is never whole in memory, only the window being parsed,
 * about 8 KiB cut where a document starts (or one document, when it is larger), so that its
 * documents are the whole stream's. Returns true when every document was read so; false, having
 * yielded some documents or none, when the stream does not read cleanly one by one (a syntax
 * error, nesting the parser cannot read, the parser throwing): the caller then drops what it took
 * and takes readManifestDocuments's documents of the whole text instead, which word the problems
 * with their lines.
 */
export function* manifestDocumentsFromPieces(pieces: Iterable<string>, windowSize = WINDOW): Generator<ManifestDocument, boolean, undefined> {
  let i = 0;
  for (const window of documentWindows(pieces, windowSize)) {
    // A parser per window (one fed the whole stream keeps all of its text), its documents taken
    // one at a time (a window's parsed documents all at once take a hundred times its size).
    let docs: Iterator<YAML.Document.Parsed>;
    try {
      docs = new YAML.Composer(YAML_OPTIONS).compose(new YAML.Parser().parse(window))[Symbol.iterator]();
    } catch {
      return false;
    }
    for (;;) {
      let doc: ManifestDocument;
      try {
        const next = docs.next();
        if (next.done) break;
        if (next.value.errors.length > 0) return false;
        doc = manifestDocument(next.value, i++, 0);
      } catch {
        return false;
      }
      yield doc;
    }
  }
  return true;
}

/** A line that starts a document: `---` then a space, a tab or the line's end (never a buffer's end: more may follow). */
const DOCUMENT_START = /\n---(?=[ \t\r\n])/g;

/** Text kept from before a piece when it is searched: a `---` line cut between pieces, and the line before it. */
const OVERLAP = 256;

/**
 * The pieces as windows of about `size` characters, each ending where a `---` line starts a
 * document (so a parser of one window reads the whole stream's documents), lone CRs as LFs (a CR at a piece's end waits
 * for the next piece: it may be a CRLF's). Each piece is searched once, with the end of what is
 * pending: a document larger than a window costs its length, not its length times its pieces.
 */
function* documentWindows(pieces: Iterable<string>, size: number): Generator<string, void, undefined> {
  let parts: string[] = [];
  let length = 0;
  let carry = '';
  for (const raw of pieces) {
    let piece = carry + raw;
    carry = piece.endsWith('\r') ? '\r' : '';
    piece = withLineFeeds(carry === '' ? piece : piece.slice(0, -1));
    if (piece === '') continue;
    const tail = tailOf(parts, OVERLAP);
    parts.push(piece);
    length += piece.length;
    if (length < size) continue;
    // Where `tail + piece` starts in the pending text; what comes before it was searched already.
    const offset = length - piece.length - tail.length;
    const cut = nextCut(tail + piece, Math.max(0, size - 1 - offset));
    if (cut < 0) continue;
    let rest = parts.join('');
    let at = offset + cut;
    while (at >= 0) {
      yield rest.slice(0, at);
      rest = rest.slice(at);
      at = rest.length >= size ? nextCut(rest, size - 1) : -1;
    }
    parts = [rest];
    length = rest.length;
  }
  yield parts.join('') + (carry === '' ? '' : '\n');
}

/** The last `n` characters of `parts` joined (fewer when there are not so many). */
function tailOf(parts: readonly string[], n: number): string {
  let tail = '';
  for (let i = parts.length - 1; i >= 0 && tail.length < n; i--) tail = parts[i].slice(Math.max(0, parts[i].length - (n - tail.length))) + tail;
  return tail;
}

/** The start of the first `---` line at or after `from` that a directive (`%YAML`) does not precede, or -1. */
function nextCut(text: string, from: number): number {
  DOCUMENT_START.lastIndex = from;
  for (let m = DOCUMENT_START.exec(text); m !== null; m = DOCUMENT_START.exec(text)) {
    // A directive belongs to the document after it: the two stay in one window.
    if (text.charAt(text.lastIndexOf('\n', m.index - 1) + 1) !== '%') return m.index + 1;
  }
  return -1;
}

/** The yaml package ends lines at LF and CRLF only: a file with CR line ends would be one line. */
function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** The whole stream parsed at once: syntax errors with their lines, too-deep documents reported. */
function wholeStream(text: string): ManifestDocument[] {
  const source = withLineFeeds(text);
  try {
    return parsedDocuments(source).map((doc, i) => manifestDocument(doc, i, 0));
  } catch (e) {
    // The parser (yaml 2.9) still recurses into nested block collections that a later document
    // closes, past the stack: each document is parsed alone, so only the deep one is lost.
    if (isStackOverflow(e)) return documentByDocument(source);
    return [{ index: 1, value: null, problems: [thrownProblem(e)] }];
  }
}

function parsedDocuments(text: string): YAML.Document.Parsed[] {
  const parsed = YAML.parseAllDocuments(text, YAML_OPTIONS);
  return Array.isArray(parsed) ? parsed : [parsed];
}

function thrownProblem(e: unknown): ConfigProblem {
  return isStackOverflow(e) ? depthProblem('(document)') : { path: '(yaml)', message: oneLine(e instanceof Error ? e.message : String(e), 500), fix: 'fix the YAML' };
}

/** The stream cut where each document starts (`---` lines), each piece parsed alone; line numbers as in the whole. */
function documentByDocument(source: string): ManifestDocument[] {
  const out: ManifestDocument[] = [];
  let lines = 0;
  let start = 0;
  for (let end = nextCut(source, 1); start < source.length; end = end < 0 ? -1 : nextCut(source, end + 1)) {
    const piece = source.slice(start, end < 0 ? source.length : end);
    try {
      for (const doc of parsedDocuments(piece)) out.push(manifestDocument(doc, out.length, lines));
    } catch (e) {
      out.push({ index: out.length + 1, value: null, problems: [thrownProblem(e)] });
    }
    for (let i = piece.indexOf('\n'); i >= 0; i = piece.indexOf('\n', i + 1)) lines++;
    start += piece.length;
  }
  return out;
}

/** A parser message's `at line N` for a piece that starts `lines` lines into the stream. */
function atStreamLine(message: string, lines: number): string {
  return lines === 0 ? message : message.replace(/ at line (\d+), column (\d+)/, (_m, line: string, col: string) => ` at line ${Number(line) + lines}, column ${col}`);
}

/** One parsed document as read: its value, or its problems. */
function manifestDocument(doc: YAML.Document.Parsed, i: number, lines: number): ManifestDocument {
  if (doc.errors.length > 0) {
    // Too deep for the parser: where depends on the stack left, so the document is the path.
    const problem = doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')
      ? depthProblem('(document)')
      : { path: '(yaml)', message: oneLine(atStreamLine(doc.errors[0].message.split('\n')[0], lines), 500), fix: 'fix the YAML syntax' };
    return { index: i + 1, value: null, problems: [problem] };
  }
  const problems: ConfigProblem[] = [];
  let value: unknown = null;
  try {
    const js = doc.toJS({ maxAliasCount: 1000 });
    // Aliases can nest data deeper than its text.
    const deepAt = valueTooDeep(js, MAX_MANIFEST_DEPTH);
    if (deepAt !== undefined) problems.push(depthProblem(deepAt));
    // Ordinary objects again: manifests are user data, handed on as users would write them.
    else value = plainCopy(toJsonValue(js, '(document)', problems));
  } catch (e) {
    problems.push(thrownProblem(e));
  }
  return { index: i + 1, value, problems };
}

/**
 * The path of the first list or mapping in `value` nested deeper than `max` (the value itself,
 * if a list or mapping, is depth 1), or undefined. Iterative: aliases can make parsed data
 * deeper than its text, or cyclic (an alias inside its own anchor): the walk stops past `max`.
 */
export function valueTooDeep(value: unknown, max: number): string | undefined {
  interface Entry { readonly v: object; readonly depth: number; readonly parent?: Entry; readonly seg?: string | number }
  if (value === null || typeof value !== 'object') return undefined;
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

/** Keys written `.key`; others `["k-y"]`, as `childPath` writes them. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A path in the problems' style, cut in the middle when long (200 levels of keys are), between segments. */
function depthPath(segments: readonly (string | number)[]): string {
  const parts = segments.map((s) => (typeof s === 'number' ? `[${s}]` : IDENTIFIER.test(s) && s.length <= 60 ? `.${s}` : `[${quoteValue(s)}]`));
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
