/**
 * Validates custom resources against the `openAPIV3Schema` of their CRD in crds/, structurally
 * (src/spec/schema-check.ts, as the API server does before CEL; unknown fields are reported).
 * `metadata` is only checked for a name (the API server validates ObjectMeta itself).
 *
 * Then, as the API server does, the CEL rules (x-kubernetes-validations) of every node whose value
 * is present, with `self` bound to that value (cel.ts: @bufbuild/cel and the Kubernetes functions the rules use). As on the
 * API server, both run on the object with the schema's defaults applied.
 *
 * The CRD is picked by the object's `apiVersion` and `kind`: the library's own CRDs, and the
 * Gateway API standard-channel HTTPRoute CRD (v1 and v1beta1) for the routes `expose.gateway` emits.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { CelEvalError, CelProgram, parseCel, ruleHolds } from './cel';
import { checkSchema } from '../../src/spec/schema-check';

const CRD_DIR = path.join(__dirname, '..', '..', 'crds');

type Schema = Record<string, any>;

/**
 * Rules of the CRDs in crds/ that are not valid CEL, so the API server would reject the CRD
 * itself; they are skipped. Any other rule that does not parse makes crdSchemaErrors throw.
 */
export const KNOWN_INVALID_RULES: readonly string[] = [
  // llamastack.io v1alpha2 spec.workload.autoscaling: CEL has no unary `*`. docs/config-generator.md ("the
  // CRD's rule does not compile") and src/spec/validate-spec.ts enforce its intent, maxReplicas >= minReplicas, instead.
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

/**
 * The object as the API server stores it before validating: every absent property with a
 * `default` filled in, wherever its parent object is present (and inside filled-in defaults).
 */
function withDefaults(s: Schema | undefined, v: unknown): unknown {
  if (!s || typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return s.items ? v.map((x) => withDefaults(s.items, x)) : v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [k, child] of Object.entries<Schema>(s.properties ?? {})) {
    if (out[k] === undefined && child.default !== undefined) out[k] = structuredClone(child.default);
    if (out[k] !== undefined) out[k] = withDefaults(child, out[k]);
  }
  if (typeof s.additionalProperties === 'object') {
    for (const k of Object.keys(out)) if (!(s.properties ?? {})[k]) out[k] = withDefaults(s.additionalProperties, out[k]);
  }
  return out;
}

/** The object as the API server stores it: its CRD's defaults filled in (`kubectl get` returns these). */
export function withCrdDefaults<T>(o: T): T {
  const schema = schemas().get(`${(o as any)?.apiVersion} ${(o as any)?.kind}`);
  if (!schema) throw new Error(`no CRD in crds/ for ${(o as any)?.apiVersion} ${(o as any)?.kind}`);
  return withDefaults(schema, o) as T;
}

/** One error per failing rule: its message (or the rule), plus the evaluation error if there was one. */
function checkRules(s: Schema, v: unknown, p: string, errors: string[]): void {
  for (const r of s['x-kubernetes-validations']) {
    const program = compileRule(r.rule);
    if (!program) continue; // KNOWN_INVALID_RULES
    const at = `${p}${r.fieldPath ?? ''}`;
    const what = r.message ?? `failed rule: ${r.rule}`;
    try {
      if (!ruleHolds(program, v, s)) errors.push(`${at}: ${what}`);
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
    const found: string[] = [];
    const named = typeof o.metadata === 'object' && o.metadata !== null && typeof o.metadata.name === 'string' && o.metadata.name !== '';
    if (!named) found.push('metadata.name: Required value');
    const rules: Array<{ s: Schema; v: unknown; p: string }> = [];
    const structural = checkSchema(schema, withDefaults(schema, { ...o, metadata: {} }), '', (s, v, p) => {
      if (s['x-kubernetes-validations']) rules.push({ s, v, p });
    });
    found.push(...structural.problems.map((p) => `${p.path}: ${p.message}`));
    // The API server skips CEL after a blocking error; that never hides a problem, as there is one.
    if (named && !structural.blocked) for (const r of rules) checkRules(r.s, r.v, r.p, found);
    errors.push(...found.map((e) => `${where} ${e.replace(/^\./, '')}`));
  }
  return errors;
}
