/**
 * Access and route rules: what each rule writes, and every problem with its path and fix; and the
 * checks they share (RuleCheck: string options, and when/unless in the server's condition grammar).
 */
import { AccessAction, AccessRule, RouteRule } from '../../src/auth';
import { RuleCheck } from '../../src/auth/rules';
import { JsonObject } from '../../src/core/json';
import { problemLines } from '../support/problems';

const FORMS = 'user is owner, user is not owner, user with <value> in <attribute>, user with <value> not in <attribute>, user in owners <attribute>, user not in owners <attribute>, resource is unowned';

describe('RuleCheck.string', () => {
  test('a non-empty string passes; empty, blank or another type is a problem at the option path', () => {
    const c = new RuleCheck('AccessRule.permit');
    expect(c.string('principal', 'alice', 'fix')).toBe(true);
    expect(c.string('principal', '  ', 'give one')).toBe(false);
    expect(c.string('principal', 3, 'give one')).toBe(false);
    expect(c.problems).toEqual([
      { path: 'AccessRule.permit(principal)', message: 'principal must be a non-empty string', fix: 'give one' },
      { path: 'AccessRule.permit(principal)', message: 'principal must be a non-empty string', fix: 'give one' },
    ]);
  });
});

describe('RuleCheck.strings', () => {
  test('a non-empty list of non-empty strings', () => {
    const c = new RuleCheck('R');
    expect(c.strings('actions', ['read'], 'f')).toBe(true);
    expect(c.problems).toEqual([]);
  });

  test('an empty list or a non-list is one problem', () => {
    const c = new RuleCheck('R');
    expect(c.strings('actions', [], 'f')).toBe(false);
    expect(c.strings('actions', 'read', 'f')).toBe(false);
    expect(c.problems).toEqual([
      { path: 'R(actions)', message: 'actions must be a non-empty list', fix: 'f' },
      { path: 'R(actions)', message: 'actions must be a non-empty list', fix: 'f' },
    ]);
  });

  test('every bad item is reported at its index', () => {
    const c = new RuleCheck('R');
    expect(c.strings('actions', ['read', '', 1, ' '], 'f')).toBe(false);
    expect(c.problems.map((p) => p.path)).toEqual(['R(actions[1])', 'R(actions[2])', 'R(actions[3])']);
    expect(c.problems[0].message).toBe('actions[1] must be a non-empty string');
  });
});

describe('RuleCheck.conditions', () => {
  test('when: parsed conditions with their option paths, and a copy written out', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    const when = ['user is owner', 'user with admin in roles'];
    const parsed = c.conditions({ when }, out);
    expect(c.problems).toEqual([]);
    expect(parsed).toEqual([
      { option: 'when[0]', text: 'user is owner', condition: { kind: 'user-is-owner' } },
      { option: 'when[1]', text: 'user with admin in roles', condition: { kind: 'user-with-value-in', value: 'admin', attribute: 'roles' } },
    ]);
    expect(out).toEqual({ when });
    expect(out.when).not.toBe(when);
  });

  test('unless works the same way', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    expect(c.conditions({ unless: ['resource is unowned'] }, out)).toEqual([{ option: 'unless[0]', text: 'resource is unowned', condition: { kind: 'resource-is-unowned' } }]);
    expect(out).toEqual({ unless: ['resource is unowned'] });
  });

  test('when and unless together: the server refuses the rule', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    expect(c.conditions({ when: ['user is owner'], unless: ['resource is unowned'] }, out)).toEqual([]);
    expect(c.problems).toEqual([{ path: 'R(unless)', message: 'when and unless are mutually exclusive (the server refuses the rule)', fix: 'keep one of them; write several conditions in one list' }]);
    expect(out).toEqual({});
  });

  test('null counts as not given', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    expect(c.conditions({ when: null as unknown as string[], unless: ['user is not owner'] }, out)).toHaveLength(1);
    expect(c.problems).toEqual([]);
  });

  test('a condition outside the grammar is a problem; the good ones are still returned, nothing is written', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    const parsed = c.conditions({ when: ['user is owner', 'user is admin'] }, out);
    expect(parsed.map((p) => p.option)).toEqual(['when[0]']);
    expect(c.problems).toEqual([{ path: 'R(when[1])', message: 'Invalid condition: "user is admin" (the server refuses to start)', fix: `write one of: ${FORMS}` }]);
    expect(out).toEqual({});
  });

  test('an empty list, or a list with a non-string, is a strings problem', () => {
    const c = new RuleCheck('R');
    expect(c.conditions({ when: [] }, {})).toEqual([]);
    expect(c.conditions({ unless: [1 as unknown as string] }, {})).toEqual([]);
    expect(c.problems).toEqual([
      { path: 'R(when)', message: 'when must be a non-empty list', fix: `pass when: ['user with admin in roles'] (forms: ${FORMS})` },
      { path: 'R(unless[0])', message: 'unless[0] must be a non-empty string', fix: `pass unless: ['user with admin in roles'] (forms: ${FORMS})` },
    ]);
  });
});

describe('RuleCheck.description', () => {
  test('a string is written out; unset or null is nothing; another type is a problem', () => {
    const c = new RuleCheck('R');
    const out: JsonObject = {};
    c.description(undefined, out);
    c.description(null, out);
    expect(out).toEqual({});
    c.description('why', out);
    expect(out).toEqual({ description: 'why' });
    c.description(3, out);
    expect(c.problems).toEqual([{ path: 'R(description)', message: 'description must be a string', fix: 'describe the rule in words, or leave it out' }]);
    expect(out).toEqual({ description: 'why' });
  });
});

const problems = problemLines;

describe('AccessRule', () => {
  test('writes the scope, the conditions as a list, and the description', () => {
    expect(AccessRule.permit({ actions: [AccessAction.READ, AccessAction.READ, AccessAction.UPDATE], principal: 'alice', resource: 'model::llama-3', when: ['user with ml in teams'], description: 'ml reads llama' })._toConfig())
      .toEqual({ permit: { actions: ['read', 'update'], principal: 'alice', resource: 'model::llama-3' }, when: ['user with ml in teams'], description: 'ml reads llama' });
    expect(AccessRule.forbid({ actions: [AccessAction.DELETE], resource: 'regex:vector_store::(a|b)', unless: ['user is owner'] })._toConfig())
      .toEqual({ forbid: { actions: ['delete'], resource: 'regex:vector_store::(a|b)' }, unless: ['user is owner'] });
    expect(AccessRule.permit({ actions: [AccessAction.CREATE] }).effect).toBe('permit');
  });

  test('every problem, with its path and fix', () => {
    expect(problems(() => AccessRule.permit({ actions: ['run' as AccessAction], resource: 'models', when: ['user is admin'], unless: ['x'] }))).toEqual([
      'AccessRule.permit(actions[0]): "run" is not an action: the server takes create, read, update, delete — pass actions: [AccessAction.READ, ...] (one or more of create, read, update, delete)',
      'AccessRule.permit(resource): "models" matches no resource: the server compares it with "<type>::<identifier>" — write <type>::<identifier> (model::llama-3), <type>::* (model::*), or regex:<pattern>; leave resource out to match every resource',
      'AccessRule.permit(unless): when and unless are mutually exclusive (the server refuses the rule) — keep one of them; write several conditions in one list',
    ]);
    expect(problems(() => AccessRule.forbid({ actions: [], principal: '', when: ['user is admin', 'user with a in roles'], description: 5 as any }))).toEqual([
      'AccessRule.forbid(actions): actions must list at least one action (the server requires it) — pass actions: [AccessAction.READ, ...] (one or more of create, read, update, delete)',
      'AccessRule.forbid(principal): principal must be a non-empty string — pass the principal (user name) the auth provider returns, or leave it out',
      `AccessRule.forbid(when[0]): Invalid condition: "user is admin" (the server refuses to start) — write one of: ${FORMS}`,
      'AccessRule.forbid(description): description must be a string — describe the rule in words, or leave it out',
    ]);
    expect(problems(() => AccessRule.permit({ actions: [AccessAction.READ], when: [] }))).toEqual([
      `AccessRule.permit(when): when must be a non-empty list — pass when: ['user with admin in roles'] (forms: ${FORMS})`,
    ]);
    expect(problems(() => AccessRule.permit(undefined as any))).toEqual([
      'AccessRule.permit(options): options must be an object — pass { actions: [AccessAction.READ], ... }',
      'AccessRule.permit(actions): actions must list at least one action (the server requires it) — pass actions: [AccessAction.READ, ...] (one or more of create, read, update, delete)',
    ]);
  });
});

describe('RouteRule', () => {
  test('writes the paths and conditions', () => {
    expect(RouteRule.permit({ paths: ['/v1/chat/completions', '/v1/models*', 'regex:/v1/(files|batches)'], when: ['user with developer in roles'], description: 'devs' })._toConfig())
      .toEqual({ permit: { paths: ['/v1/chat/completions', '/v1/models*', 'regex:/v1/(files|batches)'] }, when: ['user with developer in roles'], description: 'devs' });
    expect(RouteRule.forbid({ paths: ['*'], unless: ['user with admin in roles', 'user with ops in roles'] })._toConfig())
      .toEqual({ forbid: { paths: ['*'] }, unless: ['user with admin in roles', 'user with ops in roles'] });
  });

  test('every problem, with its path and fix', () => {
    expect(problems(() => RouteRule.permit({ paths: ['v1/models', '/v1/files/', 'regex:'], when: ['user is owner', 'resource is unowned'] }))).toEqual([
      'RouteRule.permit(paths[0]): "v1/models" matches no route: request paths start with / — write an exact path (\'/v1/models\'), a prefix ending in * (\'/v1/files*\'), \'*\', or \'regex:<pattern>\'',
      'RouteRule.permit(paths[1]): "/v1/files/" matches no route: the server drops the trailing slash of the request path before comparing — write "/v1/files"',
      'RouteRule.permit(paths[2]): an empty regex matches every route — write \'*\' for every route, or a pattern after regex:',
      'RouteRule.permit(when[0]): "user is owner" is always false in a route rule (route rules have no resource, so no owner) — use user with <value> [not] in <attribute>, or put the rule in accessPolicy',
      'RouteRule.permit(when[1]): "resource is unowned" is always true in a route rule (route rules have no resource, so no owner) — use user with <value> [not] in <attribute>, or put the rule in accessPolicy',
    ]);
    expect(problems(() => RouteRule.forbid({ paths: [] }))).toEqual([
      'RouteRule.forbid(paths): paths must be a non-empty list — write an exact path (\'/v1/models\'), a prefix ending in * (\'/v1/files*\'), \'*\', or \'regex:<pattern>\'',
    ]);
  });
});
