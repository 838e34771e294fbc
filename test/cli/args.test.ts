/**
 * `--platform` (and Argo CD's `ARGOCD_ENV_LLAMA_STACK_PLATFORM`): the platform the objects are
 * written for, and how it meets a manifest's `cdk8s-llama-stack.io/platform` annotation.
 */
import * as YAML from 'yaml';
import { parseArgs, settingsFor } from '../../src/cli/args';
import { Platform } from '../../src/values/platform';
import { runCli } from '../support/cli-run';
import { MINIMAL_CR } from '../support/cr-text';
import { routeProblemsOf } from '../support/openshift-route';
import { restrictedV2Violations } from '../support/openshift-scc';

const objects = (yaml: string): any[] => YAML.parseAllDocuments(yaml).map((d) => d.toJS()).filter((o) => o !== null);
const EXPOSED = MINIMAL_CR.replace('metadata: {name: my-stack}', 'metadata: {name: my-stack, namespace: ai}').concat('  networking: {expose: {}}\n');
const annotated = (platform: string) => EXPOSED.replace('namespace: ai}', `namespace: ai, annotations: {cdk8s-llama-stack.io/platform: ${platform}}}`);
const podSecurity = (objs: any[]) => objs.find((o) => o.kind === 'Deployment').spec.template.spec.securityContext;

describe('parseArgs', () => {
  test.each([['openshift', Platform.OPENSHIFT], ['kubernetes', Platform.KUBERNETES]])('--platform %s', (id, platform) => {
    expect(parseArgs(['render', '--platform', id])).toMatchObject({ platform });
    expect(parseArgs(['render', `--platform=${id}`])).toMatchObject({ platform });
  });

  test('no --platform leaves it to the manifests', () => {
    expect((parseArgs(['render']) as any).platform).toBeUndefined();
    expect(settingsFor(parseArgs(['render']) as any, {}).platform).toBeUndefined();
  });

  test('the Argo CD plugin reads ARGOCD_ENV_LLAMA_STACK_PLATFORM; --platform wins; render ignores the env', () => {
    const generate = parseArgs(['argocd-generate']) as any;
    expect(settingsFor(generate, { ARGOCD_ENV_LLAMA_STACK_PLATFORM: 'openshift' }).platform).toBe(Platform.OPENSHIFT);
    expect(settingsFor(parseArgs(['argocd-generate', '--platform', 'kubernetes']) as any, { ARGOCD_ENV_LLAMA_STACK_PLATFORM: 'openshift' }).platform)
      .toBe(Platform.KUBERNETES);
    expect(settingsFor(parseArgs(['render']) as any, { ARGOCD_ENV_LLAMA_STACK_PLATFORM: 'openshift' }).platform).toBeUndefined();
    expect(() => settingsFor(generate, { ARGOCD_ENV_LLAMA_STACK_PLATFORM: 'okd' }))
      .toThrow('unknown platform in ARGOCD_ENV_LLAMA_STACK_PLATFORM: okd (use kubernetes, openshift)');
  });
});

describe('render --platform', () => {
  test('openshift: no pinned ids, a Route, objects restricted-v2 admits', async () => {
    const r = await runCli(['render', '--platform', 'openshift'], EXPOSED);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const objs = objects(r.out);
    expect(objs.map((o) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'Route']);
    expect(podSecurity(objs)).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(restrictedV2Violations(objs)).toEqual([]);
    expect(routeProblemsOf(objs)).toEqual([]);
  });

  test('kubernetes (and no flag): an Ingress and the pinned non-root ids, as before', async () => {
    const plain = await runCli(['render'], EXPOSED);
    expect(plain.code).toBe(0);
    expect((await runCli(['render', '--platform', 'kubernetes'], EXPOSED)).out).toBe(plain.out);
    const objs = objects(plain.out);
    expect(objs.map((o) => o.kind)).toEqual(['ConfigMap', 'ServiceAccount', 'Deployment', 'Service', 'Ingress']);
    expect(podSecurity(objs)).toMatchObject({ runAsUser: 1001, fsGroup: 1001 });
  });

  test('an unknown platform is a usage error', async () => {
    const r = await runCli(['render', '--platform', 'okd'], EXPOSED);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: unknown platform: okd \(use kubernetes, openshift\)/);
  });

  test('--help names the option', async () => {
    expect((await runCli(['--help'])).out).toContain('--platform ID          kubernetes (default) or openshift');
  });
});

describe('the manifest annotation cdk8s-llama-stack.io/platform', () => {
  test('openshift renders for OpenShift without the flag, and the same as the flag', async () => {
    const r = await runCli(['render'], annotated('openshift'));
    expect(r.code).toBe(0);
    expect(r.out).toBe((await runCli(['render', '--platform', 'openshift'], EXPOSED)).out);
    expect(objects(r.out).map((o) => o.kind)).toContain('Route');
  });

  test('agreeing with --platform is fine; disagreeing is an error at the annotation', async () => {
    expect((await runCli(['render', '--platform', 'openshift'], annotated('openshift'))).code).toBe(0);
    const r = await runCli(['render', '--platform', 'kubernetes'], annotated('openshift'));
    expect(r.code).toBe(1);
    expect(r.err).toBe('1 problem(s):\n- stdin (my-stack): metadata.annotations["cdk8s-llama-stack.io/platform"]: the manifest is for openshift, '
      + 'and the render asks for kubernetes — render it for openshift (--platform openshift), or change the annotation\n');
  });

  test('an unknown value is an error naming the values', async () => {
    const r = await runCli(['render'], annotated('OpenShift'));
    expect(r.code).toBe(1);
    expect(r.err).toBe('1 problem(s):\n- stdin (my-stack): metadata.annotations["cdk8s-llama-stack.io/platform"]: the string "OpenShift" is not a platform '
      + '— write "kubernetes" or "openshift"\n');
  });
});

describe('--image-registry (and ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY)', () => {
  test('parsed, and the Argo CD plugin reads the env; the flag wins; render ignores the env', () => {
    expect(parseArgs(['render', '--image-registry', 'mirror.local/ogx'])).toMatchObject({ imageRegistry: 'mirror.local/ogx' });
    expect(settingsFor(parseArgs(['argocd-generate']) as any, { ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY: 'mirror.local' }).imageRegistry).toBe('mirror.local');
    expect(settingsFor(parseArgs(['argocd-generate', '--image-registry=m.local']) as any, { ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY: 'mirror.local' }).imageRegistry)
      .toBe('m.local');
    expect(settingsFor(parseArgs(['render']) as any, { ARGOCD_ENV_LLAMA_STACK_IMAGE_REGISTRY: 'mirror.local' }).imageRegistry).toBeUndefined();
    expect(() => parseArgs(['render', '--image-registry'])).toThrow('--image-registry needs a value');
  });

  test('render: the server and its init containers pull from the mirror', async () => {
    const r = await runCli(['render', '--image-registry', 'mirror.local/ogx'], MINIMAL_CR);
    expect(r.err).toBe('');
    const pod = objects(r.out).find((o) => o.kind === 'Deployment').spec.template.spec;
    expect([...pod.initContainers, ...pod.containers].map((c: any) => c.image)).toEqual([
      'mirror.local/ogx/ogxai/distribution-starter:1.3.0', 'mirror.local/ogx/ogxai/distribution-starter:1.3.0',
    ]);
  });

  test('a mirror that is none is an invalid input at --image-registry', async () => {
    const r = await runCli(['render', '--image-registry', 'mirror'], MINIMAL_CR);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--image-registry: "mirror" is not a registry mirror: mirror does not read as a registry host');
  });
});
