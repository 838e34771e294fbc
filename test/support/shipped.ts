/** What the target tests share: the env the shipped distributions need, the golden spec, the shipped YAML. */
import * as fs from 'fs';
import * as path from 'path';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

/** Env vars a shipped distribution reads with no usable default; `nvidia`'s only from OGX 1.x. */
export function distributionEnv(distribution: string, onOgx1: boolean): { [name: string]: string } {
  const env: { [distribution: string]: { [name: string]: string } } = {
    'oci': { OCI_COMPARTMENT_OCID: 'ocid1.compartment.oc1..example' },
    'watsonx': { WATSONX_PROJECT_ID: 'my-project' },
    'postgres-demo': { INFERENCE_MODEL: 'llama-3.1-8b', VLLM_URL: 'http://vllm:8000/v1' },
    ...(onOgx1 ? { nvidia: { INFERENCE_MODEL: 'meta/llama-3.1-8b-instruct' } } : {}),
  };
  return env[distribution] ?? {};
}

/** The golden configs' spec (test/fixtures/targets/); shields only where the release has the Safety API. */
export function goldenSpec(withShields: boolean): LlamaStackDistributionSpec {
  return {
    distribution: { name: 'starter' },
    providers: {
      inference: [
        { provider: 'vllm', endpoint: 'http://vllm.default.svc.cluster.local:8000/v1', apiKey: { name: 'vllm', key: 'token' }, settings: { max_tokens: 4096 } },
        { provider: 'openai', endpoint: 'https://api.openai.com/v1', apiKey: { name: 'openai', key: 'api-key' } },
      ],
      toolRuntime: [{ provider: 'tavily-search', apiKey: { name: 'tavily', key: 'key' } }],
    },
    resources: {
      models: ['llama-3.1-8b', { name: 'gpt-4o', provider: 'openai', contextLength: 128000 }],
      ...(withShields ? { shields: ['llama-guard-3'] } : {}),
    },
    storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379' }, sql: { type: 'postgres', host: 'pg', db: 'llamastack', user: 'llama', password: { name: 'pg', key: 'password' } } },
    networking: { port: 8321 },
    workload: { workers: 2 },
  };
}

/**
 * A shipped base config's YAML as committed (`data/targets/<id>/distributions/<d>/config.yaml`):
 * the library may read the JSON the build pre-parses instead, which a text edit cannot target.
 */
export function shippedConfigYaml(targetId: string, distribution: string): string {
  return fs.readFileSync(path.join(__dirname, '..', '..', 'data', 'targets', targetId, 'distributions', distribution, 'config.yaml'), 'utf8');
}
