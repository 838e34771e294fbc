/**
 * The rules of `server.auth`: `AccessRule` (`access_policy`) and `RouteRule` (`route_policy`),
 * and the checks they share (`RuleCheck`, internal: options that are strings, `when` / `unless`
 * in the server's condition grammar), collected as problems at `<Factory>(<option>)` paths, never
 * echoing more than the text the user wrote.
 */
import { ACCESS_ACTIONS, Condition, CONDITION_FORMS, parseCondition, valueWithoutResource } from './conditions';
import { RouteRuleShape } from './route-match';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { isObject, JsonObject, present } from '../core/json';
import { deepCopy } from '../core/json-convert';
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

/** Options of `RouteRule.permit` and `RouteRule.forbid`. */
export interface RouteRuleOptions extends RuleConditionOptions {
  /**
   * The API routes the rule is about (`paths`): an exact path (`/v1/chat/completions`), a prefix
   * ending in `*` (`/v1/files*`), `*` for every route, or `regex:<pattern>`. The server compares
   * them with the request path without its trailing slash.
   */
  readonly paths: string[];
}

/**
 * A route-level rule of `server.auth.route_policy` (both server lines), checked before any
 * resource rule. Once there is a route rule, every request needs a matching one: the first match
 * decides and no match denies (403). The rules also run for requests without a user — the
 * health route the kubelet probes included — where a rule with a condition never matches, so a
 * route policy must permit `/v1/health` in a rule without condition (checked at synth time).
 * Routes have no resource: conditions about owners have a fixed value here and are refused; use
 * `user with <value> [not] in <attribute>`. A `when` applies when all its conditions hold, an
 * `unless` when none of them holds.
 *
 * ```ts
 * RouteRule.permit({ paths: ['/v1/health'] });
 * RouteRule.permit({ paths: ['/v1/chat/completions', '/v1/models*'], when: ['user with developer in roles'] });
 * ```
 */
export class RouteRule {
  /**
   * True for a `RouteRule` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.RouteRule')`, not `instanceof`.
   * @param x any value
   */
  public static isRouteRule(x: any): x is RouteRule {
    return isMadeBy(x, 'RouteRule');
  }

  /**
   * `instanceof RouteRule` holds for a RouteRule made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isRouteRule`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is RouteRule {
    return isMadeBy(x, 'RouteRule');
  }

  /** A rule that allows the routes when it matches (`permit`). */
  public static permit(options: RouteRuleOptions): RouteRule {
    return new RouteRule('permit', options);
  }

  /** A rule that denies the routes (403) when it matches (`forbid`). */
  public static forbid(options: RouteRuleOptions): RouteRule {
    return new RouteRule('forbid', options);
  }

  /** `permit` or `forbid`. */
  public readonly effect: string;
  private readonly rule: JsonObject;
  private readonly shape: RouteRuleShape;

  private constructor(effect: 'permit' | 'forbid', raw: RouteRuleOptions) {
    brand(this, 'RouteRule');
    const options = snapshotOptions(raw, `RouteRule.${effect}(options)`, { type: 'RouteRuleOptions', names: optionNames<RouteRuleOptions>({ paths: true, when: true, unless: true, description: true }) });
    const c = new RuleCheck(`RouteRule.${effect}`);
    const opts: { [key: string]: any } = isObject(options) ? options : {};
    if (!isObject(options)) c.problem('options', 'options must be an object', "pass { paths: ['/v1/models*'], ... }");
    const paths: string[] = [];
    const pathFix = "write an exact path ('/v1/models'), a prefix ending in * ('/v1/files*'), '*', or 'regex:<pattern>'";
    if (c.strings('paths', opts.paths, pathFix)) {
      (opts.paths as string[]).forEach((p, i) => {
        if (p === '*' || p.startsWith('regex:')) {
          if (p === 'regex:') c.problem(`paths[${i}]`, 'an empty regex matches every route', "write '*' for every route, or a pattern after regex:");
        } else if (!p.startsWith('/')) {
          c.problem(`paths[${i}]`, `${quoteValue(p)} matches no route: request paths start with /`, pathFix);
        } else if (!p.endsWith('*') && p !== '/' && p.endsWith('/')) {
          c.problem(`paths[${i}]`, `${quoteValue(p)} matches no route: the server drops the trailing slash of the request path before comparing`,
            `write ${quoteValue(p.replace(/\/+$/, '') || '/')}`);
        }
        paths.push(p);
      });
    }
    const rule: JsonObject = { [effect]: { paths } };
    for (const { option, text, condition } of c.conditions(opts, rule)) {
      const fixed = valueWithoutResource(condition);
      if (fixed !== undefined) {
        c.problem(option, `${quoteValue(text)} is always ${fixed} in a route rule (route rules have no resource, so no owner)`,
          'use user with <value> [not] in <attribute>, or put the rule in accessPolicy');
      }
    }
    c.description(opts.description, rule);
    c.throwIfAny();
    this.effect = effect;
    this.rule = rule;
    this.shape = { effect, paths, conditional: rule.when !== undefined || rule.unless !== undefined };
  }

  /** @internal the rule as config.yaml's `route_policy` holds it (a fresh copy). */
  public _toConfig(): JsonObject {
    return deepCopy(this.rule) as JsonObject;
  }

  /** @internal what the route middleware sees of the rule. */
  public get _shape(): RouteRuleShape {
    return this.shape;
  }
}
