import { SkillsProvider } from '../../src/providers/skills';
import { expectProvider, problem } from '../support/provider-problems';

describe('SkillsProvider', () => {
  test.each<[string, () => SkillsProvider, any]>([
    ['builtin', () => SkillsProvider.builtin(), { provider: 'inline::builtin' }],
    ['builtin with id', () => SkillsProvider.builtin({ id: 'skills' }), { id: 'skills', provider: 'inline::builtin' }],
    ['custom', () => SkillsProvider.custom('remote::skill-hub', { endpoint: 'http://hub' }), { provider: 'remote::skill-hub', endpoint: 'http://hub' }],
  ])('%s', (_name, make, spec) => expectProvider(make(), 'skills', spec));

  test('builtin takes no endpoint option of its own: an unknown option is refused', () => {
    expect(problem(() => SkillsProvider.builtin({ directory: '/skills' } as any)))
      .toBe('SkillsProvider.builtin(directory): is not a field of its options — remove it (its options has id, endpoint, apiKey, secretRefs, settings)');
  });

  test('custom needs a type', () => {
    expect(problem(() => SkillsProvider.custom(undefined as any))).toBe('SkillsProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });
});
