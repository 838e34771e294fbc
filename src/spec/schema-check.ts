/**
 * Structural OpenAPI v3 checks, as the Kubernetes API server applies a CRD's schema before its
 * CEL rules: type, properties, required, enum, items, minimum/maximum, minItems/maxItems,
 * minLength/maxLength, pattern, minProperties/maxProperties, int32/int64 ranges, nullable,
 * x-kubernetes-int-or-string, x-kubernetes-preserve-unknown-fields, additionalProperties and
 * map-list keys. Unknown fields are problems: the API server would prune them, losing a typo.
 * Also the CRD's own schemas of the core/v1 types it embeds (`embeddedSchema`).
 */
import * as fs from 'fs';
import { join } from 'path';
import { ConfigProblem } from '../core/errors';
import { isObject } from '../core/json';
import { childPath } from '../core/path';
import { ProblemList } from '../core/problems';
import { quoteValue } from '../core/quote';

/** An OpenAPI v3 schema node, as found in a CRD. */
export type OpenApiSchema = { readonly [keyword: string]: any };

export interface SchemaCheck {
  readonly problems: ConfigProblem[];
  /**
   * A type, required, enum, maxLength, maxItems or maxProperties problem: the API server then
   * skips CEL rules, as the object lacks the shape they assume.
   */
  readonly blocked: boolean;
}

/** Called for each node with a present value (e.g. to evaluate its CEL rules afterwards). */
export type SchemaNodeVisitor = (schema: OpenApiSchema, value: unknown, path: string) => void;

/** The core collector, and whether a problem blocks the CEL rules. */
class Walk extends ProblemList {
  blocked = false;

  constructor(readonly visit?: SchemaNodeVisitor) {
    super();
  }

  add(path: string, message: string, fix: string, blocking = false): void {
    super.add(path, message, fix);
    if (blocking) this.blocked = true;
  }
}


function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const FORMAT_RANGE: { [format: string]: [number, number] } = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

const A: { [type: string]: string } = {
  object: 'an object', array: 'a list', string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean',
};

function article(type: string): string {
  return A[type] ?? type;
}

/** Compiled patterns by source: the same few patterns are tested many times. */
const patterns = new Map<string, RegExp>();

function matches(pattern: string, v: string): boolean {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern)));
  return re.test(v);
}

function checkString(s: OpenApiSchema, v: string, p: string, w: Walk): void {
  if (s.minLength !== undefined && v.length < s.minLength) w.add(p, `shorter than minLength ${s.minLength}`, `use at least ${s.minLength} character(s)`);
  if (s.maxLength !== undefined && v.length > s.maxLength) w.add(p, `longer than maxLength ${s.maxLength}`, `use at most ${s.maxLength} characters`, true);
  if (s.pattern !== undefined && !matches(s.pattern, v)) {
    w.add(p, `${quoteValue(v)} does not match ${s.pattern}`, s['x-kubernetes-int-or-string'] ? 'use a Kubernetes quantity such as 500m, 2 or 4Gi' : 'use a value the pattern accepts');
  }
}

function checkNumber(s: OpenApiSchema, v: number, p: string, w: Walk): void {
  if (s.minimum !== undefined && v < s.minimum) w.add(p, `${v} is less than minimum ${s.minimum}`, `use ${s.minimum} or more`);
  if (s.maximum !== undefined && v > s.maximum) w.add(p, `${v} is greater than maximum ${s.maximum}`, `use ${s.maximum} or less`);
  const range = FORMAT_RANGE[s.format];
  if (range && (v < range[0] || v > range[1])) w.add(p, `${v} is out of the ${s.format} range`, `use a value between ${range[0]} and ${range[1]}`);
}

function checkObject(s: OpenApiSchema, v: Record<string, unknown>, p: string, w: Walk): void {
  const props: OpenApiSchema = s.properties ?? {};
  for (const r of s.required ?? []) if (v[r] === undefined) w.add(childPath(p, r), 'Required value', `add ${r}`, true);
  const keys = Object.keys(v).filter((k) => v[k] !== undefined);
  if (s.minProperties !== undefined && keys.length < s.minProperties) w.add(p, `fewer than minProperties ${s.minProperties}`, `set at least ${s.minProperties} field(s)`);
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) w.add(p, `more than maxProperties ${s.maxProperties}`, `set at most ${s.maxProperties} field(s)`, true);
  for (const k of keys) {
    if (Object.prototype.hasOwnProperty.call(props, k)) {walk(props[k], v[k], childPath(p, k), w);} else if (isObject(s.additionalProperties)) {walk(s.additionalProperties, v[k], childPath(p, k), w);} else if (s.additionalProperties !== true && !s['x-kubernetes-preserve-unknown-fields']) {
      w.add(childPath(p, k), `unknown field ${quoteValue(k)}`, `remove it; known fields: ${Object.keys(props).join(', ')}`);
    }
  }
}

function checkArray(s: OpenApiSchema, v: unknown[], p: string, w: Walk): void {
  if (s.minItems !== undefined && v.length < s.minItems) w.add(p, `fewer than minItems ${s.minItems}`, `list at least ${s.minItems} item(s), or remove the field`);
  if (s.maxItems !== undefined && v.length > s.maxItems) w.add(p, `more than maxItems ${s.maxItems}`, `list at most ${s.maxItems} items`, true);
  if (s.items) v.forEach((item, i) => walk(s.items, item, `${p}[${i}]`, w));
  const keys: string[] | undefined = s['x-kubernetes-list-type'] === 'map' ? s['x-kubernetes-list-map-keys'] : undefined;
  if (keys) {
    const seen = new Map<string, number>();
    v.forEach((item, i) => {
      if (!isObject(item)) return;
      const id = JSON.stringify(keys.map((k) => item[k]));
      const first = seen.get(id);
      if (first !== undefined) w.add(`${p}[${i}]`, `duplicate ${keys.join('/')} ${keys.map((k) => (typeof item[k] === 'number' ? String(item[k]) : quoteValue(item[k]))).join('/')} (also ${p}[${first}])`, 'keep one entry per key');
      else seen.set(id, i);
    });
  }
}

function walk(s: OpenApiSchema, v: unknown, p: string, w: Walk): void {
  if (v === undefined) return;
  if (v === null) {
    if (!s.nullable) w.add(p, 'must not be null', 'remove the field, or give it a value', true);
    return;
  }
  w.visit?.(s, v, p);
  if (s.enum && !s.enum.includes(v)) w.add(p, `${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`, `use one of ${s.enum.join(', ')}`, true);
  const t = typeOf(v);
  if (s['x-kubernetes-int-or-string']) {
    if (t === 'string') checkString(s, v as string, p, w);
    else if (t !== 'integer') w.add(p, `must be an integer or a string, not ${article(t)}`, 'use an integer or a string', true);
    return;
  }
  if (s.type === undefined) {
    if (isObject(v) && s.properties) checkObject(s, v, p, w);
    return;
  }
  if (s.type !== t && !(s.type === 'number' && t === 'integer')) {
    w.add(p, `must be ${article(s.type)}, not ${article(t)}`, `use ${article(s.type)}`, true);
    return;
  }
  if (t === 'string') checkString(s, v as string, p, w);
  else if (t === 'integer' || t === 'number') checkNumber(s, v as number, p, w);
  else if (t === 'object') checkObject(s, v as Record<string, unknown>, p, w);
  else if (t === 'array') checkArray(s, v as unknown[], p, w);
}

/** Checks `value` (at `path`) against `schema`; every problem, with its path and fix. */
export function checkSchema(schema: OpenApiSchema, value: unknown, path: string, visit?: SchemaNodeVisitor): SchemaCheck {
  const w = new Walk(visit);
  walk(schema, value, path, w);
  return { problems: w.problems, blocked: w.blocked };
}

const EMBEDDED_SCHEMAS_FILE = join(__dirname, '..', '..', 'data', 'schemas', 'v1alpha2-embedded.json');

export type EmbeddedType = 'envVar' | 'volume' | 'volumeMount' | 'resourceRequirements' | 'topologySpreadConstraint';

let schemas: { [type in EmbeddedType]: OpenApiSchema } | undefined;

/**
 * The CRD's schema for a core/v1 type it embeds (env vars, volumes, volume mounts, resource
 * requirements, topology spread constraints), extracted into data/schemas/v1alpha2-embedded.json
 * by scripts/extract-schemas.js.
 */
export function embeddedSchema(type: EmbeddedType): OpenApiSchema {
  schemas ??= JSON.parse(fs.readFileSync(EMBEDDED_SCHEMAS_FILE, 'utf8')) as { [t in EmbeddedType]: OpenApiSchema };
  return schemas[type];
}
