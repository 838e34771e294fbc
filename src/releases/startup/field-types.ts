/**
 * pydantic's lax validation of one provider config value, for the type strings the provider
 * registries record (`str | None`, `SecretStr | None`, `int`, `list[str]`, `HttpUrl`, …). It
 * answers what a config class does with a value at start-up: accept it, or fail with
 * "Input should be a valid …". Types it does not know (nested config classes) accept any mapping.
 */
import { isJsonObject, JsonValue } from '../../core/json';

type Member = 'str' | 'int' | 'float' | 'bool' | 'none' | 'url' | 'list' | 'dict' | 'model' | 'literal' | 'any';

interface ParsedType {
  readonly members: ReadonlySet<Member>;
  readonly literals: readonly string[];
}

const cache = new Map<string, ParsedType>();

/** Splits on `|` outside brackets. */
function topLevelUnion(t: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of t) {
    if (ch === '[' || ch === '(') depth++;
    if (ch === ']' || ch === ')') depth--;
    if (ch === '|' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur.trim());
  return out;
}

function parse(type: string): ParsedType {
  const hit = cache.get(type);
  if (hit) return hit;
  const members = new Set<Member>();
  const literals: string[] = [];
  const add = (t: string): void => {
    const opt = /^Optional\[(.*)\]$/.exec(t);
    if (opt) {
      members.add('none');
      topLevelUnion(opt[1]).forEach(add);
      return;
    }
    const lit = /^Literal\[(.*)\]$/.exec(t);
    if (lit) {
      members.add('literal');
      for (const m of lit[1].matchAll(/'([^']*)'/g)) literals.push(m[1]);
      return;
    }
    if (t === 'str' || t === 'SecretStr') members.add('str');
    else if (t === 'int') members.add('int');
    else if (t === 'float') members.add('float');
    else if (t === 'bool') members.add('bool');
    else if (t === 'None' || t === 'NoneType') members.add('none');
    else if (t === 'HttpUrl') members.add('url');
    else if (/^(list|List)\[/.test(t)) members.add('list');
    else if (/^(dict|Dict)\[/.test(t)) members.add('dict');
    else if (/^Annotated\[/.test(t) || t === 'Any') members.add('any');
    else members.add('model');
  };
  topLevelUnion(type).forEach(add);
  const parsed = { members, literals };
  cache.set(type, parsed);
  return parsed;
}

const BOOL_STRINGS = ['0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'];

/** A value by its type; with `secret` (a credential field), a number or boolean is not shown either. */
function describe(v: JsonValue, secret: boolean): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (isJsonObject(v)) return 'a mapping';
  if (typeof v === 'string') return 'a string';
  if (secret) return typeof v === 'boolean' ? 'a boolean' : 'a number';
  if (typeof v === 'boolean') return `the boolean ${v}`;
  return `the number ${v}`;
}

function accepts(m: Member, v: JsonValue, literals: readonly string[]): boolean {
  switch (m) {
    case 'any': return true;
    case 'none': return v === null;
    case 'str': return typeof v === 'string';
    case 'url': return typeof v === 'string' && /^https?:\/\/[^\s/:]+/i.test(v.trim());
    case 'literal': return typeof v === 'string' && literals.includes(v);
    case 'int':
      if (typeof v === 'number') return Number.isInteger(v);
      if (typeof v === 'boolean') return true;
      return typeof v === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(v);
    case 'float':
      if (typeof v === 'number' || typeof v === 'boolean') return true;
      return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v.trim()));
    case 'bool':
      if (typeof v === 'boolean') return true;
      if (typeof v === 'number') return v === 0 || v === 1;
      return typeof v === 'string' && BOOL_STRINGS.includes(v.trim().toLowerCase());
    case 'list': return Array.isArray(v);
    case 'dict': case 'model': return isJsonObject(v);
  }
}

/**
 * Why the config class rejects `value` for a field of `type`, or undefined when it accepts it.
 * `secret`: the field holds a credential (`SecretStr`, a credential key), so the value is not shown.
 */
export function typeError(type: string, value: JsonValue, secret = false): string | undefined {
  const { members, literals } = parse(type);
  for (const m of members) if (accepts(m, value, literals)) return undefined;
  const wanted = [...members].filter((m) => m !== 'any').map((m) => (m === 'literal' ? `one of ${literals.join(', ')}` : m === 'none' ? 'null' : m === 'url' ? 'an http(s) URL' : m === 'model' ? 'a mapping' : `a ${m}`));
  return `${describe(value, secret || /SecretStr/.test(type))} where the field takes ${wanted.join(' or ')} (${type})`;
}
