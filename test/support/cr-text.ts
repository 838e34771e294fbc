/** A minimal v1alpha2 LlamaStackDistribution manifest, as a user would write it for the command line. */
export const MINIMAL_CR = `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: my-stack}
spec:
  distribution: {name: starter}
  providers:
    inference:
    - {provider: vllm, endpoint: 'http://vllm:8000/v1'}
`;

/** A v1alpha1 manifest whose server reads the user config ConfigMap `user-config` (a migration). */
export const USER_CONFIG_CR = `apiVersion: llamastack.io/v1alpha1
kind: LlamaStackDistribution
metadata: {name: migrated}
spec:
  server:
    distribution: {name: starter}
    userConfig: {configMapName: user-config}
`;
