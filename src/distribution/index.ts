export * from './props';
export { AirGapProps } from './air-gap-props';
export { PodContainerProps } from './pod-container-props';
export { VerifyOptions } from './verify-options';
export { VerifyCheckOptions } from '../verify/input';
export { LlamaStackDistribution } from './llama-stack-distribution';
export { specFromProps } from './spec-from-props';
