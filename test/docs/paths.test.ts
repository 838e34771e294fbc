/**
 * Every repository path (`src/…`, `test/…`, `scripts/…`, `data/…`, `bench/…`, `examples/…`,
 * `crds/…`) written in inline code in README.md, CONTRIBUTING.md, docs/*.md and src/**\/*.md
 * names a file or directory that exists, so design notes stay current when code moves. A path
 * with a glob or a placeholder (`*`, `<id>`, `…`) is checked up to its first such segment. Paths
 * in a release's source are written `SRC/src/…` (SRC: a checkout of its tag) and not checked.
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

function missingPaths(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return codePaths(text).filter((p) => !fs.existsSync(path.join(ROOT, checkedPart(p)))).map((p) => `${file}: ${p}`);
}

test.each(FILES)('%s: every repository path in inline code exists', (file) => {
  expect(missingPaths(file)).toEqual([]);
});

test('the paths are found (the check checks something)', () => {
  expect(FILES).toEqual(expect.arrayContaining(['docs/architecture.md', 'src/core/README.md']));
  expect(codePaths('see `src/a.ts` and `npx jest test/b test/c.test.ts`, not src/d.ts; `src/**/spec.ts`, `node scripts/e.js`, `lib/f.js`'))
    .toEqual(['src/a.ts', 'test/b', 'test/c.test.ts', 'src/**/spec.ts', 'scripts/e.js']);
  expect(checkedPart('src/**/spec.ts')).toBe('src');
  expect(checkedPart('test/<room>/<file>.test.ts')).toBe('test');
  expect(checkedPart('src/…')).toBe('src');
  expect(missingPaths('docs/architecture.md')).toEqual([]);
  expect(fs.existsSync(path.join(ROOT, checkedPart('src/no-such-file.ts')))).toBe(false);
});
