import { JsonObject } from '../../src/core/json';
import { ServerTarget } from '../../src/releases/server-target';
import { checkStartup, ContainerFacts, EnvValue, StartupReport } from '../../src/releases/startup';

/** The releases with strict TLS, tenancy and the env overrides (1.2+). */
export const STRICT: [string, ServerTarget][] = [['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3]];

export function envMap(values: { [name: string]: string } = {}): Map<string, EnvValue> {
  return new Map(Object.entries(values).map(([name, value]) => [name, { kind: 'value', value } as EnvValue]));
}

/** The start-up model of `target` on a config; the image's `--insecure` as the target says unless given. */
export function run(target: ServerTarget, config: JsonObject, env: { [name: string]: string } = {}, container: ContainerFacts = {}): StartupReport {
  return checkStartup(config, target._release, envMap(env), {
    requiredWhenEnabled: target._data.requiredExtras,
    container: { insecureFlag: target.entrypointPassesInsecure, ...container },
  });
}

/** A config that starts cleanly on every 1.x release, with `extra` merged over it. */
export function cfg(extra: JsonObject = {}): JsonObject {
  return { distro_name: 'test', providers: {}, ...extra };
}

export function messages(r: StartupReport): { fatal: string[]; warnings: string[] } {
  return { fatal: r.fatal.map((f) => `${f.path}: ${f.message}`), warnings: r.warnings.map((f) => `${f.path}: ${f.message}`) };
}
