/**
 * Validates custom resources against the `openAPIV3Schema` of their CRD in crds/, structurally,
 * as the API server does before CEL: type, properties, required, enum, items, minimum/maximum,
 * minItems/maxItems, minLength/maxLength, pattern, minProperties/maxProperties, int32/int64
 * ranges, nullable, x-kubernetes-preserve-unknown-fields, x-kubernetes-int-or-string and
 * additionalProperties. Unknown fields are reported (the API server would prune them silently).
 * `metadata` is only checked for a name (the API server validates ObjectMeta itself).
 * CEL rules (x-kubernetes-validations) are not evaluated.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';

const CRD_DIR = path.join(__dirname, '..', '..', 'crds');

type Schema = Record<string, any>;

let index: Map<string, Schema> | undefined;

/** `group/version Kind` → the version's openAPIV3Schema, for every CRD in crds/. */
function schemas(): Map<string, Schema> {
  if (index) return index;
  index = new Map();
  for (const file of fs.readdirSync(CRD_DIR).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of YAML.parseAllDocuments(fs.readFileSync(path.join(CRD_DIR, file), 'utf8'))) {
      const crd = doc.toJS();
      if (crd?.kind !== 'CustomResourceDefinition') continue;
      for (const v of crd.spec.versions) index.set(`${crd.spec.group}/${v.name} ${crd.spec.names.kind}`, v.schema.openAPIV3Schema);
    }
  }
  return index;
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

function checkString(s: Schema, v: string, p: string, errors: string[]): void {
  if (s.minLength !== undefined && v.length < s.minLength) errors.push(`${p}: shorter than minLength ${s.minLength}`);
  if (s.maxLength !== undefined && v.length > s.maxLength) errors.push(`${p}: longer than maxLength ${s.maxLength}`);
  if (s.pattern !== undefined && !new RegExp(s.pattern).test(v)) errors.push(`${p}: ${JSON.stringify(v)} does not match ${s.pattern}`);
}

function checkNumber(s: Schema, v: number, p: string, errors: string[]): void {
  if (s.minimum !== undefined && v < s.minimum) errors.push(`${p}: ${v} is less than minimum ${s.minimum}`);
  if (s.maximum !== undefined && v > s.maximum) errors.push(`${p}: ${v} is greater than maximum ${s.maximum}`);
  const range = FORMAT_RANGE[s.format];
  if (range && (v < range[0] || v > range[1])) errors.push(`${p}: ${v} is out of the ${s.format} range`);
}

function checkObject(s: Schema, v: Record<string, unknown>, p: string, errors: string[]): void {
  const props: Schema = s.properties ?? {};
  for (const r of s.required ?? []) if (v[r] === undefined) errors.push(`${child(p, r)}: required`);
  const keys = Object.keys(v).filter((k) => v[k] !== undefined);
  if (s.minProperties !== undefined && keys.length < s.minProperties) errors.push(`${p}: fewer than minProperties ${s.minProperties}`);
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) errors.push(`${p}: more than maxProperties ${s.maxProperties}`);
  for (const k of keys) {
    if (props[k]) validate(props[k], v[k], child(p, k), errors);
    else if (isObj(s.additionalProperties)) validate(s.additionalProperties, v[k], child(p, k), errors);
    else if (s.additionalProperties !== true && !s['x-kubernetes-preserve-unknown-fields']) errors.push(`${child(p, k)}: unknown field`);
  }
}

function checkArray(s: Schema, v: unknown[], p: string, errors: string[]): void {
  if (s.minItems !== undefined && v.length < s.minItems) errors.push(`${p}: fewer than minItems ${s.minItems}`);
  if (s.maxItems !== undefined && v.length > s.maxItems) errors.push(`${p}: more than maxItems ${s.maxItems}`);
  if (s.items) v.forEach((item, i) => validate(s.items, item, `${p}[${i}]`, errors));
}

function validate(s: Schema, v: unknown, p: string, errors: string[]): void {
  if (v === undefined) return;
  if (v === null) {
    if (!s.nullable) errors.push(`${p}: must not be null`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) errors.push(`${p}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  const t = typeOf(v);
  if (s['x-kubernetes-int-or-string']) {
    if (t === 'string') checkString(s, v as string, p, errors);
    else if (t !== 'integer') errors.push(`${p}: must be an integer or a string, not ${t}`);
    return;
  }
  if (s.type === undefined) {
    if (!s['x-kubernetes-preserve-unknown-fields'] && !s.properties) errors.push(`${p}: schema without type`);
    if (isObj(v) && s.properties) checkObject(s, v, p, errors);
    return;
  }
  const ok = s.type === t || (s.type === 'number' && t === 'integer');
  if (!ok) {
    errors.push(`${p}: must be ${s.type}, not ${t}`);
    return;
  }
  if (t === 'string') checkString(s, v as string, p, errors);
  else if (t === 'integer' || t === 'number') checkNumber(s, v as number, p, errors);
  else if (t === 'object') checkObject(s, v as Record<string, unknown>, p, errors);
  else if (t === 'array') checkArray(s, v as unknown[], p, errors);
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
    const found: string[] = [];
    if (!isObj(o.metadata) || typeof o.metadata.name !== 'string' || o.metadata.name === '') found.push('metadata.name: required');
    validate(schema, { ...o, metadata: {} }, '', found);
    errors.push(...found.map((e) => `${where} ${e.replace(/^\./, '')}`));
  }
  return errors;
}
