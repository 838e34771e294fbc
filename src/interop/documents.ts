/**
 * A YAML stream of manifests split into documents, each with its problems (syntax, nesting
 * deeper than the readers allow), before anything is interpreted.
 */
import * as YAML from 'yaml';
import { ConfigProblem } from '../core/errors';
import { plainCopy, toJsonValue } from '../core/json-convert';
import { oneLine } from '../core/quote';
import { tooDeepDocuments, valueTooDeep, withoutDocuments } from '../yaml/depth';
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
 * Manifests nest a few dozen levels; the YAML parser recurses per level and runs out of stack
 * some thousand levels down, so deeper documents are problems, found before parsing.
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
    fix: 'flatten the data: manifests nest a few dozen levels, and deeper input is refused before it is parsed',
  };
}

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/**
 * YAML 1.1 as kubectl reads manifests (`sigs.k8s.io/yaml`: yes/on are booleans, 0755 is octal,
 * timestamps stay strings). Values JSON cannot hold (`.inf`) are problems, not silent nulls.
 * A lone CR ends a line (as in YAML 1.2 and go-yaml); documents nested deeper than
 * MAX_MANIFEST_DEPTH are problems with the path where they went too deep, the others are read.
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
 * documents are the whole stream's. Each window is checked for nesting, then parsed. Returns
 * true when every document was read so; false, having yielded some documents or none, when the
 * stream does not read cleanly one by one (a syntax error, nesting deeper than MAX_MANIFEST_DEPTH,
 * the parser throwing): the caller then drops what it took and takes readManifestDocuments's
 * documents of the whole text instead, which word the problems with their lines.
 */
export function* manifestDocumentsFromPieces(pieces: Iterable<string>, windowSize = WINDOW): Generator<ManifestDocument, boolean, undefined> {
  let i = 0;
  for (const window of documentWindows(pieces, windowSize)) {
    if (tooDeepDocuments(window, MAX_MANIFEST_DEPTH).length > 0) return false;
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
        doc = manifestDocument(next.value, i++, undefined);
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
 * document (so tooDeepDocuments finds in each what it would find in the whole, and a parser of
 * one window reads the whole stream's documents), lone CRs as LFs (a CR at a piece's end waits
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

/** The whole stream parsed at once: syntax errors with their lines, too-deep documents left out and reported. */
function wholeStream(text: string): ManifestDocument[] {
  const source = withLineFeeds(text);
  const deep = tooDeepDocuments(source, MAX_MANIFEST_DEPTH);
  const kept = deep.length > 0 ? withoutDocuments(source, deep) : { text: source, placeholders: [] };
  let docs: YAML.Document.Parsed[];
  try {
    const parsed = YAML.parseAllDocuments(kept.text, YAML_OPTIONS);
    docs = Array.isArray(parsed) ? parsed : [parsed];
  } catch (e) {
    // The depth check keeps the parser within its stack; whatever else it throws is still bad input.
    return [{
      index: 1,
      value: null,
      problems: [isStackOverflow(e) ? depthProblem('(document)') : { path: '(yaml)', message: oneLine(e instanceof Error ? e.message : String(e), 500), fix: 'fix the YAML' }],
    }];
  }
  /** Each too-deep document, by the document its placeholder ended up in. */
  const tooDeep = new Map<number, string>();
  kept.placeholders.forEach((offset, k) => {
    let i = docs.findIndex((d) => d.range[0] <= offset && offset < Math.max(d.range[2], d.range[0] + 1));
    if (i < 0) i = docs.length - 1;
    if (!tooDeep.has(i)) tooDeep.set(i, deep[k].path);
  });
  const out = docs.map((doc, i): ManifestDocument => manifestDocument(doc, i, tooDeep.get(i)));
  // A placeholder no document holds (never expected): the problem is still reported.
  if (deep.length > 0 && out.length === 0) out.push({ index: 1, value: null, problems: [depthProblem(deep[0].path)] });
  return out;
}

/** One parsed document as read: its value, or its problems. */
function manifestDocument(doc: YAML.Document.Parsed, i: number, tooDeepPath: string | undefined): ManifestDocument {
  if (tooDeepPath !== undefined) return { index: i + 1, value: null, problems: [depthProblem(tooDeepPath)] };
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const problem = /call stack/i.test(e.message)
      ? depthProblem('(document)')
      : { path: '(yaml)', message: oneLine(e.message.split('\n')[0], 500), fix: 'fix the YAML syntax' };
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
    problems.push(isStackOverflow(e) ? depthProblem('(document)') : { path: '(yaml)', message: oneLine(e instanceof Error ? e.message : String(e), 500), fix: 'fix the YAML' });
  }
  return { index: i + 1, value, problems };
}
