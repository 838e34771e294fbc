/**
 * Exact behaviour of the start-up model (src/releases/startup): what OGX 0.8.0 and llama-stack
 * 0.7.1 do with a config.yaml on their way to serving, as described in
 * ../shared/reference/llama-stack/startup-checks.md (§1 env substitution, §2 StackConfig,
 * §3 storage, §4 provider resolution, §5 registration, §7 post-start checks, §10 checklist).
 */
import { JsonObject, JsonValue } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, ContainerEnv, ContainerFacts, EnvValue, StartupFinding, StartupReport } from '../../../src/releases/startup';
import { convertSubstituted, secretStandIn, substituteEnv } from '../../../src/releases/startup/env-substitution';
import { readsAsStringOrUrl, typeError } from '../../../src/releases/startup/field-types';
import { readBaseConfig } from '../../../src/yaml/parse';

const OGX = ServerTarget.OGX_0_8;
const LLAMA = ServerTarget.LLAMA_STACK_0_7;
const TARGETS: [string, ServerTarget][] = [['ogx-0.8', OGX], ['llama-stack-0.7', LLAMA]];

/** Plain env values by name; `secrets` are Secret-backed (unknown at synth time). */
function envOf(values: { [name: string]: string } = {}, secrets: string[] = []): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const name of Object.keys(values)) env.set(name, { kind: 'value', value: values[name] });
  for (const name of secrets) env.set(name, { kind: 'secret', source: `secret/${name.toLowerCase()}` });
  return env;
}

interface RunOptions {
  readonly env?: { [name: string]: string };
  readonly secrets?: string[];
  readonly container?: ContainerFacts;
}

/** The start-up model on a config, with the target's own data. */
function run(target: ServerTarget, config: JsonObject, options: RunOptions = {}): StartupReport {
  return checkStartup(config, target._release, envOf(options.env, options.secrets), {
    requiredWhenEnabled: target._data.requiredExtras,
    container: options.container,
  });
}

/** A config that starts cleanly, with `extra` merged over it. */
function cfg(extra: JsonObject = {}): JsonObject {
  return { distro_name: 'test', providers: {}, ...extra };
}

function yaml(text: string): JsonObject {
  return readBaseConfig(text)!;
}

function fatal(path: string, ...parts: string[]): unknown {
  return expect.objectContaining({ severity: 'fatal', path, message: expect.stringMatching(new RegExp(parts.map(escape).join('[\\s\\S]*'))) });
}

function warning(path: string, ...parts: string[]): unknown {
  return expect.objectContaining({ severity: 'warning', path, message: expect.stringMatching(new RegExp(parts.map(escape).join('[\\s\\S]*'))) });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function paths(findings: StartupFinding[]): string[] {
  return findings.map((f) => f.path);
}

/** Substitution alone: the resolved document and its findings. */
function substitute(config: JsonObject, values: { [name: string]: string } = {}, secrets: string[] = [], home?: string) {
  return substituteEnv(config, envOf(values, secrets), home);
}

const SENTENCE_TRANSFORMERS = { provider_id: 'sentence-transformers', provider_type: 'inline::sentence-transformers', config: {} };
const TRANSFORMERS = { provider_id: 'transformers', provider_type: 'inline::transformers', config: {} };
const VLLM = { provider_id: 'vllm', provider_type: 'remote::vllm', config: { base_url: 'http://vllm:8000/v1' } };
const LOCALFS = {
  provider_id: 'localfs',
  provider_type: 'inline::localfs',
  config: { storage_dir: '/data/files', metadata_store: { backend: 'sql_default', table_name: 'files_metadata' } },
};
const RESPONSES = {
  provider_id: 'builtin',
  provider_type: 'inline::builtin',
  config: { persistence: { agent_state: { backend: 'kv_default', namespace: 'agents' }, responses: { backend: 'sql_default', table_name: 'responses' } } },
};
const FAISS = { provider_id: 'faiss', provider_type: 'inline::faiss', config: { persistence: { backend: 'kv_default', namespace: 'faiss' } } };

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
describe('typeError / readsAsStringOrUrl (pydantic lax validation)', () => {
  test('str rejects numbers, booleans and null; str | None accepts null', () => {
    expect(typeError('str', 'x')).toBeUndefined();
    expect(typeError('str', 123456)).toBe('the number 123456 where the field takes a str (str)');
    expect(typeError('str', true)).toBe('the boolean true where the field takes a str (str)');
    expect(typeError('str', null)).toBe('null where the field takes a str (str)');
    expect(typeError('str | None', null)).toBeUndefined();
    // A SecretStr (or a credential key) holds a secret: its value is not shown (issue 12).
    expect(typeError('SecretStr | None', 123456)).toBe('a number where the field takes a str or null (SecretStr | None)');
    expect(typeError('str | None', 123456, true)).toBe('a number where the field takes a str or null (str | None)');
    expect(typeError('str | None', 123456)).toBe('the number 123456 where the field takes a str or null (str | None)');
    expect(typeError('Optional[str]', null)).toBeUndefined();
  });

  test('int accepts integral numbers, booleans and digit strings; rejects other strings and fractions', () => {
    expect(typeError('int', 12)).toBeUndefined();
    expect(typeError('int', '12')).toBeUndefined();
    expect(typeError('int', ' -12 ')).toBeUndefined();
    expect(typeError('int', true)).toBeUndefined();
    expect(typeError('int', 'abc')).toBe('a string where the field takes a int (int)');
    expect(typeError('int', 1.5)).toBe('the number 1.5 where the field takes a int (int)');
    expect(typeError('int', null)).toBe('null where the field takes a int (int)');
  });

  test('float accepts numbers and numeric strings', () => {
    expect(typeError('float', 2)).toBeUndefined();
    expect(typeError('float', '0.5')).toBeUndefined();
    expect(typeError('float', 'fast')).toBe('a string where the field takes a float (float)');
  });

  test('bool accepts booleans, 0/1 and pydantic\'s boolean strings', () => {
    for (const v of [true, false, 0, 1, 'yes', 'NO', 'on', 'off', 't', 'f', 'y', 'n', '1', '0', 'True']) expect(typeError('bool', v)).toBeUndefined();
    expect(typeError('bool', 'maybe')).toBe('a string where the field takes a bool (bool)');
    expect(typeError('bool', 2)).toBe('the number 2 where the field takes a bool (bool)');
  });

  test('HttpUrl needs an http(s) URL with a host', () => {
    expect(typeError('HttpUrl', 'http://vllm:8000/v1')).toBeUndefined();
    expect(typeError('HttpUrl', 'HTTPS://example.com')).toBeUndefined();
    expect(typeError('HttpUrl', 'ftp://example.com')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl', 'vllm:8000')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl', 'http://')).toBe('a string where the field takes an http(s) URL (HttpUrl)');
    expect(typeError('HttpUrl | None', null)).toBeUndefined();
  });

  test('Literal takes only its values', () => {
    expect(typeError("Literal['instance_principal', 'config_file']", 'config_file')).toBeUndefined();
    expect(typeError("Literal['instance_principal', 'config_file']", 'api_key')).toBe(
      "a string where the field takes one of instance_principal, config_file (Literal['instance_principal', 'config_file'])");
  });

  test('list and dict take a list and a mapping; nested config classes take any mapping', () => {
    expect(typeError('list[str]', ['a'])).toBeUndefined();
    expect(typeError('list[str]', 'a')).toBe('a string where the field takes a list (list[str])');
    expect(typeError('list[str] | None', null)).toBeUndefined();
    expect(typeError('dict[str, str] | None', { a: 'b' })).toBeUndefined();
    expect(typeError('dict[str, str]', ['a'])).toBe('a list where the field takes a dict (dict[str, str])');
    expect(typeError('KVStoreReference', { backend: 'kv_default', namespace: 'x' })).toBeUndefined();
    expect(typeError('KVStoreReference', 'kv_default')).toBe('a string where the field takes a mapping (KVStoreReference)');
  });

  test('bool | str | None takes a boolean, a string and null', () => {
    for (const v of [true, 'true', '/etc/ca.pem', null]) expect(typeError('bool | str | None', v)).toBeUndefined();
    expect(typeError('bool | str | None', 3)).toBe('the number 3 where the field takes a bool or a str or null (bool | str | None)');
  });

  test('readsAsStringOrUrl: only str, SecretStr, HttpUrl and None members', () => {
    expect(readsAsStringOrUrl('str')).toBe(true);
    expect(readsAsStringOrUrl('SecretStr | None')).toBe(true);
    expect(readsAsStringOrUrl('HttpUrl | None')).toBe(true);
    expect(readsAsStringOrUrl('bool | str | None')).toBe(false);
    expect(readsAsStringOrUrl('int')).toBe(false);
    expect(readsAsStringOrUrl('list[str]')).toBe(false);
    expect(readsAsStringOrUrl('dict[str, str] | None')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// §2, §3 StackConfig, server and storage
// ---------------------------------------------------------------------------------------------

// §2.1 / §2.2 shared by both releases: distro_name required (image_name deprecated), unknown keys
// dropped (warned), server.port ge=1024 le=65535 with pydantic's lax int, TLS pair.
describe.each(TARGETS)('%s: StackConfig top level and server (§2.1, §2.2, §8.2)', (_name, target) => {
  test('a config that names a distribution and nothing else starts', () => {
    expect(run(target, cfg())).toEqual({ fatal: [], warnings: [] });
  });

  test('neither distro_name nor image_name is fatal', () => {
    const r = run(target, { providers: {} });
    expect(r.fatal).toEqual([fatal('distro_name', "Either 'distro_name' or 'image_name' must be provided")]);
    expect(r.warnings).toEqual([]);
  });

  test('image_name alone, and with distro_name, is a DeprecationWarning', () => {
    expect(run(target, { image_name: 'x', providers: {} })).toEqual({ fatal: [], warnings: [warning('image_name', "The 'image_name' field is deprecated")] });
    expect(run(target, cfg({ image_name: 'x' }))).toEqual({ fatal: [], warnings: [warning('image_name', "Both 'image_name' and 'distro_name' were provided")] });
  });

  test('unknown top-level keys and registered_resources.vector_dbs are dropped with a warning', () => {
    const r = run(target, cfg({ models: [], metadata_store: {}, registered_resources: { vector_dbs: [] } }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('models', 'does not read models'),
      warning('metadata_store', 'does not read metadata_store'),
      warning('registered_resources.vector_dbs', 'does not read registered_resources.vector_dbs'),
    ]);
  });

  test('providers missing, version not an int, apis null are fatal', () => {
    const r = run(target, { distro_name: 'x', version: 'two', apis: null });
    expect(paths(r.fatal)).toEqual(['version', 'providers', 'apis']);
  });

  test.each([[80, true], [1023, true], [1024, false], [8321, false], [65535, false], [65536, true], [null, true]])('server.port %j: fatal %j', (port, bad) => {
    const r = run(target, cfg({ server: { port } }));
    expect(r.fatal).toEqual(bad ? [fatal('server.port', 'server.port must be an integer from 1024 to 65535')] : []);
  });

  test('a quoted "8321" stays a string and pydantic coerces it: fine; a quoted "80" is not', () => {
    expect(run(target, yaml('distro_name: x\nproviders: {}\nserver:\n  port: "8321"\n'))).toEqual({ fatal: [], warnings: [] });
    expect(paths(run(target, yaml('distro_name: x\nproviders: {}\nserver:\n  port: "80"\n')).fatal)).toEqual(['server.port']);
  });

  test('a port from ${env.P:=80} is fatal and names P', () => {
    const r = run(target, cfg({ server: { port: '${env.P:=80}' } }));
    expect(r.fatal).toEqual([fatal('server.port', 'not 80')]);
    expect(r.fatal[0].env).toEqual(['P']);
    expect(run(target, cfg({ server: { port: '${env.P:=8321}' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('tls_certfile without tls_keyfile (and the reverse) is fatal', () => {
    expect(run(target, cfg({ server: { tls_certfile: '/tls/tls.crt' } })).fatal).toEqual([fatal('server.tls_keyfile', 'only one of tls_certfile / tls_keyfile is set')]);
    expect(run(target, cfg({ server: { tls_keyfile: '/tls/tls.key' } })).fatal).toEqual([fatal('server.tls_certfile', 'only one of tls_certfile / tls_keyfile is set')]);
    expect(run(target, cfg({ server: { tls_certfile: '/tls/tls.crt', tls_keyfile: '/tls/tls.key' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('an unknown server key is dropped with a warning', () => {
    expect(run(target, cfg({ server: { port: 8321, timeout: 5 } }))).toEqual({ fatal: [], warnings: [warning('server.timeout', 'does not read server.timeout')] });
  });
});

// §2.2: registry_refresh_interval_seconds exists (gt=0) only in OGX 0.8.0.
describe('server.registry_refresh_interval_seconds (§2.2, differs per release)', () => {
  test('OGX 0.8: 0 and negative are fatal, 300 is fine', () => {
    expect(run(OGX, cfg({ server: { registry_refresh_interval_seconds: 0 } }))).toEqual({
      fatal: [fatal('server.registry_refresh_interval_seconds', 'must be an integer greater than 0, not 0')], warnings: [],
    });
    expect(paths(run(OGX, cfg({ server: { registry_refresh_interval_seconds: -5 } })).fatal)).toEqual(['server.registry_refresh_interval_seconds']);
    expect(run(OGX, cfg({ server: { registry_refresh_interval_seconds: 300 } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('llama-stack 0.7: the key is unknown, so even 0 is only dropped with a warning', () => {
    expect(run(LLAMA, cfg({ server: { registry_refresh_interval_seconds: 0 } }))).toEqual({
      fatal: [], warnings: [warning('server.registry_refresh_interval_seconds', 'llama-stack 0.7.1 does not read server.registry_refresh_interval_seconds')],
    });
  });
});

// §3: stores must name an existing backend of their family (KV: metadata, prompts, connectors;
// SQL: inference, conversations, responses); a store left out points at kv_default/sql_default;
// sqlite files must be absolute and writable (the root filesystem is read-only).
describe.each(TARGETS)('%s: storage (§3)', (_name, target) => {
  const backends = { kv_main: { type: 'kv_sqlite', db_path: '/data/kv.db' }, sql_main: { type: 'sql_sqlite', db_path: '/data/sql.db' } };
  const allStores = {
    metadata: { backend: 'kv_main', namespace: 'registry' },
    prompts: { backend: 'kv_main', namespace: 'prompts' },
    connectors: { backend: 'kv_main', namespace: 'connectors' },
    inference: { backend: 'sql_main', table_name: 'inference_store' },
    conversations: { backend: 'sql_main', table_name: 'openai_conversations' },
  };

  test('a store naming an unknown backend is fatal and lists the backends', () => {
    const r = run(target, cfg({ storage: { stores: { metadata: { backend: 'kv_nope', namespace: 'registry' } } } }));
    expect(r.fatal).toEqual([fatal('storage.stores.metadata.backend', 'storage.stores.metadata references unknown backend "kv_nope". Available backends: kv_default, sql_default')]);
  });

  test('a store naming a backend of the wrong family is fatal', () => {
    const r = run(target, cfg({
      storage: { stores: { metadata: { backend: 'sql_default', namespace: 'registry' }, conversations: { backend: 'kv_default', table_name: 'c' } } },
    }));
    expect(r.fatal).toEqual([
      fatal('storage.stores.metadata.backend', "backend \"sql_default\" of type 'sql_sqlite', but a backend of type kv_* is required"),
      fatal('storage.stores.conversations.backend', "backend \"kv_default\" of type 'kv_sqlite', but a backend of type sql_* is required"),
    ]);
  });

  test('renamed backends without every store set: each defaulted store is fatal (connectors included)', () => {
    const r = run(target, cfg({
      storage: { backends, stores: { metadata: allStores.metadata, inference: allStores.inference } },
    }));
    expect(r.fatal).toEqual([
      // In the release's order (ServerStoresConfig's fields, now read from the data for 0.7 and 0.8 too).
      fatal('storage.stores.conversations', 'references unknown backend "sql_default". Available backends: kv_main, sql_main'),
      fatal('storage.stores.prompts', 'references unknown backend "kv_default"'),
      fatal('storage.stores.connectors', 'references unknown backend "kv_default"'),
    ]);
    expect(run(target, cfg({ storage: { backends, stores: allStores } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('metadata set to null is fatal; responses set to null is fine', () => {
    const r = run(target, cfg({ storage: { stores: { metadata: null, responses: null } } }));
    expect(r.fatal).toEqual([fatal('storage.stores.metadata', 'must be configured')]);
  });

  test('an unknown backend type is fatal', () => {
    const r = run(target, cfg({ storage: { backends: { ...backends, kv_main: { type: 'kv_etcd' } }, stores: allStores } }));
    expect(r.fatal).toEqual([fatal('storage.backends.kv_main.type', "Input tag \"kv_etcd\" found using 'type' does not match any of the expected tags")]);
  });

  test('a sqlite db_path must be absolute and on a writable directory (when the pod\'s mounts are known)', () => {
    const config = (kv: string, sql: string): JsonObject => cfg({
      storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: kv }, sql_default: { type: 'sql_sqlite', db_path: sql } } },
    });
    const container = { writableDirs: ['/data', '/tmp'] };
    expect(run(target, config('kvstore.db', '/var/lib/sql.db'), { container }).fatal).toEqual([
      fatal('storage.backends.kv_default.db_path', '"kvstore.db" is not an absolute path'),
      fatal('storage.backends.sql_default.db_path', '"/var/lib/sql.db" is not on a writable volume (/data, /tmp)'),
    ]);
    expect(run(target, config('/data/kv.db', '/tmp/sql.db'), { container })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('/data-other/kv.db', '/tmp/sql.db'), { container }).fatal).toEqual([fatal('storage.backends.kv_default.db_path', 'is not on a writable volume')]);
    // Without known mounts the paths are not checked.
    expect(run(target, config('kvstore.db', '/var/lib/sql.db'))).toEqual({ fatal: [], warnings: [] });
  });

  test('a db_path from ${env.X:=~/…} is expanded with the container\'s $HOME before the check', () => {
    const config = cfg({
      storage: { backends: { kv_default: { type: 'kv_sqlite', db_path: '${env.SQLITE_STORE_DIR:=~/.ogx/distributions/starter}/kvstore.db' }, sql_default: { type: 'sql_sqlite', db_path: '/data/sql.db' } } },
    });
    expect(run(target, config, { container: { writableDirs: ['/data'], home: '/data' } })).toEqual({ fatal: [], warnings: [] });
    const r = run(target, config, { container: { writableDirs: ['/data'] } });
    expect(r.fatal).toEqual([fatal('storage.backends.kv_default.db_path', '"/.ogx/distributions/starter/kvstore.db" is not on a writable volume (/data)')]);
    expect(r.fatal[0].env).toEqual(['SQLITE_STORE_DIR']);
    expect(run(target, config, { container: { writableDirs: ['/data'] }, env: { SQLITE_STORE_DIR: '/data/starter' } })).toEqual({ fatal: [], warnings: [] });
  });

  test('a sqlite backend without db_path is fatal', () => {
    const r = run(target, cfg({ storage: { backends: { kv_default: { type: 'kv_sqlite' }, sql_default: { type: 'sql_sqlite', db_path: '/d/s.db' } } } }));
    expect(r.fatal).toEqual([fatal('storage.backends.kv_default.db_path', 'db_path: Field required')]);
  });
});

// §3: a store reference is read by its class (InferenceStoreReference, ResponsesStoreReference…):
// the write queue fields are ints on every modelled release, other keys are dropped.
describe.each([...TARGETS, ['ogx-1.3', ServerTarget.OGX_1_3] as [string, ServerTarget]])('%s: store reference fields (§3)', (_name, target) => {
  // OGX 1.2+ serves HTTPS unless told otherwise.
  const config = (extra: JsonObject): JsonObject => ({ distro_name: 'test', providers: {}, ...(target._release.rules.strictTls ? { server: { insecure: true } } : {}), ...extra });
  test('max_write_queue_size and num_writers of the inference and responses stores start cleanly', () => {
    const tuned = { max_write_queue_size: 500, num_writers: '2' };
    const r = run(target, config({
      storage: { stores: { inference: { backend: 'sql_default', table_name: 'inference_store', ...tuned }, responses: { backend: 'sql_default', table_name: 'openai_responses', ...tuned } } },
    }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('a queue field pydantic refuses is fatal; a key the reference lacks is dropped', () => {
    const r = run(target, config({
      storage: { stores: { inference: { backend: 'sql_default', table_name: 'inference_store', num_writers: 'four', max_write_queue_size: 1.5 }, conversations: { backend: 'sql_default', table_name: 'c', num_writers: 2 } } },
    }));
    expect(r.fatal).toEqual([
      { severity: 'fatal', path: 'storage.stores.inference.max_write_queue_size', message: 'storage.stores rejects max_write_queue_size: the number 1.5 where the field takes a int (int)', fix: 'set max_write_queue_size to a valid value' },
      { severity: 'fatal', path: 'storage.stores.inference.num_writers', message: 'storage.stores rejects num_writers: a string where the field takes a int (int)', fix: 'set num_writers to a valid value' },
    ]);
    expect(r.warnings).toEqual([{ severity: 'warning', path: 'storage.stores.conversations.num_writers', message: `${target._release.description} does not read storage.stores.conversations.num_writers (it is dropped)`, fix: 'remove num_writers' }]);
  });
});

// §7.1 (pydantic part): vector_stores prompt templates keep their placeholders; limits hold.
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
describe.each(TARGETS)('%s: registration (§5)', (_name, target) => {
  test('a model on a provider that is not enabled is fatal and lists the enabled ones', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].provider_id', 'Provider `vllm` not found: no enabled inference provider has that id')]);
    expect(r.fatal[0].fix).toBe('register the model on one of: sentence-transformers');
  });

  test('a model on an env-conditional base provider that is off names the env var', () => {
    const r = run(target, cfg({
      providers: { inference: [{ provider_id: '${env.OLLAMA_URL:+ollama}', provider_type: 'remote::ollama', config: { base_url: '${env.OLLAMA_URL:=http://localhost:11434/v1}' } }] },
      registered_resources: { models: [{ model_id: 'llama3.2:3b', provider_id: 'ollama' }] },
    }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].provider_id', 'Provider `ollama` not found', '(the base config enables ollama only when OLLAMA_URL is set)')]);
    expect(r.fatal[0].env).toEqual(['OLLAMA_URL']);
    expect(r.fatal[0].fix).toContain('set OLLAMA_URL in the container');
  });

  test('a model on a provider of another API is not found', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] }, registered_resources: { models: [{ model_id: 'm', provider_id: 'faiss' }] } }));
    expect(paths(r.fatal)).toEqual(['registered_resources.models[0].provider_id']);
  });

  test('an embedding model without metadata.embedding_dimension is fatal', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: {
        models: [
          { model_id: 'nomic', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: {} },
          { model_id: 'minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } },
        ],
      },
    }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0]', 'Embedding model must have an embedding dimension in its metadata (nomic)')]);
  });

  test('an unknown model_type is fatal', () => {
    const r = run(target, cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'm', provider_id: 'vllm', model_type: 'chat' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.models[0].model_type', 'model_type must be one of llm, embedding, rerank, not "chat"')]);
  });

  test('inline::prompt-guard registers only Prompt-Guard-86M', () => {
    const config = (shield: JsonObject): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'prompt-guard', provider_type: 'inline::prompt-guard', config: {} }] },
      registered_resources: { shields: [{ provider_id: 'prompt-guard', ...shield }] },
    });
    expect(run(target, config({ shield_id: 'llama-guard' })).fatal).toEqual([
      fatal('registered_resources.shields[0]', 'inline::prompt-guard refuses shield "llama-guard": it registers only Prompt-Guard-86M'),
    ]);
    expect(run(target, config({ shield_id: 'Prompt-Guard-86M' }))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config({ shield_id: 'pg', provider_shield_id: 'Prompt-Guard-86M' }))).toEqual({ fatal: [], warnings: [] });
  });

  test('inline::code-scanner accepts code-scanner and code-shield only', () => {
    const config = (shieldId: string): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'code-scanner', provider_type: 'inline::code-scanner', config: {} }] },
      registered_resources: { shields: [{ shield_id: shieldId, provider_id: 'code-scanner' }] },
    });
    expect(run(target, config('code-scanner'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('code-shield'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('semgrep')).fatal).toEqual([fatal('registered_resources.shields[0]', 'inline::code-scanner refuses shield "semgrep": it registers only code-scanner, code-shield')]);
  });

  test('a remote::bedrock shield without params.guardrailVersion is fatal', () => {
    const config = (shield: JsonObject): JsonObject => cfg({
      providers: { safety: [{ provider_id: 'bedrock', provider_type: 'remote::bedrock', config: { region_name: 'us-east-1' } }] },
      registered_resources: { shields: [{ shield_id: 'guardrail-1', provider_id: 'bedrock', ...shield }] },
    });
    expect(run(target, config({})).fatal).toEqual([fatal('registered_resources.shields[0].params', 'remote::bedrock reads params.guardrailVersion when it registers a shield')]);
    expect(run(target, config({ params: { guardrailVersion: '1' } }))).toEqual({ fatal: [], warnings: [] });
  });

  test('a shield on a safety provider that is not enabled is fatal', () => {
    const r = run(target, cfg({ registered_resources: { shields: [{ shield_id: 'llama-guard', provider_id: 'llama-guard' }] } }));
    expect(r.fatal).toEqual([fatal('registered_resources.shields[0].provider_id', 'Provider `llama-guard` not found: no enabled safety provider has that id')]);
  });

  test('a resource list whose router API is not in a non-empty apis is skipped with a warning', () => {
    const r = run(target, cfg({
      apis: ['inference'],
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: { shields: [{ shield_id: 'anything', provider_id: 'nowhere' }], vector_stores: [{ vector_store_id: 'v', provider_id: 'x', embedding_model: 'e', embedding_dimension: 3 }] },
    }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('registered_resources.shields', 'shields are never registered: the safety API is not served'),
      warning('registered_resources.vector_stores', 'vector_stores are never registered: the vector_io API is not served'),
    ]);
  });

  test('with apis omitted every list is registered (and checked)', () => {
    const r = run(target, cfg({ registered_resources: { shields: [{ shield_id: 'anything', provider_id: 'nowhere' }] } }));
    expect(paths(r.fatal)).toEqual(['registered_resources.shields[0].provider_id']);
  });

  test('entries without a provider_id key are never registered: a warning', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: { models: [{ model_id: 'llama' }], shields: [{ shield_id: 'llama-guard' }] },
    }));
    expect(r.fatal).toEqual([]);
    expect(r.warnings).toEqual([
      warning('registered_resources.models[0]', 'this model has no provider_id, so it is never registered'),
      warning('registered_resources.shields[0]', 'this shield has no provider_id, so it is never registered'),
    ]);
  });

  test('an env-conditional provider_id that resolves empty is skipped silently', () => {
    const r = run(target, cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS] },
      registered_resources: {
        models: [{ model_id: 'llama', provider_id: '${env.VLLM_URL:+vllm}' }],
        shields: [{ shield_id: 'llama-guard', provider_id: '${env.SAFETY_MODEL:+llama-guard}' }],
      },
    }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('a model whose provider_id resolves to __disabled__ is removed', () => {
    const r = run(target, cfg({ providers: { inference: [SENTENCE_TRANSFORMERS] }, registered_resources: { models: [{ model_id: 'llama', provider_id: '${env.VLLM_URL:=__disabled__}' }] } }));
    expect(r).toEqual({ fatal: [], warnings: [] });
  });

  test('registered_resources.tool_groups is dropped with a DeprecationWarning', () => {
    const r = run(target, cfg({ registered_resources: { tool_groups: [{ toolgroup_id: 'builtin::websearch', provider_id: 'tavily-search' }] } }));
    expect(r).toEqual({ fatal: [], warnings: [warning('registered_resources.tool_groups', 'registered_resources.tool_groups is deprecated and dropped')] });
  });

  test('a vector store\'s embedding_model must be the identifier of a model registered in the config', () => {
    const config = (embeddingModel: string): JsonObject => cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] },
      registered_resources: {
        models: [{ model_id: 'all-minilm', provider_id: 'sentence-transformers', model_type: 'embedding', metadata: { embedding_dimension: 384 } }],
        vector_stores: [{ vector_store_id: 'docs', provider_id: 'faiss', embedding_model: embeddingModel, embedding_dimension: 384 }],
      },
    });
    expect(run(target, config('sentence-transformers/all-minilm'))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config('sentence-transformers/nomic-ai/nomic-embed-text-v1.5')).fatal).toEqual([
      fatal('registered_resources.vector_stores[0].embedding_model', 'ModelNotFoundError: "sentence-transformers/nomic-ai/nomic-embed-text-v1.5" is not a model registered in this config'),
    ]);
  });
});

// §5.1: provider_id: all and the model identifier differ per release.
describe('registration: what differs per release (§5.1)', () => {
  const all = cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'all' }] } });

  test('provider_id: all is fatal on 0.7 (no such provider)', () => {
    expect(run(LLAMA, all)).toEqual({ fatal: [fatal('registered_resources.models[0].provider_id', 'Provider `all` not found')], warnings: [] });
  });

  test('provider_id: all is an alias on the first enabled inference provider on 0.8: a warning', () => {
    expect(run(OGX, all)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0]', 'provider_id: all registers llama on the first enabled inference provider (vllm)')] });
    const none = cfg({ registered_resources: { models: [{ model_id: 'llama', provider_id: 'all' }] } });
    expect(run(OGX, none)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0]', 'provider_id: all with no enabled inference provider: skipped with a warning')] });
  });

  test('provider_model_id: auto asks the provider at start-up on 0.8 (warning); 0.7 stores it literally', () => {
    const config = cfg({ providers: { inference: [VLLM] }, registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm', provider_model_id: 'auto' }] } });
    expect(run(OGX, config)).toEqual({ fatal: [], warnings: [warning('registered_resources.models[0].provider_model_id', 'provider_model_id: auto asks the provider')] });
    expect(run(LLAMA, config)).toEqual({ fatal: [], warnings: [] });
  });

  const twoModels = (meta2: JsonObject): JsonObject => cfg({
    providers: { inference: [VLLM] },
    registered_resources: {
      models: [
        { model_id: 'llama-a', provider_id: 'vllm', provider_model_id: 'meta-llama/Llama-3.1-8B', metadata: { context_length: 8192 } },
        { model_id: 'llama-b', provider_id: 'vllm', provider_model_id: 'meta-llama/Llama-3.1-8B', metadata: meta2 },
      ],
    },
  });

  test('0.7: two model_ids with one provider_model_id and different metadata share an identifier and conflict', () => {
    expect(run(LLAMA, twoModels({ context_length: 4096 }))).toEqual({
      fatal: [fatal('registered_resources.models[1]', "Object of type 'model' and identifier 'vllm/meta-llama/Llama-3.1-8B' already exists with conflicting field values",
        '(registered_resources.models[0] registered it first)')],
      warnings: [],
    });
    // Same stored fields: the second registration is a no-op.
    expect(run(LLAMA, twoModels({ context_length: 8192 }))).toEqual({ fatal: [], warnings: [] });
  });

  test('0.8: the identifier is provider_id/model_id, so the two models do not conflict', () => {
    expect(run(OGX, twoModels({ context_length: 4096 }))).toEqual({ fatal: [], warnings: [] });
  });

  test('0.8: the same model_id twice with different fields conflicts', () => {
    const config = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm', provider_model_id: 'a' }, { model_id: 'vllm/llama', provider_id: 'vllm', provider_model_id: 'b' }] },
    });
    expect(run(OGX, config).fatal).toEqual([fatal('registered_resources.models[1]', "identifier 'vllm/llama' already exists with conflicting field values")]);
    expect(run(LLAMA, config)).toEqual({ fatal: [], warnings: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// §7 Post-start validations
// ---------------------------------------------------------------------------------------------

// §7.2 validate_safety_config and §7.1 validate_vector_stores_config, shared by both releases.
describe.each(TARGETS)('%s: post-start checks (§7)', (_name, target) => {
  const safetyConfig = (shields: JsonObject[], apis?: string[]): JsonObject => cfg({
    ...(apis ? { apis } : {}),
    providers: { inference: [SENTENCE_TRANSFORMERS], safety: [{ provider_id: 'code-scanner', provider_type: 'inline::code-scanner', config: {} }] },
    registered_resources: { shields },
    safety: { default_shield_id: 'llama-guard' },
  });

  test('default_shield_id with no shields registered passes', () => {
    expect(run(target, safetyConfig([]))).toEqual({ fatal: [], warnings: [] });
    // The usual starter case: the only shield is switched off by its env var.
    expect(run(target, safetyConfig([{ shield_id: '${env.SAFETY_MODEL:+llama-guard}', provider_id: 'llama-guard' }]))).toEqual({ fatal: [], warnings: [] });
  });

  test('default_shield_id with another shield registered fails and lists the registered ones', () => {
    const r = run(target, safetyConfig([{ shield_id: 'code-scanner', provider_id: 'code-scanner' }]));
    expect(r).toEqual({
      fatal: [fatal('safety.default_shield_id', "Configured default_shield_id 'llama-guard' not found among registered shields. Available shields: [code-scanner]")],
      warnings: [],
    });
  });

  test('default_shield_id naming the registered shield passes', () => {
    const config = { ...safetyConfig([{ shield_id: 'code-scanner', provider_id: 'code-scanner' }]), safety: { default_shield_id: 'code-scanner' } };
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
  });

  test('default_shield_id with safety not in a non-empty apis fails', () => {
    const r = run(target, safetyConfig([], ['inference']));
    expect(r.fatal).toEqual([fatal('safety.default_shield_id', 'Safety configuration requires the safety API to be enabled')]);
  });

  const embeddingDefault = (providers: JsonObject[], setting: JsonObject, extra: JsonObject = {}): JsonObject => cfg({
    providers: { inference: providers },
    vector_stores: { default_embedding_model: setting },
    ...extra,
  });
  const NOMIC = { provider_id: 'sentence-transformers', model_id: 'nomic-ai/nomic-embed-text-v1.5' };

  test('default_embedding_model on the model inline::sentence-transformers lists passes', () => {
    expect(run(target, embeddingDefault([SENTENCE_TRANSFORMERS], NOMIC))).toEqual({ fatal: [], warnings: [] });
  });

  test('the listed model is under the configured provider id', () => {
    const r = run(target, embeddingDefault([{ ...SENTENCE_TRANSFORMERS, provider_id: 'st' }], NOMIC));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model',
      "Embedding model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5' not found. Available embedding models: [st/nomic-ai/nomic-embed-text-v1.5]")]);
  });

  test('default_embedding_model fails when no sentence-transformers provider is enabled', () => {
    const r = run(target, embeddingDefault([VLLM], NOMIC));
    expect(r).toEqual({
      fatal: [fatal('vector_stores.default_embedding_model', "Embedding model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5' not found. Available embedding models: []")],
      warnings: [],
    });
    const off = run(target, embeddingDefault([{ ...SENTENCE_TRANSFORMERS, provider_id: '${env.ST:+sentence-transformers}' }], NOMIC));
    expect(paths(off.fatal)).toEqual(['vector_stores.default_embedding_model']);
  });

  test('default_embedding_model needs inference served', () => {
    const r = run(target, embeddingDefault([SENTENCE_TRANSFORMERS], NOMIC, { apis: ['vector_io'] }));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model', "Models API is not available but vector_stores config requires model 'sentence-transformers/nomic-ai/nomic-embed-text-v1.5'")]);
  });

  test('default_embedding_model pointing at an llm is a type mismatch', () => {
    const r = run(target, embeddingDefault([VLLM], { provider_id: 'vllm', model_id: 'llama' }, {
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] },
    }));
    expect(r.fatal).toEqual([fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/llama' not found (it is a llm model)")]);
  });

  test('default_reranker_model on the model inline::transformers lists', () => {
    const config = (setting: JsonObject): JsonObject => cfg({
      providers: { inference: [TRANSFORMERS] },
      vector_stores: { default_reranker_model: setting },
    });
    expect(run(target, config({ provider_id: 'transformers', model_id: 'Qwen/Qwen3-Reranker-0.6B' }))).toEqual({ fatal: [], warnings: [] });
    expect(run(target, config({ provider_id: 'transformers', model_id: 'BAAI/bge-reranker-base' })).fatal).toEqual([
      fatal('vector_stores.default_reranker_model', "Reranker model 'transformers/BAAI/bge-reranker-base' not found. Available rerank models: [transformers/Qwen/Qwen3-Reranker-0.6B]"),
    ]);
  });

  test('rewrite_query_params.model must be a registered llm', () => {
    const config = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'llama', provider_id: 'vllm' }] },
      vector_stores: { rewrite_query_params: { model: { provider_id: 'vllm', model_id: 'llama' } } },
    });
    expect(run(target, config)).toEqual({ fatal: [], warnings: [] });
    const missing = { ...config, registered_resources: { models: [] } };
    expect(paths(run(target, missing).fatal)).toEqual(['vector_stores.rewrite_query_params.model']);
  });

  test('default_provider_id naming a vector_io provider that is not enabled is a warning', () => {
    const config = (id: string): JsonObject => cfg({
      providers: { inference: [SENTENCE_TRANSFORMERS], vector_io: [FAISS] },
      vector_stores: { default_provider_id: id },
    });
    expect(run(target, config('milvus'))).toEqual({
      fatal: [], warnings: [warning('vector_stores.default_provider_id', '"milvus" is not an enabled vector_io provider')],
    });
    expect(run(target, config('milvus')).warnings[0].fix).toBe('use one of: faiss');
    expect(run(target, config('faiss'))).toEqual({ fatal: [], warnings: [] });
  });
});

// §5.1 + §7.1: a registered embedding model as the default. The setting names
// <provider_id>/<model_id>; the registered identifier is provider_id/provider_model_id on 0.7.1
// and provider_id/model_id on 0.8.0, so a model_id != provider_model_id model resolves differently.
describe('default_embedding_model on a registered model (§5.1 identifier, §7.1)', () => {
  const config = (modelId: string): JsonObject => cfg({
    providers: { inference: [VLLM] },
    registered_resources: {
      models: [{ model_id: 'granite-embedding', provider_id: 'vllm', provider_model_id: 'ibm-granite/granite-embedding-125m-english', model_type: 'embedding', metadata: { embedding_dimension: 768 } }],
    },
    vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: modelId } },
  });

  test('0.8: the identifier is vllm/<model_id>', () => {
    expect(run(OGX, config('granite-embedding'))).toEqual({ fatal: [], warnings: [] });
    expect(run(OGX, config('ibm-granite/granite-embedding-125m-english')).fatal).toEqual([
      fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/ibm-granite/granite-embedding-125m-english' not found. Available embedding models: [vllm/granite-embedding]"),
    ]);
  });

  test('0.7: the identifier is vllm/<provider_model_id>', () => {
    expect(run(LLAMA, config('ibm-granite/granite-embedding-125m-english'))).toEqual({ fatal: [], warnings: [] });
    expect(run(LLAMA, config('granite-embedding')).fatal).toEqual([
      fatal('vector_stores.default_embedding_model', "Embedding model 'vllm/granite-embedding' not found. Available embedding models: [vllm/ibm-granite/granite-embedding-125m-english]"),
    ]);
  });

  test.each(TARGETS)('%s: with model_id == provider_model_id both releases agree', (_name, target) => {
    const same = cfg({
      providers: { inference: [VLLM] },
      registered_resources: { models: [{ model_id: 'granite', provider_id: 'vllm', provider_model_id: 'granite', model_type: 'embedding', metadata: { embedding_dimension: 768 } }] },
      vector_stores: { default_embedding_model: { provider_id: 'vllm', model_id: 'granite' } },
    });
    expect(run(target, same)).toEqual({ fatal: [], warnings: [] });
  });
});
