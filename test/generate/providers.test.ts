/**
 * `enabledProviderIds` reads each provider's id as the server resolves it with the container's
 * env. A shared (frozen) base entry whose id fields name no env var is read once; one whose id
 * depends on the env is read with each env it meets.
 */
import { deepFreeze, JsonObject } from '../../src/core/json';
import { enabledProviderIds } from '../../src/generate/providers';
import { ContainerEnv, EnvValue } from '../../src/releases/startup';

function envOf(values: { [name: string]: string } = {}): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const name of Object.keys(values)) env.set(name, { kind: 'value', value: values[name] });
  return env;
}

const ENTRIES = (): JsonObject[] => [
  { provider_id: 'plain', provider_type: 'remote::a' },
  { provider_id: '${env.ON:+switched}', provider_type: 'remote::b' },
  { provider_id: '__disabled__', provider_type: 'remote::c' },
  { provider_id: 'model-gated', model_id: '${env.M:=}', provider_type: 'remote::d' },
  { provider_id: 'empty-model', model_id: '', provider_type: 'remote::e' },
  { provider_id: 7, provider_type: 'remote::f' },
  { provider_type: 'remote::g' },
];

describe('enabledProviderIds', () => {
  const shared = deepFreeze({ inference: ENTRIES() } as JsonObject);
  const ids = (providers: JsonObject, values: { [name: string]: string }) => enabledProviderIds({ providers }, 'inference', envOf(values));

  test.each([
    [{}, ['plain']],
    [{ ON: '1' }, ['plain', 'switched']],
    [{ ON: '1', M: 'm' }, ['plain', 'switched', 'model-gated']],
    [{}, ['plain']],
  ])('with env %j: %j, frozen or not', (values, expected) => {
    expect(ids(shared, values)).toEqual(expected);
    expect(ids({ inference: ENTRIES() }, values)).toEqual(expected);
  });

});
