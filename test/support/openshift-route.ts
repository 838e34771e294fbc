/**
 * The rules a `route.openshift.io/v1` Route must meet to be stored and served, written for the
 * tests from these sources (our own summary; no code copied):
 *
 * - GitHub repository openshift/api, `route/v1/types.go`: the fields, their kubebuilder markers
 *   (enums, defaults, lengths, patterns, `MaxItems`, list-map keys) and `XValidation` CEL rules;
 *   `route/v1/zz_generated.crd-manifests/routes.crd.yaml`, the CRD generated from them, and
 *   `route/v1/manual-override-crd-manifests/routes.route.openshift.io/AAA_ungated.yaml`, the
 *   hand-written schema rules merged into it (no path with passthrough; no certificates with
 *   passthrough; no destinationCACertificate with edge; wildcardPolicy Subdomain needs a host;
 *   targetPort neither 0 nor "").
 * - GitHub repository openshift/library-go, `pkg/route/validation/validation.go`: what the
 *   OpenShift API server checks on top (host and subdomain lowercase DNS-1123; `to.kind` must end
 *   up `Service`; insecureEdgeTerminationPolicy with passthrough only None or Redirect; header
 *   names unique; a warning when host and subdomain are both set). Its
 *   `route.openshift.io/allow-non-dns-compliant-host` annotation, which lifts the 63-character
 *   label limit there, is not honoured: the CRD's pattern keeps the limit wherever the CRD serves
 *   Routes, and a Route written for every cluster keeps to both.
 * - GitHub repository openshift/router: `pkg/router/routeapihelpers/validation.go` (the router
 *   refuses a certificate without a key) and, for the annotations
 *   `haproxy.router.openshift.io/timeout` and `…/timeout-tunnel`,
 *   `images/router/haproxy/conf/haproxy-config.template` with
 *   `pkg/router/template/template_helper.go` and `pkg/router/template/util/haproxytime/`: the value
 *   is a positive integer with no leading zero and an optional unit us, ms, s, m, h or d
 *   (milliseconds when none); anything else is ignored without an error (the route keeps the
 *   router's default, 30 s), so it is refused here; a value above 2147483647 ms is clipped to it.
 *
 * Defaults are applied first, as the API server does (`to.kind: Service`, `weight: 100`,
 * `wildcardPolicy: None`). Status is not checked.
 */

export interface RouteVerdict {
  /** One `path: what` per problem, every one listed. */
  readonly problems: string[];
  /** Stored, but not what the writer likely meant. */
  readonly warnings: string[];
}

const DNS_LABEL_PART = '([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9])';
/** The CRD's pattern for host and subdomain. */
const HOST_PATTERN = new RegExp(`^${DNS_LABEL_PART}(\\.${DNS_LABEL_PART})*$`);
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const HEADER_NAME = /^[-!#$%&'*+.0-9A-Z^_`a-z|~]+$/;
const RESERVED_HEADERS = ['strict-transport-security', 'proxy', 'cookie', 'set-cookie'];
/** A header value: plain characters other than `%` and controls, or one of HAProxy's `%[fetch(,converter)*]` forms. */
function headerValuePattern(fetch: 'req' | 'res'): RegExp {
  const dynamic = `%(?:%|(?:\\{[-+]?[QXE](?:,[-+]?[QXE])*\\})?\\[(?:${fetch}\\.hdr\\([0-9A-Za-z-]+\\)|ssl_c_der)(?:,(?:lower|base64))*\\])`;
  return new RegExp(`^(?:${dynamic}|[^%\\x00-\\x1f\\x7f])+$`);
}

export const TERMINATIONS = ['edge', 'reencrypt', 'passthrough'];
export const INSECURE_POLICIES = ['Allow', 'None', 'Redirect', ''];
export const TIMEOUT_ANNOTATION = 'haproxy.router.openshift.io/timeout';
export const TUNNEL_TIMEOUT_ANNOTATION = 'haproxy.router.openshift.io/timeout-tunnel';
const HAPROXY_MAX_MS = 2147483647;
const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The milliseconds a router timeout annotation value means, or undefined when the router ignores it. */
export function haproxyTimeoutMs(value: string): number | undefined {
  const m = /^([1-9][0-9]*)(us|ms|s|m|h|d)?$/.exec(value);
  return m ? Number(m[1]) * UNIT_MS[m[2] ?? 'ms'] : undefined;
}

const SPEC_FIELDS = ['host', 'subdomain', 'path', 'to', 'alternateBackends', 'port', 'tls', 'wildcardPolicy', 'httpHeaders'];
const TARGET_FIELDS = ['kind', 'name', 'weight'];
const TLS_FIELDS = ['termination', 'certificate', 'key', 'caCertificate', 'destinationCACertificate', 'insecureEdgeTerminationPolicy', 'externalCertificate'];
const CERTIFICATE_FIELDS = ['certificate', 'key', 'caCertificate', 'destinationCACertificate'];

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

class Problems {
  readonly list: string[] = [];
  add(path: string, what: string): void {
    this.list.push(`${path}: ${what}`);
  }
  /** Reports fields outside `known` (the API server refuses them under strict field validation, and prunes them otherwise). */
  fields(path: string, value: Record<string, unknown>, known: string[]): void {
    for (const k of Object.keys(value)) if (!known.includes(k)) this.add(`${path}.${k}`, 'unknown field');
  }
  /** True when `value` is a string (or absent and not required); reports otherwise. */
  string(path: string, value: unknown, required = false): value is string {
    if (value === undefined) {
      if (required) this.add(path, 'required');
      return false;
    }
    if (typeof value !== 'string') {
      this.add(path, `must be a string, not ${JSON.stringify(value)}`);
      return false;
    }
    return true;
  }
  oneOf(path: string, value: unknown, allowed: string[]): void {
    if (this.string(path, value) && !allowed.includes(value)) this.add(path, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, not ${JSON.stringify(value)}`);
  }
}

/**
 * host or subdomain: the CRD's length and pattern (labels of 1 to 63 letters, digits and inner
 * hyphens; "" fails it too), then the API server's lowercase DNS-1123 rule.
 */
function checkHostname(p: Problems, path: string, value: unknown): void {
  if (!p.string(path, value)) return;
  if (value === '') p.add(path, 'must not be empty (omit the field to let the router choose)');
  else if (value.length > 253) p.add(path, `must be at most 253 characters, not ${value.length}`);
  else if (!HOST_PATTERN.test(value)) p.add(path, `must be dot-separated labels of 1 to 63 letters, digits and inner hyphens: ${value}`);
  else if (!DNS1123_SUBDOMAIN.test(value)) p.add(path, `must be lowercase (a DNS-1123 subdomain): ${value}`);
}

function checkTarget(p: Problems, path: string, t: unknown): void {
  if (!isObject(t)) {
    p.add(path, t === undefined ? 'required' : 'must be an object');
    return;
  }
  p.fields(path, t, TARGET_FIELDS);
  const kind = t.kind ?? 'Service';
  p.oneOf(`${path}.kind`, kind, ['Service', '']);
  if (p.string(`${path}.name`, t.name, true) && t.name === '') p.add(`${path}.name`, 'must not be empty');
  if (t.weight !== undefined && (!isInt(t.weight) || t.weight < 0 || t.weight > 256)) p.add(`${path}.weight`, `must be an integer from 0 to 256, not ${JSON.stringify(t.weight)}`);
}

function checkHeaders(p: Problems, path: string, list: unknown, fetch: 'req' | 'res'): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    p.add(path, 'must be a list');
    return;
  }
  if (list.length > 20) p.add(path, `must have at most 20 items, not ${list.length}`);
  const seen = new Set<string>();
  const valuePattern = headerValuePattern(fetch);
  list.forEach((h: unknown, i: number) => {
    const at = `${path}[${i}]`;
    if (!isObject(h)) {
      p.add(at, 'must be an object');
      return;
    }
    p.fields(at, h, ['name', 'action']);
    if (p.string(`${at}.name`, h.name, true)) {
      if (h.name.length < 1 || h.name.length > 255) p.add(`${at}.name`, 'must be 1 to 255 characters');
      else if (!HEADER_NAME.test(h.name)) p.add(`${at}.name`, `must be an HTTP header name (RFC 2616 token characters): ${h.name}`);
      if (RESERVED_HEADERS.includes(h.name.toLowerCase())) p.add(`${at}.name`, `${h.name.toLowerCase()} header may not be modified via header actions`);
      if (seen.has(h.name)) p.add(`${at}.name`, `duplicate header ${h.name}`);
      seen.add(h.name);
    }
    const a = h.action;
    if (!isObject(a)) {
      p.add(`${at}.action`, a === undefined ? 'required' : 'must be an object');
      return;
    }
    p.fields(`${at}.action`, a, ['type', 'set']);
    if (a.type === undefined) p.add(`${at}.action.type`, 'required');
    else p.oneOf(`${at}.action.type`, a.type, ['Set', 'Delete']);
    if ((a.type === 'Set') !== (a.set !== undefined)) p.add(`${at}.action`, 'set is required when type is Set, and forbidden otherwise');
    if (a.set === undefined) return;
    if (!isObject(a.set)) {
      p.add(`${at}.action.set`, 'must be an object');
      return;
    }
    p.fields(`${at}.action.set`, a.set, ['value']);
    const v = a.set.value;
    if (!p.string(`${at}.action.set.value`, v, true)) return;
    if (v.length < 1 || v.length > 16384) p.add(`${at}.action.set.value`, 'must be 1 to 16384 characters');
    else if (!valuePattern.test(v)) p.add(`${at}.action.set.value`, `must be a plain header value or HAProxy %[${fetch}.hdr(...)] / %[ssl_c_der] with converters lower, base64`);
  });
}

function checkTls(p: Problems, tls: unknown, spec: Record<string, any>): void {
  if (tls === undefined || tls === null) return;
  if (!isObject(tls)) {
    p.add('spec.tls', 'must be an object');
    return;
  }
  p.fields('spec.tls', tls, TLS_FIELDS);
  if (tls.termination === undefined) p.add('spec.tls.termination', 'required');
  else p.oneOf('spec.tls.termination', tls.termination, TERMINATIONS);
  for (const k of CERTIFICATE_FIELDS) p.string(`spec.tls.${k}`, tls[k]);
  p.oneOf('spec.tls.insecureEdgeTerminationPolicy', tls.insecureEdgeTerminationPolicy, INSECURE_POLICIES);
  if (tls.externalCertificate !== undefined) {
    if (!isObject(tls.externalCertificate)) {p.add('spec.tls.externalCertificate', 'must be an object');} else {
      p.fields('spec.tls.externalCertificate', tls.externalCertificate, ['name']);
      p.string('spec.tls.externalCertificate.name', tls.externalCertificate.name);
    }
  }
  const term = tls.termination;
  const set = (k: string): boolean => typeof tls[k] === 'string' && tls[k] !== '';
  if (term === 'passthrough') {
    for (const k of CERTIFICATE_FIELDS) if (set(k)) p.add(`spec.tls.${k}`, 'passthrough termination does not support certificates');
    if (isObject(tls.externalCertificate) && tls.externalCertificate.name) p.add('spec.tls.externalCertificate', 'passthrough termination does not support certificates');
    if (tls.insecureEdgeTerminationPolicy === 'Allow') p.add('spec.tls.insecureEdgeTerminationPolicy', 'cannot have both spec.tls.termination: passthrough and spec.tls.insecureEdgeTerminationPolicy: Allow');
    if (typeof spec.path === 'string' && spec.path !== '') p.add('spec.path', 'passthrough termination does not support paths');
    if (spec.httpHeaders !== undefined) p.add('spec.httpHeaders', 'header actions are not permitted when tls termination is passthrough');
  }
  if (term === 'edge' && set('destinationCACertificate')) p.add('spec.tls.destinationCACertificate', 'edge termination does not support destination certificates');
  if (tls.certificate !== undefined && tls.externalCertificate !== undefined) p.add('spec.tls', 'cannot have both spec.tls.certificate and spec.tls.externalCertificate');
  if (term !== 'passthrough' && set('certificate') && !set('key') && !/PRIVATE KEY-----/.test(tls.certificate)) p.add('spec.tls.key', 'no key specified for spec.tls.certificate (the router refuses the route)');
}

function checkAnnotations(p: Problems, annotations: Record<string, unknown>): void {
  for (const key of [TIMEOUT_ANNOTATION, TUNNEL_TIMEOUT_ANNOTATION]) {
    const v = annotations[key];
    if (v === undefined) continue;
    const at = `metadata.annotations.${key}`;
    if (typeof v !== 'string') {
      p.add(at, 'must be a string');
      continue;
    }
    const ms = haproxyTimeoutMs(v);
    if (ms === undefined) p.add(at, `must be a positive integer with an optional unit us, ms, s, m, h or d (the router ignores ${JSON.stringify(v)} and keeps its default)`);
    else if (ms > HAPROXY_MAX_MS) p.add(at, `${v} is above HAProxy's limit of ${HAPROXY_MAX_MS}ms (the router clips it)`);
  }
}

/** Every problem of one Route (apiVersion, kind, metadata, spec, the router annotations) and its warnings. */
export function validateRoute(route: any): RouteVerdict {
  const p = new Problems();
  const warnings: string[] = [];
  if (route?.apiVersion !== 'route.openshift.io/v1') p.add('apiVersion', `must be route.openshift.io/v1, not ${route?.apiVersion}`);
  if (route?.kind !== 'Route') p.add('kind', `must be Route, not ${route?.kind}`);
  const meta = isObject(route?.metadata) ? route.metadata : {};
  if (p.string('metadata.name', meta.name, true) && (meta.name.length > 253 || !DNS1123_SUBDOMAIN.test(meta.name))) p.add('metadata.name', `must be a DNS-1123 subdomain: ${meta.name}`);
  const annotations = isObject(meta.annotations) ? meta.annotations : {};
  checkAnnotations(p, annotations);

  const spec = route?.spec;
  if (!isObject(spec)) {
    p.add('spec', spec === undefined ? 'required' : 'must be an object');
    return { problems: p.list, warnings };
  }
  p.fields('spec', spec, SPEC_FIELDS);
  checkHostname(p, 'spec.host', spec.host);
  checkHostname(p, 'spec.subdomain', spec.subdomain);
  if (typeof spec.host === 'string' && spec.host !== '' && typeof spec.subdomain === 'string' && spec.subdomain !== '') warnings.push('spec.host is set; spec.subdomain may be ignored');
  if (p.string('spec.path', spec.path) && !spec.path.startsWith('/')) p.add('spec.path', `must begin with / (omit it for the whole host): ${JSON.stringify(spec.path)}`);

  checkTarget(p, 'spec.to', spec.to);
  if (spec.alternateBackends !== undefined) {
    if (!Array.isArray(spec.alternateBackends)) {p.add('spec.alternateBackends', 'must be a list');} else {
      if (spec.alternateBackends.length > 3) p.add('spec.alternateBackends', `must have at most 3 items, not ${spec.alternateBackends.length}`);
      const keys = new Set<string>();
      spec.alternateBackends.forEach((b: any, i: number) => {
        checkTarget(p, `spec.alternateBackends[${i}]`, b);
        const key = `${b?.kind ?? 'Service'}/${b?.name}`;
        if (keys.has(key)) p.add(`spec.alternateBackends[${i}]`, `duplicate backend ${key}`);
        keys.add(key);
      });
    }
  }

  if (spec.port !== undefined) {
    if (!isObject(spec.port)) {p.add('spec.port', 'must be an object');} else {
      p.fields('spec.port', spec.port, ['targetPort']);
      const t = spec.port.targetPort;
      if (t === undefined) p.add('spec.port.targetPort', 'required');
      else if (t === 0 || t === '') p.add('spec.port.targetPort', 'must name a Service port or give a port number, not 0 or ""');
      else if (typeof t !== 'string' && !isInt(t)) p.add('spec.port.targetPort', `must be a port name or an integer, not ${JSON.stringify(t)}`);
    }
  }

  const policy = spec.wildcardPolicy ?? 'None';
  p.oneOf('spec.wildcardPolicy', policy, ['None', 'Subdomain', '']);
  if (policy === 'Subdomain' && (typeof spec.host !== 'string' || spec.host === '')) p.add('spec.wildcardPolicy', 'host name not specified for wildcard policy');

  if (spec.httpHeaders !== undefined) {
    if (!isObject(spec.httpHeaders)) {p.add('spec.httpHeaders', 'must be an object');} else {
      p.fields('spec.httpHeaders', spec.httpHeaders, ['actions']);
      const actions = spec.httpHeaders.actions;
      if (actions !== undefined && !isObject(actions)) {p.add('spec.httpHeaders.actions', 'must be an object');} else if (actions) {
        p.fields('spec.httpHeaders.actions', actions, ['request', 'response']);
        checkHeaders(p, 'spec.httpHeaders.actions.request', actions.request, 'req');
        checkHeaders(p, 'spec.httpHeaders.actions.response', actions.response, 'res');
      }
    }
  }
  checkTls(p, spec.tls, spec);
  return { problems: p.list, warnings };
}

/** `Route/name: problem` for every Route of `manifests`. */
export function routeProblemsOf(manifests: any[]): string[] {
  return manifests
    .filter((m) => m?.kind === 'Route' || m?.apiVersion === 'route.openshift.io/v1')
    .flatMap((m) => validateRoute(m).problems.map((e) => `Route/${m.metadata?.name}: ${e}`));
}
