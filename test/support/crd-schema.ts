/**
 * Validates custom resources against the `openAPIV3Schema` of their CRD in crds/, structurally,
 * as the API server does before CEL: type, properties, required, enum, items, minimum/maximum,
 * minItems/maxItems, minLength/maxLength, pattern, minProperties/maxProperties, int32/int64
 * ranges, nullable, x-kubernetes-preserve-unknown-fields, x-kubernetes-int-or-string and
 * additionalProperties. Unknown fields are reported (the API server would prune them silently).
 * `metadata` is only checked for a name (the API server validates ObjectMeta itself).
 *
 * Then, as the API server does, the CEL rules (x-kubernetes-validations) of every node whose value
 * is present, with `self` bound to that value (see cel.ts for the subset understood). The API
 * server evaluates them after defaulting; defaults are not applied here, so the object is checked
 * as given: a CR that leaves a rule's field to its default fails with "no such key".
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { CelEvalError, CelProgram, parseCel, ruleHolds } from './cel';

const CRD_DIR = path.join(__dirname, '..', '..', 'crds');

type Schema = Record<string, any>;

/**
 * Rules of the CRDs in crds/ that are not valid CEL, so the API server would reject the CRD
 * itself; they are skipped. Any other rule that does not parse makes crdSchemaErrors throw.
 */
export const KNOWN_INVALID_RULES: readonly string[] = [
  // llamastack.io v1alpha2 spec.workload.autoscaling: CEL has no unary `*`. README ("the CRD's rule does not
  // compile") and src/config/validate-spec.ts enforce its intent, maxReplicas >= minReplicas, instead.
  '!has(self.minReplicas) || self.maxReplicas >= *self.minReplicas',
];

/** Parsed rules by rule text; `undefined` for a known-invalid rule. */
const programs = new Map<string, CelProgram | undefined>();

/** The parsed rule (cached); undefined for a KNOWN_INVALID_RULES rule; throws for any other unparseable rule. */
export function compileRule(rule: string): CelProgram | undefined {
  if (programs.has(rule)) return programs.get(rule);
  let program: CelProgram | undefined;
  try {
    program = parseCel(rule);
  } catch (e) {
    if (!KNOWN_INVALID_RULES.includes(rule)) throw e;
  }
  if (program && KNOWN_INVALID_RULES.includes(rule)) throw new Error(`known-invalid CEL rule now parses, update KNOWN_INVALID_RULES: ${rule}`);
  programs.set(rule, program);
  return program;
}

/** Compiles the rules of every node, so an unparseable rule fails every call, not just the CRs that reach it. */
function compileAll(s: Schema): void {
  if (typeof s !== 'object' || s === null) return;
  for (const r of s['x-kubernetes-validations'] ?? []) compileRule(r.rule);
  for (const c of Object.values<Schema>(s.properties ?? {})) compileAll(c);
  compileAll(s.items);
  compileAll(s.additionalProperties);
}

let index: Map<string, Schema> | undefined;

/** `group/version Kind` → the version's openAPIV3Schema, for every CRD in crds/. */
function schemas(): Map<string, Schema> {
  if (index) return index;
  const found = new Map<string, Schema>();
  for (const file of fs.readdirSync(CRD_DIR).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of YAML.parseAllDocuments(fs.readFileSync(path.join(CRD_DIR, file), 'utf8'))) {
      const crd = doc.toJS();
      if (crd?.kind !== 'CustomResourceDefinition') continue;
      for (const v of crd.spec.versions) {
        try {
          compileAll(v.schema.openAPIV3Schema);
        } catch (e) {
          throw new Error(`crds/${file} ${v.name}: ${(e as Error).message}`);
        }
        found.set(`${crd.spec.group}/${v.name} ${crd.spec.names.kind}`, v.schema.openAPIV3Schema);
      }
    }
  }
  index = found; // only once every rule compiled, so a failure repeats on every call
  return index;
}

/** What one walk over an object finds. */
interface Walk {
  errors: string[];
  /**
   * A type, required, enum, maxLength, maxItems or maxProperties error: the API server then skips
   * the CEL rules (apiextensions-apiserver's hasBlockingErr), as the object lacks the shape they assume.
   */
  blocked: boolean;
  /** Nodes with CEL rules and a value, parents first, evaluated after the structural walk. */
  rules: Array<{ s: Schema; v: unknown; p: string }>;
}

function blocking(w: Walk, error: string): void {
  w.errors.push(error);
  w.blocked = true;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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

function child(p: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${p}.${key}` : `${p}[${JSON.stringify(key)}]`;
}

function checkString(s: Schema, v: string, p: string, w: Walk): void {
  if (s.minLength !== undefined && v.length < s.minLength) w.errors.push(`${p}: shorter than minLength ${s.minLength}`);
  if (s.maxLength !== undefined && v.length > s.maxLength) blocking(w, `${p}: longer than maxLength ${s.maxLength}`);
  if (s.pattern !== undefined && !new RegExp(s.pattern).test(v)) w.errors.push(`${p}: ${JSON.stringify(v)} does not match ${s.pattern}`);
}

function checkNumber(s: Schema, v: number, p: string, w: Walk): void {
  if (s.minimum !== undefined && v < s.minimum) w.errors.push(`${p}: ${v} is less than minimum ${s.minimum}`);
  if (s.maximum !== undefined && v > s.maximum) w.errors.push(`${p}: ${v} is greater than maximum ${s.maximum}`);
  const range = FORMAT_RANGE[s.format];
  if (range && (v < range[0] || v > range[1])) w.errors.push(`${p}: ${v} is out of the ${s.format} range`);
}

function checkObject(s: Schema, v: Record<string, unknown>, p: string, w: Walk): void {
  const props: Schema = s.properties ?? {};
  for (const r of s.required ?? []) if (v[r] === undefined) blocking(w, `${child(p, r)}: required`);
  const keys = Object.keys(v).filter((k) => v[k] !== undefined);
  if (s.minProperties !== undefined && keys.length < s.minProperties) w.errors.push(`${p}: fewer than minProperties ${s.minProperties}`);
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) blocking(w, `${p}: more than maxProperties ${s.maxProperties}`);
  for (const k of keys) {
    if (props[k]) validate(props[k], v[k], child(p, k), w);
    else if (isObj(s.additionalProperties)) validate(s.additionalProperties, v[k], child(p, k), w);
    else if (s.additionalProperties !== true && !s['x-kubernetes-preserve-unknown-fields']) w.errors.push(`${child(p, k)}: unknown field`);
  }
}

function checkArray(s: Schema, v: unknown[], p: string, w: Walk): void {
  if (s.minItems !== undefined && v.length < s.minItems) w.errors.push(`${p}: fewer than minItems ${s.minItems}`);
  if (s.maxItems !== undefined && v.length > s.maxItems) blocking(w, `${p}: more than maxItems ${s.maxItems}`);
  if (s.items) v.forEach((item, i) => validate(s.items, item, `${p}[${i}]`, w));
}

function validate(s: Schema, v: unknown, p: string, w: Walk): void {
  if (v === undefined) return;
  if (v === null) {
    if (!s.nullable) blocking(w, `${p}: must not be null`);
    return;
  }
  if (s['x-kubernetes-validations']) w.rules.push({ s, v, p });
  if (s.enum && !s.enum.includes(v)) blocking(w, `${p}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  const t = typeOf(v);
  if (s['x-kubernetes-int-or-string']) {
    if (t === 'string') checkString(s, v as string, p, w);
    else if (t !== 'integer') blocking(w, `${p}: must be an integer or a string, not ${t}`);
    return;
  }
  if (s.type === undefined) {
    if (!s['x-kubernetes-preserve-unknown-fields'] && !s.properties) w.errors.push(`${p}: schema without type`);
    if (isObj(v) && s.properties) checkObject(s, v, p, w);
    return;
  }
  const ok = s.type === t || (s.type === 'number' && t === 'integer');
  if (!ok) {
    blocking(w, `${p}: must be ${s.type}, not ${t}`);
    return;
  }
  if (t === 'string') checkString(s, v as string, p, w);
  else if (t === 'integer' || t === 'number') checkNumber(s, v as number, p, w);
  else if (t === 'object') checkObject(s, v as Record<string, unknown>, p, w);
  else if (t === 'array') checkArray(s, v as unknown[], p, w);
}

/** One error per failing rule: its message (or the rule), plus the evaluation error if there was one. */
function checkRules(s: Schema, v: unknown, p: string, errors: string[]): void {
  for (const r of s['x-kubernetes-validations']) {
    const program = compileRule(r.rule);
    if (!program) continue; // KNOWN_INVALID_RULES
    const at = `${p}${r.fieldPath ?? ''}`;
    const what = r.message ?? `failed rule: ${r.rule}`;
    try {
      if (!ruleHolds(program, v)) errors.push(`${at}: ${what}`);
    } catch (e) {
      if (!(e instanceof CelEvalError)) throw e;
      errors.push(`${at}: ${what} (evaluation error: ${e.message})`);
    }
  }
}

/** One message per problem (`<kind>/<name> <path>: <what>`); empty when every object is valid. */
export function crdSchemaErrors(...objects: any[]): string[] {
  const errors: string[] = [];
  for (const o of objects) {
    const key = `${o?.apiVersion} ${o?.kind}`;
    const schema = schemas().get(key);
    const where = `${o?.kind}/${o?.metadata?.name}`;
    if (!schema) {
      errors.push(`${where}: no CRD in crds/ for ${key}`);
      continue;
    }
    // metadata is ObjectMeta, which the API server checks itself (the CRD only says `type: object`).
    const w: Walk = { errors: [], blocked: false, rules: [] };
    if (!isObj(o.metadata) || typeof o.metadata.name !== 'string' || o.metadata.name === '') blocking(w, 'metadata.name: required');
    validate(schema, { ...o, metadata: {} }, '', w);
    // Skipping CEL never hides a problem: a blocked walk already has errors.
    if (!w.blocked) for (const r of w.rules) checkRules(r.s, r.v, r.p, w.errors);
    errors.push(...w.errors.map((e) => `${where} ${e.replace(/^\./, '')}`));
  }
  return errors;
}
