/**
 * Access rules and route rules: the condition grammar exactly as the releases parse it, what each
 * rule writes, and every problem with its path and fix.
 */
import { AccessAction, AccessRule, RouteRule } from '../../src/auth';
import { Condition, parseCondition } from '../../src/auth/conditions';
import { anonymousDecision, HEALTH_ROUTE, normalizeRoute, routePatternMatches } from '../../src/auth/route-match';
import { problemLines } from '../support/problems';

/** The condition as the server prints it back (`repr` of its Condition classes). */
function repr(c: Condition | undefined): string | null {
  if (!c) return null;
  switch (c.kind) {
    case 'user-is-owner': return 'user is owner';
    case 'user-is-not-owner': return 'user is not owner';
    case 'user-with-value-in': return `user with ${c.value} in ${c.attribute}`;
    case 'user-with-value-not-in': return `user with ${c.value} not in ${c.attribute}`;
    case 'user-in-owners': return `user in owners ${c.attribute}`;
    case 'user-not-in-owners': return `user not in owners ${c.attribute}`;
    case 'resource-is-unowned': return 'resource is unowned';
  }
}

const problems = problemLines;

const FORMS = 'user is owner, user is not owner, user with <value> in <attribute>, user with <value> not in <attribute>, user in owners <attribute>, user not in owners <attribute>, resource is unowned';

describe('the condition grammar (core/access_control/conditions.py parse_condition)', () => {
  // The right column is what v0.8.0's parse_condition returns (repr), or null where it raises
  // "Invalid condition"; v0.7.1's file is identical.
  test.each<[string, string | null]>([
    ['user is owner', 'user is owner'],
    ['user is not owner', 'user is not owner'],
    ['user with admin in roles', 'user with admin in roles'],
    ['user with admin not in roles', 'user with admin not in roles'],
    ['user in owners teams', 'user in owners teams'],
    ['user not in owners teams', 'user not in owners teams'],
    ['resource is unowned', 'resource is unowned'],
    ['  user   is  owner ', 'user is owner'],
    ['user\tis\towner', 'user is owner'],
    ['user with admin not  in roles', 'user with admin not in roles'],
    ['user with not in roles', 'user with not in roles'],
    ['user with in in in', 'user with in in in'],
    ['user is admin', null],
    ['user with admin in', null],
    ['user with a b in roles', null],
    ['user in owner teams', null],
    ['User is owner', null],
    ['resource is owned', null],
    ['', null],
    ['user is owner extra', null],
    ['user not in owners', null],
  ])('%j → %j', (text, expected) => {
    expect(repr(parseCondition(text))).toBe(expected);
  });
});

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

describe('route matching, as RouteAuthorizationMiddleware does it', () => {
  test.each<[string, string, boolean | undefined]>([
    ['*', '/v1/health', true],
    ['/v1/health', '/v1/health', true],
    ['/v1/*', '/v1/health', true],
    ['/v1/health*', '/v1/healthz', true],
    ['/v1/models', '/v1/health', false],
    ['regex:/v1/(health|version)', '/v1/health', true],
    ['regex:/v1/models', '/v1/health', false],
    ['regex:health', '/v1/health', false], // re.match anchors at the start
    ['regex:(?i)/V1/HEALTH', '/v1/health', undefined], // Python-only syntax: not guessed
  ])('%s on %s → %s', (pattern, route, expected) => {
    expect(routePatternMatches(pattern, route)).toBe(expected);
  });

  test('trailing slashes are dropped from the request path', () => {
    expect(normalizeRoute('/v1/health/')).toBe('/v1/health');
    expect(normalizeRoute('/')).toBe('/');
  });

  test('a request without a user: rules with conditions never match, the first match decides, none denies', () => {
    const permit = (paths: string[], conditional = false) => ({ effect: 'permit' as const, paths, conditional });
    const forbid = (paths: string[], conditional = false) => ({ effect: 'forbid' as const, paths, conditional });
    expect(anonymousDecision([permit(['*'], true)], HEALTH_ROUTE)).toEqual({ allowed: false, index: -1 });
    expect(anonymousDecision([forbid(['*'], true), permit(['/v1/health'])], HEALTH_ROUTE)).toEqual({ allowed: true, index: 1 });
    expect(anonymousDecision([forbid(['/v1/*']), permit(['/v1/health'])], HEALTH_ROUTE)).toEqual({ allowed: false, index: 0 });
    expect(anonymousDecision([], HEALTH_ROUTE)).toEqual({ allowed: false, index: -1 });
  });
});
