/**
 * Props that are each legal and together break on a cluster: a label the selector owns, and a
 * PodDisruptionBudget no eviction can ever meet.
 */
import { Testing } from 'cdk8s';
import { LlamaStackConfigError, LlamaStackDistribution, LlamaStackDistributionProps } from '../../src';

function outcome(props: LlamaStackDistributionProps): { problems: string[]; warnings: string[]; objects: any[] } {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const chart = Testing.chart();
    const d = new LlamaStackDistribution(chart, 'llama', props);
    return { problems: [], warnings: d.warnings.map((w) => `${w.path}: ${w.message} | ${w.fix}`), objects: Testing.synth(chart) };
  } catch (e) {
    if (!(e instanceof LlamaStackConfigError)) throw e;
    return { problems: e.problems.map((p) => `${p.path}: ${p.message} | ${p.fix}`), warnings: [], objects: [] };
  } finally {
    spy.mockRestore();
  }
}

describe('labels the library owns', () => {
  test.each(['app', 'app.kubernetes.io/instance'])('%s, a selector label, is refused', (key) => {
    expect(outcome({ labels: { [key]: 'chat', team: 'ml' } }).problems).toEqual([
      `${key === 'app' ? 'props.labels.app' : 'props.labels["app.kubernetes.io/instance"]'}: the pod selector owns ${JSON.stringify(key)} (app: llama-stack, app.kubernetes.io/instance: <name>), and a Deployment's selector cannot change:`
      + ' your value would be dropped | select the pods with app.kubernetes.io/instance: llama (or app: llama-stack), and put your own value under another key, e.g. team',
    ]);
  });

  test('another label the library writes is carried nowhere: a warning', () => {
    const r = outcome({ labels: { 'app.kubernetes.io/part-of': 'chat', 'team': 'ml' } });
    expect(r.warnings).toContain('props.labels["app.kubernetes.io/part-of"]: the library writes "app.kubernetes.io/part-of" itself ("llama-stack"), so your value is not carried'
      + ' | remove it, or put your value under another key');
    const deployment = r.objects.find((o) => o.kind === 'Deployment');
    expect(deployment.metadata.labels.team).toBe('ml');
    expect(deployment.spec.selector.matchLabels).toEqual({ 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' });
  });

  test('strict makes the warning an error', () => {
    expect(outcome({ labels: { 'app.kubernetes.io/part-of': 'chat' }, strict: true }).problems.join('\n')).toMatch(/part-of.*\(an error with strict\)/);
  });
});

describe('a PodDisruptionBudget no eviction can meet', () => {
  const BLOCKS = 'props.podDisruptionBudget: with 1 replica, minAvailable: 1 lets no pod be evicted: node drains and cluster upgrades hang on this pod'
    + ' | run at least 2 replicas, or use maxUnavailable: 1';

  test.each([
    [{ podDisruptionBudget: { minAvailable: 1 } }],
    [{ podDisruptionBudget: { minAvailable: '100%' } }],
  ])('%j', (props) => {
    const w = outcome(props as LlamaStackDistributionProps).warnings;
    expect(w.filter((x) => x.startsWith('props.podDisruptionBudget'))).toHaveLength(1);
    expect(w[w.findIndex((x) => x.startsWith('props.podDisruptionBudget'))]).toMatch(/lets no pod be evicted: node drains and cluster upgrades hang on this pod \| run at least 2 replicas, or use maxUnavailable: 1$/);
    expect(outcome(props as LlamaStackDistributionProps).warnings).toContain(props.podDisruptionBudget.minAvailable === 1 ? BLOCKS : BLOCKS.replace('minAvailable: 1', 'minAvailable: "100%"'));
  });

  test('maxUnavailable: 0 too; two replicas with minAvailable: 2 too', () => {
    expect(outcome({ podDisruptionBudget: { maxUnavailable: 0 } }).warnings.join('\n')).toMatch(/maxUnavailable: 0 lets no pod be evicted/);
    expect(outcome({ replicas: 2, allowPerPodState: true, podDisruptionBudget: { minAvailable: 2 } } as LlamaStackDistributionProps).warnings.join('\n'))
      .toMatch(/with 2 replicas, minAvailable: 2 lets no pod be evicted/);
  });

  test('with strict it is an error; a budget that allows an eviction is not warned', () => {
    expect(outcome({ podDisruptionBudget: { minAvailable: 1 }, strict: true }).problems.join('\n')).toMatch(/lets no pod be evicted.*\(an error with strict\)/);
    expect(outcome({ replicas: 2, allowPerPodState: true, podDisruptionBudget: { minAvailable: 1 } } as LlamaStackDistributionProps).warnings.join('\n')).not.toMatch(/evicted/);
    expect(outcome({ podDisruptionBudget: { maxUnavailable: 1 } }).warnings.join('\n')).not.toMatch(/evicted/);
  });
});

describe('messages in the user\'s words', () => {
  test('a metrics port on the server\'s port suggests a port that is free', () => {
    expect(outcome({ port: 9464, monitoring: {} } as LlamaStackDistributionProps).problems)
      .toContain('props.monitoring.metricsPort: the metrics port 9464 is the server\'s port | use another port, e.g. 9465');
    expect(outcome({ port: 8000, monitoring: { metricsPort: 8000 } } as LlamaStackDistributionProps).problems)
      .toContain('props.monitoring.metricsPort: the metrics port 8000 is the server\'s port | use another port, e.g. 9464');
  });

  test('a URL as a hostname is called a URL, a port a port; an IP address still an IP address', () => {
    const hostname = (h: string) => outcome({ expose: { hostname: h } }).problems.find((p) => p.startsWith('props.expose.hostname'));
    expect(hostname('https://llama.example.com')).toMatch(/must be a host name, not a URL: write it without the scheme and path/);
    expect(hostname('llama.example.com:443')).toMatch(/must be a host name without a port/);
    expect(hostname('10.0.0.1')).toMatch(/must be a DNS name, not an IP address/);
    expect(hostname('[::1]')).toMatch(/must be a DNS name, not an IP address/);
  });

  test('sslMode problems name StorageBackend.postgres\'s options, not the spec\'s tuning', () => {
    const { ServerTarget, StorageBackend, SecretRef } = jest.requireActual('../../src');
    const pg = (o: object) => StorageBackend.postgres({ host: 'pg', user: 'u', password: SecretRef.fromSecretName('pg', 'pw'), ...o });
    expect(outcome({ sqlStorage: pg({ sslMode: 'bogus' }) }).problems.join('\n')).toMatch(/^props\.sqlStorage\.sslMode: Unsupported value: "bogus"/m);
    const operator = outcome({ target: ServerTarget.OPERATOR, sqlStorage: pg({ sslMode: 'require' }) }).problems.join('\n');
    expect(operator).toMatch(/^props\.sqlStorage: the operator pipeline writes no postgres TLS, pool or timeout settings \(sslMode, caCertificate, poolSize, maxOverflow, commandTimeout\)/m);
    expect(operator).not.toMatch(/tuning/);
  });
});
