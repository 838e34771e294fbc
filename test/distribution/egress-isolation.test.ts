/**
 * egress-isolation.ts: NetworkPolicies elsewhere in the app that isolate egress (Kubernetes: a
 * policy with policyTypes Egress, or egress rules, selecting a pod allows only what its rules — or
 * another policy on the same pods — admit): on the server's pods they cut off its destinations;
 * on a client of the server they must admit DNS to resolve the Service name.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { destinations, egressIsolationWarnings } from '../../src/distribution/egress-isolation';
import { LlamaStackDistributionSpec } from '../../src/spec/spec';

const SERVER = { app: 'llama' };
const DNS_RULE = { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] };

function policy(scope: Construct, name: string, spec: object, namespace?: string): ApiObject {
  return new ApiObject(scope, name, { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, ...(namespace ? { namespace } : {}) }, spec });
}

function warnings(build: (chart: Chart, own: Construct) => void, namespace = 'ai'): string[] {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
  const own = new Construct(chart, 'llama');
  build(chart, own);
  return egressIsolationWarnings(chart, own, SERVER, namespace, ['DNS (UDP and TCP 53)', 'vllm at vllm:8000'], 'llama.ai.svc').map((w) => `${w.path}: ${w.message}`);
}

describe('destinations', () => {
  test('DNS, each provider\'s host (or a hosted API), the stores, then what the providers and auth may call', () => {
    const spec = {
      providers: {
        inference: [{ provider: 'vllm', endpoint: 'http://user:pw@vllm:8000/v1' }, { provider: 'remote::openai' }],
        vectorIo: [{ provider: 'pgvector' }],
      },
      storage: { kv: { type: 'redis', endpoint: 'redis://redis:6379' }, sql: { type: 'postgres', host: 'pg' } },
    } as unknown as LlamaStackDistributionSpec;
    expect(destinations(spec)).toEqual([
      'DNS (UDP and TCP 53)',
      'vllm at vllm:8000',
      'remote::openai (a hosted API)',
      'Redis at redis:6379',
      'Postgres at pg:5432',
      'hosted APIs and S3 endpoints the providers call',
      'the Kubernetes API server (ServerAuth.kubernetes)',
    ]);
  });

  test('one postgres for kv and sql is listed once', () => {
    const spec = { storage: { kv: { type: 'postgres', host: 'pg', port: 5433 }, sql: { type: 'postgres', host: 'pg' } } } as unknown as LlamaStackDistributionSpec;
    expect(destinations(spec).filter((d) => d.startsWith('Postgres'))).toEqual(['Postgres at pg:5433']);
  });
});

describe('egressIsolationWarnings', () => {
  test('a policy isolating the server\'s egress is a warning naming what is cut off', () => {
    expect(warnings((chart) => policy(chart, 'lockdown', { podSelector: { matchLabels: SERVER }, policyTypes: ['Egress'], egress: [DNS_RULE] }))).toEqual([
      'NetworkPolicy "lockdown" (c/lockdown): isolates the egress of the server\'s pods: DNS (UDP and TCP 53), vllm at vllm:8000 are cut off unless a rule admits them'
      + ' (cdk8s-plus connections.allowFrom(llama) writes such a policy on the peer by default)',
    ]);
  });

  test('no warning: the distribution\'s own policy, a policy allowing all egress, one in another namespace, ingress-only, matchExpressions', () => {
    expect(warnings((_chart, own) => policy(own, 'mine', { podSelector: { matchLabels: SERVER }, policyTypes: ['Egress'], egress: [] }))).toEqual([]);
    expect(warnings((chart) => policy(chart, 'open', { podSelector: { matchLabels: SERVER }, policyTypes: ['Egress'], egress: [{}] }))).toEqual([]);
    expect(warnings((chart) => policy(chart, 'elsewhere', { podSelector: { matchLabels: SERVER }, policyTypes: ['Egress'], egress: [] }, 'other'))).toEqual([]);
    expect(warnings((chart) => policy(chart, 'ingress', { podSelector: { matchLabels: SERVER }, policyTypes: ['Ingress'] }))).toEqual([]);
    expect(warnings((chart) => policy(chart, 'expr', { podSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, policyTypes: ['Egress'], egress: [] }))).toEqual([]);
  });

  test('a client isolated to call the server without DNS cannot resolve its name; DNS in the same or another policy on it is enough', () => {
    const toServer = { to: [{ podSelector: { matchLabels: SERVER } }], ports: [{ protocol: 'TCP', port: 8321 }] };
    const client = { matchLabels: { app: 'client' } };
    expect(warnings((chart) => policy(chart, 'client', { podSelector: client, policyTypes: ['Egress'], egress: [toServer] }))).toEqual([
      'NetworkPolicy "client" (c/client): isolates the egress of pods that call the server and admits no DNS (UDP and TCP 53): they cannot resolve llama.ai.svc'
      + ' (cdk8s-plus client.connections.allowTo(llama) writes such a policy on the client by default)',
    ]);
    expect(warnings((chart) => policy(chart, 'client', { podSelector: client, policyTypes: ['Egress'], egress: [toServer, DNS_RULE] }))).toEqual([]);
    expect(warnings((chart) => {
      policy(chart, 'client', { podSelector: client, policyTypes: ['Egress'], egress: [toServer] });
      policy(chart, 'client-dns', { podSelector: client, policyTypes: ['Egress'], egress: [DNS_RULE] });
    })).toEqual([]);
  });
});
