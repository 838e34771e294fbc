/**
 * A stream read in pieces, parsed a window at a time, gives the documents (and the problems) of
 * the whole text: wherever the pieces are cut, whatever the line ends, however small the window.
 */
import fc from 'fast-check';
import { manifestDocumentsFromPieces, ManifestDocument, readManifestDocuments } from '../../src/interop/documents';

/** The documents of `pieces`, or 'fallback' when they do not read cleanly one by one. */
function fromPieces(pieces: string[], windowSize: number): ManifestDocument[] | 'fallback' {
  const out: ManifestDocument[] = [];
  const docs = manifestDocumentsFromPieces(pieces, windowSize);
  for (let next = docs.next(); ; next = docs.next()) {
    if (next.done) return next.value ? out : 'fallback';
    out.push(next.value);
  }
}

/** `text` cut at `cuts` (positions, any order). */
function cut(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => text.slice(start, i < at.length ? at[i] : text.length));
}

const DOCUMENTS = [
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: |\n    line one\n    --- not a document start\n',
  '--- \nkind: Service\nmetadata: {name: b}\n',
  '---\n# only a comment\n',
  '---\nkind: Secret\nstringData:\n  x: "0o17"\n  y: yes\n...\n',
  '--- |\n  a top-level block scalar\n',
  '---\nlist:\n- 1\n- [2, {three: 3}]\n',
  '%YAML 1.1\n---\nkind: Directive\n',
];

describe('manifestDocumentsFromPieces', () => {
  test('any cut into pieces, any window, LF, CRLF or CR line ends: the whole text\'s documents', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...DOCUMENTS), { minLength: 1, maxLength: 12 }),
      fc.constantFrom('\n', '\r\n', '\r'),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.integer({ min: 1, max: 120 }),
      (docs, eol, cuts, windowSize) => {
        const text = docs.join('').replace(/\n/g, eol);
        const whole = readManifestDocuments(text);
        const pieces = fromPieces(cut(text, cuts), windowSize);
        // Only a stream with a problem is read whole instead (to word it with its line).
        if (pieces === 'fallback') expect(whole.some((d) => d.problems.length > 0)).toBe(true);
        else expect(pieces).toEqual(whole);
      }), { numRuns: 400 });
  });

  test('a syntax error or a document too deep for the parser: the caller reads the whole text instead', () => {
    for (const bad of ['a: [b\n', `a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`]) {
      const text = `${DOCUMENTS[0]}---\n${bad}---\nkind: Service\n`;
      expect(fromPieces(cut(text, [5, 40, 90]), 16)).toBe('fallback');
      expect(readManifestDocuments(text).map((d) => d.problems.length > 0)).toEqual([false, true, false]);
    }
  });

  test('a document deeper than the limit that the parser reads: its problem, read one by one as whole', () => {
    const text = `${DOCUMENTS[0]}---\na: ${'['.repeat(300)}${']'.repeat(300)}\n---\nkind: Service\n`;
    const whole = readManifestDocuments(text);
    expect(whole.map((d) => d.problems.map((p) => p.path.slice(0, 18)))).toEqual([[], ['(document).a[0][0]'], []]);
    expect(fromPieces(cut(text, [5, 40, 90]), 16)).toEqual(whole);
  });

  test('windows are cut where a document starts, so a window holds whole documents (the nesting check sees them whole)', () => {
    // A deep but allowed document split across a window boundary is still read.
    const deep = `a: ${'['.repeat(150)}${']'.repeat(150)}\n`;
    const text = `${DOCUMENTS[1]}---\n${deep}---\n${deep}`;
    expect(fromPieces(cut(text, [3, 200, 400]), 50)).toEqual(readManifestDocuments(text));
  });
});

describe('manifestDocumentsFromPieces: a CRLF cut between pieces', () => {
  test('a CR at the end of a piece waits for the LF of the next', () => {
    const text = 'k: |\r\n  one\r\n  two\r\n---\r\nx: 1\r\n';
    const at = text.indexOf('\n', text.indexOf('one'));
    expect(fromPieces([text.slice(0, at), text.slice(at)], 1)).toEqual(readManifestDocuments(text));
    expect(readManifestDocuments(text)[0].value).toEqual({ k: 'one\ntwo\n' });
  });
});

describe('manifestDocumentsFromPieces: directives', () => {
  test('a directive stays in the window of the document it starts', () => {
    const text = `${DOCUMENTS[3]}%TAG !e! tag:example.com,2000:\n---\nkind: !e!Directive tagged\n`;
    expect(readManifestDocuments(text).every((d) => d.problems.length === 0)).toBe(true);
    expect(fromPieces([text], 1)).toEqual(readManifestDocuments(text));
  });
});
