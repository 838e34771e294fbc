/**
 * Route matching, as the server's RouteAuthorizationMiddleware does it.
 */
import { anonymousDecision, HEALTH_ROUTE, normalizeRoute, routePatternMatches } from '../../src/auth/route-match';

describe('route matching, as RouteAuthorizationMiddleware does it', () => {
  test.each<[string, string, boolean | undefined]>([
    ['*', '/v1/health', true],
    ['/v1/health', '/v1/health', true],
    ['/v1/*', '/v1/health', true],
    ['/v1/health*', '/v1/healthz', true],
    ['/v1/models', '/v1/health', false],
    ['regex:/v1/(health|version)', '/v1/health', true],
    ['regex:/v1/models', '/v1/health', false],
    ['regex:health', '/v1/health', false], // re.match anchors at the start
    ['regex:(?i)/V1/HEALTH', '/v1/health', undefined], // Python-only syntax: not guessed
  ])('%s on %s → %s', (pattern, route, expected) => {
    expect(routePatternMatches(pattern, route)).toBe(expected);
  });

  test('trailing slashes are dropped from the request path', () => {
    expect(normalizeRoute('/v1/health/')).toBe('/v1/health');
    expect(normalizeRoute('/')).toBe('/');
  });

  test('a request without a user: rules with conditions never match, the first match decides, none denies', () => {
    const permit = (paths: string[], conditional = false) => ({ effect: 'permit' as const, paths, conditional });
    const forbid = (paths: string[], conditional = false) => ({ effect: 'forbid' as const, paths, conditional });
    expect(anonymousDecision([permit(['*'], true)], HEALTH_ROUTE)).toEqual({ allowed: false, index: -1 });
    expect(anonymousDecision([forbid(['*'], true), permit(['/v1/health'])], HEALTH_ROUTE)).toEqual({ allowed: true, index: 1 });
    expect(anonymousDecision([forbid(['/v1/*']), permit(['/v1/health'])], HEALTH_ROUTE)).toEqual({ allowed: false, index: 0 });
    expect(anonymousDecision([], HEALTH_ROUTE)).toEqual({ allowed: false, index: -1 });
  });
});
