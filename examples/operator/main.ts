// For clusters that run an operator: the same typed props, emitted as the custom resource the
// operator reconciles instead of the workload. One chart per operator:
// - the llama-stack operator's llamastack.io/v1alpha2 LlamaStackDistribution;
// - the OGX operator's ogx.io/v1beta1 OGXServer (mapping and limits in docs/interop.md).
import { App, Chart, Size } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import {
  InferenceProvider, LlamaStackDistributionProps, LlamaStackDistributionResource, OgxServerResource, SecretRef, StorageBackend,
} from 'cdk8s-llama-stack';

const props: LlamaStackDistributionProps = {
  inference: [
    InferenceProvider.vllm({
      id: 'vllm-primary',
      endpoint: 'http://vllm.models.svc.cluster.local:8000/v1',
      apiKey: SecretRef.fromSecretName('vllm-credentials', 'token'),
    }),
    InferenceProvider.openai({ id: 'openai', apiKey: SecretRef.fromSecretName('openai-credentials', 'api-key') }),
  ],
  models: [
    { name: 'meta-llama/Llama-3.3-70B-Instruct', provider: 'vllm-primary', contextLength: 131072 },
    { name: 'gpt-4o', provider: 'openai' },
  ],
  kvStorage: StorageBackend.redis({ endpoint: 'redis://redis-master.data.svc.cluster.local:6379' }),
  replicas: 2,
  resources: { cpu: { request: Cpu.units(2) }, memory: { request: Size.gibibytes(4), limit: Size.gibibytes(4) } },
  podDisruptionBudget: { minAvailable: 1 },
  expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' },
  allowedFrom: { namespaces: ['chat-frontend'] },
};

const app = new App({ outdir: 'dist/examples/operator' });
new LlamaStackDistributionResource(new Chart(app, 'llama-stack-operator', { namespace: 'ai' }), 'llama', props);
// The OGX operator serves the external endpoint itself: it needs the endpoint's TLS Secret.
new OgxServerResource(new Chart(app, 'ogx-operator', { namespace: 'ai' }), 'llama', {
  ...props,
  expose: { ...props.expose, tls: { secretName: 'llama-example-com-tls' } },
});
app.synth();
