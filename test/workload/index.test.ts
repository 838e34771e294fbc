/**
 * renderObjects checks the rendered objects as the API server would, skipping only the library's
 * constants (src/kubernetes/library-constants.ts). These plans bypass the input checks (which
 * report the same values at props paths first), so each problem here is the safety net's: a user
 * value next to the library's constants, in each place the checks now skip them, is still found.
 */
import { Size } from 'cdk8s';
import { planDistribution } from '../../src/distribution/planner';
import { objectProblems } from '../../src/kubernetes/object-checks';
import { plainYamlProblems } from '../../src/kubernetes/plain-yaml';
import { RenderedObjects, renderObjects, WorkloadPlan } from '../../src/workload';

const POD = 'Deployment[llama].spec.template.spec';

/** A valid plan, as the construct makes it. */
function validPlan(props: object = {}): { workload: WorkloadPlan; configYaml?: string } {
  const plan = planDistribution({ allowPerPodState: true, ...props }, { id: 'llama', chartNamespace: 'ai' });
  return { workload: plan.workload, configYaml: plan.configYaml };
}

/** The plan with overrides the input checks would have rejected (env entries as podEnv adds them). */
function withOverrides(overrides: { env?: any[]; [k: string]: unknown }, extra: Partial<WorkloadPlan> = {}): WorkloadPlan {
  const { workload } = validPlan();
  const spec = workload.spec;
  return {
    ...workload,
    ...extra,
    env: [...workload.env, ...overrides.env ?? []],
    spec: { ...spec, workload: { ...spec.workload, overrides: { ...spec.workload?.overrides, ...overrides } } },
  };
}

/** `path: message` of each problem renderObjects returns. */
function problems(plan: WorkloadPlan, configYaml?: string): string[] {
  const outcome = renderObjects(plan, configYaml);
  return 'problems' in outcome ? outcome.problems.map((p) => `${p.path}: ${p.message}`) : [];
}

/** The objects of a plan renderObjects finds nothing wrong with. */
function objectsOf(plan: WorkloadPlan, configYaml: string | undefined): RenderedObjects {
  const outcome = renderObjects(plan, configYaml);
  if ('problems' in outcome) throw new Error(`unexpected problems: ${outcome.problems.map((p) => p.message).join('; ')}`);
  return outcome.objects;
}

describe('user values next to the library\'s constants are still checked', () => {
  test('a valid plan renders without a problem', () => {
    const { workload, configYaml } = validPlan({ tls: { secretName: 'tls', caBundle: { configMapName: 'ca' } }, persistentStorage: {} });
    expect(problems(workload, configYaml)).toEqual([]);
  });

  test('mounts: a user mount path among the library\'s constant mounts (relative, or one of theirs)', () => {
    const mounts = validPlan().workload;
    const libraryMounts = objectsOf(mounts, undefined).deployment.spec.template.spec.containers[0].volumeMounts.length;
    const plan = withOverrides({ volumes: [{ name: 'x', emptyDir: {} }], volumeMounts: [{ name: 'x', mountPath: 'relative' }, { name: 'x', mountPath: '/tmp/' }] });
    expect(problems(plan)).toEqual([
      `${POD}.containers[0].volumeMounts[${libraryMounts}].mountPath: "relative" must be an absolute path (the container runtime rejects a relative mount destination)`,
      `${POD}.containers[0].volumeMounts[${libraryMounts + 1}].mountPath: "/tmp/" must be unique`,
    ]);
  });

  test('YAML: a user string among the constants (a mount\'s subPath, an env value, a label value) is found', () => {
    const plan = withOverrides({
      volumes: [{ name: 'x', emptyDir: {} }],
      volumeMounts: [{ name: 'x', mountPath: '/x', subPath: '0o17' }],
      env: [{ name: 'A', value: '0X1F' }],
    }, { extraLabels: { v: '0O17' } });
    const found = problems(plan);
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.containers\[0\]\.volumeMounts\[\d+\]\.subPath: "0o17" is written unquoted/));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.containers\[0\]\.env\[\d+\]\.value: "0X1F" is written unquoted/));
    expect(found).toContainEqual(expect.stringMatching(/^ServiceAccount\[llama-sa\]\.metadata\.labels\.v: "0O17" \(here and in \d+ other places\) is written unquoted/));
  });

  test('labels: a user label next to the library\'s on every object', () => {
    const found = problems(withOverrides({}, { extraLabels: { 'bad key': 'x', 'team': 'has space' } }));
    for (const at of ['ServiceAccount[llama-sa].metadata.labels', 'Deployment[llama].metadata.labels', 'Deployment[llama].spec.template.metadata.labels', 'Service[llama-service].metadata.labels']) {
      expect(found).toContain(`${at}["bad key"]: label key "bad key" is not a qualified name: name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`);
      expect(found).toContain(`${at}.team: label value "has space" is not a valid label value: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue', or 'my_value', or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`);
    }
  });

  test('env: a user env var name and Secret reference next to the library\'s', () => {
    const found = problems(withOverrides({ env: [{ name: '1BAD', value: 'x' }, { name: 'S', valueFrom: { secretKeyRef: { name: 'Bad_Secret', key: 'k' } } }] }));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.containers\[0\]\.env\[\d+\]\.name: "1BAD" is not an env var name/));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.containers\[0\]\.env\[\d+\]\.valueFrom\.secretKeyRef\.name: .* is not a Secret name/));
  });

  test('volumes: a user volume name and source next to the library\'s', () => {
    const found = problems(withOverrides({ volumes: [{ name: 'Bad_Name', emptyDir: {} }, { name: 'cache', emptyDir: {} }, { name: 'two', emptyDir: {}, configMap: { name: 'x' } }] }));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.volumes\[\d+\]\.name: "Bad_Name": a volume name must be a DNS-1123 label$/));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.volumes\[\d+\]\.name: Duplicate value: "cache"$/));
    expect(found).toContainEqual(expect.stringMatching(/^Deployment\[llama\]\.spec\.template\.spec\.volumes\[\d+\]: may not specify more than 1 volume type$/));
  });
});

describe('skipping the library\'s constants changes no result', () => {
  test.each<[string, object]>([
    ['defaults', {}],
    ['a wide set', {
      tls: { secretName: 'tls', caBundle: { configMapName: 'ca', configMapKeys: ['a.crt', 'b.crt'] } },
      persistentStorage: { size: Size.gibibytes(20) },
      allowedFrom: { namespaces: ['web'] },
      allowedTo: { namespaces: ['db'], ports: [5432] },
      expose: { hostname: 'llama.example.com', controllerNamespace: 'ingress-nginx' },
      labels: { team: 'ml' },
    }],
  ])('%s: the same checks over a copy that holds no constant', (_what, props) => {
    const { workload, configYaml } = validPlan(props);
    const objects = Object.values(objectsOf(workload, configYaml)).filter((m) => m !== undefined);
    // A JSON copy is made of new objects: nothing in it is registered, so nothing is skipped.
    const copy = JSON.parse(JSON.stringify(objects));
    expect(objectProblems(objects, workload.spec)).toEqual(objectProblems(copy, workload.spec));
    expect(plainYamlProblems(objects)).toEqual(plainYamlProblems(copy));
    expect(objectProblems(copy, workload.spec)).toEqual([]);
  });
});
