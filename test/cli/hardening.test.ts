/**
 * The command line against hostile or careless input: object names that would leave --output-dir,
 * an --output-dir that is a file, inputs with no objects, huge scalars, control characters in
 * names, nesting that would exhaust the YAML parser's stack, outputs too large for one string,
 * and exceptions nobody expected. None of these may reach `error: internal error`.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Yaml } from 'cdk8s';
import * as YAML from 'yaml';
import { CliIo, main, writeDocuments } from '../../src/cli/main';
import { LlamaStackConfigError } from '../../src/core/errors';
import { oneLine, quoteValue } from '../../src/core/quote';
import { valueTooDeep } from '../../src/interop/documents';
import { LlamaStackDistributionManifest, MAX_MANIFEST_DEPTH, readManifestDocuments } from '../../src/interop/manifest';
import { CliRun, runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';

type Run = CliRun;
const run = runCli;

/** A run that must fail as invalid input: exit 1, problems only, each on one line, nothing on stdout. */
async function refused(argv: string[], stdin = '', io: Partial<CliIo> = {}): Promise<Run> {
  const r = await run(argv, stdin, io);
  expect(r.err).not.toMatch(/internal error|Maximum call stack|Invalid string length/);
  expect(r.code).toBe(1);
  expect(r.out).toBe('');
  const lines = r.err.split('\n');
  expect(lines.pop()).toBe('');
  const [header, ...problems] = lines;
  expect(header).toBe(`${problems.length} problem(s):`);
  for (const line of problems) expect(line).toMatch(/^- /);
  return r;
}

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-cli-hard-'));
}

/** Every file under `dir`, relative. */
function tree(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

const CR = MINIMAL_CR;

function configMap(name: string, extra = ''): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${JSON.stringify(name)}}\n${extra}`;
}

// ---------------------------------------------------------------------------------------------
// 1. Object names that would leave --output-dir

describe('--output-dir file names come only from valid object names', () => {
  test.each([
    ['../../../kube-system/x'],
    ['a/b'],
    ['a\\b'],
    ['..'],
    ['.'],
    ['a\u0000b'],
    ['a\nb'],
    ['UPPER'],
    ['x'.repeat(254)],
  ])('a passed-through object named %j is an error, and nothing is written anywhere', async (name) => {
    const root = tmpdir();
    const out = path.join(root, 'a', 'b', 'out');
    const input = `${configMap('fine')}---\n${configMap(name)}`;
    const r = await refused(['render', '--pass-through', '--output-dir', out], input);
    expect(r.err).toBe('1 problem(s):\n'
      + `- stdin: document 2: metadata.name: ${quoteValue(name)} is not a Kubernetes object name (lower-case letters, digits, '-' and '.', `
      + 'at most 253 characters), and --output-dir names files after it — use a DNS-1123 subdomain such as my-config, '
      + 'or render to stdout (without --output-dir), where no file is named after it\n');
    expect(tree(root)).toEqual([]); // not even fine's file, nor the directory
  });

  test('a kind with a path in it is an error too, as is a name that is not a string', async () => {
    const root = tmpdir();
    const r = await refused(['render', '--pass-through', '--output-dir', path.join(root, 'out')],
      'apiVersion: v1\nkind: ../../etc/x\nmetadata: {name: x}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: 5}\n');
    expect(r.err).toBe('2 problem(s):\n'
      + '- stdin: document 1: kind: "../../etc/x" is not a Kubernetes kind (letters and digits), and --output-dir names files after it'
      + ' — fix the kind, or render to stdout (without --output-dir), where no file is named after it\n'
      + '- stdin: document 2: metadata.name: must be a string, not the number 5'
      + ' — use a DNS-1123 subdomain such as my-config, or render to stdout (without --output-dir), where no file is named after it\n');
    expect(tree(root)).toEqual([]);
  });

  test('valid names (dots too), and objects with no name (their position), are written as before', async () => {
    const out = path.join(tmpdir(), 'out');
    const input = `${CR}---\n${configMap('a.b-c')}---\napiVersion: v1\nkind: Secret\nmetadata: {generateName: s-}\n`;
    const r = await run(['render', '--pass-through', '--output-dir', out], input);
    expect(r).toEqual({ code: 0, out: '', err: '' });
    expect(tree(out)).toEqual(['configmap-a.b-c.k8s.yaml', 'my-stack.k8s.yaml', 'secret-3.k8s.yaml']);
    const stdout = (await run(['render', '--pass-through'], input)).out;
    expect(['my-stack', 'configmap-a.b-c', 'secret-3'].map((f) => fs.readFileSync(path.join(out, `${f}.k8s.yaml`), 'utf8')).join('---\n')).toBe(stdout);
  });

  test('to stdout, no file is named, and passed-through objects stay as they are', async () => {
    const r = await run(['render', '--pass-through'], configMap('../x'));
    expect(r.code).toBe(0);
    expect(YAML.parse(r.out).metadata.name).toBe('../x');
  });
});

// ---------------------------------------------------------------------------------------------
// 2. An --output-dir that is not a directory

describe('--output-dir that cannot be a directory', () => {
  test('an existing file: a problem with the option, its path and a fix; the file is left alone', async () => {
    const file = path.join(tmpdir(), 'taken');
    fs.writeFileSync(file, 'mine\n');
    const r = await refused(['render', '--output-dir', file], CR);
    expect(r.err).toBe(`1 problem(s):\n- --output-dir: ${file} exists and is not a directory — name a directory (it is created if missing), or move the file away\n`);
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
  });

  test('a directory under a file: a problem, not a bare ENOTDIR', async () => {
    const file = path.join(tmpdir(), 'taken');
    fs.writeFileSync(file, 'mine\n');
    const r = await refused(['render', '--output-dir', path.join(file, 'sub')], CR);
    expect(r.err).toMatch(new RegExp(`^1 problem\\(s\\):\\n- --output-dir: cannot write to ${file}/sub: ENOTDIR[^\\n]* — name a directory you may write to`));
  });
});

// ---------------------------------------------------------------------------------------------
// 3. No objects at all

describe('an input with no objects is an error, unless --allow-empty', () => {
  const EMPTY_FIX = 'no objects found: the input is empty, or holds only comments and empty documents'
    + ' — check the input (a wrong file, an empty pipe), or pass --allow-empty to accept an empty result';

  test.each([
    ['empty stdin', ''],
    ['only comments', '# nothing here\n# nor here\n'],
    ['empty documents', '---\n---\n...\n'],
    ['comments with CR line ends', '# one\r# two\r'],
    ['only nulls', '--- ~\n--- null\n'],
  ])('%s', async (_what, stdin) => {
    expect((await refused(['render', '--pass-through'], stdin)).err).toBe(`1 problem(s):\n- stdin: ${EMPTY_FIX}\n`);
    expect(await run(['render', '--pass-through', '--allow-empty'], stdin)).toEqual({ code: 0, out: '', err: '' });
  });

  test('/dev/null and empty files, named as given; --output-dir writes nothing', async () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'empty.yaml'), '');
    const r = await refused(['render', '/dev/null', 'empty.yaml', '--output-dir', 'out'], '', { cwd: dir });
    expect(r.err).toBe(`1 problem(s):\n- /dev/null, empty.yaml: ${EMPTY_FIX}\n`);
    expect(tree(dir)).toEqual(['empty.yaml']);
    expect((await run(['render', '/dev/null', '--allow-empty'], '', { cwd: dir })).code).toBe(0);
  });

  test('argocd-generate over files with no objects (an empty render would prune the application)', async () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'stack.yaml'), '# moved elsewhere\n');
    expect((await refused(['argocd-generate'], '', { cwd: dir })).err).toBe(`1 problem(s):\n- .: ${EMPTY_FIX}\n`);
    expect((await run(['argocd-generate', '--allow-empty'], '', { cwd: dir })).code).toBe(0);
  });

  test('krm: a ResourceList with nothing to render is an error (a generator would output nothing), unless --allow-empty', async () => {
    const problem = 'stdin: no LlamaStackDistribution to render: neither the functionConfig nor any item is one'
      + ' — put the function annotation on the CR and list it under generators: (docs/interop.md), or pass --allow-empty to accept it';
    for (const list of [
      'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n',
      'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [{apiVersion: v1, kind: ConfigMap, metadata: {name: c}}]\nfunctionConfig: {apiVersion: x.io/v1, kind: Render, metadata: {name: r}}\n',
    ]) {
      const r = await run(['krm'], list);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`1 problem(s):\n- ${problem}\n`);
      expect(YAML.parse(r.out)).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], results: [{ message: problem, severity: 'error' }] });
      const allowed = await run(['krm', '--allow-empty'], list);
      expect(allowed.code).toBe(0);
      expect(YAML.parse(allowed.out).items).toEqual(YAML.parse(list).items);
    }
  });

  test('--help lists --allow-empty', async () => {
    expect((await run(['--help'])).out).toContain('\n  --allow-empty          accept input with no objects');
  });
});

describe('CR line ends (YAML 1.2 and go-yaml end a line at a lone CR)', () => {
  test('a manifest with CR line ends renders as with LF', async () => {
    const lf = await run(['render', '--namespace', 'ai'], CR);
    expect(lf.code).toBe(0);
    expect(await run(['render', '--namespace', 'ai'], CR.replace(/\n/g, '\r'))).toEqual(lf);
  });

  test('block scalars and multi-line strings read the same, and CRLF is untouched', async () => {
    const doc = configMap('c', 'data:\n  script: |\n    one\n    two\n  folded: >\n    a\n    b\n  quoted: "x\n    y"\n');
    const lf = await run(['render', '--pass-through'], doc);
    expect(YAML.parse(lf.out).data).toEqual({ script: 'one\ntwo\n', folded: 'a b\n', quoted: 'x y' });
    expect(await run(['render', '--pass-through'], doc.replace(/\n/g, '\r'))).toEqual(lf);
    expect(await run(['render', '--pass-through'], doc.replace(/\n/g, '\r\n'))).toEqual(lf);
  });

  test('mixed line ends: each CR, CRLF and LF is one line end', () => {
    const [d] = readManifestDocuments('a: 1\rb: 2\r\nc: 3\nd: |\r  x\r\n  y\n');
    expect(d.value).toEqual({ a: 1, b: 2, c: 3, d: 'x\ny\n' });
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Huge values are not echoed whole

describe('a huge scalar is never echoed whole', () => {
  // 50 MB where it is cheap to parse; 5 MB elsewhere (what is echoed does not grow with it).
  const BIG = 'x'.repeat(50 * 1024 * 1024);
  const LARGE = 'x'.repeat(5 * 1024 * 1024);
  const cases: [string, string[], string][] = [
    ['the name of a manifest (50 MB)', ['render'], CR.replace('{name: my-stack}', `{name: ${BIG}}`)],
    ['a kind (50 MB)', ['render'], `apiVersion: v1\nkind: ${BIG}\nmetadata: {name: x}\n`],
    ['the name of a passed-through object, with --output-dir', ['render', '--pass-through', '--output-dir', path.join(os.tmpdir(), 'never-written')],
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${LARGE}}\n`],
    ['an apiVersion', ['render'], CR.replace('llamastack.io/v1alpha2', `llamastack.io/${LARGE}`)],
    ['an unknown field', ['render'], `${CR}? ${LARGE}\n: 1\n`],
    ['a namespace', ['render'], CR.replace('{name: my-stack}', `{name: my-stack, namespace: ${LARGE}}`)],
    ['a distribution name (a message from further down, cut when printed)', ['render'], CR.replace('{name: starter}', `{name: ${LARGE}}`)],
    ['a v1alpha1 container name', ['render'], 'apiVersion: llamastack.io/v1alpha1\nkind: LlamaStackDistribution\nmetadata: {name: old}\n'
      + `spec:\n  server:\n    distribution: {name: starter}\n    containerSpec: {name: ${LARGE}}\n`],
  ];

  test.each(cases)('%s', async (_what, argv, stdin) => {
    const r = await refused(argv, stdin);
    expect(r.err.length).toBeLessThan(3000);
    expect(r.err).toMatch(/x…" \(\d{7,} characters\)|characters left out/);
  });
});

describe('quoteValue', () => {
  test('short strings as JSON would quote them', () => {
    expect(quoteValue('my-stack')).toBe('"my-stack"');
    expect(quoteValue('')).toBe('""');
    expect(quoteValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteValue('x'.repeat(60))).toBe(JSON.stringify('x'.repeat(60)));
  });

  test('long strings cut, with an ellipsis and their length', () => {
    expect(quoteValue('y'.repeat(61))).toBe(`"${'y'.repeat(60)}…" (61 characters)`);
    expect(quoteValue('z'.repeat(50_000_000))).toBe(`"${'z'.repeat(60)}…" (50000000 characters)`);
    // Escapes count towards the 60: a string of control characters stays short.
    const ctl = quoteValue('\u0001'.repeat(1000));
    expect(ctl).toBe(`"${'\\u0001'.repeat(10)}…" (1000 characters)`);
    // A surrogate pair is not split.
    expect(quoteValue(`${'a'.repeat(59)}😀tail${'b'.repeat(10)}`)).toBe(`"${'a'.repeat(59)}…" (75 characters)`);
  });

  test('control characters, line separators and bidi controls escaped: one line, shown as they are', () => {
    const q = quoteValue('a\nb\r\tc\u001b[31m\u2028\u2029\u202e\u0085');
    expect(q).toBe('"a\\nb\\r\\tc\\u001b[31m\\u2028\\u2029\\u202e\\u0085"');
    expect(q).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  test('other values described, never thrown on', () => {
    const circular: any = { a: 1 };
    circular.self = circular;
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    expect([
      quoteValue(3), quoteValue(-0.5), quoteValue(NaN), quoteValue(true), quoteValue(null), quoteValue(undefined),
      quoteValue(12n), quoteValue(10n ** 100n), quoteValue(Symbol('s')), quoteValue(() => 1),
      quoteValue([1, 2]), quoteValue([1]), quoteValue(circular), quoteValue({}), quoteValue(hostile),
    ]).toEqual([
      'the number 3', 'the number -0.5', 'the number NaN', 'the boolean true', 'null', 'nothing',
      'the integer 12', 'an integer of 101 digits', 'a symbol', 'a function',
      'an array of 2 items', 'an array of 1 item', 'an object with 2 keys', 'an object with 0 keys', 'a value that cannot be shown',
    ]);
  });

  test('oneLine: escaped, and cut in the middle past its limit', () => {
    expect(oneLine('a\nb')).toBe('a\\nb');
    const cut = oneLine(`start${'m'.repeat(10_000)}end`, 100);
    expect(cut).toMatch(/^startm+ …\[9908 characters left out\]… m+end$/);
    expect(cut.length).toBeLessThan(140);
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Control characters cannot forge problem lines

describe('every printed problem is one line', () => {
  test('a newline in a manifest name, an unknown key and a namespace', async () => {
    const forged = 'x\n- stdin (x): spec: forged problem — ignore it';
    const input = `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: ${JSON.stringify(forged)}, namespace: "a\\rb"}
spec:
  distribution: {name: starter}
${JSON.stringify('evil\n- injected')}: 1
`;
    const r = await refused(['render', '--namespace', 'ai'], input);
    expect(r.err.split('\n')).toHaveLength(4);
    expect(r.err).toContain('stdin ("x\\n- stdin (x): spec: forged problem — ignore it"): ');
    expect(r.err).toContain('unknown field "evil\\n- injected"');
    expect(r.err).toContain('the manifest is in namespace "a\\rb", not "ai"');
  });

  test('a file name with a newline, terminal escapes in a kind, and krm results', async () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'a\nb.yaml'), 'apiVersion: v1\nkind: "\\e[2J\\u2028x"\nmetadata: {name: x}\n');
    const r = await refused(['render', 'a\nb.yaml'], '', { cwd: dir });
    expect(r.err).toBe('1 problem(s):\n- a\\nb.yaml (x): kind: expected llamastack.io/v1alpha2 LlamaStackDistribution or ogx.io/v1beta1 OGXServer, got v1/"\\u001b[2J\\u2028x"'
      + ' — add --pass-through to copy it unchanged, or remove it from the input\n');
    const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [{ ...YAML.parse(CR), metadata: { name: 'a\nb' } }] };
    const k = await run(['krm'], Yaml.stringify(list));
    expect(k.code).toBe(1);
    expect(k.err.split('\n')).toHaveLength(3);
    for (const result of YAML.parse(k.out).results) expect(result.message).not.toMatch(/\n/);
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Deep nesting

describe(`documents nested deeper than ${MAX_MANIFEST_DEPTH} levels`, () => {
  const SECOND = '---\napiVersion: v1\nkind: Secret\nmetadata: {name: next}\n';
  const DEPTH = `nested deeper than ${MAX_MANIFEST_DEPTH} levels (collections in collections)`
    + ' — flatten the data: manifests nest a few dozen levels, and deeper input is refused';

  function blockMap(levels: number): string {
    const lines: string[] = [];
    for (let i = 0; i < levels; i++) lines.push(`${' '.repeat(i)}a:\n`);
    return lines.join('');
  }

  /**
   * The second document is read too: without --pass-through it is a problem of its own. Too deep
   * for the YAML parser (its RESOURCE_EXHAUSTION error): the document is the path.
   */
  const cases: [string, string, RegExp][] = [
    ['a block mapping, 3,000 levels', blockMap(3000), /^\(document\)$/],
    ['compact block sequences, 100,000 levels', `${'- '.repeat(100_000)}x\n`, /^\(document\)$/],
    ['sequences of mappings, 2,000 levels', Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- k${i}:\n`).join(''), /^\(document\)$/],
    ['flow sequences, 100,000 levels', `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, /^\(document\)$/],
    ['JSON, 100,000 levels', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}\n`, /^\(document\)$/],
    ['flow mappings in a block mapping, 5,000 levels', `spec:\n  x: ${'{"k y": '.repeat(5000)}1${'}'.repeat(5000)}\n`, /^\(document\)$/],
    // Deeper than the limit, within what the parser reads: the path where it went too deep.
    ['a block mapping, 300 levels', blockMap(300), /^\(document\)(\.a)+…(\.a)+$/],
    ['sequences of mappings, 300 levels', Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- k${i}:\n`).join(''), /^\(document\)\[0\]\.k0\[0\]\.k1\[0\]\.k2.*…/],
    ['flow mappings in a block mapping, 300 levels', `spec:\n  x: ${'{"k y": '.repeat(300)}1${'}'.repeat(300)}\n`, /^\(document\)\.spec\.x\["k y"\]\["k y"\]/],
  ];

  test.each(cases)('%s', async (_what, first, where) => {
    const r = await refused(['render'], `${first}${SECOND}`);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe('2 problem(s):');
    const m = /^- stdin: document 1: (.+?): (nested .*)$/.exec(lines[1]);
    expect(m?.[1]).toMatch(where);
    expect(m?.[2]).toBe(DEPTH);
    expect(lines[2]).toMatch(/^- stdin \(next\): kind: expected llamastack\.io\/v1alpha2 LlamaStackDistribution or ogx\.io\/v1beta1 OGXServer, got v1\/Secret/);
  });

  test('a JSON file of 100,000 levels, in a directory with other manifests', async () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'deep.yaml'), `${'{"spec":'.repeat(100_000)}{}${'}'.repeat(100_000)}`);
    fs.writeFileSync(path.join(dir, 'stack.yaml'), CR);
    const r = await refused(['render', dir]);
    expect(r.err).toMatch(new RegExp(`^1 problem\\(s\\):\\n- ${dir}/deep\\.yaml: document 1: \\(document\\): nested deeper than 200 levels`));
  });

  test('exactly the limit is read; one more is a problem (block, flow, and data made deep by aliases)', async () => {
    for (const [ok, deep] of [
      [blockMap(MAX_MANIFEST_DEPTH), blockMap(MAX_MANIFEST_DEPTH + 1)],
      [`${'['.repeat(MAX_MANIFEST_DEPTH)}${']'.repeat(MAX_MANIFEST_DEPTH)}`, `${'['.repeat(MAX_MANIFEST_DEPTH + 1)}${']'.repeat(MAX_MANIFEST_DEPTH + 1)}`],
    ]) {
      expect(readManifestDocuments(ok)[0].problems).toEqual([]);
      expect(readManifestDocuments(deep)[0].problems.map((p) => p.message)).toEqual([`nested deeper than ${MAX_MANIFEST_DEPTH} levels (collections in collections)`]);
    }
    const nest = (inner: string) => `${'['.repeat(90)}${inner}${']'.repeat(90)}`;
    const aliases = `a: &a ${nest('1')}\nb: &b ${nest('*a')}\nc: ${nest('*b')}\n`;
    // The text is 90 levels deep; its data, aliases followed, 270.
    const [d] = readManifestDocuments(aliases);
    expect(d.value).toBeNull();
    expect(d.problems).toHaveLength(1);
    expect(d.problems[0].path).toMatch(/^\(document\)\.c\[0\]\[0\]/);
  });

  test('line numbers of the other documents are kept', () => {
    const docs = readManifestDocuments(`${blockMap(500)}---\na: [\n`);
    expect(docs.map((d) => d.index)).toEqual([1, 2]);
    const shallow = readManifestDocuments(`${'# a\n'.repeat(500)}---\na: [\n`);
    expect(docs[1].problems[0].message).toMatch(/at line 503, column 1:$/);
    expect(docs[1].problems).toEqual(shallow[shallow.length - 1].problems);
  });

  test('krm and the library: problems, not a RangeError', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const k = await run(['krm'], `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: ${deep}\n`);
    expect(k.code).toBe(1);
    expect(k.err).toMatch(/^2 problem\(s\):\n- stdin: document 1: \(document\): nested deeper than 200 levels.*\n- stdin: expected one/);
    let thrown: unknown;
    try {
      LlamaStackDistributionManifest.parseAll(`${CR}---\n${deep}`);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LlamaStackConfigError);
    expect((thrown as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(['document 2: (document)']);
  });

  test('valueTooDeep is iterative, and stops on cycles', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { k: deep };
    expect(valueTooDeep(deep, 200)).toMatch(/^\(document\)\.k\.k/);
    const cyclic: any = [];
    cyclic.push(cyclic);
    expect(valueTooDeep(cyclic, 200)).toMatch(/^\(document\)\[0\]\[0\]/);
    expect(valueTooDeep({ a: [{ b: 1 }] }, 3)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// 7. Large outputs are written document by document

describe('output is written document by document', () => {
  test('byte for byte what Yaml.stringify(...docs) makes', async () => {
    const docs = [{ a: 1 }, { b: ['x', { c: 'multi\nline\n' }] }, { d: null }];
    let text = '';
    expect(writeDocuments(docs, (t) => { text += t; })).toBe(3);
    expect(text).toBe(Yaml.stringify(...docs));
    let chunks = 0;
    text = '';
    writeDocuments(docs, (t) => { text += t; chunks++; }, 1);
    expect(chunks).toBe(3);
    expect(text).toBe(Yaml.stringify(...docs));
    expect(writeDocuments([], () => { throw new Error('nothing to write'); })).toBe(0);
  });

  test('200,000 objects: in chunks, where one Yaml.stringify call overflows', () => {
    const objects = Array.from({ length: 200_000 }, (_, i) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}` } }));
    expect(() => Yaml.stringify(...objects)).toThrow(RangeError); // the old way: one argument per object
    let bytes = 0;
    let largest = 0;
    let separators = 0;
    // A quick serializer: YAML for 200,000 objects takes half a minute (bench/cli.bench.js times the real one).
    const n = writeDocuments(objects, (t) => {
      bytes += t.length;
      largest = Math.max(largest, t.length);
      separators += t.split('---\n').length - 1;
    }, undefined, (o: any) => `kind: ${o.kind}\nmetadata: {name: ${o.metadata.name}}\n`);
    expect(n).toBe(200_000);
    expect(separators).toBe(199_999);
    expect(largest).toBeLessThan(2_000_000);
    expect(bytes).toBeGreaterThan(200_000 * 40);
  });

  test('the CLI streams: several writes for a larger render, the same text', async () => {
    const objects = Array.from({ length: 600 }, (_, i) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}` }, data: { v: 'x'.repeat(2000) } }));
    const input = objects.map((o) => JSON.stringify(o)).join('\n---\n');
    const writes: string[] = [];
    const code = await main(['render', '--pass-through'], { stdout: (t) => { writes.push(t); }, stderr: () => undefined, stdin: () => input, env: {} });
    expect(code).toBe(0);
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.join('')).toBe(Yaml.stringify(...objects));
  });
});

// ---------------------------------------------------------------------------------------------
// 8. Unexpected exceptions

describe('an unexpected exception', () => {
  test('is an internal error: one line, no stack, exit code 2', async () => {
    let err = '';
    const code = await main(['render', '--pass-through'], {
      stdout: () => { throw new TypeError('write failed\n    at fake (stack.js:1:1)'); },
      stderr: (t) => { err += t; },
      stdin: () => configMap('x'),
      env: {},
    });
    expect(code).toBe(2);
    expect(err).toBe('error: internal error: TypeError: write failed\\n    at fake (stack.js:1:1) (please report it, with the input)\n');
  });
});

describe('what every YAML reader reads back, and the restricted pod opt-out', () => {
  test('a namespace a YAML 1.2 or go-yaml reader would read as a number is written quoted', async () => {
    const r = await run(['render', '--namespace', '0o17', '-'], CR);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('namespace: "0o17"');
    expect(r.out).not.toMatch(/namespace: 0o17$/m);
    // Read back as YAML 1.2 (the yaml package's default), every namespace is the string.
    for (const doc of YAML.parseAllDocuments(r.out)) expect(doc.toJS().metadata.namespace).toBe('0o17');
  });

  test('a hostPath volume is an error, unless --allow-unrestricted-volumes says the pod is no longer restricted', async () => {
    const withHostPath = `${CR}  workload:
    overrides:
      volumes: [{name: host, hostPath: {path: /var/data}}]
      volumeMounts: [{name: host, mountPath: /data}]
`;
    const refusedRun = await refused(['render', '-'], withHostPath);
    expect(refusedRun.err).toContain('hostPath');
    // Warnings go to the process's stderr as the construct prints them at synth.
    let warnings = '';
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((t) => { warnings += String(t); return true; });
    const allowed = await run(['render', '--allow-unrestricted-volumes', '-'], withHostPath).finally(() => spy.mockRestore());
    expect(allowed.code).toBe(0);
    expect(allowed.out).toContain('hostPath:');
    expect(warnings).toMatch(/^warning: render\/my-stack: .*restricted/m);
  });
});
