import { valueWithoutResource } from './conditions';
import { RouteRuleShape } from './route-match';
import { RuleCheck, RuleConditionOptions } from './rule-check';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { isObject, JsonObject } from '../core/json';
import { deepCopy } from '../core/json-convert';
import { quoteValue } from '../core/quote';

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
