/**
 * Internal (not exported from the package): how `route_policy` decides a request, as
 * `RouteAuthorizationMiddleware` does in both releases (`core/server/auth.py`). The middleware
 * runs on every HTTP request once `route_policy` is non-empty — public routes such as
 * `/v1/health` included, and also for requests without a user — so a policy that does not
 * permit the health route to an anonymous caller turns every kubelet probe into a 403.
 */

/** The path the Deployment's probes call. */
export const HEALTH_ROUTE = '/v1/health';

/** A route rule as the middleware sees it. */
export interface RouteRuleShape {
  readonly effect: 'permit' | 'forbid';
  readonly paths: readonly string[];
  /** Has a `when` or `unless`: such a rule never matches a request without a user. */
  readonly conditional: boolean;
}

/** `re.match` of a Python pattern, approximated in JavaScript; undefined when it cannot tell. */
function pythonRegexMatch(pattern: string, route: string): boolean | undefined {
  const js = pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  try {
    return new RegExp(`^(?:${js})`).test(route);
  } catch {
    return undefined;
  }
}

/**
 * Whether one pattern of a rule matches the (normalized) route: `*`, `regex:<pattern>`,
 * `<prefix>*`, or an exact path. Undefined for a regex JavaScript cannot read.
 */
export function routePatternMatches(pattern: string, route: string): boolean | undefined {
  if (pattern === '*') return true;
  if (pattern.startsWith('regex:')) return pythonRegexMatch(pattern.slice('regex:'.length), route);
  if (pattern.endsWith('*')) return route.startsWith(pattern.slice(0, -1));
  return pattern === route;
}

/** The middleware drops a trailing slash from the request path (except for `/`). */
export function normalizeRoute(route: string): string {
  return route !== '/' && route.endsWith('/') ? route.replace(/\/+$/, '') : route;
}

/** What the policy decides for a request without a user: the first matching rule wins, none denies. */
export interface AnonymousDecision {
  /** `undefined` when a regex on the way could not be evaluated. */
  readonly allowed: boolean | undefined;
  /** The deciding rule, or -1 when none matched. */
  readonly index: number;
}

export function anonymousDecision(rules: readonly RouteRuleShape[], route: string): AnonymousDecision {
  const r = normalizeRoute(route);
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    let matched: boolean | undefined = false;
    for (const p of rule.paths) {
      const m = routePatternMatches(p, r);
      if (m === undefined) return { allowed: undefined, index: i };
      if (m) {
        matched = true;
        break;
      }
    }
    if (matched && !rule.conditional) return { allowed: rule.effect === 'permit', index: i };
  }
  return { allowed: false, index: -1 };
}
