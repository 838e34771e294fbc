/**
 * Object names derived from the base name: the operator's names for the objects it makes too
 * (ogx-k8s-operator's controllers name them `instance.Name + "-service"`, `"-sa"`, `"-pvc"`,
 * `"-network-policy"`, `"-hpa"`, `"-pdb"`, `"-ingress"`), valid Kubernetes names for every base the
 * library accepts, and never another base's answer.
 */
import { baseNameProblem, configMapName, MAX_NAME_LENGTH, objectNames } from '../../src/workload/object-names';

/** Kubernetes' DNS-1123 label: at most 63 lower-case alphanumerics or '-', alphanumeric at both ends. */
const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

describe('objectNames', () => {
  test('a server named llama: the operator\'s names for the objects it makes', () => {
    const n = objectNames('llama');
    expect([n.deployment, n.service, n.serviceAccount, n.pvc, n.networkPolicy, n.hpa, n.pdb, n.ingress]).toEqual([
      'llama', 'llama-service', 'llama-sa', 'llama-pvc', 'llama-network-policy', 'llama-hpa', 'llama-pdb', 'llama-ingress',
    ]);
  });

  test('the OpenShift Route is the base name, so the router\'s default host reads <name>-<namespace>.<apps domain>', () => {
    expect(objectNames('llama').route).toBe('llama');
  });

  test('every name of the longest accepted base is a DNS-1123 label, the Service a DNS-1035 one; the bound is tight', () => {
    const base = 'a'.repeat(MAX_NAME_LENGTH);
    expect(baseNameProblem(base)).toBeUndefined();
    const names = Object.values(objectNames(base));
    expect(names.filter((name) => !DNS_1123_LABEL.test(name))).toEqual([]);
    expect(Math.max(...names.map((name) => name.length))).toBe(63);
    expect(objectNames(base).service).toMatch(/^[a-z]/);
    expect(baseNameProblem(`${base}a`)).toBeDefined();
  });

  test('alternating bases each get their own names (the kept last answer is never another base\'s), frozen', () => {
    for (const name of ['a', 'b', 'b', 'a', 'llama']) {
      const n = objectNames(name);
      expect(Object.values(n).every((v) => v === name || v.startsWith(`${name}-`))).toBe(true);
      expect(n.deployment).toBe(name);
      expect(Object.isFrozen(n)).toBe(true);
    }
    expect(objectNames('a').service).not.toBe(objectNames('b').service);
  });
});

describe('configMapName', () => {
  test('the base, -config-, and the first 8 characters of the content hash', () => {
    expect(configMapName('llama', '0123456789abcdef')).toBe('llama-config-01234567');
    expect(configMapName('llama', 'abc')).toBe('llama-config-abc');
  });
});

describe('baseNameProblem', () => {
  test('a DNS-1035 label of at most MAX_NAME_LENGTH characters has none', () => {
    expect(MAX_NAME_LENGTH).toBe(63 - '-network-policy'.length);
    expect(['llama', 'a', 'a-1', 'x'.repeat(MAX_NAME_LENGTH)].map(baseNameProblem)).toEqual([undefined, undefined, undefined, undefined]);
  });

  test('a name starting with a letter but not a label: the derived names are why', () => {
    expect(baseNameProblem('Llama')).toEqual({
      message: '"Llama" is not a valid name: object names are derived from it (Llama-network-policy…)',
      fix: `use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set props.name)`,
      fixes: { manifest: `use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set metadata.name)` },
    });
    expect(baseNameProblem('l'.repeat(MAX_NAME_LENGTH + 1))?.fix).toBe(baseNameProblem('Llama')?.fix);
  });

  test('a name not starting with a letter: the Service, a DNS-1035 label, is why', () => {
    expect(baseNameProblem('1llama')).toEqual({
      message: '"1llama" is not a valid name: the Service is named after it (1llama-service), and a Service name must be a DNS-1035 label, which starts with a letter',
      fix: `start it with a lower-case letter, then use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set props.name)`,
      fixes: { manifest: `start it with a lower-case letter, then use lower-case letters, digits and '-', at most ${MAX_NAME_LENGTH} characters (set metadata.name)` },
    });
  });

  test('a credential typed as the name is described, never quoted', () => {
    const secret = 'sk-proj-Abcdefghij0123456789KLMNOPqrstuv';
    const problem = baseNameProblem(secret);
    expect(problem?.message).toContain('(<name>-network-policy…)');
    expect(JSON.stringify(problem)).not.toContain(secret);
  });
});
