/**
 * A parser and evaluator for the subset of CEL (https://github.com/google/cel-spec) that the
 * `x-kubernetes-validations` rules of the CRDs in crds/ use, so tests can run those rules without
 * an API server. Anything outside the subset is a parse error, so no rule can pass by being
 * misunderstood:
 *
 * - `self` and macro variables; field selection `a.b`; `has(a.b)`
 * - `!`, `&&`, `||`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, parentheses
 * - string literals ('…' or "…", simple escapes), int literals, list literals
 * - `.size()`, `.startsWith(s)`, `.toSet()` (the distinct values, as a list; not a Kubernetes CEL
 *   function, operator-rules.md §7: evaluated for the duplicate-id rule's intent)
 * - the two-variable-free macros `.all(x, e)`, `.exists(x, e)`, `.filter(x, e)`, `.map(x, e)`
 * - Kubernetes' `quantity(s)` and `q.isGreaterThan(r)`
 *
 * Semantics follow CEL where it matters for validation: selecting an absent field is an error
 * (`has()` is the way to test presence); `||` and `&&` are commutative, so `error || true` is true
 * and `error && false` is false, and likewise `all`/`exists` over elements; any other error is
 * the result of the rule.
 */

type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
type Method = 'size' | 'startsWith' | 'toSet' | 'isGreaterThan';
type Macro = 'all' | 'exists' | 'filter' | 'map';

type Expr =
  | { k: 'ident'; name: string }
  | { k: 'lit'; value: string | number }
  | { k: 'list'; items: Expr[] }
  | { k: 'select'; target: Expr; field: string }
  | { k: 'has'; target: Expr; field: string }
  | { k: 'not'; e: Expr }
  | { k: 'or' | 'and'; l: Expr; r: Expr }
  | { k: 'cmp'; op: CmpOp; l: Expr; r: Expr }
  | { k: 'call'; fn: Method; target: Expr; args: Expr[] }
  | { k: 'quantity'; arg: Expr }
  | { k: 'macro'; fn: Macro; target: Expr; v: string; body: Expr };

/** A parsed rule. */
export interface CelProgram {
  readonly rule: string;
  readonly ast: Expr;
}

/** A runtime error (no such key, no such overload, …): the rule fails with it. */
export class CelEvalError extends Error {}

// ---------------------------------------------------------------------------------------------
// Lexer

type Token = { t: 'ident' | 'int' | 'str' | 'op' | 'eof'; v: string; at: number };

const OPS = ['||', '&&', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']', ',', '.'];
const ESCAPES: { [c: string]: string } = { '\\': '\\', '\'': '\'', '"': '"', 'n': '\n', 'r': '\r', 't': '\t' };

function lex(src: string, fail: (what: string, at: number) => never): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    const digits = /^[0-9]+/.exec(src.slice(i));
    const op = OPS.find((o) => src.startsWith(o, i));
    if (word) {
      out.push({ t: 'ident', v: word[0], at: i });
      i += word[0].length;
    } else if (digits) {
      out.push({ t: 'int', v: digits[0], at: i });
      i += digits[0].length;
    } else if (c === '\'' || c === '"') {
      let s = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === '\n') fail('newline in string literal', j);
        if (src[j] !== '\\') {
          s += src[j];
          continue;
        }
        const e = ESCAPES[src[++j]];
        if (e === undefined) fail(`unsupported escape \\${src[j] ?? ''}`, j - 1);
        s += e;
      }
      if (j >= src.length) fail('unterminated string literal', i);
      out.push({ t: 'str', v: s, at: i });
      i = j + 1;
    } else if (op) {
      out.push({ t: 'op', v: op, at: i });
      i += op.length;
    } else {
      fail(`unexpected character ${JSON.stringify(c)}`, i);
    }
  }
  out.push({ t: 'eof', v: '', at: src.length });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parser (recursive descent; CEL precedence: || < && < relations < unary < member)

const METHOD_ARITY: { [m in Method]: number } = { size: 0, startsWith: 1, toSet: 0, isGreaterThan: 1 };
const MACROS: readonly string[] = ['all', 'exists', 'filter', 'map'];
const CMP_OPS: readonly string[] = ['==', '!=', '<', '<=', '>', '>='];
/** Expressions that cannot be a bool: CEL's type check rejects such a rule. */
const NOT_BOOL: readonly string[] = ['lit', 'list', 'quantity'];

/** Parses `rule`; throws an Error naming the rule for anything outside the subset. */
export function parseCel(rule: string): CelProgram {
  function fail(what: string, at: number): never {
    throw new Error(`cannot parse CEL rule ${JSON.stringify(rule)}: ${what} at column ${at + 1}`);
  }
  const toks = lex(rule, fail);
  const scope: string[] = ['self'];
  let pos = 0;

  const peek = (): Token => toks[pos];
  const isOp = (v: string): boolean => peek().t === 'op' && peek().v === v;
  const eat = (v: string): boolean => (isOp(v) ? (pos++, true) : false);
  const describe = (t: Token): string => (t.t === 'eof' ? 'end of rule' : `${JSON.stringify(t.v)}`);
  const expect = (v: string): void => {
    if (!eat(v)) fail(`expected ${JSON.stringify(v)}, found ${describe(peek())}`, peek().at);
  };
  const ident = (): string => {
    const t = peek();
    if (t.t !== 'ident') fail(`expected an identifier, found ${describe(t)}`, t.at);
    pos++;
    return t.v;
  };

  function args(): Expr[] {
    const out: Expr[] = [];
    if (eat(')')) return out;
    do out.push(or()); while (eat(','));
    expect(')');
    return out;
  }

  function primary(): Expr {
    const t = peek();
    if (t.t === 'int') {
      pos++;
      const value = Number(t.v);
      if (!Number.isSafeInteger(value)) fail(`int literal ${t.v} out of range`, t.at);
      return { k: 'lit', value };
    }
    if (t.t === 'str') {
      pos++;
      return { k: 'lit', value: t.v };
    }
    if (eat('(')) {
      const e = or();
      expect(')');
      return e;
    }
    if (eat('[')) {
      const items: Expr[] = [];
      while (!isOp(']')) {
        items.push(or());
        if (!eat(',')) break;
      }
      expect(']');
      return { k: 'list', items };
    }
    if (t.t !== 'ident' || t.v === 'in') fail(`unexpected ${describe(t)}`, t.at);
    pos++;
    if (!eat('(')) {
      if (!scope.includes(t.v)) fail(`undeclared reference ${JSON.stringify(t.v)}`, t.at);
      return { k: 'ident', name: t.v };
    }
    const a = args();
    if (a.length !== 1) fail(`${t.v}() takes one argument`, t.at);
    if (t.v === 'quantity') return { k: 'quantity', arg: a[0] };
    if (t.v !== 'has') fail(`unsupported function ${t.v}()`, t.at);
    const sel = a[0];
    if (sel.k !== 'select') return fail('has() needs a field selection', t.at);
    return { k: 'has', target: sel.target, field: sel.field };
  }

  function member(): Expr {
    let e = primary();
    while (eat('.')) {
      const at = peek().at;
      const name = ident();
      if (!eat('(')) {
        e = { k: 'select', target: e, field: name };
      } else if (MACROS.includes(name)) {
        const v = ident();
        expect(',');
        scope.push(v);
        const body = or();
        scope.pop();
        expect(')');
        e = { k: 'macro', fn: name as Macro, target: e, v, body };
      } else if (name in METHOD_ARITY) {
        const a = args();
        if (a.length !== METHOD_ARITY[name as Method]) fail(`${name}() takes ${METHOD_ARITY[name as Method]} argument(s)`, at);
        e = { k: 'call', fn: name as Method, target: e, args: a };
      } else {
        fail(`unsupported method ${name}()`, at);
      }
    }
    return e;
  }

  function unary(): Expr {
    return eat('!') ? { k: 'not', e: unary() } : member();
  }

  function relation(): Expr {
    let l = unary();
    for (;;) {
      const t = peek();
      const op = t.t === 'op' && CMP_OPS.includes(t.v) ? t.v : t.t === 'ident' && t.v === 'in' ? 'in' : undefined;
      if (!op) return l;
      pos++;
      l = { k: 'cmp', op: op as CmpOp, l, r: unary() };
    }
  }

  function and(): Expr {
    let l = relation();
    while (eat('&&')) l = { k: 'and', l, r: relation() };
    return l;
  }

  function or(): Expr {
    let l = and();
    while (eat('||')) l = { k: 'or', l, r: and() };
    return l;
  }

  const ast = or();
  if (peek().t !== 'eof') fail(`unexpected ${describe(peek())}`, peek().at);
  const nonBool = NOT_BOOL.includes(ast.k) || (ast.k === 'call' && ast.fn !== 'startsWith' && ast.fn !== 'isGreaterThan')
    || (ast.k === 'macro' && (ast.fn === 'filter' || ast.fn === 'map'));
  if (nonBool) fail('the rule does not evaluate to a bool', 0);
  return { rule, ast };
}

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

/** A resource.Quantity as an exact fraction, so '1.1' equals '1100m' (floats would not). */
export class Quantity {
  constructor(readonly num: bigint, readonly den: bigint) {}

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

// ---------------------------------------------------------------------------------------------
// Evaluator

type Scope = ReadonlyMap<string, unknown>;

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Quantity);
}

/** A map's keys; an `undefined` value is an absent key (it would not survive serialization). */
function keysOf(m: Record<string, unknown>): string[] {
  return Object.keys(m).filter((k) => m[k] !== undefined);
}

function typeName(v: unknown): string {
  if (v === null) return 'null_type';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Quantity) return 'kubernetes.Quantity';
  return isMap(v) ? 'map' : typeof v;
}

function noOverload(what: string, ...vs: unknown[]): never {
  throw new CelEvalError(`no such overload: ${what}(${vs.map(typeName).join(', ')})`);
}

/** CEL's heterogeneous equality: values of different types are unequal, not an error. */
function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a instanceof Quantity && b instanceof Quantity) return a.compare(b) === 0;
  if (isMap(a) && isMap(b)) {
    const ka = keysOf(a);
    return ka.length === keysOf(b).length && ka.every((k) => b[k] !== undefined && equal(a[k], b[k]));
  }
  return a === b;
}

/** Runs `fn`, returning a CelEvalError instead of throwing it (for the commutative operators). */
function attempt<T>(fn: () => T): T | CelEvalError {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CelEvalError) return e;
    throw e;
  }
}

function bool(v: unknown, what: string): boolean {
  return typeof v === 'boolean' ? v : noOverload(what, v);
}

/** `||` (absorbing true) or `&&` (absorbing false) over lazily evaluated operands, CEL style. */
function logic(absorbing: boolean, operands: Array<() => unknown>, what: string): boolean {
  let err: CelEvalError | undefined;
  for (const operand of operands) {
    const r = attempt(() => bool(operand(), what));
    if (r === absorbing) return absorbing;
    if (r instanceof CelEvalError) err ??= r;
  }
  if (err) throw err;
  return !absorbing;
}

function elements(v: unknown, what: string): unknown[] {
  if (Array.isArray(v)) return v;
  if (isMap(v)) return keysOf(v); // macros over a map range over its keys
  return noOverload(what, v);
}

function field(target: unknown, name: string): unknown {
  if (!isMap(target)) throw new CelEvalError(`type ${typeName(target)} does not support field selection`);
  if (target[name] === undefined) throw new CelEvalError(`no such key: ${name}`);
  return target[name];
}

function compare(op: CmpOp, l: unknown, r: unknown): boolean {
  switch (op) {
    case '==': return equal(l, r);
    case '!=': return !equal(l, r);
    case 'in':
      if (Array.isArray(r)) return r.some((x) => equal(l, x));
      if (isMap(r) && typeof l === 'string') return r[l] !== undefined;
      return noOverload('in', l, r);
    default:
      if (typeof l !== 'number' || typeof r !== 'number') return noOverload(op, l, r);
      return op === '<' ? l < r : op === '<=' ? l <= r : op === '>' ? l > r : l >= r;
  }
}

function call(fn: Method, t: unknown, a: unknown[]): unknown {
  switch (fn) {
    case 'size':
      if (typeof t === 'string') return [...t].length; // code points, as CEL counts
      if (Array.isArray(t)) return t.length;
      return isMap(t) ? keysOf(t).length : noOverload(fn, t);
    case 'startsWith':
      return typeof t === 'string' && typeof a[0] === 'string' ? t.startsWith(a[0]) : noOverload(fn, t, a[0]);
    case 'toSet':
      if (!Array.isArray(t)) return noOverload(fn, t);
      return t.filter((x, i) => t.findIndex((y) => equal(x, y)) === i);
    case 'isGreaterThan':
      return t instanceof Quantity && a[0] instanceof Quantity ? t.compare(a[0]) > 0 : noOverload(fn, t, a[0]);
  }
}

function ev(e: Expr, scope: Scope): unknown {
  switch (e.k) {
    case 'ident': return scope.get(e.name);
    case 'lit': return e.value;
    case 'list': return e.items.map((i) => ev(i, scope));
    case 'select': return field(ev(e.target, scope), e.field);
    case 'has': {
      const t = ev(e.target, scope);
      if (!isMap(t)) throw new CelEvalError(`has() on type ${typeName(t)}`);
      return t[e.field] !== undefined;
    }
    case 'not': return !bool(ev(e.e, scope), '!');
    case 'or': return logic(true, [() => ev(e.l, scope), () => ev(e.r, scope)], '||');
    case 'and': return logic(false, [() => ev(e.l, scope), () => ev(e.r, scope)], '&&');
    case 'cmp': return compare(e.op, ev(e.l, scope), ev(e.r, scope));
    case 'call': return call(e.fn, ev(e.target, scope), e.args.map((a) => ev(a, scope)));
    case 'quantity': {
      const s = ev(e.arg, scope);
      return typeof s === 'string' ? parseQuantity(s) : noOverload('quantity', s);
    }
    case 'macro': {
      const items = elements(ev(e.target, scope), e.fn);
      const body = (x: unknown): unknown => ev(e.body, new Map(scope).set(e.v, x));
      switch (e.fn) {
        case 'all': return logic(false, items.map((x) => () => body(x)), 'all');
        case 'exists': return logic(true, items.map((x) => () => body(x)), 'exists');
        case 'filter': return items.filter((x) => bool(body(x), 'filter'));
        case 'map': return items.map(body);
      }
    }
  }
}

/** The value of `program` with `self` bound; throws CelEvalError on a runtime error. */
export function evaluateCel(program: CelProgram, self: unknown): unknown {
  return ev(program.ast, new Map([['self', self]]));
}

/** Whether the rule holds for `self`; throws CelEvalError on a runtime error or a non-bool result. */
export function ruleHolds(program: CelProgram, self: unknown): boolean {
  return bool(evaluateCel(program, self), 'rule result');
}
