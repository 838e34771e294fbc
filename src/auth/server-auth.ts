import { AuthCheck, DEFAULT_CA_KEY, policies } from './auth-check';
import { AccessRule, RouteRule } from './rules';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { isObject, JsonObject } from '../core/json';
import { deepCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';
import { SecretEnvVar } from '../spec/secret-env';
import { HEADER_NAME } from '../spec/validate-network';
import { SecretRef } from '../values/secret-ref';

/** A CA certificate (PEM) in a ConfigMap of the server's namespace, mounted read-only into the pod. */
export interface AuthCaCertificate {
  /** Name of the ConfigMap. */
  readonly configMapName: string;
  /**
   * Key of the ConfigMap that holds the certificate(s).
   * @default "ca.crt"
   */
  readonly key?: string;
}

/** What every `ServerAuth` factory takes: the access rules. */
export interface ServerAuthOptions {
  /**
   * Resource-level rules (`access_policy`), tested in order; the first that matches decides and
   * no match denies.
   * @default - the release's default policy: a user may do anything to resources they own, that
   * are unowned (registered from config.yaml), or whose owner shares one of their `roles`,
   * `teams`, `projects` or `namespaces` values
   */
  readonly accessPolicy?: AccessRule[];
  /**
   * Route-level rules (`route_policy`), tested in order before the resource rules; once there is
   * one, a request no rule permits gets 403. Must permit `/v1/health` (the probes) in a rule
   * without condition.
   * @default - every route is open to authenticated users
   */
  readonly routePolicy?: RouteRule[];
}

/** Options of a provider that turns claims of the caller's identity into attributes. */
export interface ClaimsMappingOptions extends ServerAuthOptions {
  /**
   * Claim → attribute (`claims_mapping`): the attributes rules test with
   * `user with <value> in <attribute>`, and the default policy compares with resource owners. A
   * dotted claim (`resource_access.ogx.roles`) reads a nested one; a string claim is split on
   * whitespace, a list is taken as is.
   * @default - the release's mapping for the provider (see each factory)
   */
  readonly claimsMapping?: { [claim: string]: string };
}

/** Options of `ServerAuth.kubernetes`. */
export interface KubernetesAuthOptions extends ClaimsMappingOptions {
  /**
   * The user-info field whose value is the caller's tenant (`tenant_claim`, OGX 1.2+; a dotted
   * path as in `claimsMapping`, e.g. `extra.tenant`), for `tenancy: { mode: TenancyMode.MULTI }`.
   * An error on earlier targets.
   * @default - no tenant from the review
   */
  readonly tenantClaim?: string;
  /**
   * The API server that reviews each caller's token (`api_server_url`): scheme and host only
   * (the provider joins `/apis/authentication.k8s.io/v1/selfsubjectreviews` to the host and
   * drops any path).
   * @default "https://kubernetes.default.svc"
   */
  readonly apiServerUrl?: string;
  /**
   * The CA that signed the API server's certificate (`tls_cafile`, mounted from the ConfigMap).
   * @default - the cluster CA: ConfigMap `kube-root-ca.crt`, key `ca.crt`, which every namespace has
   */
  readonly caCertificate?: AuthCaCertificate;
  /**
   * Verify the API server's certificate (`verify_tls`). `false` sends callers' tokens to
   * whichever server answers; no CA is mounted then.
   * @default true
   */
  readonly verifyTls?: boolean;
}

/** TLS options of the OAuth2 providers. */
export interface OAuth2TlsOptions extends ClaimsMappingOptions {
  /**
   * The claim whose value is the caller's tenant (`tenant_claim`, OGX 1.2+), for
   * `tenancy: { mode: TenancyMode.MULTI }`: e.g. `tenant` or `org`. An error on earlier targets.
   * @default - no tenant from the token
   */
  readonly tenantClaim?: string;
  /**
   * The CA that signed the identity provider's certificate (`tls_cafile`, mounted from the
   * ConfigMap): the provider then trusts this CA only. Needed for a certificate no public CA
   * signed (a cluster-internal identity provider). On llama-stack 0.7 and OGX 0.8, introspection
   * verifies the endpoint only against it (without it, not at all, whatever `verify_tls` says), so
   * there an `https` introspection URL needs it or `verifyTls: false` (an error otherwise).
   * @default - the image's trust store (introspection on llama-stack 0.7 and OGX 0.8: none)
   */
  readonly caCertificate?: AuthCaCertificate;
  /**
   * Verify the identity provider's certificate (`verify_tls`). `false` sends tokens (and, for
   * introspection, the client secret) to whichever server answers. Introspection on llama-stack
   * 0.7 and OGX 0.8 ignores it and verifies only with `caCertificate`: there `false` says,
   * explicitly, to run without.
   * @default true
   */
  readonly verifyTls?: boolean;
}

/** Options of `ServerAuth.oauth2Jwks`. */
export interface OAuth2JwksOptions extends OAuth2TlsOptions {
  /** The identity provider's JSON Web Key Set URL (`jwks.uri`), e.g. `https://keycloak.example.com/realms/ai/protocol/openid-connect/certs`. */
  readonly jwksUri: string;
  /**
   * The `aud` claim tokens must carry (`audience`). Always written: the release defaults differ
   * (`llama-stack` on llama-stack 0.7, `ogx` on OGX 0.8), so relying on them would reject every
   * token after an upgrade.
   */
  readonly audience: string;
  /**
   * The `iss` claim tokens must carry (`issuer`).
   * @default - the issuer is not checked
   */
  readonly issuer?: string;
  /**
   * A bearer token for fetching the key set (`jwks.token`), e.g. for a Kubernetes API server's
   * `/openid/v1/jwks`; becomes the env var `LLSD_AUTH_JWKS_TOKEN`.
   * @default - the key set is fetched without a token
   */
  readonly jwksToken?: SecretRef;
  /**
   * How often the key set is fetched again, in seconds (`jwks.key_recheck_period`).
   * @default 3600
   */
  readonly keyRecheckPeriodSeconds?: number;
}

/** Options of `ServerAuth.oauth2Introspection`. */
export interface OAuth2IntrospectionOptions extends OAuth2TlsOptions {
  /** The RFC 7662 token introspection endpoint (`introspection.url`). */
  readonly introspectionUrl: string;
  /** The server's client id at the identity provider (`introspection.client_id`). */
  readonly clientId: string;
  /** The client secret (`introspection.client_secret`); becomes the env var `LLSD_AUTH_CLIENT_SECRET`. */
  readonly clientSecret: SecretRef;
  /**
   * Send the client id and secret in the form body (`send_secret_in_body`) instead of HTTP Basic.
   * @default false
   */
  readonly sendSecretInBody?: boolean;
}

/** Options of `ServerAuth.githubToken`. */
export interface GitHubTokenAuthOptions extends ClaimsMappingOptions {
  /**
   * The GitHub API (`github_api_base_url`), e.g. `https://github.example.com/api/v3` for GitHub
   * Enterprise Server; without a trailing slash (the provider appends `/user`).
   * @default "https://api.github.com"
   */
  readonly githubApiBaseUrl?: string;
}

/** Options of `ServerAuth.custom`. */
export interface CustomAuthOptions extends ServerAuthOptions {
  /**
   * The service that validates each token (`endpoint`): it receives `{api_key, request}` as JSON
   * and answers `{principal, attributes}`.
   */
  readonly endpoint: string;
  /**
   * The field of the service's answer whose value is the caller's tenant (`tenant_field`,
   * OGX 1.2+), for `tenancy: { mode: TenancyMode.MULTI }`. An error on earlier targets.
   * @default - no tenant from the answer
   */
  readonly tenantField?: string;
}

/** Options of `ServerAuth.upstreamHeader`. */
export interface UpstreamHeaderAuthOptions extends ServerAuthOptions {
  /** The header the gateway sets to the authenticated principal (`principal_header`), e.g. `x-auth-user-id`. */
  readonly principalHeader: string;
  /**
   * The header holding the user's attributes as a JSON object (`attributes_header`), e.g. `x-auth-attributes`.
   * @default - users have no attributes
   */
  readonly attributesHeader?: string;
  /**
   * Header → attribute category (`attribute_headers`, OGX 1.1+): each header's value (a JSON
   * list or a plain string) joins that attribute, merged with `attributesHeader`'s, e.g.
   * `{ 'x-maas-group': 'teams' }`. An error on earlier targets.
   * @default - none
   */
  readonly attributeHeaders?: { [header: string]: string };
  /**
   * The header the gateway sets to the caller's tenant (`tenant_header`, OGX 1.2+), for
   * `tenancy: { mode: TenancyMode.MULTI }`. An error on earlier targets.
   * @default - no tenant
   */
  readonly tenantHeader?: string;
}

/** Where the constructs mount `caCertificate`, and where `tls_cafile` points by default. */
export const AUTH_CA_DIR = '/etc/llama-stack/auth';
export const AUTH_CA_FILE = `${AUTH_CA_DIR}/ca.crt`;
const KUBERNETES_API = 'https://kubernetes.default.svc';
const CLUSTER_CA: AuthCaCertificate = { configMapName: 'kube-root-ca.crt', key: DEFAULT_CA_KEY };
/** The fields the github_token provider maps claims from (`GitHubTokenAuthProvider.validate_token`). */
const GITHUB_CLAIMS = ['login', 'id', 'organizations'];

/**
 * Server authentication: who may call the server, and what they may do (`server.auth` in
 * config.yaml). One factory per provider type of the releases; each checks its options and
 * throws a `LlamaStackConfigError` listing every problem with its fix. Pass it as
 * `LlamaStackDistributionProps.auth` (server targets only): secrets become `secretKeyRef` env vars
 * and a CA the provider needs is mounted from its ConfigMap. Every request except
 * `/v1/health` and `/v1/version` then needs credentials.
 */
export class ServerAuth {
  /**
   * True for a `ServerAuth` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.ServerAuth')`, not `instanceof`.
   * @param x any value
   */
  public static isServerAuth(x: any): x is ServerAuth {
    return isMadeBy(x, 'ServerAuth');
  }

  /**
   * `instanceof ServerAuth` holds for a ServerAuth made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isServerAuth`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is ServerAuth {
    return isMadeBy(x, 'ServerAuth');
  }

  /**
   * Kubernetes tokens (`type: kubernetes`): each caller's bearer token is checked with a
   * SelfSubjectReview (`authentication.k8s.io/v1`, Kubernetes ≥ 1.28) against the API server,
   * verified with the cluster CA (the `kube-root-ca.crt` ConfigMap, mounted read-only). The
   * pod's own ServiceAccount token is not needed and stays unmounted. Default claims mapping:
   * `username` and `groups` → `roles`.
   */
  public static kubernetes(options: KubernetesAuthOptions = {}): ServerAuth {
    const c = new AuthCheck('ServerAuth.kubernetes', ServerAuth.options(options, 'kubernetes', optionNames<KubernetesAuthOptions>({ accessPolicy: true, routePolicy: true, claimsMapping: true, apiServerUrl: true, caCertificate: true, verifyTls: true, tenantClaim: true })));
    const url = c.url('apiServerUrl', KUBERNETES_API, false);
    if (url instanceof URL && (url.pathname !== '/' || url.search !== '' || url.hash !== '')) {
      c.problem('apiServerUrl', `${quoteValue(c.opts.apiServerUrl)} has a path: the provider posts to /apis/authentication.k8s.io/v1/selfsubjectreviews on the host and drops it`,
        `write scheme and host only, e.g. ${url.origin}`);
    }
    const apiServerUrl = url === undefined ? KUBERNETES_API : typeof url === 'string' ? url : url.origin;
    const https = !(url instanceof URL) || url.protocol === 'https:';
    const tls = c.tls(https ? CLUSTER_CA : undefined);
    if (!https && c.has('caCertificate')) c.problem('caCertificate', 'a CA is of no use with an http:// API server URL', 'drop caCertificate, or use https');
    const config = tokenConfig(c, { type: 'kubernetes', api_server_url: apiServerUrl }, tls.verifyTls, "pass tenantClaim: the user-info field holding the tenant, e.g. 'extra.tenant'");
    return new ServerAuth(c, config, tls.ca);
  }

  /**
   * OAuth2 / OIDC access tokens checked locally against the identity provider's key set
   * (`type: oauth2_token` with `jwks`): signature, expiry and `audience` (and `issuer` when
   * given). The key set is fetched on the first request and every `keyRecheckPeriodSeconds`.
   * Default claims mapping: `sub`, `username` → `roles`; `groups`, `team` → `teams`;
   * `project` → `projects`; `tenant`, `namespace` → `namespaces`.
   */
  public static oauth2Jwks(options: OAuth2JwksOptions): ServerAuth {
    const c = new AuthCheck('ServerAuth.oauth2Jwks', ServerAuth.options(options, 'oauth2Jwks', optionNames<OAuth2JwksOptions>({ accessPolicy: true, routePolicy: true, claimsMapping: true, caCertificate: true, verifyTls: true, jwksUri: true, audience: true, issuer: true, jwksToken: true, keyRecheckPeriodSeconds: true, tenantClaim: true })));
    const uri = c.url('jwksUri', 'https://idp.example.com/realms/ai/protocol/openid-connect/certs');
    const audience = c.string('audience', "pass audience: the aud claim your identity provider puts in this server's tokens (the release default differs: llama-stack on 0.7, ogx on 0.8)");
    const issuer = c.optionalString('issuer', 'pass the iss claim of the tokens, e.g. https://idp.example.com/realms/ai');
    const token = c.secret('jwksToken', 'jwks_token', false);
    const jwks: JsonObject = { uri: uri instanceof URL ? c.opts.jwksUri : uri ?? '' };
    if (token) jwks.token = token;
    if (c.has('keyRecheckPeriodSeconds')) {
      const p = c.opts.keyRecheckPeriodSeconds;
      if (!Number.isInteger(p) || p < 1) c.problem('keyRecheckPeriodSeconds', 'keyRecheckPeriodSeconds must be a whole number of seconds, at least 1', 'pass e.g. 3600, or leave it out');
      else jwks.key_recheck_period = p;
    }
    const tls = c.tls(undefined);
    const config: JsonObject = { type: 'oauth2_token', audience: audience ?? '', jwks };
    if (issuer) config.issuer = issuer;
    return new ServerAuth(c, tokenConfig(c, config, tls.verifyTls, "pass tenantClaim: the token claim holding the tenant, e.g. 'tenant'"), tls.ca);
  }

  /**
   * OAuth2 tokens checked by the identity provider's RFC 7662 introspection endpoint on every
   * request (`type: oauth2_token` with `introspection`), with the server's client credentials
   * (the secret as a `secretKeyRef` env var). OGX 1.1+ verifies the endpoint's certificate
   * against the image's trust store, or `caCertificate` when given; llama-stack 0.7 and OGX 0.8
   * verify it only with `caCertificate`, so there an `https` URL needs it (or an explicit
   * `verifyTls: false`). The token's audience is not checked by this mode. Default claims
   * mapping as `oauth2Jwks`.
   */
  public static oauth2Introspection(options: OAuth2IntrospectionOptions): ServerAuth {
    const c = new AuthCheck('ServerAuth.oauth2Introspection', ServerAuth.options(options, 'oauth2Introspection', optionNames<OAuth2IntrospectionOptions>({ accessPolicy: true, routePolicy: true, claimsMapping: true, caCertificate: true, verifyTls: true, introspectionUrl: true, clientId: true, clientSecret: true, sendSecretInBody: true, tenantClaim: true })));
    const url = c.url('introspectionUrl', 'https://idp.example.com/realms/ai/protocol/openid-connect/token/introspect');
    const clientId = c.string('clientId', "pass clientId: the server's client id at the identity provider");
    const secret = c.secret('clientSecret', 'client_secret', true);
    const inBody = c.boolean('sendSecretInBody');
    const tls = c.tls(undefined);
    // An https URL without a CA: refused where the target is known, on releases that then verify nothing (generate/auth-config.ts).
    const introspection: JsonObject = { url: url instanceof URL ? c.opts.introspectionUrl : url ?? '', client_id: clientId ?? '', client_secret: secret ?? '' };
    if (inBody !== undefined) introspection.send_secret_in_body = inBody;
    const config = tokenConfig(c, { type: 'oauth2_token', introspection }, tls.verifyTls, "pass tenantClaim: the introspection field holding the tenant, e.g. 'tenant'");
    return new ServerAuth(c, config, tls.ca);
  }

  /**
   * GitHub tokens (personal access or OAuth tokens; `type: github_token`): each is checked by
   * calling the GitHub API's `/user`. Default claims mapping: `login` → `roles`,
   * `organizations` → `teams`. OGX 1.1+ also fetches `/user/orgs` for `organizations` (a classic
   * or OAuth token needs the `read:org` or `user` scope; without it the list is empty); llama-stack
   * 0.7 and OGX 0.8 fetch `/user` only, so there `organizations` stays empty and mapping it is
   * an error (map `login` or `id`).
   */
  public static githubToken(options: GitHubTokenAuthOptions = {}): ServerAuth {
    const c = new AuthCheck('ServerAuth.githubToken', ServerAuth.options(options, 'githubToken', optionNames<GitHubTokenAuthOptions>({ accessPolicy: true, routePolicy: true, claimsMapping: true, githubApiBaseUrl: true })));
    const url = c.url('githubApiBaseUrl', 'https://github.example.com/api/v3', false);
    if (typeof c.opts.githubApiBaseUrl === 'string' && url instanceof URL && c.opts.githubApiBaseUrl.endsWith('/')) {
      c.problem('githubApiBaseUrl', 'the provider appends /user to the base URL, so a trailing slash makes it //user',
        `write ${quoteValue(c.opts.githubApiBaseUrl.replace(/\/+$/, ''))}`);
    }
    const config: JsonObject = { type: 'github_token' };
    if (url !== undefined) config.github_api_base_url = c.opts.githubApiBaseUrl;
    // organizations on a release that never fills it: refused where the target is known (generate/auth-config.ts).
    const claims = c.claims(GITHUB_CLAIMS);
    if (claims) config.claims_mapping = claims;
    return new ServerAuth(c, config, undefined);
  }

  /**
   * Your own token service (`type: custom`): the server posts each bearer token with the request's
   * path, headers (without Authorization) and query to `endpoint`, and takes `principal` and
   * `attributes` from the JSON answer (200) or refuses the request.
   */
  public static custom(options: CustomAuthOptions): ServerAuth {
    const c = new AuthCheck('ServerAuth.custom', ServerAuth.options(options, 'custom', optionNames<CustomAuthOptions>({ accessPolicy: true, routePolicy: true, endpoint: true, tenantField: true })));
    const url = c.url('endpoint', 'http://auth.<namespace>.svc:8080/validate');
    const config: JsonObject = { type: 'custom', endpoint: url instanceof URL ? c.opts.endpoint : url ?? '' };
    tenantFrom(c, config, 'tenantField', 'tenant_field', "pass tenantField: the field of the answer holding the tenant, e.g. 'tenant'");
    return new ServerAuth(c, config, undefined);
  }

  /**
   * Identity set by a gateway in front of the server (`type: upstream_header`; **OGX 0.8 and 1.x**):
   * the server trusts `principalHeader` (and the JSON attributes in `attributesHeader`) on every
   * request and validates nothing. Anyone who can reach the pod directly can set the header, so
   * restrict that with `allowedFrom` (a warning without it).
   */
  public static upstreamHeader(options: UpstreamHeaderAuthOptions): ServerAuth {
    const c = new AuthCheck('ServerAuth.upstreamHeader', ServerAuth.options(options, 'upstreamHeader', optionNames<UpstreamHeaderAuthOptions>({ accessPolicy: true, routePolicy: true, principalHeader: true, attributesHeader: true, attributeHeaders: true, tenantHeader: true })));
    const header = (option: string, required: boolean): string | undefined => {
      const v = required ? c.string(option, `pass ${option}: 'x-auth-user-id'`) : c.optionalString(option, `pass ${option}: 'x-auth-attributes', or leave it out`);
      if (v !== undefined && !HEADER_NAME.test(v)) {
        c.problem(option, `${quoteValue(v)} is not an HTTP header name`, "use letters, digits and '-', e.g. x-auth-user-id");
        return undefined;
      }
      return v;
    };
    const principal = header('principalHeader', true);
    const attributes = header('attributesHeader', false);
    if (principal && attributes && principal.toLowerCase() === attributes.toLowerCase()) {
      c.problem('attributesHeader', 'the principal and the attributes are read from the same header', 'use two different headers');
    }
    const tenant = header('tenantHeader', false);
    const config: JsonObject = { type: 'upstream_header', principal_header: principal ?? '' };
    if (attributes) config.attributes_header = attributes;
    const mapped = attributeHeaders(c, [principal, tenant]);
    if (mapped) config.attribute_headers = mapped;
    if (tenant) {
      if (principal && tenant.toLowerCase() === principal.toLowerCase()) c.problem('tenantHeader', 'the principal and the tenant are read from the same header', 'use two different headers');
      config.tenant_header = tenant;
    }
    return new ServerAuth(c, config, undefined);
  }

  private static options(options: unknown, factory?: string, names?: readonly string[]): { [key: string]: any } {
    const known = Array.isArray(names) ? { type: 'its options', names } : undefined;
    const copy = snapshotOptions(options, typeof factory === 'string' ? `ServerAuth.${factory}(options)` : 'ServerAuth(options)', known);
    return isObject(copy) ? copy : {};
  }

  /** `server.auth.provider_config.type`: `kubernetes`, `oauth2_token`, `github_token`, `custom` or `upstream_header`. */
  public readonly providerType: string;
  /**
   * The CA certificate the pod mounts for the provider (`tls_cafile`).
   * @default - none needed
   */
  public readonly caCertificate?: AuthCaCertificate;
  /** Secret-backed env vars the section refers to (`LLSD_AUTH_<FIELD>`). */
  public readonly secretEnvVars: SecretEnvVar[];
  private readonly providerConfig: JsonObject;
  private readonly policies: JsonObject;
  private readonly secretPaths: string[];

  private constructor(c: AuthCheck, providerConfig: JsonObject, ca: AuthCaCertificate | undefined) {
    brand(this, 'ServerAuth');
    const rules = policies(c);
    c.throwIfAny();
    this.providerType = providerConfig.type as string;
    this.caCertificate = ca;
    this.providerConfig = providerConfig;
    this.policies = rules;
    this.secretEnvVars = c.envVars;
    this.secretPaths = c.envPaths;
  }

  /**
   * @internal `server.auth` as config.yaml holds it, with `tls_cafile` at `caFile` when the
   * provider has a CA.
   */
  public _section(caFile: string = AUTH_CA_FILE): JsonObject {
    const pc = deepCopy(this.providerConfig) as JsonObject;
    if (this.caCertificate) pc.tls_cafile = caFile;
    return { provider_config: pc, ...(deepCopy(this.policies) as JsonObject) };
  }

  /** @internal the option each secret env var comes from, for error paths. */
  public get _secretPaths(): string[] {
    return [...this.secretPaths];
  }
}

/** A tenant field of the provider (`tenant_claim`, `tenant_field`): a non-empty string. */
/**
 * A token provider's config (kubernetes, oauth2_token) after its own keys: `verify_tls`,
 * `claims_mapping` and `tenant_claim`, in that order.
 */
function tokenConfig(c: AuthCheck, config: JsonObject, verifyTls: boolean | undefined, tenantFix: string): JsonObject {
  if (verifyTls === false) config.verify_tls = false;
  const claims = c.claims();
  if (claims) config.claims_mapping = claims;
  tenantFrom(c, config, 'tenantClaim', 'tenant_claim', tenantFix);
  return config;
}

function tenantFrom(c: AuthCheck, config: JsonObject, option: string, key: string, fix: string): void {
  const v = c.optionalString(option, fix);
  if (v !== undefined) config[key] = v;
}

/** `attribute_headers`: header name → attribute category, both non-empty, headers valid and unique. */
function attributeHeaders(c: AuthCheck, taken: (string | undefined)[]): JsonObject | undefined {
  if (!c.has('attributeHeaders')) return undefined;
  const m = c.opts.attributeHeaders;
  if (typeof m !== 'object' || m === null || Array.isArray(m) || Object.keys(m).length === 0) {
    c.problem('attributeHeaders', 'attributeHeaders must be a non-empty object of header → attribute category', "pass e.g. { 'x-maas-group': 'teams' }, or leave it out");
    return undefined;
  }
  const out: JsonObject = {};
  const seen = new Set(taken.filter((t): t is string => t !== undefined).map((t) => t.toLowerCase()));
  for (const [h, cat] of Object.entries(m)) {
    const path = `attributeHeaders.${h}`;
    if (!HEADER_NAME.test(h)) {c.problem(path, `${quoteValue(h)} is not an HTTP header name`, "use letters, digits and '-', e.g. x-maas-group");} else if (seen.has(h.toLowerCase())) {c.problem(path, `${quoteValue(h)} is already the principal or tenant header`, 'map another header');} else if (typeof cat !== 'string' || cat.trim() === '') {c.problem(path, 'the attribute category must be a non-empty string', "name the attribute, e.g. 'teams'");} else {
      seen.add(h.toLowerCase());
      Object.defineProperty(out, h, { value: cat, enumerable: true, writable: true, configurable: true });
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
