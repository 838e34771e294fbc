/**
 * `render` reads its input as a stream: one document's values alive at a time, output text spooled
 * (in memory, then in a temporary file) until every document is checked. What it writes is what it
 * wrote when it held every object; a problem anywhere, the last document included, writes nothing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CliIo, writeDocuments } from '../../src/cli/main';
import { manifestDocumentsFromPieces } from '../../src/interop/documents';
import { readManifestDocuments } from '../../src/interop/manifest';
import { CliRun, runCli as run } from '../support/cli-run';
import { MINIMAL_CR, USER_CONFIG_CR } from '../support/cr-text';

function tmpdir(prefix = 'llsd-stream-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A spool that goes to a file from its first byte, in a directory of the test's: left empty after every run. */
function fileSpool(): { io: Partial<CliIo>; dir: string } {
  const dir = tmpdir('llsd-spool-');
  return { io: { spool: { memoryBytes: 0, dir } }, dir };
}

function configMap(i: number, data = 'v'): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c-${i}}\ndata: {k: ${JSON.stringify(data)}}\n`;
}

/**
 * Passed-through documents of every shape the writer meets: multi-byte characters (which the
 * spool's 64 KiB pieces cut between bytes), empty documents, comments, a string longer than the
 * spool's 1 MiB buffer, objects without a name.
 */
function mixedStream(n: number): string {
  const docs: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 97 === 0) docs.push('# only a comment\n');
    else if (i % 89 === 0) docs.push(`apiVersion: v1\nkind: Service\nmetadata: {name: s-${i}}\nspec:\n  ports: [{port: ${i % 65535 || 1}}]\n  selector: {app: "0o17"}\n`);
    else docs.push(configMap(i, `é€😀-${'ü'.repeat(i % 300)}-${'x'.repeat((i * 37) % 500)}`));
  }
  docs.push(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata: {big: "${'😀é'.repeat(300_000)}"}\n`);
  docs.push('apiVersion: v1\nkind: Secret\nmetadata: {generateName: s-}\n');
  return docs.join('---\n');
}

/** What the command wrote when it held every object: each document's value, written in turn. */
function heldOutput(text: string): string {
  let out = '';
  writeDocuments(readManifestDocuments(text).map((d) => d.value).filter((v) => v !== null), (t) => { out += t; });
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('a large pass-through stream', () => {
  const text = mixedStream(3000);
  const expected = heldOutput(text);

  test('is written byte for byte as when every object was held, the spool in memory or in a file', async () => {
    expect(expected.length).toBeGreaterThan(2_000_000);
    const inMemory = await run(['render', '--pass-through'], text);
    expect(inMemory).toEqual({ code: 0, out: expected, err: '' });
    const spool = fileSpool();
    const inFile = await run(['render', '--pass-through'], text, spool.io);
    expect(inFile).toEqual({ code: 0, out: expected, err: '' });
    expect(fs.readdirSync(spool.dir)).toEqual([]);
  });

  test('with manifests among the documents: each where it was, rendered as alone', async () => {
    const cr = (await run(['render'], MINIMAL_CR)).out;
    const second = MINIMAL_CR.replace('name: my-stack', 'name: other');
    const crOther = (await run(['render'], second)).out;
    const [a, b] = [mixedStream(400), mixedStream(300)];
    const r = await run(['render', '--pass-through'], `${MINIMAL_CR}---\n${a}\n---\n${second}---\n${b}`, fileSpool().io);
    expect(r.err).toBe('');
    expect(r.out).toBe(`${cr}---\n${heldOutput(a)}---\n${crOther}---\n${heldOutput(b)}`);
  });

  test('read from stdin, from a file, or from its directory: the same output', async () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'stream.yaml'), text);
    const fromStdin = await run(['render', '--pass-through', '-'], text);
    const fromFile = await run(['render', '--pass-through', path.join(dir, 'stream.yaml')]);
    const fromDir = await run(['render', '--pass-through', dir], '', fileSpool().io);
    expect(fromStdin).toEqual({ code: 0, out: expected, err: '' });
    expect(fromFile).toEqual(fromStdin);
    expect(fromDir).toEqual(fromStdin);
  });

  test('a problem in it reads the same from stdin and from a file, but for the name of the input', async () => {
    const dir = tmpdir();
    const broken = `${text}\n---\na: [b\n`;
    fs.writeFileSync(path.join(dir, 'stream.yaml'), broken);
    const fromStdin = await run(['render', '--pass-through'], broken);
    const fromFile = await run(['render', '--pass-through', path.join(dir, 'stream.yaml')]);
    expect(fromStdin.code).toBe(1);
    expect(fromStdin.out).toBe('');
    expect(fromStdin.err).toMatch(/^1 problem\(s\):\n- stdin: document 3002: \(yaml\): Flow sequence .* at line \d+, column 1: — fix the YAML syntax\n$/);
    expect(fromFile).toEqual({ ...fromStdin, err: fromStdin.err.replace('stdin:', `${path.join(dir, 'stream.yaml')}:`) });
  });

  test('--output-dir: one file per object, as when every object was held', async () => {
    const small = mixedStream(200);
    const out = path.join(tmpdir(), 'out');
    const spool = fileSpool();
    expect(await run(['render', '--pass-through', '--output-dir', out], small, spool.io)).toEqual({ code: 0, out: '', err: '' });
    const values = readManifestDocuments(small).map((d) => d.value as any).filter((v) => v !== null);
    const files = fs.readdirSync(out).sort();
    expect(files).toHaveLength(values.length);
    expect(fs.readFileSync(path.join(out, 'configmap-big.k8s.yaml'), 'utf8')).toBe(heldOutput(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata: {big: "${'😀é'.repeat(300_000)}"}\n`));
    expect(fs.readFileSync(path.join(out, 'configmap-c-7.k8s.yaml'), 'utf8')).toBe(heldOutput(configMap(7, `é€😀-${'ü'.repeat(7)}-${'x'.repeat(259)}`)));
    expect(fs.readdirSync(spool.dir)).toEqual([]);
  });
});

describe('a problem anywhere writes nothing', () => {
  const many = Array.from({ length: 2000 }, (_, i) => configMap(i)).join('---\n');

  test.each([
    ['a syntax error', 'a: [b\n', /^1 problem\(s\):\n- stdin: document 2001: \(yaml\): Flow sequence/],
    ['a value JSON cannot hold', 'x: .inf\n', /^1 problem\(s\):\n- stdin: document 2001: \(document\)\.x: Infinity is not a JSON number/],
    ['a manifest with a problem', MINIMAL_CR.replace('  distribution:', '  bogus: 1\n  distribution:'), /^1 problem\(s\):\n- stdin \(my-stack\): spec\.bogus: unknown field "bogus"/],
    ['nesting too deep', `a: ${'['.repeat(300)}${']'.repeat(300)}\n`, /^1 problem\(s\):\n- stdin: document 2001: \(document\)\.a\[0\]\[0\]\S*: nested deeper than 200 levels/],
  ])('%s in the last document: nothing on stdout, no temporary file left', async (_, last, problem) => {
    const spool = fileSpool();
    const r = await run(['render', '--pass-through'], `${many}---\n${last}`, spool.io);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(problem);
    expect(fs.readdirSync(spool.dir)).toEqual([]);
  });

  test('with --output-dir: no file, not even the directory', async () => {
    const root = tmpdir();
    const r = await run(['render', '--pass-through', '--output-dir', path.join(root, 'out')], `${many}---\n${configMap(1)}`, fileSpool().io);
    expect(r.code).toBe(1);
    expect(r.err).toBe('1 problem(s):\n- --output-dir: two documents would be written to configmap-c-1.k8s.yaml (same name)\n');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  test('a syntax error after problems already found in the same file: each problem once, as the whole text words them', async () => {
    const bad = MINIMAL_CR.replace('  distribution:', '  bogus: 1\n  distribution:');
    // Document 2 is a problem found document by document; document 4's syntax error has the file read whole.
    const r = await run(['render', '--pass-through'], `${configMap(1)}---\nx: .inf\n---\n${bad}---\nfoo: {\n---\n${configMap(2)}`);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const lines = r.err.split('\n');
    expect(lines[0]).toBe('3 problem(s):');
    expect(lines[1]).toMatch(/^- stdin: document 2: \(document\)\.x: Infinity is not a JSON number/);
    expect(lines[2]).toMatch(/^- stdin: document 4: \(yaml\): Flow map in block collection .* at line \d+, column \d+:/);
    expect(lines[3]).toMatch(/^- stdin \(my-stack\): spec\.bogus: unknown field "bogus"/);
  });
});

describe('the ConfigMaps a manifest names, anywhere in a long stream', () => {
  const CR = USER_CONFIG_CR;
  const userConfig = (key: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: user-config}\ndata:\n  ${key}: |\n    version: 2\n`;
  const many = Array.from({ length: 500 }, (_, i) => configMap(i)).join('---\n');
  const NO_KEY = 'spec.server.userConfig.configMapName: ConfigMap "user-config" (in this input) has no key "config.yaml"';

  test.each([
    ['before the manifest', `${userConfig('run.yaml')}---\n${many}---\n${CR}`],
    ['after it', `${CR}---\n${many}---\n${userConfig('run.yaml')}`],
    ['in another file', 'two files'],
  ])('%s: checked', async (_, input) => {
    let r: CliRun;
    if (input === 'two files') {
      const dir = tmpdir();
      fs.writeFileSync(path.join(dir, 'a.yaml'), `${many}---\n${userConfig('run.yaml')}`);
      fs.writeFileSync(path.join(dir, 'b.yaml'), CR);
      r = await run(['render', '--pass-through', dir]);
    } else {
      r = await run(['render', '--pass-through'], input);
    }
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain(NO_KEY);
  });

  test('named twice: the last one counts, as when every object was held', async () => {
    const fixed = await run(['render', '--pass-through'], `${userConfig('run.yaml')}---\n${CR}---\n${userConfig('config.yaml')}`);
    expect(fixed.err).not.toContain(NO_KEY);
    const broken = await run(['render', '--pass-through'], `${userConfig('config.yaml')}---\n${CR}---\n${userConfig('run.yaml')}`);
    expect(broken.err).toContain(NO_KEY);
  });
});

describe('the spool', () => {
  test('where no temporary file can be made, memory holds the output: the same bytes', async () => {
    const text = mixedStream(300);
    const r = await run(['render', '--pass-through'], text, { spool: { memoryBytes: 0, dir: path.join(tmpdir(), 'missing', 'dir') } });
    expect(r).toEqual({ code: 0, out: heldOutput(text), err: '' });
  });

  test('an exception while writing leaves no temporary file', async () => {
    const spool = fileSpool();
    const r = await run(['render', '--pass-through'], mixedStream(50), { ...spool.io, stdout: () => { throw new Error('EPIPE'); } });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: internal error: Error: EPIPE (please report it, with the input)\n');
    expect(fs.readdirSync(spool.dir)).toEqual([]);
  });
});

describe('documents one by one', () => {
  test('the documents readManifestDocuments gives, when the stream reads cleanly', () => {
    const text = mixedStream(500);
    const streamed = manifestDocumentsFromPieces([text]);
    const docs = [];
    let next = streamed.next();
    for (; !next.done; next = streamed.next()) docs.push(next.value);
    expect(next.value).toBe(true);
    expect(docs).toEqual(readManifestDocuments(text));
  });

  test.each([
    ['a syntax error', 'a: [b\n'],
    ['a document too deep for the YAML parser, more than a megabyte into the stream', `a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`],
  ])('%s: false, and readManifestDocuments words it', (_, last) => {
    const text = `${mixedStream(1500)}\n---\n${last}`;
    expect(text.length).toBeGreaterThan(1_100_000);
    const streamed = manifestDocumentsFromPieces([text]);
    let next = streamed.next();
    while (!next.done) next = streamed.next();
    expect(next.value).toBe(false);
    expect(readManifestDocuments(text).filter((d) => d.problems.length > 0)).toHaveLength(1);
  });
});
