/** applyDisabled and checkRemovedApis on a server line (OGX 1.3's registry): what disabling removes, what it cannot, and APIs the release removed. */
import { applyDisabled, checkRemovedApis } from '../../src/generate/disabled-apis';
import { TargetGeneration } from '../../src/generate/generation';
import { ServerTarget } from '../../src/releases/server-target';
import { EnvValue } from '../../src/releases/startup/env-substitution';

const NO_ENV = new Map<string, EnvValue>();
const lines = (g: TargetGeneration) => [...g.problems.map((p) => `problem ${p.path}: ${p.message} — ${p.fix}`), ...g.warnings.map((p) => `warning ${p.path}: ${p.message} — ${p.fix}`)];

function disabled(config: any, off: string[]): { config: any; lines: string[] } {
  const g = new TargetGeneration(ServerTarget.OGX_1_3);
  applyDisabled(g, config, off, NO_ENV);
  return { config: JSON.parse(JSON.stringify(config)), lines: lines(g) };
}

const base = (): any => ({
  apis: ['inference', 'vector_io', 'safety', 'files'],
  providers: {
    inference: [{ provider_id: 'vllm', provider_type: 'remote::vllm' }],
    vector_io: [{ provider_id: 'faiss', provider_type: 'inline::faiss' }],
    files: [{ provider_id: 'localfs', provider_type: 'inline::localfs' }],
  },
  safety: { default_shield_id: 'x' },
  vector_stores: { default_provider_id: 'faiss' },
});

describe('applyDisabled', () => {
  test('nothing disabled: nothing changes', () => {
    expect(disabled(base(), [])).toStrictEqual({ config: base(), lines: [] });
  });

  test('the API leaves apis and providers, with the top-level settings that point at it', () => {
    const r = disabled(base(), ['vector_io', 'safety']);
    expect(r.lines).toStrictEqual([]);
    expect(r.config.apis).toStrictEqual(['inference', 'files']);
    expect(Object.keys(r.config.providers)).toStrictEqual(['inference', 'files']);
    expect([r.config.safety, r.config.vector_stores]).toStrictEqual([undefined, undefined]);
  });

  test('an API the base config does not have: a warning', () => {
    expect(disabled(base(), ['batches']).lines).toStrictEqual([
      'warning spec.disabled[0]: the base config has no batches API, so disabling it changes nothing — remove "batches" from disabled',
    ]);
  });

  test('an API an enabled provider needs cannot go alone: the fix names the whole chain', () => {
    const config = () => ({ ...base(), providers: { ...base().providers, responses: [{ provider_id: 'builtin', provider_type: 'inline::builtin' }] } });
    expect(disabled(config(), ['inference']).lines).toStrictEqual([
      'problem spec.disabled[0]: inference cannot be disabled alone: the responses, vector_io provider(s) need it (the server would not start) — also disable responses, vector_io, or keep inference',
    ]);
    expect(disabled(config(), ['inference', 'vector_io', 'responses']).lines).toStrictEqual([]);
  });

  test('a provider disabled by its conditional id needs nothing', () => {
    const config = base();
    config.providers.vector_io = [{ provider_id: '${env.ENABLE_FAISS:+faiss}', provider_type: 'inline::faiss' }];
    expect(disabled(config, ['inference']).lines).toStrictEqual([]);
  });
});

describe('checkRemovedApis', () => {
  function removed(config: any, target = ServerTarget.OGX_1_3): string[] {
    const g = new TargetGeneration(target);
    checkRemovedApis(g, config);
    return lines(g);
  }

  test('providers of a removed API, and a removed API listed without providers', () => {
    expect(removed({ apis: ['eval', 'inference'], providers: { agents: [{ provider_id: 'a', provider_type: 'inline::meta-reference' }], inference: [] } })).toStrictEqual([
      'problem config.providers.agents: the agents API was removed in llama-stack 0.7.0 (renamed responses), and the base config still has it — add agents to spec.disabled, or use a base config made for OGX 1.3.0',
      'problem config.apis: the eval API was removed in OGX 0.8.0 — add eval to spec.disabled',
    ]);
  });

  test('the fix adds the release\'s replacement where it has one', () => {
    expect(removed({ apis: ['safety'], providers: {} })).toStrictEqual([
      'problem config.apis: the safety API was removed in OGX 1.0.0 — add safety to spec.disabled; moderation runs through the responses provider: set settings.moderation_endpoint on spec.providers.responses (inline::builtin)',
    ]);
    expect(removed({ apis: ['safety'], providers: {} }, ServerTarget.OGX_0_8)).toStrictEqual([]);
  });
});
