/**
 * `server.auth`: the constructs' typed `ServerAuth` (not part of the v1alpha2 spec, which has no
 * authentication), written over whatever the base config had (ci-tests switches oauth2 on with
 * `AUTH_PROVIDER`). The provider type must exist in the release (`upstream_header` is new in
 * OGX 0.8); its secrets are `${env.LLSD_AUTH_<FIELD>}` references backed by `secretKeyRef` env
 * vars, and a provider's CA is read from `caFile`, where the Deployment mounts it.
 */
import { TargetGeneration } from './generation';
import { mapOf } from './providers';
import { AUTH_CA_FILE, ServerAuth } from '../auth/server-auth';
import { SecretEnvVar } from '../config/secrets';
import { LlamaStackDistributionSpec } from '../config/spec';
import { JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';

export const AUTH_PATH = 'props.auth';

/** The secret env vars of `auth`, with the option each comes from (for name collisions). */
export function authSecretEnvVars(auth: unknown): { envVars: SecretEnvVar[]; paths: string[] } {
  if (!ServerAuth.isServerAuth(auth)) return { envVars: [], paths: [] };
  const envVars = auth.secretEnvVars.map((e) => ({ name: e.name, valueFrom: { secretKeyRef: { ...e.valueFrom.secretKeyRef } } }));
  return { envVars, paths: auth._secretPaths };
}

/** Writes `server.auth` for the target, or records why it cannot. */
export function applyAuth(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, auth: unknown,
  caFile: string | undefined): void {
  if (auth === undefined || auth === null) return;
  if (!ServerAuth.isServerAuth(auth)) {
    g.problem(AUTH_PATH, 'auth must be a ServerAuth', 'build it with ServerAuth.kubernetes(), ServerAuth.oauth2Jwks({...}), …');
    return;
  }
  const type = auth.providerType;
  const types = g.rules.authTypes;
  if (!types.includes(type)) {
    g.problem(AUTH_PATH, `${g.target.description} has no ${type} auth provider (it refuses to start: "Input tag '${type}' found using 'type' does not match any of the expected tags")`,
      type === 'upstream_header'
        ? 'use ServerTarget.OGX_0_8 (upstream_header is new in OGX 0.8), or let the server check the tokens itself (ServerAuth.oauth2Jwks, ServerAuth.kubernetes)'
        : `use one of: ${types.join(', ')}`);
    return;
  }
  const file = caFile ?? AUTH_CA_FILE;
  if (auth.caCertificate && !file.startsWith('/')) {
    g.problem('options.authCaFile', `${quoteValue(file)} is not an absolute path`, `write where the pod mounts the CA, e.g. ${AUTH_CA_FILE}`);
    return;
  }
  mapOf(config, 'server').auth = auth._section(file);
  g.wrote('server.auth', AUTH_PATH);
  if (type === 'upstream_header' && !spec.networking?.allowedFrom) {
    const header = (auth._section(file).provider_config as JsonObject).principal_header;
    g.warn(AUTH_PATH, `the server takes the caller's identity from ${header} without checking it: without allowedFrom, any pod that reaches the server can set it and act as anyone`,
      "set allowedFrom to the gateway's namespace, so only the gateway reaches the server");
  }
}
