/**
 * The OGX 1.x targets (1.1.3, 1.2.2, 1.3.0): their data, the configs written for them, and the
 * start-up model of each release, as ../shared/reference/llama-stack/startup-checks-1x.md and
 * ogx-1x.md describe them (same section numbers as startup-checks.md).
 */
import * as fs from 'fs';
import * as path from 'path';
import { AccessAction, AccessRule, ServerAuth } from '../../src/auth';
import { JsonObject } from '../../src/core/json';
import { generateTargetConfig } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { readBaseConfig } from '../../src/yaml/parse';
import { runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';
import { generationProblems } from '../support/generation';
import { distributionEnv, goldenSpec } from '../support/shipped';
import { cfg, messages, run } from '../support/startup-run';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const DATA = path.join(__dirname, '..', '..', 'data', 'targets');
const VALIDATED = fs.readFileSync(path.join(FIXTURES, 'validated-minimal', 'v0.7-and-ogx-0.8.yaml'), 'utf8');
const STARTER_08 = fs.readFileSync(path.join(DATA, 'ogx-0.8', 'distributions', 'starter', 'config.yaml'), 'utf8');

const OGX_1_1 = ServerTarget.OGX_1_1;
const OGX_1_2 = ServerTarget.OGX_1_2;
const OGX_1_3 = ServerTarget.OGX_1_3;
const ONE_X: [string, ServerTarget][] = [['ogx-1.1', OGX_1_1], ['ogx-1.2', OGX_1_2], ['ogx-1.3', OGX_1_3]];

const GOLDEN_SPEC = goldenSpec(false);

describe('the targets and their pod facts', () => {
  test.each<[ServerTarget, string, string, number, number | undefined, string, boolean, string | undefined]>([
    [OGX_1_3, 'ogx-1.3', 'docker.io/ogxai/distribution-starter:1.3.0', 1001, 1001, '/', true, 'OGX_WORKERS'],
    [OGX_1_2, 'ogx-1.2', 'docker.io/ogxai/distribution-starter:1.2.2', 0, undefined, '/root', true, 'OGX_WORKERS'],
    [OGX_1_1, 'ogx-1.1', 'docker.io/ogxai/distribution-starter:1.1.3', 0, undefined, '/root', false, undefined],
    [ServerTarget.OGX_0_8, 'ogx-0.8', 'docker.io/ogxai/distribution-starter:0.8.0', 0, undefined, '/root', false, undefined],
    [ServerTarget.LLAMA_STACK_0_7, 'llama-stack-0.7', 'docker.io/llamastack/distribution-starter:0.7.3', 0, undefined, '/root', false, undefined],
  ])('%#: image, uid, fsGroup, HOME, --insecure, workers env', (target, id, image, uid, fsGroup, home, insecure, workers) => {
    expect(target.id).toBe(id);
    expect(target.imageFor('starter')).toBe(image);
    expect(target.imageTag).toBe(image.slice(image.lastIndexOf(':') + 1));
    expect(target.runAsUser).toBe(uid);
    expect(target.fsGroup).toBe(fsGroup);
    expect(target.home).toBe(home);
    expect(target.entrypointPassesInsecure).toBe(insecure);
    expect(target.workersEnvVar).toBe(workers);
    expect(target.imageDistributions).toEqual(['postgres-demo', 'starter']);
    expect(target.tiktokenCacheDir).toBe('/.cache/tiktoken');
    expect(target.dataDir).toBe(id.startsWith('ogx') ? '/.ogx' : '/.llama');
  });

  test('metrics env vars exist from 1.2', () => {
    expect(OGX_1_3.metricsEnvVars).toEqual({ enabled: 'OGX_METRICS_ENDPOINT_ENABLED', host: 'OGX_METRICS_HOST', port: 'OGX_METRICS_PORT' });
    expect(OGX_1_2.metricsEnvVars).toEqual(OGX_1_3.metricsEnvVars);
    expect(OGX_1_1.metricsEnvVars).toBeUndefined();
    expect(ServerTarget.OPERATOR.metricsEnvVars).toBeUndefined();
  });

  test('releases per line: 1.2.0 is modelled but its entrypoint has no --insecure', () => {
    expect(OGX_1_2.verifiedReleases).toEqual(['1.2.0', '1.2.1', '1.2.2']);
    expect(OGX_1_2.withImageTag('1.2.0').entrypointPassesInsecure).toBe(false);
    expect(OGX_1_2.withImageTag('1.2.1').entrypointPassesInsecure).toBe(true);
    expect(ServerTarget.LLAMA_STACK_0_7.verifiedReleases).toEqual(['0.7.1', '0.7.2', '0.7.3']);
    expect(OGX_1_3.release).toBe('1.3.0');
    expect(OGX_1_3.description).toBe('OGX 1.3.0');
  });

  test('removed APIs and the 1.2+ APIs', () => {
    expect(OGX_1_3.disableableApis).toContain('safety');
    expect(OGX_1_3.disableableApis).toContain('skills');
    expect(OGX_1_3.disableableApis).toContain('container_runtime');
    expect(OGX_1_1.disableableApis).not.toContain('container_runtime');
  });

  test('disableableApis is worked out once, and each caller gets its own list', () => {
    const first = OGX_1_3.disableableApis;
    first.push('changed by a caller');
    expect(OGX_1_3.disableableApis).not.toContain('changed by a caller');
    expect(OGX_1_3.disableableApis).toEqual([...first.slice(0, -1)].sort());
  });
});

describe.each(ONE_X)('%s', (id, target) => {
  test.each(target.distributions)('shipped distribution %s starts with the env it needs, and no warnings', (distribution) => {
    const needs = distributionEnv(distribution, true);
    const names = Object.keys(needs);
    if (names.length > 0) {
      const got = generationProblems({ distribution: { name: distribution } }, target).map((p) => p.message).join('\n');
      for (const name of names) expect(got).toContain(name);
    }
    const env = names.map((name) => ({ name, value: needs[name] }));
    const r = generateTargetConfig({ distribution: { name: distribution }, ...(env.length > 0 ? { workload: { overrides: { env } } } : {}) }, target);
    expect(r.warnings).toEqual([]);
    const config = readBaseConfig(r.configYaml) as any;
    expect(config.apis ?? []).not.toContain('safety');
    expect(config.providers.safety).toBeUndefined();
    expect(config.safety).toBeUndefined();
    expect(config.server.cors).toBeUndefined();
    expect(config.server.quota).toBeUndefined();
    for (const p of config.providers.batches ?? []) expect(p.config.sqlstore).toBeDefined();
    for (const p of config.providers.messages ?? []) expect(p.config.kvstore).toBeDefined();
    if (target !== OGX_1_1) expect(JSON.stringify(config.providers.inference)).not.toContain('inline::transformers');
  });

  test.each(fs.readdirSync(path.join(DATA, id, 'distributions')).flatMap((d) => fs.readdirSync(path.join(DATA, id, 'distributions', d)).map((f) => `${d}/${f}`)))(
    'the shipped %s passes the model as it is (only provider_id: all notes)', (file) => {
      const raw = readBaseConfig(fs.readFileSync(path.join(DATA, id, 'distributions', file), 'utf8'))!;
      const r = messages(run(target, raw, { INFERENCE_MODEL: 'm', OCI_COMPARTMENT_OCID: 'ocid', WATSONX_PROJECT_ID: 'p', VLLM_URL: 'http://v:8000/v1' }));
      expect(r.fatal).toEqual([]);
      for (const w of r.warnings) expect(w).toMatch(/^registered_resources\.models\[\d\]: provider_id: all registers /);
    });

  test('golden: the shipped starter with the golden spec', () => {
    const golden = fs.readFileSync(path.join(FIXTURES, 'targets', `${id}.starter.golden.yaml`), 'utf8');
    expect(generateTargetConfig(GOLDEN_SPEC, target).configYaml).toBe(golden);
  });

  test('golden: the validated minimal config, safety disabled, with the golden spec', () => {
    const golden = fs.readFileSync(path.join(FIXTURES, 'targets', `${id}.minimal.golden.yaml`), 'utf8');
    // /tmp: from 1.2 the CLI writes the resolved config to a temporary file.
    const r = generateTargetConfig({ ...GOLDEN_SPEC, disabled: ['safety'] }, target, { baseConfigYaml: VALIDATED, scratchDirs: ['/data', '/tmp'] });
    expect(r.warnings).toEqual([]);
    expect(r.configYaml).toBe(golden);
  });

  test('the 0.8 starter is rejected for the documented reasons (safety, batches sqlstore, messages kvstore; 1.2+: transformers)', () => {
    const r = messages(run(target, readBaseConfig(STARTER_08)!));
    const want = [
      `apis[7]: API 'safety' does not exist in ${target.description}`,
      `providers.safety: API 'safety' does not exist in ${target.description}`,
      'providers.batches[0].config.sqlstore: inline::reference requires sqlstore (Field required)',
      'providers.messages[0].config.kvstore: inline::builtin requires kvstore (Field required)',
    ];
    if (target !== OGX_1_1) {
      want.push(`providers.inference[15].provider_type: Provider \`inline::transformers\` is not available for API \`inference\` in ${target.description}`);
      want.push("vector_stores.default_reranker_model: Reranker model 'transformers/Qwen/Qwen3-Reranker-0.6B' not found. Available rerank models: [sentence-transformers/Qwen/Qwen3-Reranker-0.6B]");
    }
    expect([...r.fatal].sort()).toEqual([...want].sort());
    expect(r.warnings).toEqual(expect.arrayContaining([
      `safety: ${target.description} does not read safety (it is dropped)`,
      `registered_resources.shields: ${target.description} does not read registered_resources.shields (it is dropped)`,
      `providers.batches[0].config.kvstore: inline::reference has no config key kvstore in ${target.description} (it is ignored)`,
    ]));
  });

  test('the 0.8 starter as a base config fails generation at the safety API, with the moderation fix', () => {
    const problems = generationProblems({}, target, STARTER_08);
    expect(problems).toContainEqual({
      path: 'config.providers.safety',
      message: 'the safety API was removed in OGX 1.0.0, and the base config still has it',
      fix: `add safety to spec.disabled, or use a base config made for ${target.description}; moderation runs through the responses provider: set settings.moderation_endpoint on spec.providers.responses (inline::builtin)`,
    });
  });

  test('safety providers and shields are errors at the spec path, naming moderation through the responses provider', () => {
    expect(generationProblems({ providers: { safety: [{ provider: 'nvidia', endpoint: 'http://guardrails:7331' }] } }, target)).toEqual([{
      path: 'spec.providers.safety',
      message: 'the safety API was removed in OGX 1.0.0',
      fix: 'remove spec.providers.safety; moderation runs through the responses provider: set settings.moderation_endpoint on spec.providers.responses (inline::builtin)',
    }]);
    expect(generationProblems({ resources: { shields: ['llama-guard'] } }, target)).toEqual([{
      path: 'spec.resources.shields',
      message: `${target.description} has no shields (the safety API was removed in OGX 1.0.0)`,
      fix: 'remove spec.resources.shields; shields are gone with the safety API: set settings.moderation_endpoint on spec.providers.responses (inline::builtin) to moderate through the responses provider',
    }]);
  });

  test('moderation through the responses provider is accepted', () => {
    const r = generateTargetConfig({ providers: { responses: [{ provider: 'inline::builtin', id: 'builtin', settings: { moderation_endpoint: 'http://moderation:8000/v1/moderations' } }] } }, target);
    expect(r.warnings).toEqual([]);
    expect((readBaseConfig(r.configYaml) as any).providers.responses[0].config.moderation_endpoint).toBe('http://moderation:8000/v1/moderations');
  });

  test('spec.storage writes prompts and connectors as SQL stores', () => {
    const r = generateTargetConfig({ storage: { sql: { type: 'sqlite' } } }, target);
    const stores = (readBaseConfig(r.configYaml) as any).storage.stores;
    expect(stores.prompts).toEqual({ backend: 'sql_default', table_name: 'prompts' });
    expect(stores.connectors).toEqual({ backend: 'sql_default', table_name: 'connectors' });
  });

  test('bedrock accepts api_key (an alias choice) and gets its canonical key from apiKey', () => {
    const r = generateTargetConfig({ providers: { inference: [{ id: 'b', provider: 'bedrock', apiKey: { name: 's', key: 'k' }, settings: { region_name: 'us-east-1' } }] } }, target);
    expect((readBaseConfig(r.configYaml) as any).providers.inference.find((p: any) => p.provider_id === 'b').config)
      .toEqual({ aws_bedrock_bearer_token: '${env.LLSD_B_API_KEY}', region_name: 'us-east-1' });
    expect(messages(run(target, cfg({ providers: { inference: [{ provider_id: 'b', provider_type: 'remote::bedrock', config: { api_key: 'x', region_name: 'us-east-1' } }] } }))))
      .toEqual({ fatal: [], warnings: [] });
  });

  // §3.2 stores
  test('§3.2 an old KV prompts/connectors reference is rewritten to SQL; a KV backend not named kv_* is fatal', () => {
    expect(messages(run(target, cfg({ storage: { stores: { prompts: { namespace: 'prompts', backend: 'kv_default' }, connectors: { namespace: 'c', backend: 'kv_default' } } } }))))
      .toEqual({ fatal: [], warnings: [] });
    const backends = { kv_default: { type: 'kv_sqlite', db_path: '/d/kv.db' }, sql_default: { type: 'sql_sqlite', db_path: '/d/sql.db' }, mykv: { type: 'kv_sqlite', db_path: '/d/m.db' } };
    expect(messages(run(target, cfg({ storage: { backends, stores: { prompts: { namespace: 'p', backend: 'mykv' } } } }))).fatal)
      .toEqual(["storage.stores.prompts.backend: storage.stores.prompts references backend \"mykv\" of type 'kv_sqlite', but a backend of type sql_* is required"]);
    expect(messages(run(target, cfg({ storage: { backends, stores: { connectors: { namespace: 'c', backend: 'kv_other' } } } }))).fatal)
      .toEqual(['storage.stores.connectors.backend: storage.stores.connectors references unknown backend "sql_other". Available backends: kv_default, sql_default, mykv']);
  });

  test('§3.2 vector_stores is a SQL store, and connectors is checked', () => {
    expect(messages(run(target, cfg({ storage: { stores: { vector_stores: { table_name: 'v', backend: 'kv_default' } } } }))).fatal)
      .toEqual(["storage.stores.vector_stores.backend: storage.stores.vector_stores references backend \"kv_default\" of type 'kv_sqlite', but a backend of type sql_* is required"]);
    expect(messages(run(target, cfg({ storage: { stores: { connectors: null } } }))).fatal).toEqual(['storage.stores.connectors: storage.stores.connectors must be configured (it is null)']);
  });

  test('§2.1 cors, quota and the safety section are only dropped keys', () => {
    const r = messages(run(target, cfg({ server: { cors: { allow_origins: ['*'], allow_credentials: true }, quota: { period: 'week' } }, safety: { default_shield_id: 'x' } })));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      `safety: ${target.description} does not read safety (it is dropped)`,
      `server.cors: ${target.description} does not read server.cors (it is dropped)`,
      `server.quota: ${target.description} does not read server.quota (it is dropped)`,
    ]);
  });

  test('§4.5 a files provider takes its metadata_store from storage.stores.vector_stores', () => {
    const files = { files: [{ provider_id: 'f', provider_type: 'inline::localfs', config: { storage_dir: '/d/files' } }] };
    expect(messages(run(target, cfg({ providers: files }))).fatal).toEqual(['providers.files[0].config.metadata_store: inline::localfs requires metadata_store (Field required)']);
    expect(messages(run(target, cfg({ providers: files, storage: { stores: { vector_stores: { table_name: 'vs', backend: 'sql_default' } } } }))).fatal).toEqual([]);
  });

  test('§6 access policies need a metadata store for every vector_io provider but remote::oci', () => {
    const providers = { vector_io: [{ provider_id: 'faiss', provider_type: 'inline::faiss', config: { persistence: { namespace: 'f', backend: 'kv_default' } } }] };
    const auth = { provider_config: { type: 'custom', endpoint: 'http://a' }, access_policy: [{ permit: { actions: ['read'] } }] };
    expect(messages(run(target, cfg({ providers, server: { auth } }))).fatal)
      .toEqual(["providers.vector_io[0]: inline::faiss 'faiss': metadata_store is required when access control policies are configured"]);
    expect(messages(run(target, cfg({ providers, server: { auth }, storage: { stores: { vector_stores: { table_name: 'vs', backend: 'sql_default' } } } }))).fatal).toEqual([]);
  });

  test('§7.1 a default embedding model without a dimension is no longer fatal (1.1+)', () => {
    const config = cfg({
      providers: { inference: [{ provider_id: 'st', provider_type: 'inline::sentence-transformers' }] },
      registered_resources: { models: [{ model_id: 'e', provider_id: 'st', model_type: 'embedding', metadata: { embedding_dimension: 384 } }] },
      vector_stores: { default_embedding_model: { provider_id: 'st', model_id: 'e' } },
    });
    expect(messages(run(target, config)).fatal).toEqual([]);
  });

  test('the generated config with an access policy carries storage.stores.vector_stores', () => {
    // Each vector_io provider of the starter would otherwise fail at initialisation.
    const auth = ServerAuth.custom({ endpoint: 'http://authz:8080/check', accessPolicy: [AccessRule.permit({ actions: [AccessAction.READ] })] });
    const r = generateTargetConfig({}, target, { auth });
    expect(r.warnings).toEqual([]);
    expect((readBaseConfig(r.configYaml) as any).storage.stores.vector_stores).toEqual({ table_name: 'vector_stores', backend: 'sql_default' });
    expect((readBaseConfig(generateTargetConfig({}, target).configYaml) as any).storage.stores.vector_stores).toBeUndefined();
  });
});

describe('§2.3 / §4.1 APIs per release', () => {
  test('containers is an internal API without implementation on 1.2+, unknown on 1.1', () => {
    expect(messages(run(OGX_1_3, cfg({ apis: ['containers'] }))).fatal).toEqual(['apis[0]: containers is an API of OGX 1.3.0 with no implementation (KeyError at start-up)']);
    expect(messages(run(OGX_1_1, cfg({ apis: ['containers'] }))).fatal[0]).toMatch(/^apis\[0\]: API 'containers' does not exist in OGX 1\.1\.3/);
  });

  test('container_runtime has no provider types (1.2+)', () => {
    expect(messages(run(OGX_1_2, cfg({ apis: ['container_runtime'] }))).fatal).toEqual(['apis[0]: container_runtime is listed in apis but has no enabled provider (KeyError at start-up)']);
    expect(messages(run(OGX_1_2, cfg({ providers: { container_runtime: [{ provider_id: 'x', provider_type: 'inline::x' }] } }))).fatal)
      .toEqual(['providers.container_runtime[0].provider_type: Provider `inline::x` is not available for API `container_runtime` in OGX 1.2.2']);
  });

  test('skills needs a files provider and KV persistence', () => {
    const skills = { skills: [{ provider_id: 's', provider_type: 'inline::builtin', config: {} }] };
    expect(messages(run(OGX_1_1, cfg({ providers: skills }))).fatal).toEqual([
      'providers.skills[0].config.persistence: inline::builtin requires persistence (Field required)',
      "providers.skills[0]: Failed to resolve 'skills' provider 's' of type 'inline::builtin': required dependency 'files' is not available",
    ]);
  });

  test('1.3 removed remote::passthrough inference and 1.2 inline::transformers, with their replacements', () => {
    expect(generationProblems({ providers: { inference: [{ provider: 'passthrough', endpoint: 'http://p' }] } }, OGX_1_3)[0].fix).toMatch(/^OGX 1\.3\.0 removed remote::passthrough/);
    expect(generationProblems({ providers: { inference: [{ provider: 'inline::transformers' }] } }, OGX_1_2)[0].fix).toMatch(/rerank models run on inline::sentence-transformers/);
    expect(generationProblems({ providers: { inference: [{ provider: 'inline::transformers', id: 'transformers' }] } }, OGX_1_1)).toEqual([]);
  });
});

describe('§8.2 strict TLS (1.2+): the generated config', () => {
  const both = { tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key' };

  test('a 1.2.0 image: the generated config sets server.insecure, and starts', () => {
    const target = OGX_1_2.withImageTag('1.2.0');
    const r = generateTargetConfig({}, target);
    expect(r.warnings).toEqual([]);
    expect((readBaseConfig(r.configYaml) as any).server.insecure).toBe(true);
    // The stock 1.2.2 entrypoint passes --insecure: nothing written.
    expect((readBaseConfig(generateTargetConfig({}, OGX_1_2).configYaml) as any).server.insecure).toBeUndefined();
    // With a serving certificate the pair is written and insecure is not.
    const tls = readBaseConfig(generateTargetConfig({}, target, { serverTlsDir: '/tls' }).configYaml) as any;
    expect(tls.server).toEqual(expect.objectContaining(both));
    expect(tls.server.insecure).toBeUndefined();
  });
});

describe('§3.3 references a config class fills in by default', () => {
  test.each(ONE_X)('%s: interactions defaults its store to sql_default, which must exist', (_id, target) => {
    const backends = { kv_default: { type: 'kv_sqlite', db_path: '/d/kv.db' }, sql_main: { type: 'sql_sqlite', db_path: '/d/sql.db' } };
    const stores = { inference: { table_name: 'i', backend: 'sql_main' }, conversations: { table_name: 'c', backend: 'sql_main' }, prompts: { table_name: 'p', backend: 'sql_main' }, connectors: { table_name: 'k', backend: 'sql_main' } };
    const providers = { inference: [{ provider_id: 'st', provider_type: 'inline::sentence-transformers' }], interactions: [{ provider_id: 'i', provider_type: 'inline::builtin' }] };
    expect(messages(run(target, cfg({ providers, storage: { backends, stores } }))).fatal)
      .toEqual(["providers.interactions[0].config.store: inline::builtin defaults store to the SQL store backend 'sql_default', which storage.backends does not have"]);
    const explicit = { ...providers, interactions: [{ provider_id: 'i', provider_type: 'inline::builtin', config: { store: { table_name: 'interactions', backend: 'sql_main' } } }] };
    expect(messages(run(target, cfg({ providers: explicit, storage: { backends, stores } }))).fatal).toEqual([]);
  });
});

describe('§8.1 auth fields per release', () => {
  test('tenant fields are read from 1.2, attribute_headers from 1.0', () => {
    const k8s = { provider_config: { type: 'kubernetes', tenant_claim: 'groups' } };
    expect(messages(run(OGX_1_3, cfg({ server: { auth: k8s } })))).toEqual({ fatal: [], warnings: [] });
    expect(messages(run(OGX_1_1, cfg({ server: { auth: k8s } }))).warnings)
      .toEqual(['server.auth.provider_config.tenant_claim: OGX 1.1.3 does not read server.auth.provider_config.tenant_claim (it is dropped)']);
    const upstream = { provider_config: { type: 'upstream_header', principal_header: 'x-user', attribute_headers: { 'x-team': 'teams' } } };
    expect(messages(run(OGX_1_1, cfg({ server: { auth: upstream } })))).toEqual({ fatal: [], warnings: [] });
    expect(messages(run(ServerTarget.OGX_0_8, cfg({ server: { auth: upstream } }))).warnings).toHaveLength(1);
    expect(messages(run(OGX_1_2, cfg({ server: { auth: { provider_config: { type: 'custom', endpoint: 'http://a', tenant_field: 7 } } } }))).fatal)
      .toEqual(['server.auth.provider_config.tenant_field: tenant_field: the number 7 where the field takes null or a str (Optional[str])']);
  });
});

describe('the command line', () => {
  test.each([['ogx-1.3', '1.3.0'], ['ogx-1.2', '1.2.2'], ['ogx-1.1', '1.1.3']])('--target %s renders the %s image with a 1.x config', async (id, tag) => {
    const r = await runCli(['render', `--target=${id}`, '-'], MINIMAL_CR);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`image: docker.io/ogxai/distribution-starter:${tag}`);
    expect(r.out).toContain('table_name: prompts');
    expect(r.out).not.toContain('inline::llama-guard');
  });
});
