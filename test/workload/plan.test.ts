/** What the renderers read from a plan: the port and its name, replicas, the PVC, the mount path, the CA bundle keys. */
import { caBundleKeys, hasPvc, mountPathOf, portName, portOf, replicasOf, tlsEnabled } from '../../src/workload/plan';
import { workloadPlan } from '../support/workload-plan';

describe('the plan\'s readers', () => {
  test('portOf: networking.port, else the server\'s 8321', () => {
    expect(portOf(workloadPlan())).toBe(8321);
    expect(portOf(workloadPlan({ networking: { port: 9000 } }))).toBe(9000);
  });

  test('tlsEnabled and portName: https only when tls.enabled is true', () => {
    const cases = [{}, { networking: { tls: { enabled: false, secretName: 's' } } }, { networking: { tls: { enabled: true, secretName: 's' } } }];
    expect(cases.map((spec) => [tlsEnabled(workloadPlan(spec)), portName(workloadPlan(spec))])).toStrictEqual([[false, 'http'], [false, 'http'], [true, 'https']]);
  });

  test('replicasOf: workload.replicas, else 1 (0 stays 0)', () => {
    expect([{}, { workload: { replicas: 3 } }, { workload: { replicas: 0 } }].map((spec) => replicasOf(workloadPlan(spec)))).toStrictEqual([1, 3, 0]);
  });

  test('hasPvc: workload.storage set (even empty), not null', () => {
    const specs = [{}, { workload: {} }, { workload: { storage: {} } }, { workload: { storage: null } }];
    expect(specs.map((spec) => hasPvc(workloadPlan(spec)))).toStrictEqual([false, false, true, false]);
  });

  test('mountPathOf: storage.mountPath, else the plan\'s default (an empty path is no path)', () => {
    expect(mountPathOf(workloadPlan())).toBe('/.llama');
    expect(mountPathOf(workloadPlan({ workload: { storage: { mountPath: '/data' } } }))).toBe('/data');
    expect(mountPathOf(workloadPlan({ workload: { storage: { mountPath: '' } } }))).toBe('/.llama');
  });

  test('caBundleKeys: the keys given, else ca-bundle.crt; none without a CA bundle', () => {
    const tls = (caBundle?: object) => workloadPlan({ networking: { tls: { enabled: true, secretName: 's', caBundle } } });
    expect(caBundleKeys(workloadPlan())).toStrictEqual([]);
    expect(caBundleKeys(tls())).toStrictEqual([]);
    expect(caBundleKeys(tls({ configMapName: 'cas' }))).toStrictEqual(['ca-bundle.crt']);
    expect(caBundleKeys(tls({ configMapName: 'cas', configMapKeys: [] }))).toStrictEqual(['ca-bundle.crt']);
    expect(caBundleKeys(tls({ configMapName: 'cas', configMapKeys: ['a.crt', 'b.crt'] }))).toStrictEqual(['a.crt', 'b.crt']);
  });
});
