/**
 * The numbers OGX 1.2+ reads from the container env outside config.yaml (`cli/stack/run.py`
 * `_uvicorn_run`, v1.3.0:177-180; `core/telemetry/__init__.py`, #6034): `OGX_WORKERS` replaces
 * `server.workers`, and `OGX_METRICS_PORT` is the Prometheus port. A value that is not an
 * integer stops the server. Each worker process starts the metrics server, so metrics with
 * several workers bind one port twice (code reading: a warning). The CLI also writes the resolved
 * config to a temporary file (`tempfile.mkstemp`, v1.3.0:170-175), so a temp directory must be
 * writable.
 */
import { mapping, StartupContext } from './context';
import { ContainerEnv } from './env-substitution';
import { getOwn } from '../../core/json';

const TRUE = ['1', 'true', 'yes', 'on'];

/** The plain value of a variable (a Secret's is unknown at synth time). */
function plain(env: ContainerEnv, name: string | undefined): string | undefined {
  const v = name ? env.get(name) : undefined;
  return v?.kind === 'value' ? v.value : undefined;
}

function integer(c: StartupContext, env: ContainerEnv, name: string | undefined, what: string): number | undefined {
  const v = plain(env, name);
  if (v === undefined || v === '') return undefined;
  if (!/^\s*[+-]?\d+\s*$/.test(v)) {
    c.findings.fatal('server', `${name}=${JSON.stringify(v)} is not an integer: the server stops reading it (${what})`, `set ${name} to a number, or remove it`, [name!]);
    return undefined;
  }
  return Number(v);
}

/** Python's `tempfile.gettempdir()` candidates: TMPDIR, TEMP, TMP, then the usual dirs. */
function tempDirWritable(c: StartupContext, env: ContainerEnv): void {
  const dirs = c.facts.writableDirs;
  if (!c.rules.cliTempConfig || !dirs) return;
  const candidates = [...['TMPDIR', 'TEMP', 'TMP'].map((n) => plain(env, n)).filter((v): v is string => v !== undefined && v !== ''), '/tmp', '/var/tmp', '/usr/tmp'];
  const writable = (d: string) => dirs.some((w) => d === w || d.startsWith(w.endsWith('/') ? w : `${w}/`));
  if (candidates.some(writable)) return;
  c.findings.fatal('server', 'the CLI writes the resolved config to a temporary file (tempfile.mkstemp) and no temp directory is writable', 'mount a writable volume (an emptyDir) at /tmp');
}

export function checkCliEnv(c: StartupContext, env: ContainerEnv): void {
  tempDirWritable(c, env);
  const names = c.rules.envOverrides;
  if (!names) return;
  const server = mapping(getOwn(c.doc, 'server'));
  const configured = server ? getOwn(server, 'workers') : undefined;
  const fromEnv = integer(c, env, names.workers, 'workers');
  const workers = fromEnv || (typeof configured === 'number' ? configured : 1);
  if (fromEnv && typeof configured === 'number' && fromEnv !== configured) {
    c.findings.warn('server.workers', `${names.workers}=${fromEnv} overrides server.workers (${configured})`, `set the worker count in one place (remove ${names.workers}, or make them equal)`);
  }
  integer(c, env, names.metricsPort, 'metrics port');
  const enabled = (plain(env, names.metricsEnabled) ?? '').trim().toLowerCase();
  if (TRUE.includes(enabled) && workers > 1) {
    c.findings.warn('server.workers', `${names.metricsEnabled} starts a metrics server in each of the ${workers} worker processes, on one port: every worker after the first fails to bind it`,
      `run one worker per pod (scale with replicas), or turn ${names.metricsEnabled} off`);
  }
}
