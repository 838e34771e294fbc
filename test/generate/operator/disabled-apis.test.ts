/** applyDisabled (operator pipeline): disabled APIs leave apis and providers, and so do the resources of their providers. */
import { applyDisabled } from '../../../src/generate/operator/disabled-apis';

function config(): any {
  return {
    apis: ['inference', 'safety', 'vector_io', 'agents'],
    providers: {
      inference: [{ provider_id: 'vllm', provider_type: 'remote::vllm' }],
      safety: [{ provider_id: 'llama-guard', provider_type: 'inline::llama-guard' }, { provider_id: '', provider_type: 'x' }, 'not a provider'],
      vector_io: [{ provider_id: 'faiss', provider_type: 'inline::faiss' }],
    },
    registered_resources: [
      { model_id: 'llama', provider: { provider_id: 'vllm' } },
      { shield_id: 'guard', provider: { provider_id: 'llama-guard' } },
      { shield_id: 'no-provider' },
      { vector_store_id: 'docs', provider: { provider_id: 'faiss' } },
      'not a resource',
    ],
  };
}

describe('applyDisabled', () => {
  test('nothing disabled: the config is untouched', () => {
    const c = config();
    applyDisabled(c, []);
    expect(c).toStrictEqual(config());
  });

  test('the API leaves apis and providers; resources of its providers go, by provider id', () => {
    const c = config();
    applyDisabled(c, ['safety', 'vector_io']);
    expect(c).toStrictEqual({
      apis: ['inference', 'agents'],
      providers: { inference: [{ provider_id: 'vllm', provider_type: 'remote::vllm' }] },
      registered_resources: [{ model_id: 'llama', provider: { provider_id: 'vllm' } }, { shield_id: 'no-provider' }, 'not a resource'],
    });
  });

  test('an API without providers leaves apis only; the resources stay', () => {
    const c = config();
    applyDisabled(c, ['agents', 'eval']);
    expect(c).toStrictEqual({ ...config(), apis: ['inference', 'safety', 'vector_io'] });
  });

  test('a provider id is removed across APIs, as the operator keys it (a model on a same-named provider goes too)', () => {
    const c = config();
    c.providers.vector_io = [{ provider_id: 'vllm', provider_type: 'remote::x' }];
    applyDisabled(c, ['vector_io']);
    expect(c.registered_resources.map((r: any) => r.model_id ?? r.shield_id ?? r.vector_store_id ?? r)).toStrictEqual(['guard', 'no-provider', 'docs', 'not a resource']);
  });

  test('a config without providers or apis lists', () => {
    const c: any = { apis: 'inference', version: 2 };
    applyDisabled(c, ['inference']);
    expect(c).toStrictEqual({ apis: 'inference', version: 2 });
  });
});
