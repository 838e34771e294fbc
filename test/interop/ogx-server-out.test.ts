/**
 * ogx-server-out.ts: a v1alpha2 spec written as an OGXServer (ogx.io/v1beta1) spec — the image,
 * the base config ConfigMap, typed provider fields where the CRD has them and custom for the
 * rest, Secret keys checked against the CRD's pattern, what the CRD cannot express refused, and
 * the operator's own monitoring, NetworkPolicy and Praxis written off.
 */
import { OgxMapping, OGX_CONFIG_KEY } from '../../src/interop/ogx-server-out';
import { ServerTarget } from '../../src/releases/server-target';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

function map(spec: LlamaStackDistributionSpec, image = 'img', baseConfigMap?: string) {
  const m = new OgxMapping(ServerTarget.OGX_1_3, 'ai');
  const out = m.spec(spec, image, baseConfigMap);
  return { out, problems: m.problems.map((p) => `${p.path}: ${p.message}`) };
}

const OFF = { network: { policy: { enabled: false } }, monitoring: { enabled: false }, praxisMode: { enabled: false } };

describe('OgxMapping.spec', () => {
  test('the minimal spec: the image, the base config ConfigMap under config.yaml, the operator\'s extras off', () => {
    expect(OGX_CONFIG_KEY).toBe('config.yaml');
    expect(map({ distribution: { name: 'starter' } }, 'quay.io/ogx/server:1.3.0', 'base-cm')).toEqual({
      out: { distribution: { image: 'quay.io/ogx/server:1.3.0' }, baseConfig: { name: 'base-cm', key: 'config.yaml' }, ...OFF },
      problems: [],
    });
  });

  test('a vllm provider in the CRD\'s typed field (base_url → endpoint, api_token → apiToken); another type under custom', () => {
    const { out, problems } = map({
      providers: {
        inference: [
          { id: 'v', provider: 'vllm', endpoint: 'http://v/v1', apiKey: { name: 's', key: 'token' } },
          { provider: 'cerebras', apiKey: { name: 'c', key: 'key' } },
        ],
      },
      resources: { models: [{ name: 'm', provider: 'v' }] },
    });
    expect(problems).toEqual([]);
    expect(out.providers).toEqual({
      inference: {
        remote: {
          vllm: [{ id: 'v', endpoint: 'http://v/v1', apiToken: { name: 's', key: 'token' } }],
          custom: [{ id: 'cerebras', type: 'remote::cerebras', secretRefs: { api_key: { name: 'c', key: 'key' } } }],
        },
      },
    });
    expect(out.resources).toEqual({ models: [{ name: 'm', provider: 'v' }] });
  });

  test('an override ConfigMap replaces the base config', () => {
    expect(map({ overrideConfig: { configMapName: 'mine' } }, 'img', 'base').out).toEqual({
      distribution: { image: 'img' }, overrideConfig: { name: 'mine', key: 'config.yaml' }, ...OFF,
    });
  });

  test('disabled APIs: the CRD\'s ones are written; APIs OGX no longer has are dropped', () => {
    expect(map({ disabled: ['telemetry', 'files'] }).out.disabledAPIs).toEqual(['files']);
  });

  test.each<[string, LlamaStackDistributionSpec, string[]]>([
    ['a Secret key outside the CRD\'s pattern', { providers: { inference: [{ provider: 'cerebras', apiKey: { name: 'c', key: 'bad key!' } }] } },
      ['spec.providers.inference[0].apiKey.key: the OGXServer CRD cannot express this: key "bad key!" does not match ^[a-zA-Z0-9]([a-zA-Z0-9\\-_.]*[a-zA-Z0-9])?$']],
    ['a key ending in a dot', { providers: { inference: [{ provider: 'cerebras', apiKey: { name: 'c', key: 'key.' } }] } },
      ['spec.providers.inference[0].apiKey.key: the OGXServer CRD cannot express this: key "key." does not match ^[a-zA-Z0-9]([a-zA-Z0-9\\-_.]*[a-zA-Z0-9])?$']],
    ['safety providers', { providers: { safety: [{ provider: 'nvidia', endpoint: 'http://g' }] } },
      ['spec.providers.safety: the OGXServer CRD cannot express this: OGXServer has no safety API (removed upstream after OGX 0.8)']],
    ['an API disabledAPIs cannot remove', { disabled: ['interactions'] } as LlamaStackDistributionSpec,
      ['spec.disabled[0]: the OGXServer CRD cannot express this: disabledAPIs cannot remove "interactions"']],
  ])('refused: %s', (_what, spec, expected) => {
    expect(map(spec).problems).toEqual(expected);
  });
});
