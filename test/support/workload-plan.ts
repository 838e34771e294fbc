import { WorkloadPlan } from '../../src/workload/plan';
import { DEFAULT_EMPTY_DIR_SIZE_LIMITS } from '../../src/workload/volume-sizes';

/**
 * A plan holding only what a renderer reads, written out (not planned), so a renderer's test
 * states its whole input: distribution `llama` in namespace `ai`, the given v1alpha2 spec.
 */
export function workloadPlan(spec: object = {}, extra: Partial<WorkloadPlan> = {}): WorkloadPlan {
  return {
    name: 'llama',
    namespace: 'ai',
    image: 'quay.io/ogx/server:1.3.0',
    spec: spec as WorkloadPlan['spec'],
    configMapName: 'llama-config-01234567',
    generatedConfig: true,
    secretEnv: [],
    extraLabels: {},
    env: [],
    defaultMountPath: '/.llama',
    legacyDataMount: false,
    containerPort: 8321,
    emptyDirSizeLimits: DEFAULT_EMPTY_DIR_SIZE_LIMITS,
    ...extra,
  };
}

/** The labels every object of distribution `llama` carries (workload/labels.ts commonLabels, no version). */
export const LLAMA_LABELS = {
  'app': 'llama-stack',
  'app.kubernetes.io/instance': 'llama',
  'app.kubernetes.io/name': 'llama-stack',
  'app.kubernetes.io/component': 'server',
  'app.kubernetes.io/part-of': 'llama-stack',
  'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
};
