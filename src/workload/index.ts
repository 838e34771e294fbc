/** Renders every object of a distribution, in apply order. */
import { renderInjectedCaBundle } from './ca-bundle';
import { renderConfigMap } from './config-map';
import { renderDeployment } from './deployment';
import { renderHpa, renderPdb, renderScaledObject } from './load-scaling';
import { KubeManifest } from './manifest';
import { renderPrometheusRule, renderServiceMonitor } from './monitoring';
import { renderHttpRoute, renderIngress, renderNetworkPolicy, renderRoute } from './network';
import { WorkloadPlan } from './plan';
import { renderPvc } from './pvc';
import { renderService, renderServiceAccount } from './service';
import { ConfigProblem } from '../core/errors';
import { credentialLeakProblems, objectProblems } from '../kubernetes/object-checks';
import { plainYamlProblems } from '../kubernetes/plain-yaml';

/** The objects of one distribution, keyed by role; absent ones were not asked for. */
export interface RenderedObjects {
  readonly configMap?: KubeManifest;
  /** OpenShift: the ConfigMap the cluster injects its trusted CAs into. */
  readonly trustedCaBundle?: KubeManifest;
  readonly serviceAccount?: KubeManifest;
  readonly pvc?: KubeManifest;
  readonly deployment: KubeManifest;
  readonly service: KubeManifest;
  readonly hpa?: KubeManifest;
  /** KEDA's ScaledObject (`monitoring.scaling` with KEDA): KEDA writes the HPA then. */
  readonly scaledObject?: KubeManifest;
  readonly pdb?: KubeManifest;
  readonly networkPolicy?: KubeManifest;
  readonly ingress?: KubeManifest;
  readonly httpRoute?: KubeManifest;
  /** OpenShift: the Route that replaces the Ingress. */
  readonly route?: KubeManifest;
  readonly serviceMonitor?: KubeManifest;
  readonly prometheusRule?: KubeManifest;
}

/** The objects, or the problems the API server (or another YAML reader) would find in them. */
export type RenderOutcome = { readonly objects: RenderedObjects } | { readonly problems: ConfigProblem[] };

/**
 * Renders the objects, then checks them as the API server would (src/kubernetes/object-checks.ts):
 * the input checks report at the user's paths first, so this only finds what they miss.
 */
export function renderObjects(plan: WorkloadPlan, configYaml: string | undefined): RenderOutcome {
  const objects: RenderedObjects = {
    configMap: plan.generatedConfig && configYaml !== undefined ? renderConfigMap(plan, configYaml) : undefined,
    trustedCaBundle: renderInjectedCaBundle(plan),
    serviceAccount: renderServiceAccount(plan),
    pvc: renderPvc(plan),
    deployment: renderDeployment(plan),
    service: renderService(plan),
    hpa: renderHpa(plan),
    scaledObject: renderScaledObject(plan),
    pdb: renderPdb(plan),
    networkPolicy: renderNetworkPolicy(plan),
    ingress: renderIngress(plan),
    httpRoute: renderHttpRoute(plan),
    route: renderRoute(plan),
    serviceMonitor: renderServiceMonitor(plan),
    prometheusRule: renderPrometheusRule(plan),
  };
  const rendered = Object.values(objects).filter((m) => m !== undefined);
  // cdk8s's writer leaves ambiguous strings plain: unless the writer quotes them itself, what
  // other readers would misread is a problem too.
  const problems = [
    ...objectProblems(rendered, plan.spec),
    ...(plan.quotedYaml === true ? [] : plainYamlProblems(rendered)),
    // The last guard: no credential the user typed into any slot reaches an object.
    ...credentialLeakProblems(rendered, plan.libraryConfigText),
  ];
  return problems.length > 0 ? { problems } : { objects };
}

export { WorkloadPlan } from './plan';
export { KubeManifest } from './manifest';
