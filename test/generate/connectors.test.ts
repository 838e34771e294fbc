/**
 * `connectors` written for a server line (src/generate/connectors.ts): every modelled release
 * registers them at start-up; a base config's connector with the same id is replaced; a repeated
 * id is an error. The operator pipeline has no place for them.
 */
import * as YAML from 'yaml';
import { Connector, LlamaStackConfigError, LlamaStackDistributionSpec, ServerTarget, TargetConfigGenerator } from '../../src';
import { distributionProblems } from '../support/problems';

const SPEC: LlamaStackDistributionSpec = { distribution: { name: 'starter' } };
const GITHUB = Connector.mcp({ id: 'github', url: 'http://github-mcp.tools.svc.cluster.local:8080/mcp', serverLabel: 'GitHub' });
const DOCS = Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse' });
const ALL = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

test.each(ALL.map((t) => [t.id, t] as const))('%s: written as ConnectorInput entries; the release starts with no warning', (_id, target) => {
  const out = TargetConfigGenerator.generate(SPEC, target, { connectors: [GITHUB, DOCS] });
  expect(out.warnings).toEqual([]);
  expect(YAML.parse(out.configYaml).connectors).toEqual([
    { connector_type: 'mcp', connector_id: 'github', url: 'http://github-mcp.tools.svc.cluster.local:8080/mcp', server_label: 'GitHub' },
    { connector_type: 'mcp', connector_id: 'docs', url: 'https://mcp.example.com/sse' },
  ]);
});

test('a base config\'s connector with the same id is replaced in place; the others stay', () => {
  const base = [
    'version: 2', 'distro_name: custom', 'apis: []', 'providers: {}',
    'connectors:', '- {connector_id: docs, url: "http://old/sse"}', '- {connector_id: kept, url: "http://kept/mcp"}', '',
  ].join('\n');
  const out = TargetConfigGenerator.generate({}, ServerTarget.OGX_1_3, { baseConfigYaml: base, connectors: [GITHUB, DOCS] });
  expect(YAML.parse(out.configYaml).connectors.map((c: any) => `${c.connector_id} ${c.url}`)).toEqual([
    'docs https://mcp.example.com/sse', 'kept http://kept/mcp', 'github http://github-mcp.tools.svc.cluster.local:8080/mcp',
  ]);
});

test('a repeated id is an error (the server would keep the later one); the operator pipeline refuses connectors', () => {
  try {
    TargetConfigGenerator.generate(SPEC, ServerTarget.OGX_1_3, { connectors: [GITHUB, Connector.mcp({ id: 'github', url: 'http://other/mcp' })] });
    throw new Error('accepted');
  } catch (e) {
    expect((e as LlamaStackConfigError).problems).toEqual([{
      path: 'connectors[1].id', message: 'connector id "github" is also connectors[0]\'s: the server would register the later one over the earlier', fix: 'give each connector its own id',
    }]);
  }
  expect(distributionProblems({ target: ServerTarget.OPERATOR, connectors: [GITHUB] })).toEqual([
    'props.connectors: the operator pipeline does not write it (an OGX 1.x server setting)',
  ]);
});
