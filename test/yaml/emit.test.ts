/**
 * The emitter against ../shared/docs/operator-rules.md Appendix C (go-yaml v2 as used by
 * sigs.k8s.io/yaml.Marshal): exact bytes for every verified example, key order, number
 * formatting, 80-column folding, literal block hints, structure and unicode handling.
 */
import { deepFreeze, JsonValue, newObject, setOwn } from '../../src/core/json';
import { emitterCacheSizesForTests, emitYaml, goKeyLess, setEmitterCacheLimitsForTests, sortKeysGoYaml } from '../../src/yaml/emit';

/** The text go-yaml writes for `v: <value>` (a one-key top-level map). */
function valueLine(value: JsonValue): string {
  return emitYaml({ v: value });
}

describe('C.3 verified examples table (value written under key `v`)', () => {
  // [value, output] exactly as the table lists them.
  const rows: Array<[string, string]> = [
    ['', '""'],
    ['true', '"true"'],
    ['8000', '"8000"'],
    ['yes', '"yes"'],
    ['y', '"y"'],
    ['~', '"~"'],
    ['on', '"on"'],
    ['2024-01-01', '"2024-01-01"'],
    ['1:20', '"1:20"'],
    ['.5', '".5"'],
    ['0755', '"0755"'],
    ['0x1F', '"0x1F"'],
    ['*', "'*'"],
    ['a: b', "'a: b'"],
    ['a:', "'a:'"],
    ['#x', "'#x'"],
    ['a #b', "'a #b'"],
    [' x', "' x'"],
    ['x ', "'x '"],
    ['&a', "'&a'"],
    ['{x}', "'{x}'"],
    ['[a]', "'[a]'"],
    ['%x', "'%x'"],
    ['@x', "'@x'"],
    ['!x', "'!x'"],
    ['- x', "'- x'"],
    ['|x', "'|x'"],
    ['>x', "'>x'"],
    ['`x', "'`x'"],
    ['-x', '-x'],
    ['?x', '?x'],
    ['a,b', 'a,b'],
    ['<x>&', '<x>&'],
    ["it's", "it's"],
    ['say "hi"', 'say "hi"'],
    ['${env.FOO:=bar}', '${env.FOO:=bar}'],
    ['http://x/#frag', 'http://x/#frag'],
    ['héllo', 'héllo'],
    ['a\tb', '"a\\tb"'],
    ['a \nb', '"a \\nb"'],
  ];
  test.each(rows)('%j -> %s', (value, out) => {
    expect(valueLine(value)).toBe(`v: ${out}\n`);
  });

  test.each<[string, string]>([
    ['a\nb', 'v: |-\n  a\n  b\n'],
    ['a\nb\n', 'v: |\n  a\n  b\n'],
    [' a\nb', 'v: |2-\n   a\n  b\n'],
  ])('%j -> literal block', (value, out) => {
    expect(valueLine(value)).toBe(out);
  });

  // `|+` as the golden B.18 shows it (followed by another block scalar). A `|+` block that is
  // the last block scalar of the document is not asserted here: see the report (trailing `...`).
  test('"a\\nb\\n\\n" -> |+ block (as in golden B.18)', () => {
    expect(emitYaml({ m3: 'a\nb\n\n', m4: ' a\nb' })).toBe('m3: |+\n  a\n  b\n\nm4: |2-\n   a\n  b\n');
  });

  test('keys follow the same rules: "y" and "" are double-quoted', () => {
    expect(emitYaml({ y: 1 })).toBe('"y": 1\n');
    expect(emitYaml({ '': 'v' })).toBe('"": v\n');
    expect(emitYaml({ on: 'off', n: 'yes' })).toBe('"n": "yes"\n"on": "off"\n');
    expect(emitYaml({ 'a: b': 1, '#x': 2 })).toBe("'#x': 2\n'a: b': 1\n");
  });
});

describe('C.3 more resolve cases: strings that would read back as another type are double-quoted', () => {
  test.each([
    'null', 'Null', 'NULL', 'True', 'TRUE', 'false', 'False', 'FALSE', 'Y', 'n', 'N', 'no', 'No', 'NO',
    'Yes', 'YES', 'On', 'ON', 'off', 'Off', 'OFF', '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF',
    '+.inf', '-.inf', '-.INF', '1e3', '08', '-1', '+1', '1_000', '0b101', '0o17', '-0x10', '1.5',
    '18446744073709551615', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10', '2002-12-14',
    '190:20:30.15', '-1:20', '.5e3',
  ])('%j is double-quoted', (s) => {
    expect(valueLine(s)).toBe(`v: "${s}"\n`);
  });

  test.each([
    ['yEs', 'yEs'],
    ['oN', 'oN'],
    ['tRUE', 'tRUE'],
    ['nil', 'nil'],
    ['1.2.3', '1.2.3'],
    ['2024-13-01', '2024-13-01'],
    ['2023-02-29', '2023-02-29'],
    ['12:60', '12:60'],
    ['1e', '1e'],
    ['0x', '0x'],
    ['..5', '..5'],
    ['1e400', '1e400'],
    ['v1.2', 'v1.2'],
    ['-', "'-'"],
    ['---', "'---'"],
    ['...', "'...'"],
    ['--- x', "'--- x'"],
    ['?', "'?'"],
    [':', "':'"],
    ['? x', "'? x'"],
    [':x', ':x'],
    ['a:b', 'a:b'],
    ['a#b', 'a#b'],
    ["'x", "'''x'"],
    ['"x', '\'"x\''],
    [',x', "',x'"],
    [']x', "']x'"],
    ['}x', "'}x'"],
  ])('%j -> %s', (s, out) => {
    expect(valueLine(s)).toBe(`v: ${out}\n`);
  });
});

describe('C.2 key order', () => {
  /** Keys in the order they appear in the output of a map holding all of them. */
  function emittedKeyOrder(keys: string[]): string[] {
    const obj: { [k: string]: JsonValue } = {};
    for (const k of keys) obj[k] = 1;
    return emitYaml(obj).trimEnd().split('\n').map((line) => line.slice(0, line.lastIndexOf(':')));
  }

  test.each<[string[], string[]]>([
    [['a_empty', 'A_upper', '_under'], ['_under', 'A_upper', 'a_empty']],
    [['ka', 'k10', 'kA', 'k_big', 'k9', 'k_'], ['k_', 'k_big', 'k9', 'k10', 'kA', 'ka']],
    [['f10', 'f9'], ['f9', 'f10']],
    [['nested', 'n'], ['"n"', 'nested']],
    [['ampersand', 'True', 'Null', 'NULL'], ['"NULL"', '"Null"', '"True"', 'ampersand']],
  ])('%j', (input, want) => {
    expect(emittedKeyOrder(input)).toEqual(want);
    expect(emittedKeyOrder([...input].reverse())).toEqual(want);
  });

  test('digit runs compare by value, shorter run first on ties, leading zeros', () => {
    expect(emittedKeyOrder(['a10', 'a2', 'a001', 'a01', 'a1', 'ab'])).toEqual(['a1', 'a01', 'a001', 'a2', 'a10', 'ab']);
  });

  test('more than 12 keys are sorted the same way', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `k${i + 1}`);
    const shuffled = [...keys].sort((x, y) => (x.split('').reverse().join('') < y.split('').reverse().join('') ? -1 : 1));
    expect(emittedKeyOrder(shuffled)).toEqual(keys);
  });

  test('lower-case and underscore keys are in byte order', () => {
    expect(emittedKeyOrder(['providers', 'apis', 'version', 'image_name', 'metadata_store', 'inference_store']))
      .toEqual(['apis', 'image_name', 'inference_store', 'metadata_store', 'providers', 'version']);
  });
});

describe('C.3 numbers', () => {
  test.each<[number, string]>([
    [2.0, '2'],
    [8192, '8192'],
    [100, '100'],
    [9223372036854775807, '9223372036854776000'],
    [2 ** 63, '9223372036854776000'],
    [18446744073709551615, '1.8446744073709552e+19'],
    [2 ** 64, '1.8446744073709552e+19'],
    [-9223372036854775808, '-9.223372036854776e+18'],
    [1e20, '1e+20'],
    [1e21, '1e+21'],
    [-1e21, '-1e+21'],
    [1e-7, '1e-07'],
    [1e-6, '1e-06'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [0.00001234, '1.234e-05'],
    [1234567.5, '1.2345675e+06'],
    [123456.5, '123456.5'],
    [1e6, '1000000'],
    [1.5e-6, '1.5e-06'],
    [1.5e6, '1500000'],
    [-0.5, '-0.5'],
    [0.1 + 0.2, '0.30000000000000004'],
    [123456789012, '123456789012'],
    [-0, '0'],
    [0, '0'],
    [-42, '-42'],
    [5e-324, '5e-324'],
    [Number.MAX_VALUE, '1.7976931348623157e+308'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ])('%p -> %s', (n, out) => {
    expect(valueLine(n)).toBe(`v: ${out}\n`);
  });

  test('null and booleans', () => {
    expect(emitYaml({ a: null, b: true, c: false })).toBe('a: null\nb: true\nc: false\n');
  });
});

describe('C.4 folding at 80 columns', () => {
  const x = (n: number) => 'x'.repeat(n);

  test('plain: a space at column 80 is kept, the first space past column 80 breaks', () => {
    expect(valueLine(`${x(77)} y z`)).toBe(`v: ${x(77)} y\n  z\n`);
    expect(valueLine(`${x(78)} y`)).toBe(`v: ${x(78)}\n  y\n`);
    expect(valueLine(`${x(76)} y`)).toBe(`v: ${x(76)} y\n`);
  });

  test('plain: no break before a second space', () => {
    expect(valueLine(`${x(78)}  y`)).toBe(`v: ${x(78)}  y\n`);
  });

  test('plain: every line may fold again', () => {
    const s = `${x(78)} ${x(80)} ${x(3)}`;
    expect(valueLine(s)).toBe(`v: ${x(78)}\n  ${x(80)}\n  ${x(3)}\n`);
  });

  test('strings without spaces are never folded', () => {
    const url = `https://example.com/${'a/'.repeat(100)}`;
    expect(valueLine(url)).toBe(`v: ${url}\n`);
  });

  test('continuation indent is the parent block indent + 2', () => {
    expect(emitYaml({ a: { b: { c: `${x(72)} y z` } } })).toBe(`a:\n  b:\n    c: ${x(72)} y\n      z\n`);
    expect(emitYaml({ a: [`${x(78)} y z`] })).toBe(`a:\n- ${x(78)} y\n  z\n`);
    expect(emitYaml({ a: { b: [`${x(76)} y z`] } })).toBe(`a:\n  b:\n  - ${x(76)} y\n    z\n`);
    expect(emitYaml([[`${x(76)} y z`]])).toBe(`- - ${x(76)} y\n    z\n`);
  });

  test('single-quoted folds the same way', () => {
    expect(valueLine(`#${x(75)} y z`)).toBe(`v: '#${x(75)} y\n  z'\n`);
  });

  test('single-quoted never breaks at its last character', () => {
    expect(valueLine(`${x(80)} `)).toBe(`v: '${x(80)} '\n`);
  });

  test('single-quoted: no break before a second space', () => {
    expect(valueLine(`#${x(77)}  y`)).toBe(`v: '#${x(77)}  y'\n`);
  });

  test('double-quoted folds without the next-char check', () => {
    expect(valueLine(`a\t${'b'.repeat(76)} c`)).toBe(`v: "a\\t${'b'.repeat(76)}\n  c"\n`);
  });

  test('double-quoted: a space after the break is escaped with `\\`', () => {
    expect(valueLine(`a\t${'b'.repeat(76)}  c`)).toBe(`v: "a\\t${'b'.repeat(76)}\n  \\ c"\n`);
  });

  test('double-quoted never breaks at its last character', () => {
    expect(valueLine(`a\t${x(80)} `)).toBe(`v: "a\\t${x(80)} "\n`);
  });

  test('map keys are never folded', () => {
    const key = 'word '.repeat(24) + 'end';
    expect(emitYaml({ [key]: 'v' })).toBe(`${key}: v\n`);
  });

  test('keys over 128 bytes are complex keys', () => {
    const key = 'k'.repeat(129);
    expect(emitYaml({ [key]: 1 })).toBe(`? ${key}\n: 1\n`);
    expect(emitYaml({ ['k'.repeat(128)]: 1 })).toBe(`${'k'.repeat(128)}: 1\n`);
  });
});

describe('literal block scalars', () => {
  test.each<[string, string]>([
    ['a\nb', 'v: |-\n  a\n  b\n'],
    ['a\nb\n', 'v: |\n  a\n  b\n'],
    [' a\nb', 'v: |2-\n   a\n  b\n'],
    [' a\nb\n', 'v: |2\n   a\n  b\n'],
    ['\na', 'v: |2-\n\n  a\n'],
    ['a\n\nb', 'v: |-\n  a\n\n  b\n'],
    ['a\n  b', 'v: |-\n  a\n    b\n'],
    ['a\tb\nc', 'v: "a\\tb\\nc"\n'],
    ['é\n🚀', 'v: "é\\n\\U0001F680"\n'],
    ['a \nb', 'v: "a \\nb"\n'],
    ['a\n b', 'v: |-\n  a\n   b\n'],
    ['a\r\nb', 'v: "a\\r\\nb"\n'],
  ])('%j', (value, out) => {
    expect(valueLine(value)).toBe(out);
  });

  test('block content is indented from the parent block', () => {
    expect(emitYaml({ a: { b: 'x\ny' } })).toBe('a:\n  b: |-\n    x\n    y\n');
    expect(emitYaml({ a: ['x\ny\n'] })).toBe('a:\n- |\n  x\n  y\n');
  });

  test('|+ followed by further keys (as in golden B.18)', () => {
    expect(emitYaml({ a: 'x\n\n', b: 'p\nq' })).toBe('a: |+\n  x\n\nb: |-\n  p\n  q\n');
  });
});

describe('C.1 structure', () => {
  test('empty collections', () => {
    expect(emitYaml({})).toBe('{}\n');
    expect(emitYaml([])).toBe('[]\n');
    expect(emitYaml({ a: {}, b: [] })).toBe('a: {}\nb: []\n');
    expect(emitYaml({ a: [[], {}] })).toBe('a:\n- []\n- {}\n');
  });

  test('nested maps are indented by 2', () => {
    expect(emitYaml({ a: { b: { c: 1 } }, d: 2 })).toBe('a:\n  b:\n    c: 1\nd: 2\n');
  });

  test('sequences under a key are indentless', () => {
    expect(emitYaml({ a: [1, 'x'] })).toBe('a:\n- 1\n- x\n');
    expect(emitYaml({ a: { b: [1, 2] } })).toBe('a:\n  b:\n  - 1\n  - 2\n');
  });

  test('lists of lists: `- - x`', () => {
    expect(emitYaml({ a: [[1, 2], [3], []] })).toBe('a:\n- - 1\n  - 2\n- - 3\n- []\n');
    expect(emitYaml([[['x']]])).toBe('- - - x\n');
  });

  test('maps in lists: `- k: v`, further keys at item indent + 2', () => {
    expect(emitYaml({ a: [{ k2: { x: 1 }, k1: 'v1' }, {}] })).toBe('a:\n- k1: v1\n  k2:\n    x: 1\n- {}\n');
    expect(emitYaml({ l: [{ b: 1, a: { c: [1] } }, {}] })).toBe('l:\n- a:\n    c:\n    - 1\n  b: 1\n- {}\n');
    expect(emitYaml([[{ a: 1, b: 2 }]])).toBe('- - a: 1\n    b: 2\n');
    expect(emitYaml([{ a: [1, 2] }])).toBe('- a:\n  - 1\n  - 2\n');
  });

  test('top-level list', () => {
    expect(emitYaml([1, 'x', null, { a: 1 }])).toBe('- 1\n- x\n- null\n- a: 1\n');
  });

  test('no document markers, one trailing newline', () => {
    const out = emitYaml({ a: 1, b: ['x'], c: { d: 'e' } });
    expect(out).toBe('a: 1\nb:\n- x\nc:\n  d: e\n');
  });
});

describe('unicode', () => {
  test.each<[string, string]>([
    ['héllo', 'héllo'],
    ['🚀', '"\\U0001F680"'],
    ['a🚀b', '"a\\U0001F680b"'],
    ['\u200b', '\u200b'],
    ['a\tb', '"a\\tb"'],
    ['\t', '"\\t"'],
    ['\0', '"\\0"'],
    ['\x07', '"\\a"'],
    ['\x1b', '"\\e"'],
    ['\x7f', '"\\x7F"'],
    ['\x80', '"\\x80"'],
    ['\u0085', '"\\N"'],
    ['\u00a0x', '\u00a0x'],
    ['x\u00a0\t', '"x\u00a0\\t"'],
    ['\u2028', "'\u2028'"],
    ['a\u2029\t', '"a\\P\\t"'],
    ['\ufeffx', '"\\uFEFFx"'],
    ['\ufffe', '"\\uFFFE"'],
    ['\ue000', '\ue000'],
    ['\r', '"\\r"'],
    ['日本語 テキスト', '日本語 テキスト'],
  ])('%j -> %s', (s, out) => {
    expect(valueLine(s)).toBe(`v: ${out}\n`);
  });

  test('columns count characters, not bytes or UTF-16 units', () => {
    // 77 two-byte characters then a space at column 80: no fold; the next space is past 80.
    expect(valueLine(`${'é'.repeat(77)} y z`)).toBe(`v: ${'é'.repeat(77)} y\n  z\n`);
  });

  test('non-BMP keys are double-quoted', () => {
    expect(emitYaml({ '🚀': 1 })).toBe('"\\U0001F680": 1\n');
  });
});

describe('golden B.18 (settings of one provider)', () => {
  const settings = JSON.parse('{"long_sentence":"You are a helpful assistant that answers questions about Kubernetes operators and cdk8s constructs in great detail.","long_url":"https://example.com/a/very/long/path/that/keeps/going/and/going/and/going/forever/and/ever/and/ever/and/ever","long_hash":"#word word word word word word word word word word word word word word word word word word word word word","long_tab":"tab\\there word word word word word word word word word word word word word word word word word word word word","list":["word word word word word word word word word word word word word word word word word word word word word"],"nested":{"deeper":{"long":"word word word word word word word word word word word word word word word word word word word"}},"f1":1234567.5,"f2":123456.5,"f3":0.00001234,"f4":-0.5,"f5":1e20,"f6":9223372036854775807,"f7":18446744073709551615,"f8":1.0e2,"f9":0.0001,"f10":1e-7,"m1":"a\\nb","m2":"a\\nb\\n","m3":"a\\nb\\n\\n","m4":" a\\nb","m5":"a \\nb","nested_lists":[[1,2],[3],[]],"list_of_maps":[{"b":1,"a":{"c":[1]}},{}],"NULL":"NULL","True":"True","y":"y","n":"n","octal":"0755","hex":"0x1F","dot":".5","base60":"1:20","dollar":"${env.FOO:=bar}","url_hash":"http://x/#frag","space_hash":"a #b","colon_end":"a:","quote":"it\'s","dq":"say \\"hi\\"","qmark":"?x","dash":"-x","comma":"a,b","lt":"<x>&"}');
  const golden = [
    'providers:',
    '  inference:',
    '  - config:',
    '      "NULL": "NULL"',
    '      "True": "True"',
    '      base60: "1:20"',
    "      colon_end: 'a:'",
    '      comma: a,b',
    '      dash: -x',
    '      dollar: ${env.FOO:=bar}',
    '      dot: ".5"',
    '      dq: say "hi"',
    '      f1: 1.2345675e+06',
    '      f2: 123456.5',
    '      f3: 1.234e-05',
    '      f4: -0.5',
    '      f5: 1e+20',
    '      f6: 9223372036854776000',
    '      f7: 1.8446744073709552e+19',
    '      f8: 100',
    '      f9: 0.0001',
    '      f10: 1e-07',
    '      hex: "0x1F"',
    '      list:',
    '      - word word word word word word word word word word word word word word word',
    '        word word word word word word',
    '      list_of_maps:',
    '      - a:',
    '          c:',
    '          - 1',
    '        b: 1',
    '      - {}',
    "      long_hash: '#word word word word word word word word word word word word word",
    "        word word word word word word word word'",
    '      long_sentence: You are a helpful assistant that answers questions about Kubernetes',
    '        operators and cdk8s constructs in great detail.',
    '      long_tab: "tab\\there word word word word word word word word word word word',
    '        word word word word word word word word word"',
    '      long_url: https://example.com/a/very/long/path/that/keeps/going/and/going/and/going/forever/and/ever/and/ever/and/ever',
    '      lt: <x>&',
    '      m1: |-',
    '        a',
    '        b',
    '      m2: |',
    '        a',
    '        b',
    '      m3: |+',
    '        a',
    '        b',
    '',
    '      m4: |2-',
    '         a',
    '        b',
    '      m5: "a \\nb"',
    '      "n": "n"',
    '      nested:',
    '        deeper:',
    '          long: word word word word word word word word word word word word word word',
    '            word word word word word',
    '      nested_lists:',
    '      - - 1',
    '        - 2',
    '      - - 3',
    '      - []',
    '      octal: "0755"',
    '      qmark: ?x',
    "      quote: it's",
    "      space_hash: 'a #b'",
    '      url_hash: http://x/#frag',
    '      "y": "y"',
    '    provider_id: x',
    '    provider_type: remote::x',
    'version: 2',
    '',
  ].join('\n');

  test('byte for byte', () => {
    const config = { version: 2, providers: { inference: [{ provider_id: 'x', provider_type: 'remote::x', config: settings }] } };
    expect(emitYaml(config)).toBe(golden);
  });
});

describe('memoized analysis (per string) and renderings (per string and writer state)', () => {
  /** emitYaml with nothing remembered (the caches emptied first). */
  function freshEmit(v: JsonValue): string {
    setEmitterCacheLimitsForTests();
    return emitYaml(v);
  }

  const x = (n: number) => 'x'.repeat(n);

  test('a folding string at different indentations folds at each one\'s continuation indent', () => {
    const s = `${x(60)} y z w`;
    expect(emitYaml({ a: s })).toBe(`a: ${s}\n`);
    expect(emitYaml({ a: { b: { c: { d: { e: { f: { g: { h: { i: s } } } } } } } } })).toBe(
      'a:\n  b:\n    c:\n      d:\n        e:\n          f:\n            g:\n              h:\n' +
      `                i: ${x(60)} y\n                  z w\n`,
    );
    expect(emitYaml({ a: s })).toBe(`a: ${s}\n`);
  });

  test('the same string at other columns (after a longer key, as a list item, at the top)', () => {
    const s = `${x(76)} y z`;
    expect(emitYaml({ k: s, longer_key: s })).toBe(`k: ${x(76)} y\n  z\nlonger_key: ${x(76)}\n  y z\n`);
    expect(emitYaml({ k: [s] })).toBe(`k:\n- ${x(76)} y z\n`);
    expect(emitYaml([[s]])).toBe(`- - ${x(76)} y\n    z\n`);
    expect(emitYaml(s)).toBe(`${x(76)} y z\n`);
    expect(emitYaml({ k: s })).toBe(`k: ${x(76)} y\n  z\n`);
  });

  test('quoted and literal renderings at another column or indentation', () => {
    const single = `#${x(74)} y z`;
    const double = `a\t${x(73)} b c`;
    const literal = 'p\nq\n';
    expect(emitYaml({ k: single, kk: double, kkk: literal })).toBe(
      `k: '#${x(74)} y\n  z'\nkk: "a\\t${x(73)}\n  b c"\nkkk: |\n  p\n  q\n`,
    );
    expect(emitYaml({ a: { key_of_ten: single, more: [double], m: literal } })).toBe(
      `a:\n  key_of_ten: '#${x(74)}\n    y z'\n  m: |\n    p\n    q\n  more:\n  - "a\\t${x(73)}\n    b c"\n`,
    );
    expect(emitYaml(single)).toBe(`'#${x(74)} y z'\n`);
    expect(emitYaml([literal, literal])).toBe('- |\n  p\n  q\n- |\n  p\n  q\n');
    expect(emitYaml({ k: single })).toBe(`k: '#${x(74)} y\n  z'\n`);
  });

  test('the same string as a key and as a value', () => {
    // A key is never folded (the value after it is); the value alone folds at its own column.
    const words = `${'word '.repeat(20)}end`;
    expect(emitYaml({ [words]: words })).toBe(`${words}: word\n  ${'word '.repeat(15)}word\n  word word word end\n`);
    expect(emitYaml({ v: words })).toBe(`v: ${'word '.repeat(15)}word\n  ${'word '.repeat(4)}end\n`);
    // `y` is quoted as a key and as a value; a multi-line key is a complex key, written as a value.
    expect(emitYaml({ y: 'y' })).toBe('"y": "y"\n');
    expect(emitYaml({ 'a\nb': 'a\nb' })).toBe('? |-\n  a\n  b\n: |-\n  a\n  b\n');
    expect(emitYaml({ v: 'a\nb' })).toBe('v: |-\n  a\n  b\n');
    // A key over 128 bytes is a complex key; as a value it is plain.
    const long = 'k'.repeat(129);
    expect(emitYaml({ [long]: long })).toBe(`? ${long}\n: ${long}\n`);
    expect(emitYaml([long])).toBe(`- ${long}\n`);
    expect(emitYaml({ [long.slice(1)]: 1 })).toBe(`${long.slice(1)}: 1\n`);
  });

  test('a string that needs quoting after one that did not', () => {
    expect(emitYaml({ v: 'yes please', w: 'yes' })).toBe('v: yes please\nw: "yes"\n');
    expect(emitYaml({ v: 'a:b', w: 'a: b', x: 'a:' })).toBe("v: a:b\nw: 'a: b'\nx: 'a:'\n");
    expect(emitYaml({ v: 'x', w: 'x ', z: ' x' })).toBe("v: x\nw: 'x '\nz: ' x'\n");
    expect(emitYaml({ v: 'x' })).toBe('v: x\n');
  });

  test('keys deeper than the remembered indentations, and sequences deeper than the cached ones', () => {
    let v: JsonValue = ['x', 'z'];
    for (let i = 0; i < 150; i++) v = { k: v };
    const lines = Array.from({ length: 150 }, (_, i) => `${' '.repeat(2 * i)}k:`);
    expect(emitYaml(v)).toBe([...lines, `${' '.repeat(298)}- x`, `${' '.repeat(298)}- z`, ''].join('\n'));
    let m: JsonValue = 'leaf';
    for (let i = 0; i < 150; i++) m = [{ k: m }, 1];
    const out = emitYaml(m);
    expect(out).toBe(freshEmit(m));
    expect(out.split('\n')[149]).toBe(`${' '.repeat(298)}- k: leaf`);
  });

  test('key orders: already sorted, unsorted, more than 16 keys, and keys outside [a-z_]', () => {
    const many = Array.from({ length: 20 }, (_, i) => String.fromCharCode(0x61 + i) + 'x');
    const obj: { [k: string]: JsonValue } = {};
    for (const k of [...many].reverse()) obj[k] = 1;
    expect(emitYaml(obj)).toBe(many.map((k) => `${k}: 1\n`).join(''));
    expect(emitYaml({ b: 1, a: 2, c: 3 })).toBe('a: 2\nb: 1\nc: 3\n');
    expect(emitYaml({ a: 1, b: 2 })).toBe('a: 1\nb: 2\n');
    expect(emitYaml({ b: 1, a10: 2, a9: 3 })).toBe('a9: 3\na10: 2\nb: 1\n');
  });

  test('prototype-less objects and a __proto__ key', () => {
    const obj = newObject();
    setOwn(obj, '__proto__', 'p');
    setOwn(obj, 'constructor', 'c');
    expect(emitYaml({ m: obj })).toBe('m:\n  __proto__: p\n  constructor: c\n');
  });

  test('output does not depend on what was written before (the same with the caches emptied)', () => {
    const values: JsonValue[] = [
      { 'a': `${x(74)} y z`, 'bb': [`#${x(70)} y z`, 'p\nq\n'], 'a\nb': { y: 'y' } },
      [[`a\t${x(70)} b c`]],
      `${'word '.repeat(40)}end`,
    ];
    const warm = values.map((v) => emitYaml(v));
    for (const v of [...values].reverse()) emitYaml(v);
    values.forEach((v, i) => {
      expect(emitYaml(v)).toBe(warm[i]);
      expect(freshEmit(v)).toBe(warm[i]);
    });
  });

  describe('bounded caches', () => {
    afterEach(() => setEmitterCacheLimitsForTests());

    test('more distinct strings than the caches hold: emptied, refilled, same output', () => {
      const items = Array.from({ length: 250 }, (_, i) => `v${i}`);
      const keys: { [k: string]: JsonValue } = {};
      for (let i = 0; i < 250; i++) keys[`k_${String.fromCharCode(0x61 + (i % 26))}${i}`] = `v${i}`;
      const unbounded = freshEmit({ items, keys });
      setEmitterCacheLimitsForTests(100);
      const first = emitYaml({ items, keys });
      expect(first).toBe(unbounded);
      expect(emitterCacheSizesForTests().values).toBeLessThanOrEqual(100);
      expect(emitterCacheSizesForTests().keys).toBeLessThanOrEqual(100);
      expect(emitYaml({ items, keys })).toBe(first);
      expect(emitYaml({ v: 'v1' })).toBe('v: v1\n');
    });

    test('remembered text over the limit empties the caches; a rendering over it is not remembered', () => {
      setEmitterCacheLimitsForTests(undefined, 200);
      const block = (i: number) => `${'line\n'.repeat(10)}${i}`;
      const expected = (i: number) => `v: |-\n${'  line\n'.repeat(10)}  ${i}\n`;
      for (let i = 0; i < 10; i++) {
        expect(emitYaml({ v: block(i) })).toBe(expected(i));
        expect(emitterCacheSizesForTests().rememberedChars).toBeLessThanOrEqual(200);
      }
      for (let i = 0; i < 10; i++) expect(emitYaml({ v: block(i) })).toBe(expected(i));
      const big = 'b\n'.repeat(200);
      expect(emitYaml([big])).toBe(`- |\n${'  b\n'.repeat(200)}`);
      expect(emitYaml([big])).toBe(`- |\n${'  b\n'.repeat(200)}`);
      expect(emitterCacheSizesForTests().rememberedChars).toBeLessThanOrEqual(200);
      // Values too long to remember with their leading space.
      const long = 'z'.repeat(300);
      expect(emitYaml({ k: long })).toBe(`k: ${long}\n`);
      expect(emitYaml({ k: long })).toBe(`k: ${long}\n`);
    });
  });
});

describe('frozen (shared base) subtrees are written once per writer state', () => {
  const long = 'a long description that goes past eighty columns when it is written deep in a config, so it folds';
  const subtree = (): JsonValue => ({
    provider_id: 'x',
    config: { url: '${env.X_URL:=http://x:8000/v1}', note: long, list: ['a', { b: 'c' }], empty: {}, none: [] },
  });

  test('a frozen subtree reads as its plain copy wherever it sits: map value, list item, deeper, again after the caches empty', () => {
    const shared = deepFreeze(subtree());
    const place = (s: JsonValue): JsonValue => ({ top: s, list: [s, { deeper: { deepest: [s] } }], again: s });
    const expected = emitYaml(place(subtree()));
    expect(emitYaml(place(shared))).toBe(expected);
    expect(emitYaml(place(shared))).toBe(expected);
    setEmitterCacheLimitsForTests();
    expect(emitYaml(place(shared))).toBe(expected);
    expect(emitYaml(shared)).toBe(emitYaml(subtree()));
    expect(emitYaml([shared])).toBe(emitYaml([subtree()]));
  });
});

/** go-yaml v2's "natural" map key order: non-letters before letters, digit runs by value, letters by code point. */
describe('goKeyLess', () => {
  test.each<[string, string, boolean]>([
    ['a', 'b', true],
    ['b', 'a', false],
    ['k9', 'k10', true],
    ['k10', 'k9', false],
    ['1', 'a', true],
    ['a', '1', false],
    ['B', 'a', true],
    ['a', 'ab', true],
    ['a1', 'a01', true],
    ['a01', 'a1', false],
    ['x_y', 'x-y', false],
    ['same', 'same', false],
  ])('%p < %p: %p', (a, b, less) => {
    expect(goKeyLess(a, b)).toBe(less);
  });
});

describe('sortKeysGoYaml', () => {
  test('simple keys (lower case and _) in byte order', () => {
    expect(sortKeysGoYaml(['b', 'a', '_x', 'ab'])).toStrictEqual(['_x', 'a', 'ab', 'b']);
  });

  test('natural order otherwise, for short and long lists alike; the input is not changed', () => {
    const keys = ['k10', 'a', 'k9', 'K2', '2', 'k1'];
    expect(sortKeysGoYaml(keys)).toStrictEqual(['2', 'K2', 'a', 'k1', 'k9', 'k10']);
    expect(keys[0]).toBe('k10');
    const many = Array.from({ length: 15 }, (_, i) => `item${15 - i}`);
    expect(sortKeysGoYaml(many)).toStrictEqual(Array.from({ length: 15 }, (_, i) => `item${i + 1}`));
  });
});
