/**
 * OGX 1.3's job runtime (#6160; `core/jobs/bootstrap.py`, `core/resolver.py` at v1.3.0): the
 * inline file processors run in worker processes fed by a `jobs` table on `sql_default` (or the
 * first `sql_*` backend). Without any SQL backend a worker-mode provider stops the server; a
 * docling with `vlm_model` needs the inference router in the worker, which cannot be rebuilt there.
 */
import { StartupContext } from './context';
import { runBackendTypes } from './stack-config';
import { getOwn } from '../../core/json';

export function checkJobRuntime(c: StartupContext): void {
  const workerMode = c.rules.workerModeProviders;
  if (!workerMode) return;
  const sql = [...runBackendTypes(c).values()].some((t) => t.startsWith('sql_'));
  for (const api of Object.keys(workerMode).sort()) {
    for (const p of c.enabledIn(api)) {
      if (p.module !== undefined || !workerMode[api].includes(p.type)) continue;
      if (!sql) {
        c.findings.fatal(p.path, `${p.type} '${p.id}': execution_mode 'worker' requires the job runtime, which is not initialized (no sql_* backend for its jobs table)`,
          'add a sql_* backend to storage.backends (sql_default)');
      }
      const vlm = getOwn(p.config, 'vlm_model');
      if (p.type === 'inline::docling' && vlm !== undefined && vlm !== null && vlm !== '') {
        c.findings.fatal(`${p.path}.config.vlm_model`, `${p.type} '${p.id}': required dependency 'inference' cannot be reconstructed in a worker (configured VLM processing needs the inference router)`,
          'remove vlm_model (docling then runs without a VLM)');
      }
    }
  }
}
