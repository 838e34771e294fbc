export * from './props';
export { VerifyOptions } from './verify-options';
export { LlamaStackDistribution } from './llama-stack-distribution';
export { specFromProps } from './spec-from-props';
