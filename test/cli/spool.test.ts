/** The spool `render` writes its output to until every document is checked: in memory, then in a temporary file. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Spool } from '../../src/cli/spool';

function tmpdir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

describe('Spool', () => {
  test('reads back any range, in memory or in a file, characters never cut', () => {
    const texts = Array.from({ length: 400 }, (_, i) => `${i}:${'😀é€a'.repeat((i * 131) % 5000)}\n`);
    for (const memoryBytes of [undefined, 0, 100_000]) {
      const dir = tmpdir('llsd-spool-');
      const spool = new Spool({ memoryBytes, dir });
      try {
        const ranges = texts.map((t) => spool.append(t));
        const whole = spool.append('');
        expect(whole).toEqual({ start: spool.size, end: spool.size });
        for (const i of [399, 0, 200, 17, 398]) expect([...spool.read(ranges[i])].join('')).toBe(texts[i]);
        expect([...spool.read({ start: 0, end: spool.size })].join('')).toBe(texts.join(''));
        expect(Math.max(...[...spool.read({ start: 0, end: spool.size })].map((t) => t.length))).toBeLessThanOrEqual(65_536);
        // POSIX: the file is removed as soon as it is open.
        if (process.platform !== 'win32') expect(fs.readdirSync(dir)).toEqual([]);
      } finally {
        spool.close();
      }
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });
});
