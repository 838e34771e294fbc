/**
 * The library's constants are registered, deep-frozen objects; the object checks skip them and
 * nothing else: a frozen object that is not registered (a user's, or a copy) is checked.
 */
import { isLibraryConstant, libraryConstant } from '../../src/kubernetes/library-constants';
import { objectProblems } from '../../src/kubernetes/object-checks';
import { plainYamlProblems } from '../../src/kubernetes/plain-yaml';

describe('libraryConstant', () => {
  test('registers and freezes every nested object and list', () => {
    const c = libraryConstant({ a: { b: [{ c: 'x' }] } });
    for (const o of [c, c.a, c.a.b, c.a.b[0]]) {
      expect(Object.isFrozen(o)).toBe(true);
      expect(isLibraryConstant(o)).toBe(true);
    }
    expect(() => {
      (c.a.b[0] as any).c = 'changed';
    }).toThrow(TypeError);
  });

  test('a frozen object is not a constant unless registered, and neither is an unfrozen one', () => {
    expect(isLibraryConstant(Object.freeze({ a: 1 }))).toBe(false);
    expect(isLibraryConstant({ a: 1 })).toBe(false);
    expect(isLibraryConstant(JSON.parse(JSON.stringify(libraryConstant({ a: 1 }))))).toBe(false);
  });
});

/** A Deployment whose one container mounts `mounts` from volume `v`. */
function deployment(mounts: object[]): object {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: { template: { spec: { volumes: [{ name: 'v', emptyDir: {} }], containers: [{ name: 'c', image: 'i:1', volumeMounts: mounts }] } } },
  };
}

describe('the checks skip registered constants only', () => {
  const at = 'Deployment[d].spec.template.spec.containers[0].volumeMounts';

  test('a frozen user mount\'s path is checked; a registered one only for its place', () => {
    const frozen = Object.freeze({ name: 'v', mountPath: 'relative' });
    expect(objectProblems([deployment([frozen])]).map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${at}[0].mountPath: "relative" must be an absolute path (the container runtime rejects a relative mount destination)`,
    ]);
    // A constant's path still takes its place: a user mount at the same path is a duplicate.
    const constant = libraryConstant({ name: 'v', mountPath: '/data' });
    expect(objectProblems([deployment([constant, { name: 'v', mountPath: '/data/' }])]).map((p) => `${p.path}: ${p.message}`)).toEqual([
      `${at}[1].mountPath: "/data/" must be unique`,
    ]);
  });

  test('YAML: a string in a frozen user object is found; in a registered constant it is not looked at', () => {
    const paths = (mounts: object[]) => plainYamlProblems([deployment(mounts)]).map((p) => p.path);
    expect(paths([Object.freeze({ name: 'v', mountPath: '/x', subPath: '0o17' })])).toEqual([`${at}[0].subPath`]);
    expect(paths([{ name: 'v', mountPath: '/x', subPath: '0o17' }])).toEqual([`${at}[0].subPath`]);
    expect(paths([libraryConstant({ name: 'v', mountPath: '/x', subPath: '0o17' })])).toEqual([]);
  });
});
