/**
 * The base config is shared, frozen, by every generation: a stage writes only into its own
 * copies (core/writable-json.ts), and nothing one generation writes reaches the next one.
 */
import { deepFreeze, JsonObject } from '../../src/core/json';
import { listOf, mapOf, writableList, writableMapping } from '../../src/core/writable-json';
import { TargetConfigGenerator } from '../../src/generate/target-config';
import { ServerTarget } from '../../src/releases/server-target';

describe('writable-json', () => {
  test('mapOf copies a frozen mapping into its parent; the frozen one is left as it was', () => {
    const base = deepFreeze({ server: { port: 8321 }, apis: ['inference'] } as JsonObject);
    const config: JsonObject = { ...base };
    const server = mapOf(config, 'server');
    server.port = 9000;
    expect(config.server).toEqual({ port: 9000 });
    expect(base.server).toEqual({ port: 8321 });
    writableList(config, 'apis')!.push('files');
    expect([config.apis, base.apis]).toEqual([['inference', 'files'], ['inference']]);
    expect(mapOf(config, 'server')).toBe(server);
    expect(writableMapping(config, 'absent')).toBeUndefined();
    expect(writableList(config, 'absent')).toBeUndefined();
    expect(listOf(config, 'absent')).toEqual([]);
    expect('absent' in config).toBe(false);
    expect(mapOf(config, 'fresh')).toEqual({});
  });

  test('a write that bypasses the helpers fails instead of changing the shared base', () => {
    const base = deepFreeze({ providers: { inference: [{ provider_id: 'a' }] } } as JsonObject);
    const config: JsonObject = { ...base };
    expect(() => { (mapOf(config, 'providers').inference as JsonObject[])[0].provider_id = 'b'; }).toThrow(TypeError);
    expect(() => { (listOf(mapOf(config, 'providers'), 'inference')).push({}); }).toThrow(TypeError);
  });

  test('generations that change providers, models, shields, storage and disabled APIs leave the next one as if it were the first', () => {
    const target = ServerTarget.OGX_1_3;
    const plain = { distribution: { name: 'starter' } };
    const first = TargetConfigGenerator.generate(plain, target).configYaml;
    TargetConfigGenerator.generate({
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }], vectorIo: [{ provider: 'pgvector', id: 'pgvector', settings: { host: 'pg', db: 'v', user: 'u' } }] },
      resources: { models: ['m1', { name: 'e', provider: 'vllm', modelType: 'embedding', embeddingDimension: 768 }] },
      storage: { sql: { type: 'postgres', host: 'pg', db: 'd', user: 'u', password: { name: 'pg', key: 'password' } } },
      disabled: ['batches'],
    }, target);
    expect(TargetConfigGenerator.generate(plain, target).configYaml).toBe(first);
  });
});
