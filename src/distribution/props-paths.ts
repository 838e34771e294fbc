/**
 * Typed props become a v1alpha2 spec before the checks run; a problem found at a `spec.…` path is
 * reported at the `props.…` path the user wrote, and each problem once. Where each spec location
 * came from is recorded while the spec is built (`SpecOrigins`, spec-from-props.ts): no table here.
 * Applied once, where the problems leave the library for a construct's user (planner.ts
 * `planDistribution`, the CR constructs).
 */
import { GENERATION_OPTION_PROPS } from './intent';
import { PROP_NAMES } from './props-shape';
import type { SpecOrigins } from './spec-from-props';
import { ConfigProblem, distinct, fixFor } from '../core/errors';

/** A spec path inside a message: `spec.workload.resources.limits.ephemeral-storage`, `spec.providers.inference[0]`. */
const SPEC_PATH_IN_TEXT = /(?<![\w-])spec(?:\.[A-Za-z_][\w-]*|\[\d+\])+/g;

/**
 * The `props.…` path of a problem found at a spec path: the prop recorded at the path's longest
 * recorded prefix, then the rest of the path (`spec.storage.sql.password` → `props.sqlStorage.password`).
 * Spec paths nothing was recorded for are kept; other paths are `rooted`.
 */
export function propsPath(path: string, origins: SpecOrigins): string {
  if (path === 'spec') return 'props';
  if (!path.startsWith('spec.')) return rooted(path);
  // Prefixes end before a `.`, `[` or `(`: `spec.a.b[0]`, then `spec.a.b`, then `spec.a`.
  for (let end = path.length; end > 0; end = Math.max(path.lastIndexOf('.', end - 1), path.lastIndexOf('[', end - 1), path.lastIndexOf('(', end - 1))) {
    const origin = origins.get(path.slice(0, end));
    if (origin !== undefined) return `${origin}${path.slice(end)}`;
  }
  return path;
}

/**
 * `vectorStores.provider` → `props.vectorStores.provider`: a prop named without its root; and a
 * generation option (`options.serverTls.ciphers`) → the prop it comes from (`props.tls.ciphers`).
 */
export function rooted(path: string): string {
  const option = /^options\.([A-Za-z]+)/.exec(path);
  if (option !== null && Object.prototype.hasOwnProperty.call(GENERATION_OPTION_PROPS, option[1])) {
    return `props.${GENERATION_OPTION_PROPS[option[1] as keyof typeof GENERATION_OPTION_PROPS]}${path.slice(option[0].length)}`;
  }
  const first = /^[A-Za-z]+/.exec(path)?.[0];
  return first !== undefined && first !== 'spec' && PROP_NAMES.has(first) && /^[A-Za-z]+([.[(]|$)/.test(path) ? `props.${path}` : path;
}

/**
 * Each problem as found, in the props' words: at its props path, with its props fix, once (the
 * first of equal path and message wins). Without origins (a `props.spec`), spec paths stay and
 * only props named without their root change.
 */
export function atPropsPaths(problems: readonly ConfigProblem[], origins: SpecOrigins | undefined): ConfigProblem[] {
  const at = (path: string) => (origins ? propsPath(path, origins) : rooted(path));
  // Paths quoted in the text ("above spec.workload.resources.limits.cpu") follow the same record.
  const inText = (text: string) => (origins ? text.replace(SPEC_PATH_IN_TEXT, (m) => {
    const mapped = propsPath(m, origins);
    return mapped === 'props' ? m : mapped; // "in spec.providers" has no one prop to name
  }) : text);
  return distinct(problems.map((p) => ({ path: at(p.path), message: inText(p.message), fix: inText(fixFor(p, 'props')) })));
}
