/**
 * Two distributions with the same name in one namespace of one app would write the same
 * Deployment, Service… : an error at construction naming both construct paths and the fix.
 * The effective namespace is props.namespace, else the chart's, else unset ("default").
 */
import { App, Chart, Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src';
import { LlamaStackDistributionResource } from '../../src/interop/custom-resources';
import { problemLines } from '../support/problems';

function chart(app: App, id: string, namespace?: string): Chart {
  return new Chart(app, id, { namespace });
}

const make = (scope: Chart, id: string, props: LlamaStackDistributionProps = {}) => new LlamaStackDistribution(scope, id, props);

/** The kinds/names an app writes, to show that nothing was written twice. */
function objectKeys(app: App): string[] {
  return app.charts.flatMap((c) => c.toJson()).map((o) => `${o.metadata.namespace ?? '-'}/${o.kind}/${o.metadata.name}`);
}

describe('the same name in the same namespace is an error', () => {
  test('two constructs of one chart with the same props.name', () => {
    const c = chart(Testing.app(), 'apps', 'ai');
    make(c, 'first', { name: 'llama' });
    expect(problemLines(() => make(c, 'second', { name: 'llama' }))).toEqual([
      'props.name: apps/first and apps/second are both named "llama" in namespace "ai": both would write Deployment llama, Service llama-service and the rest'
        + ' — set props.name on one of them to a name of its own (e.g. name: \'llama-2\'), or put them in different namespaces',
    ]);
  });

  test('two charts of one app with the same namespace and construct id', () => {
    const app = Testing.app();
    make(chart(app, 'one', 'ai'), 'llama');
    expect(problemLines(() => make(chart(app, 'two', 'ai'), 'llama'))).toEqual([
      'id: one/llama and two/llama are both named "llama" in namespace "ai": both would write Deployment llama, Service llama-service and the rest'
        + ' — set props.name on one of them to a name of its own (e.g. name: \'llama-2\'), or put them in different namespaces',
    ]);
  });

  test('props.namespace decides, not the chart\'s', () => {
    const app = Testing.app();
    make(chart(app, 'one', 'ai'), 'llama');
    const lines = problemLines(() => make(chart(app, 'two', 'other'), 'llama', { namespace: 'ai' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^id: one\/llama and two\/llama are both named "llama" in namespace "ai"/);
  });

  test('no namespace anywhere: one namespace, "default" when applied (the same as an explicit "default")', () => {
    const app = Testing.app();
    make(chart(app, 'one'), 'llama');
    expect(problemLines(() => make(chart(app, 'two'), 'llama'))[0])
      .toMatch(/^id: one\/llama and two\/llama are both named "llama" in the same namespace \(none set: "default" when applied\)/);
    expect(problemLines(() => make(chart(app, 'three', 'default'), 'llama'))[0])
      .toMatch(/^id: one\/llama and three\/llama are both named "llama" in namespace "default"/);
  });

  test('reported with every other problem', () => {
    const c = chart(Testing.app(), 'apps', 'ai');
    make(c, 'llama');
    expect(problemLines(() => make(c, 'again', { name: 'llama', replicas: -1 })).map((l) => l.split(':')[0])).toEqual(['props.replicas', 'props.name']);
  });
});

describe('what is not a clash', () => {
  test('the same name in different namespaces (chart or props), and different names in one namespace', () => {
    const app = Testing.app();
    make(chart(app, 'one', 'ai'), 'llama');
    make(chart(app, 'two', 'staging'), 'llama');
    make(chart(app, 'three', 'ai'), 'llama', { namespace: 'prod' });
    make(chart(app, 'four'), 'llama');
    make(chart(app, 'five', 'ai'), 'llama', { name: 'llama-2' });
    const keys = objectKeys(app).filter((k) => k.includes('/Deployment/'));
    expect(keys).toEqual(['ai/Deployment/llama', 'staging/Deployment/llama', 'prod/Deployment/llama', '-/Deployment/llama', 'ai/Deployment/llama-2']);
  });

  test('separate apps', () => {
    make(chart(Testing.app(), 'one', 'ai'), 'llama');
    make(chart(Testing.app(), 'one', 'ai'), 'llama');
  });

  test('a distribution whose construction failed does not hold its name', () => {
    const c = chart(Testing.app(), 'apps', 'ai');
    expect(problemLines(() => make(c, 'broken', { name: 'llama', replicas: -1 }))).toHaveLength(1);
    expect(make(c, 'fixed', { name: 'llama' }).name).toBe('llama');
  });

  test('a removed distribution does not hold its name', () => {
    const c = chart(Testing.app(), 'apps', 'ai');
    make(c, 'old', { name: 'llama' });
    c.node.tryRemoveChild('old');
    expect(make(c, 'new', { name: 'llama' }).name).toBe('llama');
  });

  test('the CR constructs\' dry runs do not claim the name of the chart they are in', () => {
    const c = chart(Testing.app(), 'apps', 'ai');
    new LlamaStackDistributionResource(c, 'cr', { name: 'llama' });
    expect(make(c, 'workload', { name: 'llama' }).name).toBe('llama');
  });
});
