/**
 * Wiring other workloads to the server: `url`, `port`, `serviceName`, `containerPort`, and the
 * construct as a cdk8s-plus pod selector and NetworkPolicy peer.
 */
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { schemaErrors } from '../support/k8s-schema';

/** `null`: a chart without a namespace. */
function make(props: LlamaStackDistributionProps = {}, chartNamespace: string | null = 'ai'): { chart: Chart; llama: LlamaStackDistribution } {
  const chart = new Chart(Testing.app(), 'c', { namespace: chartNamespace ?? undefined });
  return { chart, llama: new LlamaStackDistribution(chart, 'llama', props) };
}

describe('url, port, serviceName', () => {
  test.each<[string, LlamaStackDistributionProps, string | null, object]>([
    ['the chart\'s namespace', {}, 'ai',
      { namespace: 'ai', serviceName: 'llama-service', port: 8321, containerPort: 8321, url: 'http://llama-service.ai.svc.cluster.local:8321' }],
    ['props.namespace over the chart\'s', { namespace: 'team-a' }, 'ai',
      { namespace: 'team-a', serviceName: 'llama-service', port: 8321, containerPort: 8321, url: 'http://llama-service.team-a.svc.cluster.local:8321' }],
    ['serving TLS and a privileged port', { name: 'chat', port: 443, tls: { secretName: 'tls' } }, 'ai',
      { namespace: 'ai', serviceName: 'chat-service', port: 443, containerPort: 8321, url: 'https://chat-service.ai.svc.cluster.local:443' }],
    ['no namespace known: the short name, resolvable from the same namespace only', { port: 9000 }, null,
      { namespace: undefined, serviceName: 'llama-service', port: 9000, containerPort: 9000, url: 'http://llama-service:9000' }],
  ])('%s', (_name, props, ns, expected) => {
    const { chart, llama } = make(props, ns);
    const { namespace, serviceName, port, containerPort, url } = llama;
    expect({ namespace, serviceName, port, containerPort, url }).toEqual(expected);
    const service = Testing.synth(chart).find((o) => o.kind === 'Service');
    expect(service.metadata.name).toBe(llama.serviceName);
    expect(service.spec.ports[0].port).toBe(llama.port);
  });
});

describe('cdk8s-plus', () => {
  test('a UI gets the URL from env; connections.allowTo(llama) admits it on the pods\' port', () => {
    const { chart, llama } = make();
    const ui = new kplus.Deployment(chart, 'ui', {
      containers: [{
        image: 'ghcr.io/example/chat-ui:1.0.0',
        portNumber: 8501,
        envVariables: { LLAMA_STACK_ENDPOINT: kplus.EnvValue.fromValue(llama.url) },
        securityContext: { user: 1001, group: 1001 },
      }],
    });
    ui.connections.allowTo(llama, { ports: [kplus.NetworkPolicyPort.tcp(llama.containerPort)] });
    const objects = Testing.synth(chart);
    expect(schemaErrors(objects)).toEqual([]);
    const uiPod = objects.find((o) => o.kind === 'Deployment' && o.metadata.name !== 'llama').spec.template.spec;
    expect(uiPod.containers[0].env).toEqual([{ name: 'LLAMA_STACK_ENDPOINT', value: 'http://llama-service.ai.svc.cluster.local:8321' }]);
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    expect(policies).toHaveLength(2);
    const uiLabel = objects.find((o) => o.kind === 'Deployment' && o.metadata.name !== 'llama').spec.selector.matchLabels;
    // The egress policy of the UI's pods, and the ingress policy of the server's pods.
    expect(policies.map((p) => p.spec)).toEqual([
      {
        podSelector: { matchLabels: uiLabel },
        policyTypes: ['Egress'],
        egress: [{
          to: [{ podSelector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } }, namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ai' } } }],
          ports: [{ port: 8321, protocol: 'TCP' }],
        }],
      },
      {
        podSelector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
        policyTypes: ['Ingress'],
        ingress: [{
          from: [{ podSelector: { matchLabels: uiLabel }, namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ai' } } }],
          ports: [{ port: 8321, protocol: 'TCP' }],
        }],
      },
    ]);
    expect(policies.map((p) => p.metadata.namespace)).toEqual(['ai', 'ai']);
  });

  test('a cdk8s-plus Service can select the server\'s pods, and back a user\'s Ingress', () => {
    const { chart, llama } = make();
    const svc = new kplus.Service(chart, 'public', { selector: llama, ports: [{ port: 80, targetPort: llama.containerPort }] });
    new kplus.Ingress(chart, 'ing', { defaultBackend: kplus.IngressBackend.fromService(svc) });
    const objects = Testing.synth(chart);
    expect(schemaErrors(objects)).toEqual([]);
    const own = objects.find((o) => o.kind === 'Service' && o.metadata.name !== 'llama-service');
    expect(own.spec.selector).toEqual({ 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' });
    expect(own.spec.ports).toEqual([{ port: 80, targetPort: 8321 }]);
    expect(objects.find((o) => o.kind === 'Ingress').spec.defaultBackend.service).toEqual({ name: own.metadata.name, port: { number: 80 } });
  });
});
