/** checkJobRuntime: OGX 1.3's worker-mode file processors need a sql_* backend for the jobs table; docling's VLM cannot run in a worker. */
import { ServerTarget } from '../../../src/releases/server-target';
import { checkJobRuntime } from '../../../src/releases/startup/job-runtime';
import { findingLine, startupContext } from '../../support/startup-context';
import { cfg, messages, run } from '../../support/startup-run';

const SQL = { storage: { backends: { sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } } } };
const KV = { storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: '/data/kv.db' } } } };

function findings(doc: object, providers: object[], target?: ServerTarget): string[] {
  const c = startupContext(doc, { target, enabled: { file_processors: providers } });
  checkJobRuntime(c);
  return c.findings.list.map(findingLine);
}

describe('checkJobRuntime', () => {
  test('a worker-mode provider with a sql backend runs', () => {
    expect(findings(SQL, [{ id: 'pypdf', type: 'inline::pypdf' }])).toStrictEqual([]);
  });

  test('no sql backend: every worker-mode provider stops the server; others and module: providers do not', () => {
    expect(findings(KV, [{ id: 'pypdf', type: 'inline::pypdf' }, { id: 'remote', type: 'remote::x' }, { id: 'ext', type: 'inline::docling', module: 'my_pkg' }])).toStrictEqual([
      'fatal providers.file_processors[0]: inline::pypdf \'pypdf\': execution_mode \'worker\' requires the job runtime, which is not initialized (no sql_* backend for its jobs table) — add a sql_* backend to storage.backends (sql_default)',
    ]);
    expect(findings({ storage: { backends: {} } }, [{ id: 'auto', type: 'inline::auto' }])).toHaveLength(1);
    // No storage.backends at all: the release's defaults, sql_default among them.
    expect(findings({}, [{ id: 'auto', type: 'inline::auto' }])).toStrictEqual([]);
  });

  test('docling with a vlm_model cannot rebuild the inference router in a worker', () => {
    const vlm = 'fatal providers.file_processors[0].config.vlm_model: inline::docling \'docling\': required dependency \'inference\' cannot be reconstructed in a worker (configured VLM processing needs the inference router) — remove vlm_model (docling then runs without a VLM)';
    expect(findings(SQL, [{ id: 'docling', type: 'inline::docling', config: { vlm_model: 'granite-vision' } }])).toStrictEqual([vlm]);
    expect(findings(SQL, [{ id: 'docling', type: 'inline::docling', config: { vlm_model: '' } }])).toStrictEqual([]);
    expect(findings(SQL, [{ id: 'docling', type: 'inline::docling', config: { vlm_model: null } }])).toStrictEqual([]);
  });

  test('releases before 1.3 have no job runtime', () => {
    expect(findings(KV, [{ id: 'pypdf', type: 'inline::pypdf' }], ServerTarget.OGX_0_8)).toStrictEqual([]);
  });
});

// Through the start-up model of each release (../shared/reference/llama-stack/startup-checks-1x.md).
const OGX_1_2 = ServerTarget.OGX_1_2;
const OGX_1_3 = ServerTarget.OGX_1_3;

describe('§4.6 the 1.3 job runtime', () => {
  const noSql = { backends: { kv_default: { type: 'kv_sqlite', db_path: '/d/kv.db' } }, stores: { inference: null, conversations: { table_name: 'c', backend: 'kv_default' } } };
  const pypdf = {
    files: [{ provider_id: 'f', provider_type: 'inline::localfs', config: { storage_dir: '/d/f', metadata_store: { table_name: 'f', backend: 'sql_default' } } }],
    file_processors: [{ provider_id: 'pypdf', provider_type: 'inline::pypdf' }],
  };

  test('a worker-mode file processor needs a sql_* backend for the jobs table', () => {
    const fatal = messages(run(OGX_1_3, cfg({ apis: ['files', 'file_processors'], providers: pypdf, storage: noSql }))).fatal;
    expect(fatal).toContain("providers.file_processors[0]: inline::pypdf 'pypdf': execution_mode 'worker' requires the job runtime, which is not initialized (no sql_* backend for its jobs table)");
    const fatal12 = messages(run(OGX_1_2, cfg({ apis: ['files', 'file_processors'], providers: pypdf, storage: noSql }))).fatal;
    expect(fatal12.some((f) => f.includes('job runtime'))).toBe(false);
  });

  test('docling with vlm_model cannot run in a worker', () => {
    const providers = { ...pypdf, file_processors: [{ provider_id: 'docling', provider_type: 'inline::docling', config: { vlm_model: 'granite-vision' } }] };
    expect(messages(run(OGX_1_3, cfg({ providers }))).fatal)
      .toEqual(["providers.file_processors[0].config.vlm_model: inline::docling 'docling': required dependency 'inference' cannot be reconstructed in a worker (configured VLM processing needs the inference router)"]);
  });
});
