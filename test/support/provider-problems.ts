import { LlamaStackConfigError } from '../../src/core/errors';
import { Provider } from '../../src/providers/provider';

/** Every problem of the LlamaStackConfigError `fn` throws, as `path: message — fix`. */
export function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LlamaStackConfigError);
    return (e as LlamaStackConfigError).problems.map((p) => `${p.path}: ${p.message}${p.fix ? ` — ${p.fix}` : ''}`);
  }
  throw new Error('expected a LlamaStackConfigError');
}

/** The one problem `fn` reports. */
export function problem(fn: () => unknown): string {
  const all = problems(fn);
  expect(all).toHaveLength(1);
  return all[0];
}

/** A provider's spec, api, providerType and id, checked against `spec` and `api`. */
export function expectProvider(p: Provider, api: string, spec: { id?: string; provider: string }): void {
  expect(p.toSpec()).toStrictEqual(spec);
  expect(p.api).toBe(api);
  expect(p.providerType).toBe(spec.provider);
  expect(p.id).toBe(spec.id ?? spec.provider.replace(/^(inline|remote)::/, ''));
}
