/**
 * `render DIR` and `argocd-generate` read the *.yaml / *.yml files of a directory: never a file a
 * symbolic link leads to outside it (whose contents are never shown).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { runCli as run } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';

const CANARY = 'canary-Zq7RkP2mWx';

function tmpdir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-render-'));
}

/** A directory `app/` with the CR, next to a file outside it that a link in `app/` leads to. */
function appWithLink(target: 'outside' | 'dangling' | 'inside'): string {
  const root = tmpdir();
  const app = path.join(root, 'app');
  fs.mkdirSync(path.join(app, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(app, 'stack.yaml'), MINIMAL_CR);
  const secret = `apiVersion: v1\nkind: Secret\nmetadata: {name: other-team}\nstringData: {token: ${CANARY}}\nbad: [\n`;
  fs.writeFileSync(path.join(root, 'secret.yaml'), secret);
  fs.writeFileSync(path.join(app, 'sub', 'cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n');
  const to = target === 'outside' ? path.join('..', 'secret.yaml') : target === 'inside' ? path.join('sub', 'cm.yaml') : 'missing.yaml';
  fs.symlinkSync(to, path.join(app, 'link.yaml'));
  return root;
}

const OUTSIDE = 'a symbolic link to a file outside the directory: not read (nothing of it is shown)'
  + ' — copy the file into the directory, or name it on the command line (render FILE)';

describe('a *.yaml symbolic link in a directory that is read', () => {
  test('render DIR: a link that leaves the directory is a problem, and nothing of its file is read or shown', async () => {
    const root = appWithLink('outside');
    const r = await run(['render', 'app', '--pass-through'], '', { cwd: root });
    expect(r).toEqual({ code: 1, out: '', err: `1 problem(s):\n- ${path.join('app', 'link.yaml')}: ${OUTSIDE}\n` });
  });

  test('argocd-generate: the same, in the application\'s directory', async () => {
    const root = appWithLink('outside');
    const r = await run(['argocd-generate'], '', { cwd: path.join(root, 'app') });
    expect(r).toEqual({ code: 1, out: '', err: `1 problem(s):\n- link.yaml: ${OUTSIDE}\n` });
    expect(r.err).not.toContain(CANARY);
  });

  test('a link that leads nowhere is a problem of its own; the other files are still read', async () => {
    const root = appWithLink('dangling');
    const r = await run(['argocd-generate'], '', { cwd: path.join(root, 'app') });
    expect(r.code).toBe(1);
    expect(r.err).toBe('1 problem(s):\n- link.yaml: a symbolic link to a file that does not exist — remove the link, or restore its file\n');
  });

  test('a link to a file inside the directory (a subdirectory) is read', async () => {
    const root = appWithLink('inside');
    const r = await run(['argocd-generate'], '', { cwd: path.join(root, 'app') });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(YAML.parseAllDocuments(r.out).map((d) => d.toJS().kind)).toContain('ConfigMap');
  });

  test('a file named on the command line is read wherever a link leads (the user named it)', async () => {
    const root = appWithLink('outside');
    fs.writeFileSync(path.join(root, 'secret.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shared}\n');
    const r = await run(['render', path.join('app', 'link.yaml'), '--pass-through'], '', { cwd: root });
    expect(r.code).toBe(0);
    expect(YAML.parse(r.out).metadata.name).toBe('shared');
  });
});
