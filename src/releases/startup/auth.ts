/**
 * `server.auth` (`AuthenticationConfig`, `core/datatypes.py`, and the rule classes of
 * `core/access_control/datatypes.py`), as both releases validate it when `StackConfig` is built:
 * the provider config (discriminated by `type`: the release's types, required fields, field
 * types, the kubernetes validators), and every rule of `access_policy` and `route_policy`
 * (exactly one of permit / forbid, at most one of when / unless, conditions that parse, the
 * scope's required fields and actions). What only shows per request is a warning (a route
 * condition about owners, a resource or path that can never match), except a route policy
 * that answers 403 to the health probes: the pod would never become ready. Where the provider
 * would run but not do what its config asks on this release (0.7, 0.8: an https introspection
 * endpoint without `tls_cafile` is not verified; github's `organizations` is never filled), a
 * warning, from the release data (`introspectionVerifyTls`, `githubOrganizations`).
 */
import { mapping, show, StartupContext } from './context';
import { typeError } from './field-types';
import { laxBool } from './server-tls';
import { ACCESS_ACTIONS, CONDITION_FORMS, parseCondition, valueWithoutResource } from '../../auth/conditions';
import { anonymousDecision, HEALTH_ROUTE, RouteRuleShape } from '../../auth/route-match';
import { isCredentialKey } from '../../core/credential-keys';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';

const PC = 'server.auth.provider_config';

/** Per provider type: field → pydantic type, and the fields without a default. */
const PROVIDER_FIELDS: { [type: string]: { fields: { [field: string]: string }; required: string[] } } = {
  oauth2_token: {
    fields: { audience: 'str', verify_tls: 'bool', tls_cafile: 'Optional[str]', issuer: 'Optional[str]', claims_mapping: 'dict[str, str]', jwks: 'Optional[OAuth2JWKSConfig]', introspection: 'Optional[OAuth2IntrospectionConfig]' },
    required: [],
  },
  github_token: { fields: { github_api_base_url: 'str', claims_mapping: 'dict[str, str]' }, required: [] },
  kubernetes: { fields: { api_server_url: 'str', verify_tls: 'bool', tls_cafile: 'Optional[str]', claims_mapping: 'dict[str, str]' }, required: [] },
  custom: { fields: { endpoint: 'str' }, required: ['endpoint'] },
  upstream_header: { fields: { principal_header: 'str', attributes_header: 'Optional[str]' }, required: ['principal_header'] },
};
const JWKS_FIELDS = { fields: { uri: 'str', token: 'Optional[str]', key_recheck_period: 'int' }, required: ['uri'] };
const INTROSPECTION_FIELDS = { fields: { url: 'str', client_id: 'str', client_secret: 'str', send_secret_in_body: 'bool' }, required: ['url', 'client_id', 'client_secret'] };
const REQUIRED_FIX: { [field: string]: string } = {
  endpoint: 'set the endpoint of the auth service',
  principal_header: 'name the header that carries the principal',
};

/** Substitution already stopped the server at `path` (an unset `${env.X}`): report nothing more there. */
function failed(c: StartupContext, path: string): boolean {
  return c.findings.list.some((f) => f.severity === 'fatal' && f.path === path);
}

function fields(c: StartupContext, o: JsonObject, path: string, spec: { fields: { [f: string]: string }; required: string[] }): void {
  unknownKeys(c, o, [...Object.keys(spec.fields), ...(path === PC ? ['type'] : [])], path);
  for (const f of spec.required) {
    const v = getOwn(o, f);
    if ((v === undefined || v === null) && !failed(c, `${path}.${f}`)) c.findings.fatal(`${path}.${f}`, `${f}: Field required`, REQUIRED_FIX[f] ?? `set ${f}`, c.envAt(`${path}.${f}`));
  }
  for (const [f, type] of Object.entries(spec.fields)) {
    const v = getOwn(o, f);
    if (v === undefined || (v === null && spec.required.includes(f)) || failed(c, `${path}.${f}`)) continue;
    const why = typeError(type, v, isCredentialKey(f));
    if (why !== undefined) c.findings.fatal(`${path}.${f}`, `${f}: ${why}`, `fix ${f}`, c.envAt(`${path}.${f}`));
  }
}

function claimsMapping(c: StartupContext, pc: JsonObject, validated: boolean): void {
  const claims = mapping(getOwn(pc, 'claims_mapping'));
  for (const k of Object.keys(claims ?? {})) {
    const v = claims![k];
    const why = typeError('str', v);
    if (failed(c, `${PC}.claims_mapping.${k}`)) continue;
    if (why !== undefined) c.findings.fatal(`${PC}.claims_mapping.${k}`, `claims_mapping.${k}: ${why}`, 'map the claim to an attribute name', c.envAt(`${PC}.claims_mapping.${k}`));
    else if (v === '' && validated) c.findings.fatal(`${PC}.claims_mapping.${k}`, `claims_mapping value cannot be empty: ${k}`, 'map the claim to an attribute, or remove it');
  }
}

/** 0.7, 0.8: introspection verifies its endpoint only against `tls_cafile`, whatever `verify_tls` says. */
function unverifiedIntrospection(c: StartupContext, pc: JsonObject, intro: JsonObject): void {
  const url = getOwn(intro, 'url');
  const ca = getOwn(pc, 'tls_cafile');
  if (c.rules.introspectionVerifyTls === true || typeof url !== 'string' || !/^https:\/\//i.test(url)) return;
  if ((ca !== undefined && ca !== null) || laxBool(getOwn(pc, 'verify_tls')) === false) return;
  c.findings.warn(`${PC}.introspection.url`, `${c.release.description} verifies the introspection endpoint only against tls_cafile (verify_tls is not read there): without it the client secret and every token go to whichever server answers`,
    "set tls_cafile to the CA that signed the identity provider's certificate, or verify_tls: false to accept that, or run OGX 1.0 or later (it verifies against the system trust store)");
}

function providerConfig(c: StartupContext, pc: JsonValue | undefined): void {
  // null: no authentication (also what an empty type makes of it, see env substitution).
  if (pc === undefined || pc === null) return;
  if (!isJsonObject(pc)) {
    c.findings.fatal(PC, `provider_config must be a mapping, not ${show(pc)}`, 'write provider_config: {type: ..., ...}, or leave it out');
    return;
  }
  const type = getOwn(pc, 'type');
  if (typeof type !== 'string' || !c.rules.authTypes.includes(type)) {
    c.findings.fatal(`${PC}.type`, type === undefined
      ? "Unable to extract tag using discriminator 'type'"
      : `${c.release.description} has no auth provider type ${show(type)}`,
    type === 'upstream_header'
      ? `upstream_header is new in OGX 0.8: use that release, or another type (${c.rules.authTypes.join(', ')})`
      : `use one of: ${c.rules.authTypes.join(', ')}`);
    return;
  }
  const base = PROVIDER_FIELDS[type];
  // Later releases add fields (OGX 1.0 attribute_headers, 1.2 the tenant fields).
  const added = c.rules.authFieldsAdded?.[type];
  const spec = base && typeof added === 'object' ? { fields: { ...base.fields, ...added }, required: base.required } : base;
  if (spec) fields(c, pc, PC, spec);
  if (type === 'oauth2_token') {
    const modes = ['jwks', 'introspection'].filter((k) => isJsonObject(getOwn(pc, k)));
    if (modes.length !== 1) {
      c.findings.fatal(PC, modes.length === 0 ? 'One of jwks or introspection must be configured' : 'At present only one of jwks or introspection should be configured', 'configure exactly one of jwks / introspection');
    }
    const jwks = mapping(getOwn(pc, 'jwks'));
    if (jwks) fields(c, jwks, `${PC}.jwks`, JWKS_FIELDS);
    const intro = mapping(getOwn(pc, 'introspection'));
    if (intro) fields(c, intro, `${PC}.introspection`, INTROSPECTION_FIELDS);
    // The empty-value validator of OAuth2TokenAuthConfig.claims_mapping is inactive (decorator order).
    claimsMapping(c, pc, false);
    if (intro) unverifiedIntrospection(c, pc, intro);
  }
  if (type === 'github_token') {
    claimsMapping(c, pc, false);
    const claims = mapping(getOwn(pc, 'claims_mapping'));
    if (claims && getOwn(claims, 'organizations') !== undefined && c.rules.githubOrganizations !== true) {
      c.findings.warn(`${PC}.claims_mapping.organizations`, `${c.release.description} never fills organizations (it fetches /user only): this maps nothing`,
        'map login or id, or run OGX 1.0 or later (it fetches /user/orgs)');
    }
  }
  if (type === 'kubernetes') {
    const url = getOwn(pc, 'api_server_url');
    if (typeof url === 'string') {
      const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s]+)([^?#]*)/.exec(url);
      if (!m) c.findings.fatal(`${PC}.api_server_url`, `api_server_url must be a valid URL with scheme and host: ${url}`, 'write https://kubernetes.default.svc, or leave it out', c.envAt(`${PC}.api_server_url`));
      else if (!['http', 'https'].includes(m[1].toLowerCase())) c.findings.fatal(`${PC}.api_server_url`, `api_server_url scheme must be http or https: ${url}`, 'write https://kubernetes.default.svc, or leave it out', c.envAt(`${PC}.api_server_url`));
      else if (m[3] !== '' && m[3] !== '/') c.findings.warn(`${PC}.api_server_url`, `the provider posts to /apis/authentication.k8s.io/v1/selfsubjectreviews on the host: the path ${m[3]} is dropped`, 'write scheme and host only');
    }
    claimsMapping(c, pc, true);
  }
}

/** `when` / `unless` of one rule: at most one, each `str | list[str]` of parseable conditions. */
function conditions(c: StartupContext, rule: JsonObject, path: string, route: boolean): boolean {
  const truthy = (v: JsonValue | undefined) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  if (truthy(getOwn(rule, 'when')) && truthy(getOwn(rule, 'unless'))) {
    c.findings.fatal(`${path}.unless`, 'when and unless are mutually exclusive', 'keep one of them');
  }
  let conditional = false;
  for (const key of ['when', 'unless']) {
    const v = getOwn(rule, key);
    if (v === undefined || v === null) continue;
    const items = typeof v === 'string' ? [v] : Array.isArray(v) ? v : undefined;
    if (items === undefined) {
      c.findings.fatal(`${path}.${key}`, `${key} must be a condition or a list of them, not ${show(v)}`, `write ${key}: user with <value> in <attribute>`);
      continue;
    }
    if (truthy(v)) conditional = true;
    items.forEach((item, i) => {
      const at = Array.isArray(v) ? `${path}.${key}[${i}]` : `${path}.${key}`;
      if (typeof item !== 'string') {
        c.findings.fatal(at, `a condition must be a string, not ${show(item)}`, `write one of: ${CONDITION_FORMS.join(', ')}`);
        return;
      }
      // An empty `when: ""` is no condition (the server tests truthiness before parsing).
      if (item === '' && !Array.isArray(v)) return;
      const parsed = parseCondition(item);
      if (!parsed) {
        c.findings.fatal(at, `Invalid condition: ${item}`, `write one of: ${CONDITION_FORMS.join(', ')}`);
      } else if (route && valueWithoutResource(parsed) !== undefined) {
        c.findings.warn(at, `"${item}" is always ${valueWithoutResource(parsed)} in a route rule (routes have no owner)`, 'use user with <value> [not] in <attribute>, or move the rule to access_policy');
      }
    });
  }
  return conditional;
}

/** One item of `str | list[str]`: the strings, or undefined when the value is neither. */
function strings(v: JsonValue | undefined): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return undefined;
}

/** Keys a rule or scope class does not have: pydantic drops them. */
function unknownKeys(c: StartupContext, o: JsonObject, known: readonly string[], path: string): void {
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) c.findings.warn(`${path}.${k}`, `${c.release.description} does not read ${path}.${k} (it is dropped)`, `remove ${k}`);
  }
}

function accessScope(c: StartupContext, scope: JsonObject, path: string): void {
  unknownKeys(c, scope, ['principal', 'actions', 'resource'], path);
  const actions = getOwn(scope, 'actions');
  if (actions === undefined || actions === null) {
    c.findings.fatal(`${path}.actions`, 'actions: Field required', `list the actions: ${ACCESS_ACTIONS.join(', ')}`);
  } else {
    const items = typeof actions === 'string' ? [actions] : Array.isArray(actions) ? actions : undefined;
    if (items === undefined) c.findings.fatal(`${path}.actions`, `actions must be an action or a list of them, not ${show(actions)}`, `list the actions: ${ACCESS_ACTIONS.join(', ')}`);
    else if (items.length === 0) c.findings.warn(`${path}.actions`, 'an empty actions list matches no request, so the rule never applies', `list the actions: ${ACCESS_ACTIONS.join(', ')}`);
    (items ?? []).forEach((a, i) => {
      if (typeof a !== 'string' || !ACCESS_ACTIONS.includes(a)) {
        c.findings.fatal(Array.isArray(actions) ? `${path}.actions[${i}]` : `${path}.actions`, `Input should be 'create', 'read', 'update' or 'delete', not ${show(a)}`, `use one of: ${ACCESS_ACTIONS.join(', ')}`);
      }
    });
  }
  for (const f of ['principal', 'resource']) {
    const v = getOwn(scope, f);
    if (v !== undefined && v !== null && typeof v !== 'string') c.findings.fatal(`${path}.${f}`, `${f} must be a string, not ${show(v)}`, `fix ${f}`);
  }
  const resource = getOwn(scope, 'resource');
  if (typeof resource === 'string' && resource !== '' && !resource.startsWith('regex:') && !/^[^:]+::./s.test(resource)) {
    c.findings.warn(`${path}.resource`, `${show(resource)} matches no resource (the server compares it with "<type>::<identifier>")`, 'write <type>::<identifier>, <type>::* or regex:<pattern>');
  }
}

function routeScope(c: StartupContext, scope: JsonObject, path: string): string[] | undefined {
  unknownKeys(c, scope, ['paths'], path);
  const paths = getOwn(scope, 'paths');
  if (paths === undefined || paths === null) {
    c.findings.fatal(`${path}.paths`, 'paths: Field required', 'list the routes, e.g. paths: [/v1/models*]');
    return undefined;
  }
  const items = strings(paths);
  if (items === undefined) {
    c.findings.fatal(`${path}.paths`, `paths must be a path or a list of them, not ${show(paths)}`, 'list the routes, e.g. paths: [/v1/models*]');
    return undefined;
  }
  items.forEach((p, i) => {
    const exact = p !== '*' && !p.startsWith('regex:') && !p.endsWith('*');
    if (exact && p !== '/' && p.endsWith('/')) {
      c.findings.warn(Array.isArray(paths) ? `${path}.paths[${i}]` : `${path}.paths`, `${show(p)} matches no route: the server drops the trailing slash of the request path`, 'write the path without the trailing slash');
    }
  });
  return items;
}

/** One policy list; returns what the route middleware sees of route rules. */
function policy(c: StartupContext, auth: JsonObject, key: 'access_policy' | 'route_policy'): RouteRuleShape[] | undefined {
  const v = getOwn(auth, key);
  if (v === undefined) return [];
  const path = `server.auth.${key}`;
  if (!Array.isArray(v)) {
    c.findings.fatal(path, `${key} must be a list of rules, not ${show(v)}`, `write ${key}: [...] or leave it out`);
    return undefined;
  }
  const shapes: RouteRuleShape[] = [];
  let complete = true;
  v.forEach((rule, i) => {
    const at = `${path}[${i}]`;
    if (!isJsonObject(rule)) {
      c.findings.fatal(at, `a rule must be a mapping, not ${show(rule)}`, 'write {permit: {...}} or {forbid: {...}}');
      complete = false;
      return;
    }
    unknownKeys(c, rule, ['permit', 'forbid', 'when', 'unless', 'description'], at);
    const permit = getOwn(rule, 'permit');
    const forbid = getOwn(rule, 'forbid');
    const has = (x: JsonValue | undefined) => x !== undefined && x !== null;
    if (!has(permit) && !has(forbid)) c.findings.fatal(at, 'on of permit or forbid is required', 'write permit: {...} or forbid: {...}');
    if (has(permit) && has(forbid)) c.findings.fatal(at, 'permit and forbid are mutually exclusive', 'split it into two rules');
    const conditional = conditions(c, rule, at, key === 'route_policy');
    const desc = getOwn(rule, 'description');
    if (desc !== undefined && desc !== null && typeof desc !== 'string') c.findings.fatal(`${at}.description`, `description must be a string, not ${show(desc)}`, 'fix description');
    for (const [effect, scope] of [['permit', permit], ['forbid', forbid]] as const) {
      if (!has(scope)) continue;
      if (!isJsonObject(scope)) {
        c.findings.fatal(`${at}.${effect}`, `${effect} must be a mapping, not ${show(scope)}`, key === 'route_policy' ? `write ${effect}: {paths: [...]}` : `write ${effect}: {actions: [...]}`);
        complete = false;
        continue;
      }
      if (key === 'access_policy') {
        accessScope(c, scope, `${at}.${effect}`);
      } else {
        const paths = routeScope(c, scope, `${at}.${effect}`);
        if (paths === undefined) complete = false;
        // The middleware takes permit when both are given (a fatal config anyway).
        else if (effect === 'permit' || !has(permit)) shapes.push({ effect, paths, conditional });
      }
    }
  });
  return complete ? shapes : undefined;
}

/** `server.auth` as `StackConfig` reads it. */
export function checkAuth(c: StartupContext, auth: JsonValue | undefined): void {
  if (auth === undefined || auth === null) return;
  if (!isJsonObject(auth)) {
    c.findings.fatal('server.auth', `server.auth must be a mapping, not ${show(auth)}`, 'write auth: {provider_config: {...}} or leave it out');
    return;
  }
  providerConfig(c, getOwn(auth, 'provider_config'));
  policy(c, auth, 'access_policy');
  const routes = policy(c, auth, 'route_policy');
  if (routes && routes.length > 0) {
    const { allowed, index } = anonymousDecision(routes, HEALTH_ROUTE);
    if (allowed === false) {
      c.findings.fatal(index >= 0 ? `server.auth.route_policy[${index}]` : 'server.auth.route_policy',
        `the route policy answers 403 to ${HEALTH_ROUTE} without a token (it runs on every request, before the route's own exemption from authentication): the health probes fail and the pod never becomes ready`,
        `put a rule without condition first: {permit: {paths: [${HEALTH_ROUTE}]}}`);
    }
  }
}
