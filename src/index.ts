export * from './config/spec';
export { ConfigProblem } from './config/errors';
export { ConfigGenerator, GeneratedConfig, GenerateOptions } from './config/config-generator';
export { SecretEnvVar, SecretEnvVarSource, SecretKeySelector } from './config/secrets';
export * from './secret-ref';
export * from './storage-backend';
export * from './providers';
export * from './external-provider';
export * from './auth';
export * from './llama-stack-distribution';
export { ServerTarget } from './targets/server-target';
export { TargetConfig, TargetConfigGenerator, TargetConfigOptions } from './targets/target-config';
export { VectorStoreDefaults } from './targets/vector-stores';
export { EmptyDirSizeLimits } from './workload/empty-dirs';
// `LlamaStackConfigError` extends Error, which jsii cannot export to other languages; TypeScript
// users import it from 'cdk8s-llama-stack/lib/config/errors'. Other languages see the message.
export { LlamaStackDistributionManifest, ManifestParseOptions, ManifestRenderOptions, ParsedDistribution } from './interop/manifest';
export { LlamaStackDistributionResource, OgxServerResource } from './interop/custom-resources';
