/**
 * Exact behaviour of the start-up model (src/releases/startup): what OGX 0.8.0 and llama-stack
 * 0.7.1 do with a config.yaml on their way to serving, as described in
 * ../shared/reference/llama-stack/startup-checks.md (§1 env substitution, §2 StackConfig,
 * §3 storage, §4 provider resolution, §5 registration, §7 post-start checks, §10 checklist).
 */
import { JsonObject, JsonValue } from '../../../src/core/json';
import { convertSubstituted, secretStandIn } from '../../../src/releases/startup/env-substitution';
import { OGX, LLAMA, TARGETS, run, cfg, yaml, fatal, warning, paths, substitute, SENTENCE_TRANSFORMERS, VLLM, LOCALFS, RESPONSES, FAISS } from '../../support/startup-model';

// ---------------------------------------------------------------------------------------------
// §1 Environment-variable substitution
// ---------------------------------------------------------------------------------------------

// §1.1: a bare ${env.X} whose X is unset, or set to "", is an EnvVarError naming the dotted path;
// the other forms never fail. Same code in both releases, so the same findings on both.
describe.each(TARGETS)('%s: bare ${env.X} (§1.1 EnvVarError)', (_name, target) => {
  const config = (token: string): JsonObject => cfg({ providers: { inference: [{ ...VLLM, config: { ...VLLM.config, api_token: token } }] } });

  test('unset is fatal at the dotted path, naming the variable', () => {
    const r = run(target, config('${env.VLLM_API_TOKEN}'));
    expect(r.fatal).toEqual([fatal('providers.inference[0].config.api_token', "Environment variable 'VLLM_API_TOKEN' not set or empty at providers.inference[0].config.api_token")]);
    expect(r.fatal[0].env).toEqual(['VLLM_API_TOKEN']);
    expect(r.warnings).toEqual([]);
  });

  test('set to "" counts as unset', () => {
    const r = run(target, config('${env.VLLM_API_TOKEN}'), { env: { VLLM_API_TOKEN: '' } });
    expect(paths(r.fatal)).toEqual(['providers.inference[0].config.api_token']);
  });

  test('set and non-empty: no finding; a Secret-backed value counts as set', () => {
    expect(run(target, config('${env.VLLM_API_TOKEN}'), { env: { VLLM_API_TOKEN: 'tok-abc' } })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('${env.VLLM_API_TOKEN}'), { secrets: ['VLLM_API_TOKEN'] })).toEqual({ fatal: [], warnings: [] });
  });

  test('the := and :+ forms never fail, set or not', () => {
    expect(run(target, config('${env.VLLM_API_TOKEN:=}'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('${env.VLLM_API_TOKEN:+tok}'))).toEqual({ fatal: [], warnings: [] });
  });

  test('a bare reference as provider_id is reported once (the look-ahead at the id does not report)', () => {
    const r = run(target, cfg({ providers: { inference: [{ ...SENTENCE_TRANSFORMERS, provider_id: '${env.ST_ID}' }] } }));
    expect(r.fatal).toEqual([fatal('providers.inference[0].provider_id', "Environment variable 'ST_ID' not set")]);
  });

  test('a lower-case name is left as literal text: not an error, a warning (the checklist: env names are upper-case)', () => {
    const r = run(target, config('${env.vllm_api_token}'));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([warning('providers.inference[0].config.api_token', '${env.vllm_api_token} is not an env reference the server substitutes')]);
  });
});

// §1.1 / §1.2: the values replace_env_vars produces (release-independent code).
describe('replace_env_vars: resolved values (§1.1, §1.2)', () => {
  const one = (value: string, values: { [name: string]: string } = {}, secrets: string[] = []): JsonValue =>
    substitute({ v: value }, values, secrets).document.v;

  test(':= gives the value when set and non-empty, the default otherwise', () => {
    expect(one('${env.URL:=http://vllm:8000/v1}')).toBe('http://vllm:8000/v1');
    expect(one('${env.URL:=http://vllm:8000/v1}', { URL: '' })).toBe('http://vllm:8000/v1');
    expect(one('${env.URL:=http://vllm:8000/v1}', { URL: 'http://other/v1' })).toBe('http://other/v1');
  });

  test(':= with an empty default gives null (the "" is converted)', () => {
    expect(one('${env.URL:=}')).toBeNull();
    expect(one('${env.URL:=}', { URL: 'x' })).toBe('x');
  });

  test(':+ gives its value only when the variable is set; otherwise null', () => {
    expect(one('${env.OLLAMA_URL:+ollama}', { OLLAMA_URL: 'http://ollama:11434' })).toBe('ollama');
    expect(one('${env.OLLAMA_URL:+ollama}')).toBeNull();
    expect(one('${env.OLLAMA_URL:+ollama}', { OLLAMA_URL: '' })).toBeNull();
    expect(one('${env.OLLAMA_URL:+}', { OLLAMA_URL: 'set' })).toBeNull();
  });

  test('several references in one string are all replaced', () => {
    expect(one('http://${env.HOST:=vllm}:${env.PORT:=8000}/${env.PATH_PART}', { PATH_PART: 'v1', HOST: 'h' })).toBe('http://h:8000/v1');
    const r = substitute({ url: '${env.A}-${env.B}' });
    expect(r.findings.map((f) => f.env)).toEqual([['A'], ['B']]);
    expect(paths(r.findings)).toEqual(['url', 'url']);
    expect(r.envAt.get('url')).toEqual(['A', 'B']);
  });

  test('lower-case names do not match and stay literal; an upper-case one next to it is replaced', () => {
    expect(one('${env.foo}')).toBe('${env.foo}');
    expect(one('${env.foo}-${env.BAR:=x}')).toBe('${env.foo}-x');
    expect(substitute({ v: '${env.foo}' }).findings.map((f) => `${f.severity} ${f.path}`)).toEqual(['warning v']);
  });

  test('mapping keys are never substituted', () => {
    const r = substitute({ m: { '${env.KEY:=k}': 'v', '${env.UNSET}': 1 } });
    expect(r.document).toEqual({ m: { '${env.KEY:=k}': 'v', '${env.UNSET}': 1 } });
    expect(r.findings).toEqual([]);
  });

  test('conversion happens only when a substitution changed the string', () => {
    const r = substitute({ literal: '8321', literalTrue: 'true', port: '${env.P:=8321}', n: 5, b: false, nul: null });
    expect(r.document).toEqual({ literal: '8321', literalTrue: 'true', port: 8321, n: 5, b: false, nul: null });
  });

  test('substituted numbers and booleans lose their string type', () => {
    expect(one('${env.V}', { V: '007' })).toBe(7);
    expect(one('${env.V}', { V: ' 12 ' })).toBe(12);
    expect(one('${env.V}', { V: 'true' })).toBe(true);
    expect(one('${env.V}', { V: 'False' })).toBe(false);
    expect(one('${env.V}', { V: '1e3' })).toBe(1000);
    expect(one('${env.V}', { V: '0.5' })).toBe(0.5);
    expect(one('${env.V}', { V: '123456' })).toBe(123456);
    expect(one('${env.V}', { V: 'sk-123' })).toBe('sk-123');
    expect(one('${env.V}x', { V: '12' })).toBe('12x');
  });

  test('a Secret-backed value stands in as a non-empty, non-numeric string', () => {
    const stand = secretStandIn('secret/token');
    expect(stand).not.toBe('');
    expect(convertSubstituted(stand)).toBe(stand);
    expect(one('${env.TOKEN}', {}, ['TOKEN'])).toBe(stand);
    expect(one('${env.TOKEN:+on}', {}, ['TOKEN'])).toBe('on');
    expect(one('${env.TOKEN:=dflt}', {}, ['TOKEN'])).toBe(stand);
  });

  test('a substituted value starting with ~ is expanded with $HOME; a literal ~ is not', () => {
    const config = { a: '${env.DIR:=~/.ogx}/kvstore.db', b: '~/.ogx/kvstore.db', c: '${env.DIR:=~}', d: '${env.DIR:=~other/x}' };
    expect(substitute(config, {}, [], '/opt/app-root/src').document).toEqual({
      a: '/opt/app-root/src/.ogx/kvstore.db', b: '~/.ogx/kvstore.db', c: '/opt/app-root/src', d: '~other/x',
    });
    expect(substitute(config).document).toEqual({ a: '/.ogx/kvstore.db', b: '~/.ogx/kvstore.db', c: '/', d: '~other/x' });
    expect(substitute({ a: '${env.DIR}/x' }, { DIR: '~/data' }, [], '/home/u').document).toEqual({ a: '/home/u/data/x' });
  });
});

// §1.2 `_convert_string_to_proper_type`, called directly.
describe('convertSubstituted (§1.2)', () => {
  test.each<[string, JsonValue]>([
    ['', null],
    ['true', true],
    ['TRUE', true],
    ['False', false],
    ['8321', 8321],
    ['007', 7],
    [' 12 ', 12],
    ['-3', -3],
    ['1_000', 1000],
    ['1e3', 1000],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
    ['abc', 'abc'],
    ['12abc', '12abc'],
    ['0x10', '0x10'],
    ['yes', 'yes'],
    ['http://vllm:8000', 'http://vllm:8000'],
  ])('%j becomes %j', (input, expected) => {
    expect(convertSubstituted(input)).toEqual(expected);
  });

  test('"nan" becomes NaN', () => {
    expect(convertSubstituted('nan')).toBeNaN();
  });
});

// §1.3: list elements switched off by env. `__disabled__` drops a provider before its config is
// read; an empty id keeps it (config still substituted); an id field that resolves empty drops a
// resource. Same in both releases.
describe.each(TARGETS)('%s: env-conditional list entries (§1.3)', (_name, target) => {
  test('provider_id resolving to __disabled__ removes the entry; a bare ${env.Y} inside it is harmless', () => {
    const config = cfg({
      providers: {
        inference: [
          { provider_id: '${env.VLLM_URL:=__disabled__}', provider_type: 'remote::vllm', config: { base_url: '${env.VLLM_URL}', api_token: '${env.Y}' } },
          { provider_id: '__disabled__', provider_type: 'remote::nope', config: { x: '${env.Z}' } },
          SENTENCE_TRANSFORMERS,
        ],
      },
    });
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
    const inference = substitute(config).document.providers as JsonObject;
    expect(inference.inference).toEqual([SENTENCE_TRANSFORMERS]);
  });

  test('a later entry keeps its written index in finding paths after a __disabled__ entry is removed', () => {
    const r = run(target, cfg({
      providers: { inference: [{ provider_id: '__disabled__', provider_type: 'remote::vllm' }, { ...VLLM, config: { ...VLLM.config, api_token: '${env.TOKEN}' } }] },
    }));
    expect(paths(r.fatal)).toEqual(['providers.inference[1].config.api_token']);
  });

  test('an empty :+ id keeps the entry with a null id; its config is still substituted', () => {
    const entry = { provider_id: '${env.VLLM_URL:+vllm}', provider_type: 'remote::vllm', config: { base_url: '${env.VLLM_URL:=}', api_token: '${env.Y}' } };
    const r = run(target, cfg({ providers: { inference: [entry] } }));
    expect(r.fatal).toEqual([fatal('providers.inference[0].config.api_token', "Environment variable 'Y' not set")]);
    expect(r.warnings).toEqual([]);
    const doc = substitute(cfg({ providers: { inference: [{ ...entry, config: { base_url: '${env.VLLM_URL:=}' } }] } })).document;
    expect((doc.providers as JsonObject).inference).toEqual([{ provider_id: null, provider_type: 'remote::vllm', config: { base_url: null } }]);
  });

  test('with the :+ variable set, the entry is enabled under the written id', () => {
    const entry = { provider_id: '${env.VLLM_URL:+vllm}', provider_type: 'remote::vllm', config: { base_url: '${env.VLLM_URL:=}' } };
    expect(run(target, cfg({ providers: { inference: [entry] } }), { env: { VLLM_URL: 'http://vllm:8000/v1' } })).toEqual({ fatal: [], warnings: [] });
  });

  test('resources whose model_id / shield_id resolve empty are dropped, unsubstituted', () => {
    const config = cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: {
        models: [
          { model_id: '${env.INFERENCE_MODEL:+${env.INFERENCE_MODEL}', provider_id: 'vllm' },
          { model_id: '${env.EMBEDDING_MODEL:=}', provider_id: 'vllm', metadata: { note: '${env.NOT_SET}' } },
          { model_id: 'all-minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } },
        ],
        shields: [{ shield_id: '${env.SAFETY_MODEL:+llama-guard}', provider_id: 'llama-guard' }],
      },
    });
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
    const rr = substitute(config).document.registered_resources as JsonObject;
    expect(rr.models).toEqual([{ model_id: 'all-minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } }]);
    expect(rr.shields).toEqual([]);
  });

  test('a bare unset ${env.X} as model_id is not a switch: it is an EnvVarError', () => {
    const r = run(target, cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: '${env.INFERENCE_MODEL}', provider_id: 'vllm' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].model_id', "Environment variable 'INFERENCE_MODEL' not set")]);
  });

  test('auth whose provider_config.type resolves empty is off, and its other fields are not substituted', () => {
    const auth = { provider_config: { type: '${env.AUTH_TYPE:+oauth2_token}', jwks: { uri: '${env.JWKS_URI}' } }, access_policy: [] };
    expect(run(target, cfg({ server: { auth } }))).toEqual({ fatal: [], warnings: [] });
    expect((substitute(cfg({ server: { auth } })).document.server as JsonObject).auth).toEqual({ provider_config: null, access_policy: [] });
    const on = run(target, cfg({ server: { auth } }), { env: { AUTH_TYPE: 'yes' } });
    expect(on.fatal).toEqual([fatal('server.auth.provider_config.jwks.uri', "Environment variable 'JWKS_URI' not set")]);
  });
});

// ---------------------------------------------------------------------------------------------
// pydantic field types of provider config classes (§1.2 consequences, §4.2 config validation)
// ---------------------------------------------------------------------------------------------

// pydantic v2 lax mode: no int→str coercion, str→int/bool coercion, HttpUrl needs http(s).
// ---------------------------------------------------------------------------------------------
// §2, §3 StackConfig, server and storage
// ---------------------------------------------------------------------------------------------

// §2.1 / §2.2 shared by both releases: distro_name required (image_name deprecated), unknown keys
// dropped (warned), server.port ge=1024 le=65535 with pydantic's lax int, TLS pair.
describe.each(TARGETS)('%s: vector_stores templates and limits (§7.1)', (_name, target) => {
  test('templates missing placeholders are fatal, naming the missing ones', () => {
    const r = run(target, cfg({
      vector_stores: {
        rewrite_query_params: { prompt: 'Rewrite this' },
        file_search_params: { header_template: 'found {num_chunks} chunks' },
        context_prompt_params: { chunk_annotation_template: '{index}: {chunk.content}', context_template: 'no query here' },
        annotation_prompt_params: { chunk_annotation_template: '{index} {chunk_text}' },
      },
    }));
    expect(r.fatal).toEqual([
      fatal('vector_stores.rewrite_query_params.prompt', 'the template must contain {query}'),
      fatal('vector_stores.file_search_params.header_template', 'the template must contain file_search'),
      fatal('vector_stores.context_prompt_params.context_template', 'the template must contain {query}'),
      fatal('vector_stores.annotation_prompt_params.chunk_annotation_template', 'the template must contain {file_id}'),
    ]);
  });

  test('templates with their placeholders are fine; limits are checked', () => {
    expect(run(target, cfg({
      vector_stores: {
        rewrite_query_params: { prompt: 'Rewrite {query}', max_tokens: 100, temperature: 0.3 },
        file_search_params: { header_template: 'file_search found {num_chunks}' },
        context_prompt_params: { chunk_annotation_template: '{index}: {chunk.content}', context_template: 'Q: {query}' },
      },
    }))).toEqual({ fatal: [], warnings: [] });
    const r = run(target, cfg({
      vector_stores: { rewrite_query_params: { max_tokens: 5000, temperature: 3 }, contextual_retrieval_params: { default_timeout_seconds: 5 } },
    }));
    expect(paths(r.fatal)).toEqual([
      'vector_stores.rewrite_query_params.max_tokens',
      'vector_stores.rewrite_query_params.temperature',
      'vector_stores.contextual_retrieval_params.default_timeout_seconds',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// §4 Provider resolution
// ---------------------------------------------------------------------------------------------

// §4.1 / §4.2 shared: allowed keys under providers, enabled entries, provider types, config
// classes (required fields, types, extra keys), §6 config-only initialisation checks.
describe.each(TARGETS)('%s: provider resolution (§4.1, §4.2, §6)', (_name, target) => {
  test('a routing-table key under providers is fatal', () => {
    expect(run(target, cfg({ providers: { models: [] } })).fatal).toEqual([fatal('providers.models', 'Provider for `models` is automatically provided and cannot be overridden')]);
    expect(paths(run(target, cfg({ providers: { tool_groups: [{ provider_id: 'x', provider_type: 'y' }] } })).fatal)).toEqual(['providers.tool_groups']);
  });

  test('agents (not an API in either release) is fatal', () => {
    const r = run(target, cfg({ providers: { agents: [{ provider_id: 'meta-reference', provider_type: 'inline::meta-reference', config: {} }] } }));
    expect(r.fatal).toEqual([fatal('providers.agents', "API 'agents' does not exist in")]);
  });

  test('an internal API is fatal with entries, harmless when empty', () => {
    expect(paths(run(target, cfg({ providers: { prompts: [{ provider_id: 'p', provider_type: 'inline::p' }] } })).fatal)).toEqual(['providers.prompts']);
    expect(run(target, cfg({ providers: { prompts: [] } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('an unknown provider_type of an enabled entry is fatal (the prefix is part of the type)', () => {
    const r = run(target, cfg({ providers: { inference: [{ ...VLLM, provider_type: 'remote::vllmx' }, { ...SENTENCE_TRANSFORMERS, provider_type: 'sentence-transformers' }] } }));
    expect(r.fatal).toEqual([
      fatal('providers.inference[0].provider_type', 'Provider `remote::vllmx` is not available for API `inference`'),
      fatal('providers.inference[1].provider_type', 'Provider `sentence-transformers` is not available for API `inference`'),
    ]);
  });

  test('disabled entries (null or empty id) are never resolved: an unknown type or a bad config is harmless', () => {
    const r = run(target, cfg({
      providers: {
        inference: [
          { provider_id: '${env.NOPE_URL:+nope}', provider_type: 'remote::does-not-exist', config: { base_url: 5, junk: true } },
          { provider_id: '', provider_type: 'remote::vllm', config: { api_token: 123 } },
          { provider_id: null, provider_type: 'remote::chromadb', config: {} },
        ],
      },
    }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('an entry without a provider_id key, or without provider_type, is fatal', () => {
    const r = run(target, cfg({ providers: { inference: [{ provider_type: 'inline::sentence-transformers' }, { provider_id: 'x' }] } }));
    expect(r.fatal).toEqual([fatal('providers.inference[0].provider_id', 'provider_id: Field required'), fatal('providers.inference[1].provider_type', 'provider_type: Field required')]);
  });

  test('a required config field missing is fatal', () => {
    const r = run(target, cfg({ providers: { vector_io: [{ provider_id: 'faiss', provider_type: 'inline::faiss', config: {} }] } }));
    expect(r.fatal).toEqual([fatal('providers.vector_io[0].config.persistence', 'inline::faiss requires persistence (Field required)')]);
  });

  test('a user env value "123456" for a SecretStr field is fatal (it became a number); a Secret-backed one is fine', () => {
    const config = cfg({ providers: { inference: [{ ...VLLM, config: { ...VLLM.config, api_token: '${env.TOKEN}' } }] } });
    const r = run(target, config, { env: { TOKEN: '123456' } });
    expect(r.fatal).toEqual([fatal('providers.inference[0].config.api_token',
      'remote::vllm rejects api_token: a number where the field takes a str or null (SecretStr | None) (from ${env.TOKEN})')]);
    expect(r.fatal[0].env).toEqual(['TOKEN']);
    expect(run(target, config, { secrets: ['TOKEN'] })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config, { env: { TOKEN: 'sk-123456' } })).toEqual({ fatal: [], warnings: [] });
  });

  test('a SecretStr field from a disabled provider is never validated', () => {
    const config = cfg({ providers: { inference: [{ ...VLLM, provider_id: '${env.VLLM_URL:+vllm}', config: { base_url: '${env.VLLM_URL:=}', api_token: '${env.TOKEN:=123456}' } }] } });
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
    expect(paths(run(target, config, { env: { VLLM_URL: 'http://vllm/v1' } }).fatal)).toEqual(['providers.inference[0].config.api_token']);
  });

  test('vllm enabled without base_url is fatal, naming the env var that would set it', () => {
    expect(run(target, cfg({ providers: { inference: [{ ...VLLM, config: {} }] } })).fatal).toEqual([
      fatal('providers.inference[0].config.base_url', 'remote::vllm needs base_url when it is enabled'),
    ]);
    const r = run(target, cfg({ providers: { inference: [{ ...VLLM, config: { base_url: '${env.VLLM_URL:=}' } }] } }));
    expect(r.fatal).toEqual([fatal('providers.inference[0].config.base_url', 'remote::vllm needs base_url when it is enabled (${env.VLLM_URL} is unset)')]);
    expect(r.fatal[0].env).toEqual(['VLLM_URL']);
  });

  test('a base_url that is not an http(s) URL is fatal', () => {
    const r = run(target, cfg({ providers: { inference: [{ ...VLLM, config: { base_url: 'vllm:8000' } }] } }));
    expect(r.fatal).toEqual([fatal('providers.inference[0].config.base_url', 'remote::vllm rejects base_url: a string where the field takes an http(s) URL or null')]);
  });

  test('chromadb: a url with a path is fatal; scheme, host and port (and a trailing /) are fine', () => {
    const chroma = (url: string): JsonObject => cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [{ provider_id: 'chromadb', provider_type: 'remote::chromadb', config: { url, persistence: { backend: 'kv_default', namespace: 'chroma' } } }] },
    });
    expect(run(target, chroma('http://chroma:8000/api/v2')).fatal).toEqual([fatal('providers.vector_io[0].config.url', 'URL should not contain a path')]);
    expect(run(target, chroma('http://chroma:8000'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, chroma('http://chroma:8000/'))).toEqual({ fatal: [], warnings: [] });
  });

  test('network.tls.verify written as the quoted string "true" is a CA path and fatal; a YAML boolean is fine', () => {
    const text = (verify: string): string => [
      'distro_name: x',
      'providers:',
      '  inference:',
      '  - provider_id: vllm',
      '    provider_type: remote::vllm',
      '    config:',
      '      base_url: http://vllm:8000/v1',
      '      network:',
      '        tls:',
      `          verify: ${verify}`,
      '',
    ].join('\n');
    expect(run(target, yaml(text('"true"'))).fatal).toEqual([
      fatal('providers.inference[0].config.network.tls.verify', 'network.tls.verify is the string "true", which the server reads as a CA file path'),
    ]);
    expect(run(target, yaml(text('true')))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, yaml(text('yes')))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, yaml(text('"${env.VLLM_TLS_VERIFY:=true}"')))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, yaml(text('/etc/ca/ca.crt')), { container: { files: ['/etc/ca/ca.crt'] } })).toEqual({ fatal: [], warnings: [] });
  });

  test('passthrough safety forbids extra keys (fatal); another provider\'s extra key is only a warning', () => {
    const r = run(target, cfg({
      providers: {
        safety: [{ provider_id: 'passthrough', provider_type: 'remote::passthrough', config: { base_url: 'https://safety.example.com/v1', timeout: 5 } }],
        inference: [{ ...VLLM, config: { ...VLLM.config, timeout: 5 } }],
      },
    }));
    expect(r.fatal).toEqual([fatal('providers.safety[0].config.timeout', 'remote::passthrough forbids unknown keys (Extra inputs are not permitted): timeout')]);
    expect(r.warnings).toEqual([warning('providers.inference[0].config.timeout', 'remote::vllm has no config key timeout')]);
  });

  test('a duplicate provider_id within an API is a warning (the later entry replaces the earlier)', () => {
    const r = run(target, cfg({ providers: { inference: [VLLM, { ...VLLM, config: { base_url: 'http://other:8000/v1' } }], vector_io: [{ ...FAISS, provider_id: 'vllm' }] } }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([warning('providers.inference[1]', 'provider_id "vllm" is used twice under inference: this entry silently replaces providers.inference[0]')]);
  });

  test('a provider storage reference must name a backend of its family', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [{ ...FAISS, config: { persistence: { backend: 'sql_default', namespace: 'faiss' } } }], files: [{ ...LOCALFS, config: { ...LOCALFS.config, metadata_store: { backend: 'kv_default', table_name: 'files' } } }] },
    }));
    expect(r.fatal).toEqual([
      fatal('providers.files[0].config.metadata_store.backend', "Unknown SQL store backend 'kv_default'"),
      fatal('providers.vector_io[0].config.persistence.backend', "Unknown KVStore backend 'sql_default'"),
    ]);
  });
});

// §4.1 / §9: the APIs differ. eval exists only in llama-stack 0.7.1; messages only in OGX 0.8.0;
// the deprecated vector_io aliases only in 0.7.1.
describe('provider resolution: what differs per release (§4.1, §4.2, §9)', () => {
  const evalConfig = cfg({
    providers: {
      inference: [SENTENCE_TRANSFORMERS],
      files: [LOCALFS],
      responses: [RESPONSES],
      eval: [{ provider_id: 'builtin', provider_type: 'inline::builtin', config: { kvstore: { backend: 'kv_default', namespace: 'eval' } } }],
    },
  });

  test('eval: a provider with its dependencies starts on 0.7; on 0.8 the key is fatal', () => {
    expect(run(LLAMA, evalConfig)).toEqual({ fatal: [], warnings: [] });
    expect(run(OGX, evalConfig)).toEqual({ fatal: [fatal('providers.eval', "API 'eval' does not exist in OGX 0.8.0")], warnings: [] });
    expect(run(OGX, cfg({ providers: { eval: [] } })).fatal).toEqual([fatal('providers.eval', "API 'eval' does not exist in OGX 0.8.0")]);
  });

  test('messages: a provider on 0.8 is fine; on 0.7 the key is fatal', () => {
    const config = cfg({ providers: { inference: [SENTENCE_TRANSFORMERS], messages: [{ provider_id: 'builtin', provider_type: 'inline::builtin', config: {} }] } });
    expect(run(OGX, config)).toEqual({ fatal: [], warnings: [] });
    expect(run(LLAMA, config).fatal).toEqual([fatal('providers.messages', "API 'messages' does not exist in llama-stack 0.7.1")]);
  });

  test('vector_io inline::sqlite_vec: a deprecation warning on 0.7, not available on 0.8', () => {
    const config = cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [{ provider_id: 'sqlite-vec', provider_type: 'inline::sqlite_vec', config: { db_path: '/data/vec.db', persistence: { backend: 'kv_default', namespace: 'vec' } } }] },
    });
    expect(run(LLAMA, config)).toEqual({ fatal: [], warnings: [warning('providers.vector_io[0].provider_type', 'inline::sqlite_vec is deprecated: Please use the `inline::sqlite-vec` provider')] });
    expect(run(OGX, config)).toEqual({ fatal: [fatal('providers.vector_io[0].provider_type', 'Provider `inline::sqlite_vec` is not available for API `vector_io` in OGX 0.8.0')], warnings: [] });
  });
});

// §4.3 / §2.3: a router (or routing-table) dependency is present when its router API is in apis or
// apis is empty, with or without providers; a plain dependency needs an enabled provider. Names in
// a non-empty apis: plain APIs need a provider, routing tables need their router API.
describe.each(TARGETS)('%s: API dependencies and the apis list (§2.3, §4.3)', (_name, target) => {
  const responses = (apis?: string[], files = true): JsonObject => cfg({
    ...(apis ? { apis } : {}),
    providers: { inference: [SENTENCE_TRANSFORMERS], ...(files ? { files: [LOCALFS] } : {}), responses: [RESPONSES] },
  });

  test('responses with apis omitted and no vector_io / tool_runtime provider starts', () => {
    expect(run(target, responses())).toEqual({ fatal: [], warnings: [] });
  });

  test('the same providers with apis [inference, files, responses] fail: vector_io, tool_runtime and tool_groups are not available', () => {
    const r = run(target, responses(['inference', 'files', 'responses']));
    expect(r.fatal).toEqual([
      fatal('providers.responses[0]', "Failed to resolve 'responses' provider 'builtin' of type 'inline::builtin': required dependency 'vector_io' is not available"),
      fatal('providers.responses[0]', "required dependency 'tool_runtime' is not available"),
      fatal('providers.responses[0]', "required dependency 'tool_groups' is not available"),
    ]);
    expect(r.fatal[2].fix).toContain('add tool_runtime to apis');
  });

  test('router APIs listed with zero providers satisfy the dependencies', () => {
    expect(run(target, responses(['inference', 'files', 'responses', 'vector_io', 'tool_runtime']))).toEqual({ fatal: [], warnings: [] });
  });

  test('a plain dependency (files) needs an enabled files provider, whatever apis says', () => {
    expect(run(target, responses(undefined, false)).fatal).toEqual([fatal('providers.responses[0]', "required dependency 'files' is not available")]);
    const listed = run(target, responses(['inference', 'files', 'responses', 'vector_io', 'tool_runtime'], false));
    expect(listed.fatal).toEqual([
      fatal('providers.responses[0]', "required dependency 'files' is not available"),
      fatal('apis[1]', 'files is listed in apis but has no enabled provider'),
    ]);
    expect(listed.fatal[0].fix).toContain('configure an enabled files provider');
  });

  test('a files provider serves as a dependency even when files is not in apis', () => {
    expect(run(target, responses(['inference', 'responses', 'vector_io', 'tool_runtime']))).toEqual({ fatal: [], warnings: [] });
  });

  test('a plain API listed in apis without a provider is fatal', () => {
    expect(run(target, cfg({ apis: ['inference', 'batches'] })).fatal).toEqual([fatal('apis[1]', 'batches is listed in apis but has no enabled provider (KeyError at start-up)')]);
  });

  test('a routing table (models) listed without inference is fatal; with it, fine', () => {
    expect(run(target, cfg({ apis: ['models'] })).fatal).toEqual([fatal('apis[0]', 'models is listed without its router API inference')]);
    expect(run(target, cfg({ apis: ['inference', 'models'] }))).toEqual({ fatal: [], warnings: [] });
  });

  test('a name that is not an API is fatal in apis; internal APIs may be listed', () => {
    expect(run(target, cfg({ apis: ['inference', 'agents'] })).fatal).toEqual([fatal('apis[1]', "API 'agents' does not exist")]);
    expect(run(target, cfg({ apis: ['inference', 'inspect', 'providers', 'prompts'] }))).toEqual({ fatal: [], warnings: [] });
  });

  test('a vector_io provider needs inference in a non-empty apis', () => {
    const config = cfg({ apis: ['vector_io'], providers: { vector_io: [FAISS] } });
    expect(run(target, config).fatal).toEqual([fatal('providers.vector_io[0]', "required dependency 'inference' is not available")]);
  });
});

// ---------------------------------------------------------------------------------------------
// §5 Resources registered at start-up
// ---------------------------------------------------------------------------------------------

// §5 / §5.1 / §5.2 shared: a resource names an enabled provider of its own API; embedding models
// carry a dimension; shields pass their provider's rules; skips are warned or silent.
// ---------------------------------------------------------------------------------------------
// §7 Post-start validations
// ---------------------------------------------------------------------------------------------

// §7.2 validate_safety_config and §7.1 validate_vector_stores_config, shared by both releases.
