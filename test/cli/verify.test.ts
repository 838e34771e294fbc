/**
 * `render --verify` and its flags (src/cli/args.ts): the verification Job beside each server,
 * the flags as VerifyOptions, and usage errors for what they cannot mean.
 */
import * as YAML from 'yaml';
import { parseArgs, settingsFor } from '../../src/cli/args';
import { runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedViolationsOf } from '../support/pod-security';

const objects = (yaml: string): any[] => YAML.parseAllDocuments(yaml).map((d) => d.toJS()).filter((o) => o !== null);

describe('parseArgs', () => {
  test('--verify and its flags become VerifyOptions, passed to the render', () => {
    const args = parseArgs(['render', '--verify', '--verify-completion', '--verify-vector-store', '--verify-token-secret', 'verify-token/token', '--verify-timeout=12']);
    if (typeof args === 'string') throw new Error(args);
    expect(args.verify).toMatchObject({ llmCompletion: true, vectorStore: true, timeoutSeconds: 12, tokenSecret: { secretName: 'verify-token', key: 'token' } });
    expect(settingsFor(args, {}).verify).toBe(args.verify);
    expect(parseArgs(['render'])).not.toHaveProperty('verify');
    expect(parseArgs(['render', '--verify'])).toMatchObject({ verify: {} });
  });

  test.each([
    [['--verify-completion'], '--verify-completion needs --verify'],
    [['--verify-timeout', '5'], '--verify-timeout needs --verify'],
    [['--verify', '--verify-timeout', '5s'], '--verify-timeout takes whole seconds, e.g. 30 (got "5s")'],
    [['--verify', '--verify-token-secret', 'token'], '--verify-token-secret takes SECRET/KEY, e.g. verify-token/token'],
    [['--verify', '--verify-token-secret', 'Bad_Secret/token'], /^--verify-token-secret: not a valid Secret name/],
  ])('%j: a usage error', (flags, message) => {
    expect(() => parseArgs(['render', ...flags])).toThrow(message);
  });
});

describe('render --verify', () => {
  test('writes the ConfigMap, Job and CronJob beside the server, valid and restricted', async () => {
    const run = await runCli(['render', '-', '--namespace', 'ai', '--verify', '--verify-timeout', '10'], MINIMAL_CR);
    expect(run.code).toBe(0);
    const all = objects(run.out);
    const verify = all.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'verify');
    expect(verify.map((o) => `${o.kind}/${o.metadata.name.replace(/-[0-9a-f]{8}$/, '-<hash>')}`)).toEqual([
      'ConfigMap/my-stack-verify-<hash>', 'Job/my-stack-verify', 'CronJob/my-stack-verify',
    ]);
    const plan = JSON.parse(verify[0].data['plan.json']);
    expect(plan.baseUrl).toBe('http://my-stack-service.ai.svc.cluster.local:8321');
    expect(plan.options.timeoutSeconds).toBe(10);
    expect(schemaErrors(all)).toEqual([]);
    expect(restrictedViolationsOf(all)).toEqual([]);
  });

  test('without --verify nothing is added', async () => {
    const run = await runCli(['render', '-', '--namespace', 'ai'], MINIMAL_CR);
    expect(objects(run.out).filter((o) => /verify/.test(o.metadata.name))).toEqual([]);
  });

  test('the operator target: an error with the fix', async () => {
    const run = await runCli(['render', '-', '--target', 'operator', '--verify'], MINIMAL_CR);
    expect(run.code).toBe(1);
    expect(run.err).toContain('props.verify: the operator pipeline has no route table to check against');
  });

  test('--help names the flags', async () => {
    const run = await runCli(['--help']);
    for (const flag of ['--verify ', '--verify-completion', '--verify-vector-store', '--verify-token-secret SECRET/KEY', '--verify-timeout S']) expect(run.out).toContain(flag);
  });
});
