/**
 * What only the platform makes right or wrong: OpenShift-only props on Kubernetes, and on
 * OpenShift the exposure settings a Route cannot carry (refused, or warned as not carried), the
 * router's timeout, the service CA's annotation and the router's generated host name.
 */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { durationString } from '../kubernetes/units';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { ExposeTlsMode, NGINX_ANNOTATION_PREFIX, routeTimeoutProblem, tlsModeOf } from '../values/expose';
import { objectNames } from '../workload/object-names';
import { SERVING_CERT_ANNOTATION } from '../workload/service';

/** The longest DNS label: the router's generated host starts with `<route>-<namespace>`. */
const DNS_LABEL_MAX = 63;

type PlatformProps = Pick<LlamaStackDistributionProps, 'expose' | 'tls' | 'service' | 'spec'>;

/** A Route is written: on OpenShift, exposed, and not through a Gateway. */
export function writesRoute(props: PlatformProps, spec: LlamaStackDistributionSpec, openShift: boolean): boolean {
  const e = spec.networking?.expose;
  return openShift && e !== undefined && e !== null && e.enabled !== false && props.expose?.gateway === undefined;
}

export function platformProblems(props: PlatformProps, spec: LlamaStackDistributionSpec, openShift: boolean,
  name: string, namespace: string | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const timeout = props.expose?.routeTimeout;
  if (timeout !== undefined && !openShift) {
    problems.push({
      path: 'props.expose.routeTimeout',
      message: 'is the OpenShift router\'s timeout for a Route, and Platform.KUBERNETES writes an Ingress',
      fix: 'remove routeTimeout and set your controller\'s timeout in expose.annotations (ingress-nginx: proxy-read-timeout), or set platform: Platform.OPENSHIFT',
    });
  } else if (timeout !== undefined) {
    const why = routeTimeoutProblem(timeout);
    if (why) problems.push({ path: 'props.expose.routeTimeout', message: `${durationString(timeout)} ${why} (the router ignores it and keeps 30 s)`, fix: 'use e.g. Duration.minutes(10)' });
  }
  if (!openShift) return problems;
  if (props.tls?.serviceCa === true && props.service?.annotations?.[SERVING_CERT_ANNOTATION] !== undefined) {
    problems.push({
      path: childPath('props.service.annotations', SERVING_CERT_ANNOTATION),
      message: 'is written by tls.serviceCa (it names the Secret the server serves)',
      fix: 'remove the annotation, and name the Secret with tls.secretName',
    });
  }
  const host = spec.networking?.expose?.hostname;
  if (writesRoute(props, spec, openShift) && (host === undefined || host === '') && namespace !== undefined) {
    const label = `${objectNames(name).route}-${namespace}`;
    if (label.length > DNS_LABEL_MAX) {
      problems.push({
        path: props.spec ? 'spec.networking.expose.hostname' : 'props.expose.hostname',
        message: `the router names a Route without a host <name>-<namespace>.<apps domain>, and "${label}" is ${label.length} characters: a DNS label holds ${DNS_LABEL_MAX}`,
        fix: 'set the host name, or use a shorter name or namespace',
      });
    }
  }
  return problems;
}

/** Legal on OpenShift, but not what the props say: each is not carried, or will not work as meant. */
export function platformWarnings(props: PlatformProps, spec: LlamaStackDistributionSpec, openShift: boolean): ConfigProblem[] {
  if (!writesRoute(props, spec, openShift)) return [];
  const warnings: ConfigProblem[] = [];
  const expose = props.expose;
  if (expose?.ingressClassName !== undefined) {
    warnings.push({
      path: 'props.expose.ingressClassName',
      message: 'is not carried: a Route has no class (OpenShift writes a Route, not an Ingress)',
      fix: 'remove ingressClassName; to pick a router shard, give the Route the labels its IngressController selects (props.labels)',
    });
  }
  if (expose?.tls !== undefined) {
    warnings.push({
      path: 'props.expose.tls',
      message: 'is not carried: a Route serves the router\'s certificate (the IngressController\'s default: the apps domain\'s wildcard unless the admin set another), which names no Secret or cert-manager issuer',
      fix: 'remove expose.tls if the router\'s certificate covers the host; else serve your certificate from the pod (tls) with expose.tlsMode: ExposeTlsMode.PASSTHROUGH',
    });
  }
  for (const k of Object.keys(expose?.annotations ?? {}).filter((key) => key.startsWith(NGINX_ANNOTATION_PREFIX)).sort()) {
    warnings.push({
      path: childPath('props.expose.annotations', k),
      message: 'is not carried: an ingress-nginx annotation, which the OpenShift router ignores',
      fix: 'remove it; the Route\'s timeout is expose.routeTimeout, other router settings are haproxy.router.openshift.io/ annotations',
    });
  }
  const podTls = spec.networking?.tls?.enabled === true;
  if (podTls && props.tls?.serviceCa !== true && tlsModeOf(expose ?? {}, podTls) === ExposeTlsMode.REENCRYPT) {
    warnings.push({
      path: props.spec ? 'spec.networking.tls.secretName' : 'props.tls.secretName',
      message: 'the Route re-encrypts to the pod, and the router checks the pod\'s certificate against the service CA: a certificate of another CA fails every request (503)',
      fix: 'serve the service CA\'s certificate (tls: { serviceCa: true }), or pass the pod\'s certificate through (expose.tlsMode: ExposeTlsMode.PASSTHROUGH)',
    });
  }
  return warnings;
}
