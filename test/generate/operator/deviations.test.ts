/**
 * Each deliberate deviation from the operator (documented in docs/config-generator.md, "Where we
 * deliberately differ from the operator").
 */
import { ConfigGenerator } from '../../../src/generate/operator/config-generator';
import { envSegment } from '../../../src/spec/env-names';
import { pathMessages as problemsOf } from '../../support/problems';

describe('env var names', () => {
  test.each([
    ['remote::vllm', 'REMOTE__VLLM'],
    ['vllm-primary', 'VLLM_PRIMARY'],
    ['my.svc/x', 'MY_SVC_X'],
    ['Ünï', '_N_'],
    ['a_b9', 'A_B9'],
  ])('%s -> %s', (input, want) => expect(envSegment(input)).toBe(want));

  test('an overridden base provider gets a valid env var name and placeholder', () => {
    const g = ConfigGenerator.generate({
      distribution: { name: 'starter' },
      providers: { inference: [{ id: 'remote::vllm', provider: 'vllm', apiKey: { name: 's', key: 'k' } }] },
    });
    expect(g.envVars).toEqual([{ name: 'LLSD_REMOTE__VLLM_API_KEY', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }]);
    expect(g.configYaml).toContain('api_key: ${env.LLSD_REMOTE__VLLM_API_KEY}');
  });

  test('two secrets that normalize to one name are an error', () => {
    expect(problemsOf(() => ConfigGenerator.generate({
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', secretRefs: { 'db-name': { name: 's', key: 'a' }, 'db_name': { name: 's', key: 'b' } } }] },
    }))).toEqual(['spec.providers.inference[0].secretRefs.db_name: env var name LLSD_VLLM_DB_NAME is also produced by spec.providers.inference[0].secretRefs["db-name"]']);
  });
});

describe('unknown model provider', () => {
  const spec = {
    distribution: { name: 'starter' },
    resources: { models: [{ name: 'm', provider: 'nope' }] },
  };
  test('operator behaviour by default: remote::<id>', () => {
    expect(ConfigGenerator.generate(spec).configYaml).toContain('provider_type: remote::nope');
  });
  test('an error when asked', () => {
    expect(problemsOf(() => ConfigGenerator.generate(spec, { rejectUnknownModelProviders: true })))
      .toEqual(['spec.resources.models[0].provider: model "m" names provider "nope", which is not configured']);
  });
  test('a base provider is known', () => {
    const g = ConfigGenerator.generate({ distribution: { name: 'starter' }, resources: { models: [{ name: 'm', provider: 'inline::faiss' }] } }, { rejectUnknownModelProviders: true });
    expect(g.configYaml).toContain('provider_type: inline::faiss');
  });
});

test('provider ids are unique across APIs', () => {
  expect(problemsOf(() => ConfigGenerator.generate({
    distribution: { name: 'starter' },
    providers: { inference: [{ id: 'shared', provider: 'vllm' }], safety: [{ id: 'shared', provider: 'llama-guard' }] },
  })).join('\n')).toMatch(/^spec\.providers\.safety\[0\]\.id: duplicate provider ids/);
});

test.each(['vector_io', 'tool_runtime'])('%s cannot be both configured and disabled', (api) => {
  const field = api === 'vector_io' ? 'vectorIo' : 'toolRuntime';
  expect(problemsOf(() => ConfigGenerator.generate({
    distribution: { name: 'starter' },
    providers: { [field]: [{ provider: 'x' }] },
    disabled: [api],
  }))).toEqual([`spec: ${field} cannot be both in providers and disabled`]);
});

test('base provider lookup for models is deterministic when one id has two types', () => {
  const base = [
    'version: 2',
    'providers:',
    '  telemetry: [{provider_id: dup, provider_type: inline::b}]',
    '  agents: [{provider_id: dup, provider_type: inline::a}]',
  ].join('\n');
  const g = ConfigGenerator.generate({ resources: { models: [{ name: 'm', provider: 'dup' }] } }, { baseConfigYaml: base });
  // fixed order: API names sorted, so `agents` wins
  expect(g.configYaml).toContain('provider_type: inline::a');
});
