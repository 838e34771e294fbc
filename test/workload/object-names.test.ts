/** Object names derived from the base name: the kept last answer is never another name's. */
import { objectNames } from '../../src/workload/object-names';

describe('objectNames', () => {
  test('alternating names get their own names', () => {
    for (const name of ['a', 'b', 'b', 'a', 'llama']) {
      expect(objectNames(name)).toEqual({
        deployment: name,
        service: `${name}-service`,
        serviceAccount: `${name}-sa`,
        pvc: `${name}-pvc`,
        networkPolicy: `${name}-network-policy`,
        hpa: `${name}-hpa`,
        pdb: `${name}-pdb`,
        ingress: `${name}-ingress`,
        httpRoute: `${name}-route`,
        route: name,
        trustedCa: `${name}-trusted-ca`,
      });
    }
    expect(Object.isFrozen(objectNames('a'))).toBe(true);
  });
});
