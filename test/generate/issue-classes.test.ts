/**
 * Each class of config that the library used to synthesize but the real server refused (or the
 * other way round), on both server targets. Each test fails on the code before the start-up
 * model: the objects it checks were written differently, or synth failed or passed wrongly.
 */
import { Testing } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { ConfigGenerator } from '../../src/generate/operator/config-generator';
import { InferenceProvider, SafetyProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { readBaseConfig } from '../../src/yaml/parse';
import { imageProps } from '../support/built-image';
import { schemaErrors } from '../support/k8s-schema';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];
const KEY = SecretRef.fromSecretName('creds', 'key');
const VLLM = InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1' });

/** A distribution the release publishes no image of (oci) runs on an image the user built. */
function withImage(props: LlamaStackDistributionProps): LlamaStackDistributionProps {
  return { ...imageProps(props.target ?? ServerTarget.OGX_1_3, props.distribution), ...props };
}

function synth(props: LlamaStackDistributionProps): { d: LlamaStackDistribution; config: any; manifests: any[] } {
  const chart = Testing.chart();
  const d = new LlamaStackDistribution(chart, 'llama', withImage(props));
  const manifests = Testing.synth(chart);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(d.warnings).toEqual([]);
  return { d, config: readBaseConfig(d.configYaml!), manifests };
}

function problems(props: LlamaStackDistributionProps): string[] {
  try {
    new LlamaStackDistribution(Testing.chart(), 'llama', withImage(props));
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
  }
  return [];
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  describe('a shield on starter', () => {
    // Starter's default shield (llama-guard) is registered only when SAFETY_MODEL is set: with
    // any other shield registered, validate_safety_config stops the server.
    test.each([
      ['nvidia', SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })],
      ['passthrough', SafetyProvider.passthrough({ endpoint: 'http://guard:8000' })],
      ['sambanova', SafetyProvider.sambanova({ apiKey: KEY })],
    ])('with %s safety, the default shield becomes the user\'s', (_name, provider) => {
      const { config } = synth({ target, inference: [VLLM], safety: [provider], shields: ['my-shield'] });
      expect(config.safety).toEqual({ default_shield_id: 'my-shield' });
      expect(config.registered_resources.shields).toContainEqual({ shield_id: 'my-shield', provider_id: provider.id });
    });

    test('a shield named like the base\'s replaces the env-conditional entry', () => {
      const { config } = synth({ target, inference: [VLLM], safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })], shields: ['llama-guard'] });
      const named = config.registered_resources.shields.filter((s: any) => s.shield_id === 'llama-guard');
      expect(named).toEqual([{ shield_id: 'llama-guard', provider_id: 'nvidia' }]);
      expect(config.safety.default_shield_id).toBe('llama-guard');
    });

    test('a bedrock shield needs a guardrail version: a shield object carries it', () => {
      const bedrock = SafetyProvider.bedrock({ region: 'us-east-1' });
      expect(problems({ target, inference: [VLLM], safety: [bedrock], shields: ['guard'] }).join('\n'))
        .toMatch(/props\.shields\[0\]: .* remote::bedrock reads params\.guardrailVersion when it registers a shield/);
      const { config } = synth({ target, inference: [VLLM], safety: [bedrock], shields: [{ name: 'guard', providerShieldId: 'gr-abc123', params: { guardrailVersion: '1' } }] });
      expect(config.registered_resources.shields).toContainEqual({ shield_id: 'guard', provider_id: 'bedrock', provider_shield_id: 'gr-abc123', params: { guardrailVersion: '1' } });
      expect(config.safety.default_shield_id).toBe('guard');
    });

    test('a shield object names its provider; one the base switches off is an error', () => {
      const { config } = synth({ target, inference: [VLLM], shields: [{ name: 'code', provider: 'code-scanner', providerShieldId: 'code-shield' }] });
      expect(config.registered_resources.shields).toContainEqual({ shield_id: 'code', provider_id: 'code-scanner', provider_shield_id: 'code-shield' });
      expect(problems({ target, inference: [VLLM], shields: [{ name: 'x', provider: 'ghost' }] })[0])
        .toMatch(/^props\.shields\[0\]\.provider: shield "x" names provider "ghost", which is not an enabled safety provider/);
    });
  });

  describe('ports below 1024', () => {
    // StackConfig requires server.port >= 1024; the Service can still expose 80.
    test.each([80, 443])('port %d is the Service port; the container listens on 8321', (port) => {
      const { config, manifests } = synth({ target, port });
      expect(config.server.port).toBe(8321);
      const service = manifests.find((m) => m.kind === 'Service');
      expect(service.spec.ports).toEqual([{ name: 'http', protocol: 'TCP', port, targetPort: 'http' }]);
      const container = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0];
      expect(container.ports).toEqual([{ name: 'http', containerPort: 8321, protocol: 'TCP' }]);
      expect(container.env).toContainEqual({ name: target.portEnvVar, value: '8321' });
    });

    test('the NetworkPolicy admits the container port', () => {
      const { manifests } = synth({ target, port: 80, allowedFrom: { namespaces: ['web'] } });
      expect(manifests.find((m) => m.kind === 'NetworkPolicy').spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: 8321 }]);
    });

    test('an unprivileged port is used as is', () => {
      const { config } = synth({ target, port: 8080 });
      expect(config.server.port).toBe(8080);
    });
  });

  describe('embedding models', () => {
    test('an embedding model without a dimension fails synth with the fix', () => {
      expect(problems({ target, inference: [VLLM], models: [{ name: 'embed', modelType: 'embedding' }] })).toEqual([
        'props.models[0]: embedding model "embed" has no embedding dimension (the server refuses to register it) — set embeddingDimension, e.g. 768',
      ]);
    });

    test('with embeddingDimension it registers, and becomes the default embedding model', () => {
      const { config } = synth({ target, inference: [VLLM], models: [{ name: 'embed', modelType: 'embedding', embeddingDimension: 1024 }] });
      expect(config.registered_resources.models).toContainEqual({
        model_id: 'embed', provider_id: 'vllm', provider_model_id: 'embed', model_type: 'embedding', metadata: { embedding_dimension: 1024 },
      });
      expect(config.vector_stores.default_embedding_model).toEqual({ provider_id: 'vllm', model_id: 'embed' });
    });

    test('the default embedding model uses the identifier the release registers', () => {
      const { config } = synth({
        target, inference: [VLLM], models: [{ name: 'embed', providerModelId: 'BAAI/bge-m3', modelType: 'embedding', embeddingDimension: 1024 }],
      });
      // 0.7.1 identifies a model by provider_id/provider_model_id, 0.8 by provider_id/model_id.
      const want = target === ServerTarget.LLAMA_STACK_0_7 ? 'BAAI/bge-m3' : 'embed';
      expect(config.vector_stores.default_embedding_model).toEqual({ provider_id: 'vllm', model_id: want });
    });

    test('a rerank model is a registration type too; another type is not', () => {
      synth({ target, inference: [VLLM], models: [{ name: 'rr', modelType: 'rerank' }] });
      expect(problems({ target, inference: [VLLM], models: [{ name: 'x', modelType: 'chat' }] })[0])
        .toMatch(/^props\.models\[0\]\.modelType: .* registers models of type llm, embedding, rerank, not "chat"/);
    });
  });

  describe('a model on a base provider that is switched off', () => {
    test('ollama in starter is enabled only by OLLAMA_URL', () => {
      expect(problems({ target, models: [{ name: 'llama3', provider: 'ollama' }] })).toEqual([
        'props.models[0].provider: model "llama3" names provider "ollama", which the base config enables only when OLLAMA_URL is set (the server would not find it)'
          + ' — configure the ollama provider (e.g. its endpoint) in spec.providers, or set OLLAMA_URL in env',
      ]);
      // Either fix works; the env one with a warning, as the model then depends on that env var.
      const d = new LlamaStackDistribution(Testing.chart(), 'env', { target, models: [{ name: 'llama3', provider: 'ollama' }], env: { OLLAMA_URL: 'http://ollama:11434/v1' } });
      expect(d.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
        'props.models[0].provider: model "llama3" is on provider "ollama", which the base config enables only while OLLAMA_URL is set: without it the server would not start',
      ]);
      synth({ target, inference: [InferenceProvider.ollama({ endpoint: 'http://ollama:11434/v1' })], models: [{ name: 'llama3', provider: 'ollama' }] });
    });

    test('a plain model name with no user inference provider must name one of the enabled ones', () => {
      const got = problems({ target, models: ['llama3'] });
      expect(got).toHaveLength(1);
      expect(got[0]).toMatch(/^props\.models\[0\]: model "llama3" names no provider, and the base config enables several inference providers \(.*openai.*\)/);
      expect(got[0]).not.toMatch(/ollama|vllm/);
    });
  });

  describe('required values from unset env vars', () => {
    test('oci needs OCI_COMPARTMENT_OCID', () => {
      expect(problems({ target, distribution: 'oci' }).join('\n')).toMatch(/config\.providers\.inference\[0\]\.config\.oci_compartment_id: .* would not start: .*OCI_COMPARTMENT_OCID.* — set OCI_COMPARTMENT_OCID in the container/);
      synth({ target, distribution: 'oci', env: { OCI_COMPARTMENT_OCID: 'ocid1.compartment.oc1..x' } });
    });

    test('a set but empty env var counts as unset', () => {
      expect(problems({ target, distribution: 'oci', env: { OCI_COMPARTMENT_OCID: '' } }).join('\n')).toMatch(/OCI_COMPARTMENT_OCID/);
    });

    test('a credential-named env value in plain text is refused before the start-up model reads it (issue 19)', () => {
      // VLLM_URL enables starter's vllm, whose api_token is ${env.VLLM_API_TOKEN:=fake}; the start-up
      // model's number rule is tested in startup-model.test.ts.
      expect(problems({ target, env: { VLLM_URL: 'http://v:8000/v1', VLLM_API_TOKEN: '123456' } }).join('\n'))
        .toMatch(/props\.env\.VLLM_API_TOKEN: .*credential in plain text \(a string of 6 characters, not shown\)/);
    });
  });

  describe('write only what the release reads', () => {
    test('the default starter config has no image_name, vector_dbs, unregistered or provider_id: all entries', () => {
      const { config, d } = synth({ target });
      expect(config.image_name).toBeUndefined();
      expect(config.distro_name).toBe('starter');
      expect(config.registered_resources.vector_dbs).toBeUndefined();
      expect(d.configYaml).not.toContain('provider_id: all');
      for (const kind of ['models', 'shields']) {
        for (const e of config.registered_resources[kind] ?? []) expect(e.provider_id).toEqual(expect.any(String));
      }
    });
  });

  describe('rejected at synth although the server accepts it', () => {
    test('azure synthesizes, with the deployment as the provider model id', () => {
      const { config } = synth({
        target,
        inference: [InferenceProvider.azure({ endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY })],
        models: [{ name: 'gpt-4o', providerModelId: 'my-gpt4o-deployment' }],
      });
      const azure = config.providers.inference.find((p: any) => p.provider_id === 'azure');
      expect(azure.config).toEqual({ base_url: 'https://r.openai.azure.com/openai/v1', api_key: '${env.LLSD_AZURE_API_KEY}' });
      expect(config.registered_resources.models).toContainEqual({ model_id: 'gpt-4o', provider_id: 'azure', provider_model_id: 'my-gpt4o-deployment', model_type: 'llm' });
    });

    test('typed providers with distinct default ids need no explicit ids', () => {
      const { config, d } = synth({
        target,
        inference: [VLLM, InferenceProvider.openai({ apiKey: KEY }), InferenceProvider.anthropic({ apiKey: KEY })],
        models: ['m'],
      });
      expect(d.spec.providers!.inference!.map((p) => p.id)).toEqual(['vllm', 'openai', 'anthropic']);
      expect(config.registered_resources.models).toContainEqual({ model_id: 'm', provider_id: 'vllm', provider_model_id: 'm', model_type: 'llm' });
    });

    test('two typed providers with one default id are still an error', () => {
      expect(problems({ target, inference: [VLLM, InferenceProvider.vllm({ endpoint: 'http://other:8000/v1' })] }).join('\n')).toMatch(/duplicate provider ids/);
    });

    test.each<[string, () => LlamaStackDistributionProps, string, string, string]>([
      ['inference', () => ({ inference: [VLLM, InferenceProvider.custom('inline::sentence-transformers', { id: 'embeddings' })] }), 'inference', 'embeddings', 'inline::sentence-transformers'],
      ['safety', () => ({ safety: [SafetyProvider.custom('inline::prompt-guard')], shields: ['Prompt-Guard-86M'] }), 'safety', 'prompt-guard', 'inline::prompt-guard'],
      ['vector_io', () => ({ vectorIo: [VectorIoProvider.custom('inline::qdrant', { settings: { path: `${target.dataDir}/qdrant.db` } })] }), 'vector_io', 'qdrant', 'inline::qdrant'],
    ])('an inline %s provider of the release', (_api, props, api, id, type) => {
      const { config } = synth({ target, ...props() });
      const entry = config.providers[api].find((e: any) => e.provider_id === id);
      expect(entry.provider_type).toBe(type);
    });

    test('an inline shield provider refuses ids it does not serve', () => {
      expect(problems({ target, safety: [SafetyProvider.custom('inline::prompt-guard')], shields: ['my-guard'] }).join('\n'))
        .toMatch(/props\.shields\[0\]: .*inline::prompt-guard refuses shield "my-guard": it registers only Prompt-Guard-86M/);
    });
  });
});

describe('server-only fields on the operator pipeline', () => {
  // The operator pipeline has no place for what real servers need: it reports them.
  test('ConfigGenerator and the construct on ServerTarget.OPERATOR report each field', () => {
    const spec = {
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', endpoint: 'http://v/v1' }], safety: [{ provider: 'nvidia', endpoint: 'http://g' }] },
      resources: { models: [{ name: 'e', modelType: 'embedding', embeddingDimension: 768 }], shields: [{ name: 'g', params: { a: 1 } }] },
    };
    const want = ['spec.resources.models[0].embeddingDimension', 'spec.resources.shields[0]'];
    try {
      ConfigGenerator.generate(spec);
      throw new Error('accepted');
    } catch (e) {
      expect((e as LlamaStackConfigError).problems.map((p) => p.path)).toEqual(want);
    }
    const got = problems({ target: ServerTarget.OPERATOR, spec });
    expect(got.map((p) => p.split(':')[0])).toEqual(want);
  });
});
