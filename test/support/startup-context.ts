import { JsonObject } from '../../src/core/json';
import { ServerTarget } from '../../src/releases/server-target';
import { ContainerFacts, EnabledProvider, StartupContext } from '../../src/releases/startup/context';
import { StartupFinding } from '../../src/releases/startup/findings';

export interface StartupContextOptions {
  readonly target?: ServerTarget;
  readonly facts?: ContainerFacts;
  readonly enabled?: { [api: string]: Partial<EnabledProvider>[] };
}

/**
 * One start-up stage's context on a config as it is after env substitution (nothing substituted),
 * for the release of `target` (OGX 1.3 unless given), with the pod's facts and, per API, the
 * providers the resolution stage would have enabled.
 */
export function startupContext(doc: object, options: StartupContextOptions = {}): StartupContext {
  const d = doc as JsonObject;
  const substituted = { document: d, findings: [], envAt: new Map(), origin: new WeakMap() };
  const c = new StartupContext((options.target ?? ServerTarget.OGX_1_3)._release, d, substituted, options.facts ?? {});
  for (const [api, providers] of Object.entries(options.enabled ?? {})) {
    c.enabled.set(api, providers.map((p, i) => ({ api, id: `p${i}`, type: 'inline::x', config: {}, path: `providers.${api}[${i}]`, ...p })));
  }
  return c;
}

/** A finding as `severity path: message — fix`. */
export function findingLine(f: StartupFinding): string {
  return `${f.severity} ${f.path}: ${f.message} — ${f.fix}`;
}
