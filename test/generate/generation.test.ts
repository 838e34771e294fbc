/** TargetGeneration (one generation's problems, warnings and provenance, the target's data) and the provider id helpers. */
import { effectiveBaseId, effectiveId, providerType, TargetGeneration } from '../../src/generate/generation';
import { ServerTarget } from '../../src/releases/server-target';

describe('TargetGeneration', () => {
  test('problems and warnings, in order, kept apart', () => {
    const g = new TargetGeneration(ServerTarget.OGX_1_3);
    g.problem('spec.a', 'bad', 'fix a');
    g.warn('spec.b', 'odd', 'fix b');
    g.problem('spec.c', 'worse', 'fix c');
    expect(g.problems).toStrictEqual([{ path: 'spec.a', message: 'bad', fix: 'fix a' }, { path: 'spec.c', message: 'worse', fix: 'fix c' }]);
    expect(g.warnings).toStrictEqual([{ path: 'spec.b', message: 'odd', fix: 'fix b' }]);
    expect(g.distribution).toBe('custom');
  });

  test('specPathOf: the spec path of the longest recorded prefix of a config.yaml path, by key or list index', () => {
    const g = new TargetGeneration(ServerTarget.OGX_1_3);
    g.wrote('providers.inference[1]', 'spec.providers.inference[0]');
    g.wrote('server.auth', 'props.auth');
    g.wrote('server.auth.access_policy', 'props.auth.accessPolicy');
    expect(g.specPathOf('providers.inference[1].config.url')).toBe('spec.providers.inference[0]');
    expect(g.specPathOf('providers.inference[1]')).toBe('spec.providers.inference[0]');
    expect(g.specPathOf('server.auth.access_policy[0].permit')).toBe('props.auth.accessPolicy');
    expect(g.specPathOf('server.auth.provider_config')).toBe('props.auth');
    expect(g.specPathOf('providers.inference[10]')).toBeUndefined();
    expect(g.specPathOf('server.port')).toBeUndefined();
  });

  test('the target\'s replacements: the fix and what to use instead, when there is one', () => {
    const g = new TargetGeneration(ServerTarget.OGX_1_3);
    expect(g.replacementFor('inference/remote::passthrough')).toBe(
      'OGX 1.3.0 removed remote::passthrough: point a provider of the release at the upstream server instead (remote::openai for an OpenAI-compatible endpoint)');
    expect(g.fixWithReplacement('remove shields', 'shields')).toMatch(/^remove shields; shields are gone with the safety API: /);
    expect(g.fixWithReplacement('remove it', 'toString')).toBe('remove it');
    expect(new TargetGeneration(ServerTarget.OGX_0_8).replacementFor('safety')).toBeUndefined();
  });

  test('removedIn: the release that removed an API; not an inherited key', () => {
    const g = new TargetGeneration(ServerTarget.OGX_1_3);
    expect([g.removedIn('safety'), g.removedIn('eval'), g.removedIn('inference'), g.removedIn('constructor')]).toStrictEqual(['OGX 1.0.0', 'OGX 0.8.0', undefined, undefined]);
    expect(new TargetGeneration(ServerTarget.OGX_0_8).removedIn('safety')).toBeUndefined();
  });

  test('targetsWith and targetsFix: the other targets that have something, newest first', () => {
    const g = new TargetGeneration(ServerTarget.OGX_1_2);
    const isOgx1 = (t: ServerTarget) => t.id.startsWith('ogx-1.');
    expect(g.targetsWith(isOgx1)).toStrictEqual(['ServerTarget.OGX_1_3', 'ServerTarget.OGX_1_1']);
    expect(g.targetsFix((t) => t === ServerTarget.OGX_1_3, 'tenancy', 'remove it')).toBe('use ServerTarget.OGX_1_3 (tenancy is in that release), or remove it');
    expect(g.targetsFix(isOgx1, 'x', 'remove it')).toBe('use ServerTarget.OGX_1_3 or ServerTarget.OGX_1_1 (x is in those releases), or remove it');
    expect(g.targetsFix(() => false, 'x', 'remove it')).toBe('remove it');
  });
});

describe('provider ids', () => {
  test('effectiveBaseId: a conditional id is the provider it enables', () => {
    expect(effectiveBaseId('${env.VLLM_URL:+vllm}')).toBe('vllm');
    expect(effectiveBaseId('${env.OLLAMA_URL:=ollama}')).toBe('ollama');
    expect(effectiveBaseId('${env.X:-default}')).toBe('${env.X:-default}');
    expect(effectiveBaseId('faiss')).toBe('faiss');
    expect(effectiveBaseId(3)).toBeUndefined();
  });

  test('providerType: remote:: unless prefixed; effectiveId: the id, else the type without its prefix', () => {
    expect([providerType({ provider: 'vllm' }), providerType({ provider: 'inline::qdrant' })]).toStrictEqual(['remote::vllm', 'inline::qdrant']);
    expect([effectiveId({ provider: 'vllm', id: 'mine' }), effectiveId({ provider: 'inline::faiss' }), effectiveId({ provider: 'ollama' })]).toStrictEqual(['mine', 'faiss', 'ollama']);
  });
});
