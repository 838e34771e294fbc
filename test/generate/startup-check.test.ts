/**
 * startup-check.ts: the release's start-up model run on the generated config with the pod's facts
 * (its files, writable dirs, --insecure), findings mapped to the spec path that wrote them, a
 * directory the config writes to but no volume holds turned into a data dir, and no credential in a
 * message.
 */
import { JsonObject } from '../../src/core/json';
import { TargetGeneration } from '../../src/generate/generation';
import { checkGeneratedConfig, PodFacts } from '../../src/generate/startup-check';
import { generateTargetConfig } from '../../src/generate/target-config';
import { containerEnv } from '../../src/releases/pod-env';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';
import { readBaseConfig } from '../../src/yaml/parse';

const T = ServerTarget.OGX_1_3;
const SPEC: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const BASE = readBaseConfig(generateTargetConfig(SPEC, T).configYaml)! as any;
const POD: PodFacts = { scratchDirs: ['/tmp'] };

function check(config: JsonObject, pod: PodFacts = POD, wrote?: [string, string]) {
  const g = new TargetGeneration(T);
  if (wrote) g.wrote(wrote[0], wrote[1]);
  return checkGeneratedConfig(g, config, SPEC, containerEnv(T, SPEC, []), pod);
}

function withKv(dbPath: string): JsonObject {
  return { ...BASE, storage: { ...BASE.storage, backends: { ...BASE.storage.backends, kv_default: { type: 'kv_sqlite', db_path: dbPath } } } };
}

describe('checkGeneratedConfig', () => {
  test('the generated starter config starts with nothing to report', () => {
    expect(check(BASE)).toEqual({ problems: [], warnings: [], dataDirs: [] });
  });

  test('a fatal finding: at config.<path> when no spec path wrote it; at configProp, with the config path, when given', () => {
    const bad = { ...BASE, server: { port: 'eighty' } };
    const message = 'OGX 1.3.0 would not start: server.port must be an integer from 1024 to 65535, not "eighty"';
    const fix = 'use a container port from 1024 (the Service can still expose 80 or 443)';
    expect(check(bad).problems).toEqual([{ path: 'config.server.port', message, fix }]);
    expect(check(bad, { ...POD, configProp: 'props.baseConfig' }).problems).toEqual([{ path: 'props.baseConfig', message: `${message} [config.yaml server.port]`, fix }]);
  });

  test('a port below 1024 is fatal (a non-root container cannot bind it)', () => {
    expect(check({ ...BASE, server: { port: 80 } }).problems.map((p) => p.path)).toEqual(['config.server.port']);
  });

  test('a warning the server would log is a warning, at the spec path that wrote the key', () => {
    expect(check({ ...BASE, server: { port: 8321, bogus_key: 1 } }, POD, ['server', 'props.x'])).toEqual({
      problems: [],
      warnings: [{
        path: 'props.x',
        message: 'OGX 1.3.0 would warn at start-up: OGX 1.3.0 does not read server.bogus_key (it is dropped) [config.yaml server.bogus_key]',
        fix: 'remove bogus_key',
      }],
      dataDirs: [],
    });
  });

  test('the serving certificate must be a file the pod has: serverTlsDir mounts tls.crt and tls.key', () => {
    const tls = { ...BASE, server: { port: 8321, tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key' } };
    expect(check(tls).problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'config.server.tls_certfile: OGX 1.3.0 would not start: /tls/tls.crt is not a file the pod has',
      'config.server.tls_keyfile: OGX 1.3.0 would not start: /tls/tls.key is not a file the pod has',
    ]);
    expect(check(tls, { ...POD, serverTlsDir: '/tls' }).problems).toEqual([]);
  });

  test('a store in a directory no volume holds becomes a data dir (one for a directory and those below it)', () => {
    expect(check(withKv('/srv/app/data/kv.db'))).toEqual({ problems: [], warnings: [], dataDirs: ['/srv/app/data'] });
    const both = withKv('/srv/app/data/sub/kv.db') as any;
    both.storage.backends.sql_default = { type: 'sql_sqlite', db_path: '/srv/app/data/sql.db' };
    expect(check(both).dataDirs).toEqual(['/srv/app/data']);
  });

  test('a scratch dir given by the pod is writable: no data dir', () => {
    expect(check(withKv('/scratch/kv.db'), { scratchDirs: ['/tmp', '/scratch'] }).dataDirs).toEqual([]);
  });

  test('a system tree is no data dir: the finding stays fatal', () => {
    const r = check(withKv('/etc/ogx/kv.db'));
    expect(r.dataDirs).toEqual([]);
    expect(r.problems.map((p) => p.path)).toEqual(['config.storage.backends.kv_default.db_path']);
  });
});

describe('no credential in a finding', () => {
  test('a token pasted as a config key is masked in the warning\'s path, message and fix', () => {
    const token = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
    const r = check({ ...BASE, server: { port: 8321, [token]: 1 } });
    expect(r.warnings).toHaveLength(1);
    expect(JSON.stringify(r.warnings)).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
    expect(r.warnings[0].message).toContain('<credential, not shown>');
  });
});
