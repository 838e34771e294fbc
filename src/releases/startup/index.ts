/**
 * A synth-time model of what a server release does with a config.yaml on its way to serving:
 * env substitution with the container's env, `StackConfig` validation, provider resolution,
 * resource registration and the post-start checks. Pure: no Kubernetes, no network.
 * What it cannot know (secret values, reachability, files in the image) is listed in
 * src/releases/startup/README.md.
 */
import { checkCliEnv } from './cli-env';
import { StartupContext, StartupOptions } from './context';
import { ContainerEnv, envIdOf, substituteEnv } from './env-substitution';
import { StartupFinding } from './findings';
import { checkPostStart } from './post-start';
import { resolveProviders } from './provider-resolution';
import { registerResources } from './registration';
import { Release } from './release';
import { checkStrictTls } from './server-tls';
import { KeptShape, RunText, runKey, sharable, textOf } from './shape';
import { checkStackConfig } from './stack-config';
import { checkTenancy } from './tenancy';
import { pushBounded } from '../../core/bounded-map';
import { deepFreeze, JsonObject } from '../../core/json';

export { ContainerEnv, EnvValue } from './env-substitution';
export { ContainerFacts, StartupOptions } from './context';
export { StartupFinding } from './findings';
export { Release, StartupRules, allApiNames, providableApis } from './release';

/** Everything the release would do: fatal findings stop it, warnings are logged. */
export interface StartupReport {
  readonly fatal: readonly StartupFinding[];
  readonly warnings: readonly StartupFinding[];
}

/** A run kept for its shape: its config's steps (`KeptShape`), its report, and what it read besides its opaque values. */
interface KeptRun {
  readonly shape: KeptShape;
  readonly report: StartupReport;
  /** What it read besides its opaque values (none for a shape without them). */
  readonly text?: RunText;
}

/** Kept runs by what a run has besides its config (`runKey`); at most this many keys, and runs per key. */
const KEPT_RUNS = new Map<string, KeptRun[]>();
const KEPT_KEYS_MAX = 64;
const KEPT_RUNS_PER_KEY = 32;

/**
 * Runs the start-up model on a parsed config.yaml (as PyYAML would read it). A run of a shape
 * seen before (`shape.ts`) gives the report of that run: any report when the shape has no opaque
 * values (the same inputs), a report without findings when it has and both runs' opaque values
 * are sharable. The report and its findings are frozen: they may be shared.
 */
export function checkStartup(config: JsonObject, release: Release, env: ContainerEnv, options: StartupOptions = {}): StartupReport {
  const key = runKey(release, envIdOf(env, options.container?.home ?? '/'), options);
  const kept = KEPT_RUNS.get(key);
  for (const k of kept ?? []) {
    const values = k.shape.match(config);
    if (values === undefined) continue;
    if (values.length === 0 || (k.text !== undefined && sharable(values, k.text))) return k.report;
  }
  const report = runStartup(config, release, env, options);
  // Kept as steps (scalars, frozen parts, keys): nothing of the config that could change later.
  const shape = new KeptShape(release, config);
  let text: RunText | undefined;
  if (shape.opaque.length > 0) {
    if (report.fatal.length > 0 || report.warnings.length > 0) return report;
    text = textOf(config, shape.places, key, release, env);
    if (!sharable(shape.opaque, text)) return report;
  }
  pushBounded(KEPT_RUNS, key, { shape, report, text }, KEPT_KEYS_MAX, KEPT_RUNS_PER_KEY);
  return report;
}

/** The start-up model itself, every stage (what `checkStartup` runs for a shape not seen before). */
export function runStartup(config: JsonObject, release: Release, env: ContainerEnv, options: StartupOptions = {}): StartupReport {
  const sub = substituteEnv(config, env, options.container?.home);
  const c = new StartupContext(release, sub.document, sub, options.container ?? {});
  c.findings.list.push(...sub.findings);
  checkStackConfig(c);
  checkTenancy(c);
  // The CLI launch (OGX 1.2+): env numbers and the TLS gate, before any provider is built.
  checkCliEnv(c, env);
  checkStrictTls(c);
  resolveProviders(c, options.requiredWhenEnabled ?? {});
  const registered = registerResources(c, config);
  checkPostStart(c, registered);
  const findings = c.findings.list;
  return deepFreeze({ fatal: findings.filter((f) => f.severity === 'fatal'), warnings: findings.filter((f) => f.severity === 'warning') });
}
