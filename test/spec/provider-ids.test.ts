/** How a v1alpha2 provider entry is known in config.yaml: its id (else its provider), and remote::<provider>. */
import { effectiveId, remoteType } from '../../src/spec/provider-ids';

describe('provider ids', () => {
  test('effectiveId: the id when given and not empty, else the provider', () => {
    expect(effectiveId({ provider: 'vllm', id: 'fast' })).toBe('fast');
    expect(effectiveId({ provider: 'vllm' })).toBe('vllm');
    expect(effectiveId({ provider: 'vllm', id: '' })).toBe('vllm');
    expect(effectiveId({ provider: 'vllm', id: null } as any)).toBe('vllm');
  });

  test('remoteType: the operator writes remote::<provider>', () => {
    expect(remoteType('vllm')).toBe('remote::vllm');
  });
});
