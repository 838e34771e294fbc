/** Which data directories the pod may give a volume of their own (`canMountDataDir`). */
import { canMountDataDir } from '../../src/releases/pod-paths';

describe('canMountDataDir', () => {
  test('a data directory under an image\'s home or elsewhere outside the image\'s trees: yes', () => {
    for (const d of ['/opt/app-root/src/.ogx/distributions/rh/files', '/opt/app-root/src/.llama/distributions/rh', '/var/lib/ogx', '/srv/ogx/files', '/models/cache']) {
      expect({ d, ok: canMountDataDir(d) }).toEqual({ d, ok: true });
    }
  });

  test('the image\'s own trees, system trees, the pod\'s own mounts and their parents, relative or unnormalised paths: no', () => {
    for (const d of ['/', '/opt', '/opt/app-root', '/opt/app-root/src', '/home', '/var', '/usr/share/ogx', '/etc/ogx', '/etc/llama-stack', '/etc/ssl/certs',
      '/tmp', '/.cache', 'data/files', '/opt/app-root/src/../x', '/opt//app-root/x', '/opt/app-root/src/./x']) {
      expect({ d, ok: canMountDataDir(d) }).toEqual({ d, ok: false });
    }
  });
});
