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
