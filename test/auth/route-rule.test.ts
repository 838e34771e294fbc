/**
 * Route rules: what each rule writes, and every problem with its path and fix.
 */
import { RouteRule } from '../../src/auth';
import { problemLines } from '../support/problems';

const problems = problemLines;

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
