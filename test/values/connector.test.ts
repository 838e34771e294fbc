/**
 * `Connector.mcp` (src/values/connector.ts): an MCP server by URL or by a cdk8s-plus Service, its
 * config.yaml entry, and every problem at its option.
 */
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { Connector, LlamaStackConfigError } from '../../src';

function problems(make: () => unknown): string[] {
  try {
    make();
  } catch (e) {
    if (e instanceof LlamaStackConfigError) return e.problems.map((p) => `${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

test('by URL: the entry config.yaml gets, and where it connects', () => {
  const c = Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse', serverLabel: 'Docs' });
  expect(c.toConfig()).toEqual({ connector_type: 'mcp', connector_id: 'docs', url: 'https://mcp.example.com/sse', server_label: 'Docs' });
  expect(c._destination).toEqual({ host: 'mcp.example.com', port: 443, servicePortOnly: false, namespace: undefined, inCluster: false });
  expect(Connector.mcp({ id: 'gh', url: 'http://github-mcp.tools.svc.cluster.local:8080/mcp' })._destination)
    .toEqual({ host: 'github-mcp.tools.svc.cluster.local', port: 8080, servicePortOnly: true, namespace: 'tools', inCluster: true });
  expect(Connector.isConnector(c)).toBe(true);
  expect(Connector.isConnector({ id: 'docs' })).toBe(false);
});

test('by a cdk8s-plus Service: its in-cluster URL, the target port and the pods it selects', () => {
  const chart = new Chart(Testing.app(), 'tools', { namespace: 'tools' });
  const pods = kplus.Pods.select(chart, 'mcp-pods', { labels: { app: 'github-mcp' } });
  const service = new kplus.Service(chart, 'github-mcp', { metadata: { name: 'github-mcp' }, ports: [{ port: 80, targetPort: 8080 }], selector: pods });
  const c = Connector.mcp({ id: 'github', service, path: '/mcp' });
  expect(c.url).toBe('http://github-mcp.tools.svc.cluster.local:80/mcp');
  const { podLabels, ...d } = c._destination;
  expect(d).toEqual({ host: 'github-mcp.tools.svc.cluster.local', port: 8080, servicePortOnly: false, namespace: 'tools', inCluster: true });
  expect(podLabels!()).toEqual({ app: 'github-mcp' });
});

test('every problem at its option; a credential in the URL is not quoted', () => {
  const service = new kplus.Service(Testing.chart(), 's', { ports: [{ port: 80 }, { port: 81 }] });
  expect(problems(() => Connector.mcp({ id: 'a/b', url: 'http://x', service }))).toEqual([
    'Connector.mcp(id): "a/b" is not a connector id',
    'Connector.mcp(url): give url or service, not both',
  ]);
  expect(problems(() => Connector.mcp({ id: 'a', service, scheme: 'ftp' }))).toEqual(['Connector.mcp(port): the Service has several ports (80, 81)']);
  expect(problems(() => Connector.mcp({ id: 'a', service, port: 82 }))).toEqual(['Connector.mcp(port): the Service has no port 82 (it has 80, 81)']);
  expect(problems(() => Connector.mcp({ id: 'a', service, port: 80, path: 'mcp' }))).toEqual(['Connector.mcp(path): "mcp" is not a URL path']);
  expect(problems(() => Connector.mcp({ id: 'a', url: 'mcp.example.com', port: 80, serverLabel: '' }))).toEqual([
    'Connector.mcp(serverLabel): serverLabel must be a non-empty string',
    'Connector.mcp(port): port goes with service',
    'Connector.mcp(url): a string of 15 characters without a scheme:// (not shown) is not an http(s) URL',
  ]);
  const leaked = problems(() => Connector.mcp({ id: 'a', url: 'https://mcp.example.com/mcp?token=s3cr3t-t0ken-value' })).join('\n');
  expect(leaked).toContain('holds a credential: connectors have no secret field');
  expect(leaked).not.toContain('s3cr3t');
  expect(problems(() => Connector.mcp({ id: 'a', url: '${env.MCP_URL}' }))).toEqual([
    'Connector.mcp(url): url holds a ${env.…} reference: the egress rules could not be checked against it',
  ]);
  expect(problems(() => Connector.mcp({ id: 'a' }))).toEqual(['Connector.mcp(url): a connector needs url or service']);
  expect(problems(() => Connector.mcp({ id: 'a', url: 'http://x', headers: {} } as any))).toEqual([expect.stringMatching(/^Connector\.mcp\(headers\): /)]);
});
