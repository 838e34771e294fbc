import type { ResolvedModelSeed } from './model-seed-options';
import type { ResolvedMonitoring } from './monitoring-options';
import type { NetworkPolicyOptions, ServiceOptions } from './network-options';
import type { PodExtras } from './pod-extras';
import type { ResolvedPodTiming } from './pod-timing';
import type { ResolvedEmptyDirSizeLimits } from './volume-sizes';
import { AuthCaCertificate } from '../auth/server-auth';
import { DEFAULT_PORT, PodEnvVar } from '../releases/pod-env';
import { SecretEnvVar } from '../spec/secret-env';
import { LlamaStackDistributionSpec } from '../spec/spec';
import type { ResolvedEnvFrom } from '../values/env-from';
import type { Exposure } from '../values/expose';

export { PATHS } from '../releases/pod-paths';

export const CONTAINER_NAME = 'llama-stack';
/** The volume of the auth provider's CA. */
export const AUTH_CA_VOLUME = 'auth-ca';

/** Everything the object renderers need, resolved and validated. */
/**
 * App context key a writer sets when it quotes every ambiguous string itself (the command line):
 * objects may then hold values cdk8s's YAML writer would leave plain (`0o17`).
 */
export const QUOTED_YAML_CONTEXT = 'cdk8s-llama-stack:quoted-yaml';

export interface WorkloadPlan {
  readonly name: string;
  readonly namespace?: string;
  readonly image: string;
  /** The validated v1alpha2 spec (networking and workload are read from it). */
  readonly spec: LlamaStackDistributionSpec;
  /** The ConfigMap holding config.yaml (generated, or the user's overrideConfig). */
  readonly configMapName: string;
  /** True when this library generated the ConfigMap (and so renders it). */
  readonly generatedConfig: boolean;
  readonly configHash?: string;
  readonly secretEnv: SecretEnvVar[];
  readonly extraLabels: { [k: string]: string };
  readonly storageClassName?: string;
  readonly ingressClassName?: string;
  /** Ingress TLS and annotations, or the Gateway of an HTTPRoute (construct props only). */
  readonly exposure?: Exposure;
  readonly nodeSelector?: { [k: string]: string };
  readonly tolerations?: any[];
  readonly imagePullPolicy?: string;
  /** Every env var of the server container, in order (releases/pod-env.ts `podEnv`). */
  readonly env: PodEnvVar[];
  /**
   * The uid the pod runs as and the fsGroup of its volumes (non-root: the restricted profile).
   * Undefined on OpenShift: the `restricted-v2` SCC assigns both from the namespace's range.
   */
  readonly runAsUser?: number;
  readonly fsGroup?: number;
  /**
   * Written for OpenShift: the NetworkPolicy admits the router and the monitoring stack by their
   * `network.openshift.io/policy-group`, and DNS on the cluster DNS pods' port 5353 too.
   */
  readonly openShift?: boolean;
  /** OpenShift service CA: the Service asks for a serving certificate in this Secret. */
  readonly servingCertSecret?: string;
  /** OpenShift: the ConfigMap the Cluster Network Operator fills with the cluster's trusted CAs (written empty). */
  readonly injectedCaBundle?: string;
  /** A cache directory the image bakes in under `/.cache`, copied into the cache emptyDir (cache-seed.ts). */
  readonly bakedCacheDir?: string;
  /** Where the data volume goes when `workload.storage.mountPath` is not set. */
  readonly defaultMountPath: string;
  /** The operator pipeline's configs write under /data: mount the data volume there too. */
  readonly legacyDataMount: boolean;
  /**
   * Directories the config names for data that no other volume holds (the RHOAI image's paths
   * under its home): each gets an emptyDir, or a directory of the data PVC (generate/startup-check.ts).
   */
  readonly dataDirs?: readonly string[];
  /** The port the server listens on (`networking.port` unless that one is privileged). */
  readonly containerPort: number;
  /** Annotate the generated ConfigMap so GitOps tools do not prune it when the config changes. */
  readonly retainConfigMaps?: boolean;
  /** The CA certificate the auth provider reads (mounted read-only at `PATHS.authCaDir`). */
  readonly authCa?: AuthCaCertificate;
  /** Annotate the Deployment for Stakater Reloader with the Secrets and ConfigMaps the pod reads (deployment.ts). */
  readonly restartOnSecretChange?: boolean;
  /** Egress rules and whether the own namespace is admitted (network.ts). */
  readonly networkPolicy?: NetworkPolicyOptions;
  /** The Service's type and annotations. */
  readonly serviceOptions?: ServiceOptions;
  /** Pod annotations, pull Secrets, affinity, priority class, DRA claims (pod-extras.ts). */
  readonly podExtras?: PodExtras;
  /** The user's init containers, sidecars, envFrom and RuntimeClass (pod-containers.ts). */
  readonly podContainers?: PodContainers;
  /** Probe timing, the preStop drain and the grace period it implies (pod-timing.ts). */
  readonly podTiming?: ResolvedPodTiming;
  /** The Prometheus endpoint and what scrapes it (monitoring.ts), when on and the release serves it. */
  readonly monitoring?: ResolvedMonitoring;
  /** Every emptyDir's size limit: the user's, else the default (volume-sizes.ts). */
  readonly emptyDirSizeLimits: ResolvedEmptyDirSizeLimits;
  /** The pod's own volumes and the server's mounts, laid out once (`PodLayout`). */
  readonly layout: PodLayout;
  /**
   * The objects are written by a writer that quotes every ambiguous string (the command line),
   * not by `cdk8s synth`, so a value such as `0o17` is safe.
   */
  readonly quotedYaml?: boolean;
  /**
   * The base config the library ships, when the config is generated from it: a credential the
   * rendered objects hold that is in it is the library's (a demo config's connection string).
   */
  readonly libraryConfigText?: string;
  /** Air-gapped clusters: the mirror every image the library writes is pulled from (`imageRegistry`), and the model seed. */
  readonly imageRegistry?: string;
  readonly modelSeed?: ResolvedModelSeed;
}

/** What decides the pod's own volumes and mounts: all of it known before the config is generated. */
export type PodLayoutInput = Pick<WorkloadPlan, 'name' | 'spec' | 'emptyDirSizeLimits' | 'authCa' | 'legacyDataMount' | 'defaultMountPath'>
  & Partial<Pick<WorkloadPlan, 'modelSeed' | 'imagePullPolicy'>>;

/**
 * The pod's own volumes and the server container's mounts, in order (deployment.ts `podLayout`),
 * laid out once by the planner before the config exists: the input checks read their names and
 * paths, and the Deployment renders them with what the config adds (the name of its ConfigMap
 * in the `config` volume, a volume or directory for each of its data directories).
 */
export interface PodLayout {
  readonly volumes: readonly any[];
  readonly mounts: readonly any[];
}

/** The user's init containers, sidecars, envFrom sources and RuntimeClass, resolved for the renderer (pod-containers.ts). */
export interface PodContainers {
  readonly initContainers?: any[];
  readonly sidecars?: any[];
  readonly envFrom?: ResolvedEnvFrom[];
  readonly runtimeClassName?: string;
}

/** The Service port: `networking.port`. */
export function portOf(plan: WorkloadPlan): number {
  return plan.spec.networking?.port ?? DEFAULT_PORT;
}

export function tlsEnabled(plan: Pick<WorkloadPlan, 'spec'>): boolean {
  return plan.spec.networking?.tls?.enabled === true;
}

/**
 * Name of the container and Service port: `https` when the pod serves TLS (with `appProtocol:
 * https` on the Service), else `http`. Probes and the Ingress refer to it by name.
 */
export function portName(plan: WorkloadPlan): 'http' | 'https' {
  return tlsEnabled(plan) ? 'https' : 'http';
}

export function replicasOf(plan: WorkloadPlan): number {
  return plan.spec.workload?.replicas ?? 1;
}

export function hasPvc(plan: Pick<WorkloadPlan, 'spec'>): boolean {
  return plan.spec.workload?.storage !== undefined && plan.spec.workload.storage !== null;
}

export function mountPathOf(plan: Pick<WorkloadPlan, 'spec' | 'defaultMountPath'>): string {
  return plan.spec.workload?.storage?.mountPath || plan.defaultMountPath;
}

export function caBundleKeys(plan: Pick<WorkloadPlan, 'spec'>): string[] {
  const ca = plan.spec.networking?.tls?.caBundle;
  if (!ca) return [];
  return ca.configMapKeys && ca.configMapKeys.length > 0 ? ca.configMapKeys : ['ca-bundle.crt'];
}
