/** Renders every object of a distribution, in apply order. */
import { renderConfigMap } from './config-map';
import { renderDeployment } from './deployment';
import { KubeManifest } from './manifest';
import { renderPrometheusRule, renderServiceMonitor } from './monitoring';
import { renderHttpRoute, renderIngress, renderNetworkPolicy } from './network';
import { WorkloadPlan } from './plan';
import { renderPvc } from './pvc';
import { renderHpa, renderPdb } from './scaling';
import { renderService, renderServiceAccount } from './service';
import { LlamaStackConfigError } from '../core/errors';
import { renderedObjectProblems } from '../kubernetes/object-shape';

/** The objects of one distribution, keyed by role; absent ones were not asked for. */
export interface RenderedObjects {
  readonly configMap?: KubeManifest;
  readonly serviceAccount?: KubeManifest;
  readonly pvc?: KubeManifest;
  readonly deployment: KubeManifest;
  readonly service: KubeManifest;
  readonly hpa?: KubeManifest;
  readonly pdb?: KubeManifest;
  readonly networkPolicy?: KubeManifest;
  readonly ingress?: KubeManifest;
  readonly httpRoute?: KubeManifest;
  readonly serviceMonitor?: KubeManifest;
  readonly prometheusRule?: KubeManifest;
}

/**
 * Renders the objects, then checks them as the API server would (src/kubernetes/object-checks.ts):
 * the input checks report at the user's paths first, so this only fires for what they miss.
 */
export function renderObjects(plan: WorkloadPlan, configYaml: string | undefined): RenderedObjects {
  const objects: RenderedObjects = {
    configMap: plan.generatedConfig && configYaml !== undefined ? renderConfigMap(plan, configYaml) : undefined,
    serviceAccount: renderServiceAccount(plan),
    pvc: renderPvc(plan),
    deployment: renderDeployment(plan),
    service: renderService(plan),
    hpa: renderHpa(plan),
    pdb: renderPdb(plan),
    networkPolicy: renderNetworkPolicy(plan),
    ingress: renderIngress(plan),
    httpRoute: renderHttpRoute(plan),
    serviceMonitor: renderServiceMonitor(plan),
    prometheusRule: renderPrometheusRule(plan),
  };
  const rendered = Object.values(objects).filter((m) => m !== undefined);
  const problems = renderedObjectProblems(rendered, plan.spec, plan.quotedYaml === true, plan.name);
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return objects;
}

export { WorkloadPlan } from './plan';
export { KubeManifest } from './manifest';
