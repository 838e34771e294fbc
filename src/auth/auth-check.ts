/**
 * Internal (not exported from the package): the checks behind every `ServerAuth` factory. Each
 * option's problem is at `ServerAuth.<factory>(<option>)`; the core collector (core/problems.ts)
 * holds them, and the factory throws them all at once.
 */
import { anonymousDecision, HEALTH_ROUTE } from './route-match';
import { AccessRule, RouteRule } from './rules';
import { credentialInText, urlCredentials } from '../core/credential-keys';
import { isObject, JsonObject, newObject, present, setOwn } from '../core/json';
import { childPath, optionPath } from '../core/path';
import { OptionProblems } from '../core/problems';
import { quoteValue } from '../core/quote';
import { describeSecretValue, quoteUrl } from '../core/redact';
import { hasEnvReference, parseHttpUrl } from '../core/url';
import { isDns1123Subdomain } from '../kubernetes/name-rules';
import { envPlaceholder, providerEnvName } from '../spec/env-names';
import { SecretEnvVar } from '../spec/secret-env';
import { SecretRef } from '../values/secret-ref';

/** A CA certificate in a ConfigMap (`AuthCaCertificate`, which server-auth.ts declares). */
export interface CaRef {
  readonly configMapName: string;
  readonly key?: string;
}

/** The ConfigMap key a CA is read from when none is given. */
export const DEFAULT_CA_KEY = 'ca.crt';

const CONFIGMAP_KEY = /^[-._a-zA-Z0-9]+$/;

/** How a fix names a Secret reference. */
export const SECRET_HINT = 'SecretRef.fromSecretName(<secret>, <key>)';

/** Collects the problems of one `ServerAuth` factory call, and the Secret env vars it needs. */
export class AuthCheck extends OptionProblems {
  readonly envVars: SecretEnvVar[] = [];
  readonly envPaths: string[] = [];

  constructor(where: string, readonly opts: { [key: string]: any }) {
    super(where);
  }

  has(option: string): boolean {
    return present(this.opts[option]);
  }

  string(option: string, fix: string): string | undefined {
    const v = this.opts[option];
    if (typeof v === 'string' && v.trim() !== '') {
      // A credential typed into a plain option (an issuer with user:password@) lands in the config.
      const pasted = credentialInText(v);
      if (pasted === undefined) return v;
      this.problem(option, `${option} holds ${pasted} (${describeSecretValue(v)}, not shown), which would be written in plain text into the config`,
        `remove it: credentials go in Kubernetes Secrets, passed as ${SECRET_HINT} where the provider takes one (jwksToken, clientSecret)`);
      return undefined;
    }
    this.problem(option, this.has(option) ? `${option} must be a non-empty string` : `${option} is required`, fix);
    return undefined;
  }

  optionalString(option: string, fix: string): string | undefined {
    return this.has(option) ? this.string(option, fix) : undefined;
  }

  /** An http(s) URL with a host; a `${env.X}` reference is left to the start-up model. */
  url(option: string, example: string, required = true): URL | string | undefined {
    if (!required && !this.has(option)) return undefined;
    const raw = this.opts[option];
    const creds = urlCredentials(raw);
    const v = creds === undefined ? this.string(option, `pass ${option}: '${example}'`) : raw as string;
    if (v === undefined) return undefined;
    if (creds !== undefined) {
      this.problem(option, `${option} holds ${creds === 'password' ? 'a password (user:password@)' : 'a credential query parameter'} `
        + `(${describeSecretValue(v)}, not shown), which would be written in plain text into the config`,
      `remove it from the URL: credentials go in Kubernetes Secrets, passed as ${SECRET_HINT} where the provider takes one (jwksToken, clientSecret)`);
      return undefined;
    }
    if (hasEnvReference(v)) return v;
    const parsed = parseHttpUrl(v);
    if (!parsed) {
      this.problem(option, `${quoteUrl(v)} is not an http(s) URL with a host`, `write the full URL with its scheme, e.g. ${example}`);
      return undefined;
    }
    return parsed;
  }

  boolean(option: string): boolean | undefined {
    const v = this.opts[option];
    if (!present(v)) return undefined;
    if (typeof v === 'boolean') return v;
    this.problem(option, `${option} must be true or false`, `pass ${option}: true or false`);
    return undefined;
  }

  /** A Secret reference, turned into `${env.LLSD_AUTH_<FIELD>}` (the value is never read or shown). */
  secret(option: string, field: string, required: boolean): string | undefined {
    const v = this.opts[option];
    if (!present(v)) {
      if (required) this.problem(option, `${option} is required`, `pass ${option}: ${SECRET_HINT}`);
      return undefined;
    }
    if (!SecretRef.isSecretRef(v)) {
      // A plain string here is most likely the secret itself: say so without repeating it.
      this.problem(option, `${option} must be a SecretRef (a ${typeof v === 'string' ? 'string' : typeof v} was given; it is not shown)`,
        `keep the value in a Secret and pass ${option}: ${SECRET_HINT}`);
      return undefined;
    }
    const name = providerEnvName('auth', field);
    this.envVars.push({ name, valueFrom: { secretKeyRef: { name: v.secretName, key: v.key } } });
    this.envPaths.push(optionPath(this.where, option));
    return envPlaceholder(name);
  }

  /** `caCertificate`, checked; `fallback` when it is not given. */
  ca(fallback?: CaRef): CaRef | undefined {
    const v = this.opts.caCertificate;
    if (!present(v)) return fallback;
    const fix = "pass caCertificate: { configMapName: '<configmap>', key: 'ca.crt' }";
    if (!isObject(v)) {
      this.problem('caCertificate', 'caCertificate must be an object', fix);
      return undefined;
    }
    let ok = true;
    if (typeof v.configMapName !== 'string' || isDns1123Subdomain(v.configMapName).length > 0) {
      this.problem('caCertificate.configMapName', `${quoteValue(v.configMapName)} is not a valid ConfigMap name`,
        "name a ConfigMap of the server's namespace (lower-case letters, digits, '-' and '.')");
      ok = false;
    }
    if (present(v.key) && (typeof v.key !== 'string' || v.key.length > 253 || !CONFIGMAP_KEY.test(v.key))) {
      this.problem('caCertificate.key', `${quoteValue(v.key)} is not a valid ConfigMap key`, "use letters, digits, '-', '_' and '.' (e.g. ca.crt)");
      ok = false;
    }
    return ok ? { configMapName: v.configMapName, key: present(v.key) ? v.key : DEFAULT_CA_KEY } : undefined;
  }

  /** `claimsMapping`: claim → attribute name, both non-empty, attributes one word (conditions split on whitespace). */
  claims(allowedClaims?: readonly string[]): JsonObject | undefined {
    const v = this.opts.claimsMapping;
    if (!present(v)) return undefined;
    const fix = "pass claimsMapping: { '<claim>': '<attribute>' }, e.g. { groups: 'roles' }";
    if (!isObject(v)) {
      this.problem('claimsMapping', 'claimsMapping must be an object of claim → attribute', fix);
      return undefined;
    }
    const out = newObject();
    for (const claim of Object.keys(v)) {
      const attr = v[claim];
      const path = childPath('claimsMapping', claim);
      if (claim.trim() === '') {
        this.problem('claimsMapping', 'a claim name is empty', fix);
      } else if (allowedClaims && !allowedClaims.includes(claim)) {
        this.problem(path, `the provider has no claim ${quoteValue(claim)} (it maps ${allowedClaims.join(', ')})`, `map one of ${allowedClaims.join(', ')}`);
      } else if (typeof attr !== 'string' || attr === '' || /\s/.test(attr)) {
        this.problem(path, `claims_mapping value cannot be empty or contain spaces: ${claim}`, 'name the attribute in one word, e.g. roles');
      } else {
        setOwn(out, claim, attr);
      }
    }
    if (Object.keys(out).length === 0 && Object.keys(v).length === 0) {
      this.problem('claimsMapping', 'claimsMapping is empty: no claim would become an attribute', 'map at least one claim, or leave claimsMapping out for the release default');
    }
    return out;
  }

  /** `verifyTls` and `caCertificate` together: the CA to mount, and `verify_tls` to write. */
  tls(fallbackCa: CaRef | undefined): { ca?: CaRef; verifyTls?: boolean } {
    const verify = this.boolean('verifyTls');
    if (verify === false) {
      if (this.has('caCertificate')) this.problem('caCertificate', 'a CA is of no use with verifyTls: false', 'drop caCertificate, or drop verifyTls: false');
      return { verifyTls: false };
    }
    return { ca: this.ca(fallbackCa) };
  }
}

/** Policies of every factory, checked. */
export function policies(c: AuthCheck): JsonObject {
  const out: JsonObject = {};
  const access = c.opts.accessPolicy;
  if (present(access)) {
    if (!Array.isArray(access)) {
      c.problem('accessPolicy', 'accessPolicy must be a list of AccessRule', 'pass accessPolicy: [AccessRule.permit({...}), ...]');
    } else {
      access.forEach((r: unknown, i: number) => {
        if (!AccessRule.isAccessRule(r)) c.problem(`accessPolicy[${i}]`, 'not an AccessRule', 'build rules with AccessRule.permit({...}) or AccessRule.forbid({...})');
      });
      if (access.length > 0) out.access_policy = access.filter((r) => AccessRule.isAccessRule(r)).map((r: AccessRule) => r._toConfig());
    }
  }
  const route = c.opts.routePolicy;
  if (present(route)) {
    if (!Array.isArray(route)) {
      c.problem('routePolicy', 'routePolicy must be a list of RouteRule', 'pass routePolicy: [RouteRule.permit({...}), ...]');
    } else {
      const rules = route.filter((r) => RouteRule.isRouteRule(r)) as RouteRule[];
      route.forEach((r: unknown, i: number) => {
        if (!RouteRule.isRouteRule(r)) c.problem(`routePolicy[${i}]`, 'not a RouteRule', 'build rules with RouteRule.permit({...}) or RouteRule.forbid({...})');
      });
      if (rules.length > 0 && rules.length === route.length) {
        out.route_policy = rules.map((r) => r._toConfig());
        const { allowed, index } = anonymousDecision(rules.map((r) => r._shape), HEALTH_ROUTE);
        if (allowed === false) {
          c.problem(index >= 0 ? `routePolicy[${index}]` : 'routePolicy',
            `${index >= 0 ? 'this rule forbids' : 'no rule without a condition permits'} ${HEALTH_ROUTE} to a request without a user: the route policy runs before the health route's own exemption, so every kubelet probe gets 403 and the pod never becomes ready`,
            `put RouteRule.permit({ paths: ['${HEALTH_ROUTE}'] }) first in routePolicy`);
        }
      }
    }
  }
  return out;
}
