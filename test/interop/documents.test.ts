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

describe('plain scalars read as go-yaml v2 reads them (sigs.k8s.io/yaml, kubectl)', () => {
  // go-yaml's resolve: a first character among `+-0-9.` may start a number (its float syntax is
  // `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`, after `_` are dropped), one among
  // `yYnNtTfFoO~` a word of its table; anything else is a string.
  const TABLE: [string, unknown][] = [
    // Strings in go-yaml that the yaml package's YAML 1.1 schema read as NaN or a number.
    ['e1', 'e1'], ['E5', 'E5'], ['-e1', '-e1'], ['+e1', '+e1'], ['.e1', '.e1'], ['.', '.'], ['-.', '-.'], ['+', '+'],
    ['1:20', '1:20'], ['190:20:30.15', '190:20:30.15'], ['1e', '1e'], ['._1', '._1'], ['1e999', '1e999'],
    // Numbers.
    ['1e1', 10], ['1E1', 10], ['1.5', 1.5], ['.5', 0.5], ['-.5e3', -500], ['+1.5e+3', 1500], ['1.', 1], ['0.', 0],
    ['1_000', 1000], ['1__0', 10], ['1_', 1], ['0x1F', 31], ['0x_1F', 31], ['0o17', 15], ['017', 15], ['0b101', 5], ['-0b101', -5],
    ['-9223372036854775809', -9223372036854775809], ['_1', '_1'], ['08', 8], ['0x', '0x'],
    // Words.
    ['yes', true], ['Y', true], ['on', true], ['ON', true], ['no', false], ['n', false], ['Off', false], ['tRUE', 'tRUE'],
    ['~', null], ['null', null], ['NULL', null], ['nULL', 'nULL'], ['', null],
    // Timestamps stay strings.
    ['2001-12-14', '2001-12-14'], ['2001-12-14t21:59:43.10-05:00', '2001-12-14t21:59:43.10-05:00'],
    ['eleven', 'eleven'], ['Infinity', 'Infinity'], ['NaN', 'NaN'],
  ];

  test.each(TABLE)('%j', (scalar, expected) => {
    const [doc] = readManifestDocuments(`v: ${scalar}\n`);
    expect(doc.problems).toEqual([]);
    expect(doc.value).toEqual({ v: expected });
    // Quoted, every one is the string it spells.
    expect(readManifestDocuments(`v: "${scalar}"\n`)[0].value).toEqual({ v: scalar });
  });

  test('as keys too, and in flow collections', () => {
    expect(readManifestDocuments('{e1: E5, list: [e1, -e1, 1e1]}\n')[0].value).toEqual({ e1: 'E5', list: ['e1', '-e1', 10] });
  });

  test('values JSON cannot hold are still problems: .inf, .nan', () => {
    for (const s of ['.inf', '-.Inf', '.nan']) {
      expect(readManifestDocuments(`v: ${s}\n`)[0].problems.map((p) => p.path)).toEqual(['(document).v']);
    }
  });

  test('explicit tags still resolve', () => {
    expect(readManifestDocuments('a: !!str 10\nb: !!int "12"\n')[0].value).toEqual({ a: '10', b: 12 });
  });
});
