import { ACCESS_ACTIONS } from './conditions';
import { RuleCheck, RuleConditionOptions } from './rule-check';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { isObject, JsonObject, present } from '../core/json';
import { deepCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';

/** What an `access_policy` rule permits or forbids on a resource. */
export enum AccessAction {
  /** Register a resource (a model, a vector store, a file…). */
  CREATE = 'create',
  /** Read or list it, or use it (inference on a model). */
  READ = 'read',
  /** Change it. */
  UPDATE = 'update',
  /** Delete it. */
  DELETE = 'delete',
}

/** Options of `AccessRule.permit` and `AccessRule.forbid`. */
export interface AccessRuleOptions extends RuleConditionOptions {
  /** The actions the rule is about (`actions`); at least one. */
  readonly actions: AccessAction[];
  /**
   * The one principal the rule is about (`principal`: the user name the auth provider returns).
   * @default - every principal
   */
  readonly principal?: string;
  /**
   * The resources the rule is about (`resource`): `<type>::<identifier>` (`model::llama-3`),
   * every resource of a type (`model::*`), or `regex:<pattern>` matched against
   * `<type>::<identifier>`.
   * @default - every resource
   */
  readonly resource?: string;
}

/** `<type>::<id>`, `<type>::*`, or `regex:<pattern>`: what `matches_resource` can match. */
const RESOURCE = /^(regex:.+|[^:\s]+::\S.*)$/s;

/**
 * A resource-level rule of `server.auth.access_policy` (both server lines). The server tests the
 * rules in order and the first whose scope (actions, principal, resource) and condition match
 * decides; no match denies. A `when` applies when all its conditions hold, an `unless` when not
 * all of them hold. Without any rule, the release's default applies: a user may do anything to
 * resources they own, that are unowned (registered from config.yaml), or whose owner shares one
 * of their `roles`, `teams`, `projects` or `namespaces` attributes.
 *
 * ```ts
 * AccessRule.permit({ actions: [AccessAction.READ], resource: 'model::*' });
 * AccessRule.forbid({ actions: [AccessAction.CREATE, AccessAction.DELETE], resource: 'vector_store::*', unless: ['user with admin in roles'] });
 * ```
 */
export class AccessRule {
  /**
   * True for an `AccessRule` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.AccessRule')`, not `instanceof`.
   * @param x any value
   */
  public static isAccessRule(x: any): x is AccessRule {
    return isMadeBy(x, 'AccessRule');
  }

  /**
   * `instanceof AccessRule` holds for an AccessRule made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isAccessRule`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is AccessRule {
    return isMadeBy(x, 'AccessRule');
  }

  /** A rule that allows `actions` when it matches (`permit`). */
  public static permit(options: AccessRuleOptions): AccessRule {
    return new AccessRule('permit', options);
  }

  /** A rule that denies `actions` when it matches (`forbid`). */
  public static forbid(options: AccessRuleOptions): AccessRule {
    return new AccessRule('forbid', options);
  }

  /** `permit` or `forbid`. */
  public readonly effect: string;
  private readonly rule: JsonObject;

  private constructor(effect: 'permit' | 'forbid', raw: AccessRuleOptions) {
    brand(this, 'AccessRule');
    const options = snapshotOptions(raw, `AccessRule.${effect}(options)`, { type: 'AccessRuleOptions', names: optionNames<AccessRuleOptions>({ actions: true, principal: true, resource: true, when: true, unless: true, description: true }) });
    const c = new RuleCheck(`AccessRule.${effect}`);
    const opts: { [key: string]: any } = isObject(options) ? options : {};
    if (!isObject(options)) c.problem('options', 'options must be an object', 'pass { actions: [AccessAction.READ], ... }');
    const scope: JsonObject = {};
    const actionsFix = `pass actions: [AccessAction.READ, ...] (one or more of ${ACCESS_ACTIONS.join(', ')})`;
    const actions = opts.actions;
    if (!Array.isArray(actions) || actions.length === 0) {
      c.problem('actions', 'actions must list at least one action (the server requires it)', actionsFix);
    } else {
      actions.forEach((a: unknown, i: number) => {
        if (typeof a !== 'string' || !ACCESS_ACTIONS.includes(a)) {
          c.problem(`actions[${i}]`, `${quoteValue(a)} is not an action: the server takes ${ACCESS_ACTIONS.join(', ')}`, actionsFix);
        }
      });
      scope.actions = [...new Set(actions as string[])];
    }
    if (present(opts.principal) && c.string('principal', opts.principal, 'pass the principal (user name) the auth provider returns, or leave it out')) {
      scope.principal = opts.principal;
    }
    if (present(opts.resource) && c.string('resource', opts.resource, 'write model::<id>, model::*, or regex:<pattern>')) {
      if (!RESOURCE.test(opts.resource)) {
        c.problem('resource', `${quoteValue(opts.resource)} matches no resource: the server compares it with "<type>::<identifier>"`,
          'write <type>::<identifier> (model::llama-3), <type>::* (model::*), or regex:<pattern>; leave resource out to match every resource');
      } else {
        scope.resource = opts.resource;
      }
    }
    const rule: JsonObject = { [effect]: scope };
    c.conditions(opts, rule);
    c.description(opts.description, rule);
    c.throwIfAny();
    this.effect = effect;
    this.rule = rule;
  }

  /** @internal the rule as config.yaml's `access_policy` holds it (a fresh copy). */
  public _toConfig(): JsonObject {
    return deepCopy(this.rule) as JsonObject;
  }
}
