/**
 * A synth-time model of what a server release does with a config.yaml on its way to serving:
 * env substitution with the container's env, `StackConfig` validation, provider resolution,
 * resource registration and the post-start checks. Pure: no Kubernetes, no network.
 * What it cannot know (secret values, reachability, files in the image) is listed in
 * src/releases/startup/README.md.
 */
import { checkCliEnv } from './cli-env';
import { checkConnectors } from './connectors';
import { StartupContext, StartupOptions } from './context';
import { ContainerEnv, substituteEnv } from './env-substitution';
import { StartupFinding } from './findings';
import { checkPostStart } from './post-start';
import { resolveProviders } from './provider-resolution';
import { registerResources } from './registration';
import { Release } from './release';
import { checkStrictTls } from './server-tls';
import { checkStackConfig } from './stack-config';
import { checkTenancy } from './tenancy';
import { deepFreeze, JsonObject } from '../../core/json';

export { ContainerEnv, EnvValue } from './env-substitution';
export { ContainerFacts, StartupOptions } from './context';
export { StartupFinding } from './findings';
export { Release, StartupRules, allApiNames } from './release';

/** Everything the release would do: fatal findings stop it, warnings are logged. */
export interface StartupReport {
  readonly fatal: readonly StartupFinding[];
  readonly warnings: readonly StartupFinding[];
}

/**
 * Runs the start-up model on a parsed config.yaml (as PyYAML would read it), every stage. The
 * report and its findings are frozen.
 */
export function checkStartup(config: JsonObject, release: Release, env: ContainerEnv, options: StartupOptions = {}): StartupReport {
  const sub = substituteEnv(config, env, options.container?.home);
  const c = new StartupContext(release, sub.document, sub, options.container ?? {});
  c.findings.list.push(...sub.findings);
  checkStackConfig(c);
  checkConnectors(c);
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
