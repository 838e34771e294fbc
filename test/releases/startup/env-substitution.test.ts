/**
 * What the substitution's shortcuts must not change: parsed strings are reused across configs
 * with other env values, unchanged parts are shared with the input (and never written to), and
 * every list element keeps the position it was written at.
 */
import { deepFreeze, JsonObject } from '../../../src/core/json';
import { ContainerEnv, EnvValue } from '../../../src/releases/startup';
import { substitutedProviderId, substituteEnv } from '../../../src/releases/startup/env-substitution';

function envOf(values: { [name: string]: string } = {}): ContainerEnv {
  const env = new Map<string, EnvValue>();
  for (const name of Object.keys(values)) env.set(name, { kind: 'value', value: values[name] });
  return env;
}

describe('substituteEnv', () => {
  test('the same string resolves with each env it meets (a parsed string is not a resolved one)', () => {
    const config = { url: 'http://${env.HOST:=localhost}:${env.PORT:=8000}/v1', on: '${env.KEY:+yes}' };
    expect(substituteEnv(config, envOf({ HOST: 'a', PORT: '1' })).document).toEqual({ url: 'http://a:1/v1', on: null });
    expect(substituteEnv(config, envOf({ KEY: 'k' })).document).toEqual({ url: 'http://localhost:8000/v1', on: 'yes' });
    expect(substituteEnv(config, envOf({ HOST: 'b' })).envAt.get('url')).toEqual(['HOST', 'PORT']);
    expect(substituteEnv(config, envOf()).findings).toEqual([]);
    expect(substituteEnv({ url: '${env.HOST}' }, envOf()).findings.map((f) => f.path)).toEqual(['url']);
    expect(substituteEnv({ url: '${env.HOST}' }, envOf({ HOST: 'h' })).findings).toEqual([]);
  });

  test('parts without references are the input objects; changed parts are new, in key order', () => {
    const stores = { kv: { type: 'kv_sqlite', db_path: '/data/kv.db' } };
    const providers = { inference: [{ provider_id: 'vllm', config: { url: '${env.VLLM_URL:=http://vllm}', max_tokens: 4096 } }] };
    const config: JsonObject = { version: 2, storage: stores, providers, server: { port: 8321 } };
    const { document } = substituteEnv(config, envOf({ VLLM_URL: 'http://v:8000' }));
    expect(document).not.toBe(config);
    expect(document.storage).toBe(stores);
    expect(document.server).toBe(config.server);
    expect(Object.keys(document)).toEqual(['version', 'storage', 'providers', 'server']);
    expect(document.providers).toEqual({ inference: [{ provider_id: 'vllm', config: { url: 'http://v:8000', max_tokens: 4096 } }] });
    // The input is left as it was written.
    expect(providers.inference[0].config.url).toBe('${env.VLLM_URL:=http://vllm}');
    const same = { a: [1, { b: 'text' }] };
    expect(substituteEnv(same, envOf()).document).toBe(same);
  });

  test('list elements keep where they were written, once dropped ones are gone, and a repeated object gets one origin per position', () => {
    const shared = { provider_id: 'x', provider_type: 'remote::x' };
    const list = [{ model_id: '${env.OFF:=}' }, shared, { provider_id: '__disabled__' }, shared];
    const { document, origin } = substituteEnv({ providers: { inference: list } }, envOf());
    const out = (document.providers as JsonObject).inference as JsonObject[];
    expect(out).toEqual([shared, shared]);
    expect(out[0]).not.toBe(out[1]);
    expect(out.map((o) => origin.get(o))).toEqual(['providers.inference[1]', 'providers.inference[3]']);
  });

  test('a frozen (shared base) mapping gives each path, home and env values their own result, findings and origins', () => {
    const entry = deepFreeze({ provider_id: '${env.ON:+x}', config: { url: '${env.URL}', path: '${env.DIR:=~/d}', other: '${env.lower}' } } as JsonObject);
    const at = (home: string, values: { [name: string]: string }, path = 'inference') => substituteEnv({ providers: { [path]: [entry] } }, envOf(values), home);
    const a = at('/', { URL: 'u' });
    expect((a.document.providers as any).inference[0]).toEqual({ provider_id: null, config: { url: 'u', path: '/d', other: '${env.lower}' } });
    expect(a.findings.map((f) => [f.severity, f.path])).toEqual([['warning', 'providers.inference[0].config.other']]);
    expect([...a.envAt.keys()]).toEqual(['providers.inference[0].provider_id', 'providers.inference[0].config.url', 'providers.inference[0].config.path']);
    // Same again: the same result, and the same findings and origins are recorded.
    const again = at('/', { URL: 'u' });
    const element = (again.document.providers as any).inference[0];
    expect(element).toBe((a.document.providers as any).inference[0]);
    expect(again.findings).toEqual(a.findings);
    expect(again.origin.get(element)).toBe('providers.inference[0]');
    expect(again.envAt).toEqual(a.envAt);
    // Another value, home or path: another result.
    expect((at('/', { URL: 'v', ON: '1' }).document.providers as any).inference[0]).toEqual({ provider_id: 'x', config: { url: 'v', path: '/d', other: '${env.lower}' } });
    expect((at('/home', { URL: 'u' }).document.providers as any).inference[0].config.path).toBe('/home/d');
    expect(at('/', {}).findings.map((f) => [f.severity, f.path])).toEqual([['fatal', 'providers.inference[0].config.url'], ['warning', 'providers.inference[0].config.other']]);
    expect(at('/', { URL: 'u' }, 'safety').findings.map((f) => f.path)).toEqual(['providers.safety[0].config.other']);
    // An env var the mapping does not name changes nothing.
    expect((at('/', { URL: 'u', UNRELATED: 'z' }).document.providers as any).inference[0]).toBe(element);
  });

  test('env values holding \\u0000 and \\u0001 are values, never separators: each env its own result, in either order (issue 29)', () => {
    const joined = { AAA: 'x\u0000OLLAMA_URL\u0001vnot-a-url' };
    const separate = { AAA: 'x', OLLAMA_URL: 'not-a-url' };
    const expected = (values: object) => (values === separate
      ? [{ provider_id: 'ollama', config: { base_url: 'not-a-url' } }]
      : [{ provider_id: null, config: { base_url: 'http://localhost:11434/v1' } }]);
    for (const order of [[joined, separate], [separate, joined]]) {
      // A new shared base per order: nothing kept from the other order.
      const list = deepFreeze([{ provider_id: '${env.OLLAMA_URL:+ollama}', config: { base_url: '${env.OLLAMA_URL:=http://localhost:11434/v1}' } }] as JsonObject[]);
      for (const values of order) {
        const { document } = substituteEnv({ providers: { inference: list } }, envOf(values));
        expect((document.providers as JsonObject).inference).toEqual(expected(values));
        expect(substitutedProviderId(list[0], envOf(values))).toBe(values === separate ? 'ollama' : null);
      }
    }
  });

  test('substitutedProviderId is the provider_id substituteEnv gives the entry (undefined when it drops it)', () => {
    const entries: JsonObject[] = [
      { provider_id: '${env.ON:+on}', config: { url: '${env.URL}' } },
      { provider_id: '${env.OFF:+off}' },
      { provider_id: '__disabled__' },
      { provider_id: '${env.ID:=__disabled__}' },
      { provider_id: 'x', model_id: '${env.M:=}' },
      { provider_id: '${env.NUM:=12}' },
      { provider_type: 'remote::x' },
      { provider_id: 'plain', shield_id: '${env.S}' },
    ];
    for (const values of [{}, { ON: '1', ID: 'id', M: 'm', NUM: 'n', S: 's' }]) {
      const env = envOf(values);
      const list = (substituteEnv({ l: entries }, env).document.l as JsonObject[]);
      const kept = entries.map((e) => substitutedProviderId(e, env));
      expect(kept.filter((id) => id !== undefined)).toEqual(list.filter((e) => 'provider_id' in e).map((e) => e.provider_id));
    }
  });
});
