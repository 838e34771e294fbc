import { SafetyProvider } from '../../src/providers/safety';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem } from '../support/provider-problems';

const KEY = SecretRef.fromSecretName('creds', 'api-key');
const key = { name: 'creds', key: 'api-key' };
const SECRET_FIX = 'SecretRef.fromSecretName(<secret>, <key>)';

describe('safety factories', () => {
  test.each<[string, () => SafetyProvider, { id?: string; provider: string }]>([
    ['safety bedrock', () => SafetyProvider.bedrock({ region: 'us-west-2' }), { provider: 'bedrock', settings: { region_name: 'us-west-2' } } as any],
    ['safety nvidia', () => SafetyProvider.nvidia({ endpoint: 'http://g:7331', settings: { config_id: 'strict' } }),
      { provider: 'nvidia', endpoint: 'http://g:7331', settings: { config_id: 'strict' } } as any],
    ['safety sambanova', () => SafetyProvider.sambanova({ apiKey: KEY }), { provider: 'sambanova', apiKey: key } as any],
    ['safety passthrough', () => SafetyProvider.passthrough({ endpoint: 'http://p', apiKey: KEY }),
      { provider: 'passthrough', endpoint: 'http://p', apiKey: key } as any],
    ['safety custom', () => SafetyProvider.custom('guard', { id: 'g' }), { id: 'g', provider: 'guard' }],
    ['safety inline type', () => SafetyProvider.custom('inline::llama-guard'), { provider: 'inline::llama-guard' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'safety', spec));
});

describe('required fields', () => {
  test.each<[string, () => unknown, string]>([
    ['safety bedrock region', () => SafetyProvider.bedrock({} as any),
      'SafetyProvider.bedrock(region): region is required — pass region: the AWS region, e.g. us-east-1'],
    ['safety nvidia endpoint', () => SafetyProvider.nvidia({} as any),
      'SafetyProvider.nvidia(endpoint): endpoint is required — pass endpoint: http://nemo-guardrails.<namespace>.svc:7331'],
    ['safety sambanova key', () => SafetyProvider.sambanova({} as any), `SafetyProvider.sambanova(apiKey): apiKey is required — pass apiKey: ${SECRET_FIX}`],
    ['safety passthrough endpoint', () => SafetyProvider.passthrough({} as any),
      'SafetyProvider.passthrough(endpoint): endpoint is required — pass endpoint: the service URL, e.g. http://<service>.<namespace>.svc:<port>'],
    ['unknown prefix', () => SafetyProvider.custom('builtin::llama-guard'),
      'SafetyProvider.custom(provider): "builtin::llama-guard" is not a provider type — write the type without a prefix (vllm, read as remote::vllm), or with inline:: or remote:: (e.g. inline::qdrant)'],
  ])('%s', (_what, fn, message) => expect(problem(fn)).toBe(message));

  test('the guardrails and passthrough endpoints are URLs the server parses: no scheme is refused', () => {
    expect(problem(() => SafetyProvider.nvidia({ endpoint: 'guardrails:7331' })))
      .toMatch(/^SafetyProvider\.nvidia\(endpoint\): .* is not an http\(s\) URL — write the full URL with its scheme, e.g. http:\/\/nemo-guardrails\.<namespace>\.svc:7331$/);
    expect(problem(() => SafetyProvider.passthrough({ endpoint: 'p:80' }))).toMatch(/^SafetyProvider\.passthrough\(endpoint\): .* is not an http\(s\) URL/);
  });

  test('bedrock takes no network options (it is not a remote inference provider)', () => {
    expect(problem(() => SafetyProvider.bedrock({ region: 'us-east-1', allowedModels: ['x'] } as any)))
      .toMatch(/^SafetyProvider\.bedrock\(allowedModels\): is not a field of its options/);
  });
});
