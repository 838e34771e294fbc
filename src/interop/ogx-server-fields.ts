/**
 * Every field of an OGXServer spec, and what the reader does with it: mapped to this library's
 * spec, warned as not carried, or refused. One table: the reader checks the input's shape against
 * it (an unknown field, a list written as an object, an entry that is not an object… each a
 * problem with its path and a fix), and a test walks the CRD's schema
 * (crds/ogx.io_ogxservers.v1beta1.yaml) so that a field the CRD adds fails until it is handled here.
 *
 * Maps are read in one order whatever the input's key order (the keys sorted), so a server written
 * by hand, returned by `kubectl get -o yaml` or built by kustomize reads the same.
 */
import { describe } from './manifest-problems';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath, indexPath } from '../core/path';
import { quoteValue } from '../core/quote';

/** What the reader does with a field. */
export type Handling = 'mapped' | 'warned' | 'refused';

/** A field of the schema: its shape, and what the reader does with it. */
export type Field =
  | { readonly shape: 'object'; readonly how: Handling; readonly fields: { readonly [name: string]: Field } }
  | { readonly shape: 'list'; readonly how: Handling; readonly item: Field }
  | { readonly shape: 'map'; readonly how: Handling; readonly value: Field }
  /** A scalar (string, number or boolean; the spec check or the start-up model checks its type). */
  | { readonly shape: 'value'; readonly how: Handling }
  /** A Secret or ConfigMap key reference, `{name, key}`. */
  | { readonly shape: 'ref'; readonly how: Handling }
  /**
   * A Kubernetes value passed on whole (env entries, volumes, resources, NetworkPolicy rules…):
   * the spec check of this library reads it field by field, at the OGXServer's paths.
   */
  | { readonly shape: 'whole'; readonly how: Handling };

export const obj = (fields: { [name: string]: Field }, how: Handling = 'mapped'): Field => ({ shape: 'object', how, fields });
export const list = (item: Field, how: Handling = 'mapped'): Field => ({ shape: 'list', how, item });
export const map = (value: Field, how: Handling = 'mapped'): Field => ({ shape: 'map', how, value });
export const val = (how: Handling = 'mapped'): Field => ({ shape: 'value', how });
export const ref = (how: Handling = 'mapped'): Field => ({ shape: 'ref', how });
export const whole = (how: Handling = 'mapped'): Field => ({ shape: 'whole', how });

/** Every path of a schema (`[]` a list item, `*` a map value) with its handling, for the CRD test and docs. */
export function fieldPaths(field: Field, path = 'spec'): { [path: string]: Handling } {
  const out: { [path: string]: Handling } = { [path]: field.how };
  if (field.shape === 'object') for (const [k, f] of Object.entries(field.fields)) Object.assign(out, fieldPaths(f, `${path}.${k}`));
  if (field.shape === 'list') Object.assign(out, fieldPaths(field.item, `${path}[]`));
  if (field.shape === 'map') Object.assign(out, fieldPaths(field.value, `${path}.*`));
  if (field.shape === 'ref') Object.assign(out, { [`${path}.name`]: field.how, [`${path}.key`]: field.how });
  return out;
}

/** True for a `{name, key}` reference of non-empty strings and nothing else. */
export function isKeyRef(v: unknown): v is { name: string; key: string } {
  return isObject(v) && typeof v.name === 'string' && typeof v.key === 'string' && v.name !== '' && v.key !== ''
    && Object.keys(v).every((k) => k === 'name' || k === 'key');
}

const SHAPE_FIX: { [shape: string]: string } = {
  object: 'write it as a mapping of field: value',
  list: 'write it as a list (each entry on a line starting with "- ")',
  map: 'write it as a mapping of name: value',
  value: 'write a single value (a string, a number or true/false)',
  ref: 'write {name: <name>, key: <key>}',
};

/** The problems of `v` against `field` at `path`: wrong shapes and unknown fields, every one. */
export function shapeProblems(v: unknown, field: Field, path: string, out: ConfigProblem[] = []): ConfigProblem[] {
  if (v === undefined || v === null || field.shape === 'whole') return out;
  const wrong = (what: string) => out.push({ path, message: `must be ${what}, not ${describe(v)}`, fix: SHAPE_FIX[field.shape] });
  switch (field.shape) {
    case 'value':
      if (typeof v === 'object') wrong('a single value');
      break;
    case 'ref':
      if (!isObject(v)) {wrong('a {name, key} reference');} else {
        for (const k of Object.keys(v)) {
          if (k !== 'name' && k !== 'key') out.push({ path: childPath(path, k), message: `unknown field ${quoteValue(k)}`, fix: 'remove it; a reference has name and key only' });
        }
        for (const k of ['name', 'key']) {
          if (typeof v[k] !== 'string' || v[k] === '') out.push({ path: childPath(path, k), message: 'Required value: a non-empty string', fix: `set ${k}` });
        }
      }
      break;
    case 'list':
      if (!Array.isArray(v)) wrong('a list');
      else v.forEach((item, i) => shapeProblems(item, field.item, indexPath(path, i), out));
      break;
    case 'map':
      if (!isObject(v)) wrong('a mapping');
      else for (const k of Object.keys(v)) shapeProblems(v[k], field.value, childPath(path, k), out);
      break;
    case 'object':
      if (!isObject(v)) {
        wrong('an object');
        break;
      }
      for (const k of Object.keys(v)) {
        const f = Object.prototype.hasOwnProperty.call(field.fields, k) ? field.fields[k] : undefined;
        if (f === undefined) {
          if (v[k] !== undefined) out.push({ path: childPath(path, k), message: `unknown field ${quoteValue(k)}`, fix: `remove it; known fields: ${Object.keys(field.fields).join(', ')}` });
          continue;
        }
        shapeProblems(v[k], f, childPath(path, k), out);
      }
      break;
  }
  return out;
}

/** A copy of JSON data whose maps have their keys sorted: the reading no longer depends on the input's key order. */
export function sortedKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(sortedKeys) as unknown as T;
  if (isObject(v)) {
    const out: { [k: string]: unknown } = {};
    for (const k of Object.keys(v).sort()) {
      if (k === '__proto__') Object.defineProperty(out, k, { value: sortedKeys(v[k]), writable: true, enumerable: true, configurable: true });
      else out[k] = sortedKeys(v[k]);
    }
    return out as T;
  }
  return v;
}
