/** Key references: the same problems with a path given as text or as a function, called only for a problem. */
import { argvProblems, envProblems, imageProblems, keyRefProblems, pullPolicyProblems } from '../../src/kubernetes/container-checks';

describe('keyRefProblems', () => {
  test('a path function is called only when there is a problem, and gives the same problems', () => {
    let calls = 0;
    const at = () => {
      calls++;
      return 'spec.x';
    };
    for (const ok of [{ name: 'vllm', key: 'token' }, { name: '', key: '' }, { name: 7, key: 7 }, 'not an object']) {
      expect(keyRefProblems(ok, at)).toEqual([]);
      expect(keyRefProblems(ok, at, 'ConfigMap')).toEqual([]);
    }
    expect(calls).toBe(0);
    for (const bad of [{ name: 'Bad_Name', key: 'k' }, { name: 'ok', key: 'bad key' }, { name: 'Bad', key: '..x' }]) {
      for (const kind of ['Secret', 'ConfigMap'] as const) {
        const found = keyRefProblems(bad, at, kind);
        expect(found.length).toBeGreaterThan(0);
        expect(found).toEqual(keyRefProblems(bad, 'spec.x', kind));
      }
    }
    expect(calls).toBe(6);
  });
});

describe('image, pull policy and env checks with a path function', () => {
  test('the same problems as with the path as text; the function is called only for a problem', () => {
    let calls = 0;
    const at = () => {
      calls++;
      return 'c';
    };
    expect(imageProblems('quay.io/a/b:1', at)).toEqual([]);
    expect(imageProblems(7, at)).toEqual([]);
    expect(pullPolicyProblems('IfNotPresent', at)).toEqual([]);
    expect(envProblems([{ name: 'A', value: 'x' }, { name: 'S', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }], at)).toEqual([]);
    expect(calls).toBe(0);
    for (const image of ['', '  ', ' a', 'a\n']) expect(imageProblems(image, at)).toEqual(imageProblems(image, 'c'));
    expect(imageProblems('', 'c')[0].message).toBe('Required value: a container needs an image');
    expect(imageProblems(' a', 'c')[0].message).toBe('" a" must not have leading or trailing whitespace');
    expect(pullPolicyProblems('always', at)).toEqual(pullPolicyProblems('always', 'c'));
    const env = [{ name: '1A', value: 'x' }, { name: 'S', value: 'v', valueFrom: { secretKeyRef: { name: 'Bad_Name', key: 'k' } } }];
    expect(envProblems(env, at)).toEqual(envProblems(env, 'c'));
    expect(envProblems(env, 'c').map((p) => p.path)).toEqual(['c[0].name', 'c[1].valueFrom', 'c[1].valueFrom.secretKeyRef.name']);
  });
});

describe('NUL in an env value, a command or an argument (the API server takes it; no container can start with it)', () => {
  const NUL = 'holds a NUL character (\\u0000): the API server accepts it, but the container runtime passes env and arguments as C strings and cannot start the container';

  test('envProblems: at the value', () => {
    expect(envProblems([{ name: 'A', value: 'x\u0000y' }, { name: 'B', value: 'fine' }], 'c')).toEqual([
      { path: 'c[0].value', message: NUL, fix: 'remove the NUL character' },
    ]);
  });

  test('argvProblems: at each entry, only where a NUL is', () => {
    expect(argvProblems(['serve', '--x\u0000', 7, '\u0000'], 'c.args')).toEqual([
      { path: 'c.args[1]', message: NUL, fix: 'remove the NUL character' },
      { path: 'c.args[3]', message: NUL, fix: 'remove the NUL character' },
    ]);
    expect(argvProblems(undefined, 'c')).toEqual([]);
  });
});
