/**
 * Internal (not exported from the package): the grammar of the `when` / `unless` conditions of
 * `server.auth` rules, as both releases parse them (`core/access_control/conditions.py`
 * `parse_condition`, identical in llama-stack 0.7.1 and OGX 0.8.0): the string is split on
 * whitespace and must be one of seven word patterns, otherwise start-up fails with
 * "Invalid condition: <text>". Used by `AccessRule` / `RouteRule` at synth time and by the
 * start-up model for hand-written configs.
 */

/** What a condition tests. */
export type ConditionKind =
  | 'user-is-owner'
  | 'user-is-not-owner'
  | 'user-with-value-in'
  | 'user-with-value-not-in'
  | 'user-in-owners'
  | 'user-not-in-owners'
  | 'resource-is-unowned';

/** A parsed condition. */
export interface Condition {
  readonly kind: ConditionKind;
  /** The attribute name (`roles`, `teams`…) for the attribute forms. */
  readonly attribute?: string;
  /** The value for `user with <value> [not] in <attribute>`. */
  readonly value?: string;
}

/** The accepted forms, for error messages. */
export const CONDITION_FORMS = [
  'user is owner',
  'user is not owner',
  'user with <value> in <attribute>',
  'user with <value> not in <attribute>',
  'user in owners <attribute>',
  'user not in owners <attribute>',
  'resource is unowned',
];

/** The `actions` an `access_policy` scope takes (`Action` in `core/access_control/datatypes.py`). */
export const ACCESS_ACTIONS = ['create', 'read', 'update', 'delete'];

/** Python's `str.split()` without arguments: runs of whitespace, no empty words. */
function words(s: string): string[] {
  return s.split(/\s+/u).filter((w) => w !== '');
}

/** The condition the server makes of `text`, or undefined where it raises "Invalid condition". */
export function parseCondition(text: string): Condition | undefined {
  const w = words(text);
  const is = (...expected: (string | null)[]): boolean =>
    w.length === expected.length && expected.every((e, i) => e === null || w[i] === e);
  // The order of the server's `match` cases.
  if (is('user', 'is', 'owner')) return { kind: 'user-is-owner' };
  if (is('user', 'is', 'not', 'owner')) return { kind: 'user-is-not-owner' };
  if (is('user', 'with', null, 'in', null)) return { kind: 'user-with-value-in', value: w[2], attribute: w[4] };
  if (is('user', 'with', null, 'not', 'in', null)) return { kind: 'user-with-value-not-in', value: w[2], attribute: w[5] };
  if (is('user', 'in', 'owners', null)) return { kind: 'user-in-owners', attribute: w[3] };
  if (is('user', 'not', 'in', 'owners', null)) return { kind: 'user-not-in-owners', attribute: w[4] };
  if (is('resource', 'is', 'unowned')) return { kind: 'resource-is-unowned' };
  return undefined;
}

/**
 * Route rules are evaluated without a resource (`_RouteContext`, whose owner is None), so the
 * conditions about owners have a fixed value there: this is it, or undefined for the conditions
 * that depend on the user's attributes.
 */
export function valueWithoutResource(c: Condition): boolean | undefined {
  switch (c.kind) {
    case 'user-is-owner':
    case 'user-in-owners':
      return false;
    case 'user-is-not-owner':
    case 'user-not-in-owners':
    case 'resource-is-unowned':
      return true;
    default:
      return undefined;
  }
}
