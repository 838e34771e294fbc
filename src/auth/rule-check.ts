/**
 * Internal (not exported from the package): the checks `AccessRule` and `RouteRule` share —
 * options that are strings, `when` / `unless` in the server's condition grammar — collected as
 * problems at `<Factory>(<option>)` paths, never echoing more than the text the user wrote.
 */
import { Condition, CONDITION_FORMS, parseCondition } from './conditions';
import { JsonObject, present } from '../core/json';
import { OptionProblems } from '../core/problems';
import { quoteValue } from '../core/quote';

/** Options every rule takes. */
export interface RuleConditionOptions {
  /**
   * Conditions that must all hold for the rule to apply (`when`), each written in the server's
   * grammar: `user is owner`, `user is not owner`, `user with <value> in <attribute>`,
   * `user with <value> not in <attribute>`, `user in owners <attribute>`,
   * `user not in owners <attribute>`, `resource is unowned`. Exclusive with `unless`.
   * @default - no condition
   */
  readonly when?: string[];
  /**
   * Conditions under which the rule does not apply (`unless`), in the same grammar as `when`.
   * Exclusive with `when`.
   * @default - no condition
   */
  readonly unless?: string[];
  /**
   * Why the rule exists (`description`; the server logs it with each decision).
   * @default - none
   */
  readonly description?: string;
}

/** Collects the problems of one factory call (the core collector, with the rules' own checks). */
export class RuleCheck extends OptionProblems {

  /** A non-empty string (the value is shown only when it is one). */
  string(option: string, v: unknown, fix: string): v is string {
    if (typeof v === 'string' && v.trim() !== '') return true;
    this.problem(option, `${option} must be a non-empty string`, fix);
    return false;
  }

  /** A non-empty list of non-empty strings. */
  strings(option: string, v: unknown, fix: string): v is string[] {
    if (!Array.isArray(v) || v.length === 0) {
      this.problem(option, `${option} must be a non-empty list`, fix);
      return false;
    }
    let ok = true;
    v.forEach((item, i) => {
      if (typeof item !== 'string' || item.trim() === '') {
        this.problem(`${option}[${i}]`, `${option}[${i}] must be a non-empty string`, fix);
        ok = false;
      }
    });
    return ok;
  }

  /**
   * `when` / `unless`: at most one of them, each condition in the server's grammar. Returns the
   * parsed conditions with their option paths, and writes the key into `out`.
   */
  conditions(opts: RuleConditionOptions, out: JsonObject): { option: string; text: string; condition: Condition }[] {
    const given = (['when', 'unless'] as const).filter((k) => present(opts[k]));
    if (given.length === 2) {
      this.problem('unless', 'when and unless are mutually exclusive (the server refuses the rule)', 'keep one of them; write several conditions in one list');
      return [];
    }
    const parsed: { option: string; text: string; condition: Condition }[] = [];
    for (const key of given) {
      const list = opts[key];
      if (!this.strings(key, list, `pass ${key}: ['user with admin in roles'] (forms: ${CONDITION_FORMS.join(', ')})`)) continue;
      let ok = true;
      list.forEach((text, i) => {
        const condition = parseCondition(text);
        if (condition === undefined) {
          ok = false;
          this.problem(`${key}[${i}]`, `Invalid condition: ${quoteValue(text)} (the server refuses to start)`, `write one of: ${CONDITION_FORMS.join(', ')}`);
        } else {
          parsed.push({ option: `${key}[${i}]`, text, condition });
        }
      });
      if (ok) out[key] = [...list];
    }
    return parsed;
  }

  description(v: unknown, out: JsonObject): void {
    if (!present(v)) return;
    if (typeof v !== 'string') this.problem('description', 'description must be a string', 'describe the rule in words, or leave it out');
    else out.description = v;
  }
}
