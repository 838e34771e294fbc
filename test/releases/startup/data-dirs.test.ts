/**
 * The server data directories a config writes under outside the pod's mounts: `db_path` and
 * `storage_dir` as the release reads them (env substituted, `~` expanded), cut at their `.ogx` or
 * `.llama` segment whatever the HOME; anything else is left to the start-up model to refuse.
 */
import { EnvValue } from '../../../src/releases/startup';
import { dataDirsOutside, serverDataDirOf } from '../../../src/releases/startup/data-dirs';

const env = (vars: Record<string, string> = {}) => new Map<string, EnvValue>(Object.entries(vars).map(([k, v]) => [k, { kind: 'value', value: v }]));

test.each([
  ['/opt/app-root/src/.ogx/distributions/rh/files', '/opt/app-root/src/.ogx'],
  ['/opt/app-root/src/.llama/distributions/rh/milvus.db', '/opt/app-root/src/.llama'],
  ['/.ogx/registry.db', '/.ogx'],
  ['/home/x/.ogx', '/home/x/.ogx'],
  ['/a/.ogx/b/.llama/c', '/a/.ogx'],
  ['/var/lib/ogx/registry.db', undefined],
  ['/a/.ogxtra/x', undefined],
  ['/a/ogx/x', undefined],
])('%s: %s', (path, dir) => {
  expect(serverDataDirOf(path)).toBe(dir);
});

test('the paths outside the writable mounts, by their data directory, once each and sorted', () => {
  const config = {
    providers: {
      files: [{ provider_id: 'f', provider_type: 'inline::localfs', config: { storage_dir: '/opt/app-root/src/.ogx/distributions/rh/files' } }],
      vector_io: [{ provider_id: 'm', provider_type: 'inline::milvus', config: { db_path: '${env.MILVUS_DB:=~/.llama/milvus.db}' } }],
    },
    storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: '${env.SQLITE_STORE_DIR:=~/.ogx/distributions/rh}/kv.db' } } },
    other: { storage_dir: '/opt/app-root/src/.ogx/other' },
  };
  // HOME is the data volume's parent: ~/.ogx is mounted; ~/.llama is the image's own HOME's.
  expect(dataDirsOutside(config, env(), '/home/app', ['/home/app/.ogx', '/tmp'])).toEqual(['/home/app/.llama', '/opt/app-root/src/.ogx']);
  // The env the pod sets moves a path onto a mount.
  expect(dataDirsOutside(config, env({ MILVUS_DB: '/tmp/m.db' }), '/home/app', ['/home/app/.ogx', '/tmp'])).toEqual(['/opt/app-root/src/.ogx']);
});

test('relative paths, `..` segments, unset bare references and non-strings are left to the model', () => {
  const config = { a: { db_path: 'x/.ogx/a.db' }, b: { storage_dir: '/x/../.ogx/f' }, c: { db_path: '${env.UNSET}/.ogx/a.db' }, d: { db_path: 3 }, e: { storage_dir: '/x/./.ogx' } };
  expect(dataDirsOutside(config as any, env(), '/', ['/tmp'])).toEqual([]);
});
