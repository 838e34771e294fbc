/** Plaintext credentials in a spec or a config: each reported at its place, never quoted. */
import { ConfigProblem } from '../../src/core/errors';
import { ProblemList } from '../../src/core/problems';
import {
  configCredentialProblems, CredentialCtx, envCredentialRules, externalProviderCredentialRules, kvCredentialRules, plainEnvCredential,
  providerCredentialRules, sqlCredentialRules,
} from '../../src/spec/credential-scan';

const IN_PLAIN = 'it would be written as is into the generated config and objects';
const REF = '{ name: <Secret name>, key: <key> }';
const SECRET = 'hunter2-hunter2';

function run(rule: (o: any, path: string, ctx: CredentialCtx) => void, o: object, allow = false): ConfigProblem[] {
  const ctx: CredentialCtx = { problems: new ProblemList(), allowPlaintextCredentials: allow };
  rule(o, 'spec.x', ctx);
  const problems = ctx.problems.problems;
  expect(JSON.stringify(problems)).not.toContain(SECRET);
  return problems;
}

describe('providerCredentialRules', () => {
  test('an endpoint with a password or a credential query parameter', () => {
    expect(run(providerCredentialRules, { endpoint: `http://u:${SECRET}@vllm:8000/v1` })).toEqual([{
      path: 'spec.x.endpoint',
      message: `the endpoint URL holds a password (user:password@) (a string of ${`http://u:${SECRET}@vllm:8000/v1`.length} characters, not shown): ${IN_PLAIN}`,
      fix: `remove it from the URL, put it in a Secret and reference it with apiKey: ${REF} or secretRefs: { <config key>: ${REF} }`,
    }]);
    expect(run(providerCredentialRules, { endpoint: `https://api/v1?api_key=${SECRET}` })[0].message).toMatch(/^the endpoint URL holds a credential query parameter /);
    expect(run(providerCredentialRules, { endpoint: 'http://vllm:8000/v1' })).toEqual([]);
  });

  test('a credential key in settings, with the fix naming apiKey for api_key and secretRefs otherwise', () => {
    const ps = run(providerCredentialRules, { settings: { 'api_key': SECRET, 'access-token': SECRET, 'model': 'llama', 'port': 8000 } });
    expect(ps).toEqual([
      { path: 'spec.x.settings.api_key', message: `"api_key" is a credential in plain text (a string of 15 characters, not shown): ${IN_PLAIN}`, fix: `put it in a Secret and reference it with apiKey: ${REF} (written as api_key), or secretRefs: { api_key: ${REF} }` },
      { path: 'spec.x.settings["access-token"]', message: `"access-token" is a credential in plain text (a string of 15 characters, not shown): ${IN_PLAIN}`, fix: `put it in a Secret and reference it with secretRefs: { "access-token": ${REF} }` },
    ]);
  });

  test('env references, empty values and non-credential keys are fine; a number under a credential key is not', () => {
    expect(run(providerCredentialRules, { settings: { api_key: '${env.KEY}', token: '', url: 'http://x' } })).toEqual([]);
    expect(run(providerCredentialRules, { settings: { password: 1234 } }).map((p) => p.message)).toEqual([`"password" is a credential in plain text (an integer, not shown): ${IN_PLAIN}`]);
  });

  test('nested keys, lists under a credential key, URLs anywhere in settings', () => {
    const nestedFix = 'put it in a Secret and reference it with secretRefs: { <top-level config key>: { name, key } }, or expose the Secret as an env var (valueFrom.secretKeyRef) and write ${env.<NAME>} in its place';
    const ps = run(providerCredentialRules, { settings: { auth: { token: SECRET }, token: [SECRET, '${env.T}'], hosts: [`redis://:${SECRET}@r`] } });
    expect(ps.map((p) => [p.path, p.fix])).toEqual([
      ['spec.x.settings.auth.token', nestedFix],
      ['spec.x.settings.token[0]', nestedFix],
      ['spec.x.settings.hosts[0]', 'remove it from the URL, put it in a Secret and reference it with secretRefs: { <config key>: { name: <Secret name>, key: <key> } }'],
    ]);
    expect(ps[1].message).toBe(`a credential in plain text (a string of 15 characters, not shown): ${IN_PLAIN}`);
  });

  test('allowPlaintextCredentials turns the rule off', () => {
    expect(run(providerCredentialRules, { endpoint: `http://u:${SECRET}@h`, settings: { api_key: SECRET } }, true)).toEqual([]);
  });
});

describe('externalProviderCredentialRules', () => {
  test('a credential key in config', () => {
    expect(run(externalProviderCredentialRules, { config: { api_key: SECRET } })).toEqual([{
      path: 'spec.x.config.api_key',
      message: `"api_key" is a credential in plain text (a string of 15 characters, not shown): ${IN_PLAIN}`,
      fix: `put it in a Secret and reference it with secretRefs: { api_key: ${REF} }`,
    }]);
    expect(run(externalProviderCredentialRules, {})).toEqual([]);
    expect(run(externalProviderCredentialRules, { config: { api_key: SECRET } }, true)).toEqual([]);
  });
});

describe('kvCredentialRules', () => {
  test('a Redis URL with a password', () => {
    const endpoint = `redis://:${SECRET}@redis:6379`;
    expect(run(kvCredentialRules, { endpoint })).toEqual([{
      path: 'spec.x.endpoint',
      message: `the Redis URL holds a password (a string of ${endpoint.length} characters, not shown): ${IN_PLAIN}`,
      fix: `write redis://<host>:<port> without it, put the password in a Secret and reference it with password: ${REF}`,
    }]);
    expect(run(kvCredentialRules, { endpoint: 'redis://redis:6379' })).toEqual([]);
    expect(run(kvCredentialRules, { endpoint }, true)).toEqual([]);
  });
});

describe('sqlCredentialRules', () => {
  test('a postgres host with user info or a URL with a password', () => {
    for (const host of [`app:${SECRET}@db`, `postgres://app:${SECRET}@db:5432/x`]) {
      const ps = run(sqlCredentialRules, { host });
      expect(ps.map((p) => p.path)).toEqual(['spec.x.host']);
      expect(ps[0].message).toBe(`the host holds a password (a string of ${host.length} characters, not shown): ${IN_PLAIN}`);
    }
    expect(run(sqlCredentialRules, { host: 'db.ns.svc' })).toEqual([]);
    expect(run(sqlCredentialRules, { host: `app:${SECRET}@db` }, true)).toEqual([]);
  });
});

describe('plainEnvCredential', () => {
  test('by the name: credential words and libpq PGPASSWORD', () => {
    expect(plainEnvCredential('OPENAI_API_KEY', 'x')).toBe('"OPENAI_API_KEY" is a credential in plain text (a string of 1 character, not shown)');
    expect(plainEnvCredential('PGPASSWORD', 'x')).toBe('"PGPASSWORD" is a credential in plain text (a string of 1 character, not shown)');
    expect(plainEnvCredential('HF_TOKEN', 'abc')).toMatch(/^"HF_TOKEN" is a credential in plain text/);
  });

  test('LLSD_ names are reserved, not judged by their name', () => {
    expect(plainEnvCredential('LLSD_X_API_KEY', 'x')).toBeUndefined();
  });

  test('by the value\'s shape under any name (no guessing at random runs)', () => {
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2';
    expect(plainEnvCredential('MY_LLM_CREDS_X', token)).toBe(`the value of "MY_LLM_CREDS_X" holds what looks like a key or a token (a string of ${token.length} characters, not shown)`);
    expect(plainEnvCredential('DB_URL', `postgres://a:${SECRET}@db`)).toMatch(/holds a URL with a password \(user:password@\)/);
    expect(plainEnvCredential('MODEL_PATH', '/models/Llama3ABCdefGHIjkl0123456789')).toBeUndefined();
  });

  test('an empty value or a $(VAR) reference is none', () => {
    expect(plainEnvCredential('OPENAI_API_KEY', '')).toBeUndefined();
    expect(plainEnvCredential('OPENAI_API_KEY', '$(OTHER_KEY)')).toBeUndefined();
    expect(plainEnvCredential('OPENAI_API_KEY', '$(OTHER) x')).toBeDefined();
  });
});

describe('envCredentialRules', () => {
  test('a plain credential env value, at env[i].value', () => {
    expect(run(envCredentialRules, { env: [{ name: 'A', value: 'b' }, { name: 'OPENAI_API_KEY', value: SECRET }] })).toEqual([{
      path: 'spec.x.env[1].value',
      message: '"OPENAI_API_KEY" is a credential in plain text (a string of 15 characters, not shown): it would be written into the Deployment as is',
      fix: 'put it in a Secret and reference it: env: { OPENAI_API_KEY: SecretRef.fromSecretName(<secret>, <key>) } (in a v1alpha2 spec, valueFrom: { secretKeyRef: { name, key } })',
    }]);
  });

  test('valueFrom, non-strings, non-objects and allowPlaintextCredentials are passed over', () => {
    expect(run(envCredentialRules, { env: [{ name: 'TOKEN', value: SECRET, valueFrom: {} }, { name: 'TOKEN', value: 1 }, 'x', null] })).toEqual([]);
    expect(run(envCredentialRules, { env: 'x' })).toEqual([]);
    expect(run(envCredentialRules, { env: [{ name: 'TOKEN', value: SECRET }] }, true)).toEqual([]);
  });

  test('a name that is not an identifier is quoted in the fix', () => {
    expect(run(envCredentialRules, { env: [{ name: 'my.token', value: SECRET }] })[0].fix).toContain('env: { "my.token": SecretRef');
  });
});

describe('configCredentialProblems', () => {
  test('at the prop path, with the place in the config in the message', () => {
    const ps = configCredentialProblems({ providers: { inference: [{ config: { api_key: SECRET, url: 'http://x' } }] } }, 'props.baseConfig');
    expect(ps).toEqual([{
      path: 'props.baseConfig',
      message: `"api_key" is a credential in plain text (a string of 15 characters, not shown): ${IN_PLAIN} [config.yaml providers.inference[0].config.api_key]`,
      fix: 'write ${env.<NAME>} in its place and give the pod that env var from a Secret: env: { <NAME>: SecretRef.fromSecretName(<secret>, <key>) } (in a v1alpha2 spec, valueFrom: { secretKeyRef: { name, key } })',
    }]);
    expect(JSON.stringify(ps)).not.toContain(SECRET);
  });

  test('env references with a plain default are fine, one with a credential default is not', () => {
    expect(configCredentialProblems({ password: '${env.POSTGRES_PASSWORD:=ogx}' }, 'p')).toEqual([]);
    expect(configCredentialProblems({ password: '${env.POSTGRES_PASSWORD:=sk-proj-A1b2C3d4E5f6G7h8I9j0}' }, 'p')).toHaveLength(1);
  });

  test('a URL with a password anywhere in the config', () => {
    const ps = configCredentialProblems({ a: { b: [`postgres://u:${SECRET}@db/x`] } }, 'p');
    expect(ps.map((p) => p.message)).toEqual([expect.stringMatching(/^the URL holds a password \(a string of \d+ characters, not shown\): .* \[config\.yaml a\.b\[0\]\]$/)]);
  });

  test('at most 50 problems, then one saying how many more', () => {
    const config: { [k: string]: string } = {};
    for (let i = 0; i < 60; i++) config[`svc${i}_token`] = SECRET;
    const ps = configCredentialProblems(config, 'p');
    expect(ps).toHaveLength(51);
    expect(ps[50].path).toBe('p');
    expect(ps[50].fix).toBe('fix the problems listed above and validate again');
    expect(ps[50].message).toBe('10 more problems not listed');
  });
});
