/**
 * External access (`expose`): the Ingress or Gateway API HTTPRoute, TLS at the edge and to the
 * pod, and the ingress controller's place in the NetworkPolicy. Types, checks and the resolved
 * settings the renderers read (`Exposure`).
 */
import type { Duration } from 'cdk8s';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { IPV4_SHAPE } from '../core/url';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName, isValidLabelValue } from '../kubernetes/name-rules';
import { durationString } from '../kubernetes/units';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** Where TLS ends on the way from a client through the Ingress to the pod. */
export enum ExposeTlsMode {
  /**
   * TLS ends at the Ingress (`expose.tls`); the Ingress forwards plain HTTP to the pod (no `tls`).
   */
  TERMINATE = 'terminate',
  /**
   * TLS at the Ingress (`expose.tls`, or none if something in front of it terminates) and again
   * from the Ingress to the pod (`tls`): ingress-nginx gets `backend-protocol: HTTPS`.
   */
  REENCRYPT = 'reencrypt',
  /**
   * The Ingress routes the TLS stream by SNI without decrypting it; the pod's certificate (`tls`)
   * is what clients see. ingress-nginx only, started with `--enable-ssl-passthrough`.
   */
  PASSTHROUGH = 'passthrough',
}

/** The certificate the Ingress serves for `expose.hostname`. */
export interface IngressTlsOptions {
  /**
   * Secret of type `kubernetes.io/tls` the Ingress serves (with an issuer: the one cert-manager fills).
   * @default - `N-ingress-tls` with an issuer; required without one
   */
  readonly secretName?: string;
  /**
   * cert-manager ClusterIssuer that issues the certificate (`cert-manager.io/cluster-issuer`).
   * @default - none
   */
  readonly clusterIssuer?: string;
  /**
   * cert-manager Issuer of the distribution's namespace (`cert-manager.io/issuer`).
   * @default - none
   */
  readonly issuer?: string;
}

/** An existing Gateway (Gateway API) to attach an HTTPRoute to. */
export interface GatewayParentRef {
  /** Name of the Gateway. */
  readonly name: string;
  /**
   * Namespace of the Gateway (its listener must allow routes from the distribution's namespace).
   * @default - the HTTPRoute's namespace
   */
  readonly namespace?: string;
  /**
   * Listener of the Gateway to attach to.
   * @default - every listener that accepts the route
   */
  readonly sectionName?: string;
}

/** How an OpenShift Route ends TLS (`spec.tls.termination`). */
export type RouteTermination = 'edge' | 'reencrypt' | 'passthrough';

/** The resolved exposure the renderers read (construct props only: the v1alpha2 spec has none of it). */
export interface Exposure {
  /** `spec.tls` of the Ingress. */
  readonly ingressTls?: { readonly secretName: string; readonly hosts: string[] };
  readonly annotations?: { [k: string]: string };
  readonly gateway?: GatewayParentRef;
  /** OpenShift: a Route replaces the Ingress; how it ends TLS (its annotations carry the timeout). */
  readonly route?: { readonly termination: RouteTermination };
}

/** The OpenShift router's timeout for a Route's server side. */
export const ROUTE_TIMEOUT_ANNOTATION = 'haproxy.router.openshift.io/timeout';
/**
 * The default of `routeTimeout`: 10 minutes, the `proxy-read-timeout` the examples give
 * ingress-nginx. A streamed response keeps the connection busy, but a non-streamed completion, a
 * Responses call that runs tools, or a reasoning model thinking before its first token sends
 * nothing until it is done; the router's own default (30 s) would cut them.
 */
export const DEFAULT_ROUTE_TIMEOUT = '10m';
/** Annotations only ingress-nginx reads: the OpenShift router ignores them. */
export const NGINX_ANNOTATION_PREFIX = 'nginx.ingress.kubernetes.io/';
/** HAProxy's largest timeout, in milliseconds (the router clips longer ones). */
const HAPROXY_MAX_MS = 2147483647;

/**
 * Why the router would ignore `timeout` (it keeps its default then, without an error): longer
 * than HAProxy's limit. The props boundary has made it a positive whole number of milliseconds,
 * which `durationString` writes in a unit the router reads.
 */
export function routeTimeoutProblem(timeout: Duration): string | undefined {
  return timeout.toMilliseconds({ integral: false }) > HAPROXY_MAX_MS ? 'is longer than HAProxy\'s limit (about 24 days)' : undefined;
}

/** External access through an Ingress, or a Gateway API HTTPRoute (`gateway`). */
export interface ExposeOptions {
  /**
   * Annotations of the Ingress (or HTTPRoute), e.g. ingress-nginx's body size and timeouts, whose
   * defaults (1 MB, 60 s) break RAG uploads and long generations:
   * `{ 'nginx.ingress.kubernetes.io/proxy-body-size': '100m', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '600' }`.
   * Yours win over the ones the TLS mode writes.
   * @default - only those the TLS mode needs
   */
  readonly annotations?: { [key: string]: string };
  /**
   * Host name of the Ingress rule (or HTTPRoute): a DNS-1123 subdomain, or `*.` and one.
   * Required with `tls` and with `ExposeTlsMode.PASSTHROUGH`.
   * @default - any host
   */
  readonly hostname?: string;
  /**
   * IngressClass to use.
   * @default - the cluster's default class
   */
  readonly ingressClassName?: string;
  /**
   * The certificate the Ingress serves: an existing Secret, or a cert-manager issuer that fills one.
   * @default - no TLS at the Ingress
   */
  readonly tls?: IngressTlsOptions;
  /**
   * Where TLS ends: at the Ingress (TERMINATE), at the Ingress and again at the pod (REENCRYPT),
   * or only at the pod (PASSTHROUGH, ingress-nginx with `--enable-ssl-passthrough`).
   * @default - REENCRYPT with the pod's `tls`, else TERMINATE
   */
  readonly tlsMode?: ExposeTlsMode;
  /**
   * An existing Gateway: an HTTPRoute `N-route` attached to it replaces the Ingress.
   * @default - an Ingress
   */
  readonly gateway?: GatewayParentRef;
  /**
   * Namespace of the pods that forward the traffic (the ingress controller, or the Gateway's
   * proxies): added to `allowedFrom.namespaces`. Required with `allowedFrom` (unless it admits `*`).
   * @default - none
   */
  readonly controllerNamespace?: string;
  /**
   * Labels of the controller's namespace (`key` or `key=value`), added to `allowedFrom.labels`.
   * @default - none
   */
  readonly controllerNamespaceLabels?: string[];
  /**
   * OpenShift: how long the router waits for the server on a Route
   * (`haproxy.router.openshift.io/timeout`), e.g. `Duration.minutes(10)` (written `10m`, in the
   * largest whole unit; at most HAProxy's limit, about 24 days). The router's default, 30 s, cuts non-streamed completions of long generations,
   * Responses calls that run tools, and reasoning models that think before their first streamed
   * token. An error on `Platform.KUBERNETES` (use the controller's annotations there).
   * @default Duration.minutes(10)
   */
  readonly routeTimeout?: Duration;
}

export const BACKEND_PROTOCOL_ANNOTATION = 'nginx.ingress.kubernetes.io/backend-protocol';
export const SSL_PASSTHROUGH_ANNOTATION = 'nginx.ingress.kubernetes.io/ssl-passthrough';
export const CLUSTER_ISSUER_ANNOTATION = 'cert-manager.io/cluster-issuer';
export const ISSUER_ANNOTATION = 'cert-manager.io/issuer';


function isDnsSubdomain(s: unknown): s is string {
  return typeof s === 'string' && isDns1123Subdomain(s).length === 0;
}

function isDnsLabel(s: unknown): s is string {
  return typeof s === 'string' && isDns1123Label(s).length === 0;
}

/**
 * Why `host` is not a valid Ingress rule host (Kubernetes `ValidateIngressSpec`): a DNS-1123
 * subdomain, optionally `*.` + one, and not an IP address. HTTPRoute hostnames follow the same rule.
 */
export function hostnameProblem(host: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) return 'must be a host name, not a URL: write it without the scheme and path';
  if (IPV4_SHAPE.test(host) || /^\[.*\]$|:.*:/.test(host)) return 'must be a DNS name, not an IP address';
  if (host.includes(':')) return 'must be a host name without a port';
  const wildcard = host.startsWith('*.');
  const rest = wildcard ? host.slice(2) : host;
  if (host.length > 253) return 'must be no more than 253 characters';
  if (rest.includes('*')) return 'a wildcard is only allowed as the whole first label (`*.example.com`)';
  if (!isDnsSubdomain(rest) || rest.split('.').some((l) => l.length > 63)) {
    return `must be a lower-case DNS-1123 subdomain${wildcard ? ' after `*.`' : ''} (labels of a-z, 0-9 and '-', at most 63 characters, separated by '.')`;
  }
  return undefined;
}

/** Why an `allowedFrom.labels` entry (`key` or `key=value`) is not a namespace label selector. */
export function labelSelectorProblem(entry: string): string | undefined {
  const eq = entry.indexOf('=');
  const key = eq >= 0 ? entry.slice(0, eq) : entry;
  const value = eq >= 0 ? entry.slice(eq + 1) : undefined;
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && !isDnsSubdomain(prefix)) return `label key prefix ${quoteValue(prefix)} must be a DNS-1123 subdomain`;
  if (isQualifiedName(name).length > 0) {
    return `label key ${quoteValue(key)} must be a qualified name (optional DNS prefix and '/', then at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric)`;
  }
  if (value !== undefined && isValidLabelValue(value).length > 0) {
    return `label value ${quoteValue(value)} must be at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric (or empty)`;
  }
  return undefined;
}

/** One NetworkPolicy peer for an `allowedFrom.labels` entry: `key` = has the key, `key=value` = has that value. */
export function labelPeer(entry: string): any {
  const eq = entry.indexOf('=');
  if (eq < 0) return { namespaceSelector: { matchExpressions: [{ key: entry, operator: 'Exists' }] } };
  return { namespaceSelector: { matchLabels: { [entry.slice(0, eq)]: entry.slice(eq + 1) } } };
}

/** Pod TLS on; the mode asked for, or the one the props imply. */
export function tlsModeOf(expose: ExposeOptions, podTls: boolean): ExposeTlsMode {
  return expose.tlsMode ?? (podTls ? ExposeTlsMode.REENCRYPT : ExposeTlsMode.TERMINATE);
}

/** Every problem of the `expose` props (typed path). */
export function exposeProblems(
  expose: ExposeOptions | undefined, spec: LlamaStackDistributionSpec, allowedFromGiven: boolean, openShift: boolean = false,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const p = (path: string, message: string, fix: string) => problems.push({ path: `props.expose${path}`, message, fix });
  if (!expose) return problems;
  const podTls = spec.networking?.tls?.enabled === true;
  for (const k of Object.keys(expose.annotations ?? {})) {
    const errs = isQualifiedName(k);
    if (errs.length > 0) p(`.annotations[${quoteValue(k)}]`, `annotation key ${quoteValue(k)} is not a qualified name: ${errs.join('; ')}`, 'use a prefix and a name, e.g. nginx.ingress.kubernetes.io/proxy-body-size');
  }
  const mode = tlsModeOf(expose, podTls);
  const host = expose.hostname;
  const tls = expose.tls;
  // On OpenShift (without a Gateway) a Route ends TLS at the router, with the router's certificate.
  const route = openShift && expose.gateway === undefined;
  if (expose.tlsMode !== undefined && !Object.values(ExposeTlsMode).includes(expose.tlsMode)) {
    p('.tlsMode', `${quoteValue(expose.tlsMode)} is not a TLS mode`, 'use ExposeTlsMode.TERMINATE, REENCRYPT or PASSTHROUGH');
  }
  // A Route does not carry expose.tls (a warning says so: platform-checks.ts).
  if (tls && !route) {
    if (tls.clusterIssuer !== undefined && tls.issuer !== undefined) {
      p('.tls', 'names both a cert-manager ClusterIssuer and an Issuer (one annotation decides)', 'keep clusterIssuer or issuer');
    }
    for (const k of ['clusterIssuer', 'issuer', 'secretName'] as const) {
      if (tls[k] !== undefined && !isDnsSubdomain(tls[k])) {
        p(`.tls.${k}`, `${quoteValue(tls[k])} is not an object name`, 'use a DNS-1123 subdomain: lower-case letters, digits, \'-\' and \'.\', at most 253 characters');
      }
    }
    if (tls.secretName === undefined && tls.clusterIssuer === undefined && tls.issuer === undefined) {
      p('.tls', 'names no certificate: neither a Secret nor a cert-manager issuer', 'set secretName (an existing kubernetes.io/tls Secret), or clusterIssuer / issuer for cert-manager to issue one');
    }
    if (host === undefined) {
      p('.hostname', 'TLS at the Ingress needs the host name the certificate is for', 'set expose.hostname');
    }
  }
  if (mode === ExposeTlsMode.TERMINATE && expose.tlsMode !== undefined) {
    if (podTls) p('.tlsMode', 'TERMINATE sends plain HTTP to the pod, but the pod serves HTTPS (tls is set)', 'remove tls, or use ExposeTlsMode.REENCRYPT');
    if (!tls && !route) p('.tls', 'TERMINATE needs the certificate the Ingress serves', 'set expose.tls (secretName, or a cert-manager clusterIssuer / issuer)');
  }
  if (mode === ExposeTlsMode.REENCRYPT && !podTls) {
    p('.tlsMode', 'REENCRYPT needs the pod to serve HTTPS', 'set tls (the pod\'s certificate Secret), or use ExposeTlsMode.TERMINATE');
  }
  if (mode === ExposeTlsMode.PASSTHROUGH) {
    if (!podTls) p('.tlsMode', 'PASSTHROUGH needs the pod to serve HTTPS: clients get the pod\'s certificate', 'set tls (the pod\'s certificate Secret)');
    if (tls) p('.tls', 'with PASSTHROUGH the Ingress decrypts nothing: clients get the pod\'s certificate', 'remove expose.tls, or use ExposeTlsMode.REENCRYPT');
    if (host === undefined && !route) p('.hostname', 'PASSTHROUGH routes by SNI, which needs a host name', 'set expose.hostname');
  }
  const gw = expose.gateway;
  if (gw) {
    if (!isDnsSubdomain(gw.name)) p('.gateway.name', `${quoteValue(gw.name)} is not a Gateway name`, 'use a DNS-1123 subdomain');
    if (gw.namespace !== undefined && !isDnsLabel(gw.namespace)) p('.gateway.namespace', `${quoteValue(gw.namespace)} is not a namespace name`, 'use a DNS-1123 label');
    if (gw.sectionName !== undefined && !isDnsSubdomain(gw.sectionName)) {
      p('.gateway.sectionName', `${quoteValue(gw.sectionName)} is not a listener name`, 'use a DNS-1123 subdomain (the listener\'s name)');
    }
    const ingressOnly: [string, unknown, string][] = [
      ['ingressClassName', expose.ingressClassName, 'the Gateway\'s class decides'],
      ['tls', tls, 'TLS at the edge is the Gateway listener\'s certificateRefs'],
      ['tlsMode', expose.tlsMode, 'an HTTPRoute always ends TLS at the Gateway; pod TLS needs a BackendTLSPolicy (README)'],
    ];
    for (const [k, v, why] of ingressOnly) {
      if (v !== undefined) p(`.${k}`, `is an Ingress setting, and gateway replaces the Ingress with an HTTPRoute (${why})`, `remove ${k}, or remove gateway`);
    }
  }
  if (expose.controllerNamespace !== undefined && !isDnsLabel(expose.controllerNamespace)) {
    p('.controllerNamespace', `${quoteValue(expose.controllerNamespace)} is not a namespace name`, 'use a DNS-1123 label, e.g. "ingress-nginx"');
  }
  (expose.controllerNamespaceLabels ?? []).forEach((l, i) => {
    const why = typeof l === 'string' ? labelSelectorProblem(l) : 'must be a string';
    if (why) p(`.controllerNamespaceLabels[${i}]`, why, 'write "key" (the namespace has the label) or "key=value"');
  });
  const from = spec.networking?.allowedFrom;
  const everyNamespace = (from?.namespaces ?? []).includes('*');
  const controllerNamed = expose.controllerNamespace !== undefined || (expose.controllerNamespaceLabels ?? []).length > 0;
  // On OpenShift the NetworkPolicy admits the router (and Gateways' proxies) by policy group.
  if (allowedFromGiven && !everyNamespace && !controllerNamed && !openShift) {
    problems.push({
      path: 'props.expose.controllerNamespace',
      message: `the NetworkPolicy from allowedFrom admits no path from the ${gw ? 'Gateway\'s proxies' : 'ingress controller'}: they run in a namespace of their own, so every request through the ${gw ? 'HTTPRoute' : 'Ingress'} would be dropped`,
      fix: `set expose.controllerNamespace to the namespace of the ${gw ? 'Gateway\'s data plane (e.g. "envoy-gateway-system", or the Gateway\'s namespace for Istio)' : 'ingress controller (e.g. "ingress-nginx")'}, or expose.controllerNamespaceLabels; it is added to allowedFrom (also when allowedFrom lists it already)`,
    });
  }
  return problems;
}

/** Problems of `spec.networking` that matter once objects exist (both paths). */
export function networkingProblems(spec: LlamaStackDistributionSpec): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const host = spec.networking?.expose?.hostname;
  if (typeof host === 'string' && host !== '') {
    const why = hostnameProblem(host);
    if (why) problems.push({ path: 'spec.networking.expose.hostname', message: `${quoteValue(host)} ${why}`, fix: 'use a host name such as llama.example.com (or *.example.com)' });
  }
  const labels = spec.networking?.allowedFrom?.labels;
  (Array.isArray(labels) ? labels : []).forEach((l, i) => {
    if (typeof l !== 'string') return;
    const why = labelSelectorProblem(l);
    if (why) problems.push({ path: `spec.networking.allowedFrom.labels[${i}]`, message: why, fix: 'write "key" (the namespace has the label, any value) or "key=value"' });
  });
  return problems;
}

/** The Ingress, HTTPRoute or (OpenShift) Route settings the props resolve to. */
export function resolveExposure(name: string, expose: ExposeOptions, podTls: boolean, openShift: boolean = false): Exposure {
  if (expose.gateway) return { gateway: expose.gateway, ...(expose.annotations ? { annotations: { ...expose.annotations } } : {}) };
  const mode = tlsModeOf(expose, podTls);
  if (openShift) {
    // ingress-nginx's annotations mean nothing to the router (a warning says so: platform-checks.ts).
    const annotations: { [k: string]: string } = {
      [ROUTE_TIMEOUT_ANNOTATION]: expose.routeTimeout !== undefined ? durationString(expose.routeTimeout) : DEFAULT_ROUTE_TIMEOUT,
    };
    for (const [k, v] of Object.entries(expose.annotations ?? {})) if (!k.startsWith(NGINX_ANNOTATION_PREFIX)) annotations[k] = v;
    const termination: RouteTermination = mode === ExposeTlsMode.PASSTHROUGH ? 'passthrough' : mode === ExposeTlsMode.REENCRYPT ? 'reencrypt' : 'edge';
    return { route: { termination }, annotations };
  }
  const annotations: { [k: string]: string } = {};
  let ingressTls: Exposure['ingressTls'];
  if (mode === ExposeTlsMode.PASSTHROUGH) {
    annotations[SSL_PASSTHROUGH_ANNOTATION] = 'true';
  } else {
    if (podTls) annotations[BACKEND_PROTOCOL_ANNOTATION] = 'HTTPS';
    const tls = expose.tls;
    if (tls) {
      if (tls.clusterIssuer !== undefined) annotations[CLUSTER_ISSUER_ANNOTATION] = tls.clusterIssuer;
      if (tls.issuer !== undefined) annotations[ISSUER_ANNOTATION] = tls.issuer;
      ingressTls = { secretName: tls.secretName ?? `${name}-ingress-tls`, hosts: expose.hostname !== undefined ? [expose.hostname] : [] };
    }
  }
  Object.assign(annotations, expose.annotations ?? {});
  return { ingressTls, annotations: Object.keys(annotations).length > 0 ? annotations : undefined };
}

/** `allowedFrom` with the controller's namespace and labels added (what the CR can carry too). */
export function withController<T extends { namespaces?: string[]; labels?: string[] }>(
  from: T | undefined, expose: ExposeOptions | undefined,
): T | undefined {
  if (!from || !expose || (from.namespaces ?? []).includes('*')) return from;
  const add = (list: string[] | undefined, extra: (string | undefined)[]) => {
    const out = [...(list ?? [])];
    for (const e of extra) if (e !== undefined && !out.includes(e)) out.push(e);
    return out.length > 0 ? out : undefined;
  };
  const namespaces = add(from.namespaces, [expose.controllerNamespace]);
  const labels = add(from.labels, expose.controllerNamespaceLabels ?? []);
  const out: any = { ...from };
  if (namespaces) out.namespaces = namespaces;
  if (labels) out.labels = labels;
  return out;
}
