/** Reading a release's start-up rules: its stores, alias choices, network fields and API names, on rules written out. */
import { aliasChoices, allApiNames, networkFields, StartupRules, storeRules } from '../../../src/releases/startup/release';

/** The parts of startup.json these readers look at. */
function rules(extra: object = {}): StartupRules {
  return {
    apis: { router: ['inference', 'vector_io'], plain: ['files', 'batches'], internal: ['inspect'], routingTables: { models: 'inference', vector_stores: 'vector_io' } },
    ...extra,
  } as unknown as StartupRules;
}

describe('storeRules', () => {
  test('without stores data: llama-stack 0.7 / OGX 0.8\'s, prompts and connectors on KV, no vector_stores', () => {
    const stores = storeRules(rules());
    expect(Object.keys(stores)).toStrictEqual(['metadata', 'prompts', 'connectors', 'inference', 'conversations', 'responses']);
    expect(stores.prompts).toStrictEqual({ family: 'kv', default: 'kv_default', nullable: false });
    expect(stores.inference).toStrictEqual({ family: 'sql', default: 'sql_default', nullable: 'withoutInference' });
    expect(stores.responses).toStrictEqual({ family: 'sql', default: null, nullable: true });
  });

  test('the release\'s stores, its _comment left out', () => {
    const vector = { family: 'sql', default: 'sql_default', nullable: true };
    expect(storeRules(rules({ stores: { _comment: 'x', vector_stores: vector } }))).toStrictEqual({ vector_stores: vector });
  });
});

describe('aliasChoices and networkFields', () => {
  test('alias choices by api/type, none when absent or not a list', () => {
    const r = rules({ aliasChoices: { 'inference/remote::x': ['api_token'], 'inference/remote::y': 'api_token' } });
    expect([aliasChoices(r, 'inference', 'remote::x'), aliasChoices(r, 'inference', 'remote::y'), aliasChoices(rules(), 'inference', 'remote::x')])
      .toStrictEqual([['api_token'], [], []]);
  });

  test('the fields of one part of network; none for a _comment, a string, or an absent part', () => {
    const r = rules({ networkConfig: { network: ['tls', 'proxy'], tls: ['verify'], _comment: ['x'], proxy: 'see network' } });
    expect([networkFields(r, 'network'), networkFields(r, 'tls'), networkFields(r, '_comment'), networkFields(r, 'proxy'), networkFields(r, 'timeout')])
      .toStrictEqual([['tls', 'proxy'], ['verify'], undefined, undefined, undefined]);
    expect(networkFields(rules(), 'network')).toBeUndefined();
  });
});

describe('API names', () => {
  test('allApiNames: router, routing tables, plain and internal APIs, sorted, frozen, once per rules', () => {
    const r = rules();
    expect(allApiNames(r)).toStrictEqual(['batches', 'files', 'inference', 'inspect', 'models', 'vector_io', 'vector_stores']);
    expect(Object.isFrozen(allApiNames(r))).toBe(true);
    expect(allApiNames(r)).toBe(allApiNames(r));
  });
});
