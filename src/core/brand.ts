/**
 * Recognises the library's own objects by a brand, not by `instanceof`: an app can load two
 * copies of the package (its own and a dependency's), and an object made by one copy is still a
 * provider to the other. Each class sets its own brand (`brand(this, 'Provider')` in its
 * constructor) and offers a static `isX`; the brand is a registered Symbol
 * (`Symbol.for('cdk8s-llama-stack.<Class>')`), shared by every copy, as cdk8s's `Chart.isChart` does.
 * This module knows class names only, never the classes.
 */

/** The library's branded classes. */
export type BrandName =
  | 'Provider' | 'SecretRef' | 'ServerAuth' | 'AccessRule' | 'RouteRule'
  | 'StorageBackend' | 'ExternalProvider' | 'ServerTarget' | 'Platform' | 'LlamaStackConfigError' | 'Connector' | 'EnvFrom';

/** Every brand, for `isLibraryObject`. */
const BRAND_NAMES: readonly BrandName[] = [
  'Provider', 'SecretRef', 'ServerAuth', 'AccessRule', 'RouteRule', 'StorageBackend', 'ExternalProvider', 'ServerTarget', 'Platform',
  'LlamaStackConfigError', 'Connector', 'EnvFrom',
];

/** The registered Symbol of a class's brand, the same in every copy of the library. */
export function brandSymbol(name: BrandName): symbol {
  return Symbol.for(`cdk8s-llama-stack.${name}`);
}

/** Marks `obj` as made by the named class (called in that class's constructor). */
export function brand(obj: object, name: BrandName): void {
  Object.defineProperty(obj, brandSymbol(name), { value: true });
}

/** True for an object made by the factories of the named class (in any copy of the library). */
export function isMadeBy(v: unknown, name: BrandName): boolean {
  if (typeof v !== 'object' || v === null) return false;
  try {
    return (v as Record<symbol, unknown>)[brandSymbol(name)] === true;
  } catch {
    return false; // a Proxy whose traps throw
  }
}

/** True for an object made by any of the library's classes (in any copy of the library). */
export function isLibraryObject(v: unknown): boolean {
  return BRAND_NAMES.some((name) => isMadeBy(v, name));
}

/** True for a provider of the given config.yaml API (`inference`, `vector_io`…). */
export function isProviderOf(v: unknown, api: string): boolean {
  if (!isMadeBy(v, 'Provider')) return false;
  try {
    return (v as { readonly api?: unknown }).api === api;
  } catch {
    return false;
  }
}
