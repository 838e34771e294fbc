/**
 * Typed props become a v1alpha2 spec before the checks run; a problem found at a `spec.…` path is
 * reported at the `props.…` path the user wrote, and each problem once.
 */
import type { LlamaStackDistributionProps } from './props';
import { PROP_NAMES } from './props-shape';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';

/** What the mapping needs to know about the props: env names, external providers' order. */
export interface PropsLayout {
  /** `props.env` names in the order the spec lists them (sorted). */
  readonly envNames: readonly string[];
  /** For each spec external-provider list (`inference`…), the props index of each entry. */
  readonly externalProviderIndex: { readonly [specField: string]: readonly number[] };
}

/** A spec path inside a message: `spec.workload.resources.limits.cpu`, `spec.providers.inference[0]`. */
const SPEC_PATH_IN_TEXT = /(?<![\w-])spec(?:\.[A-Za-z_]\w*|\[\d+\])+/g;

/** Where each spec entry came from in typed props (none for a `props.spec`, whose paths stay). */
export function propsLayout(props: LlamaStackDistributionProps): PropsLayout | undefined {
  if (props.spec !== undefined) return undefined;
  const externalProviderIndex: { [field: string]: number[] } = {};
  (props.externalProviders ?? []).forEach((p, i) => (externalProviderIndex[p.specField] ??= []).push(i));
  return { envNames: Object.keys(props.env ?? {}).sort(), externalProviderIndex };
}

/** Spec prefixes and the prop each comes from, most specific first. */
const PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['spec.distribution.name', 'props.distribution'],
  ['spec.distribution.image', 'props.image'],
  ['spec.distribution', 'props.distribution'],
  ['spec.resources.models', 'props.models'],
  ['spec.resources.tools', 'props.tools'],
  ['spec.resources.shields', 'props.shields'],
  ['spec.storage.kv', 'props.kvStorage'],
  ['spec.storage.sql', 'props.sqlStorage'],
  ['spec.disabled', 'props.disabledApis'],
  ['spec.networking.port', 'props.port'],
  ['spec.networking.tls.enabled', 'props.tls'],
  ['spec.networking.tls', 'props.tls'],
  ['spec.networking.expose.enabled', 'props.expose'],
  ['spec.networking.expose', 'props.expose'],
  ['spec.networking.allowedFrom', 'props.allowedFrom'],
  ['spec.networking', 'props'],
  ['spec.workload.storage', 'props.persistentStorage'],
  ['spec.workload.overrides', 'props'],
  ['spec.workload', 'props'],
  ['spec.monitoring', 'props.monitoring'],
  ['spec.overrideConfig.configMapName', 'props.overrideConfigMapName'],
  ['spec.overrideConfig', 'props.overrideConfigMapName'],
  ['spec.providers', 'props'],
  ['spec.externalProviders', 'props.externalProviders'],
];

/** The `props.…` path of a problem found at a spec path (other paths are kept). */
export function propsPath(path: string, layout: PropsLayout): string {
  if (path === 'spec') return 'props';
  if (!path.startsWith('spec.')) return rooted(path);
  const env = /^spec\.workload\.overrides\.env\[(\d+)\](.*)$/s.exec(path);
  if (env) {
    const name = layout.envNames[Number(env[1])];
    if (name !== undefined) return `${childPath('props.env', name)}${env[2].replace(/^\.(name|value)$/, '')}`;
  }
  const external = /^spec\.externalProviders\.(\w+)(?:\[(\d+)\](.*))?$/s.exec(path);
  if (external) {
    // A whole list (no index) is reported at its first provider.
    const index = layout.externalProviderIndex[external[1]]?.[Number(external[2] ?? 0)];
    if (index !== undefined) return `props.externalProviders[${index}]${external[3] ?? ''}`;
  }
  for (const [prefix, prop] of PREFIXES) {
    if (path === prefix) return prop;
    if (path.startsWith(prefix) && /^[.[(]/.test(path.slice(prefix.length))) {
      return `${prop}${path.slice(prefix.length)}`;
    }
  }
  return path;
}

/** `vectorStores.provider` → `props.vectorStores.provider`: a prop named without its root. */
export function rooted(path: string): string {
  const first = /^[A-Za-z]+/.exec(path)?.[0];
  return first !== undefined && first !== 'spec' && PROP_NAMES.has(first) && /^[A-Za-z]+([.[(]|$)/.test(path) ? `props.${path}` : path;
}


/**
 * Each problem at its props path, once (the first of equal path and message wins). Without a
 * layout (a `props.spec`), spec paths stay and only props named without their root change.
 */
export function atPropsPaths(problems: readonly ConfigProblem[], layout: PropsLayout | undefined): ConfigProblem[] {
  const seen = new Set<string>();
  const at = (path: string) => (layout ? propsPath(path, layout) : rooted(path));
  // Paths quoted in the text ("above spec.workload.resources.limits.cpu") follow the same rule.
  const inText = (text: string) => (layout ? text.replace(SPEC_PATH_IN_TEXT, (m) => {
    const mapped = propsPath(m, layout);
    return mapped === 'props' ? m : mapped; // "in spec.providers" has no one prop to name
  }) : text);
  return problems.map((p) => ({
    ...p,
    path: at(p.path),
    message: inText(p.message),
    ...(p.fix !== undefined ? { fix: inText(p.fix) } : {}),
  })).filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
