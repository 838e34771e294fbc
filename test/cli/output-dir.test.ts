/**
 * --output-dir writes all of its files or none, and only inside the directory: each file is
 * written to a temporary file in the directory and renamed over its place once every one is
 * written; a symbolic link (or anything but a file) where a file goes is refused, never followed.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli as run } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';

/** The fs module itself (what `import * as fs` reads through), whose functions a test may replace. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeFs: typeof fs = require('fs');

const A = MINIMAL_CR.replace('{name: my-stack}', '{name: a}');
const B = MINIMAL_CR.replace('{name: my-stack}', '{name: b}');
const INPUT = `${A}---\n${B}`;

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-outdir-'));
}

/** Every entry under `dir` with its content (a link as `-> target`, a directory as `/`). */
function snapshot(dir: string): { [name: string]: string } {
  const out: { [name: string]: string } = {};
  for (const name of (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })).sort()) {
    const p = path.join(dir, name);
    const st = fs.lstatSync(p);
    out[name] = st.isSymbolicLink() ? `-> ${fs.readlinkSync(p)}` : st.isDirectory() ? '/' : fs.readFileSync(p, 'utf8');
  }
  return out;
}

afterEach(() => jest.restoreAllMocks());

describe('--output-dir writes all or nothing', () => {
  test('written: one file per manifest, nothing else left in the directory', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'out'));
    fs.writeFileSync(path.join(root, 'out', 'notes.txt'), 'mine\n');
    fs.writeFileSync(path.join(root, 'out', 'a.k8s.yaml'), 'old a\n');
    expect(await run(['render', '--output-dir', 'out'], INPUT, { cwd: root })).toEqual({ code: 0, out: '', err: '' });
    const files = snapshot(path.join(root, 'out'));
    expect(Object.keys(files)).toEqual(['a.k8s.yaml', 'b.k8s.yaml', 'notes.txt']);
    expect(files['a.k8s.yaml']).toMatch(/^apiVersion: /);
    expect(files['notes.txt']).toBe('mine\n');
  });

  test('a file that cannot be written (a directory in its place): a problem, and the earlier files are left as they were', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'out', 'b.k8s.yaml'), { recursive: true });
    fs.writeFileSync(path.join(root, 'out', 'a.k8s.yaml'), 'old a\n');
    const before = snapshot(root);
    const r = await run(['render', '--output-dir', 'out'], INPUT, { cwd: root });
    expect(r).toEqual({
      code: 1,
      out: '',
      err: `1 problem(s):\n- --output-dir: ${path.join(root, 'out', 'b.k8s.yaml')} is a directory, where the file would be written — move it away, or write to another directory\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });

  test('a write that fails midway (a full disk): nothing changed, no temporary file left, a directory it made removed', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'kept'));
    fs.writeFileSync(path.join(root, 'kept', 'a.k8s.yaml'), 'old a\n');
    for (const out of ['kept', path.join('new', 'out')]) {
      const before = snapshot(root);
      const writeSync = fs.writeSync;
      let calls = 0;
      jest.spyOn(nodeFs, 'writeSync').mockImplementation(((fd: number, ...rest: any[]) => {
        if (++calls === 2) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return (writeSync as any)(fd, ...rest);
      }) as any);
      const r = await run(['render', '--output-dir', out], INPUT, { cwd: root });
      jest.restoreAllMocks();
      expect(r.code).toBe(1);
      expect(r.err).toBe(`1 problem(s):\n- --output-dir: cannot write to ${path.join(root, out)}: ENOSPC: no space left on device, write — name a directory you may write to (it is created if missing)\n`);
      expect(snapshot(root)).toEqual(before);
    }
  });

  test('a rename that fails midway: the files renamed before it are put back', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'out'));
    fs.writeFileSync(path.join(root, 'out', 'a.k8s.yaml'), 'old a\n');
    const before = snapshot(root);
    const renameSync = fs.renameSync;
    let calls = 0;
    jest.spyOn(nodeFs, 'renameSync').mockImplementation(((from: fs.PathLike, to: fs.PathLike) => {
      if (++calls === 2) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      return renameSync(from, to);
    }) as any);
    const r = await run(['render', '--output-dir', 'out'], INPUT, { cwd: root });
    expect(r.code).toBe(1);
    expect(snapshot(root)).toEqual(before);
  });
});

describe('--output-dir never follows a symbolic link', () => {
  test('a link where a file goes is refused, and the file it leads to is left alone', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'out'));
    fs.writeFileSync(path.join(root, 'victim.txt'), 'precious\n');
    fs.symlinkSync(path.join('..', 'victim.txt'), path.join(root, 'out', 'b.k8s.yaml'));
    const before = snapshot(root);
    const r = await run(['render', '--output-dir', 'out'], INPUT, { cwd: root });
    expect(r).toEqual({
      code: 1,
      out: '',
      err: `1 problem(s):\n- --output-dir: ${path.join(root, 'out', 'b.k8s.yaml')} is a symbolic link, where the file would be written: not followed — remove the link, or write to another directory\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });

  test('a dangling link too (writing through it would create a file outside the directory)', async () => {
    const root = tmpdir();
    fs.mkdirSync(path.join(root, 'out'));
    fs.symlinkSync(path.join(root, 'elsewhere.yaml'), path.join(root, 'out', 'a.k8s.yaml'));
    const r = await run(['render', '--output-dir', 'out'], INPUT, { cwd: root });
    expect(r.code).toBe(1);
    expect(fs.existsSync(path.join(root, 'elsewhere.yaml'))).toBe(false);
  });
});
