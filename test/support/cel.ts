/**
 * Runs the `x-kubernetes-validations` rules of the CRDs in crds/ without an API server, on
 * @bufbuild/cel: CEL's standard library and its strings extension (`trim()`, `lowerAscii()`, …,
 * which Kubernetes enables too), plus what the rules use that only Kubernetes adds:
 *
 * - `quantity(s)` and `q.isGreaterThan(r)`, `q.isLessThan(r)`, `q.compareTo(r)` (Kubernetes'
 *   quantity library); a quantity is a one-entry map `{'kubernetes.Quantity': 'num/den'}` (an exact,
 *   reduced fraction, so `quantity('1.1') == quantity('1100m')`), as @bufbuild/cel has no custom types;
 * - `l.toSet()`: the distinct values of a list. Not a Kubernetes CEL function (operator-rules.md §7);
 *   evaluated for the duplicate-id rule's intent.
 *
 * As on the API server, a rule is compiled first: a syntax error, a function that none of these
 * libraries has, or a variable other than `self` (and the macros' own) makes the rule invalid, so
 * no rule can pass by being misunderstood. `self` is converted as the API server does: an integer
 * is an `int` (a `double` where the schema says `type: number`), an absent (`undefined`) key and a
 * `null` the schema does not allow (`nullable`) are absent, and where the schema has `properties` their names are escaped (`namespace`, a CEL
 * reserved word, is `__namespace__`; `a-b` is `a__dash__b`).
 */
import { celEnv, celFunc, celMethod, CelScalar, isCelError, isCelList, isCelMap, mapType, listType, parse, plan } from '@bufbuild/cel';
import type { CelInput, CelList, CelMap, CelValue } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';

type Schema = Record<string, any>;

/** A compiled rule. */
export interface CelProgram {
  readonly rule: string;
  readonly run: (bindings: { self: CelInput }) => unknown;
}

/** A runtime error (no such key, no such overload, …): the rule fails with it. */
export class CelEvalError extends Error {}

// ---------------------------------------------------------------------------------------------
// Kubernetes quantities

const SUFFIX: { [s: string]: [bigint, bigint] } = {
  Ki: [2n ** 10n, 1n],
  Mi: [2n ** 20n, 1n],
  Gi: [2n ** 30n, 1n],
  Ti: [2n ** 40n, 1n],
  Pi: [2n ** 50n, 1n],
  Ei: [2n ** 60n, 1n],
  n: [1n, 10n ** 9n],
  u: [1n, 10n ** 6n],
  m: [1n, 10n ** 3n],
  k: [10n ** 3n, 1n],
  M: [10n ** 6n, 1n],
  G: [10n ** 9n, 1n],
  T: [10n ** 12n, 1n],
  P: [10n ** 15n, 1n],
  E: [10n ** 18n, 1n],
};

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** A resource.Quantity as an exact, reduced fraction, so '1.1' equals '1100m' (floats would not). */
export class Quantity {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint, den: bigint) {
    const g = gcd(num < 0n ? -num : num, den);
    this.num = num / g;
    this.den = den / g;
  }

  /** Negative, zero or positive as this is less than, equal to or greater than `o`. */
  compare(o: Quantity): number {
    const a = this.num * o.den;
    const b = o.num * this.den;
    return a < b ? -1 : a > b ? 1 : 0;
  }
}

/** Parses a Kubernetes quantity ('500m', '10Gi', '1.5', '1e3'); throws CelEvalError when invalid. */
export function parseQuantity(s: string): Quantity {
  const m = /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?[0-9]+))?$/.exec(s);
  if (!m) throw new CelEvalError(`quantities must match the regular expression of resource.Quantity: ${JSON.stringify(s)}`);
  const [whole, frac = ''] = m[2].split('.');
  let num = BigInt(whole + frac || '0') * (m[1] === '-' ? -1n : 1n);
  let den = 10n ** BigInt(frac.length);
  if (m[3]) {
    num *= SUFFIX[m[3]][0];
    den *= SUFFIX[m[3]][1];
  } else if (m[4]) {
    const exp = BigInt(m[4]);
    if (exp >= 0n) num *= 10n ** exp;
    else den *= 10n ** -exp;
  }
  return new Quantity(num, den);
}

const QUANTITY_KEY = 'kubernetes.Quantity';
const QUANTITY = mapType(CelScalar.STRING, CelScalar.STRING);

function quantityOf(v: CelMap, what: string): Quantity {
  const f = v.get(QUANTITY_KEY);
  if (v.size !== 1 || typeof f !== 'string') throw new CelEvalError(`no such overload: ${what}(map)`);
  const [num, den] = f.split('/');
  return new Quantity(BigInt(num), BigInt(den));
}

// ---------------------------------------------------------------------------------------------
// The environment

/** CEL equality's key for a value, so `toSet()` keeps one of each (1 and 1.0 are equal, as in CEL). */
function setKey(v: CelValue): string {
  if (isCelList(v)) return `[${[...v].map(setKey).join(',')}]`;
  if (isCelMap(v)) return `{${[...v].map(([k, x]) => `${setKey(k)}:${setKey(x)}`).sort().join(',')}}`;
  if (typeof v === 'bigint' || typeof v === 'number') return `n${Number(v)}`;
  return `${typeof v}${JSON.stringify(v)}`;
}

const KUBERNETES = [
  celFunc('quantity', [CelScalar.STRING], QUANTITY, (s) => {
    const q = parseQuantity(s);
    return new Map([[QUANTITY_KEY, `${q.num}/${q.den}`]]);
  }),
  celMethod('isGreaterThan', QUANTITY, [QUANTITY], CelScalar.BOOL, function (o) {
    return quantityOf(this, 'isGreaterThan').compare(quantityOf(o, 'isGreaterThan')) > 0;
  }),
  celMethod('isLessThan', QUANTITY, [QUANTITY], CelScalar.BOOL, function (o) {
    return quantityOf(this, 'isLessThan').compare(quantityOf(o, 'isLessThan')) < 0;
  }),
  celMethod('compareTo', QUANTITY, [QUANTITY], CelScalar.INT, function (o) {
    return BigInt(quantityOf(this, 'compareTo').compare(quantityOf(o, 'compareTo')));
  }),
  celMethod('toSet', listType(CelScalar.DYN), [], listType(CelScalar.DYN), function () {
    const seen = new Set<string>();
    return [...(this as CelList)].filter((x) => !seen.has(setKey(x)) && !!seen.add(setKey(x)));
  }),
];

const ENV = celEnv({ funcs: [...strings, ...KUBERNETES] });

/** Operators and macros the evaluator provides itself rather than as functions. */
const BUILT_IN = ['_&&_', '_||_', '_?_:_', '_[_]', '@not_strictly_false'];

/** Every function the rule calls is known and every variable is `self` or a macro's; throws what is not. */
function checkNames(e: any, scope: readonly string[], fail: (what: string) => never): void {
  const kind = e?.exprKind;
  switch (kind?.case) {
    case 'identExpr':
      if (!scope.includes(kind.value.name)) fail(`undeclared reference ${JSON.stringify(kind.value.name)}`);
      return;
    case 'selectExpr':
      return checkNames(kind.value.operand, scope, fail);
    case 'callExpr':
      if (!BUILT_IN.includes(kind.value.function) && !ENV.funcs.find(kind.value.function)) fail(`undeclared function ${kind.value.function}()`);
      if (kind.value.target) checkNames(kind.value.target, scope, fail);
      return kind.value.args.forEach((a: unknown) => checkNames(a, scope, fail));
    case 'listExpr':
      return kind.value.elements.forEach((a: unknown) => checkNames(a, scope, fail));
    case 'structExpr':
      return kind.value.entries.forEach((en: any) => {
        if (en.keyKind.case === 'mapKey') checkNames(en.keyKind.value, scope, fail);
        checkNames(en.value, scope, fail);
      });
    case 'comprehensionExpr': {
      const c = kind.value;
      checkNames(c.iterRange, scope, fail);
      checkNames(c.accuInit, scope, fail);
      const inner = [...scope, c.iterVar, c.iterVar2, c.accuVar].filter((v) => v !== '');
      for (const part of [c.loopCondition, c.loopStep]) checkNames(part, inner, fail);
      return checkNames(c.result, [...scope, c.accuVar], fail);
    }
    default: // constants
  }
}

/** Compiles `rule`, as the API server does when the CRD is created; throws an Error naming the rule if it is invalid. */
export function parseCel(rule: string): CelProgram {
  const fail = (what: string): never => {
    throw new Error(`cannot parse CEL rule ${JSON.stringify(rule)}: ${what}`);
  };
  let parsed: ReturnType<typeof parse> | undefined;
  try {
    parsed = parse(rule);
  } catch (e) {
    fail((e as Error).message);
  }
  checkNames(parsed!.expr, ['self'], fail);
  const run = plan(ENV, parsed!) as (bindings: { self: CelInput }) => unknown;
  return { rule, run };
}

// ---------------------------------------------------------------------------------------------
// Values

/** CEL's reserved words: a property named like one is `__word__` in a rule. */
const RESERVED: readonly string[] = [
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
];

/** The name a rule uses for property `name` (Kubernetes' escaping), or undefined when no rule can reach it. */
export function escapeProperty(name: string): string | undefined {
  if (RESERVED.includes(name)) return `__${name}__`;
  if (!/^[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*$/.test(name)) return undefined;
  const by: { [c: string]: string } = { '__': '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };
  return name.replace(/__|[.\-/]/g, (c) => by[c]);
}

/** `v` as the API server binds it to `self` for a node of schema `s` (no schema: maps keep their keys). */
export function celValue(v: unknown, s?: Schema): CelInput {
  if (typeof v === 'number') return Number.isInteger(v) && s?.type !== 'number' ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map((x) => celValue(x, s?.items));
  if (typeof v !== 'object' || v === null) return v as CelInput;
  const props: Schema | undefined = s?.properties;
  const out = new Map<string, CelInput>();
  for (const [k, x] of Object.entries(v)) {
    const child = props?.[k] ?? (typeof s?.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (x === undefined) continue; // an absent key (it would not survive serialization)
    if (x === null && child && !child.nullable) continue; // the API server prunes a null it does not allow
    const name = props ? escapeProperty(k) : k;
    if (name !== undefined) out.set(name, celValue(x, child));
  }
  return out;
}

/** The value of `program` with `self` bound to `self` (for schema node `schema`); throws CelEvalError on a runtime error. */
export function evaluateCel(program: CelProgram, self: unknown, schema?: Schema): unknown {
  const r = program.run({ self: celValue(self, schema) });
  if (isCelError(r)) throw new CelEvalError(r.message);
  return r;
}

/** Whether the rule holds for `self`; throws CelEvalError on a runtime error or a non-bool result. */
export function ruleHolds(program: CelProgram, self: unknown, schema?: Schema): boolean {
  const r = evaluateCel(program, self, schema);
  if (typeof r !== 'boolean') throw new CelEvalError(`the rule gave a ${isCelList(r) ? 'list' : isCelMap(r) ? 'map' : typeof r}, not a bool`);
  return r;
}
