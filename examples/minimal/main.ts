// Minimal app: one vLLM endpoint with its API key in a Secret, two models.
// Generates config.yaml with the operator-compatible pipeline and writes it, with the env vars
// the Deployment needs, to dist/examples/minimal/.
import * as fs from 'fs';
import * as path from 'path';
import { ConfigGenerator } from '../../src';

const generated = ConfigGenerator.generate({
  distribution: { name: 'starter' },
  providers: {
    inference: [{
      id: 'remote::vllm', // replaces the distribution's default vLLM provider
      provider: 'vllm',
      endpoint: 'http://vllm.models.svc.cluster.local:8000/v1',
      apiKey: { name: 'vllm-credentials', key: 'token' },
    }],
  },
  resources: { models: ['meta-llama/Llama-3.2-3B-Instruct', { name: 'all-MiniLM-L6-v2', modelType: 'embedding' }] },
}, { rejectUnknownModelProviders: true });

const out = path.join(__dirname, '..', '..', 'dist', 'examples', 'minimal');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'config.yaml'), generated.configYaml);
fs.writeFileSync(path.join(out, 'env.json'), JSON.stringify(generated.envVars, null, 2) + '\n');
process.stdout.write(generated.configYaml);
console.error(`# ConfigMap name suffix: -config-${generated.contentHash.slice(0, 8)}; ${generated.providerCount} providers, ${generated.resourceCount} resources, ${generated.envVars.length} secret env var(s)`);
console.error(`# wrote ${path.relative(process.cwd(), out)}/config.yaml and env.json`);
