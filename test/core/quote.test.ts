/** User values in messages: quoted short, escaped, one line, never a credential, never a throw. */
import { escapeControls, LINE_MAX, oneLine, QUOTE_MAX, quoteValue } from '../../src/core/quote';

describe('escapeControls', () => {
  test('line breaks and tabs get their short JSON escapes', () => {
    expect(escapeControls('a\nb\rc\td\be\ff')).toBe('a\\nb\\rc\\td\\be\\ff');
  });

  test('other C0, DEL and C1 controls get \\u escapes', () => {
    expect(escapeControls('\u0000\u001b[31m\u007f\u0085\u009f')).toBe('\\u0000\\u001b[31m\\u007f\\u0085\\u009f');
  });

  test('Unicode line/paragraph separators, bidi controls and the BOM are escaped', () => {
    expect(escapeControls('\u2028\u2029\u200e\u200f\u202e\u2066\u2069\ufeff')).toBe('\\u2028\\u2029\\u200e\\u200f\\u202e\\u2066\\u2069\\ufeff');
  });

  test('a lone surrogate is escaped, a pair is kept', () => {
    expect(escapeControls('a\ud800b')).toBe('a\\ud800b');
    expect(escapeControls('a\udc00b')).toBe('a\\udc00b');
    expect(escapeControls('😀')).toBe('😀');
  });

  test('printable text, quotes and backslashes are kept as they are', () => {
    expect(escapeControls('plain "text" \\ é 中')).toBe('plain "text" \\ é 中');
  });
});

describe('quoteValue', () => {
  test('a short string is JSON-quoted', () => {
    expect(quoteValue('my-stack')).toBe('"my-stack"');
    expect(quoteValue('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quoteValue('x\ny')).toBe('"x\\ny"');
  });

  test('separators JSON.stringify leaves raw are escaped', () => {
    expect(quoteValue('a\u2028b\u202ec')).toBe('"a\\u2028b\\u202ec"');
  });

  test('a string of exactly QUOTE_MAX characters is shown whole', () => {
    const s = 'a'.repeat(QUOTE_MAX);
    expect(quoteValue(s)).toBe(`"${s}"`);
  });

  test('a longer string is cut at QUOTE_MAX with an ellipsis and its length', () => {
    const s = 'ab'.repeat(QUOTE_MAX);
    expect(quoteValue(s)).toBe(`"${s.slice(0, QUOTE_MAX)}…" (${s.length} characters)`);
  });

  test('escapes count against the cut', () => {
    const s = '\u001b'.repeat(100);
    // each escape is six characters: ten fit in sixty
    expect(quoteValue(s)).toBe(`"${'\\u001b'.repeat(10)}…" (100 characters)`);
  });

  test('the cut does not split a surrogate pair', () => {
    const s = 'a'.repeat(QUOTE_MAX - 1) + '😀' + 'b'.repeat(10);
    expect(quoteValue(s)).toBe(`"${'a'.repeat(QUOTE_MAX - 1)}…" (${s.length} characters)`);
  });

  test('a string that looks like a credential is described, not shown', () => {
    const key = 'sk-' + 'A1b2C3d4E5f6G7h8I9j0K1l2';
    expect(quoteValue(key)).toBe(`a value that looks like a credential (a string of ${key.length} characters, not shown)`);
    expect(quoteValue('-----BEGIN PRIVATE KEY-----')).toBe('a value that looks like a credential (a string of 27 characters, not shown)');
  });

  test('a URL password is masked wherever it is in the text', () => {
    expect(quoteValue('see postgres://app:hunter2@db:5432/x')).toBe('"see postgres://app:***@db:5432/x"');
  });

  test('other types are described', () => {
    expect(quoteValue(3)).toBe('the number 3');
    expect(quoteValue(NaN)).toBe('the number NaN');
    expect(quoteValue(true)).toBe('the boolean true');
    expect(quoteValue(12n)).toBe('the integer 12');
    expect(quoteValue(10n ** 40n)).toBe('an integer of 41 digits');
    expect(quoteValue(undefined)).toBe('nothing');
    expect(quoteValue(null)).toBe('null');
    expect(quoteValue(Symbol('x'))).toBe('a symbol');
    expect(quoteValue(() => 1)).toBe('a function');
    expect(quoteValue([1])).toBe('an array of 1 item');
    expect(quoteValue([1, 2, 3, 4])).toBe('an array of 4 items');
    expect(quoteValue({ a: 1 })).toBe('an object with 1 key');
    expect(quoteValue({ a: 1, b: 2 })).toBe('an object with 2 keys');
  });

  test('never throws, not for a Proxy whose traps throw', () => {
    const hostile = new Proxy({}, { ownKeys() { throw new Error('boom'); } });
    expect(quoteValue(hostile)).toBe('a value that cannot be shown');
    const cyclic: { [k: string]: unknown } = {};
    cyclic.self = cyclic;
    expect(quoteValue(cyclic)).toBe('an object with 1 key');
  });
});

describe('oneLine', () => {
  test('a short line is only escaped', () => {
    expect(oneLine('a\nb')).toBe('a\\nb');
  });

  test('a line of exactly max characters is kept whole', () => {
    const s = 'x'.repeat(LINE_MAX);
    expect(oneLine(s)).toBe(s);
  });

  test('a longer line keeps 60% at the start and the rest at the end, and says how much was left out', () => {
    const s = 'a'.repeat(10) + 'b'.repeat(10);
    expect(oneLine(s, 10)).toBe(`${'a'.repeat(6)} …[10 characters left out]… ${'b'.repeat(4)}`);
  });

  test('the default maximum is LINE_MAX', () => {
    const s = 'a'.repeat(LINE_MAX + 1);
    expect(oneLine(s)).toBe(`${'a'.repeat(1200)} …[1 character left out]… ${'a'.repeat(800)}`);
  });

  test('the cut does not split surrogate pairs at either end', () => {
    // head of 6 would end on a high surrogate; tail of 4 would start on a low surrogate
    const s = 'aaaaa😀' + 'x'.repeat(10) + '😀bbb';
    expect(oneLine(s, 10)).toBe(`aaaaa …[${s.length - 8} characters left out]… bbb`);
  });

  test('the kept parts are escaped', () => {
    expect(oneLine('\n'.repeat(20), 10)).toBe(`${'\\n'.repeat(6)} …[10 characters left out]… ${'\\n'.repeat(4)}`);
  });
});
