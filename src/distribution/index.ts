export * from './props';
export { LlamaStackDistribution } from './llama-stack-distribution';
export { specFromProps } from './spec-from-props';
