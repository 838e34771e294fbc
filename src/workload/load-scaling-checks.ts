/**
 * The checks of `monitoring.scaling` (load-scaling.ts), at their props paths: the release must
 * serve the metrics, `autoscaling` gives the bounds, and each engine takes only its own fields.
 * The shared-state rule needs nothing here: KEDA's `maxReplicaCount` and the HPA's `maxReplicas`
 * are `autoscaling.maxReplicas`, which generate/shared-state.ts already reads.
 */
import { LoadScalingEngine, LoadScalingOptions } from './monitoring-options';
import { credentialInText, isCredentialKey, urlCredentials } from '../core/credential-keys';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { parseHttpUrl } from '../core/url';
import { isDns1123Subdomain, labelMapProblems } from '../kubernetes/name-rules';

/** The trigger metadata the library writes from the options. */
const OWN_METADATA: { readonly [key: string]: string } = { serverAddress: 'serverAddress', query: 'query', threshold: 'targetPerPod' };

const AT = 'props.monitoring.scaling';

/** The props these checks read. */
export interface LoadScalingProps {
  readonly monitoring?: { readonly serviceMonitor?: boolean; readonly scaling?: LoadScalingOptions };
  readonly autoscaling?: unknown;
  readonly spec?: unknown;
}

/** Fields of one engine only: [field, engine]. */
const ENGINE_FIELDS: readonly (readonly [keyof LoadScalingOptions, LoadScalingEngine])[] = [
  ['serverAddress', LoadScalingEngine.KEDA],
  ['query', LoadScalingEngine.KEDA],
  ['authenticationRef', LoadScalingEngine.KEDA],
  ['triggerMetadata', LoadScalingEngine.KEDA],
  ['metricName', LoadScalingEngine.PROMETHEUS_ADAPTER],
  ['external', LoadScalingEngine.PROMETHEUS_ADAPTER],
  ['metricSelector', LoadScalingEngine.PROMETHEUS_ADAPTER],
];

const ENGINE_NAMES: { readonly [e: string]: string } = {
  [LoadScalingEngine.KEDA]: 'LoadScalingEngine.KEDA',
  [LoadScalingEngine.PROMETHEUS_ADAPTER]: 'LoadScalingEngine.PROMETHEUS_ADAPTER',
};

/**
 * Every problem of `monitoring.scaling`. `release` describes the target, `hasMetrics` says
 * whether it serves the Prometheus endpoint.
 */
export function loadScalingProblems(props: LoadScalingProps, hasMetrics: boolean, release: string): ConfigProblem[] {
  const s = props.monitoring?.scaling;
  // With props.spec, props.monitoring itself is refused (the spec's monitoring has no scaling).
  if (s === undefined || props.spec !== undefined) return [];
  const problems: ConfigProblem[] = [];
  const add = (path: string, message: string, fix: string) => problems.push({ path, message, fix });
  if (!hasMetrics) {
    add(AT, `${release} serves no request metrics to scale on (OGX 1.2+ serves ogx_concurrent_requests)`, 'use ServerTarget.OGX_1_2 or later, or remove scaling (autoscaling scales on CPU)');
  }
  if (props.autoscaling === undefined) {
    add(AT, 'scaling on load needs the bounds of autoscaling (minReplicas, maxReplicas)', 'add autoscaling: { maxReplicas: 4 } (and minReplicas, default 1)');
  }
  if (s.targetPerPod !== undefined && s.targetPerPod < 1) {
    add(`${AT}.targetPerPod`, `${s.targetPerPod} is not a load a pod can carry`, 'use 1 or more requests in flight per pod, e.g. 10');
  }
  for (const [field, engine] of ENGINE_FIELDS) {
    if (s[field] !== undefined && s.engine !== engine) {
      add(`${AT}.${field}`, `is read only with ${ENGINE_NAMES[engine]}`, `remove ${field}, or use engine: ${ENGINE_NAMES[engine]}`);
    }
  }
  const serviceMonitor = props.monitoring?.serviceMonitor === true;
  if (s.engine === LoadScalingEngine.KEDA) {
    kedaProblems(s, serviceMonitor, add);
  } else {
    adapterProblems(s, serviceMonitor, add);
  }
  return problems;
}

type Add = (path: string, message: string, fix: string) => void;

function kedaProblems(s: LoadScalingOptions, serviceMonitor: boolean, add: Add): void {
  if (s.serverAddress === undefined) {
    add(AT, 'KEDA needs the address of the Prometheus it queries', 'add serverAddress, e.g. \'http://prometheus-operated.monitoring.svc:9090\'');
  } else if (urlCredentials(s.serverAddress) !== undefined) {
    // The ScaledObject would hold it in plain text.
    add(`${AT}.serverAddress`, 'holds a credential (a ScaledObject is not a Secret)', 'remove it from the URL, and give KEDA a TriggerAuthentication of your own');
  } else if (parseHttpUrl(s.serverAddress) === undefined) {
    add(`${AT}.serverAddress`, `${quoteValue(s.serverAddress)} is not an http(s) URL`, 'write the Prometheus URL, e.g. \'http://prometheus-operated.monitoring.svc:9090\'');
  }
  if (s.query !== undefined && s.query.trim() === '') {
    add(`${AT}.query`, 'is empty', 'write a PromQL query, or remove query for the default (requests in flight)');
  } else if (s.query === undefined && !serviceMonitor) {
    add(AT, 'the default query selects the series by the job label the ServiceMonitor\'s scrape sets', 'set monitoring.serviceMonitor: true, or give query');
  }
  if (s.authenticationRef !== undefined && isDns1123Subdomain(s.authenticationRef).length > 0) {
    add(`${AT}.authenticationRef`, `${quoteValue(s.authenticationRef)} is not a TriggerAuthentication name`, 'use the name of a TriggerAuthentication in the namespace, e.g. prometheus-auth');
  }
  for (const key of Object.keys(s.triggerMetadata ?? {}).sort()) {
    const path = childPath(`${AT}.triggerMetadata`, key);
    const value = s.triggerMetadata![key];
    const own = Object.prototype.hasOwnProperty.call(OWN_METADATA, key) ? OWN_METADATA[key] : undefined;
    if (own !== undefined) {
      add(path, `is written from ${own}`, `remove it, and set ${own}`);
    } else if (isCredentialKey(key) || credentialInText(value) !== undefined) {
      // Described, never quoted: the ScaledObject is no Secret.
      add(path, `holds ${credentialInText(value) ?? 'a credential'} (a ScaledObject is not a Secret)`, 'put credentials in a TriggerAuthentication, and name it in authenticationRef');
    }
  }
}

function adapterProblems(s: LoadScalingOptions, serviceMonitor: boolean, add: Add): void {
  const name = s.metricName;
  // The HPA's metric name is a path segment of the metrics API.
  if (name !== undefined && (name === '' || name === '.' || name === '..' || /[/%]/.test(name))) {
    add(`${AT}.metricName`, `${quoteValue(name)} is not a metric name (the metrics API reads it as a path segment)`, 'use the name the adapter serves, e.g. ogx_concurrent_requests');
  }
  if (s.metricSelector !== undefined && s.external !== true) {
    add(`${AT}.metricSelector`, 'selects an external metric: a Pods metric is read from the HPA\'s own pods', 'set external: true, or remove metricSelector');
  }
  for (const p of labelMapProblems(s.metricSelector, `${AT}.metricSelector`, 'selector label')) add(p.path, p.message, p.fix);
  if (s.external === true && s.metricSelector === undefined && !serviceMonitor) {
    add(AT, 'the default selector of the external metric is the job label the ServiceMonitor\'s scrape sets', 'set monitoring.serviceMonitor: true, or give metricSelector');
  }
}
