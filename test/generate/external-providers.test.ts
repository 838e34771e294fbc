/**
 * external-providers.ts: spec 001's deploy-time providers as `module:` entries of config.yaml —
 * secrets as env placeholders, appended to their API, replacing a provider with the same id in
 * place (with a warning), the one implementation of a plain API (files) replaced — and the
 * refusals: a duplicate id, a removed or disabled API, an id another API's provider has, the
 * fields the image declares.
 */
import { parse } from 'yaml';
import { LlamaStackConfigError } from '../../src/core/errors';
import { generateTargetConfig, TargetConfig } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const ACME = { providerId: 'acme', image: 'quay.io/acme/llm:1.0', providerType: 'remote::acme-llm', module: 'acme_llm' };

function gen(spec: Partial<LlamaStackDistributionSpec>): { config: any; r: TargetConfig } {
  const r = generateTargetConfig({ distribution: { name: 'starter' }, ...spec }, ServerTarget.OGX_1_3);
  return { config: parse(r.configYaml), r };
}

function problems(spec: Partial<LlamaStackDistributionSpec>): string[] {
  try {
    gen(spec);
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

describe('applyExternalProviders', () => {
  test('a module: entry appended to its API; its secrets are env placeholders backed by secretKeyRefs', () => {
    const { config, r } = gen({
      externalProviders: { inference: [{ ...ACME, config: { url: 'http://a', timeout: 3 }, secretRefs: { api_key: { name: 'acme', key: 'token' } } }] },
    });
    expect(config.providers.inference[config.providers.inference.length - 1]).toEqual({
      provider_id: 'acme', provider_type: 'remote::acme-llm', module: 'acme_llm', config: { url: 'http://a', timeout: 3, api_key: '${env.LLSD_ACME_API_KEY}' },
    });
    expect(r.envVars).toEqual([{ name: 'LLSD_ACME_API_KEY', valueFrom: { secretKeyRef: { name: 'acme', key: 'token' } } }]);
    expect(r.warnings).toEqual([]);
  });

  test('without config there is no config key (the server reads {})', () => {
    const { config } = gen({ externalProviders: { inference: [ACME] } });
    expect(config.providers.inference.filter((p: any) => p.provider_id === 'acme')).toEqual([{ provider_id: 'acme', provider_type: 'remote::acme-llm', module: 'acme_llm' }]);
  });

  test('the same id as a base provider: replaced in place, with a warning', () => {
    const base = gen({}).config.providers.inference;
    const at = base.findIndex((p: any) => p.provider_id === 'openai');
    const { config, r } = gen({ externalProviders: { inference: [{ ...ACME, providerId: 'openai' }] } });
    expect(config.providers.inference).toHaveLength(base.length);
    expect(config.providers.inference[at]).toEqual({ provider_id: 'openai', provider_type: 'remote::acme-llm', module: 'acme_llm' });
    expect(r.warnings.map((w) => `${w.path}: ${w.message} — ${w.fix}`)).toEqual([
      'spec.externalProviders.inference[0]: external provider "openai" replaces the base config\'s inference provider "openai" (remote::openai, built in) — give the external provider another id to keep both',
    ]);
  });

  test('files has one implementation: the external one replaces the base config\'s', () => {
    const { config, r } = gen({ externalProviders: { files: [{ ...ACME, providerId: 'f', providerType: 'remote::acme-files' }] } });
    expect(config.providers.files).toEqual([{ provider_id: 'f', provider_type: 'remote::acme-files', module: 'acme_llm' }]);
    expect(r.warnings).toEqual([]);
  });

  test.each<[string, Partial<LlamaStackDistributionSpec>, string[]]>([
    ['two with one id', { externalProviders: { inference: [ACME, ACME] } },
      ['spec.externalProviders.inference[1].providerId: external provider id "acme" is also used by spec.externalProviders.inference[0]']],
    ['an API the release removed', { externalProviders: { safety: [ACME] } }, ['spec.externalProviders.safety[0]: the safety API was removed in OGX 1.0.0']],
    ['an id a provider of another API has', { providers: { toolRuntime: [{ id: 'acme', provider: 'brave-search', apiKey: { name: 'b', key: 'k' } }] }, externalProviders: { inference: [ACME] } },
      ['spec.externalProviders.inference[0].providerId: id "acme" is already used by spec.providers.toolRuntime[0] (API tool_runtime)']],
    ['no providerType or module (the image declares them, not read at synth time)', { externalProviders: { inference: [{ providerId: 'x', image: 'i:1' }] } }, [
      'spec.externalProviders.inference[0].providerType: the provider type is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)',
      'spec.externalProviders.inference[0].module: the Python package is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)',
    ]],
    ['a type without remote::/inline:: and a module that is no package name', { externalProviders: { inference: [{ ...ACME, module: 'not a module', providerType: 'acme' }] } }, [
      'spec.externalProviders.inference[0].providerType: "acme" is not a provider type',
      'spec.externalProviders.inference[0].module: "not a module" is not a Python package name (the server imports "<module>.provider")',
    ]],
  ])('refused: %s', (_what, spec, expected) => {
    expect(problems(spec)).toEqual(expected);
  });

  test('a disabled API: refused at the external provider', () => {
    expect(problems({ disabled: ['vector_io'], externalProviders: { vectorIo: [ACME] } }))
      .toContain('spec.externalProviders.vectorIo[0]: the vector_io API is disabled');
  });
});
