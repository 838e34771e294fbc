/** `Platform`: two values, recognised by brand across copies of the library, and refused when faked. */
import { Testing } from 'cdk8s';
import * as lib from '../../src';
import { Platform, PLATFORM_ANNOTATION, PLATFORMS } from '../../src/values/platform';
import { distributionProblems } from '../support/problems';

let other!: typeof lib;
jest.isolateModules(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  other = require('../../src');
});

test('Kubernetes and OpenShift, by the ids the command line and the annotation use', () => {
  expect([Platform.KUBERNETES.id, Platform.OPENSHIFT.id]).toEqual(['kubernetes', 'openshift']);
  expect([Platform.KUBERNETES.isOpenShift, Platform.OPENSHIFT.isOpenShift]).toEqual([false, true]);
  expect(PLATFORMS).toEqual({ kubernetes: Platform.KUBERNETES, openshift: Platform.OPENSHIFT });
  expect(PLATFORM_ANNOTATION).toBe('cdk8s-llama-stack.io/platform');
  expect(lib.Platform).toBe(Platform);
});

test('a Platform of another copy of the library is a Platform, and works as one', () => {
  expect(Platform.isPlatform(other.Platform.OPENSHIFT)).toBe(true);
  expect(other.Platform.OPENSHIFT instanceof Platform).toBe(true);
  const d = new lib.LlamaStackDistribution(Testing.chart(), 'llama', { platform: other.Platform.OPENSHIFT, expose: {} });
  expect(d.route).toBeDefined();
  expect(d.ingress).toBeUndefined();
});

test('anything else is refused at props.platform', () => {
  for (const v of [{ id: 'openshift', isOpenShift: true }, 'openshift', true]) {
    expect(Platform.isPlatform(v)).toBe(false);
    expect(distributionProblems({ platform: v as any })).toEqual([expect.stringMatching(/^props\.platform: /)]);
  }
});
