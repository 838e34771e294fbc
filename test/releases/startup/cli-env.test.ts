/** checkCliEnv: OGX_WORKERS and OGX_METRICS_PORT as the 1.2+ CLI reads them, metrics with several workers, a writable temp directory. */
import { ServerTarget } from '../../../src/releases/server-target';
import { checkCliEnv } from '../../../src/releases/startup/cli-env';
import { ContainerFacts } from '../../../src/releases/startup/context';
import { EnvValue } from '../../../src/releases/startup/env-substitution';
import { findingLine, startupContext } from '../../support/startup-context';
import { cfg, messages, run, STRICT } from '../../support/startup-run';

function findings(env: { [name: string]: string | 'secret' }, server: object = {}, facts: ContainerFacts = {}, target?: ServerTarget): string[] {
  const c = startupContext({ server }, { facts, target });
  const e = new Map<string, EnvValue>(Object.entries(env).map(([k, v]) => [k, v === 'secret' ? { kind: 'secret' } as EnvValue : { kind: 'value', value: v }]));
  checkCliEnv(c, e);
  return c.findings.list.map(findingLine);
}

describe('checkCliEnv', () => {
  test('integers, or nothing set: no finding', () => {
    expect(findings({})).toStrictEqual([]);
    expect(findings({ OGX_WORKERS: ' 2 ', OGX_METRICS_PORT: '9464' }, { workers: 2 })).toStrictEqual([]);
    expect(findings({ OGX_WORKERS: '', OGX_METRICS_PORT: 'secret' })).toStrictEqual([]);
  });

  test('a value that is not an integer stops the server', () => {
    expect(findings({ OGX_WORKERS: 'two', OGX_METRICS_PORT: '94.64' })).toStrictEqual([
      'fatal server: OGX_WORKERS="two" is not an integer: the server stops reading it (workers) — set OGX_WORKERS to a number, or remove it',
      'fatal server: OGX_METRICS_PORT="94.64" is not an integer: the server stops reading it (metrics port) — set OGX_METRICS_PORT to a number, or remove it',
    ]);
  });

  test('OGX_WORKERS overrides a different server.workers', () => {
    expect(findings({ OGX_WORKERS: '4' }, { workers: 2 })).toStrictEqual([
      'warning server.workers: OGX_WORKERS=4 overrides server.workers (2) — set the worker count in one place (remove OGX_WORKERS, or make them equal)',
    ]);
  });

  test('metrics with several workers bind one port in each', () => {
    const line = (n: number) => `warning server.workers: OGX_METRICS_ENDPOINT_ENABLED starts a metrics server in each of the ${n} worker processes, on one port: every worker after the first fails to bind it — run one worker per pod (scale with replicas), or turn OGX_METRICS_ENDPOINT_ENABLED off`;
    expect(findings({ OGX_METRICS_ENDPOINT_ENABLED: ' True ' }, { workers: 3 })).toStrictEqual([line(3)]);
    expect(findings({ OGX_METRICS_ENDPOINT_ENABLED: 'on', OGX_WORKERS: '2' })).toStrictEqual([line(2)]);
    expect(findings({ OGX_METRICS_ENDPOINT_ENABLED: 'true' }, { workers: 1 })).toStrictEqual([]);
    expect(findings({ OGX_METRICS_ENDPOINT_ENABLED: 'false' }, { workers: 3 })).toStrictEqual([]);
  });

  test('the temp directory: TMPDIR, TEMP, TMP or /tmp, /var/tmp, /usr/tmp must be writable, when the writable directories are known', () => {
    const none = 'fatal server: the CLI writes the resolved config to a temporary file (tempfile.mkstemp) and no temp directory is writable — mount a writable volume (an emptyDir) at /tmp';
    expect(findings({}, {}, { writableDirs: ['/data'] })).toStrictEqual([none]);
    expect(findings({}, {}, { writableDirs: ['/tmp'] })).toStrictEqual([]);
    expect(findings({}, {}, { writableDirs: ['/var/'] })).toStrictEqual([]);
    expect(findings({ TMPDIR: '/scratch/t' }, {}, { writableDirs: ['/scratch'] })).toStrictEqual([]);
    expect(findings({ TMPDIR: '/scratchy' }, {}, { writableDirs: ['/scratch'] })).toStrictEqual([none]);
    expect(findings({}, {}, {})).toStrictEqual([]);
  });

  test('before 1.2 neither the env nor the temp file is read', () => {
    expect(findings({ OGX_WORKERS: 'two' }, {}, { writableDirs: [] }, ServerTarget.OGX_0_8)).toStrictEqual([]);
  });
});

// Through the start-up model of each release (../shared/reference/llama-stack/startup-checks-1x.md).
const OGX_1_1 = ServerTarget.OGX_1_1;

describe('§0 CLI env (1.2+)', () => {
  test.each(STRICT)('%s: OGX_WORKERS and the metrics port must be integers; OGX_WORKERS wins over server.workers', (_id, target) => {
    expect(messages(run(target, cfg(), { OGX_WORKERS: 'two' })).fatal).toEqual(['server: OGX_WORKERS="two" is not an integer: the server stops reading it (workers)']);
    expect(messages(run(target, cfg(), { OGX_METRICS_PORT: 'x' })).fatal).toEqual(['server: OGX_METRICS_PORT="x" is not an integer: the server stops reading it (metrics port)']);
    expect(messages(run(target, cfg({ server: { workers: 2 } }), { OGX_WORKERS: '4' })).warnings).toEqual(['server.workers: OGX_WORKERS=4 overrides server.workers (2)']);
    expect(messages(run(target, cfg({ server: { workers: 2 } }), { OGX_METRICS_ENDPOINT_ENABLED: 'true' })).warnings[0])
      .toMatch(/^server\.workers: OGX_METRICS_ENDPOINT_ENABLED starts a metrics server in each of the 2 worker processes/);
    expect(messages(run(target, cfg({ server: { workers: 1 } }), { OGX_METRICS_ENDPOINT_ENABLED: 'true', OGX_WORKERS: '1' }))).toEqual({ fatal: [], warnings: [] });
  });

  test.each(STRICT)('%s: the CLI needs a writable temp directory for the resolved config', (_id, target) => {
    const fatal = 'server: the CLI writes the resolved config to a temporary file (tempfile.mkstemp) and no temp directory is writable';
    expect(messages(run(target, cfg(), {}, { writableDirs: ['/.ogx'] })).fatal).toEqual([fatal]);
    expect(messages(run(target, cfg(), { TMPDIR: '/.ogx/tmp' }, { writableDirs: ['/.ogx'] })).fatal).toEqual([]);
    expect(messages(run(target, cfg(), {}, { writableDirs: ['/.ogx', '/tmp'] })).fatal).toEqual([]);
    expect(messages(run(OGX_1_1, cfg(), {}, { writableDirs: ['/.ogx'] })).fatal).toEqual([]);
  });

  test('1.1 reads neither', () => {
    expect(messages(run(OGX_1_1, cfg(), { OGX_WORKERS: 'two', OGX_METRICS_PORT: 'x' }))).toEqual({ fatal: [], warnings: [] });
  });
});
