export * from './config/spec';
export * from './config/errors';
export { ConfigGenerator, GeneratedConfig, GenerateOptions } from './config/config-generator';
export { SecretEnvVar, SecretEnvVarSource, SecretKeySelector } from './config/secrets';
