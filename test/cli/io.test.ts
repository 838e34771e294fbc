/**
 * Input that is not UTF-8 is refused with where it stops being UTF-8 (the file and the byte
 * offset), never read with U+FFFD in place of what it holds.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { InvalidUtf8Error, readPieces, utf8Text } from '../../src/cli/io';
import { runCli as run } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-io-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The CR with `bytes` in a label value, and where they start. */
function crWith(bytes: number[], padding = 0): { data: Buffer; at: number } {
  const head = Buffer.from(`# ${'x'.repeat(padding)}\n${MINIMAL_CR.replace('{name: my-stack}', '{name: my-stack, labels: {tier: "a')}`.split('"a')[0] + '"a');
  const tail = Buffer.from(MINIMAL_CR.replace('{name: my-stack}', '{name: my-stack, labels: {tier: "a"}}').split('"a')[1]);
  return { data: Buffer.concat([head, Buffer.from(bytes), tail]), at: head.length };
}

function readAll(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    return [...readPieces(fd)].join('');
  } finally {
    fs.closeSync(fd);
  }
}

/** Where `read` finds the input not UTF-8, or what it read. */
function offsetOf(read: () => string): number | string {
  try {
    return read();
  } catch (e) {
    if (e instanceof InvalidUtf8Error) return e.offset;
    throw e;
  }
}

/** Where reading `data` from a file fails, or the text. */
function readFile(data: Buffer): number | string {
  const file = path.join(tmp, 'input.yaml');
  fs.writeFileSync(file, data);
  return offsetOf(() => readAll(file));
}

const INVALID: [string, number[]][] = [
  ['a lone 0xff', [0xff]],
  ['a continuation byte alone', [0x80]],
  ['an overlong encoding of "/"', [0xc0, 0xaf]],
  ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ['a character cut short', [0xe2, 0x82, 0x41]],
];

describe('readPieces and utf8Text refuse what is not UTF-8, with the byte offset', () => {
  test.each(INVALID)('%s', (_what, bytes) => {
    const { data, at } = crWith(bytes);
    expect(readFile(data)).toBe(at);
    expect(offsetOf(() => utf8Text(data))).toBe(at);
  });

  test('wherever the 8 KiB pieces cut the input (a character across two pieces, an error in the second)', () => {
    for (let padding = 8150; padding < 8200; padding++) {
      const valid = crWith([0xe2, 0x82, 0xac], padding); // €
      expect(readFile(valid.data)).toBe(valid.data.toString('utf8'));
      const invalid = crWith([0xe2, 0x82, 0x41], padding);
      expect(readFile(invalid.data)).toBe(invalid.at);
    }
  });

  test('input that ends inside a character', () => {
    const data = Buffer.concat([Buffer.from('kind: ConfigMap # '), Buffer.from([0xf0, 0x9f])]);
    expect(readFile(data)).toBe(18);
    expect(offsetOf(() => utf8Text(data))).toBe(18);
  });

  test('UTF-8 is read as before: a byte order mark kept, four-byte characters whole', () => {
    const text = '\ufeffkind: ConfigMap # 🦙 ü\n';
    expect(readFile(Buffer.from(text))).toBe(text);
    expect(utf8Text(Buffer.from(text))).toBe(text);
  });
});

describe('the command line', () => {
  const PROBLEM = (source: string, at: number) => `${source}: not UTF-8: the byte at offset ${at} (0xff) starts no character`
    + ' — save the file as UTF-8 (YAML and Kubernetes read UTF-8 only)';

  test('render FILE and argocd-generate: a problem naming the file and the offset', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'app-'));
    const { data, at } = crWith([0xff]);
    fs.writeFileSync(path.join(dir, 'stack.yaml'), data);
    expect(await run(['render', 'stack.yaml'], '', { cwd: dir })).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${PROBLEM('stack.yaml', at)}\n` });
    expect(await run(['argocd-generate'], '', { cwd: dir })).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${PROBLEM('stack.yaml', at)}\n` });
  });

  test('render from stdin in pieces, and krm from stdin whole', async () => {
    const { data, at } = crWith([0xff]);
    const file = path.join(tmp, 'stdin.yaml');
    fs.writeFileSync(file, data);
    const stdinPieces = () => {
      const fd = fs.openSync(file, 'r');
      return (function* () {
        try {
          yield* readPieces(fd);
        } finally {
          fs.closeSync(fd);
        }
      })();
    };
    expect(await run(['render'], '', { stdinPieces })).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${PROBLEM('stdin', at)}\n` });
    const list = Buffer.concat([Buffer.from('apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n# '), Buffer.from([0xff])]);
    const k = await run(['krm'], '', { stdin: () => utf8Text(list) });
    expect(k.code).toBe(1);
    expect(k.err).toBe(`1 problem(s):\n- ${PROBLEM('stdin', list.length - 1)}\n`);
    expect(YAML.parse(k.out).items).toEqual([]);
  });

  test('--base-config: a usage error naming the file and the offset', async () => {
    const file = path.join(tmp, 'base.yaml');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('version: 2\n# '), Buffer.from([0xff])]));
    const r = await run(['render', '--base-config', file], MINIMAL_CR);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`error: --base-config: ${file} is not UTF-8: the byte at offset 13 (0xff) starts no character: save it as UTF-8`);
  });
});
