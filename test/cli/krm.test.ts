/** krm.ts: the kustomize exec KRM function — a config.kubernetes.io/v1 ResourceList in, one out. */
import { Yaml } from 'cdk8s';
import * as YAML from 'yaml';
import { runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';
import { schemaErrors } from '../support/k8s-schema';

const run = runCli;
const CR = MINIMAL_CR;

function objects(yaml: string): any[] {
  return YAML.parseAllDocuments(yaml).map((d) => d.toJS()).filter((o) => o !== null);
}

describe('kustomize exec KRM function (krm)', () => {
  const functionConfig = YAML.parse(CR);
  functionConfig.metadata.annotations = { 'config.kubernetes.io/function': 'exec:\n  path: ./render-llama-stack\n' };

  test('generator: renders the functionConfig; transformer: replaces LlamaStackDistribution items, keeps the rest', async () => {
    const other = YAML.parse(CR.replace('my-stack', 'other'));
    const list = {
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', annotations: { 'config.kubernetes.io/index': '0' } } }, other],
      functionConfig,
    };
    const r = await run(['krm', '--namespace', 'ai'], Yaml.stringify(list));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [out] = objects(r.out);
    expect(out.apiVersion).toBe('config.kubernetes.io/v1');
    expect(out.kind).toBe('ResourceList');
    expect(out.items.map((o: any) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Secret/s',
      expect.stringMatching(/^ConfigMap\/other-config-/), 'ServiceAccount/other-sa', 'Deployment/other', 'Service/other-service',
      expect.stringMatching(/^ConfigMap\/my-stack-config-/), 'ServiceAccount/my-stack-sa', 'Deployment/my-stack', 'Service/my-stack-service',
    ]);
    expect(schemaErrors(out.items.slice(1))).toEqual([]);
    expect(out.items[0]).toEqual(list.items[0]);
  });

  test('a generator config kustomize also passes as an item (kustomize 4.x, local-config) is rendered once', async () => {
    const asItem = { ...functionConfig, metadata: { ...functionConfig.metadata, annotations: { 'config.kubernetes.io/local-config': 'true' } } };
    const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [asItem], functionConfig };
    const r = await run(['krm'], Yaml.stringify(list));
    expect(r.err).toBe('');
    const [out] = objects(r.out);
    expect(out.items.map((o: any) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service']);
  });

  test('problems go to results (severity error) and stderr, with exit code 1', async () => {
    const broken = { ...functionConfig, spec: { distribution: { name: 'nope' } } };
    const r = await run(['krm'], Yaml.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], functionConfig: broken }));
    expect(r.code).toBe(1);
    const [out] = objects(r.out);
    expect(out.items).toEqual([]);
    expect(out.results).toEqual([{ severity: 'error', message: expect.stringMatching(/^functionConfig \(my-stack\): spec\.distribution\.name: OGX 1\.3\.0 has no distribution "nope"/) }]);
    expect(r.err).toContain('spec.distribution.name');
    const notAList = await run(['krm'], CR);
    expect(notAList.code).toBe(1);
    expect(notAList.err).toMatch(/expected one config.kubernetes.io\/v1 ResourceList/);
  });
});

describe('a ResourceList without a LlamaStackDistribution', () => {
  const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }] };

  test('is refused (as a generator it would output nothing, and a GitOps tool prune everything)', async () => {
    const r = await run(['krm'], Yaml.stringify(list));
    expect(r.code).toBe(1);
    const [out] = objects(r.out);
    expect(out.items).toEqual([]);
    expect(out.results).toEqual([{ severity: 'error', message: expect.stringMatching(/^stdin: no LlamaStackDistribution to render: neither the functionConfig nor any item is one/) }]);
  });

  test('--allow-empty passes the items through', async () => {
    const r = await run(['krm', '--allow-empty'], Yaml.stringify(list));
    expect(r.code).toBe(0);
    const [out] = objects(r.out);
    expect(out).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: list.items });
  });
});
