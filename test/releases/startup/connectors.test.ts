/**
 * `connectors` in the start-up model (src/releases/startup/connectors.ts): every modelled release
 * validates `list[ConnectorInput]` with the config and registers each at start-up.
 */
import { JsonObject, JsonValue } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, ContainerEnv } from '../../../src/releases/startup';

function run(target: ServerTarget, connectors: JsonValue) {
  const config: JsonObject = { distro_name: 'x', providers: {}, connectors };
  const r = checkStartup(config, target._release, new Map() as ContainerEnv, { container: { insecureFlag: true } });
  return { fatal: r.fatal.map((f) => `${f.path}: ${f.message}`), warnings: r.warnings.map((f) => `${f.path}: ${f.message}`) };
}

const ALL = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

describe.each(ALL.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('MCP connectors with an id, a URL and a label start cleanly', () => {
    expect(run(target, [
      { connector_type: 'mcp', connector_id: 'github', url: 'http://github-mcp.tools.svc.cluster.local:8080/mcp', server_label: 'GitHub' },
      { connector_id: 'docs', url: 'https://mcp.example.com/sse' },
    ])).toEqual({ fatal: [], warnings: [] });
  });

  test('a missing id or URL, another type, a label that is no string are fatal; an unknown key and a repeated id are warnings', () => {
    expect(run(target, [
      { connector_type: 'openapi', url: 5, server_label: 3, headers: {} },
      { connector_id: 'a', url: 'http://a' },
      { connector_id: 'a', url: 'http://b' },
      'x',
    ])).toEqual({
      fatal: [
        'connectors[0].connector_id: connector connector_id: Field required',
        'connectors[0].url: connector url must be a string, not 5',
        'connectors[0].connector_type: connector_type "openapi" is not one of mcp in ' + target._release.description,
        'connectors[0].server_label: server_label must be a string, not 3',
        'connectors[3]: a connector must be a mapping, not "x"',
      ],
      warnings: [
        `connectors[0].headers: ${target._release.description} does not read connectors[].headers (it is dropped)`,
        'connectors[2].connector_id: connector "a" is also connectors[1]: the server registers both, and the later one replaces the earlier',
      ],
    });
    expect(run(target, { github: {} }).fatal).toEqual(['connectors: connectors must be a list, not {"github":{}}']);
  });
});
