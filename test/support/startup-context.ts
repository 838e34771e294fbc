import { JsonObject } from '../../src/core/json';
import { ServerTarget } from '../../src/releases/server-target';
import { ContainerFacts, EnabledProvider, StartupContext } from '../../src/releases/startup/context';
import { StartupFinding } from '../../src/releases/startup/findings';

/**
 * One start-up stage's context on a config as it is after env substitution (nothing substituted),
 * for the release of `target` (OGX 1.3 unless given), with the pod's facts and, per API, the
 * providers the resolution stage would have enabled.
 */
export function startupContext(doc: object, options: { target?: ServerTarget; facts?: ContainerFacts; enabled?: { [api: string]: Partial<EnabledProvider>[] } } = {}): StartupContext {
  const d = doc as JsonObject;
  const c = new StartupContext((options.target ?? ServerTarget.OGX_1_3)._release, d, { document: d, findings: [], envAt: new Map(), origin: new WeakMap() }, options.facts ?? {});
  for (const [api, providers] of Object.entries(options.enabled ?? {})) {
    c.enabled.set(api, providers.map((p, i) => ({ api, id: `p${i}`, type: 'inline::x', config: {}, path: `providers.${api}[${i}]`, ...p })));
  }
  return c;
}

/** A finding as `severity path: message — fix`. */
export function findingLine(f: StartupFinding): string {
  return `${f.severity} ${f.path}: ${f.message} — ${f.fix}`;
}
