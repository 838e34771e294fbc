/**
 * Access rules: what each rule writes, and every problem with its path and fix.
 */
import { AccessAction, AccessRule } from '../../src/auth';
import { problemLines } from '../support/problems';

const problems = problemLines;

const FORMS = 'user is owner, user is not owner, user with <value> in <attribute>, user with <value> not in <attribute>, user in owners <attribute>, user not in owners <attribute>, resource is unowned';

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
