/** Service `N-service` on the server port, and the ServiceAccount `N-sa` the pods run as. */
import { objectMeta, selectorLabels } from './labels';
import { KubeManifest } from './manifest';
import { METRICS_PORT_NAME } from './monitoring';
import { objectNames } from './object-names';
import { portName, portOf, WorkloadPlan } from './plan';

/** The Service annotation that asks OpenShift's service CA for a serving certificate in a Secret. */
export const SERVING_CERT_ANNOTATION = 'service.beta.openshift.io/serving-cert-secret-name';

/** The user's Service annotations, and the service CA's request (OpenShift). */
function serviceAnnotations(plan: WorkloadPlan): { [k: string]: string } | undefined {
  const given = plan.serviceOptions?.annotations;
  if (plan.servingCertSecret === undefined) return given ? { ...given } : undefined;
  return { ...given, [SERVING_CERT_ANNOTATION]: plan.servingCertSecret };
}

export function renderService(plan: WorkloadPlan): KubeManifest {
  const annotations = serviceAnnotations(plan);
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      ...objectMeta(plan, objectNames(plan.name).service),
      ...(annotations ? { annotations } : {}),
    },
    spec: {
      type: plan.serviceOptions?.type ?? 'ClusterIP',
      selector: selectorLabels(plan.name),
      ports: [portName(plan) === 'https'
        // appProtocol: what Gateway API implementations and some ingress controllers read.
        ? { name: 'https', protocol: 'TCP', appProtocol: 'https', port: portOf(plan), targetPort: 'https' }
        : { name: 'http', protocol: 'TCP', port: portOf(plan), targetPort: 'http' },
      ...(plan.monitoring ? [{ name: METRICS_PORT_NAME, protocol: 'TCP', port: plan.monitoring.metricsPort, targetPort: METRICS_PORT_NAME }] : [])],
    },
  };
}

/** Only when the pods use the generated account (not an existing one named in overrides). */
export function renderServiceAccount(plan: WorkloadPlan): KubeManifest | undefined {
  if (plan.spec.workload?.overrides?.serviceAccountName) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: objectMeta(plan, objectNames(plan.name).serviceAccount),
    automountServiceAccountToken: false,
  };
}
