/**
 * Issue 16, the OGX 1.x features typed: skills, each release's new providers, the TLS server
 * settings, tenancy with the auth provider's tenant fields, the vector_stores store, and
 * containers refused. Each is written in the release's keys and starts with zero warnings on the
 * targets that have it, and is refused with the target that has it named elsewhere.
 */
import { Testing } from 'cdk8s';
import { ServerAuth } from '../../src/auth';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { TenancyMode } from '../../src/generate/server';
import { TargetConfigGenerator, TargetConfigOptions } from '../../src/generate/target-config';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { FileProcessorsProvider, InferenceProvider, SkillsProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { StorageBackend } from '../../src/values/storage-backend';
import { shippedConfigYaml } from '../support/shipped';
import { synthStarting } from '../support/synth';

const KEY = SecretRef.fromSecretName('keys', 'key');
const ONE_X: [string, ServerTarget][] = [['ogx-1.1', ServerTarget.OGX_1_1], ['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3]];
const STRICT: [string, ServerTarget][] = [['ogx-1.2', ServerTarget.OGX_1_2], ['ogx-1.3', ServerTarget.OGX_1_3]];

const synth = synthStarting;

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
    expect(() => FileProcessorsProvider.unstructured({ strategy: 'best' })).toThrow('FileProcessorsProvider.unstructured(strategy): "best" is not one of auto, fast, hi_res, ocr_only — pass strategy: one of auto, fast, hi_res, ocr_only');
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

const TLS = { secretName: 'llama-tls' };
const FIPS = ['ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-ECDSA-AES256-GCM-SHA384'];

describe('server TLS settings (OGX 1.2+)', () => {
  test.each(STRICT)('%s: FIPS ciphers and hsts_max_age are written under server and start', (_id, target) => {
    const { config } = synth(target, { tls: { ...TLS, ciphers: FIPS, hstsMaxAgeSeconds: 600 } });
    expect(config.server.tls_config).toEqual({ ciphers: FIPS });
    expect(config.server.hsts_max_age).toBe(600);
    expect(config.server.tls_certfile).toMatch(/tls\.crt$/);
    expect(synth(target, { tls: { ...TLS, hstsMaxAgeSeconds: 0 } }).config.server).not.toHaveProperty('tls_config');
  });

  test.each(STRICT)('%s: a non-FIPS cipher, an empty list and a negative max-age are refused at their props', (_id, target) => {
    const found = problems(target, () => ({ tls: { ...TLS, ciphers: ['ECDHE-RSA-CHACHA20-POLY1305', ...FIPS] } }));
    expect(found.map((p) => p.path)).toEqual(['props.tls.ciphers']);
    expect(found[0].message).toMatch(/^FIPS-approved ciphers required\. Invalid: \['ECDHE-RSA-CHACHA20-POLY1305'\]/);
    expect(found[0].fix).toMatch(/^use only: ECDHE-ECDSA-AES128-GCM-SHA256/);
    const empty = problems(target, () => ({ tls: { ...TLS, ciphers: [] } }));
    expect(empty.map((p) => p.path)).toEqual(['props.tls.ciphers']);
    expect(empty[0].message).toMatch(/^At least one cipher suite must be specified/);
    expect(problems(target, () => ({ tls: { ...TLS, hstsMaxAgeSeconds: -1 } })).map((p) => p.path)).toEqual(['props.tls.hstsMaxAgeSeconds']);
  });

  test('a cipher list that is not a list of strings is refused at the input boundary', () => {
    expect(problems(ServerTarget.OGX_1_3, () => ({ tls: { ...TLS, ciphers: 'ECDHE-RSA-AES256-GCM-SHA384' as any } })).map((p) => p.path)).toEqual(['props.tls.ciphers']);
  });

  test.each([['ogx-1.1', ServerTarget.OGX_1_1], ['ogx-0.8', ServerTarget.OGX_0_8]] as const)('%s has no TLS settings: the fix names OGX_1_3 and OGX_1_2', (_id, target) => {
    const found = problems(target, () => ({ tls: { ...TLS, ciphers: FIPS, hstsMaxAgeSeconds: 600 } }));
    expect(found.map((p) => p.path)).toEqual(['props.tls.ciphers', 'props.tls.hstsMaxAgeSeconds']);
    for (const p of found) expect(p.fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 \(the TLS settings/);
  });

  test('the operator pipeline does not write them', () => {
    expect(problems(ServerTarget.OPERATOR, () => ({ tls: { ...TLS, hstsMaxAgeSeconds: 600 } })).map((p) => p.path)).toContain('props.tls.hstsMaxAgeSeconds');
  });
});

describe('tenancy (OGX 1.2+) and the auth providers\' tenant fields', () => {
  test.each(STRICT)('%s: single mode with its tenant starts', (_id, target) => {
    const { config } = synth(target, { tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'team-a' } });
    expect(config.server.tenancy).toEqual({ mode: 'single', default_tenant_id: 'team-a' });
  });

  test.each(STRICT)('%s: multi mode with each provider\'s tenant field starts, and vector stores get their metadata store', (_id, target) => {
    const auths = [
      ServerAuth.kubernetes({ tenantClaim: 'extra.tenant' }),
      ServerAuth.oauth2Jwks({ jwksUri: 'https://idp.example.com/certs', audience: 'ogx', tenantClaim: 'org' }),
      ServerAuth.custom({ endpoint: 'http://authz.auth.svc:8080/validate', tenantField: 'tenant' }),
    ];
    const keys = ['tenant_claim', 'tenant_claim', 'tenant_field'];
    auths.forEach((auth, i) => {
      const { config } = synth(target, { auth, tenancy: { mode: TenancyMode.MULTI } });
      expect(config.server.tenancy).toEqual({ mode: 'multi' });
      expect(config.server.auth.provider_config[keys[i]]).toBeDefined();
      expect(config.storage.stores.vector_stores).toEqual({ table_name: 'vector_stores', backend: 'sql_default' });
    });
    const { config } = synth(target, {
      auth: ServerAuth.upstreamHeader({ principalHeader: 'x-auth-user-id', tenantHeader: 'x-tenant-id', attributeHeaders: { 'X-MaaS-Group': 'teams' } }),
      allowedFrom: { namespaces: ['gateway'] },
      tenancy: { mode: TenancyMode.MULTI },
    });
    expect(config.server.auth.provider_config).toEqual({
      type: 'upstream_header', principal_header: 'x-auth-user-id', tenant_header: 'x-tenant-id', attribute_headers: { 'X-MaaS-Group': 'teams' },
    });
  });

  test('multi without a tenant-yielding provider, single without a tenant, and a bad tenant id are refused with fixes', () => {
    const t = ServerTarget.OGX_1_3;
    const multi = problems(t, () => ({ auth: ServerAuth.kubernetes(), tenancy: { mode: TenancyMode.MULTI } }));
    expect(multi.map((p) => p.path)).toEqual(['props.tenancy.mode']);
    expect(multi[0].fix).toBe('set tenantClaim on the ServerAuth factory (tenant_claim)');
    expect(problems(t, () => ({ tenancy: { mode: TenancyMode.MULTI } }))[0].fix).toMatch(/^set auth to a ServerAuth that yields a tenant/);
    expect(problems(t, () => ({ tenancy: { mode: TenancyMode.SINGLE } })).map((p) => `${p.path}: ${p.message}`))
      .toEqual(["props.tenancy.defaultTenantId: default_tenant_id is required when tenancy mode is 'single'"]);
    expect(problems(t, () => ({ tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'Team A' } })).map((p) => p.path)).toEqual(['props.tenancy.defaultTenantId']);
    expect(problems(t, () => ({ tenancy: { mode: 'shared' as any } })).map((p) => p.path)).toEqual(['props.tenancy.mode']);
  });

  test('OGX 1.1 has no tenancy and no tenant fields; it has attribute_headers', () => {
    const t = ServerTarget.OGX_1_1;
    const found = problems(t, () => ({ tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'a' } }));
    expect(found.map((p) => `${p.path}: ${p.message}`)).toEqual(['props.tenancy: OGX 1.1.3 has no tenancy (server.tenancy is new in OGX 1.2)']);
    expect(found[0].fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 \(tenancy is in those releases\)/);
    const claim = problems(t, () => ({ auth: ServerAuth.kubernetes({ tenantClaim: 'tenant' }) }));
    expect(claim.map((p) => p.path)).toEqual(['props.auth.tenantClaim']);
    expect(claim[0].fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 \(kubernetes tenant_claim/);
    synth(t, { auth: ServerAuth.upstreamHeader({ principalHeader: 'x-user', attributeHeaders: { 'x-group': 'teams' } }), allowedFrom: { namespaces: ['gw'] } });
    const header = problems(ServerTarget.OGX_0_8, () => ({ auth: ServerAuth.upstreamHeader({ principalHeader: 'x-user', attributeHeaders: { 'x-group': 'teams' } }), allowedFrom: { namespaces: ['gw'] } }));
    expect(header.map((p) => p.path)).toEqual(['props.auth.attributeHeaders']);
    expect(header[0].fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 or ServerTarget\.OGX_1_1/);
  });

  test('the factories check the tenant options', () => {
    expect(() => ServerAuth.custom({ endpoint: 'http://a:1/v', tenantField: '' })).toThrow(/tenantField must be a non-empty string/);
    expect(() => ServerAuth.upstreamHeader({ principalHeader: 'x-user', tenantHeader: 'X-User' })).toThrow(/the principal and the tenant are read from the same header/);
    expect(() => ServerAuth.upstreamHeader({ principalHeader: 'x-user', attributeHeaders: { 'bad header': 'teams' } })).toThrow(/is not an HTTP header name/);
  });
});

describe('the vector_stores store (OGX 1.1+)', () => {
  test.each(ONE_X)('%s: SQLite in its own file, filled into every vector_io provider, starts', (_id, target) => {
    const { config } = synth(target, { vectorStoresStorage: StorageBackend.sqlite() });
    expect(config.storage.stores.vector_stores).toEqual({ backend: 'sql_vector_stores', table_name: 'vector_stores' });
    expect(config.storage.backends.sql_vector_stores.type).toBe('sql_sqlite');
    expect(config.storage.backends.sql_vector_stores.db_path).toMatch(/\/vector_stores\.db$/);
  });

  test.each(ONE_X)('%s: the postgres of sqlStorage holds it on sql_default', (_id, target) => {
    const pg = StorageBackend.postgres({ host: 'pg.data.svc', db: 'ogx', user: 'ogx', password: SecretRef.fromSecretName('pg', 'password') });
    const { config } = synth(target, { sqlStorage: pg, vectorStoresStorage: pg });
    expect(config.storage.stores.vector_stores).toEqual({ backend: 'sql_default', table_name: 'vector_stores' });
    expect(config.storage.backends.sql_default.type).toBe('sql_postgres');
  });

  test.each(ONE_X)('%s: a Postgres of its own is backend sql_vector_stores, with a password env var of its own, and starts', (_id, target) => {
    const sql = StorageBackend.postgres({ host: 'pg.data.svc', db: 'ogx', user: 'ogx', password: SecretRef.fromSecretName('pg', 'password'), sslMode: 'require' });
    const vectors = StorageBackend.postgres({
      host: 'vectors.data.svc', db: 'vectors', user: 'vs', password: SecretRef.fromSecretName('vectors-db', 'password'), sslMode: 'require', poolSize: 3,
    });
    const { config, manifests } = synth(target, { sqlStorage: sql, vectorStoresStorage: vectors });
    expect(config.storage.backends.sql_vector_stores).toEqual({
      type: 'sql_postgres', host: 'vectors.data.svc', port: 5432, db: 'vectors', user: 'vs', password: '${env.LLSD_STORAGE_VECTOR_STORES_PASSWORD}', pool_size: 3,
    });
    expect(config.storage.stores.vector_stores).toEqual({ backend: 'sql_vector_stores', table_name: 'vector_stores' });
    const env = manifests.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0].env;
    const secretEnv = env.filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => [e.name, e.valueFrom.secretKeyRef.name]);
    expect(secretEnv).toEqual(expect.arrayContaining([
      ['LLSD_STORAGE_SQL_PASSWORD', 'pg'], ['LLSD_STORAGE_VECTOR_STORES_PASSWORD', 'vectors-db'],
    ]));
  });

  test('a Postgres of its own takes the SQL store\'s TLS (one PGSSLMODE per pod) and has no commandTimeout', () => {
    const vectors = (extra: object) => StorageBackend.postgres({ host: 'vectors', user: 'vs', password: KEY, ...extra });
    expect(problems(ServerTarget.OGX_1_3, () => ({ vectorStoresStorage: vectors({ sslMode: 'verify-full', commandTimeout: 5 }) }))).toEqual([
      {
        path: 'props.vectorStoresStorage.sslMode',
        message: 'the pod has one PGSSLMODE for every SQL Postgres (sql_postgres has no TLS fields; its driver reads the pod\'s env), and sqlStorage sets none',
        fix: 'give the vector_stores Postgres the sslMode of sqlStorage, or none',
      },
      { path: 'props.vectorStoresStorage.commandTimeout', message: 'sql_postgres has no command_timeout (kv_postgres has, OGX 1.1+)', fix: 'remove commandTimeout from the vector_stores Postgres' },
    ]);
  });

  test('redis, and a release without the store are refused with fixes', () => {
    const redis = problems(ServerTarget.OGX_1_3, () => ({ vectorStoresStorage: StorageBackend.redis({ endpoint: 'redis://r:6379' }) }));
    expect(redis.map((p) => `${p.path}: ${p.message}`)).toEqual(['props.vectorStoresStorage: the vector_stores store is a SQL store: redis cannot hold it']);
    const old = problems(ServerTarget.OGX_0_8, () => ({ vectorStoresStorage: StorageBackend.sqlite() }));
    expect(old.map((p) => p.path)).toEqual(['props.vectorStoresStorage']);
    expect(old[0].fix).toMatch(/^use ServerTarget\.OGX_1_3 or ServerTarget\.OGX_1_2 or ServerTarget\.OGX_1_1 \(the vector_stores store/);
    expect(problems(ServerTarget.OPERATOR, () => ({ vectorStoresStorage: StorageBackend.sqlite() })).map((p) => p.path)).toContain('props.vectorStoresStorage');
  });
});

describe('containers / container_runtime (OGX 1.2+) need Docker', () => {
  const base = (target: ServerTarget, extra: string): string => {
    const text = shippedConfigYaml(target.id, 'starter');
    return text.replace(/^apis:\n/m, `apis:\n${extra}`);
  };

  test.each(STRICT)('%s: a base config that lists them is refused with the reason and the fix', (_id, target) => {
    const found = problems(target, () => ({ baseConfigYaml: base(target, '- container_runtime\n- containers\n'), image: `${target._data.image.replace('{distro}', 'starter')}:${target.imageTag}` }));
    expect(found.map((p) => p.path)).toEqual(['config.apis[0]', 'config.apis[1]']);
    expect(found[0].message).toMatch(/^the container_runtime API needs a container runtime: .*Docker socket that the restricted pod cannot mount/);
    expect(found[1].message).toMatch(/^the containers API needs a container runtime/);
    expect(found[0].fix).toMatch(/^remove containers and container_runtime from apis and providers\.container_runtime/);
  });

  test.each(STRICT)('%s: an override config with a container_runtime provider is refused at the prop', (_id, target) => {
    const text = base(target, '- container_runtime\n').replace(/^providers:\n/m,
      'providers:\n  container_runtime:\n  - provider_id: docker\n    provider_type: remote::docker\n    module: ogx_docker_runtime\n    config: {}\n');
    const found = problems(target, () => ({ overrideConfigYaml: text }));
    const mine = found.filter((p) => /needs a container runtime/.test(p.message));
    expect(mine.map((p) => `${p.path}: ${p.message.split(':')[0]}`)).toEqual([
      'props.overrideConfigYaml: the container_runtime API needs a container runtime',
      'props.overrideConfigYaml: an enabled container_runtime provider needs a container runtime',
    ]);
  });

  test('OGX 1.1 has neither API: nothing to refuse here (the start-up model reports unknown APIs)', () => {
    const found = problems(ServerTarget.OGX_1_1, () => ({ baseConfigYaml: base(ServerTarget.OGX_1_1, '- containers\n'), image: `${ServerTarget.OGX_1_1._data.image.replace('{distro}', 'starter')}:${ServerTarget.OGX_1_1.imageTag}` }));
    expect(found.some((p) => /needs a container runtime/.test(p.message))).toBe(false);
  });
});

describe('where the 1.x settings cannot go', () => {
  const props: LlamaStackDistributionProps = {
    skills: [SkillsProvider.builtin()],
    tls: { ...TLS, ciphers: FIPS, hstsMaxAgeSeconds: 600 },
    tenancy: { mode: TenancyMode.SINGLE, defaultTenantId: 'a' },
    vectorStoresStorage: StorageBackend.sqlite(),
  };

  test.each([
    ['LlamaStackDistributionResource', (p: LlamaStackDistributionProps) => new LlamaStackDistributionResource(Testing.chart(), 'llama', p)],
    ['OgxServerResource', (p: LlamaStackDistributionProps) => new OgxServerResource(Testing.chart(), 'llama', p)],
  ] as const)('%s refuses each (the CRDs cannot carry them)', (_name, make) => {
    let paths: string[] = [];
    try {
      make(props);
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      paths = e.problems.map((p) => p.path);
    }
    for (const p of ['props.skills', 'props.tls.ciphers', 'props.tls.hstsMaxAgeSeconds', 'props.tenancy', 'props.vectorStoresStorage']) expect(paths).toContain(p);
  });

  test('an override config cannot be combined with them', () => {
    const found = problems(ServerTarget.OGX_1_3, () => ({ overrideConfigYaml: ServerTarget.OGX_1_3._baseConfig('starter')!, tenancy: props.tenancy, vectorStoresStorage: props.vectorStoresStorage }));
    expect(found.filter((p) => /cannot be combined with overrideConfigYaml/.test(p.message)).map((p) => p.path)).toEqual(['props.tenancy', 'props.vectorStoresStorage']);
  });

  test('TargetConfigGenerator: serverTls needs serverTlsDir, and its options are checked at the boundary', () => {
    const gen = (options: TargetConfigOptions) => {
      try {
        TargetConfigGenerator.generate({ distribution: { name: 'starter' } }, ServerTarget.OGX_1_3, options);
        return [];
      } catch (e) {
        if (!(e instanceof LlamaStackConfigError)) throw e;
        return e.problems.map((p) => p.path);
      }
    };
    // In the generator's words (its options), not the constructs' props.
    expect(gen({ serverTls: { hstsMaxAgeSeconds: 60 } })).toEqual(['options.serverTls.hstsMaxAgeSeconds']);
    expect(gen({ tenancy: { mode: TenancyMode.MULTI } })).toEqual(['options.tenancy.mode']);
    expect(gen({ serverTlsDir: '/etc/tls', serverTls: { hstsMaxAgeSeconds: 60 } })).toEqual([]);
    expect(gen({ tenancy: { mode: 'all' as any } }).length).toBe(1);
  });
});
