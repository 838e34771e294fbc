/**
 * Installing and upgrading: the version is CHANGELOG.md's newest entry and package.json carries it;
 * `npx projen release` writes the release's files from CHANGELOG.md and needs no tag, remote or
 * push; `prepare` builds the package for a git-URL install and skips a build that is up to date.
 * (The packed artifact, the git-URL install and the Argo CD image are run by `npm run
 * smoke-package`.)
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { latestEntry, writeReleaseFiles } = require('../../scripts/changelog.js');

const ROOT = path.join(__dirname, '..', '..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
const manifest = JSON.parse(read('package.json'));
const tasks = JSON.parse(read('.projen/tasks.json')).tasks;

function tmp(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
}

describe('the version', () => {
  test('package.json carries a real version, the newest entry of CHANGELOG.md', () => {
    expect(manifest.version).toBe('0.2.1');
    expect(latestEntry(read('CHANGELOG.md')).version).toBe(manifest.version);
  });

  test('the lock file names the same version', () => {
    const lock = JSON.parse(read('package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual([manifest.version, manifest.version]);
  });

  test('latestEntry takes the first "## " entry, up to the next one', () => {
    const text = '# Changelog\n\nintro\n\n## 1.2.0\n\n- b\n\n## 1.1.0\n\n- a\n';
    expect(latestEntry(text)).toEqual({ version: '1.2.0', text: '## 1.2.0\n\n- b\n' });
    expect(latestEntry('# Changelog\n\n## 2.0.0-rc.1\n- c')).toEqual({ version: '2.0.0-rc.1', text: '## 2.0.0-rc.1\n- c\n' });
  });

  test('a first entry that is not a version, or none, is refused with the expected form', () => {
    expect(() => latestEntry('# Changelog\n\n## Unreleased\n')).toThrow('the first "## " heading must be "## <version>" (e.g. "## 0.1.0"), found "## Unreleased"');
    expect(() => latestEntry('# Changelog\n')).toThrow('found none');
  });
});

describe('the release task', () => {
  test('release: dist/ afresh, bump, build, unbump, then no committed file changed; no tag, remote or push', () => {
    expect(tasks.release.steps).toEqual([
      { execArgs: ['rm', '-fr', 'dist'] },
      { spawn: 'bump' },
      { spawn: 'build' },
      { spawn: 'unbump' },
      { exec: 'git diff --ignore-space-at-eol --exit-code' },
    ]);
    expect(tasks.bump.steps).toEqual([{ exec: 'node scripts/changelog.js' }]);
    expect(tasks.unbump.steps).toBeUndefined();
    const all = JSON.stringify(['release', 'bump', 'build', 'package', 'package-all', 'package:js'].map((t) => tasks[t]));
    expect(all).not.toMatch(/git (push|tag)|origin|publish/);
  });

  test('packing is `npm pack` into dist/js (jsii-pacmak\'s js target), the file npm publish uploads', () => {
    expect(tasks['package:js'].steps).toEqual([{ execArgs: ['jsii-pacmak', '-v', '--target', 'js'] }]);
    expect(tasks.build.steps.map((s: { spawn: string }) => s.spawn)).toEqual(['default', 'pre-compile', 'compile', 'post-compile', 'test', 'package']);
  });

  test('bump writes the version, the tag name and the newest entry where projen\'s release tooling reads them', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), '# Changelog\n\n## 0.3.0\n\n- new\n\n## 0.2.0\n\n- old\n');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '0.3.0' }));
    const env = { ...tasks.bump.env };
    expect(env).toMatchObject({ OUTFILE: 'package.json', BUMPFILE: 'dist/version.txt', RELEASETAG: 'dist/releasetag.txt', CHANGELOG: 'dist/changelog.md' });
    expect(writeReleaseFiles(dir, env)).toBe('0.3.0');
    const out = (f: string) => fs.readFileSync(path.join(dir, 'dist', f), 'utf8');
    expect([out('version.txt'), out('releasetag.txt'), out('changelog.md')]).toEqual(['0.3.0', 'v0.3.0', '## 0.3.0\n\n- new\n']);
  });

  test('bump refuses a package.json that says another version, with the fix', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), '## 0.2.0\n');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '0.1.0' }));
    expect(() => writeReleaseFiles(dir, tasks.bump.env)).toThrow(
      "package.json says 0.1.0 but CHANGELOG.md's newest entry is 0.2.0: run `npx projen` (it takes the version from CHANGELOG.md), then commit");
    expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  });
});

describe('prepare (the install-time build of a git-URL install)', () => {
  test('package.json runs scripts/prepare.js as npm\'s prepare script', () => {
    expect(manifest.scripts.prepare).toBe('node scripts/prepare.js');
  });

  /** A copy of the script in a fake package root, so the freshness check runs on files the test owns. */
  function fakeRoot(): string {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.copyFileSync(path.join(ROOT, 'scripts', 'prepare.js'), path.join(dir, 'scripts', 'prepare.js'));
    return dir;
  }
  const check = (dir: string) => execFileSync(process.execPath, [path.join(dir, 'scripts', 'prepare.js'), '--check'], { encoding: 'utf8' });
  const write = (dir: string, file: string, at: number) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), file.endsWith('.json') ? '{}' : file);
    fs.utimesSync(path.join(dir, file), at, at);
  };
  const OUTPUTS = ['.jsii', 'lib/index.js', 'lib/cli/bundle.js', 'lib/cli/bundle.js.cache'];

  test('a clone with no build needs one; a build newer than its inputs does not; a changed input does again', () => {
    const dir = fakeRoot();
    write(dir, 'src/index.ts', 1000);
    write(dir, 'data/targets/t/distributions/d/config.yaml', 1000);
    write(dir, 'package.json', 1000);
    expect(check(dir)).toBe('build needed: .jsii is missing\n');
    for (const f of OUTPUTS) write(dir, f, 2000);
    expect(check(dir)).toBe('up to date\n');
    // the pre-parsed base configs are written by the build: not an input
    write(dir, 'data/targets/t/distributions/d/config.json', 3000);
    expect(check(dir)).toBe('up to date\n');
    write(dir, 'src/cli/main.ts', 3000);
    expect(check(dir)).toBe('build needed: src changed after the last build\n');
  });

  test('an unpacked package (no src/) has nothing to build', () => {
    const dir = fakeRoot();
    expect(check(dir)).toBe('');
  });
});
