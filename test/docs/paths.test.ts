/**
 * Every repository path (`src/…`, `test/…`, `scripts/…`, `data/…`, `bench/…`, `examples/…`,
 * `crds/…`) written in inline code in README.md, CONTRIBUTING.md, docs/*.md and src/**\/*.md
 * names a file or directory that exists, so design notes stay current when code moves. A path
 * with a glob or a placeholder (`*`, `<id>`, `…`) is checked up to its first such segment. Paths
 * in a release's source are written `SRC/src/…` (SRC: a checkout of its tag) and not checked.
 * A short code file name (`errors.ts`, `startup/release.ts`) names a file beside the note, or a
 * code file of that name somewhere in src/, test/, scripts/ or bench/: a note that names a file
 * since deleted or renamed fails.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');

function markdownUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? markdownUnder(rel) : e.name.endsWith('.md') ? [rel] : [];
  });
}

const FILES = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs'), ...markdownUnder('src')];

/** `src/…`, `test/…`, `scripts/…`, `data/…`, `bench/…`, `examples/…` and `crds/…` paths in inline code (fenced blocks included: commands name paths too). */
export function codePaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    for (const p of m[1].matchAll(/(?:^|[\s(])((?:src|test|scripts|data|bench|examples|crds)\/[^\s`'"(),;:]*)/g)) out.add(p[1]);
  }
  return [...out];
}

/** The part of a path before its first glob or placeholder segment, without a trailing `/` or `.`. */
function checkedPart(p: string): string {
  const segments = p.split('/');
  const cut = segments.findIndex((s) => /[*<>{}[\]…]/.test(s));
  return (cut < 0 ? segments : segments.slice(0, cut)).join('/').replace(/[/.]+$/, '');
}

/** The file names of the repository's code: `src/`, `test/`, `scripts/` and `bench/`, at any depth. */
function codeFileNames(dir: string, out = new Set<string>()): Set<string> {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (e.isDirectory()) codeFileNames(`${dir}/${e.name}`, out);
    else out.add(e.name);
  }
  return out;
}
const CODE_FILE_NAMES = new Set(['src', 'test', 'scripts', 'bench'].flatMap((d) => [...codeFileNames(d)]));

/**
 * Short names of code files in inline code (`errors.ts`, `startup/release.ts`): a whole code
 * span that is a `.ts` or `.js` file name, with or without folders, and not a repository path.
 */
export function shortFileNames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([\w.-]+(?:\/[\w.-]+)*\.[jt]s)`/g)) {
    if (!/^(?:src|test|scripts|data|bench|examples|crds|lib)\//.test(m[1])) out.add(m[1]);
  }
  return [...out];
}

/** A short name that is neither a file beside the note (`startup/release.ts` from src/releases/) nor a code file of that name anywhere. */
function missingShortNames(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return shortFileNames(text)
    .filter((name) => !fs.existsSync(path.join(ROOT, path.dirname(file), name)) && !CODE_FILE_NAMES.has(path.posix.basename(name)))
    .map((name) => `${file}: ${name}`);
}

function missingPaths(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return codePaths(text).filter((p) => !fs.existsSync(path.join(ROOT, checkedPart(p)))).map((p) => `${file}: ${p}`);
}

test.each(FILES)('%s: every repository path in inline code exists', (file) => {
  expect(missingPaths(file)).toEqual([]);
});

test.each(FILES)('%s: every short code file name in inline code names a file', (file) => {
  expect(missingShortNames(file)).toEqual([]);
});

test('the paths are found (the check checks something)', () => {
  expect(FILES).toEqual(expect.arrayContaining(['docs/architecture.md', 'src/core/README.md', 'src/generate/README.md', 'src/auth/README.md',
    'src/workload/README.md', 'src/interop/README.md', 'src/releases/startup/README.md']));
  expect(shortFileNames('`errors.ts`, `startup/data-dirs.ts`, `src/a.ts`, `lib/cli/main.js`, `core/datatypes.py`, `x.ts: y`'))
    .toEqual(['errors.ts', 'startup/data-dirs.ts']);
  expect(CODE_FILE_NAMES.has('errors.ts')).toBe(true);
  expect(CODE_FILE_NAMES.has('data-dirs.ts')).toBe(false); // a stale name the startup note once had
  expect(fs.existsSync(path.join(ROOT, 'src/releases', 'startup/release.ts'))).toBe(true);
  expect(codePaths('see `src/a.ts` and `npx jest test/b test/c.test.ts`, not src/d.ts; `src/**/spec.ts`, `node scripts/e.js`, `lib/f.js`'))
    .toEqual(['src/a.ts', 'test/b', 'test/c.test.ts', 'src/**/spec.ts', 'scripts/e.js']);
  expect(checkedPart('src/**/spec.ts')).toBe('src');
  expect(checkedPart('test/<room>/<file>.test.ts')).toBe('test');
  expect(checkedPart('src/…')).toBe('src');
  expect(missingPaths('docs/architecture.md')).toEqual([]);
  expect(fs.existsSync(path.join(ROOT, checkedPart('src/no-such-file.ts')))).toBe(false);
});
