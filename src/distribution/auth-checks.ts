/**
 * Internal (not exported from the package): where the constructs' `auth` prop cannot go — the
 * operator pipeline writes no `server.auth`, an override ConfigMap is not generated — and pod
 * names it would clash with.
 */
import { ServerAuth } from '../auth/server-auth';
import { ConfigProblem } from '../core/errors';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { AUTH_CA_VOLUME } from '../workload/plan';

export function authProblems(auth: unknown, target: ServerTarget, spec: LlamaStackDistributionSpec, caDir: string): ConfigProblem[] {
  if (auth === undefined || auth === null) return [];
  const problems: ConfigProblem[] = [];
  const path = 'props.auth';
  if (!ServerAuth.isServerAuth(auth)) {
    return [{ path, message: 'auth must be a ServerAuth', fix: 'build it with ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({...}), …' }];
  }
  if (target.isOperator) {
    problems.push({ path, message: 'the operator pipeline (ServerTarget.OPERATOR) has no server.auth to write', fix: 'use a server target (ServerTarget.OGX_1_3, the default, or another release), or remove auth' });
  }
  if (spec.overrideConfig) {
    problems.push({
      path,
      message: 'with an override ConfigMap no config.yaml is generated, so server.auth has nowhere to go',
      fix: 'remove auth and write server.auth in your config.yaml (mounting what it needs), or drop overrideConfigMapName',
    });
  }
  if (auth.caCertificate) {
    const o = spec.workload?.overrides;
    (Array.isArray(o?.volumes) ? o.volumes : []).forEach((v, i) => {
      if (v && v.name === AUTH_CA_VOLUME) {
        problems.push({ path: `spec.workload.overrides.volumes[${i}].name`, message: `the volume name "${AUTH_CA_VOLUME}" holds the CA of auth`, fix: 'rename the volume' });
      }
    });
    (Array.isArray(o?.volumeMounts) ? o.volumeMounts : []).forEach((m, i) => {
      if (m && typeof m.mountPath === 'string' && (m.mountPath === caDir || m.mountPath.startsWith(`${caDir}/`))) {
        problems.push({ path: `spec.workload.overrides.volumeMounts[${i}].mountPath`, message: `${caDir} is where the CA of auth is mounted`, fix: 'mount the volume elsewhere' });
      }
    });
  }
  return problems;
}
