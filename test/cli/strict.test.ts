/**
 * `--strict`: every warning fails the run (exit 1, the warnings listed as problems, nothing
 * written), for render, argocd-generate (also ARGOCD_ENV_LLAMA_STACK_STRICT) and krm.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { runCli as run } from '../support/cli-run';

/** A v1alpha1 manifest: it renders, with a warning (the image now run is not the one the operator resolved). */
const V1ALPHA1 = 'apiVersion: llamastack.io/v1alpha1\nkind: LlamaStackDistribution\nmetadata: {name: my-stack}\nspec:\n  server:\n    distribution: {name: starter}\n';
const WARNING = 'stdin (my-stack): spec.server.distribution.name: distribution "starter" runs "docker.io/ogxai/distribution-starter:1.3.0" (OGX 1.3.0), '
  + 'not the image the operator resolved for it — check the release is the one you want; pass --target to pick another server line';

describe('--strict', () => {
  test('without it, a warning is printed and the render succeeds', async () => {
    const r = await run(['render'], V1ALPHA1);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`warning: ${WARNING}\n`);
  });

  test('render: every warning is a problem, exit 1, nothing on stdout', async () => {
    expect(await run(['render', '--strict'], V1ALPHA1)).toEqual({ code: 1, out: '', err: `1 problem(s):\n- warning, an error with --strict: ${WARNING}\n` });
  });

  test('render --output-dir: nothing written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-strict-'));
    expect((await run(['render', '--strict', '--output-dir', 'out'], V1ALPHA1, { cwd: dir })).code).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('argocd-generate: the flag, or the Application\'s plugin env LLAMA_STACK_STRICT=true', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llsd-strict-'));
    fs.writeFileSync(path.join(dir, 'stack.yaml'), V1ALPHA1);
    const refused = `1 problem(s):\n- warning, an error with --strict: ${WARNING.replace('stdin', 'stack.yaml')}\n`;
    expect(await run(['argocd-generate', '--strict'], '', { cwd: dir })).toEqual({ code: 1, out: '', err: refused });
    expect(await run(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_ENV_LLAMA_STACK_STRICT: 'true' } })).toEqual({ code: 1, out: '', err: refused });
    expect((await run(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_ENV_LLAMA_STACK_STRICT: 'false' } })).code).toBe(0);
    const bad = await run(['argocd-generate'], '', { cwd: dir, env: { ARGOCD_ENV_LLAMA_STACK_STRICT: 'yes' } });
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n')[0]).toBe('error: ARGOCD_ENV_LLAMA_STACK_STRICT must be true or false, not "yes"');
  });

  test('krm: results of severity error, no items, exit 1', async () => {
    const list = YAML.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [YAML.parse(V1ALPHA1)] });
    const r = await run(['krm', '--strict'], list);
    const problem = `warning, an error with --strict: ${WARNING.replace('stdin', 'items[0]')}`;
    expect(r.code).toBe(1);
    expect(r.err).toBe(`1 problem(s):\n- ${problem}\n`);
    expect(YAML.parse(r.out)).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], results: [{ message: problem, severity: 'error' }] });
    expect((await run(['krm'], list)).code).toBe(0);
  });

  test('--help lists it', async () => {
    expect((await run(['--help'])).out).toContain('\n  --strict               every warning is an error');
  });
});
