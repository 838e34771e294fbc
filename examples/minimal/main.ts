// Minimal app: one vLLM endpoint, its API key from a Secret, two models.
import { App, Chart } from 'cdk8s';
import { InferenceProvider, LlamaStackDistribution, SecretRef } from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/minimal' });
const chart = new Chart(app, 'llama-stack', { namespace: 'ai' });
new LlamaStackDistribution(chart, 'llama', {
  inference: [InferenceProvider.vllm({
    endpoint: 'http://vllm.models.svc.cluster.local:8000/v1',
    apiKey: SecretRef.fromSecretName('vllm-credentials', 'token'),
  })],
  models: ['meta-llama/Llama-3.2-3B-Instruct', 'ibm-granite/granite-3.3-8b-instruct'],
});
app.synth();
