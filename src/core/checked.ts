/**
 * Checked input at the entry points (ConfigGenerator, the generators, the factories): values are
 * snapshotted as JSON or copied once, and options are checked against their declared shapes,
 * every problem with its path, before any stage reads them.
 */
import { isLibraryObject } from './brand';
import { ConfigProblem, LlamaStackConfigError } from './errors';
import { toPlainJson } from './json-convert';
import { childPath, indexPath } from './path';
import { Shape, unknownKey } from './shape';

/**
 * Options as the declared shape says, copied once (library objects kept); throws every problem.
 * `undefined` gives `{}`.
 */
export function checkedOptions<T>(shape: Shape, raw: unknown, path = 'options'): T {
  if (raw === undefined) return {} as T;
  const problems: ConfigProblem[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    shape.check(raw, path, problems);
    throw new LlamaStackConfigError(problems);
  }
  const copy: Record<string, unknown> = {};
  try {
    for (const k of Object.keys(raw)) {
      const v = (raw as Record<string, unknown>)[k];
      copy[k] = Array.isArray(v) ? [...v] : v;
    }
  } catch (e) {
    throw new LlamaStackConfigError([threwProblem(path, e)]);
  }
  shape.check(copy, path, problems);
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return copy as T;
}

/** One argument checked against a shape (e.g. a ServerTarget); throws its problems. */
export function checkedArgument<T>(shape: Shape, raw: unknown, path: string): T {
  const problems: ConfigProblem[] = [];
  if (!shape.check(raw, path, problems)) throw new LlamaStackConfigError(problems);
  return raw as T;
}

/** Any value as plain JSON data, read once; values JSON cannot hold are problems, thrown together. */
export function snapshotJson(raw: unknown, path: string): unknown {
  const problems: ConfigProblem[] = [];
  const copy = plainJsonCopy(raw, path, problems);
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return copy;
}

/**
 * Any value as plain JSON data, read once; values JSON cannot hold (and a getter that throws)
 * are pushed to `problems`, and the copy is then undefined.
 */
export function plainJsonCopy(raw: unknown, path: string, problems: ConfigProblem[]): unknown {
  const found: ConfigProblem[] = [];
  let copy: unknown;
  try {
    copy = toPlainJson(raw, path, found);
  } catch (e) {
    found.push(threwProblem(path, e));
  }
  problems.push(...found);
  return found.length > 0 ? undefined : copy;
}

/** The options a factory reads (`names`) and the name of their interface (`type`), for unknown keys. */
export interface KnownOptions {
  readonly type: string;
  readonly names: readonly string[];
  /** Options that take a construct (a cdk8s-plus Service): read once and kept by reference, for the factory's own checks. */
  readonly constructs?: readonly string[];
}

/** How deep factory options may nest (settings and config are JSON-checked further on). */
const MAX_OPTIONS_DEPTH = 100;

/**
 * A factory's options, read once, as plain data: plain objects and lists are copied (so a getter
 * or Proxy is read a single time, and one that throws becomes a problem), the library's objects
 * (SecretRef…) are kept, strings, numbers, booleans and null are returned as they are for the
 * factory's own checks. Anything else (a function, such as a `toJSON`; a class instance; a Symbol
 * or BigInt) is a problem at its path: nothing past the factory can call it or read it again.
 */
export function snapshotOptions<T>(raw: T, path: string, known?: KnownOptions): T {
  if (typeof raw !== 'object' || raw === null) return raw;
  const problems: ConfigProblem[] = [];
  const kept = new Map<string, unknown>();
  let input: unknown = raw;
  if (known?.constructs && !Array.isArray(raw)) {
    try {
      const rest: any = {};
      for (const k of Object.keys(raw)) {
        const value = (raw as any)[k];
        if (known.constructs.includes(k) && value !== undefined && value !== null && typeof value === 'object') kept.set(k, value);
        else Object.defineProperty(rest, k, { value, enumerable: true, writable: true, configurable: true });
      }
      input = rest;
    } catch (e) {
      problems.push(threwProblem(path, e));
      throw new LlamaStackConfigError(problems);
    }
  }
  const copy = copyOnce(input, path, problems, []);
  if (copy !== null && typeof copy === 'object') for (const [k, v] of kept) (copy as any)[k] = v;
  // An option the factory does not read is an error, never dropped (JavaScript, jsii, `any`).
  if (known !== undefined && copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
    for (const k of Object.keys(copy)) {
      if (known.names.includes(k)) continue;
      const at = path.endsWith('(options)') && /^[A-Za-z_$][\w$]{0,63}$/.test(k) ? `${path.slice(0, -'(options)'.length)}(${k})` : childPath(path, k);
      problems.push(unknownKey(at, k, known.names, known.type));
    }
  }
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return copy as T;
}

function copyOnce(v: unknown, path: string, problems: ConfigProblem[], ancestors: object[]): unknown {
  if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return notPlain(path, typeof v, problems);
  if (typeof v !== 'object' || v === null) return v;
  if (ancestors.includes(v)) {
    problems.push({ path, message: 'refers back to an object that contains it (a cycle)', fix: 'pass a copy of the data, without cycles' });
    return undefined;
  }
  if (ancestors.length >= MAX_OPTIONS_DEPTH) {
    problems.push({ path, message: `nesting deeper than ${MAX_OPTIONS_DEPTH} levels`, fix: 'flatten the value' });
    return undefined;
  }
  try {
    const proto: unknown = Object.getPrototypeOf(v);
    const plain = Array.isArray(v) || proto === Object.prototype || proto === null;
    if (!plain) return isLibraryObject(v) ? v : notPlain(path, className(proto), problems);
    ancestors.push(v);
    const out: any = Array.isArray(v) ? [] : {};
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) out.push(copyOnce(v[i], indexPath(path, i), problems, ancestors));
    } else {
      for (const k of Object.keys(v)) {
        const value = copyOnce((v as any)[k], childPath(path, k), problems, ancestors);
        Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
      }
    }
    ancestors.pop();
    return out;
  } catch (e) {
    ancestors.length = 0;
    problems.push(threwProblem(path, e));
    return undefined;
  }
}

function notPlain(path: string, kind: string, problems: ConfigProblem[]): undefined {
  problems.push({
    path,
    message: `a value of type ${kind} is not plain data`,
    fix: 'pass strings, numbers, booleans, null, lists, plain objects and the library\'s objects (SecretRef…)',
  });
  return undefined;
}

/** The class of an instance, by its prototype's constructor name (no user code runs: a getter is not called). */
function className(proto: unknown): string {
  const ctor = typeof proto === 'object' && proto !== null ? Object.getOwnPropertyDescriptor(proto, 'constructor')?.value : undefined;
  const name = typeof ctor === 'function' ? Object.getOwnPropertyDescriptor(ctor, 'name')?.value : undefined;
  return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : 'object';
}

/** A user getter or Proxy threw while the input was read: its class name only, never its text. */
export function threwProblem(path: string, e: unknown): ConfigProblem {
  const kind = e instanceof Error && /^[A-Za-z]{1,40}$/.test(e.name) ? e.name : 'an exception';
  return { path, message: `reading the value threw ${kind}`, fix: 'pass plain values (no getters or Proxies that throw)' };
}

/** The option names of a factory, listed so that the compiler finds a missing or misspelled one. */
export function optionNames<T>(names: { readonly [K in keyof Required<T>]: true }): string[] {
  return Object.keys(names);
}
