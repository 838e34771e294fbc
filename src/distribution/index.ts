export * from './props';
export { PodContainerProps } from './pod-container-props';
export { VerifyOptions } from './verify-options';
export { LlamaStackDistribution } from './llama-stack-distribution';
export { specFromProps } from './spec-from-props';
