/**
 * The remembered checks answer as the checks they remember, for every input and after the memo
 * starts over; the name rules of different kinds stay apart.
 */
import {
  configMapKeyErrors, dns1123LabelErrors, dns1123SubdomainErrors, envVarNameErrors, isConfigMapKey, isDns1123Label, isDns1123Subdomain,
  isEnvVarName, memoisedCheck, nameProblem, objectNameRule,
} from '../../src/kubernetes/name-rules';

describe('memoisedCheck', () => {
  test.each<[string, (s: string) => readonly string[], (s: string) => string[]]>([
    ['DNS-1123 label', dns1123LabelErrors, isDns1123Label],
    ['DNS-1123 subdomain', dns1123SubdomainErrors, isDns1123Subdomain],
    ['env var name', envVarNameErrors, isEnvVarName],
    ['ConfigMap key', configMapKeyErrors, isConfigMapKey],
  ])('%s: the same answers as the check, alternating valid and invalid values', (_what, remembered, check) => {
    for (const s of ['ok', 'Bad_Name', 'ok', '1abc', 'a'.repeat(300), 'Bad_Name', '', '..', 'x.y', 'ok']) {
      expect(remembered(s)).toEqual(check(s));
    }
  });

  test('bounded: it starts over after 8,192 strings, and still answers right', () => {
    let calls = 0;
    const remembered = memoisedCheck((s) => {
      calls++;
      return s.startsWith('bad') ? [`${s} is bad`] : [];
    });
    expect(remembered('bad-0')).toEqual(['bad-0 is bad']);
    expect(remembered('bad-0')).toEqual(['bad-0 is bad']);
    expect(calls).toBe(1);
    for (let i = 0; i < 10_000; i++) expect(remembered(i % 2 === 0 ? `bad-${i}` : `good-${i}`)).toEqual(i % 2 === 0 ? [`bad-${i}`.concat(' is bad')] : []);
    expect(calls).toBe(10_000);
    // Forgotten after the memo started over: checked again, with the same answer.
    expect(remembered('bad-0')).toEqual(['bad-0 is bad']);
    expect(calls).toBe(10_001);
  });
});

describe('objectNameRule', () => {
  test('one rule per kind, with the kind\'s words', () => {
    expect(objectNameRule('Secret')).toBe(objectNameRule('Secret'));
    expect(nameProblem('Bad_Name', 'p', objectNameRule('Secret'))?.message).toMatch(/^"Bad_Name" is not a Secret name: /);
    expect(nameProblem('Bad_Name', 'p', objectNameRule('IngressClass'))?.message).toMatch(/^"Bad_Name" is not an IngressClass name: /);
    expect(nameProblem('Bad_Name', 'p', objectNameRule('IngressClass'))?.fix).toMatch(/^use the IngressClass's name/);
    expect(nameProblem('ok', 'p', objectNameRule('Secret'))).toBeUndefined();
  });
});
