/**
 * Validates synthesized objects against the Kubernetes OpenAPI schemas (kubernetes-models), and
 * Gateway API HTTPRoutes against the real CRD in crds/ (schema and CEL rules, crd-schema.ts).
 * Unknown kinds fail: every kind the library emits must be covered here.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { crdSchemaErrors } from './crd-schema';

const MODULES: { [gvk: string]: string } = {
  'v1/ConfigMap': 'kubernetes-models/v1/ConfigMap',
  'v1/Service': 'kubernetes-models/v1/Service',
  'v1/ServiceAccount': 'kubernetes-models/v1/ServiceAccount',
  'v1/PersistentVolumeClaim': 'kubernetes-models/v1/PersistentVolumeClaim',
  'v1/Secret': 'kubernetes-models/v1/Secret',
  'apps/v1/Deployment': 'kubernetes-models/apps/v1/Deployment',
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
