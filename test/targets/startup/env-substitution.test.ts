/**
 * What the substitution's shortcuts must not change: parsed strings are reused across configs
 * with other env values, unchanged parts are shared with the input (and never written to), and
 * every list element keeps the position it was written at.
 */
import { JsonObject } from '../../../src/core/json';
import { ContainerEnv, EnvValue } from '../../../src/targets/startup';
import { substituteEnv } from '../../../src/targets/startup/env-substitution';

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
});
