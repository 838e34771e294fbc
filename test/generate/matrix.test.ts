/**
 * A broad matrix of props on both server targets: every provider factory, every shipped
 * distribution, shields, models of each type, ports, each API disabled alone, storage kinds.
 * Each case either synthesizes objects the API server accepts, whose config.yaml passes the
 * release's start-up model with the env read back from the synthesized Deployment and no
 * warning, or fails synth with problems whose fixes, when followed, synthesize.
 */
import { Size, Testing } from 'cdk8s';
import { AccessAction, AccessRule, RouteRule, ServerAuth } from '../../src/auth';
import { LlamaStackConfigError } from '../../src/core/errors';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { InferenceProvider, SafetyProvider, ToolRuntimeProvider, VectorIoProvider } from '../../src/providers';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';
import { StorageBackend } from '../../src/values/storage-backend';
import { readBaseConfig } from '../../src/yaml/parse';
import { builtImage, imageProps } from '../support/built-image';
import { schemaErrors } from '../support/k8s-schema';
import { startupFromObjects } from '../support/startup-from-objects';

const TARGETS = [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7, ServerTarget.OGX_1_1, ServerTarget.OGX_1_2, ServerTarget.OGX_1_3];
const KEY = SecretRef.fromSecretName('creds', 'key');
const PW = SecretRef.fromSecretName('pg', 'password');
const VLLM = (): InferenceProvider => InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1', apiKey: KEY });

/** Env vars a shipped distribution reads with no usable default. */
const DISTRIBUTION_ENV: { [distribution: string]: { [name: string]: string } } = {
  'oci': { OCI_COMPARTMENT_OCID: 'ocid1.compartment.oc1..example' },
  'watsonx': { WATSONX_PROJECT_ID: 'my-project' },
  'postgres-demo': { INFERENCE_MODEL: 'llama-3.1-8b', VLLM_URL: 'http://vllm:8000/v1' },
};

/** OGX 1.x's nvidia registers `${env.INFERENCE_MODEL}` with no default. */
function distributionEnv(target: ServerTarget, distribution: string): { [name: string]: string } | undefined {
  const oneX = !target._release.rules.apis.router.includes('safety');
  return oneX && distribution === 'nvidia' ? { INFERENCE_MODEL: 'meta/llama-3.1-8b-instruct' } : DISTRIBUTION_ENV[distribution];
}

/** The release still has the safety API (OGX 1.0 removed it). */
function hasSafety(target: ServerTarget): boolean {
  return target._release.rules.apis.router.includes('safety');
}

type Case = [string, (target: ServerTarget) => LlamaStackDistributionProps];

const INFERENCE: Case[] = [
  ['vllm', () => ({ inference: [VLLM()], models: ['m'] })],
  ['ollama', () => ({ inference: [InferenceProvider.ollama({ endpoint: 'http://ollama:11434/v1' })], models: ['llama3.2:3b'] })],
  ['openai', () => ({ inference: [InferenceProvider.openai({ apiKey: KEY })], models: ['gpt-4o'] })],
  ['openai-compatible endpoint', () => ({ inference: [InferenceProvider.openai({ apiKey: KEY, endpoint: 'https://proxy.example.com/v1' })], models: ['gpt-4o'] })],
  ['anthropic', () => ({ inference: [InferenceProvider.anthropic({ apiKey: KEY })], models: ['claude-sonnet-4-5'] })],
  ['gemini', () => ({ inference: [InferenceProvider.gemini({ apiKey: KEY })], models: ['gemini-2.5-pro'] })],
  ['together', () => ({ inference: [InferenceProvider.together({ apiKey: KEY })], models: ['meta-llama/Llama-3.3-70B-Instruct-Turbo'] })],
  ['fireworks', () => ({ inference: [InferenceProvider.fireworks({ apiKey: KEY })], models: ['accounts/fireworks/models/llama-v3p1-8b-instruct'] })],
  ['groq', () => ({ inference: [InferenceProvider.groq({ apiKey: KEY })], models: ['llama-3.1-8b-instant'] })],
  ['nvidia hosted', () => ({ inference: [InferenceProvider.nvidia({ apiKey: KEY })], models: ['meta/llama-3.1-8b-instruct'] })],
  ['nvidia NIM', () => ({ inference: [InferenceProvider.nvidia({ endpoint: 'http://nim:8000/v1' })], models: ['meta/llama-3.1-8b-instruct'] })],
  ['bedrock', () => ({ inference: [InferenceProvider.bedrock({ region: 'us-east-1' })], models: ['meta.llama3-1-8b-instruct-v1:0'] })],
  ['azure', () => ({ inference: [InferenceProvider.azure({ endpoint: 'https://r.openai.azure.com/openai/v1', apiKey: KEY })], models: [{ name: 'gpt-4o', providerModelId: 'gpt4o-prod' }] })],
  ['watsonx', () => ({ inference: [InferenceProvider.watsonx({ apiKey: KEY, projectId: 'p' })], models: ['ibm/granite-3-8b-instruct'] })],
  ['custom remote (sambanova)', () => ({ inference: [InferenceProvider.custom('sambanova', { apiKey: KEY })], models: ['Meta-Llama-3.3-70B-Instruct'] })],
  ['custom inline (sentence-transformers)', () => ({
    inference: [VLLM(), InferenceProvider.custom('inline::sentence-transformers', { id: 'embeddings' })],
    models: ['m', { name: 'BAAI/bge-small-en-v1.5', provider: 'embeddings', modelType: 'embedding', embeddingDimension: 384 }],
  })],
  ['three typed providers, default ids', () => ({
    inference: [VLLM(), InferenceProvider.openai({ apiKey: KEY }), InferenceProvider.anthropic({ apiKey: KEY })],
    models: ['m', { name: 'gpt-4o', provider: 'openai' }, { name: 'claude-sonnet-4-5', provider: 'anthropic' }],
  })],
];

const SAFETY: Case[] = [
  ['nvidia guardrails', () => ({ inference: [VLLM()], safety: [SafetyProvider.nvidia({ endpoint: 'http://guardrails:7331' })], shields: ['content-safety'] })],
  ['sambanova', () => ({ inference: [VLLM()], safety: [SafetyProvider.sambanova({ apiKey: KEY })], shields: ['Meta-Llama-Guard-3-8B'] })],
  ['passthrough', () => ({ inference: [VLLM()], safety: [SafetyProvider.passthrough({ endpoint: 'http://guard:8000', apiKey: KEY })], shields: ['guard'] })],
  ['prompt-guard', () => ({ safety: [SafetyProvider.custom('inline::prompt-guard')], shields: ['Prompt-Guard-86M'] })],
  ['code-scanner', () => ({ safety: [SafetyProvider.custom('inline::code-scanner')], shields: ['code-shield'] })],
  ['base llama-guard, several shields', () => ({ inference: [VLLM()], shields: ['llama-guard', 'meta-llama/Llama-Guard-3-8B'] })],
  ['bedrock guardrail', () => ({
    inference: [VLLM()],
    safety: [SafetyProvider.bedrock({ region: 'us-east-1' })],
    shields: [{ name: 'guard', providerShieldId: 'gr-abc123', params: { guardrailVersion: 'DRAFT' } }],
  })],
];

const VECTOR_IO: Case[] = [
  ['pgvector', () => ({ vectorIo: [VectorIoProvider.pgvector({ host: 'pg', db: 'v', user: 'u', password: PW })] })],
  ['qdrant', () => ({ vectorIo: [VectorIoProvider.qdrant({ endpoint: 'http://qdrant:6333', apiKey: KEY })] })],
  ['chromadb', () => ({ vectorIo: [VectorIoProvider.chromadb({ endpoint: 'http://chroma:8000' })] })],
  ['weaviate', () => ({ vectorIo: [VectorIoProvider.weaviate({ endpoint: 'weaviate:8080', apiKey: KEY })] })],
  ['milvus', () => ({ vectorIo: [VectorIoProvider.milvus({ endpoint: 'http://milvus:19530', apiKey: KEY })] })],
  ['elasticsearch', () => ({ vectorIo: [VectorIoProvider.elasticsearch({ endpoint: 'http://es:9200', apiKey: KEY })] })],
  ['inline sqlite-vec, second store', (t) => ({ vectorIo: [VectorIoProvider.custom('inline::sqlite-vec', { id: 'vec2', settings: { db_path: `${t.dataDir}/vec2.db` } })] })],
  ['pgvector with an embedding model', () => ({
    inference: [VLLM()],
    vectorIo: [VectorIoProvider.pgvector({ host: 'pg', password: PW })],
    models: ['m', { name: 'nomic-embed', modelType: 'embedding', embeddingDimension: 768 }],
  })],
];

const TOOLS: Case[] = [
  ['brave', () => ({ toolRuntime: [ToolRuntimeProvider.braveSearch({ apiKey: KEY })] })],
  ['tavily', () => ({ toolRuntime: [ToolRuntimeProvider.tavilySearch({ apiKey: KEY })] })],
  ['bing', () => ({ toolRuntime: [ToolRuntimeProvider.bingSearch({ apiKey: KEY })] })],
  ['wolfram', () => ({ toolRuntime: [ToolRuntimeProvider.wolframAlpha({ apiKey: KEY })] })],
  ['mcp', () => ({ toolRuntime: [ToolRuntimeProvider.modelContextProtocol()] })],
];

const MODELS: Case[] = [
  ['llm with context length', () => ({ inference: [VLLM()], models: [{ name: 'm', contextLength: 8192 }] })],
  ['embedding', () => ({ inference: [VLLM()], models: [{ name: 'e', modelType: 'embedding', embeddingDimension: 1024 }] })],
  ['rerank', () => ({ inference: [VLLM()], models: [{ name: 'r', modelType: 'rerank' }] })],
  // Its key from a Secret: without one, issue 19's warning (every call would fail).
  ['a base provider by name', () => ({ models: [{ name: 'gpt-4o', provider: 'openai' }], env: { OPENAI_API_KEY: SecretRef.fromSecretName('openai', 'key') } })],
  ['provider model id', () => ({ inference: [VLLM()], models: [{ name: 'llama', providerModelId: 'meta-llama/Llama-3.1-8B-Instruct' }] })],
];

const SERVER: Case[] = [
  ...[80, 443, 1024, 8321, 65535].map((port): Case => [`port ${port}`, () => ({ port })]),
  ...[1, 4].map((workers): Case => [`${workers} workers`, () => ({ workers })]),
  ['serving TLS', () => ({ tls: { secretName: 'tls' } })],
];

/** Server authentication: each provider the two lines share, with rules and next to other props. */
const AUTH: Case[] = [
  ['kubernetes tokens', () => ({ auth: ServerAuth.kubernetes() })],
  ['kubernetes tokens with rules, several replicas', () => ({
    auth: ServerAuth.kubernetes({
      claimsMapping: { groups: 'teams' },
      accessPolicy: [AccessRule.permit({ actions: [AccessAction.READ], resource: 'model::*' }), AccessRule.permit({ actions: [AccessAction.CREATE, AccessAction.READ, AccessAction.DELETE], when: ['user is owner'] })],
      routePolicy: [RouteRule.permit({ paths: ['/v1/health'] }), RouteRule.permit({ paths: ['/v1/*'], when: ['user with system:authenticated in teams'] })],
    }),
    replicas: 2,
    sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password: PW }),
    allowPerPodState: true,
  })],
  ['oauth2 jwks with a token and a CA', () => ({
    auth: ServerAuth.oauth2Jwks({ jwksUri: 'https://kubernetes.default.svc/openid/v1/jwks', audience: 'llama', jwksToken: KEY, caCertificate: { configMapName: 'kube-root-ca.crt' } }),
  })],
  ['oauth2 introspection', () => ({
    auth: ServerAuth.oauth2Introspection({ introspectionUrl: 'https://idp.auth.svc/introspect', clientId: 'llama', clientSecret: KEY, caCertificate: { configMapName: 'idp-ca' } }),
  })],
  ['github tokens', () => ({ auth: ServerAuth.githubToken({ claimsMapping: { login: 'roles' } }) })],
  ['custom endpoint, serving TLS', () => ({ auth: ServerAuth.custom({ endpoint: 'http://authz:8080/check' }), tls: { secretName: 'tls' } })],
];

const STORAGE: Case[] = [
  ['sqlite + sqlite', () => ({ kvStorage: StorageBackend.sqlite(), sqlStorage: StorageBackend.sqlite() })],
  ['redis + postgres', () => ({ kvStorage: StorageBackend.redis({ endpoint: 'redis://redis:6379' }), sqlStorage: StorageBackend.postgres({ host: 'pg', db: 'l', user: 'u', password: PW }) })],
  ['postgres only', () => ({ sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password: PW }) })],
  ['redis only', () => ({ kvStorage: StorageBackend.redis({ endpoint: 'redis:6379' }) })],
  ['postgres with a persistent volume', () => ({ sqlStorage: StorageBackend.postgres({ host: 'pg', user: 'u', password: PW }), persistentStorage: { size: Size.gibibytes(5) } })],
];

function run(target: ServerTarget, props: LlamaStackDistributionProps): { manifests?: any[]; problems?: LlamaStackConfigError; warnings: string[] } {
  const chart = Testing.chart();
  let d: LlamaStackDistribution;
  try {
    // A distribution the release publishes no image of runs on an image the user built.
    d = new LlamaStackDistribution(chart, 'llama', { target, ...imageProps(target, props.distribution), ...props });
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return { problems: e, warnings: [] };
    throw e;
  }
  return { manifests: Testing.synth(chart), warnings: d.warnings.map((w) => `${w.path}: ${w.message}`) };
}

/** Synthesizes, with exactly `warnings`, and the objects pass the start-up model. */
function expectStarts(target: ServerTarget, props: LlamaStackDistributionProps, warnings: string[] = []): any[] {
  const { manifests, problems, warnings: got } = run(target, props);
  expect(problems?.message).toBeUndefined();
  expect(got).toEqual(warnings);
  expect(schemaErrors(manifests!)).toEqual([]);
  expect(startupFromObjects(target, manifests!)).toEqual({ fatal: [], warnings: [] });
  return manifests!;
}

describe.each(TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  describe.each<[string, Case[]]>([
    ['inference', INFERENCE], ['safety', SAFETY], ['vector_io', VECTOR_IO], ['tool_runtime', TOOLS],
    ['models', MODELS], ['server', SERVER], ['storage', STORAGE], ['auth', AUTH],
  ])('%s', (group, cases) => {
    test.each(cases)('%s', (_name, props) => {
      if (group === 'safety' && !hasSafety(target)) {
        // OGX 1.x: safety providers and shields fail synth, each fix naming the replacement.
        const { problems } = run(target, props(target));
        expect(problems?.problems.length).toBeGreaterThan(0);
        for (const p of problems!.problems) expect(p.fix).toMatch(/moderation_endpoint on (spec\.providers|props)\.responses/);
        return;
      }
      expectStarts(target, props(target));
    });
  });

  test.each(target.distributions)('distribution %s with the env it needs', (distribution) => {
    const env = distributionEnv(target, distribution);
    if (env) {
      // Without the env, synth fails naming each variable (not the image: run() passes one when needed).
      const text = run(target, { distribution }).problems?.message ?? '';
      for (const name of Object.keys(env)) expect(text).toContain(name);
    }
    const manifests = expectStarts(target, { distribution, env });
    const image = manifests.find((m) => m.kind === 'Deployment').spec.template.spec.containers[0].image;
    expect(image).toBe(builtImage(target, distribution) ?? target.imageFor(distribution));
  });

  test.each(target.disableableApis)('disabling %s alone synthesizes, or names the APIs to disable with it', (api) => {
    const { problems } = run(target, { disabledApis: [api] });
    if (!problems) {
      // An API the base config does not have (one the release removed) changes nothing: a warning.
      const base = readBaseConfig(target._baseConfig('starter')!) as any;
      const absent = !(base.apis ?? []).includes(api) && !Object.keys(base.providers ?? {}).includes(api);
      expectStarts(target, { disabledApis: [api] }, absent ? [`props.disabledApis[0]: the base config has no ${api} API, so disabling it changes nothing`] : []);
      return;
    }
    expect(problems.problems).toHaveLength(1);
    const fix = /^also disable (.*), or keep /.exec(problems.problems[0].fix ?? '');
    expect(fix).not.toBeNull();
    const also = fix![1].split(', ');
    // Every suggested name is one the prop accepts, and following the fix synthesizes.
    for (const name of also) expect(target.disableableApis).toContain(name);
    const manifests = expectStarts(target, { disabledApis: [api, ...also] });
    const config = readBaseConfig(manifests.find((m) => m.kind === 'ConfigMap').data['config.yaml']) as any;
    for (const off of [api, ...also]) expect(config.apis).not.toContain(off);
  });

  (hasSafety(target) ? test : test.skip)('a bedrock shield given as an id fails synth: it needs params.guardrailVersion', () => {
    const { problems } = run(target, { inference: [VLLM()], safety: [SafetyProvider.bedrock({ region: 'us-east-1' })], shields: ['g'] });
    expect(problems?.problems.map((p) => p.path)).toEqual(['props.shields[0]']);
  });
});

test('the re-check from objects fails when the Deployment does not run the generated config', () => {
  const target = ServerTarget.OGX_0_8;
  const { manifests } = run(target, {});
  const broken = JSON.parse(JSON.stringify(manifests));
  broken.find((m: any) => m.kind === 'Deployment').spec.template.spec.volumes[0].configMap.name = 'other';
  expect(startupFromObjects(target, broken).fatal).toEqual([
    "deployment: /etc/llama-stack/config.yaml is not the generated ConfigMap's config.yaml (the image would boot its bundled config)",
  ]);
  const unset = JSON.parse(JSON.stringify(manifests));
  const container = unset.find((m: any) => m.kind === 'Deployment').spec.template.spec.containers[0];
  container.env = container.env.map((e: any) => (e.name === 'SQLITE_STORE_DIR' ? { name: e.name, value: '/var/lib/llama' } : e));
  expect(startupFromObjects(target, unset).fatal.join('\n')).toMatch(/storage\.backends\.kv_default\.db_path: "\/var\/lib\/llama\/kvstore\.db" is not on a writable volume/);
});
