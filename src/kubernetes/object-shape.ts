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
 * config volume's `configMap.name`, which no check reads but for the annotations' total size
 * (object-checks.ts reads annotation keys, that size and a volume's source keys; every hash has
 * the same length): those values are free, only the misread question is asked.
 * In the ConfigMap, the name ends in `-` and 8 hex digits of the hash: the rest of it is
 * compared as any other string, and any 8 lower-case hex digits keep it a DNS-1123 subdomain
 * of the same length (its only rule). Its data values are read for their size alone (and the
 * misread question): the size is checked every time.
 */
import { isLibraryConstant } from './library-constants';
import { configMapSizeProblem, objectProblems } from './object-checks';
import { misreadWhenPlain, plainYamlProblems } from './plain-yaml';
import { pushBounded } from '../core/bounded-map';
import { ConfigProblem } from '../core/errors';

type Value = unknown;

const KEPT = new Map<string, KeptObjects[]>();
const KEPT_KEYS_MAX = 64;
const KEPT_PER_KEY = 16;

/**
 * Where a value sits, for whether a check reads it: inside `annotations` (values unread), inside
 * a `configMap` volume source (its `name` unread), a value no check reads, a ConfigMap (its
 * data values unread but for their size, its name ends in a hash), or anywhere else.
 */
type Place = 'annotations' | 'configMap' | 'unread' | 'read' | 'configMapObject' | 'configMapMetadata' | 'data' | 'hashed';

function placeOf(parent: Place, key: string): Place {
  if (parent === 'annotations' || parent === 'data' || (parent === 'configMap' && key === 'name')) return 'unread';
  if (parent === 'configMapObject') return key === 'metadata' ? 'configMapMetadata' : key === 'data' || key === 'binaryData' ? 'data' : 'read';
  if (parent === 'configMapMetadata' && key === 'name') return 'hashed';
  return key === 'annotations' ? 'annotations' : key === 'configMap' ? 'configMap' : 'read';
}

/** Where a rendered object's walk starts. */
function rootPlace(m: Value): Place {
  return isConfigMap(m) ? 'configMapObject' : 'read';
}

/** A generated ConfigMap's name: `<base>-config-` and the hash's first 8 hex digits. */
const HASH_SUFFIX = /-[0-9a-f]{8}$/;

/** `s` without the hash at its end (undefined when it has none). */
function withoutHash(s: string): string | undefined {
  return HASH_SUFFIX.test(s) ? s.slice(0, -8) : undefined;
}

/** `s` with every digit written as 0: names that differ only in digits have one skeleton. */
function skeleton(s: string): string {
  return s.replace(/[0-9]/g, '0');
}

/** How a string is compared: as any other, not at all (unread), or without the hash at its end. */
type StringPlace = 'read' | 'unread' | 'hashed';

/**
 * One step of objects checked before, in the order a walk meets them: a string (where it sits,
 * and whether it may hold the name: its skeleton holds the name's), another scalar, a library
 * constant (shared: the same object), a list (its length) or a mapping (its keys, in order).
 */
type Step =
  | { readonly kind: 'string'; readonly value: string; readonly place: StringPlace; readonly mayHoldName: boolean }
  | { readonly kind: 'scalar'; readonly value: unknown }
  | { readonly kind: 'constant'; readonly value: object; readonly mayHoldName: boolean }
  | { readonly kind: 'list'; readonly length: number }
  | { readonly kind: 'mapping'; readonly keys: readonly string[] };

/** Objects checked without a problem, as the steps a walk of them meets, and the name they were rendered for. */
class KeptObjects {
  /** Undefined when the objects have a hole in a list (not kept: a walk cannot compare it). */
  static of(name: string, objects: readonly Value[]): KeptObjects | undefined {
    const kept = new KeptObjects(name);
    kept.steps.push({ kind: 'list', length: objects.length });
    for (let i = 0; i < objects.length; i++) if (!(i in objects) || !kept.add(objects[i], rootPlace(objects[i]))) return undefined;
    return kept;
  }

  readonly steps: Step[] = [];
  /** The name's skeleton: a name stands in for it when theirs is the same (they differ in digits alone). */
  readonly skeleton: string;

  private constructor(readonly name: string) {
    this.skeleton = skeleton(name);
  }

  private add(v: Value, place: Place): boolean {
    if (typeof v === 'string') {
      const how: StringPlace = place === 'unread' || place === 'hashed' ? place : 'read';
      this.steps.push({ kind: 'string', value: v, place: how, mayHoldName: skeleton(v).includes(this.skeleton) });
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

  private sameString(step: { readonly value: string; readonly place: StringPlace; readonly mayHoldName: boolean }, c: string): boolean {
    const k = step.value;
    if (k === c) return step.place === 'unread' || !step.mayHoldName || this.holdsNeither(c);
    if (step.place === 'read') return this.sameRead(k, c, step.mayHoldName);
    if (step.place === 'hashed') {
      const kRest = withoutHash(k);
      const cRest = withoutHash(c);
      if (kRest === undefined || cRest === undefined || !this.sameRead(kRest, cRest, step.mayHoldName)) return false;
    }
    return this.quoted || !misreadWhenPlain(c);
  }

  /** Two strings of a place a check reads: the same, or the same but for the names (then not misread). */
  private sameRead(k: string, c: string, mayHoldName: boolean): boolean {
    if (k === c) return !mayHoldName || this.holdsNeither(c);
    return this.name !== this.kept.name && c.replaceAll(this.name, this.kept.name) === k && k.replaceAll(this.kept.name, this.name) === c
      && (this.quoted || !misreadWhenPlain(c));
  }
}

function isConfigMap(m: Value): boolean {
  return typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === 'ConfigMap';
}

/**
 * What the API server would reject in a distribution's rendered objects, and (unless `quoted`:
 * the writer quotes ambiguous strings itself) what cdk8s's writer would leave for other readers
 * to misread. `name`: the distribution's name, the one value its objects may differ in from
 * objects checked before.
 */
export function renderedObjectProblems(rendered: readonly Value[], spec: unknown, quoted: boolean, name: string): ConfigProblem[] {
  const key = `${quoted}\u0000${rendered.map((m) => String((m as { kind?: unknown })?.kind)).join(',')}`;
  const kept = KEPT.get(key);
  const nameSkeleton = skeleton(name);
  const seen = (kept ?? []).some((k) => k.skeleton === nameSkeleton && new ObjectMatch(k, name, quoted).same(rendered));
  // Nothing misread and no problem but what the size of a ConfigMap's data may make.
  if (seen) return rendered.filter(isConfigMap).flatMap((m) => configMapSizeProblem(m as Record<string, unknown>, spec) ?? []);
  const problems = [...objectProblems(rendered, spec), ...(quoted ? [] : plainYamlProblems(rendered))];
  const objects = problems.length === 0 ? KeptObjects.of(name, rendered) : undefined;
  if (objects !== undefined) pushBounded(KEPT, key, objects, KEPT_KEYS_MAX, KEPT_PER_KEY);
  return problems;
}
