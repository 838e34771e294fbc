/**
 * Validates synthesized objects against the Kubernetes OpenAPI schemas (kubernetes-models),
 * Gateway API HTTPRoutes against the real CRD in crds/ (schema and CEL rules, crd-schema.ts), and
 * OpenShift Routes against the Route CRD's rules (openshift-route.ts), KEDA ScaledObjects against
 * KEDA's CRD and webhook rules (keda.ts).
 * Unknown kinds fail: every kind the library emits must be covered here.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { crdSchemaErrors } from './crd-schema';
import { scaledObjectProblems } from './keda';
import { validateRoute } from './openshift-route';

const MODULES: { [gvk: string]: string } = {
  'v1/ConfigMap': 'kubernetes-models/v1/ConfigMap',
  'v1/Service': 'kubernetes-models/v1/Service',
  'v1/ServiceAccount': 'kubernetes-models/v1/ServiceAccount',
  'v1/PersistentVolumeClaim': 'kubernetes-models/v1/PersistentVolumeClaim',
  'v1/Secret': 'kubernetes-models/v1/Secret',
  'apps/v1/Deployment': 'kubernetes-models/apps/v1/Deployment',
  'batch/v1/Job': 'kubernetes-models/batch/v1/Job',
  'batch/v1/CronJob': 'kubernetes-models/batch/v1/CronJob',
  'autoscaling/v2/HorizontalPodAutoscaler': 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget': 'kubernetes-models/policy/v1/PodDisruptionBudget',
  'networking.k8s.io/v1/NetworkPolicy': 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
  'networking.k8s.io/v1/Ingress': 'kubernetes-models/networking.k8s.io/v1/Ingress',
};

/** Returns one message per invalid object (empty when all are valid). */
export function schemaErrors(manifests: any[]): string[] {
  const errors: string[] = [];
  for (const m of manifests) {
    const gvk = `${m.apiVersion}/${m.kind}`;
    if (gvk === 'gateway.networking.k8s.io/v1/HTTPRoute') {
      // No kubernetes-models schema for Gateway API: the standard-channel CRD (crds/gateway.networking.k8s.io_httproutes.yaml).
      errors.push(...crdSchemaErrors(m));
      continue;
    }
    if (gvk === 'route.openshift.io/v1/Route') {
      errors.push(...validateRoute(m).problems.map((e) => `${gvk} ${m.metadata?.name}: ${e}`));
      continue;
    }
    if (gvk === 'keda.sh/v1alpha1/ScaledObject') {
      // KEDA's CRD and webhook rules (keda.ts), against the other objects (an HPA on the same Deployment).
      errors.push(...scaledObjectProblems(manifests).filter((e) => e.startsWith(`ScaledObject/${m.metadata?.name}: `)));
      continue;
    }
    if (gvk === 'monitoring.coreos.com/v1/ServiceMonitor' || gvk === 'monitoring.coreos.com/v1/PrometheusRule') {
      errors.push(...prometheusOperatorErrors(m));
      continue;
    }
    const mod = MODULES[gvk];
    if (!mod) {
      errors.push(`${gvk} ${m.metadata?.name}: no schema known`);
      continue;
    }
    const Model = require(mod)[m.kind];
    try {
      new Model(m).validate();
    } catch (e) {
      errors.push(`${gvk} ${m.metadata?.name}: ${(e as Error).message}`);
    }
  }
  return errors;
}

/** The Prometheus Operator CRDs' Duration pattern (monitoring.coreos.com/v1). */
const DURATION = /^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$/;
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * ServiceMonitor and PrometheusRule (monitoring.coreos.com/v1), checked against the fields, types,
 * required fields and patterns of the Prometheus Operator's CRDs that the library writes (no
 * schema package is installed here); an unknown field is an error, as structural pruning would drop it.
 */
function prometheusOperatorErrors(m: any): string[] {
  const errors: string[] = [];
  const at = `${m.apiVersion}/${m.kind} ${m.metadata?.name}`;
  const err = (msg: string) => errors.push(`${at}: ${msg}`);
  const only = (o: any, keys: string[], where: string) => {
    for (const k of Object.keys(o ?? {})) if (!keys.includes(k)) err(`${where}.${k}: unknown field`);
  };
  const strings = (o: any, where: string) => {
    if (o === undefined) return;
    if (typeof o !== 'object' || Array.isArray(o)) {
      err(`${where}: must be a map`);
      return;
    }
    for (const [k, v] of Object.entries(o)) if (typeof v !== 'string') err(`${where}.${k}: must be a string`);
  };
  if (typeof m.metadata?.name !== 'string' || !NAME.test(m.metadata.name) || m.metadata.name.length > 253) err('metadata.name: not a DNS-1123 subdomain');
  strings(m.metadata?.labels, 'metadata.labels');
  only(m, ['apiVersion', 'kind', 'metadata', 'spec'], '');
  const spec = m.spec;
  if (typeof spec !== 'object' || spec === null) return [...errors, `${at}: spec is required`];
  if (m.kind === 'ServiceMonitor') {
    only(spec, ['selector', 'endpoints', 'namespaceSelector', 'jobLabel'], 'spec');
    if (typeof spec.selector !== 'object') err('spec.selector: required');
    strings(spec.selector?.matchLabels, 'spec.selector.matchLabels');
    if (!Array.isArray(spec.endpoints)) err('spec.endpoints: must be a list');
    (spec.endpoints ?? []).forEach((e: any, i: number) => {
      only(e, ['port', 'path', 'scheme', 'interval', 'scrapeTimeout'], `spec.endpoints[${i}]`);
      if (e.port !== undefined && typeof e.port !== 'string') err(`spec.endpoints[${i}].port: must be a string`);
      if (e.scheme !== undefined && !['http', 'https', 'HTTP', 'HTTPS'].includes(e.scheme)) err(`spec.endpoints[${i}].scheme: unsupported`);
      for (const d of ['interval', 'scrapeTimeout']) if (e[d] !== undefined && !DURATION.test(e[d])) err(`spec.endpoints[${i}].${d}: not a Duration`);
    });
  } else {
    only(spec, ['groups'], 'spec');
    (Array.isArray(spec.groups) ? spec.groups : []).forEach((g: any, i: number) => {
      only(g, ['name', 'interval', 'rules'], `spec.groups[${i}]`);
      if (typeof g.name !== 'string' || g.name === '') err(`spec.groups[${i}].name: required`);
      (Array.isArray(g.rules) ? g.rules : []).forEach((r: any, j: number) => {
        const w = `spec.groups[${i}].rules[${j}]`;
        only(r, ['alert', 'record', 'expr', 'for', 'labels', 'annotations'], w);
        if (r.expr === undefined || (typeof r.expr !== 'string' && typeof r.expr !== 'number')) err(`${w}.expr: required`);
        if (r.for !== undefined && !DURATION.test(r.for)) err(`${w}.for: not a Duration`);
        strings(r.labels, `${w}.labels`);
        strings(r.annotations, `${w}.annotations`);
      });
    });
  }
  return errors;
}
