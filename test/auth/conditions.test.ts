/**
 * The condition grammar of access rules, exactly as the releases parse it.
 */
import { Condition, parseCondition } from '../../src/auth/conditions';

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
