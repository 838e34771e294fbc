/**
 * Recognises the library's own objects by a brand on their class, not by `instanceof`: an app
 * can load two copies of the package (its own and a dependency's), and an object made by one
 * copy is still a provider to the other. The brand is a registered Symbol, shared by every copy.
 */
import { ServerAuth } from '../auth/server-auth';
import { ExternalProvider } from '../external-provider';
import { Provider } from '../providers/provider';
import { StorageBackend } from '../storage-backend';
import { ServerTarget } from '../targets/server-target';

const BRANDED: { readonly [name: string]: { readonly prototype: object } } = {
  Provider, ServerAuth, ExternalProvider, StorageBackend, ServerTarget,
};

function brand(name: string): symbol {
  return Symbol.for(`cdk8s-llama-stack.${name}`);
}

for (const [name, cls] of Object.entries(BRANDED)) {
  if (!Object.prototype.hasOwnProperty.call(cls.prototype, brand(name))) {
    Object.defineProperty(cls.prototype, brand(name), { value: true });
  }
}

/** True for an object made by the factories of the named class (in any copy of the library). */
export function isMadeBy(v: unknown, name: 'Provider' | 'ServerAuth' | 'ExternalProvider' | 'StorageBackend' | 'ServerTarget'): boolean {
  if (typeof v !== 'object' || v === null) return false;
  try {
    return (v as Record<symbol, unknown>)[brand(name)] === true;
  } catch {
    return false; // a Proxy whose traps throw
  }
}

/** True for a provider of the given config.yaml API (`inference`, `vector_io`…). */
export function isProviderOf(v: unknown, api: string): boolean {
  return isMadeBy(v, 'Provider') && (v as Provider).api === api;
}
