/** Key references: the same problems with a path given as text or as a function, called only for a problem. */
import { keyRefProblems } from '../../src/kubernetes/container-checks';

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
