/**
 * Issue 16, the OGX 1.x features typed: skills, each release's new providers, the TLS server
 * settings, tenancy with the auth provider's tenant fields, the vector_stores store, and
 * containers refused. Each is written in the release's keys and starts with zero warnings on the
 * targets that have it, and is refused with the target that has it named elsewhere.
 */
import { Testing } from 'cdk8s';
import { readBaseConfig } from '../../src/config/yaml-parse';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { FileProcessorsProvider, InferenceProvider, SkillsProvider, VectorIoProvider } from '../../src/providers';
import { SecretRef } from '../../src/secret-ref';
import { ServerTarget } from '../../src/targets/server-target';
import { schemaErrors } from '../support/k8s-schema';
import { startupFromObjects } from '../support/startup-from-objects';

const KEY = SecretRef.fromSecretName('keys', 'key');
const ONE_X: [string, ServerTarget][] = [['ogx-1.1', ServerTarget.OGX_1_1], ['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3]];
const STRICT: [string, ServerTarget][] = [['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3]];

function synth(target: ServerTarget, props: LlamaStackDistributionProps): { config: any; manifests: any[] } {
  const chart = Testing.chart();
  const d = new LlamaStackDistribution(chart, 'llama', { target, ...props });
  const manifests = Testing.synth(chart);
  expect(d.warnings).toEqual([]);
  expect(schemaErrors(manifests)).toEqual([]);
  expect(startupFromObjects(target, manifests)).toEqual({ fatal: [], warnings: [] });
  return { config: readBaseConfig(d.configYaml!), manifests };
}

function problems(target: ServerTarget, props: () => LlamaStackDistributionProps): { path: string; message: string; fix: string }[] {
  try {
    new LlamaStackDistribution(Testing.chart(), 'llama', { target, ...props() });
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return e.problems.map((p) => ({ path: p.path, message: p.message, fix: p.fix }));
  }
  return [];
}

function entry(config: any, api: string, id: string): any {
  return (config.providers[api] as any[]).find((p) => p.provider_id === id);
}

describe('skills (OGX 1.1+)', () => {
  test.each(ONE_X)('%s: SkillsProvider.builtin() replaces the base\'s, with its persistence KV store, and starts', (_id, target) => {
    const { config } = synth(target, { skills: [SkillsProvider.builtin({ id: 'my-skills' })] });
    expect(config.providers.skills).toEqual([{
      provider_id: 'my-skills', provider_type: 'inline::builtin', config: { persistence: { backend: 'kv_default', namespace: 'skills' } },
    }]);
    expect(config.apis).toContain('skills');
  });

  test.each([['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7]] as const)('%s has no skills API: the fix names the 1.x targets', (_id, target) => {
    const found = problems(target, () => ({ skills: [SkillsProvider.builtin()] }));
    expect(found).toHaveLength(1);
    expect(found[0].path).toBe('props.skills[0].provider');
    expect(found[0].fix).toContain('use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_2 or ServerTarget.OGX_1_1');
  });
});

describe('new providers', () => {
  test('mistral, deepseek and meta (OGX 1.3) write api_key (and base_url) and start', () => {
    const { config } = synth(ServerTarget.OGX_1_3, {
      inference: [
        InferenceProvider.mistral({ apiKey: KEY }),
        InferenceProvider.deepseek({ apiKey: KEY, endpoint: 'https://api.deepseek.com/v1' }),
        InferenceProvider.meta({ apiKey: KEY }),
      ],
    });
    expect(entry(config, 'inference', 'mistral')).toEqual({ provider_id: 'mistral', provider_type: 'remote::mistral', config: { api_key: '${env.LLSD_MISTRAL_API_KEY}' } });
    expect(entry(config, 'inference', 'deepseek').config).toEqual({ api_key: '${env.LLSD_DEEPSEEK_API_KEY}', base_url: 'https://api.deepseek.com/v1' });
    expect(entry(config, 'inference', 'meta').provider_type).toBe('remote::meta');
  });

  test('mistral needs an apiKey', () => {
    expect(() => InferenceProvider.mistral({} as any)).toThrow(/InferenceProvider\.mistral\(apiKey\): apiKey is required/);
  });

  test('neo4j (OGX 1.3): uri, user, database, graph retrieval, the password as a secret, persistence filled', () => {
    const { config } = synth(ServerTarget.OGX_1_3, {
      vectorIo: [VectorIoProvider.neo4j({ uri: 'bolt://neo4j.data.svc:7687', password: KEY, user: 'ogx', database: 'vectors', graphRetrieval: true })],
    });
    expect(entry(config, 'vector_io', 'neo4j').config).toEqual({
      uri: 'bolt://neo4j.data.svc:7687',
      user: 'ogx',
      database: 'vectors',
      graph_retrieval_enabled: true,
      password: '${env.LLSD_NEO4J_PASSWORD}',
      persistence: { backend: 'kv_default', namespace: 'vector_io::neo4j' },
    });
    expect(config.vector_stores.default_provider_id).toBe('neo4j');
  });

  test.each(STRICT)('%s: the 1.2+ file processors (unstructured, unstructured-api, markitdown, auto) start', (_id, target) => {
    for (const p of [
      FileProcessorsProvider.unstructured({ strategy: 'hi_res', chunkSizeTokens: 512 }),
      FileProcessorsProvider.unstructuredApi({ apiKey: KEY }),
      FileProcessorsProvider.markitdown(),
      FileProcessorsProvider.auto({ chunkOverlapTokens: 100 }),
    ]) {
      const { config } = synth(target, { fileProcessors: [p] });
      expect(config.providers.file_processors).toHaveLength(1);
      expect(config.providers.file_processors[0].provider_type).toMatch(new RegExp(`(^|::)${p.providerType.replace(/^(inline|remote)::/, '')}$`));
    }
    expect(synth(target, { fileProcessors: [FileProcessorsProvider.unstructured({ strategy: 'fast' })] }).config.providers.file_processors[0].config)
      .toEqual({ strategy: 'fast' });
    expect(synth(target, { fileProcessors: [FileProcessorsProvider.unstructuredApi({ apiKey: KEY })] }).config.providers.file_processors[0].config)
      .toEqual({ api_key: '${env.LLSD_UNSTRUCTURED_API_API_KEY}' });
  });

  test('unstructured takes one of its strategies only', () => {
    expect(() => FileProcessorsProvider.unstructured({ strategy: 'best' })).toThrow(/strategy.*use one of: auto, fast, hi_res, ocr_only/s);
  });

  test('OGX 1.1 has markitdown and auto, not unstructured: the fix names 1.2 and 1.3', () => {
    synth(ServerTarget.OGX_1_1, { fileProcessors: [FileProcessorsProvider.markitdown()] });
    const found = problems(ServerTarget.OGX_1_1, () => ({ fileProcessors: [FileProcessorsProvider.unstructured()] }));
    expect(found.map((p) => p.path)).toEqual(['props.fileProcessors[0].provider']);
    expect(found[0].message).toBe('OGX 1.1.3 has no file_processors provider "inline::unstructured"');
    expect(found[0].fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 \(file_processors inline::unstructured is in those releases\)/);
  });

  test.each([['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.1', ServerTarget.OGX_1_1]] as const)('%s has no mistral or neo4j: the fix names OGX_1_3', (_id, target) => {
    const found = problems(target, () => ({ inference: [InferenceProvider.mistral({ apiKey: KEY })], vectorIo: [VectorIoProvider.neo4j({ uri: 'bolt://n:7687', password: KEY })] }));
    expect(found.map((p) => p.path)).toEqual(['props.inference[0].provider', 'props.vectorIo[0].provider']);
    for (const p of found) expect(p.fix).toMatch(/^use ServerTarget\.OGX_1_3 \(/);
  });
});
