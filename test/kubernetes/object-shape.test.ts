/**
 * Objects of one shape share the checks' verdict (src/kubernetes/object-shape.ts):
 * `renderedObjectProblems` must give exactly what the checks give run on the objects, whatever
 * the names, labels, volumes and annotations are, and share only what it may.
 */
import { libraryConstant } from '../../src/kubernetes/library-constants';
import * as objectChecks from '../../src/kubernetes/object-checks';
import { renderedObjectProblems } from '../../src/kubernetes/object-shape';
import { plainYamlProblems } from '../../src/kubernetes/plain-yaml';
import { choices, seeded } from '../support/seeded';

/** Config text over the 1 MiB a ConfigMap holds. */
const BIG = 'a: ' + 'x'.repeat(1024 * 1024);

function direct(objs: unknown[], quoted: boolean) {
  return [...objectChecks.objectProblems(objs), ...(quoted ? [] : plainYamlProblems(objs))];
}

interface Parts {
  name: string;
  label?: string;
  annotation?: string;
  volume?: string;
  source?: string;
  container?: string;
  service?: string;
  data?: string;
  /** The ConfigMap name's last part (the hash's first 8 hex digits). */
  hash?: string;
  /** The config text. */
  text?: string;
}

function objects(p: Parts): unknown[] {
  const n = p.name;
  const labels = { 'app.kubernetes.io/instance': n, 'other': p.label ?? 'x' };
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${n}-config-${p.hash ?? '0a1b2c3d'}`, labels }, data: { [p.data ?? 'config.yaml']: p.text ?? 'version: 2' } },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: n, labels },
      spec: {
        selector: { matchLabels: { 'app.kubernetes.io/instance': n } },
        template: {
          metadata: { labels, annotations: { 'llamastack.io/config-hash': p.annotation ?? '0a1b2c' } },
          spec: {
            volumes: [{ name: p.volume ?? 'config', configMap: { name: p.source ?? `${n}-config-${p.hash ?? '0a1b2c3d'}` } }],
            containers: [{ name: p.container ?? 'server', image: 'img:1', volumeMounts: [{ name: 'config', mountPath: '/etc/c' }] }],
          },
        },
      },
    },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: p.service ?? `${n}-service`, labels }, spec: { selector: { 'app.kubernetes.io/instance': n }, ports: [{ port: 8321 }] } },
  ];
}

describe('renderedObjectProblems', () => {
  let full: jest.SpyInstance;
  beforeEach(() => {
    full = jest.spyOn(objectChecks, 'objectProblems');
  });
  afterEach(() => full.mockRestore());
  /** How many checks ran on more than the ConfigMap (the rest were shared). */
  const fullRuns = () => full.mock.calls.filter(([objs]) => (objs as unknown[]).length > 1).length;

  test('names that differ only in digits share the verdict; others do not', () => {
    for (const name of ['shape-a1', 'shape-a2', 'shape-a3', 'shape-b1']) expect(renderedObjectProblems(objects({ name }), undefined, false, name)).toEqual([]);
    expect(fullRuns()).toBe(2);
  });

  test('a ConfigMap of another config (its hash and data): shared, its size checked every time', () => {
    for (const [hash, text] of [['0a1b2c3d', 'version: 2'], ['99aa88bb', 'version: 3\nmore: 1'], ['ffffffff', 'x'.repeat(1000)]]) {
      expect(renderedObjectProblems(objects({ name: 'cm-1', hash, text }), undefined, false, 'cm-1')).toEqual([]);
    }
    const big = objects({ name: 'cm-2', hash: '12345678', text: BIG });
    const problems = renderedObjectProblems(big, undefined, false, 'cm-2');
    expect(fullRuns()).toBe(1);
    expect(problems).toEqual(direct(big, false));
    expect(problems.map((p) => p.path)).toEqual(['ConfigMap[cm-2-config-12345678].data']);
  });

  test('a ConfigMap name without 8 lower-case hex digits at its end, or data other readers misread: checked again', () => {
    expect(renderedObjectProblems(objects({ name: 'cn-1' }), undefined, false, 'cn-1')).toEqual([]);
    const cases: [Parts, number][] = [
      [{ name: 'cn-2', hash: '0A1B2C3D' }, 1], [{ name: 'cn-2', hash: '0a1b2c3' }, 0], [{ name: 'cn-2', hash: 'g0a1b2c3' }, 0], [{ name: 'cn-2', text: '0o17' }, 1],
    ];
    for (const [p, count] of cases) {
      const objs = objects(p);
      full.mockClear();
      const problems = renderedObjectProblems(objs, undefined, false, p.name);
      expect(fullRuns()).toBe(1);
      expect(problems).toEqual(direct(objs, false));
      expect(problems).toHaveLength(count);
    }
  });

  test('a string the same in both that holds a name, or a length apart: checked again', () => {
    renderedObjectProblems(objects({ name: 'same-1', label: 'same-1' }), undefined, false, 'same-1');
    renderedObjectProblems(objects({ name: 'same-2', label: 'same-1' }), undefined, false, 'same-2');
    renderedObjectProblems(objects({ name: 'same-10', label: 'same-1' }), undefined, false, 'same-10');
    expect(fullRuns()).toBe(3);
  });

  test('what a check reads differs: the problems of the other objects', () => {
    const clean = objects({ name: 'rd-1', volume: 'config' });
    expect(renderedObjectProblems(clean, undefined, false, 'rd-1')).toEqual([]);
    for (const [p, quoted] of [
      [{ name: 'rd-2', volume: 'Config' }, false], [{ name: 'rd-2', container: 'rd-2_' }, false], [{ name: 'rd-2', annotation: '0o17' }, false],
      [{ name: 'rd-2', annotation: '0o17' }, true], [{ name: 'rd-2', data: 'bad key!' }, false], [{ name: 'rd-2', source: '0o17' }, false],
    ] as const) {
      const objs = objects(p);
      expect(renderedObjectProblems(objs, undefined, quoted, p.name)).toEqual(direct(objs, quoted));
    }
    expect(renderedObjectProblems(objects({ name: 'rd-2', annotation: '0o17' }), undefined, false, 'rd-2')).toHaveLength(1);
  });

  const deployment = (name: string, selector: string, label: string, volumes: unknown[] = []) => [{
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { other: label } },
    spec: {
      selector: { matchLabels: { app: selector } },
      template: { metadata: { labels: { app: label } }, spec: { volumes, containers: [{ name: 'server', image: 'img:1' }] } },
    },
  }];

  test('strings that map to one string of the objects checked before, but differ: checked again', () => {
    expect(renderedObjectProblems(deployment('eq-1', 'eq-1eq-1', 'eq-1eq-1'), undefined, false, 'eq-1')).toEqual([]);
    const objs = deployment('eq-2', 'eq-1eq-2', 'eq-2eq-2');
    expect(renderedObjectProblems(objs, undefined, false, 'eq-2')).toEqual(direct(objs, false));
    expect(direct(objs, false).map((p) => p.message)).toEqual(['`selector` does not match template `labels`']);
  });

  test('a name that other readers misread: checked again', () => {
    expect(renderedObjectProblems(deployment('0o18', 'a', 'a'), undefined, false, '0o18')).toEqual([]);
    const objs = deployment('0o17', 'a', 'a');
    expect(renderedObjectProblems(objs, undefined, false, '0o17')).toEqual(direct(objs, false));
    expect(direct(objs, false)).toHaveLength(1);
  });

  test('a library constant that holds a name: checked again', () => {
    const constant = libraryConstant({ name: 'lc-1', emptyDir: {} });
    expect(renderedObjectProblems(deployment('lc-2', 'a', 'a', [constant, { name: 'lc-2', emptyDir: {} }]), undefined, false, 'lc-2')).toEqual([]);
    const objs = deployment('lc-1', 'a', 'a', [constant, { name: 'lc-1', emptyDir: {} }]);
    expect(renderedObjectProblems(objs, undefined, false, 'lc-1')).toEqual(direct(objs, false));
    expect(direct(objs, false)).toHaveLength(1);
  });


  test('3,000 distributions of colliding parts: the checks\' own problems every time', () => {
    const rnd = seeded(4242);
    const { pick, often } = choices(rnd, 0.85);
    const names = ['p-1', 'p-2', 'p-3', 'p-10', 'q-1', 'pp1', 'p-0'];
    let problems = 0;
    let shared = 0;
    for (let i = 0; i < 3000; i++) {
      const name = pick(names);
      const parts: Parts = {
        name,
        label: often('x', ['p-1', 'p-2', '-bad', '']),
        annotation: often('0a1b', ['0o17', 'yes', 'p-1', '9f8e']),
        volume: often('config', [name, 'p-1', 'Bad']),
        source: often(`${name}-config-0a1b2c3d`, ['x', '0o17']),
        hash: often('0a1b2c3d', ['99887766', 'ffeeddcc', '0A1B2C3D', '0a1b2c3', '0a1b2c3d4', '-a1b2c3d']),
        text: often('version: 2', ['version: 3', '0o17', 'yes', BIG]),
        container: often('server', [name, 'p-2', 'Bad']),
        service: often(`${name}-service`, ['p-1-service', '1bad']),
        data: often('config.yaml', ['bad key']),
      };
      const quoted = rnd() < 0.2;
      const objs = objects(parts);
      const expected = direct(objs, quoted);
      full.mockClear();
      expect(renderedObjectProblems(objs, undefined, quoted, name)).toEqual(expected);
      problems += expected.length > 0 ? 1 : 0;
      shared += fullRuns() === 0 ? 1 : 0;
    }
    // Clean and failing objects both, and many shared.
    expect(problems).toBeGreaterThan(1000);
    expect(problems).toBeLessThan(2000);
    expect(shared).toBeGreaterThan(1000);
  });
});
