/**
 * Issue 12, secrets: no secret value in any error, problem, synthesized object or command-line
 * output; credentials written in plain text are refused at every entry point that renders
 * objects (typed props, `props.spec`, the CR constructs, the command line); a user env var may not
 * shadow one the Deployment generates.
 *
 * Every case uses a recognisable secret and looks for it everywhere the library writes.
 */
import { Chart, Testing, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import * as YAML from 'yaml';
import {
  ConfigGenerator, ExternalProvider, InferenceProvider, LlamaStackDistribution, LlamaStackDistributionProps,
  LlamaStackDistributionResource, LlamaStackDistributionSpec, OgxServerResource, SafetyProvider, SecretRef, ServerAuth, ServerTarget, StorageBackend,
} from '../../src';
import { isCredentialKey, urlCredentials } from '../../src/core/credential-keys';
import { describeSecretValue, isSecretPath, quoteUrl } from '../../src/core/redact';
import { generatedEnv } from '../../src/releases/pod-env';
import { validateSpec } from '../../src/spec/validate-spec';
import { runCli } from '../support/cli-run';
import { problemLine, rejectedWithout } from '../support/problems';

const SECRET = 'sk-live-0123456789abcdef';
/** A base64 secret: not a valid Secret name or key, so `SecretRef` refuses it. */
const B64_SECRET = 'c2stbGl2ZS0wMTIz/NDU2Nzg5+YWJjZGVm=';
const REF = { name: 'llm-creds', key: 'api-key' };

/** The problems of the LlamaStackConfigError `fn` throws, checked to hold no secret anywhere. */
const rejected = (fn: () => unknown, secret = SECRET) => rejectedWithout(secret, fn);

const pathsOf = (fn: () => unknown, secret = SECRET) => rejected(fn, secret).map((p) => p.path);

/**
 * Builds `make` in a chart of its own: the paths of its problems; the chart synthesized after the
 * failure holds no secret either (nothing is half-written).
 */
function constructPaths(make: (chart: Chart) => unknown, secret = SECRET): string[] {
  const chart = Testing.chart();
  const paths = pathsOf(() => quietly(() => make(chart)), secret);
  expect(JSON.stringify(Testing.synth(chart))).not.toContain(secret);
  return paths;
}

const distribution = (props: LlamaStackDistributionProps) => constructPaths((c) => new LlamaStackDistribution(c, 'llama', props));

function quietly<T>(fn: () => T): T {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return fn();
  } finally {
    spy.mockRestore();
  }
}

/** The command line, on the sources, with stdin. */
const cli = runCli;

/** A LlamaStackDistribution manifest with `spec` (YAML). */
function manifest(spec: object): string {
  return YAML.stringify({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'my-stack' }, spec });
}

function krmInput(spec: object): string {
  return YAML.stringify({
    apiVersion: 'config.kubernetes.io/v1',
    kind: 'ResourceList',
    items: [],
    functionConfig: { apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'my-stack' }, spec },
  });
}

const vllm = (extra: object = {}) => InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1', ...extra });
const withVllm = (provider: object): LlamaStackDistributionSpec => ({
  distribution: { name: 'starter' },
  providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', ...provider }] },
});

// ---------------------------------------------------------------------------------------------
// 1. Redaction: a value in a secret-bearing position is described, never quoted

describe('a secret given where a Secret reference belongs is never quoted', () => {
  test.each<[string, LlamaStackDistributionSpec, string, RegExp]>([
    ['apiKey', withVllm({ apiKey: SECRET }), 'spec.providers.inference[0].apiKey', /apiKey: \{ name: <Secret name>, key: <key> \}/],
    ['secretRefs.api_token', withVllm({ secretRefs: { api_token: SECRET } }), 'spec.providers.inference[0].secretRefs.api_token',
      /secretRefs: \{ api_token: \{ name: <Secret name>, key: <key> \} \}/],
    ['storage.kv.password', { distribution: { name: 'starter' }, storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379', password: SECRET as any } } },
      'spec.storage.kv.password', /password: \{ name/],
    ['storage.sql.connectionString (a URL with its password)',
      { distribution: { name: 'starter' }, storage: { sql: { type: 'postgres', connectionString: `postgresql://llama:${SECRET}@db:5432/llama` as any } } },
      'spec.storage.sql.connectionString', /connectionString: \{ name/],
  ])('%s: ConfigGenerator, validateSpec, the construct, the CR construct, render and krm', async (_what, spec, path, fix) => {
    // ConfigGenerator (the operator pipeline) and the spec validator.
    const problems = rejected(() => ConfigGenerator.generate(spec));
    expect(problems.map((p) => p.path)).toEqual([path]);
    expect(problems[0].message).toBe('must be an object');
    expect(problems[0].fix).toMatch(/^this is a reference to a key of a Kubernetes Secret, not the value \(a string of \d+ characters was given, not shown\): put it in a Secret/);
    expect(problems[0].fix).toMatch(fix);
    expect(validateSpec(spec).map((p) => p.path)).toEqual([path]);
    expect(JSON.stringify(validateSpec(spec))).not.toContain(SECRET);
    // The constructs.
    expect(distribution({ spec })).toEqual([path]);
    expect(distribution({ spec, target: ServerTarget.OPERATOR })).toEqual([path]);
    expect(constructPaths((c) => new LlamaStackDistributionResource(c, 'cr', { spec }))).toEqual([path]);
    // The command line: stderr, and krm's results on stdout.
    const render = await cli(['render', '-'], manifest(spec));
    expect(render.code).toBe(1);
    expect(render.err).toContain(`${path}: must be an object`);
    expect(render.out + render.err).not.toContain(SECRET);
    const krm = await cli(['krm'], krmInput(spec));
    expect(krm.code).toBe(1);
    const [list] = YAML.parseAllDocuments(krm.out).map((d) => d.toJS());
    expect(list.results).toEqual([{ severity: 'error', message: expect.stringContaining(`${path}: must be an object`) }]);
    expect(krm.out + krm.err).not.toContain(SECRET);
  });

  test('a list or an object where a Secret reference belongs is described by its size', () => {
    const problems = rejected(() => ConfigGenerator.generate(withVllm({ secretRefs: [SECRET] })));
    expect(problems).toEqual([{ path: 'spec.providers.inference[0].secretRefs', message: 'must be an object', fix: 'replace a list of 1 item (not shown) with an object' }]);
  });

  test('SecretRef.fromSecretName never echoes its arguments (a secret passed as a name or key)', () => {
    expect(pathsOf(() => SecretRef.fromSecretName(B64_SECRET, 'api-key'), B64_SECRET)).toEqual(['SecretRef.fromSecretName(secretName)']);
    expect(pathsOf(() => SecretRef.fromSecretName('llm-creds', B64_SECRET), B64_SECRET)).toEqual(['SecretRef.fromSecretName(key)']);
    expect(pathsOf(() => SecretRef.fromSecretName(SECRET.toUpperCase(), 'api-key'), SECRET.toUpperCase())).toEqual(['SecretRef.fromSecretName(secretName)']);
    expect(rejected(() => SecretRef.fromSecretName(B64_SECRET, 'k'), B64_SECRET)[0].message)
      .toBe("not a valid Secret name: a string of 35 characters, with upper-case letters, '/', other characters, not starting and ending with a letter or digit (not shown, in case it is the secret itself)");
  });

  test('a URL with a password that is not valid otherwise is described, not quoted', () => {
    expect(pathsOf(() => StorageBackend.redis({ endpoint: `redis://:${SECRET}@redis master:6379` }))).toEqual(['StorageBackend.redis(endpoint)']);
    expect(rejected(() => StorageBackend.redis({ endpoint: `redis://:${SECRET}@redis master:6379` }))[0].message)
      .toBe('a URL of 51 characters with a password in it (not shown) is not a Redis endpoint');
    expect(pathsOf(() => InferenceProvider.vllm({ endpoint: `ftp://llama:${SECRET}@vllm/v1` }))).toEqual(['InferenceProvider.vllm(endpoint)']);
  });

  test('an env var named like a credential with a plain value shows no value (issue 19: refused before the start-up model)', () => {
    // VLLM_URL turns on starter's vllm, whose api_token is ${env.VLLM_API_TOKEN:=fake}.
    const token = '982451653';
    const paths = distribution({ env: { VLLM_URL: 'http://vllm:8000/v1', VLLM_API_TOKEN: token } });
    expect(paths).toEqual(['props.env.VLLM_API_TOKEN']);
    expect(rejected(() => quietly(() => new LlamaStackDistribution(Testing.chart(), 'llama', { env: { VLLM_URL: 'http://vllm:8000/v1', VLLM_API_TOKEN: token } })), token)[0].message)
      .toMatch(/credential in plain text \(a string of 9 characters, not shown\)/);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Plaintext credentials are refused wherever objects are rendered

describe('plaintext credentials in provider settings', () => {
  test.each<[string, object, string]>([
    ['api_key', { api_key: SECRET }, 'api_key'],
    ['api_token', { api_token: SECRET }, 'api_token'],
    ['token', { token: SECRET }, 'token'],
    ['password', { password: SECRET }, 'password'],
    ['passwd', { passwd: SECRET }, 'passwd'],
    ['secret', { secret: SECRET }, 'secret'],
    ['secret_key', { secret_key: SECRET }, 'secret_key'],
    ['access_key', { access_key: SECRET }, 'access_key'],
    ['aws_secret_access_key', { aws_secret_access_key: SECRET }, 'aws_secret_access_key'],
    ['client_secret', { client_secret: SECRET }, 'client_secret'],
    ['private_key', { private_key: SECRET }, 'private_key'],
    ['credentials', { credentials: SECRET }, 'credentials'],
    ['camelCase apiKey', { apiKey: SECRET }, 'apiKey'],
    ['upper case OPENAI_API_KEY', { OPENAI_API_KEY: SECRET }, 'OPENAI_API_KEY'],
    ['suffix _token', { hf_token: SECRET }, 'hf_token'],
    ['suffix _password', { db_password: SECRET }, 'db_password'],
    ['a number', { api_key: 4242424242 }, 'api_key'],
    ['nested', { extra: { headers: { authorization: SECRET } } }, 'extra.headers.authorization'],
    ['a URL with a password, under any key', { base_url: `https://llama:${SECRET}@gateway/v1` }, 'base_url'],
  ])('%s: typed props, spec, CR constructs, render', async (_what, settings, key) => {
    expect(distribution({ inference: [vllm({ settings })] })).toEqual([`props.inference[0].settings.${key}`]);
    const spec = withVllm({ settings });
    expect(distribution({ spec })).toEqual([`spec.providers.inference[0].settings.${key}`]);
    expect(constructPaths((c) => new LlamaStackDistributionResource(c, 'cr', { spec }))).toEqual([`spec.providers.inference[0].settings.${key}`]);
    expect(constructPaths((c) => new OgxServerResource(c, 'cr', { inference: [vllm({ settings })] }))).toEqual([`props.inference[0].settings.${key}`]);
    const render = await cli(['render', '-'], manifest(spec));
    expect(render.code).toBe(1);
    expect(render.err).toContain(`spec.providers.inference[0].settings.${key}: `);
    expect(render.out + render.err).not.toContain(SECRET);
  });

  test('the fix names the Secret reference for that key', () => {
    const [apiKey] = rejected(() => new LlamaStackDistribution(Testing.chart(), 'llama', { spec: withVllm({ settings: { api_key: SECRET } }) }));
    expect(apiKey.message).toBe('"api_key" is a credential in plain text (a string of 24 characters, not shown): it would be written as is into the generated config and objects');
    expect(apiKey.fix).toBe('put it in a Secret and reference it with apiKey: { name: <Secret name>, key: <key> } (written as api_key), or secretRefs: { api_key: { name: <Secret name>, key: <key> } }');
    const [token] = rejected(() => new LlamaStackDistribution(Testing.chart(), 'llama', { spec: withVllm({ settings: { api_token: SECRET } }) }));
    expect(token.fix).toBe('put it in a Secret and reference it with secretRefs: { api_token: { name: <Secret name>, key: <key> } }');
  });

  test('every provider list and an external provider\'s config', () => {
    expect(distribution({ safety: [SafetyProvider.nvidia({ endpoint: 'http://guard:7331', settings: { password: SECRET } })] }))
      .toEqual(['props.safety[0].settings.password']);
    const acme = ExternalProvider.fromImage({
      id: 'acme', image: 'quay.io/acme/llm-provider:1.0.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm', config: { api_key: SECRET },
    });
    expect(distribution({ externalProviders: [acme] })).toEqual(['props.externalProviders[0].config.api_key']);
  });

  test('what is not a plaintext credential is accepted', () => {
    const settings = {
      max_tokens: 4096,
      pad_token: '<pad>',
      token_file: '/var/run/token',
      password_file: '/etc/pw',
      verify_token: true,
      api_key: '${env.MY_API_KEY}',
      url: 'https://user@gateway/v1?model=llama',
      empty_token: '',
    };
    expect(validateSpec(withVllm({ settings }))).toEqual([]);
  });

  test('ConfigGenerator keeps the operator\'s behaviour: plaintext settings are written (the conformance data has them)', () => {
    const g = ConfigGenerator.generate(withVllm({ settings: { api_key: 'placeholder' } }));
    expect(g.configYaml).toContain('api_key: placeholder');
    expect(validateSpec(withVllm({ settings: { api_key: SECRET } }), { allowPlaintextCredentials: true })).toEqual([]);
  });
});

describe('credentials in URLs', () => {
  test.each<[string, string]>([
    ['user:password@', `https://llama:${SECRET}@vllm.models.svc:8000/v1`],
    ['?api_key=', `https://vllm.models.svc/v1?api_key=${SECRET}`],
    ['?token=', `https://vllm.models.svc/v1?model=x&token=${SECRET}`],
    ['?key=', `https://generativelanguage.example.com/v1?key=${SECRET}`],
    ['?access_token=', `https://vllm.models.svc/v1?access_token=${SECRET}`],
    ['?password=', `https://vllm.models.svc/v1?password=${SECRET}`],
    ['?sig=', `https://blob.example.com/models?sv=2024&sig=${SECRET}`],
  ])('a provider endpoint with %s', async (_what, endpoint) => {
    expect(distribution({ inference: [vllm({ endpoint })] })).toEqual(['props.inference[0].endpoint']);
    const spec = withVllm({ endpoint });
    expect(distribution({ spec })).toEqual(['spec.providers.inference[0].endpoint']);
    expect(constructPaths((c) => new LlamaStackDistributionResource(c, 'cr', { spec }))).toEqual(['spec.providers.inference[0].endpoint']);
    const krm = await cli(['krm'], krmInput(spec));
    expect(krm.code).toBe(1);
    expect(krm.out).toContain('spec.providers.inference[0].endpoint: the endpoint URL holds');
    expect(krm.out + krm.err).not.toContain(SECRET);
  });

  test('a Redis URL with a password (kv storage): refused on every target, not dropped or written', () => {
    const spec: LlamaStackDistributionSpec = { distribution: { name: 'starter' }, storage: { kv: { type: 'redis', endpoint: `redis://:${SECRET}@redis:6379` } } };
    for (const target of [ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7, ServerTarget.OPERATOR]) {
      expect(distribution({ spec, target })).toEqual(['spec.storage.kv.endpoint']);
    }
    const [p] = rejected(() => new LlamaStackDistribution(Testing.chart(), 'llama', { spec }));
    expect(p.fix).toBe('write redis://<host>:<port> without it, put the password in a Secret and reference it with password: { name: <Secret name>, key: <key> }');
    expect(constructPaths((c) => new LlamaStackDistributionResource(c, 'cr', { spec }))).toEqual(['spec.storage.kv.endpoint']);
  });

  test('a postgres host that is a URL with a password', async () => {
    const host = `postgres://llama:${SECRET}@db.data.svc:5432/llama`;
    expect(distribution({ sqlStorage: StorageBackend.postgres({ host, user: 'llama', password: SecretRef.fromSecretName('pg', 'password') }) }))
      .toEqual(['props.sqlStorage.host']);
    const spec: LlamaStackDistributionSpec = {
      distribution: { name: 'starter' }, storage: { sql: { type: 'postgres', host, user: 'llama', password: { name: 'pg', key: 'password' } } },
    };
    expect(distribution({ spec })).toEqual(['spec.storage.sql.host']);
    const [p] = rejected(() => new LlamaStackDistribution(Testing.chart(), 'llama', { spec }));
    expect(p.fix).toMatch(/reference it with password: \{ name: <Secret name>, key: <key> \}$/);
    const render = await cli(['render', '-'], manifest(spec));
    expect(render.code).toBe(1);
    expect(render.err).toContain('spec.storage.sql.host: the host holds a password');
    expect(render.out + render.err).not.toContain(SECRET);
  });

  test('an auth URL with a credential query parameter', () => {
    expect(pathsOf(() => ServerAuth.oauth2Jwks({ jwksUri: `https://idp.example.com/certs?access_token=${SECRET}`, audience: 'llama' })))
      .toEqual(['ServerAuth.oauth2Jwks(jwksUri)']);
    expect(pathsOf(() => ServerAuth.oauth2Introspection({
      introspectionUrl: `https://client:${SECRET}@idp.example.com/introspect`,
      clientId: 'llama',
      clientSecret: SecretRef.fromSecretName('idp', 'secret'),
      caCertificate: { configMapName: 'idp-ca' },
    }))).toEqual(['ServerAuth.oauth2Introspection(introspectionUrl)']);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. User env vars may not shadow the generated ones

describe('a user env var that shadows a generated one', () => {
  const TARGETS: { [id: string]: ServerTarget } = {
    ogx: ServerTarget.OGX_0_8,
    llamaStack: ServerTarget.LLAMA_STACK_0_7,
    operator: ServerTarget.OPERATOR,
  };
  test.each<[string, string, string]>([
    ['an LLSD_ name', 'ogx', 'LLSD_VLLM_API_KEY'],
    ['RUN_CONFIG_PATH', 'ogx', 'RUN_CONFIG_PATH'],
    ['the port', 'ogx', 'OGX_PORT'],
    ['the port', 'llamaStack', 'LLAMA_STACK_PORT'],
    ['the port', 'operator', 'LLAMA_STACK_PORT'],
    ['the config dir', 'ogx', 'OGX_CONFIG_DIR'],
    ['the config dir', 'llamaStack', 'LLAMA_STACK_CONFIG_DIR'],
    ['SQLITE_STORE_DIR', 'ogx', 'SQLITE_STORE_DIR'],
    ['FILES_STORAGE_DIR', 'llamaStack', 'FILES_STORAGE_DIR'],
    ['HOME', 'ogx', 'HOME'],
    ['HF_HOME', 'operator', 'HF_HOME'],
  ])('%s (target %s: %s)', (_what, targetId, name) => {
    const target = TARGETS[targetId];
    expect(distribution({ target, env: { LOG_LEVEL: 'info', [name]: '/somewhere' } })).toEqual([`props.env.${name}`]);
    const spec: LlamaStackDistributionSpec = { distribution: { name: 'starter' }, workload: { overrides: { env: [{ name: 'LOG_LEVEL', value: 'info' }, { name, value: '/x' }] } } };
    expect(distribution({ target, spec })).toEqual(['spec.workload.overrides.env[1]']);
  });

  test('SSL_CERT_FILE and REQUESTS_CA_BUNDLE only with a CA bundle (without one, setting them is how to trust a mounted CA)', () => {
    const tls = { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca' } };
    expect(distribution({ tls, env: { SSL_CERT_FILE: '/x', REQUESTS_CA_BUNDLE: '/x' } })).toEqual(['props.env.REQUESTS_CA_BUNDLE', 'props.env.SSL_CERT_FILE']);
    expect(() => new LlamaStackDistribution(Testing.chart(), 'llama', { env: { SSL_CERT_FILE: '/etc/ca/ca.crt' } })).not.toThrow();
  });

  test('the fix names the prop that controls it', () => {
    const fixes = rejected(() => new LlamaStackDistribution(Testing.chart(), 'llama', { env: { OGX_PORT: '9000', LLSD_X: 'y' } })).map((p) => p.fix);
    expect(fixes).toEqual([
      expect.stringMatching(/^remove it: LLSD_ names are the Secret references the library generates; give secrets with apiKey or secretRefs/),
      'remove it: the port is props.port',
    ]);
  });

  test('every env var of the server container is reserved, generated or the user\'s (a new one must join generatedEnv)', () => {
    const target = ServerTarget.OGX_0_8;
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', {
      target,
      inference: [vllm({ apiKey: SecretRef.fromSecretName(REF.name, REF.key) })],
      tls: { secretName: 'llama-tls', caBundle: { configMapName: 'corp-ca' } },
      externalProviders: [ExternalProvider.fromImage({ id: 'acme', image: 'quay.io/acme/llm-provider:1.0.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm' })],
      env: { LOG_LEVEL: 'info' },
    });
    const deployment = Testing.synth(chart).find((o) => o.kind === 'Deployment');
    const names: string[] = deployment.spec.template.spec.containers[0].env.map((e: any) => e.name);
    const generated = new Set(generatedEnv(target, d.spec).map((g) => g.name));
    const unaccounted = names.filter((n) => !n.startsWith('LLSD_') && n !== 'RUN_CONFIG_PATH' && n !== 'PYTHONPATH' && n !== 'LOG_LEVEL' && !generated.has(n));
    expect(unaccounted).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['SSL_CERT_FILE', 'LLSD_VLLM_API_KEY', 'PYTHONPATH', 'OGX_PORT', 'HOME']));
    // A user PYTHONPATH replaces the generated one (it must keep the install path): not shadowing.
    expect(JSON.stringify(Yaml.stringify(...Testing.synth(chart)))).not.toContain(SECRET);
  });
});

// ---------------------------------------------------------------------------------------------
// The rule's building blocks

describe('credential names and redaction', () => {
  test.each([
    'api_key', 'apiKey', 'APIKey', 'x-api-key', 'OPENAI_API_KEY', 'api_token', 'token', 'HF_TOKEN', 'password', 'DB_PASSWORD', 'passwd', 'secret',
    'client_secret', 'clientSecret', 'secret_key', 'access_key', 'aws_secret_access_key', 'private_key', 'credentials', 'Authorization',
  ])('%s names a credential', (name) => expect(isCredentialKey(name)).toBe(true));

  test.each(['max_tokens', 'pad_token', 'token_file', 'password_file', 'secret_name', 'tokenizer', 'url', 'model', 'keys'])('%s does not', (name) => {
    expect(isCredentialKey(name)).toBe(false);
  });

  test('URLs', () => {
    expect(urlCredentials(`https://u:${SECRET}@h/v1`)).toBe('password');
    expect(urlCredentials(`https://h/v1?Api-Key=${SECRET}`)).toBe('query');
    expect(urlCredentials('https://u@h/v1')).toBeUndefined();
    expect(urlCredentials('redis://:${env.REDIS_PASSWORD}@redis:6379')).toBeUndefined();
    expect(urlCredentials('https://h/v1?token=')).toBeUndefined();
    expect(urlCredentials(`not a url ${SECRET}`)).toBeUndefined();
    expect(quoteUrl(`https://u:${SECRET}@h/v1`)).toBe('a URL of 39 characters with a password in it (not shown)');
    expect(quoteUrl('http://vllm:8000/v1')).toBe('"http://vllm:8000/v1"');
  });

  test('values and paths', () => {
    expect(describeSecretValue(SECRET)).toBe('a string of 24 characters');
    expect(describeSecretValue('')).toBe('an empty string');
    expect(describeSecretValue(42)).toBe('an integer');
    expect(describeSecretValue(1.5)).toBe('a fractional number');
    expect(describeSecretValue({ a: 1, b: 2 })).toBe('an object');
    expect(describeSecretValue(new Date(0))).toBe('an object of class Date');
    expect(isSecretPath('spec.providers.inference[0].secretRefs.host')).toBe(true);
    expect(isSecretPath('spec.providers.inference[0].settings["x-api-key"]')).toBe(true);
    expect(isSecretPath('props.sqlStorage(password)')).toBe(true);
    expect(isSecretPath('spec.providers.inference[0].endpoint')).toBe(false);
  });
});

describe('SecretRef', () => {
  test('from a name', () => {
    const ref = SecretRef.fromSecretName('my.creds-1', 'API_KEY.v2');
    expect([ref.secretName, ref.key]).toEqual(['my.creds-1', 'API_KEY.v2']);
    expect(ref.toSpec()).toStrictEqual({ name: 'my.creds-1', key: 'API_KEY.v2' });
  });
  test('from a cdk8s-plus Secret', () => {
    const secret = new kplus.Secret(Testing.chart(), 'creds');
    expect(SecretRef.fromSecret(secret, 'token').toSpec()).toStrictEqual({ name: secret.name, key: 'token' });
    expect(SecretRef.fromSecret(kplus.Secret.fromSecretName(Testing.chart(), 'x', 'existing'), 'k').secretName).toBe('existing');
  });
  const NAME_FIX = 'use lower-case letters, digits, \'-\' and \'.\', starting and ending with a letter or digit (at most 253 characters)';
  const KEY_FIX = 'use letters, digits, \'-\', \'_\' and \'.\' (at most 253 characters)';
  const NOT_SHOWN = 'not shown, in case it is the secret itself';
  test.each<[string, () => unknown, string]>([
    // The arguments are never quoted: a secret value passed by mistake must not reach the error.
    ['upper case and _', () => SecretRef.fromSecretName('Bad_Name', 'k'), `SecretRef.fromSecretName(secretName): not a valid Secret name: a string of 8 characters, with upper-case letters, '_' (${NOT_SHOWN}) — ${NAME_FIX}`],
    ['leading dash', () => SecretRef.fromSecretName('-a', 'k'), `SecretRef.fromSecretName(secretName): not a valid Secret name: a string of 2 characters, not starting and ending with a letter or digit (${NOT_SHOWN}) — ${NAME_FIX}`],
    ['empty name', () => SecretRef.fromSecretName('', 'k'), `SecretRef.fromSecretName(secretName): not a valid Secret name: an empty string (${NOT_SHOWN}) — ${NAME_FIX}`],
    ['too long', () => SecretRef.fromSecretName('a'.repeat(254), 'k'), `SecretRef.fromSecretName(secretName): not a valid Secret name: a string of 254 characters, longer than 253 characters (${NOT_SHOWN}) — ${NAME_FIX}`],
    ['slash in key', () => SecretRef.fromSecretName('ok', 'a/b'), `SecretRef.fromSecretName(key): not a valid Secret key: a string of 3 characters, with '/' (${NOT_SHOWN}) — ${KEY_FIX}`],
    ['empty key', () => SecretRef.fromSecretName('ok', ''), `SecretRef.fromSecretName(key): not a valid Secret key: an empty string (${NOT_SHOWN}) — ${KEY_FIX}`],
    ['key too long', () => SecretRef.fromSecretName('ok', 'k'.repeat(254)), `SecretRef.fromSecretName(key): not a valid Secret key: a string of 254 characters, longer than 253 characters (${NOT_SHOWN}) — ${KEY_FIX}`],
    ['no secret', () => SecretRef.fromSecret(undefined as any, 'k'),
      'SecretRef.fromSecret(secret): secret must be a cdk8s-plus Secret — pass a kplus.Secret, or use SecretRef.fromSecretName(<name>, <key>)'],
    ['bad key of a Secret', () => SecretRef.fromSecret(kplus.Secret.fromSecretName(Testing.chart(), 'x', 'ok'), 'a b'),
      `SecretRef.fromSecret(key): not a valid Secret key: a string of 3 characters, with whitespace (${NOT_SHOWN}) — ${KEY_FIX}`],
  ])('%s', (_what, fn, message) => expect(problemLine(fn)).toBe(message));
  test('253 characters is the limit', () => {
    expect(SecretRef.fromSecretName('a'.repeat(253), 'k'.repeat(253)).secretName).toHaveLength(253);
  });
});
