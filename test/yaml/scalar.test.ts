/**
 * go-yaml v2's scalar analysis and writers (emitterc.go: analyze_scalar, select_scalar_style,
 * write_plain/single_quoted/double_quoted/literal_scalar), as sigs.k8s.io/yaml.Marshal runs them:
 * unicode output on, best width 80, best indent 2.
 */
import {
  analyze, analyzePrintableAscii, BEST_WIDTH, CACHED_INDENTS, codePoints, newlinePadding, padding, sanitize, scalarFacts, SIMPLE_KEY_MAX_BYTES,
  Style, utf8Length, Writer, writeStyled,
} from '../../src/yaml/scalar';

/** `v:` then the scalar in `style`, as the emitter writes a map value at indent 2. */
function written(s: string, style: Style, allowBreaks = true): string {
  const w = new Writer();
  w.put('v:');
  w.whitespace = false;
  w.indention = false;
  writeStyled(w, codePoints(s), style, allowBreaks, 2);
  return w.text();
}

describe('moved from emit.test.ts', () => {
  test('the printable-ASCII shortcut agrees with the full analysis (every string of up to 3 characters)', () => {
    const chars = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    const differs: string[] = [];
    const check = (s: string) => {
      const a = analyzePrintableAscii(s);
      const b = analyze(codePoints(s));
      const same = a.multiline === b.multiline && a.plainAllowed === b.plainAllowed && a.singleAllowed === b.singleAllowed;
      if (!same || a.blockAllowed !== b.blockAllowed) differs.push(s);
    };
    check('');
    for (const a of chars) {
      check(a);
      for (const b of chars) {
        check(a + b);
        for (const c of chars) check(a + b + c);
      }
    }
    for (const s of ['a: b', 'a:', 'a #b', 'a#b', '--- x', '...x', 'x ', ' x', '- x', '-x', '? x', 'http://x/#frag', '${env.X:=}', 'a :b']) check(s);
    expect(differs).toEqual([]);
  });
});

describe('constants', () => {
  test("go-yaml's best width and simple-key limit", () => {
    expect(BEST_WIDTH).toBe(80);
    expect(SIMPLE_KEY_MAX_BYTES).toBe(128);
  });
});

describe('analyze', () => {
  test('the empty string: plain and single, no block', () => {
    expect(analyze([])).toEqual({ multiline: false, plainAllowed: true, singleAllowed: true, blockAllowed: false });
  });

  test.each([
    ['#x'], [',x'], ['[x'], ['{x'], ['&x'], ['*x'], ['!x'], ['|x'], ['>x'], ["'x"], ['"x'], ['%x'], ['@x'], ['`x'],
    ['- x'], ['-'], ['? x'], [': x'], ['a: b'], ['a:'], ['a #b'], ['---x'], ['...x'], [' x'], ['x '],
  ])('%j cannot be plain', (s) => {
    const a = analyze(codePoints(s));
    expect(a.plainAllowed).toBe(false);
    expect(a.singleAllowed).toBe(true);
  });

  test.each([['-x'], ['a:b'], ['a#b'], ['x-'], ['?x'], ['..x'], ['--x'], ['é'], ['http://h/#f']])('%j can be plain', (s) => {
    expect(analyze(codePoints(s)).plainAllowed).toBe(true);
  });

  test('line breaks: multiline, not plain; a trailing space forbids block style', () => {
    expect(analyze(codePoints('a\nb'))).toEqual({ multiline: true, plainAllowed: false, singleAllowed: true, blockAllowed: true });
    expect(analyze(codePoints('a\u2028b')).multiline).toBe(true);
    expect(analyze(codePoints('a\u0085b')).multiline).toBe(true);
    expect(analyze(codePoints('a b ')).blockAllowed).toBe(false);
  });

  test('a space after a break rules out single quotes; a space before a break rules out all but double', () => {
    expect(analyze(codePoints('a\n b'))).toEqual({ multiline: true, plainAllowed: false, singleAllowed: false, blockAllowed: true });
    expect(analyze(codePoints('a \nb'))).toEqual({ multiline: true, plainAllowed: false, singleAllowed: false, blockAllowed: false });
  });

  test("what go-yaml's is_printable rejects (tab, DEL, C1, BOM, above U+FFFF) leaves only double quotes", () => {
    for (const s of ['a\tb', 'a\x7fb', 'a\x9bb', 'a\ufeffb', 'a😀b', 'a\x00b']) {
      expect(analyze(codePoints(s))).toEqual({ multiline: false, plainAllowed: false, singleAllowed: false, blockAllowed: false });
    }
    expect(analyze(codePoints('a\u00a0b\ufffd')).plainAllowed).toBe(true);
  });
});

describe('sanitize / codePoints / utf8Length', () => {
  test('lone surrogates become U+FFFD; pairs are one code point', () => {
    expect(sanitize('a\ud800b\udc00c😀')).toBe('a\ufffdb\ufffdc😀');
    expect(codePoints('a\ud800😀')).toEqual([0x61, 0xfffd, 0x1f600]);
    expect(codePoints('abc')).toEqual([0x61, 0x62, 0x63]);
  });

  test('UTF-8 byte lengths by code point range', () => {
    expect(utf8Length([0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000])).toBe(1 + 2 + 2 + 3 + 3 + 4);
    expect(utf8Length([])).toBe(0);
  });
});

describe('padding', () => {
  test('n spaces, and a line break then n spaces, below and above the cache', () => {
    expect(padding(0)).toBe('');
    expect(padding(3)).toBe('   ');
    expect(padding(CACHED_INDENTS + 1)).toBe(' '.repeat(CACHED_INDENTS + 1));
    expect(newlinePadding(2)).toBe('\n  ');
    expect(newlinePadding(CACHED_INDENTS)).toBe('\n' + ' '.repeat(CACHED_INDENTS));
  });
});

describe('Writer', () => {
  test('tracks the column; indent starts a new line unless at a fresh indentation', () => {
    const w = new Writer();
    w.indent(0);
    expect(w.column).toBe(0);
    w.indicator('key:', false, false);
    w.indicator('-', true, true);
    expect(w.text()).toBe('key: -');
    w.indent(2);
    w.put('x');
    expect(w.text()).toBe('key: -\n  x');
    expect(w.column).toBe(3);
    w.newline();
    expect(w.column).toBe(0);
  });

  test('a fresh line is padded to the indent without a new line', () => {
    const w = new Writer();
    w.indent(4);
    expect(w.text()).toBe('    ');
    expect(w.breaksLine(4)).toBe(false);
    expect(w.breaksLine(2)).toBe(true);
  });

  test('a reused parts array is cut to what this emission wrote', () => {
    const parts = ['old', 'old', 'old'];
    const w = new Writer(parts);
    w.put('new');
    expect(w.text()).toBe('new');
  });
});

describe('scalarFacts: the style go-yaml selects', () => {
  test.each<[string, boolean, Style]>([
    ['my-stack', false, 'plain'],
    ['yes', false, 'double'], // reads back as a bool
    ['8000', false, 'double'],
    ['', false, 'double'], // reads back as null
    ['', true, 'double'], // the encoder asks for double quotes: '' resolves to null
    ['a: b', false, 'single'],
    ['*', false, 'single'],
    ['a\tb', false, 'double'],
    ['line\n', false, 'literal'],
    ['line\n', true, 'double'], // a key is never a block scalar
    ['a \nb', false, 'double'],
    ['a\n b', false, 'literal'],
    ['x ', false, 'single'],
    ['é', false, 'plain'],
    ['😀', false, 'double'],
  ])('%j (key: %s) is %s', (s, key, style) => {
    expect(scalarFacts(s, key).style).toBe(style);
  });

  test('measures: code points, spaces, and the 128-byte simple-key limit', () => {
    expect(scalarFacts('a b', false)).toEqual({ text: 'a b', style: 'plain', length: 3, hasSpace: true, simpleKeyOk: true });
    expect(scalarFacts('😀x', false).length).toBe(2);
    expect(scalarFacts('x'.repeat(128), true).simpleKeyOk).toBe(true);
    expect(scalarFacts('x'.repeat(129), true).simpleKeyOk).toBe(false);
    expect(scalarFacts('é'.repeat(64), true).simpleKeyOk).toBe(true);
    expect(scalarFacts('é'.repeat(65), true).simpleKeyOk).toBe(false);
    expect(scalarFacts('a\nb', true).simpleKeyOk).toBe(false);
    expect(scalarFacts('a\ud800', false).text).toBe('a\ufffd');
  });
});

describe('writeStyled', () => {
  const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');

  test('plain: folded at the first space past column 80, unless breaks are off', () => {
    const out = written(words, 'plain');
    const [first, second] = out.split('\n');
    expect(out.split('\n')).toHaveLength(2);
    expect(first.length).toBeGreaterThan(BEST_WIDTH);
    expect(first.slice(0, first.lastIndexOf(' ')).length).toBeLessThanOrEqual(BEST_WIDTH);
    expect(second.startsWith('  word')).toBe(true);
    expect(out.replace('\n  ', ' ')).toBe(`v: ${words}`);
    expect(written(words, 'plain', false)).toBe(`v: ${words}`);
  });

  test('single: quotes doubled; a line break written twice, the next line indented', () => {
    expect(written("it's", 'single')).toBe("v: 'it''s'");
    expect(written('a\nb', 'single')).toBe("v: 'a\n\n  b'");
  });

  test("double: go-yaml's escapes; printable unicode kept as is", () => {
    expect(written('\x00\x07\x08\t\n\x0b\x0c\r\x1b"\\', 'double')).toBe('v: "\\0\\a\\b\\t\\n\\v\\f\\r\\e\\"\\\\"');
    expect(written('\x01\x7f\x85\u2028\u2029\ufeff😀', 'double')).toBe('v: "\\x01\\x7F\\N\\L\\P\\uFEFF\\U0001F600"');
    expect(written('é\u00a0中', 'double')).toBe('v: "é\u00a0中"');
  });

  test('double: folded past column 80, a second space escaped after the fold', () => {
    const out = written(`${words}  x`, 'double');
    expect(out.split('\n')).toHaveLength(2);
    const s = `${'x'.repeat(78)}  y`;
    expect(written(s, 'double')).toBe(`v: "${'x'.repeat(78)}\n  \\ y"`);
  });

  test('literal: the chomping and indentation hints', () => {
    expect(written('a\nb\n', 'literal')).toBe('v: |\n  a\n  b\n');
    expect(written('a\nb', 'literal')).toBe('v: |-\n  a\n  b');
    expect(written('a\n\n', 'literal')).toBe('v: |+\n  a\n\n');
    expect(written(' a\n', 'literal')).toBe('v: |2\n   a\n');
    expect(written('\n', 'literal')).toBe('v: |2+\n\n');
  });
});
