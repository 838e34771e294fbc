/**
 * The checks of rendered objects (object-checks.ts, plain-yaml.ts) once per shape (issue 20):
 * a distribution whose objects are those of one checked before, except for its name and its
 * config's hash, has their verdict, when that verdict was "no problem".
 *
 * Why a name may stand in for another: the two names differ only in digits, at the same
 * places. Every string that holds one name holds the other at the same places in the other
 * distribution, and nowhere else differs (`c.replaceAll(name, keptName) === k` and back), so
 * each string keeps its length and the class (letter, digit, other) of every character: what
 * the API server's name, label and selector rules look at. Which strings are equal is kept
 * too: the replacement is a function both ways, and a string that is the same in both holds
 * neither name (nor does a library constant). What cdk8s's writer may misread depends on
 * more than classes: it is asked of each string that differs.
 * The hash (and the ConfigMap name it is in) appears in the pod template's annotations and the
 * config volume's `configMap.name`, which no check reads (object-checks.ts reads annotation
 * keys and a volume's source keys): those values are free, only the misread question is asked.
 * The ConfigMap itself is checked every time.
 */
import { isLibraryConstant } from './library-constants';
import { objectProblems } from './object-checks';
import { misreadWhenPlain, plainYamlProblems } from './plain-yaml';
import { setBounded } from '../core/bounded-map';
import { ConfigProblem } from '../core/errors';

type Value = unknown;

/** Objects checked before, with no problem: the name they were rendered for and their copy (constants shared). */
interface KeptObjects {
  readonly name: string;
  readonly objects: readonly Value[];
}

const KEPT = new Map<string, KeptObjects[]>();
const KEPT_KEYS_MAX = 64;
const KEPT_PER_KEY = 16;

/**
 * Where a value sits, for whether a check reads it: inside `annotations` (values unread), inside
 * a `configMap` volume source (its `name` unread), a value no check reads, or anywhere else.
 */
type Place = 'annotations' | 'configMap' | 'unread' | 'read';

function placeOf(parent: Place, key: string): Place {
  if (parent === 'annotations' || (parent === 'configMap' && key === 'name')) return 'unread';
  return key === 'annotations' ? 'annotations' : key === 'configMap' ? 'configMap' : 'read';
}

/** Names that differ only in digits, at the same places. */
function digitsApart(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && !(x >= 48 && x <= 57 && y >= 48 && y <= 57)) return false;
  }
  return true;
}

const CONSTANT_TEXT = new WeakMap<object, string>();

/** Compares objects checked before (`k`, rendered for `keptName`) with a distribution's (`c`, for `name`). */
class ObjectMatch {
  constructor(private readonly name: string, private readonly keptName: string, private readonly quoted: boolean) {}

  same(k: Value, c: Value, place: Place): boolean {
    if (typeof k === 'string') return typeof c === 'string' && this.sameString(k, c, place);
    if (k === c) return k === null || typeof k !== 'object' || this.constant(k);
    if (k === null || c === null || typeof k !== 'object' || typeof c !== 'object' || isLibraryConstant(k) || isLibraryConstant(c)) return false;
    if (Array.isArray(k)) {
      if (!Array.isArray(c) || c.length !== k.length) return false;
      for (let i = 0; i < k.length; i++) if (!(i in k) || !(i in c) || !this.same(k[i], c[i], 'read')) return false;
      return true;
    }
    if (Array.isArray(c)) return false;
    const keys = Object.keys(k);
    const other = Object.keys(c);
    if (keys.length !== other.length) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key !== other[i] || !this.same((k as Record<string, Value>)[key], (c as Record<string, Value>)[key], placeOf(place, key))) return false;
    }
    return true;
  }

  private sameString(k: string, c: string, place: Place): boolean {
    if (place === 'unread') return k === c || this.quoted || !misreadWhenPlain(c);
    if (k === c) return this.name === this.keptName || (!c.includes(this.name) && !c.includes(this.keptName));
    return this.name !== this.keptName && c.replaceAll(this.name, this.keptName) === k && k.replaceAll(this.keptName, this.name) === c
      && (this.quoted || !misreadWhenPlain(c));
  }

  /** A library constant (shared by both) holds neither name. */
  private constant(o: object): boolean {
    if (this.name === this.keptName) return true;
    let text = CONSTANT_TEXT.get(o);
    if (text === undefined) CONSTANT_TEXT.set(o, text = JSON.stringify(o));
    return !text.includes(this.name) && !text.includes(this.keptName);
  }
}

/** A copy to keep: library constants shared, the rest copied (the objects go on to become ApiObjects). */
function keptCopy(v: Value): Value {
  if (v === null || typeof v !== 'object' || isLibraryConstant(v)) return v;
  if (Array.isArray(v)) return v.map(keptCopy);
  const out: Record<string, Value> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: keptCopy((v as Record<string, Value>)[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

function isConfigMap(m: Value): boolean {
  return typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === 'ConfigMap';
}

function problemsOf(objects: readonly Value[], spec: unknown, quoted: boolean): ConfigProblem[] {
  return [...objectProblems(objects, spec), ...(quoted ? [] : plainYamlProblems(objects))];
}

/**
 * What the API server would reject in a distribution's rendered objects, and (unless `quoted`:
 * the writer quotes ambiguous strings itself) what cdk8s's writer would leave for other readers
 * to misread. `name`: the distribution's name, the one value its objects may differ in from
 * objects checked before.
 */
export function renderedObjectProblems(rendered: readonly Value[], spec: unknown, quoted: boolean, name: string): ConfigProblem[] {
  const configMaps = rendered.filter(isConfigMap);
  const others = rendered.filter((m) => !isConfigMap(m));
  const key = `${quoted}\u0000${others.map((m) => String((m as { kind?: unknown })?.kind)).join(',')}`;
  const kept = KEPT.get(key);
  const seen = (kept ?? []).some((k) => (k.name === name || digitsApart(name, k.name)) && new ObjectMatch(name, k.name, quoted).same(k.objects, others, 'read'));
  // The other objects hold nothing misread and no problem: the ConfigMap's problems are all of them.
  if (seen) return problemsOf(configMaps, spec, quoted);
  const problems = problemsOf(rendered, spec, quoted);
  if (problems.length === 0) {
    const runs = kept ?? setBounded(KEPT, key, [], KEPT_KEYS_MAX);
    if (runs.length >= KEPT_PER_KEY) runs.shift();
    runs.push({ name, objects: others.map(keptCopy) });
  }
  return problems;
}
