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
import { pushBounded } from '../core/bounded-map';
import { ConfigProblem } from '../core/errors';

type Value = unknown;

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

/** `s` with every digit written as 0: names that differ only in digits have one skeleton. */
function skeleton(s: string): string {
  return s.replace(/[0-9]/g, '0');
}

/**
 * One step of objects checked before, in the order a walk meets them: a string (where it sits,
 * and whether it may hold the name: its skeleton holds the name's), another scalar, a library
 * constant (shared: the same object), a list (its length) or a mapping (its keys, in order).
 */
type Step =
  | { readonly kind: 'string'; readonly value: string; readonly unread: boolean; readonly mayHoldName: boolean }
  | { readonly kind: 'scalar'; readonly value: unknown }
  | { readonly kind: 'constant'; readonly value: object; readonly mayHoldName: boolean }
  | { readonly kind: 'list'; readonly length: number }
  | { readonly kind: 'mapping'; readonly keys: readonly string[] };

/** Objects checked without a problem, as the steps a walk of them meets, and the name they were rendered for. */
class KeptObjects {
  /** Undefined when the objects have a hole in a list (not kept: a walk cannot compare it). */
  static of(name: string, objects: readonly Value[]): KeptObjects | undefined {
    const kept = new KeptObjects(name);
    return kept.add(objects, 'read') ? kept : undefined;
  }

  readonly steps: Step[] = [];
  /** The name's skeleton: a name stands in for it when theirs is the same (they differ in digits alone). */
  readonly skeleton: string;

  private constructor(readonly name: string) {
    this.skeleton = skeleton(name);
  }

  private add(v: Value, place: Place): boolean {
    if (typeof v === 'string') {
      this.steps.push({ kind: 'string', value: v, unread: place === 'unread', mayHoldName: skeleton(v).includes(this.skeleton) });
    } else if (v === null || typeof v !== 'object') {
      this.steps.push({ kind: 'scalar', value: v });
    } else if (isLibraryConstant(v)) {
      this.steps.push({ kind: 'constant', value: v, mayHoldName: skeleton(JSON.stringify(v)).includes(this.skeleton) });
    } else if (Array.isArray(v)) {
      this.steps.push({ kind: 'list', length: v.length });
      for (let i = 0; i < v.length; i++) if (!(i in v) || !this.add(v[i], 'read')) return false;
    } else {
      const keys = Object.keys(v);
      this.steps.push({ kind: 'mapping', keys });
      for (const k of keys) if (!this.add((v as Record<string, Value>)[k], placeOf(place, k))) return false;
    }
    return true;
  }
}

/** Walks a distribution's objects (rendered for `name`) along the steps of objects checked before. */
class ObjectMatch {
  private at = 0;

  constructor(private readonly kept: KeptObjects, private readonly name: string, private readonly quoted: boolean) {}

  same(c: Value): boolean {
    const step = this.kept.steps[this.at++];
    switch (step.kind) {
      case 'string':
        return typeof c === 'string' && this.sameString(step, c);
      case 'scalar':
        return c === step.value;
      case 'constant':
        // A library constant holds neither name.
        return c === step.value && (!step.mayHoldName || this.holdsNeither(JSON.stringify(c)));
      case 'list':
        if (!Array.isArray(c) || c.length !== step.length) return false;
        for (let i = 0; i < c.length; i++) if (!(i in c) || !this.same(c[i])) return false;
        return true;
      case 'mapping': {
        if (c === null || typeof c !== 'object' || Array.isArray(c) || isLibraryConstant(c)) return false;
        // for…in visits own keys in Object.keys order without making their list; an inherited key only makes the match fail.
        const kept = step.keys;
        let i = 0;
        for (const key in c) {
          if (key !== kept[i++] || !this.same((c as Record<string, Value>)[key])) return false;
        }
        return i === kept.length;
      }
    }
  }

  private holdsNeither(s: string): boolean {
    return this.name === this.kept.name || (!s.includes(this.name) && !s.includes(this.kept.name));
  }

  private sameString(step: { readonly value: string; readonly unread: boolean; readonly mayHoldName: boolean }, c: string): boolean {
    const k = step.value;
    if (step.unread) return k === c || this.quoted || !misreadWhenPlain(c);
    if (k === c) return !step.mayHoldName || this.holdsNeither(c);
    return this.name !== this.kept.name && c.replaceAll(this.name, this.kept.name) === k && k.replaceAll(this.kept.name, this.name) === c
      && (this.quoted || !misreadWhenPlain(c));
  }
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
  const nameSkeleton = skeleton(name);
  const seen = (kept ?? []).some((k) => k.skeleton === nameSkeleton && new ObjectMatch(k, name, quoted).same(others));
  // The other objects hold nothing misread and no problem: the ConfigMap's problems are all of them.
  if (seen) return problemsOf(configMaps, spec, quoted);
  const problems = problemsOf(rendered, spec, quoted);
  const objects = problems.length === 0 ? KeptObjects.of(name, others) : undefined;
  if (objects !== undefined) pushBounded(KEPT, key, objects, KEPT_KEYS_MAX, KEPT_PER_KEY);
  return problems;
}
