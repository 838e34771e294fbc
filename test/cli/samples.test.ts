import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { CliRun, runCli } from '../support/cli-run';
import { schemaErrors } from '../support/k8s-schema';

const CR = `apiVersion: llamastack.io/v1alpha2
kind: LlamaStackDistribution
metadata: {name: my-stack, namespace: ai}
spec:
  distribution: {name: starter}
  providers:
    inference:
    - provider: vllm
      endpoint: http://vllm:8000/v1
      apiKey: {name: vllm, key: token}
  resources:
    models: [llama-3.1-8b]
`;

const run = (argv: string[], stdin = ''): Promise<CliRun> => runCli(argv, stdin);

test('renders a v1alpha2 manifest from stdin into valid standalone objects', async () => {
  const r = await run(['render'], CR);
  expect(r.code).toBe(0);
  expect(r.err).toBe('');
  const objects = YAML.parseAllDocuments(r.out).map((d) => d.toJS());
  expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
    expect.stringMatching(/^ConfigMap\/my-stack-config-[0-9a-f]{8}$/), 'ServiceAccount/my-stack-sa', 'Deployment/my-stack', 'Service/my-stack-service',
  ]);
  expect(objects.every((o) => o.metadata.namespace === 'ai')).toBe(true);
  expect(schemaErrors(objects)).toEqual([]);
});

test('writes one file per manifest with --output-dir, for the chosen target', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  const file = path.join(dir, 'cr.yaml');
  fs.writeFileSync(file, CR);
  const r = await run(['render', file, '--output-dir', path.join(dir, 'out'), '--target', 'llama-stack-0.7']);
  expect(r.code).toBe(0);
  const text = fs.readFileSync(path.join(dir, 'out', 'my-stack.k8s.yaml'), 'utf8');
  expect(text).toContain('image: docker.io/llamastack/distribution-starter:0.7.3');
});

test.each<[string, string[], string, number, RegExp]>([
  ['bad flag', ['render', '--nope'], '', 2, /error: unknown option: --nope/],
  ['bad target', ['render', '--target', 'x'], '', 2, /unknown target: x/],
  ['unknown command', ['publish'], '', 2, /unknown command: publish/],
  ['unparseable YAML', ['render'], 'a: [', 1, /stdin: document 1:/],
  ['wrong kind', ['render'], 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n', 1, /expected llamastack.io\/v1alpha2 LlamaStackDistribution or ogx.io\/v1beta1 OGXServer, got v1\/ConfigMap/],
  ['invalid spec: every problem', ['render'], CR.replace('models: [llama-3.1-8b]', 'models: [llama-3.1-8b]\n  disabled: [inference, nope]'), 1,
    /2 problem\(s\):\n- stdin \(my-stack\): spec: inference cannot be both in providers and disabled[^\n]*\n- stdin \(my-stack\): spec\.disabled\[1\]/],
])('%s', async (_what, argv, stdin, code, message) => {
  const r = await run(argv, stdin);
  expect(r.code).toBe(code);
  expect(r.err).toMatch(message);
  expect(r.out).toBe('');
});
