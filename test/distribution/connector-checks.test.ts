/**
 * `connectors` with `allowedTo` (src/distribution/connector-checks.ts): the egress rules must
 * admit each MCP server, by namespace, pod selector, IP range and port; a repeated id is an error
 * before the config is written. The admitted app renders a NetworkPolicy whose rules reach them.
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { Connector, InferenceProvider, LlamaStackDistributionProps } from '../../src';
import { distributionProblems } from '../support/problems';
import { synthObjects } from '../support/synth';

const vllm = InferenceProvider.vllm({ id: 'vllm', endpoint: 'http://vllm.models.svc.cluster.local:8000/v1' });

function mcpService(namespace: string): kplus.Service {
  const chart = new Chart(new App(), namespace, { namespace });
  const pods = kplus.Pods.select(chart, 'pods', { labels: { app: 'github-mcp' } });
  return new kplus.Service(chart, 'github-mcp', { metadata: { name: 'github-mcp' }, ports: [{ port: 80, targetPort: 8080 }], selector: pods });
}

const base = (extra: LlamaStackDistributionProps): LlamaStackDistributionProps => ({ namespace: 'ai', inference: [vllm], ...extra });

test('admitted by namespace, by a pod selector in the server\'s namespace, by an IP range; ports are the pods\'', () => {
  const github = Connector.mcp({ id: 'github', service: mcpService('tools'), path: '/mcp' });
  const local = Connector.mcp({ id: 'local', service: mcpService('ai'), path: '/mcp' });
  const docs = Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse' });
  const ip = Connector.mcp({ id: 'ip', url: 'http://10.1.2.3:9000/mcp' });
  const props = base({
    connectors: [github, local, docs, ip],
    allowedTo: { namespaces: ['models', 'tools'], podSelectors: [{ app: 'github-mcp' }], cidrs: ['0.0.0.0/0'], ports: [8000, 8080, 443, 9000] },
  });
  expect(distributionProblems(props)).toEqual([]);
  const np = synthObjects(props).find((o) => o.kind === 'NetworkPolicy');
  expect(np.spec.egress[1].ports.map((p: any) => p.port)).toEqual([8000, 8080, 443, 9000]);
});

test('every connector the rules leave out, with the rule to add', () => {
  const github = Connector.mcp({ id: 'github', service: mcpService('tools'), path: '/mcp' });
  expect(distributionProblems(base({
    connectors: [github, Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse' }), Connector.mcp({ id: 'ip', url: 'http://10.1.2.3/mcp' }),
      Connector.mcp({ id: 'svc', url: 'http://search-mcp.search.svc:80/mcp' })],
    allowedTo: { namespaces: ['models'], cidrs: ['192.168.0.0/16'], ports: [8000, 80] },
  }))).toEqual([
    'props.connectors[0]: connector "github" (http://github-mcp.tools.svc.cluster.local:80/mcp): the egress rules of allowedTo do not admit its Service in namespace "tools"',
    'props.connectors[0]: connector "github" (http://github-mcp.tools.svc.cluster.local:80/mcp): allowedTo.ports does not list port 8080 (its pods\' port)',
    'props.connectors[1]: connector "docs" (https://mcp.example.com/sse): allowedTo.ports does not list port 443',
    'props.connectors[2]: connector "ip" (http://10.1.2.3/mcp): the egress rules of allowedTo admit no IP range holding this address',
    'props.connectors[3]: connector "svc" (http://search-mcp.search.svc:80/mcp): the egress rules of allowedTo do not admit its Service in namespace "search"',
  ]);
  expect(distributionProblems(base({ connectors: [Connector.mcp({ id: 'docs', url: 'https://mcp.example.com/sse' })], allowedTo: { namespaces: ['models'], dns: false } }))).toEqual([
    'props.connectors[0]: connector "docs" (https://mcp.example.com/sse): allowedTo.dns is false, so its host name does not resolve',
    'props.connectors[0]: connector "docs" (https://mcp.example.com/sse): the egress rules of allowedTo admit no IP range for a host outside the cluster',
  ]);
});

test('without allowedTo egress is open: only a repeated id is an error', () => {
  const a = Connector.mcp({ id: 'a', url: 'http://a.tools.svc/mcp' });
  expect(distributionProblems(base({ connectors: [a] }))).toEqual([]);
  expect(distributionProblems(base({ connectors: [a, Connector.mcp({ id: 'a', url: 'http://b.tools.svc/mcp' })] }))).toEqual([
    'props.connectors[1].id: connector id "a" is also connectors[0]\'s: the server would register the later one over the earlier',
  ]);
});
