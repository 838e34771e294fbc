/** The checks AccessRule and RouteRule share: string options, and when/unless in the server's condition grammar. */
import { RuleCheck } from '../../src/auth/rule-check';
import { JsonObject } from '../../src/core/json';

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
