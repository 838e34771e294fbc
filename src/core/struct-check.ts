/**
 * The walk behind the v1alpha2 spec check (spec/validate-spec.ts): checks that follow a fixed
 * schema the way the Kubernetes API server would (types, required fields, enums, bounds, list
 * sizes), plus unknown fields with a "did you mean". Messages use the API server's wording.
 *
 * The walk never recurses into free-form data, and no input makes it throw. A value in a
 * secret-bearing position (redact.ts) is described, never quoted.
 */
import { closest } from './closest';
import { hasOwnValue, isObject } from './json';
import { childPath, indexPath } from './path';
import { ProblemList } from './problems';
import { quoteValue } from './quote';
import { describeSecretValue, isSecretPath } from './redact';

/** An object of the walked input. */
export type Obj = Record<string, unknown>;

/** What every check writes to: the problems (a walk may carry more in its own context). */
export interface WalkCtx {
  readonly problems: ProblemList;
}

/** Checks one value found at `path`. */
export type Check<C extends WalkCtx = WalkCtx> = (v: unknown, path: string, ctx: C) => void;

/** An object-level rule (a CEL rule of the CRD, or one of our intent fixes). */
export type Rule<C extends WalkCtx = WalkCtx> = (o: Obj, path: string, ctx: C) => void;

/** A field of a struct. */
export interface Field<C extends WalkCtx = WalkCtx> {
  readonly name: string;
  readonly check: Check<C>;
  readonly required?: boolean | ((ctx: C) => boolean);
  /** What to write, used in fixes, e.g. `the Secret name`. */
  readonly hint?: string;
}

/** A struct: its fields in schema order, and its object-level rules. */
export interface StructShape<C extends WalkCtx = WalkCtx> {
  readonly fields: readonly Field<C>[];
  readonly rules?: readonly Rule<C>[];
  /** A better fix for some unknown keys at this level. */
  readonly unknownHint?: (key: string) => string | undefined;
}

/** `fix` may be lazy, so problems past the bound cost no suggestion search. */
export function report(ctx: WalkCtx, path: string, message: string, fix: string | (() => string)): void {
  ctx.problems.add(path, message, fix);
}

/** Own properties only, so keys like `constructor` never reach the prototype. */
export function get(o: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** CEL `has()`. The API server prunes null fields before validation, so null counts as absent. */
export const has: (o: Obj, key: string) => boolean = hasOwnValue;

/** A value for a message, cut short and escaped so garbage input keeps messages readable. */
export function show(v: string): string {
  return quoteValue(v);
}

// ---------------------------------------------------------------------------------------------
// Type errors

export type Kind = 'string' | 'integer' | 'boolean' | 'array' | 'object' | 'integer or string';

const ARTICLE: Record<Kind, string> = {
  'string': 'a string',
  'integer': 'an integer',
  'boolean': 'a boolean',
  'array': 'an array',
  'object': 'an object',
  'integer or string': 'an integer or a string',
};

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return `the number ${String(v)}`;
  if (typeof v === 'string') return `the string ${show(v)}`;
  if (typeof v === 'object') return 'an object';
  return typeof v === 'boolean' ? `the boolean ${v}` : `a value of type ${typeof v}`;
}

export function typeProblem(ctx: WalkCtx, path: string, kind: Kind, v: unknown): void {
  if (isSecretPath(path)) return secretTypeProblem(ctx, path, kind, v);
  report(ctx, path, `must be ${ARTICLE[kind]}`, typeFix(kind, v));
}

/**
 * A type error in a secret-bearing position (a Secret reference, a credential key): the value is
 * described, never quoted. A string where a Secret reference belongs is most likely the secret.
 */
function secretTypeProblem(ctx: WalkCtx, path: string, kind: Kind, v: unknown): void {
  const ref = secretRefField(path);
  if (kind === 'object' && ref !== undefined && (typeof v === 'string' || typeof v === 'number')) {
    report(ctx, path, `must be ${ARTICLE[kind]}`,
      `this is a reference to a key of a Kubernetes Secret, not the value (${describeSecretValue(v)} was given, not shown): put it in a Secret and reference it with ${ref}`);
    return;
  }
  report(ctx, path, `must be ${ARTICLE[kind]}`, `replace ${describeSecretValue(v)} (not shown) with ${ARTICLE[kind]}`);
}

const REF = '{ name: <Secret name>, key: <key> }';

/** `apiKey: {…}`, `secretRefs: { api_key: {…} }`: the Secret reference a fix names for `path`, if it is one. */
function secretRefField(path: string): string | undefined {
  const field = /\.(apiKey|password|connectionString)$/.exec(path);
  if (field) return `${field[1]}: ${REF}`;
  const key = /\.secretRefs(?:\.([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*")\])$/.exec(path);
  return key ? `secretRefs: { ${key[1] ?? key[2]}: ${REF} }` : undefined;
}

/** A concrete fix for the common slips: quoted numbers and booleans, unquoted strings. */
function typeFix(kind: Kind, v: unknown): string {
  if (kind === 'string' && (typeof v === 'number' || typeof v === 'boolean')) return `quote the value: "${String(v)}"`;
  if (kind === 'integer' && typeof v === 'number') return `use a whole number instead of ${String(v)}`;
  if (kind === 'integer' && typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return `remove the quotes: ${v.trim()}`;
  if (kind === 'boolean') return `use true or false without quotes instead of ${describe(v)}`;
  return `replace ${describe(v)} with ${ARTICLE[kind]}`;
}

// ---------------------------------------------------------------------------------------------
// Scalar checks

export interface StrOpts {
  readonly minLength?: number;
  readonly enum?: readonly string[];
  /** What to write, used when the value is empty. */
  readonly hint?: string;
}

export function str(opts: StrOpts = {}): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
    checkString(v, path, ctx, opts);
  };
}

export function checkString(v: string, path: string, ctx: WalkCtx, opts: StrOpts): void {
  if (opts.minLength !== undefined && v.length < opts.minLength) {
    report(ctx, path, 'must not be empty', opts.hint ? `set it to ${opts.hint}` : 'set a non-empty value, or remove it');
  }
  if (opts.enum !== undefined && !opts.enum.includes(v)) {
    const near = closest(v, opts.enum);
    const supported = opts.enum.map((e) => `"${e}"`).join(', ');
    report(ctx, path, `Unsupported value: ${show(v)}: supported values: ${supported}`,
      near ? `use "${near}"` : `use one of ${supported}`);
  }
}

export interface IntOpts {
  readonly min?: number;
  readonly max?: number;
  readonly format?: 'int32' | 'int64';
}

/** JS numbers are exact only up to 2^53, so unbounded integers are held to that range. */
const FORMAT_RANGE = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;

export function int(opts: IntOpts = {}): Check {
  const [lo, hi] = FORMAT_RANGE[opts.format ?? 'int64'];
  const min = Math.max(opts.min ?? lo, lo);
  const max = Math.min(opts.max ?? hi, hi);
  return (v, path, ctx) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return typeProblem(ctx, path, 'integer', v);
    if (v < min) report(ctx, path, `must be greater than or equal to ${min}`, `use ${min} or more`);
    if (v > max) report(ctx, path, `must be less than or equal to ${max}`, `use ${max} or less`);
  };
}

export function bool(): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'boolean') typeProblem(ctx, path, 'boolean', v);
  };
}

/** Free JSON (`settings`): the CRD admits any value; the pipeline checks its shape later. */
export function anything(): Check {
  return () => undefined;
}

// ---------------------------------------------------------------------------------------------
// Kubernetes quantities and IntOrString

/** From the CRD's `workload.storage.size` pattern (also the size limits of emptyDirs, quantity.ts). */
export const QUANTITY = /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

export function quantity(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'number' && Number.isInteger(v)) return;
    if (typeof v !== 'string') return typeProblem(ctx, path, 'integer or string', v);
    if (!QUANTITY.test(v)) report(ctx, path, `must be a quantity, e.g. 10Gi, not ${show(v)}`, 'use a Kubernetes quantity such as 10Gi or 500Mi');
  };
}

/**
 * A PodDisruptionBudget IntOrString. Stricter than the CRD (any int or string): the generated
 * PDB would be rejected unless it is a non-negative integer or a percentage up to 100%.
 */
export function intOrPercent(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'number' && Number.isInteger(v)) {
      if (v < 0) report(ctx, path, 'must be greater than or equal to 0', 'use 0 or more, or a percentage like "50%"');
      return;
    }
    if (typeof v !== 'string') return typeProblem(ctx, path, 'integer or string', v);
    const m = /^([0-9]+)%$/.exec(v);
    if (!m) {
      report(ctx, path, `must be an integer or a percentage like "50%", not ${show(v)}`, 'write a whole number (e.g. 1) or a percentage (e.g. "50%")');
    } else if (Number(m[1]) > 100) {
      report(ctx, path, 'must not be greater than 100%', 'use a percentage between "0%" and "100%"');
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Lists, maps and objects

export interface ListOpts {
  readonly minItems?: number;
  readonly maxItems?: number;
}

export function list<C extends WalkCtx>(item: Check<C>, opts: ListOpts = {}): Check<C> {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, opts)) return;
    for (let i = 0; i < v.length; i++) item(v[i], indexPath(path, i), ctx);
  };
}

export function checkList(v: unknown, path: string, ctx: WalkCtx, opts: ListOpts): v is unknown[] {
  if (!Array.isArray(v)) {
    typeProblem(ctx, path, 'array', v);
    return false;
  }
  if (opts.minItems !== undefined && v.length < opts.minItems) {
    report(ctx, path, `must have at least ${opts.minItems} item${opts.minItems === 1 ? '' : 's'}`, 'add an entry, or remove the empty list');
  }
  if (opts.maxItems !== undefined && v.length > opts.maxItems) {
    report(ctx, path, `must have at most ${opts.maxItems} items`, `remove ${v.length - opts.maxItems} entries`);
  }
  return true;
}

export function mapOf<C extends WalkCtx>(value: Check<C>, minProperties: number): Check<C> {
  return (v, path, ctx) => {
    if (!isObject(v)) return typeProblem(ctx, path, 'object', v);
    // A key whose value is undefined is not there (the API server gets JSON), as everywhere in the walk.
    const keys = Object.keys(v).filter((key) => v[key] !== undefined);
    if (keys.length < minProperties) report(ctx, path, `must have at least ${minProperties} entry`, 'add an entry, or remove the empty map');
    for (const key of keys) value(v[key], childPath(path, key), ctx);
  };
}

export function struct<C extends WalkCtx>(shape: StructShape<C>): Check<C> {
  return (v, path, ctx) => checkStruct(shape, v, path, ctx);
}

/** What the walk reads of a shape at every object, worked out once per shape. */
interface ShapeInfo {
  /** The field names, in schema order. */
  readonly known: readonly string[];
  /** Per field, the `.name` suffix `childPath` gives it (every field name is an identifier in practice). */
  readonly suffixes: readonly (string | undefined)[];
}

const SHAPE_INFO = new WeakMap<StructShape<any>, ShapeInfo>();

function shapeInfo(shape: StructShape<any>): ShapeInfo {
  let info = SHAPE_INFO.get(shape);
  if (info === undefined) {
    const known = shape.fields.map((f) => f.name);
    // childPath(path, name) is `${path}.${name}` exactly when childPath('', name) is `.${name}`.
    info = { known, suffixes: known.map((name) => (childPath('', name) === `.${name}` ? `.${name}` : undefined)) };
    SHAPE_INFO.set(shape, info);
  }
  return info;
}

const NO_RULES: readonly Rule<any>[] = [];

/** Type, required fields, unknown fields, the object's rules, then each field in schema order. */
export function checkStruct<C extends WalkCtx>(shape: StructShape<C>, v: unknown, path: string, ctx: C,
  extraRules: readonly Rule<C>[] = NO_RULES): void {
  if (!isObject(v)) return typeProblem(ctx, path, 'object', v);
  const fields = shape.fields;
  for (const f of fields) {
    const required = typeof f.required === 'function' ? f.required(ctx) : f.required === true;
    if (required && !has(v, f.name)) report(ctx, childPath(path, f.name), 'Required value', `add ${f.name}${f.hint ? `: ${f.hint}` : ''}`);
  }
  const info = shapeInfo(shape);
  checkUnknown(shape, info.known, v, path, ctx);
  const rules = shape.rules;
  if (rules !== undefined) for (const rule of rules) rule(v, path, ctx);
  for (const rule of extraRules) rule(v, path, ctx);
  // The field's path is built only for a field that is there (as childPath would build it).
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const value = get(v, f.name);
    if (value === undefined || value === null) continue; // has(v, f.name), read once
    const suffix = info.suffixes[i];
    f.check(value, suffix !== undefined ? path + suffix : childPath(path, f.name), ctx);
  }
}

/** The API server silently prunes unknown fields; a typo would be lost, so we report it. */
function checkUnknown<C extends WalkCtx>(shape: StructShape<C>, known: readonly string[], v: Obj, path: string, ctx: C): void {
  for (const key of Object.keys(v)) {
    if (known.includes(key) || v[key] === undefined) continue;
    report(ctx, childPath(path, key), `unknown field ${show(key)}`, () => {
      const near = closest(key, known);
      const hint = shape.unknownHint?.(key) ?? (near ? `did you mean "${near}"?` : 'remove it');
      return `${hint}; known fields: ${known.join(', ')}`;
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Rules shared by several objects

/** CEL `!has(self.f) || self.f != ''`, reported on the object as the API server does. */
export function nonEmptyIfSet(field: string, fix: string): Rule {
  return (o, path, ctx) => {
    if (get(o, field) === '') report(ctx, path, `${field} must not be empty if specified`, fix);
  };
}

