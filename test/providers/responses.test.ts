/** ResponsesProvider: the builtin provider's moderation_endpoint (BuiltinResponsesImplConfig). */
import { ResponsesProvider } from '../../src/providers/responses';
import { expectProvider, problem } from '../support/provider-problems';

describe('responses factories', () => {
  test.each<[string, () => ResponsesProvider, any]>([
    ['builtin', () => ResponsesProvider.builtin(), { provider: 'inline::builtin' }],
    ['builtin with a moderation endpoint', () => ResponsesProvider.builtin({ moderationEndpoint: 'http://guard:8000/v1/moderations' }),
      { provider: 'inline::builtin', settings: { moderation_endpoint: 'http://guard:8000/v1/moderations' } }],
    ['custom', () => ResponsesProvider.custom('remote::agents', { id: 'agents' }), { id: 'agents', provider: 'remote::agents' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'responses', spec));
});

describe('refusals', () => {
  test('an empty moderation endpoint, with its hint', () => {
    expect(problem(() => ResponsesProvider.builtin({ moderationEndpoint: '' })))
      .toBe('ResponsesProvider.builtin(moderationEndpoint): moderationEndpoint must be a non-empty string — pass moderationEndpoint: the moderation service URL, e.g. http://<service>.<namespace>.svc:<port>/v1/moderations');
  });

  test('moderationEndpoint and settings.moderation_endpoint together', () => {
    expect(problem(() => ResponsesProvider.builtin({ moderationEndpoint: 'http://a', settings: { moderation_endpoint: 'http://b' } })))
      .toBe('ResponsesProvider.builtin(settings.moderation_endpoint): writes config key "moderation_endpoint", which moderationEndpoint already sets — set "moderation_endpoint" in one place only');
  });

  test('custom needs a type', () => {
    expect(problem(() => ResponsesProvider.custom(' '))).toBe('ResponsesProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });
});
