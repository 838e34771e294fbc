/**
 * Strings cdk8s writes plain that other YAML readers read as something else. `App.synth` writes
 * YAML 1.1 and quotes only what a YAML 1.1 reader would misread, so `namespace: 0o17` stays
 * plain; a YAML 1.2 reader (kustomize's kyaml, yaml.v3) or go-yaml v2 as kubectl runs it reads
 * the number 15, and the API server then rejects the object. The command line quotes such
 * strings (manifest-yaml.ts); objects written by `cdk8s synth` must not hold them.
 */
import * as YAML from 'yaml';
import { isLibraryConstant } from './library-constants';
import { ConfigProblem } from '../core/errors';
import { setBounded } from '../core/frozen-memo';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { plainReadsAsString } from '../yaml/manifest-yaml';

/** Only strings that start like a number, a boolean or a null can be misread: `-+.0-9~nNtTfFyYoO`. */
const MAY_BE_MISREAD = new Uint8Array(128);
for (const c of '-+.0123456789~nNtTfFyYoO') MAY_BE_MISREAD[c.charCodeAt(0)] = 1;

/**
 * A letter (`nNtTfFyYoO`) or `~` first can only start a YAML 1.1 or 1.2 boolean or null word
 * (`false`, `yes`, `Null`, `~`…), at most five characters: a longer one is read as a string.
 * Signs, digits and `.` (below `A`) can start numbers and timestamps of any length.
 */
const LONGEST_WORD = 5;

function mayBeMisread(s: string): boolean {
  const c = s.charCodeAt(0);
  if (c >= 128 || MAY_BE_MISREAD[c] !== 1) return false;
  return c < 65 || s.length <= LONGEST_WORD;
}

const DIGITS = /^[0-9]+$/;

/** True when cdk8s's writer (the `yaml` package, YAML 1.1 schema) leaves `s` plain. */
function writtenPlainByCdk8s(s: string): boolean {
  // Digits only: an int in YAML 1.1 (decimal, or octal with a leading 0), which the writer quotes.
  if (DIGITS.test(s)) return false;
  try {
    return YAML.parse(s, { version: '1.1' }) === s;
  } catch {
    return false; // not a plain scalar: the writer quotes it
  }
}

/** True when cdk8s writes `s` plain but another reader (YAML 1.2, go-yaml v2) reads something else. */
export function misreadWhenPlain(s: string): boolean {
  return mayBeMisread(s) && misreadCandidate(s);
}

/** The same for a string that `mayBeMisread`. */
function misreadCandidate(s: string): boolean {
  if (s.includes('\n')) return false;
  let hit = MISREAD.get(s);
  if (hit === undefined) {
    hit = !plainReadsAsString(s) && writtenPlainByCdk8s(s);
    setBounded(MISREAD, s, hit, MISREAD_MAX);
  }
  return hit;
}

/** Candidates repeat across objects and distributions (images, ports, versions): each is parsed once. */
const MISREAD = new Map<string, boolean>();
const MISREAD_MAX = 8192;

/**
 * Each string (or key) of the objects that cdk8s would write plain and another reader would
 * misread: one problem per value, at its first object path. The library's constants
 * (library-constants.ts) are skipped: no user value is in them.
 */
export function plainYamlProblems(manifests: readonly unknown[]): ConfigProblem[] {
  const walk = new PlainYamlWalk();
  for (const m of manifests) walk.walk(m);
  return [...walk.found].map(([value, { path, count }]) => plainYamlProblem(path, value, count));
}

/**
 * One walk over the objects; the path of a value is formatted only when it is first found.
 * Indexed loops: it runs on every object of every distribution, mostly in V8's baseline tiers.
 */
class PlainYamlWalk {
  readonly found = new Map<string, { path: string; count: number }>();
  /** The object being walked (its kind and name start the paths). */
  private root: unknown;
  private readonly keys: (string | number)[] = [];

  walk(m: unknown): void {
    this.root = m;
    if (typeof m === 'object' && m !== null) this.nested(m);
  }

  /** An object, or a list or mapping in one: what is not a library constant is walked. */
  private nested(x: object): void {
    if (isLibraryConstant(x)) return;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) this.value(x[i], i);
      return;
    }
    const keys = Object.keys(x);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (misreadWhenPlain(k)) this.note(k, ' (a key)');
      this.value((x as Record<string, unknown>)[k], k);
    }
  }

  private value(x: unknown, key: string | number): void {
    const misread = typeof x === 'string' && misreadWhenPlain(x);
    if (!misread && (typeof x !== 'object' || x === null)) return;
    this.keys.push(key);
    if (misread) this.note(x, '');
    else this.nested(x as object);
    this.keys.pop();
  }

  private note(value: string, suffix: string): void {
    const seen = this.found.get(value);
    if (seen) seen.count++;
    else this.found.set(value, { path: `${this.path()}${suffix}`, count: 1 });
  }

  private path(): string {
    const o = this.root as { kind?: unknown; metadata?: { name?: unknown } };
    let p = `${String(o?.kind)}[${String(o?.metadata?.name)}]`;
    for (const k of this.keys) p = typeof k === 'number' ? `${p}[${k}]` : childPath(p, k);
    return p;
  }
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
