/** Findings: fatal findings carry env vars and an unwritable directory only when there are some; warnings never. */
import { Findings } from '../../../src/releases/startup/findings';

describe('Findings', () => {
  test('in the order found, each with its severity', () => {
    const f = new Findings();
    f.fatal('server.port', 'not a port', 'use 8321');
    f.warn('server.workers', 'ignored', 'remove it');
    f.fatal('providers.inference[0].config.url', 'not set', 'set VLLM_URL', ['VLLM_URL', 'OTHER']);
    f.fatal('storage.backends.kv_default.db_path', 'not writable', 'mount a volume', [], '/data');
    expect(f.list).toStrictEqual([
      { severity: 'fatal', path: 'server.port', message: 'not a port', fix: 'use 8321' },
      { severity: 'warning', path: 'server.workers', message: 'ignored', fix: 'remove it' },
      { severity: 'fatal', path: 'providers.inference[0].config.url', message: 'not set', fix: 'set VLLM_URL', env: ['VLLM_URL', 'OTHER'] },
      { severity: 'fatal', path: 'storage.backends.kv_default.db_path', message: 'not writable', fix: 'mount a volume', unwritableDir: '/data' },
    ]);
  });
});
