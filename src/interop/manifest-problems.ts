/** The manifest reader's problem collector, and how it shows the values it quotes. */
import { isObject } from '../core/json';
import { childPath } from '../core/path';
import { ProblemList } from '../core/problems';
import { quoteValue } from '../core/quote';

export type Obj = Record<string, any>;

export function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'string' ? `the string ${quoteValue(v)}` : quoteValue(v);
}

/** A user value written bare in a message (`got v1/ConfigMap`): as is when short and plain, else quoted and cut. */
export function bare(v: unknown): string {
  if (typeof v === 'string') return v.length <= 60 && /^[\x21-\x7e]*$/.test(v) ? v : quoteValue(v);
  return v === undefined || v === null || typeof v === 'number' || typeof v === 'boolean' ? String(v) : quoteValue(v);
}

/** The core collector, with the manifest reader's own checks. */
export class Problems extends ProblemList {

  unknownFields(o: Obj, path: string, known: readonly string[]): void {
    for (const key of Object.keys(o)) {
      if (!known.includes(key) && o[key] !== undefined) {
        this.add(path ? childPath(path, key) : childPath('', key).replace(/^\./, ''), `unknown field ${quoteValue(key)}`, `remove it; known fields: ${known.join(', ')}`);
      }
    }
  }

  /** `v` as an object with only `known` fields, or undefined (absent, or reported). */
  object(v: unknown, path: string, known: readonly string[]): Obj | undefined {
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) {
      this.add(path, `must be an object, not ${describe(v)}`, 'write it as a mapping of field: value');
      return undefined;
    }
    this.unknownFields(v, path, known);
    return v;
  }
}
