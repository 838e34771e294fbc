/**
 * `server.auth`: the constructs' typed `ServerAuth` (not part of the v1alpha2 spec, which has no
 * authentication), written over whatever the base config had (ci-tests switches oauth2 on with
 * `AUTH_PROVIDER`). The provider type must exist in the release (`upstream_header` is new in
 * OGX 0.8), and so must what the provider does per request that the options rely on (the
 * release data's `introspectionVerifyTls`, `githubOrganizations`: OGX 1.0+); its secrets are
 * `${env.LLSD_AUTH_<FIELD>}` references backed by `secretKeyRef` env vars, and a provider's CA is
 * read from `caFile`, where the Deployment mounts it.
 */
import { TargetGeneration } from './generation';
import { AUTH_CA_FILE, ServerAuth } from '../auth/server-auth';
import { getOwn, isJsonObject, JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { parseHttpUrl } from '../core/url';
import { mapOf } from '../core/writable-json';
import type { ServerTarget } from '../releases/server-target';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** Where problems of the generation's `auth` option are found (the constructs say them at `props.auth`). */
export const AUTH_PATH = 'options.auth';

/** Fields of the auth providers that later releases added, with the option that writes each. */
const ADDED_FIELDS: { [key: string]: string } = {
  tenant_claim: 'tenantClaim', tenant_field: 'tenantField', tenant_header: 'tenantHeader', attribute_headers: 'attributeHeaders',
};

function hasField(t: ServerTarget, type: string, key: string): boolean {
  const added = t._release.rules.authFieldsAdded?.[type];
  return typeof added === 'object' && Object.prototype.hasOwnProperty.call(added, key);
}

/** The tenant fields (1.2+) and `attribute_headers` (1.1+) on a release without them: errors naming the targets that have them. */
function fieldsOfRelease(g: TargetGeneration, auth: ServerAuth, type: string, caFile: string | undefined): boolean {
  const pc = auth._section(caFile ?? AUTH_CA_FILE).provider_config as JsonObject;
  let ok = true;
  for (const key of Object.keys(pc)) {
    const option = ADDED_FIELDS[key];
    if (option === undefined || hasField(g.target, type, key)) continue;
    ok = false;
    g.problem(`${AUTH_PATH}.${option}`, `${g.target.description}'s ${type} auth provider has no ${key} (the server would ignore it)`,
      g.targetsFix((t) => hasField(t, type, key), `${type} ${key}`, `remove ${option}`));
  }
  return ok;
}

/** An https introspection endpoint, no CA and `verify_tls` not turned off: verified on 1.0+ only. */
function introspectionWithoutCa(pc: JsonObject): boolean {
  const intro = getOwn(pc, 'introspection');
  const url = isJsonObject(intro) ? getOwn(intro, 'url') : undefined;
  return typeof url === 'string' && parseHttpUrl(url)?.protocol === 'https:'
    && getOwn(pc, 'tls_cafile') === undefined && getOwn(pc, 'verify_tls') !== false;
}

/**
 * What the provider does per request, where the options rely on it: introspection of an https
 * URL without a CA (0.7, 0.8: never verified), and the github `organizations` claim (0.7, 0.8:
 * never filled). Errors naming the targets whose release does it.
 */
function requestsOfRelease(g: TargetGeneration, pc: JsonObject, type: string): boolean {
  let ok = true;
  if (type === 'oauth2_token' && g.rules.introspectionVerifyTls !== true && introspectionWithoutCa(pc)) {
    ok = false;
    g.problem(`${AUTH_PATH}.caCertificate`, 'the release verifies the introspection endpoint only against tls_cafile: without a CA it sends the client secret and every token to whichever server answers',
      g.targetsFix((t) => t._release.rules.introspectionVerifyTls === true, "introspection verified against the image's trust store",
        "pass caCertificate: { configMapName: '<configmap with the CA>', key: 'ca.crt' } (the CA that signed the identity provider's certificate), or verifyTls: false to accept that"));
  }
  const claims = getOwn(pc, 'claims_mapping');
  if (type === 'github_token' && g.rules.githubOrganizations !== true && isJsonObject(claims) && getOwn(claims, 'organizations') !== undefined) {
    ok = false;
    g.problem(`${AUTH_PATH}.claimsMapping.organizations`, 'the releases never fill organizations (they fetch /user only), so this maps nothing',
      g.targetsFix((t) => t._release.rules.githubOrganizations === true, 'organizations from /user/orgs', 'map login or id instead'));
  }
  return ok;
}

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
      g.targetsFix((t) => t._release.rules.authTypes.includes(type), `the ${type} auth provider`,
        type === 'upstream_header' ? 'let the server check the tokens itself (ServerAuth.oauth2Jwks, ServerAuth.kubernetes)' : `use one of: ${types.join(', ')}`));
    return;
  }
  const file = caFile ?? AUTH_CA_FILE;
  const fieldsOk = fieldsOfRelease(g, auth, type, caFile);
  if (!requestsOfRelease(g, auth._section(file).provider_config as JsonObject, type) || !fieldsOk) return;
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
