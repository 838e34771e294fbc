/** Renders every object of a distribution, in apply order. */
import { renderConfigMap } from './config-map';
import { renderDeployment } from './deployment';
import { KubeManifest } from './manifest';
import { renderHttpRoute, renderIngress, renderNetworkPolicy } from './network';
import { WorkloadPlan } from './plan';
import { renderHpa, renderPdb } from './scaling';
import { renderService, renderServiceAccount } from './service';
import { renderPvc } from './storage';

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
}

export function renderObjects(plan: WorkloadPlan, configYaml: string | undefined): RenderedObjects {
  return {
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
  };
}

export { WorkloadPlan } from './plan';
export { KubeManifest } from './manifest';
