import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { CelEvalError, escapeProperty, evaluateCel, parseCel, parseQuantity, ruleHolds } from './cel';
import { compileRule, crdSchemaErrors, KNOWN_INVALID_RULES } from './crd-schema';

const CRD_DIR = path.join(__dirname, '..', '..', 'crds');
const STAR_RULE = '!has(self.minReplicas) || self.maxReplicas >= *self.minReplicas';

const HTTP_ROUTE_CRD = 'gateway.networking.k8s.io_httproutes.yaml';

/** Every distinct x-kubernetes-validations rule of every version of every CRD in crds/ (or of one file). */
function crdRules(only?: string): Set<string> {
  const rules = new Set<string>();
  const walk = (s: any): void => {
    if (typeof s !== 'object' || s === null) return;
    for (const v of s['x-kubernetes-validations'] ?? []) rules.add(v.rule);
    Object.values(s.properties ?? {}).forEach(walk);
    walk(s.items);
    walk(s.additionalProperties);
  };
  for (const file of fs.readdirSync(CRD_DIR).filter((f) => f.endsWith('.yaml') && (only === undefined || f === only))) {
    for (const doc of YAML.parseAllDocuments(fs.readFileSync(path.join(CRD_DIR, file), 'utf8'))) {
      const crd = doc.toJS();
      if (crd?.kind === 'CustomResourceDefinition') for (const v of crd.spec.versions) walk(v.schema.openAPIV3Schema);
    }
  }
  return rules;
}

describe('the rules of crds/', () => {
  test('all 140 distinct rules parse, except the one known-invalid rule', () => {
    const rules = [...crdRules()];
    expect(rules).toHaveLength(140);
    const rejected = rules.filter((r) => {
      try {
        parseCel(r);
        return false;
      } catch (e) {
        expect((e as Error).message).toContain(JSON.stringify(r));
        return true;
      }
    });
    expect(rejected).toEqual([STAR_RULE]);
    expect(KNOWN_INVALID_RULES).toEqual([STAR_RULE]);
  });

  test('the Gateway API v1.3.0 HTTPRoute CRD: every one of its 44 distinct rules compiles, none is skipped', () => {
    const rules = [...crdRules(HTTP_ROUTE_CRD)];
    expect(rules).toHaveLength(44);
    const uncompiled = rules.filter((r) => {
      try {
        return compileRule(r) === undefined; // a KNOWN_INVALID_RULES entry: skipped
      } catch (e) {
        return true;
      }
    });
    expect(uncompiled).toEqual([]);
    const header = fs.readFileSync(path.join(CRD_DIR, HTTP_ROUTE_CRD), 'utf8').split('\n---\n')[0];
    expect(header).toContain('https://github.com/kubernetes-sigs/gateway-api/blob/v1.3.0/config/crd/standard/gateway.networking.k8s.io_httproutes.yaml');
    expect(fs.readFileSync(path.join(CRD_DIR, HTTP_ROUTE_CRD), 'utf8')).toContain('gateway.networking.k8s.io/bundle-version: v1.3.0\n    gateway.networking.k8s.io/channel: standard');
  });

  test('compileRule skips only the known-invalid rule and throws for any other unparseable rule', () => {
    expect(compileRule(STAR_RULE)).toBeUndefined();
    expect(compileRule('has(self.a)')?.rule).toBe('has(self.a)');
    expect(() => compileRule('self.a >= *1')).toThrow('cannot parse CEL rule "self.a >= *1": <input>:1:8: found > but expecting end of input');
    expect(() => compileRule('self.a.isSorted()')).toThrow('cannot parse CEL rule "self.a.isSorted()": undeclared function isSorted()');
  });
});

describe('parseCel compiles as the API server does: what is not CEL, or not known, is invalid', () => {
  test.each([
    ['self.a ? true', '<input>:1:8: found ? but expecting end of input'],
    ["self.a == '''open", "<input>:1:13: found ' but expecting end of input"],
    ['(has(self.a)', "<input>:1:13: found end of input but expecting ')'"],
    ['has(self.a) has(self.b)', '<input>:1:13: found h but expecting end of input'],
    ['has(self)', 'undeclared function has()'],
    ['oldSelf == self', 'undeclared reference "oldSelf"'],
    ['x == 1', 'undeclared reference "x"'],
    ['self.all(x, y)', 'undeclared reference "y"'],
    ['self.map(x, x) == [x]', 'undeclared reference "x"'],
    ["self.a.sorted() == 'x'", 'undeclared function sorted()'],
    ["url(self).getHost() == 'x'", 'undeclared function getHost()'],
  ])('%s', (rule, what) => {
    expect(() => parseCel(rule)).toThrow(new Error(`cannot parse CEL rule ${JSON.stringify(rule)}: ${what}`));
  });

  test('the standard library, the strings extension and the Kubernetes functions the rules use compile', () => {
    for (const rule of ["int(self.a) > 0 && self.b.lowerAscii() == 'x'", "quantity(self).compareTo(quantity('1')) == 0", 'self.toSet() == self']) {
      expect(parseCel(rule).rule).toBe(rule);
    }
  });
});

/** The value of `rule` for `self` (under `schema`), or `{ error }` with the evaluation error's message. */
function run(rule: string, self: unknown, schema?: object): unknown {
  try {
    return evaluateCel(parseCel(rule), self, schema);
  } catch (e) {
    if (e instanceof CelEvalError) return { error: e.message };
    throw e;
  }
}

const noKey = (k: string) => ({ error: `field not found: ${k}` });
const noOverload = (f: string, args: string) => ({ error: `found no matching overload for '${f}' applied to '${args}'` });

describe('evaluateCel', () => {
  test.each<[string, string, unknown, unknown]>([
    ['has: present', 'has(self.a)', { a: 0 }, true],
    ['has: absent', 'has(self.a)', {}, false],
    ['has: undefined is absent', 'has(self.a)', { a: undefined }, false],
    ['has: the target must exist', 'has(self.a.b)', {}, noKey('a')],
    ['select: absent field', "self.a == 'x'", {}, noKey('a')],
    ['select: nested', "self.a.b == 'x'", { a: { b: 'x' } }, true],
    ['select: not on a string', 'self.a.b == 1', { a: 's' }, noKey('b')],
    ['!', '!has(self.a)', {}, true],
    ['! needs a bool', '!self.a', { a: 1 }, noOverload('!_', '(int)')],
    ['||', 'has(self.a) || has(self.b)', { b: 1 }, true],
    ['|| false', 'has(self.a) || has(self.b)', {}, false],
    ['error || true is true', 'self.a == 1 || has(self.b)', { b: 1 }, true],
    ['true || error is true', 'has(self.b) || self.a == 1', { b: 1 }, true],
    ['error || false is the error', 'self.a == 1 || has(self.b)', {}, noKey('a')],
    ['&&', 'has(self.a) && has(self.b)', { a: 1, b: 1 }, true],
    ['error && false is false', 'self.a == 1 && has(self.b)', {}, false],
    ['error && true is the error', 'self.a == 1 && has(self.b)', { b: 1 }, noKey('a')],
    ['|| needs bools', 'self.a || has(self.b)', { a: 'x' }, { error: 'type mismatch: expected bool, got string' }],
    ['== string', "self.a == 'x'", { a: 'x' }, true],
    ['== double-quoted string', 'self.a == "it\'s"', { a: "it's" }, true],
    ['== int', 'self.a == 10', { a: 10 }, true],
    ['== across types is false', "self.a == '1'", { a: 1 }, false],
    ['== list', "self.a == ['x', 'y']", { a: ['x', 'y'] }, true],
    ['== map', 'self.a == self.b', { a: { x: 1, y: [2] }, b: { y: [2], x: 1 } }, true],
    ['!=', "self.a != ''", { a: '' }, false],
    ['>=', 'self.a >= self.b', { a: 2, b: 2 }, true],
    ['>', 'self.a > self.b', { a: 2, b: 2 }, false],
    ['<', 'self.a < 3', { a: 2 }, true],
    ['<=', 'self.a <= 1', { a: 2 }, false],
    ['strings are ordered', "self.a < 'b'", { a: 'a' }, true],
    ['in list literal', "self.a in ['x', 'y']", { a: 'y' }, true],
    ['not in list literal', "self.a in ['x', 'y']", { a: 'z' }, false],
    ['in a map: its keys', "'a' in self", { a: 1 }, true],
    ['escapes', "self.a == 'it\\'s\\n'", { a: "it's\n" }, true],
    ['in needs a list or map', "self.a in 'xyz'", { a: 'x' }, noOverload('@in', '(string, string)')],
    ['parentheses', '!(has(self.a) && has(self.b))', { a: 1, b: 1 }, false],
    ['precedence: && binds tighter than ||', 'has(self.a) || has(self.b) && has(self.c)', { a: 1 }, true],
    ['size of a string counts code points', 'self.a.size() == 2', { a: 'é😀' }, true],
    ['size of a list', 'self.size() <= 1', ['a', 'b'], false],
    ['size of a map', 'self.size() == 2', { a: 1, b: 2, c: undefined }, true],
    ['size of an int', 'self.a.size() > 0', { a: 1 }, noOverload('size', 'int.()')],
    ['startsWith', "self.type.startsWith('remote::') || self.type.startsWith('inline::')", { type: 'inline::x' }, true],
    ['startsWith: no prefix', "self.type.startsWith('remote::')", { type: 'vllm' }, false],
    ['all', 'self.all(p, has(p.id))', [{ id: 'a' }, { id: 'b' }], true],
    ['all: one false', 'self.all(p, has(p.id))', [{ id: 'a' }, {}], false],
    ['all: empty', 'self.all(p, has(p.id))', [], true],
    ['all: false absorbs an error', "self.all(p, p.id == 'a')", [{}, { id: 'b' }], false],
    ['all: otherwise the error', "self.all(p, p.id == 'a')", [{}, { id: 'a' }], noKey('id')],
    ['all over a map ranges over its keys', "self.all(k, k in ['a', 'b'])", { a: 1, b: 2 }, true],
    ['exists', "self.exists(d, d == 'inference')", ['safety', 'inference'], true],
    ['exists: none', "self.exists(d, d == 'inference')", ['safety'], false],
    ['exists: true absorbs an error', "self.exists(p, p.id == 'a')", [{}, { id: 'a' }], true],
    ['exists needs a list or map', "self.exists(d, d == 'x')", 'x', { error: 'type mismatch: iterable vs string' }],
    ['filter', "self.filter(p, has(p.id)).map(p, p.id) == ['a', 'b']", [{ id: 'a' }, {}, { id: 'b' }], true],
    ['filter needs bools', 'self.filter(p, p) == []', [1], { error: "found no matching overload for _?_:_ applied to '(int)'" }],
    ['map', "self.map(p, p.id) == ['a', 'b']", [{ id: 'a' }, { id: 'b' }], true],
    ['map propagates errors', "self.map(p, p.id) == ['a']", [{ id: 'a' }, {}], noKey('id')],
    ['nested macro variables', 'self.all(a, self.exists(b, b == a))', ['x', 'y'], true],
    ['trim: leading and trailing white space, Unicode included', "self.trim() == 'a b'", '\u3000 a b\t\n', true],
    ['trim of white space only is empty', "self.trim() != ''", '   ', false],
    ['trim needs a string', "self.trim() == ''", 1, noOverload('trim', 'int.()')],
    ['toSet: distinct values, in order', "self.toSet() == ['a', 'b', 'c']", ['a', 'b', 'a', 'b', 'c'], true],
    ['toSet: deep equality', 'self.toSet().size() == 2', [{ a: 1 }, { a: 1 }, { a: 2 }], true],
    ['toSet needs a list', 'self.toSet().size() == 2', 'ab', noOverload('toSet', 'string.()')],
    ['quantity', "quantity(self).isGreaterThan(quantity('0'))", '500m', true],
    ['quantity: zero', "quantity(self).isGreaterThan(quantity('0'))", '0', false],
    ['quantity: exact equality', "quantity('1.1') == quantity(self) && quantity('1Ki').compareTo(quantity('1k')) == 1", '1100m', true],
    ['quantity: isLessThan', "quantity(self).isLessThan(quantity('1Gi'))", '1G', true],
    ['quantity: invalid', "quantity(self).isGreaterThan(quantity('0'))", '10 GB', {
      error: 'quantities must match the regular expression of resource.Quantity: "10 GB"',
    }],
    ['quantity: an int is no string', "quantity(self).isGreaterThan(quantity('0'))", 10, noOverload('quantity', '(int)')],
    ['quantity: a map is no quantity', "self.isGreaterThan(quantity('0'))", { a: '1' }, { error: 'no such overload: isGreaterThan(map)' }],
    ['true, false', 'true && !false', {}, true],
    ['?: picks a branch', "self.a ? self.b == 'x' : self.c == 'y'", { a: false, c: 'y' }, true],
    ['?: only the branch taken is evaluated', "has(self.b) ? self.b == 'x' : true", {}, true],
    ['?: binds looser than ||', 'has(self.a) || has(self.b) ? false : true', { b: 1 }, false],
    ['?: nests to the right', 'self.a ? self.b : self.c ? self.d : self.e', { a: true, b: true, c: true, d: false, e: true }, true],
    ['?: needs a bool', 'self.a ? true : false', { a: 'x' }, { error: "found no matching overload for _?_:_ applied to '(string)'" }],
    ['+ ints', 'self.a + self.b + 1 == 6', { a: 2, b: 3 }, true],
    ['+ binds tighter than <=', '1 + 1 <= 2', {}, true],
    ['+ strings, lists', "self.a + 'b' == 'ab' && [1] + [2] == [1, 2]", { a: 'a' }, true],
    ['ints are 64-bit', 'self.a + 1 > self.a', { a: Number.MAX_SAFE_INTEGER }, true],
    ['+ across types', "self.a + 'b' == 'ab'", { a: 1 }, noOverload('_+_', '(int, string)')],
    ['index a list', 'self[1].a == 2', [{ a: 1 }, { a: 2 }], true],
    ['index out of bounds', 'self[2].a == 2', [{ a: 1 }, { a: 2 }], { error: 'index 2 out of bounds [0, -1)' }],
    ['index a map', "self['a-b'] == 1", { 'a-b': 1 }, true],
    ['index a map: absent key', "self['c'] == 1", { a: 1 }, noKey('c')],
    ['size(x)', 'size(self.a) == 2 && size(self) == 1', { a: [1, 2] }, true],
    ['endsWith', "self.endsWith('/..')", '/a/..', true],
    ['contains', "!self.contains('//')", '/a//b', false],
    ['matches searches unanchored', "self.matches('[0-9]+')", 'v1beta1', true],
    ['matches: raw triple-quoted pattern', 'self.matches(r"""^(?:[-a-z/]|[%][0-9a-f]{2})+$""")', '/a-b%2f', true],
    ['matches: no match', "self.matches('^[a-z]+$')", 'A', false],
    ['matches: invalid pattern', "self.matches('(')", 'x', { error: 'error parsing regexp: missing closing ): `(`' }],
    ['raw strings keep backslashes', "self == r'a\\.b'", 'a\\.b', true],
    ['exists_one', 'self.exists_one(x, x > 1)', [1, 2], true],
    ['exists_one: two', 'self.exists_one(x, x > 1)', [2, 3], false],
    ['exists_one: errors are not absorbed', 'self.exists_one(x, x.a == 1)', [{ a: 1 }, {}], noKey('a')],
    ['duration', "duration(self.a) > duration('1m')", { a: '1m0s1ms' }, true],
    ['duration: units and fractions', "duration('1.5h') == duration('90m') && duration('1s') == duration('1000ms')", {}, true],
    ['duration: zero', "duration(self) != duration('0s')", '0', false],
    ['duration: invalid', "duration(self) > duration('0s')", '5', { error: 'Failed to parse duration: invalid syntax' }],
    ['duration and int do not compare', "duration('1s') > 1", {}, noOverload('_>_', '(google.protobuf.Duration, int)')],
  ])('%s: %s', (_name, rule, self, expected) => {
    expect(run(rule, self)).toEqual(expected);
  });

  test('under a schema, as the API server binds self: escaped property names, map keys as they are, number or int, null pruned', () => {
    const schema = {
      type: 'object',
      properties: {
        'namespace': { type: 'string' },
        'a-b': { type: 'integer' },
        'x__y': { type: 'integer' },
        'a.b/c': { type: 'integer' },
        'ratio': { type: 'number' },
        'n': { type: 'string' },
        '$ref': { type: 'string' },
        'labels': { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const self = { 'namespace': 'ns', 'a-b': 1, 'x__y': 1, 'a.b/c': 2, 'ratio': 1, 'n': null, '$ref': 'x', 'labels': { 'app-name': 'a' } };
    expect(run("self.__namespace__ == 'ns' && has(self.a__dash__b) && self.x__underscores__y == 1 && self.a__dot__b__slash__c == 2", self, schema)).toBe(true);
    expect(run("self.labels['app-name'] == 'a' && !has(self.n) && self.size() == 6", self, schema)).toBe(true);
    expect(run('self.ratio + 1.0 == 2.0', self, schema)).toBe(true);
    expect(run('self.ratio + 1 == 2', self, schema)).toEqual(noOverload('_+_', '(double, int)'));
    expect(run("self.namespace == 'ns'", self, schema)).toEqual(noKey('namespace'));
    expect(run("self['a-b'] == 1", self, schema)).toEqual(noKey('a-b'));
  });

  test('escapeProperty: reserved words, the escaped characters, and names no rule can reach', () => {
    expect(['namespace', 'in', 'a-b', 'x__y', 'a.b/c', 'plain_name', '$ref', '9lives', ''].map(escapeProperty)).toEqual([
      '__namespace__', '__in__', 'a__dash__b', 'x__underscores__y', 'a__dot__b__slash__c', 'plain_name', undefined, undefined, undefined,
    ]);
  });

  test('the duplicate provider id rule', () => {
    const rule = 'self.filter(p,has(p.id)).map(p,p.id).size()==self.filter(p,has(p.id)).map(p,p.id).toSet().size()';
    expect(run(rule, [{ id: 'a' }, {}, { id: 'b' }, {}])).toBe(true);
    expect(run(rule, [{ id: 'a' }, { id: 'b' }, { id: 'a' }])).toBe(false);
  });

  test('ruleHolds: the rule must give a bool', () => {
    expect(ruleHolds(parseCel('has(self.a)'), { a: 1 })).toBe(true);
    expect(() => ruleHolds(parseCel('self.a'), { a: 'x' })).toThrow(new CelEvalError('the rule gave a string, not a bool'));
    expect(() => ruleHolds(parseCel('self.a'), { a: [1] })).toThrow(new CelEvalError('the rule gave a list, not a bool'));
  });
});

describe('parseQuantity', () => {
  test.each([
    ['1.1', '1100m', 0],
    ['1Ki', '1024', 0],
    ['1e3', '1k', 0],
    ['1E3', '1000', 0],
    ['1E', '1e18', 0],
    ['1.5', '1500m', 0],
    ['.5', '500m', 0],
    ['2.', '2', 0],
    ['+1', '1', 0],
    ['1e-3', '1m', 0],
    ['1000n', '1u', 0],
    ['1Gi', '1G', 1],
    ['0.5Gi', '500Mi', 1],
    ['1Ei', '1E', 1],
    ['999Ti', '1Pi', -1],
    ['-1', '0', -1],
    ['10Gi', '10737418240', 0],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(parseQuantity(a).compare(parseQuantity(b)))).toBe(sign);
  });

  test.each(['', '1 Gi', '1GB', '1gi', 'Gi', '1.2.3', '0x10', '1e'])('rejects %j', (s) => {
    expect(() => parseQuantity(s)).toThrow(CelEvalError);
  });
});

describe('crdSchemaErrors evaluates the CEL rules', () => {
  const ogx = (spec: object) => ({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer', metadata: { name: 'x' }, spec });
  const lsd = (spec: object) => ({ apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'x' }, spec });
  const vllm = { endpoint: 'http://vllm:8000/v1' };

  test('valid CRs give no errors', () => {
    expect(crdSchemaErrors(
      ogx({
        distribution: { name: 'starter' },
        providers: { inference: { remote: { vllm: [vllm], custom: [{ type: 'remote::mine', id: 'mine' }] } } },
        storage: { kv: { type: 'redis', endpoint: 'redis://r:6379' } },
        workload: { autoscaling: { minReplicas: 1, maxReplicas: 3 }, storage: { size: '10Gi' }, podDisruptionBudget: { maxUnavailable: 1 } },
      }),
      lsd({
        distribution: { image: 'registry.example.com/llama:1' },
        providers: { inference: [{ provider: 'vllm', id: 'a' }, { provider: 'ollama', id: 'b' }] },
        disabled: ['eval', 'vector_io'],
        storage: { kv: { type: 'sqlite' }, sql: { type: 'postgres', connectionString: { name: 'pg', key: 'url' } } },
        networking: { tls: { enabled: true, secretName: 'tls' } },
      }),
    )).toEqual([]);
  });

  test('OGXServer: one violation per failing rule, at the rule\'s node, with its message', () => {
    expect(crdSchemaErrors(ogx({ distribution: { name: 'starter', image: 'img' } }))).toEqual([
      'OGXServer/x spec.distribution: only one of name or image can be specified',
    ]);
    expect(crdSchemaErrors(ogx({ distribution: {} }))).toEqual([
      'OGXServer/x spec.distribution: one of name or image must be specified',
    ]);
    expect(crdSchemaErrors(ogx({
      distribution: { name: 'starter' },
      overrideConfig: { name: 'cfg', key: 'config.yaml' },
      providers: { inference: { remote: { vllm: [vllm] } } },
    }))).toEqual(['OGXServer/x spec: overrideConfig and providers are mutually exclusive']);
    expect(crdSchemaErrors(ogx({
      distribution: { name: 'starter' },
      providers: { inference: { remote: { custom: [{ type: 'vllm', id: '' }] } } },
      workload: { autoscaling: { minReplicas: 3, maxReplicas: 2 } },
    }))).toEqual([
      "OGXServer/x spec.providers.inference.remote.custom[0]: type must have a 'remote::' or 'inline::' prefix (e.g., 'remote::llama-guard', 'inline::my-provider')",
      'OGXServer/x spec.providers.inference.remote.custom[0]: id must not be empty if specified',
      'OGXServer/x spec.workload.autoscaling: maxReplicas must be greater than or equal to minReplicas',
    ]);
  });

  test('quantity rule: zero fails; an integer size is an evaluation error (CEL has no quantity(int))', () => {
    expect(crdSchemaErrors(ogx({ distribution: { name: 'starter' }, workload: { storage: { size: '0' } } }))).toEqual([
      'OGXServer/x spec.workload.storage: size must be a positive quantity',
    ]);
    expect(crdSchemaErrors(ogx({ distribution: { name: 'starter' }, workload: { storage: { size: 10 } } }))).toEqual([
      "OGXServer/x spec.workload.storage: size must be a positive quantity (evaluation error: found no matching overload for 'quantity' applied to '(int)')",
    ]);
  });

  test('LlamaStackDistribution v1alpha2', () => {
    expect(crdSchemaErrors(lsd({ distribution: { name: 'starter' }, storage: { kv: { type: 'sqlite', endpoint: 'redis://x' } } }))).toEqual([
      'LlamaStackDistribution/x spec.storage.kv: endpoint is only valid when type is redis',
    ]);
    expect(crdSchemaErrors(lsd({
      distribution: { name: 'starter' },
      providers: { inference: [{ provider: 'vllm', id: 'a' }, { provider: 'ollama' }], safety: [{ provider: 'x', id: 'a' }, { provider: 'y', id: 'a' }] },
      disabled: ['inference', 'bogus'],
      networking: { tls: { enabled: false, secretName: 'tls' } },
    }))).toEqual([
      'LlamaStackDistribution/x spec: inference cannot be both in providers and disabled',
      'LlamaStackDistribution/x spec.providers.inference: each provider must have an explicit id when multiple providers are specified',
      'LlamaStackDistribution/x spec.providers.safety: duplicate provider ids',
      'LlamaStackDistribution/x spec.disabled: disabled must contain valid API names (agents, datasetio, eval, inference, safety, scoring, telemetry, tool_runtime, vector_io)',
      'LlamaStackDistribution/x spec.networking.tls: secretName is only valid when TLS is enabled',
    ]);
  });

  test('defaults are applied first, as on the API server: an omitted kv.type is sqlite', () => {
    expect(crdSchemaErrors(lsd({ distribution: { name: 'starter' }, storage: { kv: { endpoint: 'redis://x' } } }))).toEqual([
      'LlamaStackDistribution/x spec.storage.kv: endpoint is only valid when type is redis',
    ]);
    expect(crdSchemaErrors(lsd({ distribution: { name: 'starter' }, storage: { kv: {} } }))).toEqual([]);
  });

  test('OGXServer fields of the newer operator: named storage, praxisMode, externalAccess.tls', () => {
    const pg = { type: 'sql_postgres', user: 'ogx', password: { name: 'pg', key: 'password' } };
    expect(crdSchemaErrors(ogx({
      distribution: { name: 'starter' },
      storage: { backends: { kv: { type: 'kv_postgres', user: 'ogx', tableName: 'ogx_kv' }, sql: { ...pg, sslMode: 'verify-full', poolPrePing: true } }, stores: { metadata: { backend: 'kv', namespace: 'registry' } } },
      praxisMode: { enabled: false },
      network: { externalAccess: { enabled: true, hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } } },
    }))).toEqual([]);
    expect(crdSchemaErrors(ogx({
      distribution: { name: 'starter' },
      storage: { backends: { sql: { ...pg, tableName: 't', sslMode: 'sometimes', commandTimeout: 5 } }, kv: { type: 'sqlite' } },
      praxisMode: { migrationJob: { targetConnectionString: { name: 'p', key: 'url' }, fallbackOwnerSubject: '\u3000 ' }, praxisSelector: { namespace: 'praxis', podSelector: {} } },
      network: { externalAccess: { enabled: true } },
    }))).toEqual([
      'OGXServer/x spec.storage: named and deprecated storage fields cannot be mixed',
      'OGXServer/x spec.storage.backends.sql: tableName is only valid for kv_postgres backends',
      'OGXServer/x spec.storage.backends.sql: commandTimeout is only valid for kv_postgres backends',
      'OGXServer/x spec.storage.backends.sql: sslMode for sql_postgres must be a supported SSL mode or an OGX environment substitution',
      'OGXServer/x spec.praxisMode.migrationJob.fallbackOwnerSubject: must contain a non-whitespace character',
      'OGXServer/x spec.praxisMode.praxisSelector: podSelector must not be empty',
      'OGXServer/x spec.network.externalAccess: tls is required when external access is enabled',
      'OGXServer/x spec.network.externalAccess: hostname is required when external access is enabled',
    ]);
  });

  test('the known-invalid v1alpha2 autoscaling rule is skipped', () => {
    expect(crdSchemaErrors(lsd({ distribution: { name: 'starter' }, workload: { autoscaling: { minReplicas: 3, maxReplicas: 2 } } }))).toEqual([]);
  });

  test('like the API server, CEL is skipped after a type, required, enum or max* error, not after others', () => {
    expect(crdSchemaErrors(ogx({ distribution: { name: 'starter', image: 'img' }, disabledAPIs: ['safety'] }))).toEqual([
      'OGXServer/x spec.disabledAPIs[0]: "safety" is not one of ["batches","conversations","file_processors","inference","responses","tool_runtime","vector_io","files"]',
    ]);
    expect(crdSchemaErrors(ogx({ distribution: { name: 'starter', image: 'img' }, network: { port: 70000 } }))).toEqual([
      'OGXServer/x spec.network.port: 70000 is greater than maximum 65535',
      'OGXServer/x spec.distribution: only one of name or image can be specified',
    ]);
  });
});
