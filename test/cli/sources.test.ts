/**
 * The inputs are read in pieces: a file from disk each time, stdin once (spooled for a second
 * read, also after a first read that stopped early), and the documents are taken as the pieces
 * come, so that the text of a long stream is never whole in memory.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readPieces, writeAll } from '../../src/cli/io';
import { fileSource, SourceReadError, stdinSource } from '../../src/cli/sources';
import { manifestDocumentsFromPieces } from '../../src/interop/documents';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-sources-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const all = (pieces: Iterable<string>): string => [...pieces].join('');

describe('stdinSource', () => {
  const text = Array.from({ length: 2000 }, (_, i) => `kind: ConfigMap\nmetadata: {name: c-${i}}\n`).join('---\n');
  const pieces = (): string[] => text.match(/[\s\S]{1,700}/g)!;

  test('read once: a second read, and one after a first that stopped early, give the whole text again', () => {
    let pulls = 0;
    const source = stdinSource({ stdout: () => undefined, stderr: () => undefined, stdin: () => '', stdinPieces: function* () { for (const p of pieces()) { pulls++; yield p; } } },
      { memoryBytes: 1024, dir: tmp });
    const first = source.pieces()[Symbol.iterator]();
    first.next();
    first.next();
    expect(pulls).toBe(2);
    expect(all(source.pieces())).toBe(text);
    expect(all(source.pieces())).toBe(text);
    expect(pulls).toBe(pieces().length);
    source.close();
  });

  test('without stdinPieces, stdin() is the one piece', () => {
    const source = stdinSource({ stdout: () => undefined, stderr: () => undefined, stdin: () => text }, undefined);
    expect(all(source.pieces())).toBe(text);
    source.close();
  });
});

describe('fileSource and readPieces', () => {
  test('a file with characters cut between reads reads back exactly, each time', () => {
    // 'é' is two bytes: with an odd prefix one of them ends a read (8 KiB).
    const text = `x${'é'.repeat(100_000)}\n`;
    const file = path.join(tmp, 'utf8.yaml');
    fs.writeFileSync(file, text);
    const source = fileSource('utf8.yaml', file);
    expect(all(source.pieces())).toBe(text);
    expect(all(source.pieces())).toBe(text);
    expect([...source.pieces()].length).toBeGreaterThan(2);
  });

  test('a file that cannot be read is a problem with its name', () => {
    const source = fileSource('gone.yaml', path.join(tmp, 'gone.yaml'));
    expect(() => all(source.pieces())).toThrow(SourceReadError);
    expect(() => all(source.pieces())).toThrow(/^gone\.yaml: cannot read: ENOENT/);
  });

  test('readPieces of an empty file: nothing', () => {
    const file = path.join(tmp, 'empty.yaml');
    fs.writeFileSync(file, '');
    const fd = fs.openSync(file, 'r');
    expect([...readPieces(fd)]).toEqual([]);
    fs.closeSync(fd);
  });
});

describe('documents are taken as the pieces come', () => {
  test('the first document is read before most of the stream is', () => {
    const doc = (i: number) => `kind: ConfigMap\nmetadata: {name: c-${i}}\ndata: {k: v}\n`;
    let pulled = 0;
    function* pieces(): Generator<string> {
      for (let i = 0; i < 5000; i++) {
        pulled++;
        yield `${i > 0 ? '---\n' : ''}${doc(i)}`;
      }
    }
    const docs = manifestDocumentsFromPieces(pieces(), 4096);
    expect((docs.next().value as { value: unknown }).value).toEqual({ kind: 'ConfigMap', metadata: { name: 'c-0' }, data: { k: 'v' } });
    expect(pulled).toBeLessThan(200);
  });
});

describe('writeAll', () => {
  test('writes the text whole, as UTF-8', () => {
    const file = path.join(tmp, 'out.txt');
    const fd = fs.openSync(file, 'w');
    writeAll(fd, 'a é ✓\n'.repeat(50_000));
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe('a é ✓\n'.repeat(50_000));
  });

  test('the command into a reader that goes away (| head): the output stops, no error, exit 0', () => {
    const input = path.join(tmp, 'many.yaml');
    fs.writeFileSync(input, Array.from({ length: 20_000 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c-${i}}\n`).join('---\n'));
    const bin = path.join(__dirname, '..', 'support', 'bin', 'cdk8s-llama-stack');
    const status = spawnSync('bash', ['-c', `"${bin}" render --pass-through "${input}" | head -c 100 > /dev/null; echo \${PIPESTATUS[0]}`], { encoding: 'utf8' });
    expect({ exit: status.stdout.trim(), stderr: status.stderr }).toEqual({ exit: '0', stderr: '' });
  }, 60_000);
});

describe('writeAll, piece by piece', () => {
  test('a surrogate pair at a piece boundary is written whole', () => {
    const file = path.join(tmp, 'pairs.txt');
    for (const prefix of ['', 'x', 'xy']) {
      const text = `${prefix}${'😀'.repeat(40_000)}é`;
      const fd = fs.openSync(file, 'w');
      writeAll(fd, text);
      fs.closeSync(fd);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    }
  });
});
