/**
 * manifest-plan.ts: a parsed manifest planned — its props (the render's options over the
 * manifest's own target and platform; a platform that disagrees with the annotation refused),
 * and every problem in the manifest's words (v1alpha1 paths), each said once.
 */
import { LlamaStackConfigError } from '../../src/core/errors';
import { manifestWords, planFromParsed, planOutcomeFromParsed, propsFromParsed, propsOutcomeFromParsed } from '../../src/interop/manifest-plan';
import { parseDistribution } from '../../src/interop/manifest-read';
import { ServerTarget } from '../../src/releases/server-target';
import { Platform } from '../../src/values/platform';

const V2 = (annotations?: object) => parseDistribution({
  apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'a', namespace: 'ai', ...(annotations ? { annotations } : {}) }, spec: { distribution: { name: 'starter' } },
});
const V1 = () => parseDistribution({
  apiVersion: 'llamastack.io/v1alpha1', kind: 'LlamaStackDistribution', metadata: { name: 'old' }, spec: { replicas: 2, server: { distribution: { name: 'starter' } } },
});
const OPENSHIFT = { 'cdk8s-llama-stack.io/platform': 'openshift' };

describe('propsFromParsed', () => {
  test('the manifest\'s name, namespace, spec and platform; the render\'s options', () => {
    const props = propsFromParsed(V2(OPENSHIFT), { target: ServerTarget.OGX_1_2, allowPerPodState: true });
    expect(props.name).toBe('a');
    expect(props.namespace).toBe('ai');
    expect(props.spec).toEqual({ distribution: { name: 'starter' } });
    expect(props.target).toBe(ServerTarget.OGX_1_2);
    expect(props.platform?.id).toBe('openshift');
    expect(props.allowPerPodState).toBe(true);
  });

  test('a render platform that disagrees with the annotation is refused; one that agrees, or no annotation, is taken', () => {
    try {
      propsFromParsed(V2(OPENSHIFT), { platform: Platform.KUBERNETES });
      throw new Error('expected a LlamaStackConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(LlamaStackConfigError);
      expect((e as LlamaStackConfigError).problems).toEqual([{
        path: 'metadata.annotations["cdk8s-llama-stack.io/platform"]',
        message: 'the manifest is for openshift, and the render asks for kubernetes',
        fix: 'render it for openshift (--platform openshift), or change the annotation',
      }]);
    }
    expect(propsFromParsed(V2(OPENSHIFT), { platform: Platform.OPENSHIFT }).platform?.id).toBe('openshift');
    expect(propsFromParsed(V2(), { platform: Platform.KUBERNETES }).platform?.id).toBe('kubernetes');
  });
});

describe('manifestWords', () => {
  test('problems at v1alpha1 paths, each said once', () => {
    expect(manifestWords(V1())([{ path: 'spec.workload.replicas', message: 'bad', fix: 'f' }, { path: 'spec.workload.replicas', message: 'bad', fix: 'f' }]))
      .toEqual([{ path: 'spec.replicas', message: 'bad (as v1alpha2 spec.workload.replicas)', fix: 'f' }]);
  });
});

describe('planFromParsed', () => {
  test('a manifest plans its objects', () => {
    const plan = planFromParsed(V2());
    expect(plan.name).toBe('a');
    expect(plan.namespace).toBe('ai');
    expect(plan.objects.deployment.metadata).toEqual(expect.objectContaining({ name: 'a', namespace: 'ai' }));
    expect(plan.objects.service.metadata.name).toBe(plan.serviceName);
    expect(plan.objects.configMap?.metadata.name).toBe(plan.configMapName);
  });

  test('the planner\'s problems come back at the manifest\'s paths', () => {
    try {
      planFromParsed(V1());
      throw new Error('expected a LlamaStackConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(LlamaStackConfigError);
      const paths = [...new Set((e as LlamaStackConfigError).problems.map((p) => p.path))];
      expect(paths).toEqual(['spec.replicas']);
      expect((e as LlamaStackConfigError).problems[0].message)
        .toBe('storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own (as v1alpha2 spec.workload.replicas)');
    }
  });
});

describe('the outcomes: problems returned, not thrown', () => {
  test('propsOutcomeFromParsed: the props, or the platform that disagrees', () => {
    expect(propsOutcomeFromParsed(V2(OPENSHIFT), { platform: Platform.KUBERNETES })).toEqual({
      problems: [{
        path: 'metadata.annotations["cdk8s-llama-stack.io/platform"]',
        message: 'the manifest is for openshift, and the render asks for kubernetes',
        fix: 'render it for openshift (--platform openshift), or change the annotation',
      }],
    });
    expect(propsOutcomeFromParsed(V2(), {})).toEqual({ props: propsFromParsed(V2(), {}) });
  });

  test('planOutcomeFromParsed: the plan, or the planner\'s problems at the manifest\'s paths, each once', () => {
    const planned = planOutcomeFromParsed(V2());
    expect('plan' in planned && planned.plan.name).toBe('a');
    const failed = planOutcomeFromParsed(V1());
    if (!('problems' in failed)) throw new Error('expected problems');
    expect([...new Set(failed.problems.map((p) => p.path))]).toEqual(['spec.replicas']);
    expect(failed.problems[0].message)
      .toBe('storage backend kv_default is SQLite in the pod (registry, prompts, agent state): with several pods, each keeps its own (as v1alpha2 spec.workload.replicas)');
  });

  test('a generator\'s problem comes back as planFromParsed throws it', () => {
    const parsed = parseDistribution({
      apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'a' }, spec: { distribution: { name: 'nope' } },
    });
    const outcome = planOutcomeFromParsed(parsed);
    expect('problems' in outcome && outcome.problems.map((p) => p.path)).toEqual(['spec.distribution.name']);
    let thrown: unknown;
    try {
      planFromParsed(parsed);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LlamaStackConfigError);
    expect('problems' in outcome && outcome.problems).toEqual((thrown as LlamaStackConfigError).problems);
  });
});
