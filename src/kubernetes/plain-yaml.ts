/**
 * Strings cdk8s writes plain that other YAML readers read as something else. `App.synth` writes
 * YAML 1.1 and quotes only what a YAML 1.1 reader would misread, so `namespace: 0o17` stays
 * plain; a YAML 1.2 reader (kustomize's kyaml, yaml.v3) or go-yaml v2 as kubectl runs it reads
 * the number 15, and the API server then rejects the object. The command line quotes such
 * strings (manifest-yaml.ts); objects written by `cdk8s synth` must not hold them.
 */
import * as YAML from 'yaml';
import { plainReadsAsString } from './manifest-yaml';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';

/** Only strings that start like a number, a boolean or a null can be misread. */
const MAY_BE_MISREAD = /^[-+.0-9~nNtTfFyYoO]/;

/** True when cdk8s's writer (the `yaml` package, YAML 1.1 schema) leaves `s` plain. */
function writtenPlainByCdk8s(s: string): boolean {
  try {
    return YAML.parse(s, { version: '1.1' }) === s;
  } catch {
    return false; // not a plain scalar: the writer quotes it
  }
}

/** True when cdk8s writes `s` plain but another reader (YAML 1.2, go-yaml v2) reads something else. */
export function misreadWhenPlain(s: string): boolean {
  if (!MAY_BE_MISREAD.test(s) || s.includes('\n')) return false;
  let hit = MISREAD.get(s);
  if (hit === undefined) {
    hit = !plainReadsAsString(s) && writtenPlainByCdk8s(s);
    if (MISREAD.size >= MISREAD_MAX) MISREAD.clear();
    MISREAD.set(s, hit);
  }
  return hit;
}

/** Candidates repeat across objects and distributions (images, ports, versions): each is parsed once. */
const MISREAD = new Map<string, boolean>();
const MISREAD_MAX = 8192;


/**
 * Each string (or key) of the objects that cdk8s would write plain and another reader would
 * misread: one problem per value, at its first object path.
 */
export function plainYamlProblems(manifests: readonly unknown[]): ConfigProblem[] {
  const found = new Map<string, { path: string; count: number }>();
  const note = (value: string, path: string) => {
    const seen = found.get(value);
    if (seen) seen.count++;
    else found.set(value, { path, count: 1 });
  };
  // The path of a value is formatted only when it is reported (the first time it is seen).
  let root = '';
  const keys: (string | number)[] = [];
  const pathNow = (): string => {
    let p = root;
    for (const k of keys) p = typeof k === 'number' ? `${p}[${k}]` : childPath(p, k);
    return p;
  };
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (misreadWhenPlain(v)) note(v, found.has(v) ? '' : pathNow());
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        keys.push(i);
        visit(v[i]);
        keys.pop();
      }
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (misreadWhenPlain(k)) note(k, found.has(k) ? '' : `${pathNow()} (a key)`);
        keys.push(k);
        visit(x);
        keys.pop();
      }
    }
  };
  for (const m of manifests) {
    const o = m as { kind?: unknown; metadata?: { name?: unknown } };
    root = `${String(o?.kind)}[${String(o?.metadata?.name)}]`;
    visit(m);
  }
  return [...found].map(([value, { path, count }]) => plainYamlProblem(path, value, count));
}

/** The problem for one such value (`places`: how many times the objects hold it). */
export function plainYamlProblem(path: string, value: string, places = 1): ConfigProblem {
  const where = places > 1 ? ` (here and in ${places - 1} other place${places > 2 ? 's' : ''})` : '';
  return {
    path,
    message: `${quoteValue(value)}${where} is written unquoted by cdk8s's YAML 1.1 writer, and YAML 1.2 readers (kustomize, yaml.v3) and kubectl read a number, not a string`,
    fix: 'use another value (e.g. one that starts with a letter), or render with the cdk8s-llama-stack command, which quotes it',
  };
}

/** The props whose strings land in object metadata and env. */
interface PlainYamlInput {
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
  readonly nodeSelector?: Record<string, string>;
  readonly env?: Record<string, unknown>; // a Secret-backed value is not written as text
}

/**
 * The same at the props that feed object metadata and env: the namespace (the chart's is written
 * by cdk8s, not rendered here), label keys and values, node selector and env values.
 */
export function plainYamlInputProblems(props: PlainYamlInput, namespace: string | undefined): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (namespace !== undefined && misreadWhenPlain(namespace)) {
    problems.push(plainYamlProblem(props.namespace !== undefined ? 'props.namespace' : 'chart.namespace', namespace));
  }
  for (const field of ['labels', 'nodeSelector', 'env'] as const) {
    for (const [k, v] of Object.entries(props[field] ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const path = childPath(`props.${field}`, k);
      if (misreadWhenPlain(k)) problems.push(plainYamlProblem(`${path} (the key)`, k));
      if (typeof v === 'string' && misreadWhenPlain(v)) problems.push(plainYamlProblem(path, v));
    }
  }
  return problems;
}
