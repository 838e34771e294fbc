/** The networking props: egress rules, the own namespace, Ingress and Service annotations, Service type. */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src';
import { schemaErrors } from '../support/k8s-schema';
import { k8sValidityProblems } from '../support/k8s-validity';
import { synthObjects, synthProblems } from '../support/synth';

const synth = (props: LlamaStackDistributionProps): any[] => synthObjects(props);

const problems = synthProblems;

const policy = (objects: any[]) => objects.find((o) => o.kind === 'NetworkPolicy');

test('allowedTo writes the egress side, DNS included', () => {
  const objects = synth({
    allowedFrom: { namespaces: ['apps'] },
    allowedTo: { namespaces: ['databases'], podSelectors: [{ app: 'vllm' }], cidrs: ['0.0.0.0/0'], ports: [443, 5432, 8000] },
  });
  const np = policy(objects);
  expect(np.spec.policyTypes).toEqual(['Ingress', 'Egress']);
  expect(np.spec.egress).toEqual([
    { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] },
    {
      to: [
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'databases' } } },
        { podSelector: { matchLabels: { app: 'vllm' } } },
        { ipBlock: { cidr: '0.0.0.0/0' } },
      ],
      ports: [{ protocol: 'TCP', port: 443 }, { protocol: 'TCP', port: 5432 }, { protocol: 'TCP', port: 8000 }],
    },
  ]);
  expect(k8sValidityProblems(objects)).toEqual([]);
  expect(schemaErrors(objects)).toEqual([]);
});

test('allowedTo alone writes an egress-only policy; dns: false leaves DNS out', () => {
  const np = policy(synth({ allowedTo: { cidrs: ['10.0.0.0/8'], dns: false } }));
  expect(np.spec).toEqual({
    podSelector: { matchLabels: { 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' } },
    policyTypes: ['Egress'],
    egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }],
  });
});

test('admitOwnNamespace: false admits only what allowedFrom names', () => {
  expect(policy(synth({ allowedFrom: { namespaces: ['apps'] }, admitOwnNamespace: false })).spec.ingress[0].from)
    .toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'apps' } } }]);
  expect(policy(synth({ allowedFrom: { namespaces: ['apps'] } })).spec.ingress[0].from[0]).toEqual({ podSelector: {} });
  // Nothing named: no ingress rule at all (an empty `from` would admit everyone).
  expect(policy(synth({ allowedFrom: {}, admitOwnNamespace: false })).spec.ingress).toEqual([]);
});

test('Ingress annotations (yours win), Service type and annotations', () => {
  const objects = synth({
    expose: { hostname: 'llama.example.com', annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '100m', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '600' } },
    service: { type: 'LoadBalancer', annotations: { 'service.beta.kubernetes.io/aws-load-balancer-internal': 'true' } },
  });
  expect(objects.find((o) => o.kind === 'Ingress').metadata.annotations).toEqual({
    'nginx.ingress.kubernetes.io/proxy-body-size': '100m', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '600',
  });
  const svc = objects.find((o) => o.kind === 'Service');
  expect(svc.spec.type).toBe('LoadBalancer');
  expect(svc.metadata.annotations).toEqual({ 'service.beta.kubernetes.io/aws-load-balancer-internal': 'true' });
  expect(schemaErrors(objects)).toEqual([]);
});

test('bad values are errors at their props paths', () => {
  expect(problems({
    allowedTo: { namespaces: ['Bad'], cidrs: ['10.0.0.0'], ports: [70000], podSelectors: [{ 'bad key!': 'x' }] },
    expose: { annotations: { 'bad key!': 'x' } },
  }).map((p) => p.split(':')[0]).sort()).toEqual([
    'props.allowedTo.cidrs[0]', 'props.allowedTo.namespaces[0]', 'props.allowedTo.podSelectors[0]["bad key!"]', 'props.allowedTo.ports[0]',
    'props.expose.annotations["bad key!"]',
  ].sort());
  expect(problems({ service: { type: 'External' } })).toEqual([expect.stringMatching(/^props\.service\.type: must be one of ClusterIP, NodePort, LoadBalancer/)]);
});

describe('a NetworkPolicy elsewhere in the app that isolates the server\'s egress (cdk8s-plus allowFrom)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const kplus = require('cdk8s-plus-28');
  const { Chart } = jest.requireActual('cdk8s');
  const { InferenceProvider } = jest.requireActual('../../src');

  function stderrOfSynth(isolation?: any): string {
    const app = Testing.app();
    const chart = new Chart(app, 'c', { namespace: 'ai' });
    const llama = new LlamaStackDistribution(chart, 'llama', { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.ai.svc:8000/v1' })] });
    const vllm = new kplus.Deployment(chart, 'vllm', { containers: [{ image: 'vllm/vllm-openai', portNumber: 8000, securityContext: { ensureNonRoot: false } }] });
    vllm.connections.allowFrom(llama, isolation ? { isolation } : {});
    let out = '';
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((s: any) => {
      out += String(s);
      return true;
    });
    try {
      app.synth();
    } finally {
      spy.mockRestore();
    }
    return out;
  }

  test('default isolation: a warning names what is cut off and the fix', () => {
    const out = stderrOfSynth();
    expect(out).toMatch(/isolates the egress of the server's pods: DNS \(UDP and TCP 53\), vllm at vllm\.ai\.svc:8000/);
    expect(out).toMatch(/PodConnectionsIsolation\.POD/);
  });

  test('with strict the warning fails the synth', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c', { namespace: 'ai' });
    const llama = new LlamaStackDistribution(chart, 'llama', { strict: true, inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.ai.svc:8000/v1' })] });
    const vllm = new kplus.Deployment(chart, 'vllm', { containers: [{ image: 'vllm/vllm-openai', portNumber: 8000, securityContext: { ensureNonRoot: false } }] });
    vllm.connections.allowFrom(llama);
    expect(() => app.synth()).toThrow(/isolates the egress of the server's pods.*\(an error with strict\)/);
  });

  test('a client\'s allowTo(llama) isolates the client\'s egress without DNS: warned', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c', { namespace: 'ai' });
    const llama = new LlamaStackDistribution(chart, 'llama', {});
    const ui = new kplus.Deployment(chart, 'chat-ui', { containers: [{ image: 'quay.io/acme/ui:1', portNumber: 8322 }] });
    ui.connections.allowTo(llama, { ports: [kplus.NetworkPolicyPort.tcp(llama.containerPort)] });
    let out = '';
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((x: any) => {
      out += String(x);
      return true;
    });
    try {
      app.synth();
    } finally {
      spy.mockRestore();
    }
    expect(out).toMatch(/isolates the egress of pods that call the server and admits no DNS \(UDP and TCP 53\): they cannot resolve llama-service\.ai\.svc/);
    expect(out).toMatch(/add a DNS egress rule to the client/);
  });

  test('isolation: POD writes no egress policy on the server: no warning', () => {
    expect(stderrOfSynth(kplus.PodConnectionsIsolation.POD)).not.toMatch(/isolates the egress/);
  });

  test('the app\'s policies are found once per synth: each app and each distribution still gets its own answer', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c', { namespace: 'ai' });
    const llama = new LlamaStackDistribution(chart, 'llama', { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.ai.svc:8000/v1' })] });
    new LlamaStackDistribution(chart, 'other', { inference: [InferenceProvider.vllm({ endpoint: 'http://vllm.ai.svc:8000/v1' })] });
    const vllm = new kplus.Deployment(chart, 'vllm', { containers: [{ image: 'vllm/vllm-openai', portNumber: 8000, securityContext: { ensureNonRoot: false } }] });
    vllm.connections.allowFrom(llama);
    let out = '';
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((s: any) => {
      out += String(s);
      return true;
    });
    let second = '';
    try {
      app.synth();
      const first = out;
      out = '';
      // Another app in the same turn: its own policies (none isolating), not the first app's.
      second = stderrOfSynth(kplus.PodConnectionsIsolation.POD) + out;
      out = first;
    } finally {
      spy.mockRestore();
    }
    expect(out.match(/isolates the egress of the server's pods/g)).toHaveLength(1);
    expect(second).not.toMatch(/isolates the egress/);
  });
});
