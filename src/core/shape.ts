/**
 * Declared shapes of untrusted input, checked at runtime. Plain JavaScript, jsii languages and
 * `any` can hand the library values of any type; a shape says what a field must be, and
 * `check` reports each mismatch with its path and a fix, describing the value (its type, its
 * length) without quoting it, so no secret typed into the wrong field reaches an error.
 */
import { closest } from './closest';
import { ConfigProblem } from './errors';
import { isObject } from './json';
import { childPath, indexPath } from './path';
import { describeSecretValue } from './redact';

/** A declared shape: what a value must be, and the check that says where it is not. */
export interface Shape {
  /** What the value must be, e.g. `a string`, `a list of InferenceProvider`. */
  readonly expected: string;
  /** How to fix a value of the wrong type. */
  readonly fix: string;
  /** The library's own objects (or a list of them): kept as they are, never copied as JSON. */
  readonly libraryObjects?: boolean;
  /** Reports every mismatch below `path`; true when the value has the shape. */
  check(value: unknown, path: string, problems: ConfigProblem[]): boolean;
}

/** Describes a value by its type and size only: never its text (the redaction rule's describer). */
export const describeValue = describeSecretValue;

function mismatch(expected: Shape, value: unknown, path: string, problems: ConfigProblem[]): false {
  problems.push({ path, message: `must be ${expected.expected}, got ${describeValue(value)}`, fix: expected.fix });
  return false;
}

function shape(expected: string, fix: string, test: (v: unknown) => boolean): Shape {
  const s: Shape = {
    expected,
    fix,
    check: (v, path, problems) => test(v) || mismatch(s, v, path, problems),
  };
  return s;
}

export const str = (fix = 'give a string'): Shape => shape('a string', fix, (v) => typeof v === 'string');
export const bool = (): Shape => shape('true or false', 'give a boolean', (v) => typeof v === 'boolean');
export const int = (fix = 'give a whole number'): Shape =>
  shape('a whole number', fix, (v) => typeof v === 'number' && Number.isSafeInteger(v));

/** One of a fixed set of strings. */
export function oneOf(values: readonly string[]): Shape {
  return shape(`one of ${values.join(', ')}`, `use one of ${values.join(', ')}`, (v) => typeof v === 'string' && values.includes(v));
}

/** Either of two shapes (e.g. a model name or a model object); reports the last one's problems. */
export function either(a: Shape, b: Shape, test: (v: unknown) => boolean): Shape {
  return {
    expected: `${a.expected} or ${b.expected}`,
    fix: b.fix,
    check: (v, path, problems) => (test(v) ? a.check(v, path, problems) : b.check(v, path, problems)),
  };
}

/** A list whose items have `item`'s shape. Objects with numeric keys are not lists. */
export function listOf(item: Shape, fix = 'give a list, e.g. [ ... ]'): Shape {
  return {
    expected: 'a list',
    fix,
    libraryObjects: item.libraryObjects,
    check(v, path, problems) {
      if (!Array.isArray(v)) return mismatch(this, v, path, problems);
      let ok = true;
      v.forEach((x, i) => { ok = item.check(x, indexPath(path, i), problems) && ok; });
      return ok;
    },
  };
}

/** A map from names to values of `value`'s shape (not a list). */
export function mapOf(value: Shape, fix = 'give an object of name: value pairs'): Shape {
  return {
    expected: 'an object of name: value pairs',
    fix,
    check(v, path, problems) {
      if (!isObject(v)) return mismatch(this, v, path, problems);
      let ok = true;
      for (const k of Object.keys(v).sort()) ok = value.check(v[k], childPath(path, k), problems) && ok;
      return ok;
    },
  };
}

/** Any JSON object (a Kubernetes fragment the API server checks field by field). */
export function anyObject(what = 'an object'): Shape {
  return shape(what, `give ${what}`, isObject);
}

/** Any JSON value (settings, params: checked further by the stages that read them). */
export const anyJson = (): Shape => shape('JSON', 'give JSON data', () => true);

/**
 * A struct: known fields with their shapes (`required` ones must be present); any other key is
 * a problem naming the closest known field.
 */
export function struct(name: string, fields: Record<string, Shape>, required: readonly string[] = []): Shape {
  const known = Object.keys(fields);
  return {
    expected: `an object (${name})`,
    fix: `give an object with ${known.join(', ')}`,
    check(v, path, problems) {
      if (!isObject(v)) return mismatch(this, v, path, problems);
      let ok = true;
      for (const k of required) {
        if (v[k] === undefined) {
          problems.push({ path: childPath(path, k), message: `is required (${name})`, fix: `set ${k}` });
          ok = false;
        }
      }
      for (const k of Object.keys(v).sort()) {
        const field = Object.prototype.hasOwnProperty.call(fields, k) ? fields[k] : undefined;
        if (field === undefined) {
          problems.push(unknownKey(childPath(path, k), k, known, name));
          ok = false;
        } else if (v[k] !== undefined) {
          ok = field.check(v[k], childPath(path, k), problems) && ok;
        }
      }
      return ok;
    },
  };
}

/** An object made by one of the library's factories (a class instance, not a look-alike). */
export function instanceOf(expected: string, test: (v: unknown) => boolean, fix: string): Shape {
  return { ...shape(expected, fix, test), libraryObjects: true };
}

/** A problem for a key the struct does not have, suggesting the closest one. */
export function unknownKey(path: string, key: string, known: readonly string[], name: string): ConfigProblem {
  const near = closest(key, known);
  return {
    path,
    message: `is not a field of ${name}`,
    fix: near ? `did you mean ${near}? Otherwise remove it` : `remove it (${name} has ${known.join(', ')})`,
  };
}
