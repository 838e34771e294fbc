/**
 * A YAML stream of manifests split into documents, each with its problems (syntax, nesting
 * deeper than the readers allow), before anything is interpreted.
 */
import * as YAML from 'yaml';
import { tooDeepDocuments, valueTooDeep, withoutDocuments } from '../config/yaml-depth';
import { ConfigProblem } from '../core/errors';
import { plainCopy, toJsonValue } from '../core/json-convert';
import { oneLine } from '../core/quote';

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

const YAML_OPTIONS: YAML.ParseOptions & YAML.DocumentOptions & YAML.SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((t) => (t as { tag?: string }).tag !== 'tag:yaml.org,2002:timestamp'),
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
  // The yaml package ends lines at LF and CRLF only: a file with CR line ends would be one line.
  const source = text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
  const deep = tooDeepDocuments(source, MAX_MANIFEST_DEPTH);
  if (deep.length === 0) {
    const streamed = readDocumentByDocument(source);
    if (streamed !== undefined) return streamed;
  }
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

/**
 * The usual case, read one document at a time: each is converted as soon as it is parsed, so the
 * parser's tree of one document at a time is alive, not the whole stream's (130,000 objects took
 * about 1 GB). Undefined when a document has a syntax error or the parser throws: the whole-text
 * path then words the problem (with its line), as always.
 */
function readDocumentByDocument(text: string): ManifestDocument[] | undefined {
  const out: ManifestDocument[] = [];
  try {
    const composer = new YAML.Composer(YAML_OPTIONS);
    for (const doc of composer.compose(new YAML.Parser().parse(text))) {
      if (doc.errors.length > 0) return undefined;
      out.push(manifestDocument(doc, out.length, undefined));
    }
  } catch {
    return undefined;
  }
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
