/**
 * A parser and evaluator for the subset of CEL (https://github.com/google/cel-spec) that the
 * `x-kubernetes-validations` rules of the CRDs in crds/ use, so tests can run those rules without
 * an API server. Anything outside the subset is a parse error, so no rule can pass by being
 * misunderstood:
 *
 * - `self` and macro variables; field selection `a.b` (Kubernetes' escaped property names, such as
 *   `__namespace__` for `namespace`, a CEL reserved word); `has(a.b)`; indexing `a[i]`, `m['k']`
 * - `!`, `&&`, `||`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `+`, `c ? a : b`, parentheses
 * - string literals ('…', "…", '''…''', """…""", simple escapes; raw r'…' forms), int literals,
 *   `true`, `false`, list literals
 * - `.size()` and `size(x)`, `.startsWith(s)`, `.endsWith(s)`, `.contains(s)`, `.trim()` (Kubernetes'
 *   strings library), `.matches(re)` (RE2, run as a JavaScript unicode RegExp: enough for the
 *   CRDs' patterns), `.toSet()` (the distinct
 *   values, as a list; not a Kubernetes CEL function, operator-rules.md §7: evaluated for the
 *   duplicate-id rule's intent)
 * - the two-variable-free macros `.all(x, e)`, `.exists(x, e)`, `.exists_one(x, e)`,
 *   `.filter(x, e)`, `.map(x, e)`
 * - Kubernetes' `quantity(s)` and `q.isGreaterThan(r)`; `duration(s)` (Go duration strings), compared
 *   with `==`, `!=`, `<`, `<=`, `>`, `>=`
 *
 * Semantics follow CEL where it matters for validation: selecting an absent field is an error
 * (`has()` is the way to test presence); `||` and `&&` are commutative, so `error || true` is true
 * and `error && false` is false, and likewise `all`/`exists` over elements; any other error is
 * the result of the rule.
 */

type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
type Method = 'size' | 'startsWith' | 'endsWith' | 'contains' | 'matches' | 'trim' | 'toSet' | 'isGreaterThan';
type Macro = 'all' | 'exists' | 'exists_one' | 'filter' | 'map';

type Expr =
  | { k: 'ident'; name: string }
  | { k: 'lit'; value: string | number | boolean }
  | { k: 'list'; items: Expr[] }
  | { k: 'select'; target: Expr; field: string }
  | { k: 'index'; target: Expr; key: Expr }
  | { k: 'has'; target: Expr; field: string }
  | { k: 'not'; e: Expr }
  | { k: 'or' | 'and'; l: Expr; r: Expr }
  | { k: 'cmp'; op: CmpOp; l: Expr; r: Expr }
  | { k: 'add'; l: Expr; r: Expr }
  | { k: 'cond'; c: Expr; t: Expr; f: Expr }
  | { k: 'call'; fn: Method; target: Expr; args: Expr[] }
  | { k: 'quantity'; arg: Expr }
  | { k: 'duration'; arg: Expr }
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

const OPS = ['||', '&&', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']', ',', '.', '?', ':', '+'];
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
    const raw = (c === 'r' || c === 'R') && (src[i + 1] === '\'' || src[i + 1] === '"');
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    const digits = /^[0-9]+/.exec(src.slice(i));
    const op = OPS.find((o) => src.startsWith(o, i));
    if (raw || c === '\'' || c === '"') {
      const start = raw ? i + 1 : i;
      const q = src.startsWith(src[start].repeat(3), start) ? src[start].repeat(3) : src[start];
      let s = '';
      let j = start + q.length;
      for (; j < src.length && !src.startsWith(q, j); j++) {
        if (src[j] === '\n' && q.length === 1) fail('newline in string literal', j);
        if (src[j] !== '\\' || raw) {
          s += src[j];
          continue;
        }
        const e = ESCAPES[src[++j]];
        if (e === undefined) fail(`unsupported escape \\${src[j] ?? ''}`, j - 1);
        s += e;
      }
      if (j >= src.length) fail('unterminated string literal', i);
      out.push({ t: 'str', v: s, at: i });
      i = j + q.length;
    } else if (word) {
      out.push({ t: 'ident', v: word[0], at: i });
      i += word[0].length;
    } else if (digits) {
      out.push({ t: 'int', v: digits[0], at: i });
      i += digits[0].length;
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
// Parser (recursive descent; CEL precedence: ?: < || < && < relations < + < unary < member)

const METHOD_ARITY: { [m in Method]: number } = { size: 0, startsWith: 1, endsWith: 1, contains: 1, matches: 1, trim: 0, toSet: 0, isGreaterThan: 1 };
const BOOL_METHODS: readonly string[] = ['startsWith', 'endsWith', 'contains', 'matches', 'isGreaterThan'];
const MACROS: readonly string[] = ['all', 'exists', 'exists_one', 'filter', 'map'];
const CMP_OPS: readonly string[] = ['==', '!=', '<', '<=', '>', '>='];
/** CEL's reserved words: no identifier or field may be one (Kubernetes escapes such a property as `__word__`). */
const RESERVED: readonly string[] = [
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
];

/**
 * The property name a field selection means: Kubernetes escapes a property named like a reserved
 * word as `__word__`, and `__`, `.`, `-`, `/` in names as `__underscores__`, `__dot__`, `__dash__`, `__slash__`.
 */
export function unescapeField(name: string): string {
  const word = /^__(.+)__$/.exec(name);
  if (word && RESERVED.includes(word[1])) return word[1];
  const by: { [k: string]: string } = { underscores: '__', dot: '.', dash: '-', slash: '/' };
  return name.replace(/__(underscores|dot|dash|slash)__/g, (_m, k: string) => by[k]);
}

/** Whether `e` is surely a bool (`yes`), surely not one (`no`), or only known when evaluated. */
function boolness(e: Expr): 'yes' | 'no' | 'dyn' {
  switch (e.k) {
    case 'lit': return typeof e.value === 'boolean' ? 'yes' : 'no';
    case 'list': case 'quantity': case 'duration': case 'add': return 'no';
    case 'has': case 'not': case 'or': case 'and': case 'cmp': return 'yes';
    case 'call': return BOOL_METHODS.includes(e.fn) ? 'yes' : 'no';
    case 'macro': return e.fn === 'filter' || e.fn === 'map' ? 'no' : 'yes';
    case 'cond': {
      const [t, f] = [boolness(e.t), boolness(e.f)];
      return t === 'no' || f === 'no' ? 'no' : t === 'yes' && f === 'yes' ? 'yes' : 'dyn';
    }
    default: return 'dyn';
  }
}

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
    do out.push(expr()); while (eat(','));
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
      const e = expr();
      expect(')');
      return e;
    }
    if (eat('[')) {
      const items: Expr[] = [];
      while (!isOp(']')) {
        items.push(expr());
        if (!eat(',')) break;
      }
      expect(']');
      return { k: 'list', items };
    }
    if (t.t !== 'ident' || t.v === 'in') fail(`unexpected ${describe(t)}`, t.at);
    pos++;
    if (t.v === 'true' || t.v === 'false') return { k: 'lit', value: t.v === 'true' };
    if (RESERVED.includes(t.v)) fail(`reserved identifier ${JSON.stringify(t.v)}`, t.at);
    if (!eat('(')) {
      if (!scope.includes(t.v)) fail(`undeclared reference ${JSON.stringify(t.v)}`, t.at);
      return { k: 'ident', name: t.v };
    }
    const a = args();
    if (a.length !== 1) fail(`${t.v}() takes one argument`, t.at);
    if (t.v === 'quantity') return { k: 'quantity', arg: a[0] };
    if (t.v === 'duration') return { k: 'duration', arg: a[0] };
    if (t.v === 'size') return { k: 'call', fn: 'size', target: a[0], args: [] };
    if (t.v !== 'has') fail(`unsupported function ${t.v}()`, t.at);
    const sel = a[0];
    if (sel.k !== 'select') return fail('has() needs a field selection', t.at);
    return { k: 'has', target: sel.target, field: sel.field };
  }

  function member(): Expr {
    let e = primary();
    for (;;) {
      if (eat('[')) {
        e = { k: 'index', target: e, key: expr() };
        expect(']');
        continue;
      }
      if (!eat('.')) return e;
      const at = peek().at;
      const name = ident();
      if (RESERVED.includes(name)) fail(`reserved identifier ${JSON.stringify(name)}`, at);
      if (!eat('(')) {
        e = { k: 'select', target: e, field: unescapeField(name) };
      } else if (MACROS.includes(name)) {
        const v = ident();
        if (RESERVED.includes(v)) fail(`reserved identifier ${JSON.stringify(v)}`, at);
        expect(',');
        scope.push(v);
        const body = expr();
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
  }

  function unary(): Expr {
    return eat('!') ? { k: 'not', e: unary() } : member();
  }

  function addition(): Expr {
    let l = unary();
    while (eat('+')) l = { k: 'add', l, r: unary() };
    return l;
  }

  function relation(): Expr {
    let l = addition();
    for (;;) {
      const t = peek();
      const op = t.t === 'op' && CMP_OPS.includes(t.v) ? t.v : t.t === 'ident' && t.v === 'in' ? 'in' : undefined;
      if (!op) return l;
      pos++;
      l = { k: 'cmp', op: op as CmpOp, l, r: addition() };
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

  function expr(): Expr {
    const c = or();
    if (!eat('?')) return c;
    const t = or();
    expect(':');
    return { k: 'cond', c, t, f: expr() };
  }

  const ast = expr();
  if (peek().t !== 'eof') fail(`unexpected ${describe(peek())}`, peek().at);
  if (boolness(ast) === 'no') fail('the rule does not evaluate to a bool', 0);
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
// Durations

/** A google.protobuf.Duration, in nanoseconds. */
export class Duration {
  constructor(readonly nanos: bigint) {}
}

const DURATION_UNIT: { [u: string]: bigint } = {
  h: 3_600_000_000_000n, m: 60_000_000_000n, s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, µs: 1_000n, ns: 1n,
};

/** Parses a duration string as CEL's duration() does (Go's time.ParseDuration: '1h30m', '1.5s', '0'); throws CelEvalError when invalid. */
export function parseDuration(s: string): Duration {
  const m = /^([-+]?)(0|(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:h|ms|m|s|us|µs|ns))+)$/.exec(s);
  if (!m) throw new CelEvalError(`invalid duration ${JSON.stringify(s)}`);
  let nanos = 0n;
  for (const [, whole, frac = '', unit] of m[2].matchAll(/([0-9]*)(?:\.([0-9]*))?(h|ms|m|s|us|µs|ns)/g)) {
    const scale = 10n ** BigInt(frac.length);
    nanos += (BigInt(whole || '0') * scale + BigInt(frac || '0')) * DURATION_UNIT[unit] / scale;
  }
  return new Duration(m[1] === '-' ? -nanos : nanos);
}

// ---------------------------------------------------------------------------------------------
// Evaluator

type Scope = ReadonlyMap<string, unknown>;

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Quantity) && !(v instanceof Duration);
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
  if (v instanceof Duration) return 'google.protobuf.Duration';
  return isMap(v) ? 'map' : typeof v;
}

function noOverload(what: string, ...vs: unknown[]): never {
  throw new CelEvalError(`no such overload: ${what}(${vs.map(typeName).join(', ')})`);
}

/** CEL's heterogeneous equality: values of different types are unequal, not an error. */
function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a instanceof Quantity && b instanceof Quantity) return a.compare(b) === 0;
  if (a instanceof Duration && b instanceof Duration) return a.nanos === b.nanos;
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
    default: {
      const [a, b] = l instanceof Duration && r instanceof Duration ? [l.nanos, r.nanos] : [l, r];
      if ((typeof a !== 'number' || typeof b !== 'number') && (typeof a !== 'bigint' || typeof b !== 'bigint')) return noOverload(op, l, r);
      return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
    }
  }
}

/** `+`: int addition (an error past 2^53, where JavaScript numbers stop being exact), string and list concatenation. */
function add(l: unknown, r: unknown): unknown {
  if (typeof l === 'number' && typeof r === 'number' && Number.isInteger(l) && Number.isInteger(r)) {
    const sum = l + r;
    if (!Number.isSafeInteger(sum)) throw new CelEvalError('integer overflow');
    return sum;
  }
  if (typeof l === 'string' && typeof r === 'string') return l + r;
  if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
  return noOverload('+', l, r);
}

/** `a[i]`: a list element by int index, or a map value by key. */
function index(t: unknown, k: unknown): unknown {
  if (Array.isArray(t)) {
    if (typeof k !== 'number' || !Number.isInteger(k)) return noOverload('[]', t, k);
    if (k < 0 || k >= t.length) throw new CelEvalError(`index out of bounds: ${k}`);
    return t[k];
  }
  if (isMap(t)) {
    if (typeof k !== 'string' || t[k] === undefined) throw new CelEvalError(`no such key: ${String(k)}`);
    return t[k];
  }
  return noOverload('[]', t, k);
}

/** Compiled `matches` patterns by source. */
const regexps = new Map<string, RegExp>();

/** `s.matches(re)`: whether RE2 pattern `re` matches anywhere in `s` (as CEL; anchors are the pattern's). */
function matchesRe(s: string, re: string): boolean {
  let compiled = regexps.get(re);
  if (!compiled) {
    try {
      compiled = new RegExp(re, 'u');
    } catch (e) {
      throw new CelEvalError(`invalid regular expression ${JSON.stringify(re)}: ${(e as Error).message}`);
    }
    regexps.set(re, compiled);
  }
  return compiled.test(s);
}

function call(fn: Method, t: unknown, a: unknown[]): unknown {
  switch (fn) {
    case 'size':
      if (typeof t === 'string') return [...t].length; // code points, as CEL counts
      if (Array.isArray(t)) return t.length;
      return isMap(t) ? keysOf(t).length : noOverload(fn, t);
    case 'startsWith':
      return typeof t === 'string' && typeof a[0] === 'string' ? t.startsWith(a[0]) : noOverload(fn, t, a[0]);
    case 'endsWith':
      return typeof t === 'string' && typeof a[0] === 'string' ? t.endsWith(a[0]) : noOverload(fn, t, a[0]);
    case 'contains':
      return typeof t === 'string' && typeof a[0] === 'string' ? t.includes(a[0]) : noOverload(fn, t, a[0]);
    case 'matches':
      return typeof t === 'string' && typeof a[0] === 'string' ? matchesRe(t, a[0]) : noOverload(fn, t, a[0]);
    case 'trim': // Kubernetes' strings library: leading and trailing Unicode white space removed
      return typeof t === 'string' ? t.replace(/^[\p{White_Space}]+|[\p{White_Space}]+$/gu, '') : noOverload(fn, t);
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
    case 'index': return index(ev(e.target, scope), ev(e.key, scope));
    case 'has': {
      const t = ev(e.target, scope);
      if (!isMap(t)) throw new CelEvalError(`has() on type ${typeName(t)}`);
      return t[e.field] !== undefined;
    }
    case 'not': return !bool(ev(e.e, scope), '!');
    case 'or': return logic(true, [() => ev(e.l, scope), () => ev(e.r, scope)], '||');
    case 'and': return logic(false, [() => ev(e.l, scope), () => ev(e.r, scope)], '&&');
    case 'cmp': return compare(e.op, ev(e.l, scope), ev(e.r, scope));
    case 'add': return add(ev(e.l, scope), ev(e.r, scope));
    case 'cond': return bool(ev(e.c, scope), '?:') ? ev(e.t, scope) : ev(e.f, scope);
    case 'call': return call(e.fn, ev(e.target, scope), e.args.map((a) => ev(a, scope)));
    case 'quantity': {
      const s = ev(e.arg, scope);
      return typeof s === 'string' ? parseQuantity(s) : noOverload('quantity', s);
    }
    case 'duration': {
      const s = ev(e.arg, scope);
      return typeof s === 'string' ? parseDuration(s) : noOverload('duration', s);
    }
    case 'macro': {
      const items = elements(ev(e.target, scope), e.fn);
      const body = (x: unknown): unknown => ev(e.body, new Map(scope).set(e.v, x));
      switch (e.fn) {
        case 'all': return logic(false, items.map((x) => () => body(x)), 'all');
        case 'exists': return logic(true, items.map((x) => () => body(x)), 'exists');
        case 'exists_one': return items.filter((x) => bool(body(x), 'exists_one')).length === 1; // errors propagate, as in cel-go
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
