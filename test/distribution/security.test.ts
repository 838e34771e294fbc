/**
 * The security props: Secret-backed env, credential-named plain env refused, unknown factory
 * options refused, credential-looking values never quoted, `SecretRef.fromSecret` checked
 * against the Secret it names.
 */
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import {
  InferenceProvider, LlamaStackConfigError, LlamaStackDistribution, LlamaStackDistributionProps, SecretRef, ServerAuth, StorageBackend,
} from '../../src';
import { rejectedWithout } from '../support/problems';
import { synthObjects } from '../support/synth';

const SECRET = 'sk-live-0123456789abcdef';

/** The problems `fn` throws, checked to hold no secret anywhere. */
const problemsOf = (fn: () => unknown, secret = SECRET) => rejectedWithout(secret, fn);

const synth = (props: LlamaStackDistributionProps, chart?: Chart): any[] => synthObjects(props, chart);

const containerOf = (objects: any[]) => objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers.find((c: any) => c.name === 'llama-stack' || c.name === 'server') ?? objects.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0];

describe('env values from Secrets', () => {
  test('a SecretRef env value becomes a secretKeyRef env var', () => {
    const objects = synth({ env: { HF_TOKEN: SecretRef.fromSecretName('hf', 'token'), LOG_LEVEL: 'info' } });
    const env = containerOf(objects).env;
    expect(env).toContainEqual({ name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } });
    expect(env).toContainEqual({ name: 'LOG_LEVEL', value: 'info' });
  });

  test.each(['OPENAI_API_KEY', 'PGPASSWORD', 'HF_TOKEN', 'client_secret'])('a plain value under %s is refused with the SecretRef fix', (name) => {
    const problems = problemsOf(() => synth({ env: { [name]: SECRET } }));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe(`props.env.${name}`);
    expect(problems[0].fix).toContain('SecretRef.fromSecretName');
  });

  test('a plain spec env value under a credential name is refused at its spec path', () => {
    const problems = problemsOf(() => synth({ spec: { distribution: { name: 'starter' }, workload: { overrides: { env: [{ name: 'OPENAI_API_KEY', value: SECRET }] } } } }));
    expect(problems.map((p) => p.path)).toEqual(['spec.workload.overrides.env[0].value']);
  });

  test('non-credential names, empty values and $(VAR) references pass', () => {
    expect(() => synth({ env: { LOG_LEVEL: 'debug', OPENAI_API_KEY: '$(OTHER_KEY)', HF_TOKEN: '' } })).not.toThrow();
  });

  test('a look-alike SecretRef is refused', () => {
    const problems = problemsOf(() => synth({ env: { HF_TOKEN: { secretName: 'hf', key: 'token' } as any } }));
    expect(problems[0].path).toBe('props.env.HF_TOKEN');
  });
});

describe('factories refuse options they do not read', () => {
  test('StorageBackend.postgres({ sslmode }) is an error naming the option and the closest one', () => {
    const problems = problemsOf(() => StorageBackend.postgres({
      host: 'db', user: 'u', password: SecretRef.fromSecretName('db', 'password'), sslmode: 'verify-full',
    } as any));
    expect(problems.map((p) => p.path)).toEqual(['StorageBackend.postgres(sslmode)']);
    expect(problems[0].fix).toContain('did you mean sslMode?');
  });

  test('a misspelt option names the closest one', () => {
    const problems = problemsOf(() => StorageBackend.redis({ endpoint: 'redis://r:6379', pasword: SecretRef.fromSecretName('r', 'p') } as any));
    expect(problems[0].fix).toContain('password');
  });

  test('provider factories and ServerAuth refuse unknown options', () => {
    expect(problemsOf(() => InferenceProvider.vllm({ endpoint: 'http://vllm:8000/v1', apiToken: 'x' } as any))[0].path).toBe('InferenceProvider.vllm(apiToken)');
    expect(problemsOf(() => ServerAuth.kubernetes({ audience: 'x' } as any))[0].path).toBe('ServerAuth.kubernetes(audience)');
  });
});

describe('a value that looks like a key, a token or a PEM block is never quoted, whichever field it sits in', () => {
  const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
  const TOKEN = 'ghp_abcdefABCDEF0123456789abcdefABCDEF01';
  const LEAKS = ['MIIEvQ', 'BEGIN PRIVATE', 'abcdefABCDEF'];
  test.each<[string, LlamaStackDistributionProps, string]>([
    ['a PEM key in tls.secretName', { tls: { secretName: PEM } }, 'props.tls.secretName'],
    ['a token in tls.secretName', { tls: { secretName: TOKEN } }, 'props.tls.secretName'],
    ['a PEM in caBundle.configMapName', { tls: { secretName: 'tls', caBundle: { configMapName: PEM } } }, 'props.tls.caBundle.configMapName'],
    ['a token as the name', { name: TOKEN }, 'props.name'],
    ['a token as the host name', { expose: { hostname: TOKEN } }, 'props.expose.hostname'],
    ['a token as the service account', { serviceAccountName: TOKEN }, 'props.serviceAccountName'],
    ['an OpenAI key as the namespace', { namespace: 'sk-live-0123456789abcdefABCD' }, 'props.namespace'],
  ])('%s', (_what, props, path) => {
    const problems = problemsOf(() => synth(props), 'sk-live-0123456789abcdefABCD');
    expect(problems.map((p) => p.path)).toContain(path);
    for (const leak of LEAKS) expect(JSON.stringify(problems)).not.toContain(leak);
    expect(problems.find((p) => p.path === path)!.message).toMatch(/looks like a credential \(a string of \d+ characters, not shown\)/);
  });

  test('ordinary names are still quoted', () => {
    const problems = problemsOf(() => synth({ tls: { secretName: 'My_TLS' } }));
    expect(problems[0].message).toContain('"My_TLS"');
  });
});

describe('SecretRef.fromSecret is checked against the Secret it names', () => {
  function chartWithSecret(secretNamespace: string | undefined, data: Record<string, string>): { chart: Chart; secret: kplus.Secret } {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    const secret = new kplus.Secret(chart, 'creds', { metadata: { name: 'llm-creds', ...(secretNamespace ? { namespace: secretNamespace } : {}) }, stringData: data });
    return { chart, secret };
  }

  test('a Secret in another namespace fails synth (a secretKeyRef cannot cross namespaces)', () => {
    const { chart, secret } = chartWithSecret('vault', { 'api-key': 'x' });
    const problems = problemsOf(() => synth({ inference: [InferenceProvider.openai({ apiKey: SecretRef.fromSecret(secret, 'api-key') })] }, chart));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/namespace "vault" but the pod .* runs in "ai": a secretKeyRef cannot cross namespaces/);
    expect(problems[0].fix).toMatch(/create the Secret in namespace "ai"/);
  });

  test('a key the Secret does not have fails synth, naming the keys it has', () => {
    const { chart, secret } = chartWithSecret(undefined, { token: 'x' });
    const problems = problemsOf(() => synth({ env: { HF_TOKEN: SecretRef.fromSecret(secret, 'hf-token') } }, chart));
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/has no key "hf-token" \(env var HF_TOKEN reads it; its keys: "token"\)/)]);
  });

  test('the same namespace and an existing key pass; a Secret imported by name is not checked', () => {
    const { chart, secret } = chartWithSecret('ai', { token: 'x' });
    const imported = kplus.Secret.fromSecretName(chart, 'imported', 'elsewhere');
    expect(() => synth({ env: { HF_TOKEN: SecretRef.fromSecret(secret, 'token'), OTHER_TOKEN: SecretRef.fromSecret(imported, 'k') } }, chart)).not.toThrow();
  });
});

describe('held-out fuzz: a damaged spec never crashes the constructs', () => {
  const { LlamaStackDistributionResource, OgxServerResource } = jest.requireActual('../../src');
  test.each([
    ['volumeMounts a number', { volumeMounts: 5 }],
    ['volumes a number', { volumes: 5 }],
    ['env a string', { env: 'x' }],
  ])('%s (with auth CA and external providers reading them)', (_what, overrides) => {
    const spec = {
      distribution: { name: 'starter' },
      externalProviders: { inference: [{ providerId: 'x', image: 'i:1', providerType: 'remote::x', module: 'x' }] },
      workload: { overrides },
    };
    for (const C of [LlamaStackDistribution, LlamaStackDistributionResource, OgxServerResource]) {
      let error: unknown;
      try {
        new C(Testing.chart(), 'llama', { spec } as any);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LlamaStackConfigError);
    }
  });
});
