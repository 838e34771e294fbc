// External provider: a provider that is not in the server image, installed at deploy time from
// its own image (spec 001: /lls-provider/lls-provider-spec.yaml and /lls-provider/packages/*.whl).
// Init containers copy the wheels out of that image and install them with the server image; the
// server imports the package through PYTHONPATH. Images are not read at synth time, so the
// provider type and package come from the image's lls-provider-spec.yaml (spec.providerType,
// spec.packageName).
import { App, Chart } from 'cdk8s';
import { ExternalProvider, LlamaStackDistribution, SecretRef } from 'cdk8s-llama-stack';

const app = new App({ outdir: 'dist/examples/external-provider' });
const chart = new Chart(app, 'llama-stack', { namespace: 'ai' });
new LlamaStackDistribution(chart, 'llama', {
  externalProviders: [ExternalProvider.fromImage({
    id: 'acme-llm',
    image: 'quay.io/acme/llama-stack-provider-acme-llm:1.4.0',
    api: 'inference',
    providerType: 'remote::acme-llm',
    module: 'acme_llm_provider',
    config: { base_url: 'http://acme-gateway.models.svc.cluster.local:8080/v1' },
    secretRefs: { api_key: SecretRef.fromSecretName('acme-credentials', 'api-key') },
  })],
  models: [{ name: 'acme/sonnet-13b', provider: 'acme-llm' }],
});
app.synth();
