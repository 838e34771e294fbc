/**
 * Checks a v1alpha2 `LlamaStackDistribution.spec` the way the Kubernetes API server would
 * (the CRD's OpenAPI schema and CEL rules), with the CRD's bugs fixed to their intent (see
 * docs/design.md, "Deliberate deviations"), plus unknown-field and value sanity checks that
 * protect the config pipeline.
 *
 * The walk follows a fixed schema, so it never recurses into free-form data (`settings`,
 * Kubernetes-typed passthrough objects): any input, however deep or large, is checked in time
 * proportional to the schema-shaped part of it, and no input makes it throw.
 */
import { hostHoldsCredentials, isCredentialKey, isEnvReference, urlCredentials } from '../core/credential-keys';
import { embeddedSchema, EmbeddedType } from './embedded-schemas';
import { ConfigProblem } from '../core/errors';
import { EXTERNAL_PROVIDER_APIS } from './external-providers';
import { quoteValue } from '../core/quote';
import { describeSecretValue, isSecretPath } from '../core/redact';
import { checkSchema } from './schema-check';

/** Options for `validateSpec`. */
export interface ValidateSpecOptions {
  /**
   * A base config is supplied separately, so `distribution` may be left out.
   * @default false
   */
  readonly hasBaseConfig?: boolean;
  /**
   * API names `disabled` accepts: a server release's own names instead of the CRD's nine.
   * @default - the v1alpha2 CRD's names
   */
  readonly disableableApis?: string[];
  /**
   * Accept credentials written in plain text: credential keys in `settings` (`api_key`,
   * `password`, `token`…), URLs with a password or a credential query parameter, a postgres host
   * with a password. The operator pipeline writes them into the ConfigMap, and its conformance
   * data has them (`ConfigGenerator` sets this); everything that renders objects refuses them.
   * Either way, no message quotes them.
   * @default false
   */
  readonly allowPlaintextCredentials?: boolean;
}

/**
 * Returns every problem found in `spec` (empty when valid), in a stable order: the spec is
 * walked in schema order, and each object's own checks come before its fields' checks.
 */
export function validateSpec(spec: unknown, options?: ValidateSpecOptions): ConfigProblem[] {
  const ctx: Ctx = {
    hasBaseConfig: options?.hasBaseConfig === true,
    disableable: options?.disableableApis ?? DISABLEABLE_APIS,
    allowPlaintextCredentials: options?.allowPlaintextCredentials === true,
    idOwners: new Map(),
    problems: [],
    dropped: 0,
  };
  try {
    if (spec === undefined || spec === null) {
      report(ctx, ROOT, 'Required value', 'pass the LlamaStackDistribution spec object, e.g. {distribution: {name: "starter"}}');
    } else {
      collectIdOwners(spec, ctx);
      checkStruct(SPEC, spec, ROOT, ctx);
    }
  } catch (e) {
    // Belt and braces: the walk is written not to throw, but a caller must never see a TypeError.
    report(ctx, ROOT, `could not be validated: ${String(e)}`, 'pass a plain JSON object as the spec');
  }
  if (ctx.dropped > 0) {
    ctx.problems.push({ path: ROOT, message: `${ctx.dropped} more problems not listed`, fix: 'fix the problems listed above and validate again' });
  }
  return ctx.problems;
}

// ---------------------------------------------------------------------------------------------
// Plumbing

type Obj = Record<string, unknown>;

/** Checks one value found at `path`. */
type Check = (v: unknown, path: string, ctx: Ctx) => void;

/** An object-level rule (a CEL rule of the CRD, or one of our intent fixes). */
type Rule = (o: Obj, path: string, ctx: Ctx) => void;

interface Ctx {
  readonly hasBaseConfig: boolean;
  /** Names `disabled` accepts. */
  readonly disableable: readonly string[];
  /** Plaintext credentials are accepted (the operator pipeline), not reported. */
  readonly allowPlaintextCredentials: boolean;
  /** The path of the first provider using each effective id, across all five lists. */
  readonly idOwners: Map<string, string>;
  readonly problems: ConfigProblem[];
  dropped: number;
}

interface Field {
  readonly name: string;
  readonly check: Check;
  readonly required?: boolean | ((ctx: Ctx) => boolean);
  /** What to write, used in fixes, e.g. `the Secret name`. */
  readonly hint?: string;
}

interface Shape {
  readonly fields: readonly Field[];
  readonly rules?: readonly Rule[];
  /** A better fix for some unknown keys at this level. */
  readonly unknownHint?: (key: string) => string | undefined;
}

const ROOT = 'spec';

/** A bound on the list, so a huge garbage input cannot make a huge answer. */
const MAX_PROBLEMS = 1000;

/** `fix` may be lazy, so problems past the bound cost no suggestion search. */
function report(ctx: Ctx, path: string, message: string, fix: string | (() => string)): void {
  if (ctx.problems.length < MAX_PROBLEMS) {
    ctx.problems.push({ path, message, fix: typeof fix === 'string' ? fix : fix() });
  } else {
    ctx.dropped++;
  }
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only, so keys like `constructor` never reach the prototype. */
function get(o: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** CEL `has()`. The API server prunes null fields before validation, so null counts as absent. */
function has(o: Obj, key: string): boolean {
  const v = get(o, key);
  return v !== undefined && v !== null;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function itemPath(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** A value for a message, cut short and escaped so garbage input keeps messages readable. */
function show(v: string): string {
  return quoteValue(v);
}

// ---------------------------------------------------------------------------------------------
// Type errors

type Kind = 'string' | 'integer' | 'boolean' | 'array' | 'object' | 'integer or string';

const ARTICLE: Record<Kind, string> = {
  'string': 'a string',
  'integer': 'an integer',
  'boolean': 'a boolean',
  'array': 'an array',
  'object': 'an object',
  'integer or string': 'an integer or a string',
};

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return `the number ${String(v)}`;
  if (typeof v === 'string') return `the string ${show(v)}`;
  if (typeof v === 'object') return 'an object';
  return typeof v === 'boolean' ? `the boolean ${v}` : `a value of type ${typeof v}`;
}

function typeProblem(ctx: Ctx, path: string, kind: Kind, v: unknown): void {
  if (isSecretPath(path)) return secretTypeProblem(ctx, path, kind, v);
  report(ctx, path, `must be ${ARTICLE[kind]}`, typeFix(kind, v));
}

/**
 * A type error in a secret-bearing position (a Secret reference, a credential key): the value is
 * described, never quoted. A string where a Secret reference belongs is most likely the secret.
 */
function secretTypeProblem(ctx: Ctx, path: string, kind: Kind, v: unknown): void {
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

interface StrOpts {
  readonly minLength?: number;
  readonly enum?: readonly string[];
  /** What to write, used when the value is empty. */
  readonly hint?: string;
}

function str(opts: StrOpts = {}): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'string') return typeProblem(ctx, path, 'string', v);
    checkString(v, path, ctx, opts);
  };
}

function checkString(v: string, path: string, ctx: Ctx, opts: StrOpts): void {
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

interface IntOpts {
  readonly min?: number;
  readonly max?: number;
  readonly format?: 'int32' | 'int64';
}

/** JS numbers are exact only up to 2^53, so unbounded integers are held to that range. */
const FORMAT_RANGE = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;

function int(opts: IntOpts = {}): Check {
  const [lo, hi] = FORMAT_RANGE[opts.format ?? 'int64'];
  const min = Math.max(opts.min ?? lo, lo);
  const max = Math.min(opts.max ?? hi, hi);
  return (v, path, ctx) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return typeProblem(ctx, path, 'integer', v);
    if (v < min) report(ctx, path, `must be greater than or equal to ${min}`, `use ${min} or more`);
    if (v > max) report(ctx, path, `must be less than or equal to ${max}`, `use ${max} or less`);
  };
}

function bool(): Check {
  return (v, path, ctx) => {
    if (typeof v !== 'boolean') typeProblem(ctx, path, 'boolean', v);
  };
}

/** Free JSON (`settings`): the CRD admits any value; the pipeline checks its shape later. */
function anything(): Check {
  return () => undefined;
}

/** From the CRD's `workload.storage.size` pattern (also the size limits of emptyDirs, quantity.ts). */
export const QUANTITY = /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

function quantity(): Check {
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
function intOrPercent(): Check {
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

interface ListOpts {
  readonly minItems?: number;
  readonly maxItems?: number;
}

function list(item: Check, opts: ListOpts = {}): Check {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, opts)) return;
    for (let i = 0; i < v.length; i++) item(v[i], itemPath(path, i), ctx);
  };
}

function checkList(v: unknown, path: string, ctx: Ctx, opts: ListOpts): v is unknown[] {
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

function mapOf(value: Check, minProperties: number): Check {
  return (v, path, ctx) => {
    if (!isObj(v)) return typeProblem(ctx, path, 'object', v);
    const keys = Object.keys(v);
    if (keys.length < minProperties) report(ctx, path, `must have at least ${minProperties} entry`, 'add an entry, or remove the empty map');
    for (const key of keys) {
      if (v[key] !== undefined) value(v[key], childPath(path, key), ctx);
    }
  };
}

/** A Kubernetes-typed passthrough object: only its shape is checked here. */
/** A core/v1 type the CRD embeds, checked against the CRD's schema for it (types, required, unknown fields). */
function embedded(type: EmbeddedType): Check {
  return (v, path, ctx) => {
    if (!isObj(v)) return typeProblem(ctx, path, 'object', v);
    for (const p of checkSchema(embeddedSchema(type), v, path).problems) report(ctx, p.path, p.message, p.fix ?? '');
  };
}

function embeddedList(type: EmbeddedType): Check {
  return list(embedded(type), { minItems: 1 });
}

function struct(shape: Shape): Check {
  return (v, path, ctx) => checkStruct(shape, v, path, ctx);
}

/** Type, required fields, unknown fields, the object's rules, then each field in schema order. */
function checkStruct(shape: Shape, v: unknown, path: string, ctx: Ctx, extraRules: readonly Rule[] = []): void {
  if (!isObj(v)) return typeProblem(ctx, path, 'object', v);
  for (const f of shape.fields) {
    const required = typeof f.required === 'function' ? f.required(ctx) : f.required === true;
    if (required && !has(v, f.name)) report(ctx, childPath(path, f.name), 'Required value', `add ${f.name}${f.hint ? `: ${f.hint}` : ''}`);
  }
  checkUnknown(shape, v, path, ctx);
  for (const rule of shape.rules ?? []) rule(v, path, ctx);
  for (const rule of extraRules) rule(v, path, ctx);
  for (const f of shape.fields) {
    if (has(v, f.name)) f.check(get(v, f.name), childPath(path, f.name), ctx);
  }
}

/** The API server silently prunes unknown fields; a typo would be lost, so we report it. */
function checkUnknown(shape: Shape, v: Obj, path: string, ctx: Ctx): void {
  const known = shape.fields.map((f) => f.name);
  for (const key of Object.keys(v)) {
    if (known.includes(key) || v[key] === undefined) continue;
    report(ctx, childPath(path, key), `unknown field ${show(key)}`, () => {
      const near = closest(key, known);
      const hint = shape.unknownHint?.(key) ?? (near ? `did you mean "${near}"?` : 'remove it');
      return `${hint}; known fields: ${known.join(', ')}`;
    });
  }
}

/** The candidate a slip most likely meant: same letters ignoring case and `_`/`-`, or edit distance <= 2. */
function closest(s: string, candidates: readonly string[]): string | undefined {
  const norm = (x: string) => x.toLowerCase().replace(/[-_\s]/g, '');
  const exact = candidates.find((c) => norm(c) === norm(s));
  if (exact !== undefined || s.length > 40) return exact;
  return candidates.find((c) => editDistance(s.toLowerCase(), c.toLowerCase()) <= 2);
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = cur;
  }
  return prev[b.length];
}

// ---------------------------------------------------------------------------------------------
// Rules shared by several objects

/** CEL `!has(self.f) || self.f != ''`, reported on the object as the API server does. */
function nonEmptyIfSet(field: string, fix: string): Rule {
  return (o, path, ctx) => {
    if (get(o, field) === '') report(ctx, path, `${field} must not be empty if specified`, fix);
  };
}

// ---------------------------------------------------------------------------------------------
// Schema: providers

/** API names as `disabled` spells them, and the matching `providers` field, in schema order. */
const PROVIDER_APIS: ReadonlyArray<readonly [string, string]> = [
  ['inference', 'inference'],
  ['safety', 'safety'],
  ['vector_io', 'vectorIo'],
  ['tool_runtime', 'toolRuntime'],
  ['telemetry', 'telemetry'],
  // Library extensions: the server releases' other provider APIs (server targets only).
  ['files', 'files'],
  ['file_processors', 'fileProcessors'],
  ['responses', 'responses'],
  ['batches', 'batches'],
  ['messages', 'messages'],
  ['interactions', 'interactions'],
];

const DISABLEABLE_APIS = ['agents', 'datasetio', 'eval', 'inference', 'safety', 'scoring', 'telemetry', 'tool_runtime', 'vector_io'];

const SECRET_KEY_REF: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the Secret name' }), required: true, hint: '<Secret name>' },
    { name: 'key', check: str({ minLength: 1, hint: 'the key inside the Secret' }), required: true, hint: '<key inside the Secret>' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Plaintext credentials (not with allowPlaintextCredentials): each is reported, never quoted.

/** Bounds on the free-form data read for credentials: settings are user data of any size. */
const MAX_CREDENTIAL_SCAN_NODES = 10000;
const MAX_CREDENTIAL_SCAN_DEPTH = 64;

const IN_PLAIN_TEXT = 'it would be written as is into the generated config and objects';

/** A value that is a plaintext credential when found under a credential key. */
function plaintextValue(v: unknown): boolean {
  return (typeof v === 'string' && v !== '' && !isEnvReference(v)) || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Reports credential keys with plaintext values and URLs with credentials in free-form data
 * (`settings`, an external provider's `config`). `topFix` names the Secret reference for a
 * top-level key.
 */
function scanCredentials(v: unknown, path: string, ctx: Ctx, topFix: (key: string) => string): void {
  const budget = { nodes: MAX_CREDENTIAL_SCAN_NODES };
  const nestedFix = 'put it in a Secret and reference it with secretRefs: { <top-level config key>: { name, key } }, or expose the Secret as an env var (valueFrom.secretKeyRef) and write ${env.<NAME>} in its place';
  const visit = (x: unknown, at: string, depth: number, top: boolean, underKey: boolean): void => {
    if (--budget.nodes < 0 || depth > MAX_CREDENTIAL_SCAN_DEPTH) return;
    if (typeof x === 'string') {
      const creds = urlCredentials(x);
      if (creds !== undefined) {
        report(ctx, at, `the URL holds ${creds === 'password' ? 'a password' : 'a credential query parameter'} (${describeSecretValue(x)}, not shown): ${IN_PLAIN_TEXT}`,
          'remove it from the URL, put it in a Secret and reference it with secretRefs: { <config key>: { name: <Secret name>, key: <key> } }');
      }
      return;
    }
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        if (underKey && plaintextValue(x[i])) {
          report(ctx, itemPath(at, i), `a credential in plain text (${describeSecretValue(x[i])}, not shown): ${IN_PLAIN_TEXT}`, nestedFix);
        } else {
          visit(x[i], itemPath(at, i), depth + 1, false, underKey);
        }
      }
      return;
    }
    if (!isObj(x)) return;
    for (const key of Object.keys(x)) {
      const item = get(x, key);
      const credential = isCredentialKey(key);
      if (credential && plaintextValue(item)) {
        report(ctx, childPath(at, key), `${show(key)} is a credential in plain text (${describeSecretValue(item)}, not shown): ${IN_PLAIN_TEXT}`,
          top ? topFix(key) : nestedFix);
      } else {
        visit(item, childPath(at, key), depth + 1, false, credential);
      }
    }
  };
  visit(v, path, 0, true, false);
}

const SECRET_REF_HINT = '{ name: <Secret name>, key: <key> }';

/** A provider's endpoint and settings. */
function providerCredentialRules(o: Obj, path: string, ctx: Ctx): void {
  if (ctx.allowPlaintextCredentials) return;
  const endpoint = get(o, 'endpoint');
  const creds = urlCredentials(endpoint);
  if (creds !== undefined) {
    report(ctx, childPath(path, 'endpoint'),
      `the endpoint URL holds ${creds === 'password' ? 'a password (user:password@)' : 'a credential query parameter'} (${describeSecretValue(endpoint)}, not shown): ${IN_PLAIN_TEXT}`,
      `remove it from the URL, put it in a Secret and reference it with apiKey: ${SECRET_REF_HINT} or secretRefs: { <config key>: ${SECRET_REF_HINT} }`);
  }
  if (has(o, 'settings')) {
    scanCredentials(get(o, 'settings'), childPath(path, 'settings'), ctx, (key) => (normalizedApiKey(key)
      ? `put it in a Secret and reference it with apiKey: ${SECRET_REF_HINT} (written as ${key}), or secretRefs: { ${key}: ${SECRET_REF_HINT} }`
      : `put it in a Secret and reference it with secretRefs: { ${secretRefsKey(key)}: ${SECRET_REF_HINT} }`));
  }
}

/** An external provider's config. */
function externalProviderCredentialRules(o: Obj, path: string, ctx: Ctx): void {
  if (ctx.allowPlaintextCredentials || !has(o, 'config')) return;
  scanCredentials(get(o, 'config'), childPath(path, 'config'), ctx,
    (key) => `put it in a Secret and reference it with secretRefs: { ${secretRefsKey(key)}: ${SECRET_REF_HINT} }`);
}

function normalizedApiKey(key: string): boolean {
  return key === 'api_key';
}

/** A config key as written inside `secretRefs: { … }`. */
function secretRefsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : show(key);
}

const PROVIDER: Shape = {
  fields: [
    { name: 'id', check: str() },
    { name: 'provider', check: str({ minLength: 1, hint: 'the provider type without "remote::", e.g. vllm' }), required: true, hint: '<provider type, e.g. vllm>' },
    { name: 'endpoint', check: str() },
    { name: 'apiKey', check: struct(SECRET_KEY_REF) },
    { name: 'secretRefs', check: mapOf(struct(SECRET_KEY_REF), 1) },
    { name: 'settings', check: anything() },
  ],
  rules: [nonEmptyIfSet('id', 'remove id, or set it to a unique name'), providerCredentialRules],
};

/** The id a provider is known by: `id`, or `provider` in a one-element list. */
function effectiveId(p: Obj, listSize: number): { id: string; explicit: boolean } | undefined {
  const id = get(p, 'id');
  if (typeof id === 'string') return id === '' ? undefined : { id, explicit: true };
  const provider = get(p, 'provider');
  if (has(p, 'id') || listSize !== 1 || typeof provider !== 'string' || provider === '') return undefined;
  return { id: provider, explicit: false };
}

/** Ids must be unique across all five lists (design.md), so owners are found before the walk. */
function collectIdOwners(spec: unknown, ctx: Ctx): void {
  const providers = isObj(spec) ? get(spec, 'providers') : undefined;
  if (!isObj(providers)) return;
  for (const [, field] of PROVIDER_APIS) {
    const entries = get(providers, field);
    if (!Array.isArray(entries)) continue;
    for (let i = 0; i < entries.length; i++) {
      const entry: unknown = entries[i];
      const eid = isObj(entry) ? effectiveId(entry, entries.length) : undefined;
      if (eid && !ctx.idOwners.has(eid.id)) ctx.idOwners.set(eid.id, itemPath(`${ROOT}.providers.${field}`, i));
    }
  }
}

/** The CRD's list rules, reported on the offending entry; duplicates are checked across lists. */
function providerIdRules(listSize: number): Rule {
  return (o, path, ctx) => {
    if (listSize > 1 && !has(o, 'id')) {
      report(ctx, path, 'each provider must have an explicit id when multiple providers are specified', 'add id: <unique name>');
    }
    const eid = effectiveId(o, listSize);
    const owner = eid ? ctx.idOwners.get(eid.id) : undefined;
    if (!eid || owner === undefined || owner === path) return;
    if (eid.explicit) {
      report(ctx, childPath(path, 'id'), 'duplicate provider ids', `id "${eid.id}" is already used by ${owner}; give each provider a unique id`);
    } else {
      report(ctx, path, 'duplicate provider ids', `its id defaults to its provider "${eid.id}", which ${owner} already uses; add id: <unique name>`);
    }
  };
}

function providerList(): Check {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, { minItems: 1 })) return;
    const idRules = [providerIdRules(v.length)];
    for (let i = 0; i < v.length; i++) checkStruct(PROVIDER, v[i], itemPath(path, i), ctx, idRules);
  };
}

const PROVIDERS: Shape = {
  fields: PROVIDER_APIS.map(([, field]) => ({ name: field, check: providerList() })),
  unknownHint: (key) => {
    const api = PROVIDER_APIS.find(([disabledName]) => disabledName === key);
    return api ? `providers use camelCase: write "${api[1]}"` : undefined;
  },
};

/**
 * `spec.externalProviders`: the CRD's `inference` list of `{providerId, image}`, and this
 * library's extensions (the other lists; `providerType`, `module`, `config`, `secretRefs`),
 * which the server targets need and the operator pipeline reports (server-extensions.ts).
 */
const EXTERNAL_PROVIDER: Shape = {
  fields: [
    { name: 'providerId', check: str({ minLength: 1, hint: 'the provider id' }), required: true, hint: '<provider id>' },
    { name: 'image', check: str({ minLength: 1, hint: 'the provider image' }), required: true, hint: '<image reference>' },
    { name: 'providerType', check: str({ minLength: 1, hint: 'the provider type the image declares, e.g. remote::acme' }) },
    { name: 'module', check: str({ minLength: 1, hint: 'the Python package the image declares' }) },
    { name: 'config', check: mapOf(anything(), 0) },
    { name: 'secretRefs', check: mapOf(struct(SECRET_KEY_REF), 1) },
  ],
  rules: [externalProviderCredentialRules],
};

const EXTERNAL_PROVIDERS: Shape = {
  fields: EXTERNAL_PROVIDER_APIS.map(({ field }) => ({ name: field, check: list(struct(EXTERNAL_PROVIDER), { minItems: 1 }) })),
  unknownHint: (key) => {
    const api = EXTERNAL_PROVIDER_APIS.find((a) => a.api === key);
    return api ? `external provider lists use camelCase: write "${api.field}"` : undefined;
  },
};

// ---------------------------------------------------------------------------------------------
// Schema: resources, storage, disabled

const MODEL: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the model id the provider serves' }), required: true, hint: '<model id>' },
    { name: 'provider', check: str() },
    { name: 'contextLength', check: int() },
    { name: 'modelType', check: str() },
    { name: 'quantization', check: str() },
    // Library extensions (server targets): what registration needs.
    { name: 'embeddingDimension', check: int({ min: 1, format: 'int32' }) },
    { name: 'providerModelId', check: str({ minLength: 1 }) },
  ],
  rules: [
    nonEmptyIfSet('provider', 'remove provider (the first inference provider is used), or set it to a provider id'),
    nonEmptyIfSet('modelType', 'remove modelType, or set it, e.g. llm or embedding'),
    nonEmptyIfSet('quantization', 'remove quantization, or set it, e.g. int4'),
  ],
};

/** A model is a name (short form) or a ModelConfig object. */
function modelItem(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'string') return checkString(v, path, ctx, { minLength: 1, hint: 'a model id' });
    if (isObj(v)) return checkStruct(MODEL, v, path, ctx);
    report(ctx, path, 'must be a string or an object', `replace ${describe(v)} with a model name or {name: <model id>, provider: <provider id>}`);
  };
}

const SHIELD: Shape = {
  fields: [
    { name: 'name', check: str({ minLength: 1, hint: 'the shield id' }), required: true, hint: '<shield id>' },
    { name: 'provider', check: str({ minLength: 1 }) },
    { name: 'providerShieldId', check: str({ minLength: 1 }) },
    { name: 'params', check: anything() },
  ],
};

/** A shield is an id (the CRD's form) or a ShieldConfig object (library extension). */
function shieldItem(): Check {
  return (v, path, ctx) => {
    if (typeof v === 'string') return checkString(v, path, ctx, { minLength: 1, hint: 'a shield id' });
    if (isObj(v)) return checkStruct(SHIELD, v, path, ctx);
    report(ctx, path, 'must be a string or an object', `replace ${describe(v)} with a shield id or {name: <shield id>, provider: <provider id>}`);
  };
}

const RESOURCES: Shape = {
  fields: [
    { name: 'models', check: list(modelItem(), { minItems: 1 }) },
    { name: 'tools', check: list(str({ minLength: 1, hint: 'a tool group id' }), { minItems: 1 }) },
    { name: 'shields', check: list(shieldItem(), { minItems: 1 }) },
  ],
};

/** The store type after CRD defaulting, or undefined when invalid (its enum error is enough). */
function storeType(o: Obj, allowed: readonly string[]): string | undefined {
  const type = get(o, 'type');
  if (type === undefined || type === null) return 'sqlite';
  return typeof type === 'string' && allowed.includes(type) ? type : undefined;
}

const KV_TYPES = ['sqlite', 'redis'];
const SQL_TYPES = ['sqlite', 'postgres'];

/** A Redis URL with a password (`redis://:password@host`). */
function kvCredentialRules(o: Obj, path: string, ctx: Ctx): void {
  if (ctx.allowPlaintextCredentials) return;
  const endpoint = get(o, 'endpoint');
  const creds = urlCredentials(endpoint);
  if (creds === undefined) return;
  report(ctx, childPath(path, 'endpoint'),
    `the Redis URL holds ${creds === 'password' ? 'a password' : 'a credential query parameter'} (${describeSecretValue(endpoint)}, not shown): ${IN_PLAIN_TEXT}`,
    `write redis://<host>:<port> without it, put the password in a Secret and reference it with password: ${SECRET_REF_HINT}`);
}

/** A postgres host that is a URL (or user info) with a password in it. */
function sqlCredentialRules(o: Obj, path: string, ctx: Ctx): void {
  if (ctx.allowPlaintextCredentials) return;
  const host = get(o, 'host');
  if (!hostHoldsCredentials(host)) return;
  report(ctx, childPath(path, 'host'), `the host holds a password (${describeSecretValue(host)}, not shown): ${IN_PLAIN_TEXT}`,
    `give the host name alone (with port, db and user in their fields), put the password in a Secret and reference it with password: ${SECRET_REF_HINT}`);
}

function kvRules(o: Obj, path: string, ctx: Ctx): void {
  const type = storeType(o, KV_TYPES);
  if (type === undefined) return;
  if (type === 'redis' && !has(o, 'endpoint')) report(ctx, path, 'endpoint is required when type is redis', 'add endpoint: redis://<host>:6379');
  if (type !== 'redis' && has(o, 'endpoint')) report(ctx, path, 'endpoint is only valid when type is redis', 'remove endpoint, or set type: redis');
  if (type !== 'redis' && has(o, 'password')) report(ctx, path, 'password is only valid when type is redis', 'remove password, or set type: redis');
}

/** Library extension: discrete postgres fields, which real servers need (no release reads a connection string). */
const POSTGRES_FIELDS = ['host', 'port', 'db', 'user', 'password'];

function sqlRules(o: Obj, path: string, ctx: Ctx): void {
  const type = storeType(o, SQL_TYPES);
  if (type === undefined) return;
  const discrete = has(o, 'host') && has(o, 'user');
  if (type === 'postgres' && !has(o, 'connectionString') && !discrete) {
    report(ctx, path, 'connectionString is required when type is postgres',
      'add connectionString: {name: <Secret name>, key: <key>} (operator pipeline), or host, user, db and password (server targets)');
  }
  if (type !== 'postgres' && has(o, 'connectionString')) {
    report(ctx, path, 'connectionString is only valid when type is postgres', 'remove connectionString, or set type: postgres');
  }
  for (const f of POSTGRES_FIELDS) {
    if (type !== 'postgres' && has(o, f)) report(ctx, `${path}.${f}`, `${f} is only valid when type is postgres`, `remove ${f}, or set type: postgres`);
  }
  if (type === 'postgres' && !discrete && POSTGRES_FIELDS.some((f) => has(o, f))) {
    report(ctx, path, 'host and user are both required when postgres is given field by field', 'add the missing host or user');
  }
}

const STORAGE: Shape = {
  fields: [
    {
      name: 'kv',
      check: struct({
        fields: [
          { name: 'type', check: str({ enum: KV_TYPES }) },
          { name: 'endpoint', check: str() },
          { name: 'password', check: struct(SECRET_KEY_REF) },
        ],
        rules: [kvRules, kvCredentialRules],
      }),
    },
    {
      name: 'sql',
      check: struct({
        fields: [
          { name: 'type', check: str({ enum: SQL_TYPES }) },
          { name: 'connectionString', check: struct(SECRET_KEY_REF) },
          { name: 'host', check: str({ minLength: 1 }) },
          { name: 'port', check: int({ min: 1, max: 65535 }) },
          { name: 'db', check: str({ minLength: 1 }) },
          { name: 'user', check: str({ minLength: 1 }) },
          { name: 'password', check: struct(SECRET_KEY_REF) },
        ],
        rules: [sqlRules, sqlCredentialRules],
      }),
    },
  ],
};


/** The CRD's `self.all(...)` rule, reported on each offending entry. */
function disabledList(): Check {
  return (v, path, ctx) => {
    if (!checkList(v, path, ctx, {})) return;
    for (let i = 0; i < v.length; i++) {
      const name: unknown = v[i];
      const p = itemPath(path, i);
      if (typeof name !== 'string') {
        typeProblem(ctx, p, 'string', name);
      } else if (!ctx.disableable.includes(name)) {
        report(ctx, p, `disabled must contain valid API names (${ctx.disableable.join(', ')})`, () => {
          const near = closest(name, ctx.disableable);
          return near ? `use "${near}"` : `remove ${show(name)} (the message lists the API names)`;
        });
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Schema: networking

/** TLS CEL rules; a missing `enabled` counts as false (the CRD would fail with "no such key"). */
function tlsRules(o: Obj, path: string, ctx: Ctx): void {
  const enabled = get(o, 'enabled');
  if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') return;
  if (enabled === true && !has(o, 'secretName')) {
    report(ctx, path, 'secretName is required when TLS is enabled', 'add secretName: <name of a kubernetes.io/tls Secret>, or set enabled: false');
  }
  if (enabled !== true && has(o, 'secretName')) report(ctx, path, 'secretName is only valid when TLS is enabled', 'set enabled: true, or remove secretName');
  if (enabled !== true && has(o, 'caBundle')) {
    report(ctx, path, 'caBundle is only valid when TLS is enabled', 'set enabled: true (with secretName), or remove caBundle');
  }
}

const CA_BUNDLE: Shape = {
  fields: [
    { name: 'configMapName', check: str({ minLength: 1, hint: 'the ConfigMap name' }), required: true, hint: '<ConfigMap name>' },
    { name: 'configMapNamespace', check: str() },
    { name: 'configMapKeys', check: list(str({ minLength: 1, hint: 'a key of the ConfigMap' }), { minItems: 1, maxItems: 50 }) },
  ],
  rules: [nonEmptyIfSet('configMapNamespace', 'remove configMapNamespace (the CR namespace is used), or set it')],
};

const NETWORKING: Shape = {
  fields: [
    { name: 'port', check: int({ min: 1, max: 65535, format: 'int32' }) },
    {
      name: 'tls',
      check: struct({
        fields: [
          { name: 'enabled', check: bool() },
          // Stricter than the CRD (no minLength): a Secret named "" cannot be mounted.
          { name: 'secretName', check: str({ minLength: 1, hint: 'the name of a kubernetes.io/tls Secret' }) },
          { name: 'caBundle', check: struct(CA_BUNDLE) },
        ],
        rules: [tlsRules],
      }),
    },
    {
      name: 'expose',
      check: struct({
        fields: [
          { name: 'enabled', check: bool() },
          { name: 'hostname', check: str() },
        ],
        rules: [nonEmptyIfSet('hostname', 'remove hostname (one is generated), or set it')],
      }),
    },
    {
      name: 'allowedFrom',
      check: struct({
        fields: [
          { name: 'namespaces', check: list(str({ minLength: 1, hint: 'a namespace name, or "*"' }), { minItems: 1 }) },
          { name: 'labels', check: list(str({ minLength: 1, hint: 'a namespace label key' }), { minItems: 1 }) },
        ],
      }),
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schema: workload

/** The intent of the CRD's broken CEL (`self.maxReplicas >= *self.minReplicas`). */
function autoscalingRules(o: Obj, path: string, ctx: Ctx): void {
  const min = get(o, 'minReplicas');
  const max = get(o, 'maxReplicas');
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isInteger(min) || !Number.isInteger(max)) return;
  if (max < min) {
    report(ctx, path, 'maxReplicas must be greater than or equal to minReplicas', `raise maxReplicas to at least ${min}, or lower minReplicas to ${max} or less`);
  }
}

function pdbRules(o: Obj, path: string, ctx: Ctx): void {
  const min = has(o, 'minAvailable');
  const max = has(o, 'maxUnavailable');
  if (!min && !max) {
    report(ctx, path, 'at least one of minAvailable or maxUnavailable must be specified', 'add minAvailable or maxUnavailable, e.g. maxUnavailable: 1');
  }
  if (min && max) report(ctx, path, 'minAvailable and maxUnavailable are mutually exclusive', 'keep only one of minAvailable and maxUnavailable');
}

const OVERRIDES: Shape = {
  fields: [
    { name: 'serviceAccountName', check: str() },
    // Stricter than the CRD: a Pod rejects a negative grace period.
    { name: 'terminationGracePeriodSeconds', check: int({ min: 0, format: 'int64' }) },
    { name: 'env', check: embeddedList('envVar') },
    { name: 'command', check: list(str({ minLength: 1, hint: 'a command word' }), { minItems: 1 }) },
    { name: 'args', check: list(str({ minLength: 1, hint: 'an argument' }), { minItems: 1 }) },
    { name: 'volumes', check: embeddedList('volume') },
    { name: 'volumeMounts', check: embeddedList('volumeMount') },
  ],
  rules: [nonEmptyIfSet('serviceAccountName', 'remove serviceAccountName (one is generated), or set it')],
};

const WORKLOAD: Shape = {
  fields: [
    { name: 'replicas', check: int({ min: 0, format: 'int32' }) },
    { name: 'workers', check: int({ min: 1, format: 'int32' }) },
    { name: 'resources', check: embedded('resourceRequirements') },
    {
      name: 'autoscaling',
      check: struct({
        fields: [
          { name: 'minReplicas', check: int({ min: 1, format: 'int32' }) },
          { name: 'maxReplicas', check: int({ min: 1, format: 'int32' }), required: true, hint: '<at least minReplicas>' },
          { name: 'targetCPUUtilizationPercentage', check: int({ min: 1, max: 100, format: 'int32' }) },
          { name: 'targetMemoryUtilizationPercentage', check: int({ min: 1, max: 100, format: 'int32' }) },
        ],
        rules: [autoscalingRules],
      }),
    },
    {
      name: 'storage',
      check: struct({
        fields: [
          { name: 'size', check: quantity() },
          { name: 'mountPath', check: str() },
        ],
        rules: [nonEmptyIfSet('mountPath', 'remove mountPath (/.llama is used), or set an absolute path')],
      }),
    },
    {
      name: 'podDisruptionBudget',
      check: struct({
        fields: [
          { name: 'minAvailable', check: intOrPercent() },
          { name: 'maxUnavailable', check: intOrPercent() },
        ],
        rules: [pdbRules],
      }),
    },
    { name: 'topologySpreadConstraints', check: embeddedList('topologySpreadConstraint') },
    { name: 'overrides', check: struct(OVERRIDES) },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schema: spec

function distributionRules(o: Obj, path: string, ctx: Ctx): void {
  const name = has(o, 'name');
  const image = has(o, 'image');
  if (name && image) report(ctx, path, 'only one of name or image can be specified', 'remove either name or image');
  if (!name && !image && !ctx.hasBaseConfig) {
    report(ctx, path, 'one of name or image must be specified', 'add name: <distribution, e.g. starter>, or image: <image reference>');
  }
}

const MUTUALLY_EXCLUSIVE_WITH_OVERRIDE = ['providers', 'resources', 'storage', 'disabled'];

function overrideConfigRules(o: Obj, path: string, ctx: Ctx): void {
  if (!has(o, 'overrideConfig')) return;
  for (const field of MUTUALLY_EXCLUSIVE_WITH_OVERRIDE) {
    if (has(o, field)) {
      report(ctx, path, `overrideConfig and ${field} are mutually exclusive`,
        `remove ${path}.${field}, or remove ${path}.overrideConfig (it replaces the whole generated config)`);
    }
  }
}

/** All five APIs: the CRD's rules for vectorIo/toolRuntime compare camelCase names and never fire. */
function disabledConflictRules(o: Obj, path: string, ctx: Ctx): void {
  const disabled = get(o, 'disabled');
  const providers = get(o, 'providers');
  if (!Array.isArray(disabled) || !isObj(providers)) return;
  for (const [disabledName, field] of PROVIDER_APIS) {
    const entries = get(providers, field);
    if (disabled.includes(disabledName) && Array.isArray(entries) && entries.length > 0) {
      report(ctx, path, `${field} cannot be both in providers and disabled`,
        `remove "${disabledName}" from ${path}.disabled, or remove ${path}.providers.${field}`);
    }
  }
}

const MANIFEST_KEYS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];

const SPEC: Shape = {
  fields: [
    {
      name: 'distribution',
      check: struct({ fields: [{ name: 'name', check: str() }, { name: 'image', check: str() }], rules: [distributionRules] }),
      required: (ctx) => !ctx.hasBaseConfig,
      hint: '{name: <distribution, e.g. starter>} or {image: <image reference>}',
    },
    { name: 'providers', check: struct(PROVIDERS) },
    { name: 'resources', check: struct(RESOURCES) },
    { name: 'storage', check: struct(STORAGE) },
    { name: 'disabled', check: disabledList() },
    { name: 'networking', check: struct(NETWORKING) },
    { name: 'workload', check: struct(WORKLOAD) },
    {
      name: 'externalProviders',
      check: struct(EXTERNAL_PROVIDERS),
    },
    {
      name: 'overrideConfig',
      check: struct({
        fields: [{ name: 'configMapName', check: str({ minLength: 1, hint: 'the ConfigMap name' }), required: true, hint: '<ConfigMap name>' }],
      }),
    },
  ],
  rules: [overrideConfigRules, disabledConflictRules],
  unknownHint: (key) => (MANIFEST_KEYS.includes(key) ? 'pass only the manifest\'s spec, not the whole LlamaStackDistribution object' : undefined),
};
