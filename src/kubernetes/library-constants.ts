/**
 * Parts of the rendered objects that the library writes from its own constants (the containers'
 * security context, the probes, the library's own mounts…): made once when a module loads, deep
 * frozen, and shared by every object rendered. No user value can be in them, so the checks of
 * the rendered objects (object-checks.ts, plain-yaml.ts) skip them and spend their time on what
 * users can influence. Only module-level constants are registered, never a rendered object.
 */

const CONSTANTS = new WeakSet<object>();

/** Registers `value` (deep) as a library constant, frozen so that nothing can change it later. */
export function libraryConstant<T extends object>(value: T): T {
  if (!CONSTANTS.has(value)) {
    for (const v of Object.values(value)) {
      if (typeof v === 'object' && v !== null) libraryConstant(v);
    }
    Object.freeze(value);
    CONSTANTS.add(value);
  }
  return value;
}

/** True for an object or list registered with `libraryConstant` (a frozen one is checked first: cheap). */
export function isLibraryConstant(value: object): boolean {
  return Object.isFrozen(value) && CONSTANTS.has(value);
}
